//! `observe_update` rewrites an observation into exactly what `observe`
//! writes, whatever the two positions and observers.

use super::common;

use common::{cc, halma};
use racegames_board::sim::SplitMix64;
use racegames_board::{ActionBuffer, Game, ObservationError, Seat};
use racegames_halma::{Geometry, Halma, Position};

use proptest::prelude::*;

const CC_OPTIONS: [&str; 6] = [
    "players=2",
    "players=3,pieces=15,finish=all,max_turns=300",
    "players=4,long_jumps=true,finish=all,spoiling_win=true",
    "players=6,finish=all,max_turns=200",
    "players=6,wing_rule=false,vacate_rule=false,max_turns=0",
    "players=2,pieces=15,max_turns=120",
];
const HALMA_OPTIONS: [&str; 3] = [
    "players=2",
    "players=4,finish=all",
    "players=2,max_turns=40",
];

/// What the checks met, so that a test can show that it covered the planes
/// that change rarely.
#[derive(Default)]
struct Seen {
    finished: bool,
    vacate: bool,
    terminal: bool,
}

/// A move chosen at random, but half the time the one that goes furthest
/// towards the target camp, so that seats finish within the test.
fn next_move<G: Geometry>(
    game: &Halma<G>,
    s: &Position<G>,
    rng: &mut SplitMix64,
    buf: &mut ActionBuffer,
) -> Option<u32> {
    game.legal_actions_into(s, buf);
    if buf.is_empty() {
        return None;
    }
    let seat = s.to_move()?;
    let camp = game.camp_of(seat);
    if rng.below(2) == 0 {
        return Some(buf[rng.below(buf.len())]);
    }
    buf.iter().copied().max_by_key(|&a| {
        let (from, to) = Halma::<G>::decode(a).unwrap_or((0, 0));
        (
            G::progress(camp, to) as i32 - G::progress(camp, from) as i32,
            a,
        )
    })
}

/// Plays from `start`; at every step moves the observation on (to the next
/// position, sometimes to a position several steps on, or back to the start
/// as an environment resets) for a random observer, and compares it with a
/// fresh `observe`.
fn check_game<G: Geometry>(
    game: &Halma<G>,
    start: Position<G>,
    seed: u64,
    steps: usize,
    seen: &mut Seen,
) {
    let n = game.num_players();
    let mut rng = SplitMix64::new(seed);
    let mut buf = ActionBuffer::new();
    let mut s = start;
    let mut viewer = Seat::new(rng.below(n) as u8);
    let mut shown = vec![0.0f32; game.observation_len()];
    let mut fresh = shown.clone();
    game.observe(&s, viewer, &mut shown).unwrap();
    for _ in 0..steps {
        let before = s;
        let before_viewer = viewer;
        // Ended games restart, as environments do, and so do some others.
        if s.to_move().is_none() || rng.below(50) == 0 {
            s = game.new_initial_state();
        } else {
            for _ in 0..1 + rng.below(3) {
                match next_move(game, &s, &mut rng, &mut buf) {
                    Some(a) => game.apply(&mut s, a).unwrap(),
                    None => break,
                }
            }
        }
        viewer = Seat::new(rng.below(n) as u8);
        game.observe_update(&before, before_viewer, &s, viewer, &mut shown)
            .unwrap();
        game.observe(&s, viewer, &mut fresh).unwrap();
        let same = shown
            .iter()
            .zip(&fresh)
            .all(|(a, b)| a.to_bits() == b.to_bits());
        assert!(
            same,
            "seed {seed}: update from {before:?} by {before_viewer:?} to {s:?} by {viewer:?}"
        );
        check_seat_flags(game, &s, viewer, &fresh);
        seen.finished |= !s.finished().is_empty();
        seen.vacate |= game.must_vacate(&before) || game.must_vacate(&s);
        seen.terminal |= s.to_move().is_none();
    }
}

/// The to-move and finished flags of `obs`, `viewer`'s observation of `s`,
/// against the position itself: relative seat `i` is the seat `i` places
/// after the viewer.
fn check_seat_flags<G: Geometry>(game: &Halma<G>, s: &Position<G>, viewer: Seat, obs: &[f32]) {
    let n = game.num_players();
    let flags = &obs[n * G::HOLES..];
    for i in 0..n {
        let seat = (viewer.index() + i) % n;
        let to_move = s.to_move().map(Seat::index) == Some(seat);
        let finished = s.finished().contains(&(seat as u8));
        assert_eq!(
            flags[i],
            f32::from(u8::from(to_move)),
            "to move, {i} after {viewer:?} in {s:?}"
        );
        assert_eq!(
            flags[n + i],
            f32::from(u8::from(finished)),
            "finished, {i} after {viewer:?} in {s:?}"
        );
    }
}

#[test]
fn the_rare_planes_are_covered_finishers_vacate_rule_and_game_ends() {
    let mut seen = Seen::default();
    for (k, options) in CC_OPTIONS.iter().enumerate() {
        let game = cc(options);
        check_game(&game, game.new_initial_state(), k as u64, 600, &mut seen);
    }
    for (k, options) in HALMA_OPTIONS.iter().enumerate() {
        let game = halma(options);
        check_game(&game, game.new_initial_state(), k as u64, 600, &mut seen);
    }
    // Random play seldom meets the vacate rule: start where it binds (seat
    // 1 is stuck in its target camp while seat 0 still has d1 at home).
    let game = cc("players=2");
    let text = common::build::<racegames_halma::Star>(
        &[
            &["d1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
            &["a1", "b1", "b2", "c1", "c2", "c3", "d2", "d3", "d4", "e7"],
        ],
        "1",
        "-",
        20,
    );
    let start = game.parse_notation(&text).unwrap();
    assert!(game.must_vacate(&start));
    check_game(&game, start, 7, 40, &mut seen);
    assert!(seen.finished, "some seat finished");
    assert!(seen.vacate, "the vacate rule bound someone");
    assert!(seen.terminal, "some game ended");
}

#[test]
fn errors_are_those_of_observe() {
    let game = cc("players=3");
    let s = game.new_initial_state();
    let mut out = vec![0.0f32; game.observation_len()];
    let p0 = Seat::new(0);
    assert_eq!(
        game.observe_update(&s, p0, &s, Seat::new(3), &mut out),
        Err(ObservationError::NoSuchPlayer {
            player: 3,
            num_players: 3
        })
    );
    let mut short = vec![0.0f32; 5];
    assert_eq!(
        game.observe_update(&s, p0, &s, p0, &mut short),
        game.observe(&s, p0, &mut short)
    );
    // An observer the game does not have cannot have written `out`: it is
    // rewritten in full.
    out.fill(7.0);
    game.observe_update(&s, Seat::new(5), &s, p0, &mut out)
        .unwrap();
    let mut fresh = vec![0.0f32; game.observation_len()];
    game.observe(&s, p0, &mut fresh).unwrap();
    assert_eq!(out, fresh);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn observe_update_equals_observe_on_the_star(which in 0..CC_OPTIONS.len(), seed in any::<u64>()) {
        let game = cc(CC_OPTIONS[which]);
        check_game(&game, game.new_initial_state(), seed, 300, &mut Seen::default());
    }

    #[test]
    fn observe_update_equals_observe_on_the_square(which in 0..HALMA_OPTIONS.len(), seed in any::<u64>()) {
        let game = halma(HALMA_OPTIONS[which]);
        check_game(&game, game.new_initial_state(), seed, 300, &mut Seen::default());
    }
}
