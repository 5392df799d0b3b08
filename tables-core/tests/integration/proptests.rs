//! Property tests over random legal play, and fuzzing of every input.

use super::common;

use common::*;
use proptest::prelude::*;
use racegames_board::sim::SplitMix64;
use racegames_board::{Game, IllegalAction, Node, Seat};
use racegames_tables::{Phase, Position, Tables};

/// Every named game with its default options, then Seys dos e as with
/// re-entry at the start.
fn games() -> Vec<Tables> {
    all_games()
}

/// The number of games `games` returns.
const GAMES: usize = 16;

#[test]
fn the_property_tests_cover_every_named_game() {
    assert_eq!(games().len(), GAMES);
}

fn pieces_accounted_for(g: &Tables, p: &Position) -> bool {
    if p.phase() == Phase::RollOff && g.variant().setup[0] != g.variant().setup[1] {
        return true;
    }
    (0..2).all(|i| {
        let pl = Seat::new(i);
        let on: u32 = (1..=g.board_len())
            .map(|pt| u32::from(p.count(pl, pt)))
            .sum();
        on + u32::from(p.waiting_total(pl)) + u32::from(p.borne_off(pl))
            == u32::from(g.variant().pieces)
    })
}

/// Checks every invariant at one position.
fn check(g: &Tables, p: &Position, rng: &mut SplitMix64) {
    assert!(pieces_accounted_for(g, p), "{}", text(g, p));
    let t = text(g, p);
    assert_eq!(g.parse_position(&t).as_ref(), Ok(p), "{t}");
    let mut obs = vec![0.0f32; g.observation_shape().iter().product()];
    for pl in 0..2 {
        g.observe(p, Seat::new(pl), &mut obs).unwrap();
        assert!(obs.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)));
    }
    match g.node(p) {
        Node::Decision(_) => {
            let legal = actions(g, p);
            assert!(!legal.is_empty(), "a decision with no action: {t}");
            assert!(legal.len() <= g.max_legal_actions());
            assert!(legal.windows(2).all(|w| w[0] < w[1]));
            for a in 0..g.num_actions() as u32 + 3 {
                let is = legal.contains(&a);
                assert_eq!(g.is_legal(p, a), is, "{t} action {a}");
                let mut q = *p;
                match g.apply(&mut q, a) {
                    Ok(()) => {
                        assert!(is);
                        assert!(pieces_accounted_for(g, &q));
                        // Every move string reads back to its action.
                        let mut s = String::new();
                        g.write_action(p, a, &mut s).unwrap();
                        assert_eq!(g.parse_action(p, &s), Ok(a), "{s}");
                    }
                    Err(e) => {
                        assert!(!is);
                        assert_eq!(q, *p);
                        if a as usize >= g.num_actions() {
                            assert!(matches!(e, IllegalAction::OutOfRange { .. }));
                        }
                    }
                }
            }
        }
        Node::Chance => {
            let mut n = 0;
            g.chance_outcomes(p, |a, _| {
                assert_eq!(a, n);
                n += 1;
            });
            let mut q = *p;
            assert!(g.apply(&mut q, n).is_err());
            assert_eq!(q, *p);
        }
        Node::Terminal => {
            let mut q = *p;
            assert_eq!(g.apply(&mut q, 0), Err(IllegalAction::GameOver));
            let mut r = [0.0; 2];
            g.returns(p, &mut r).unwrap();
            assert_eq!(r[0], -r[1]);
        }
    }
    let _ = rng;
}

/// Plays a random game, checking every position; returns the end.
fn random_game(g: &Tables, seed: u64, check_every: usize) -> (Position, usize) {
    let mut rng = SplitMix64::new(seed);
    let mut p = g.new_initial_state();
    let mut steps = 0;
    loop {
        if steps % check_every == 0 {
            check(g, &p, &mut rng);
        }
        let a = match g.node(&p) {
            Node::Terminal => return (p, steps),
            Node::Chance => g.sample_chance(&p, rng.next_f64()).unwrap(),
            Node::Decision(_) => {
                let legal = actions(g, &p);
                legal[rng.below(legal.len())]
            }
        };
        g.apply(&mut p, a).unwrap();
        steps += 1;
        assert!(steps < 100_000, "the game does not end");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_every_invariant(seed in any::<u64>(), which in 0usize..GAMES) {
        let g = &games()[which];
        let (end, _) = random_game(g, seed, 1);
        prop_assert_eq!(g.node(&end), Node::Terminal);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn games_end_or_truncate(seed in any::<u64>(), which in 0usize..GAMES, limit in 0u32..40) {
        let g = &games()[which];
        let (end, _) = random_game(g, seed, 1_000_000);
        prop_assert!(end.winner().is_some() || end.is_drawn() || g.is_truncated(&end));
        // With a small limit every game is truncated at exactly that turn
        // unless somebody wins first.
        let mut v = *g.variant();
        v.max_turns = limit.max(1);
        let short = Tables::new(v).unwrap();
        let (end, _) = random_game(&short, seed, 1_000_000);
        prop_assert!(end.winner().is_some() || end.is_drawn() || end.turns() == v.max_turns);
        prop_assert!(end.turns() <= v.max_turns);
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,120}") {
        for g in games() {
            let _ = g.parse_position(&text);
            let p = g.new_initial_state();
            let _ = g.parse_action(&p, &text);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        let text = String::from_utf8_lossy(&bytes);
        for g in games() {
            let _ = g.parse_position(&text);
        }
    }

    #[test]
    fn mutated_notations_never_panic_and_parse_back(
        seed in any::<u64>(), at in any::<usize>(), with in proptest::char::range(' ', '~')
    ) {
        let all = games();
        let g = &all[(seed % GAMES as u64) as usize];
        let mut rng = SplitMix64::new(seed);
        let mut p = g.new_initial_state();
        for _ in 0..(rng.below(80)) {
            racegames_board::sim::random_step(g, &mut p, &mut rng, &mut racegames_board::ActionBuffer::new());
        }
        let mut t: Vec<char> = text(g, &p).chars().collect();
        let i = at % t.len();
        t[i] = with;
        let t: String = t.into_iter().collect();
        if let Ok(q) = g.parse_position(&t) {
            prop_assert_eq!(g.parse_position(&text(g, &q)), Ok(q));
        }
    }

    #[test]
    fn arbitrary_action_indices_never_panic(seed in any::<u64>(), actions in proptest::collection::vec(any::<u32>(), 1..200)) {
        for g in games() {
            let mut rng = SplitMix64::new(seed);
            let mut p = g.new_initial_state();
            for &a in &actions {
                let before = p;
                let a = if rng.below(2) == 0 { a % 200 } else { a };
                let mut s = String::new();
                g.write_action(&p, a, &mut s).unwrap();
                if g.apply(&mut p, a).is_err() {
                    prop_assert_eq!(p, before);
                    // Make progress with a legal step instead.
                    racegames_board::sim::random_step(&g, &mut p, &mut rng, &mut racegames_board::ActionBuffer::new());
                }
            }
        }
    }
}

/// The board-core contract kit's checks hold along random games of every
/// preset.
#[test]
fn game_contract_holds_for_every_preset() {
    use racegames_board::testing::{check_game_with, CheckOptions};
    let options = CheckOptions {
        max_states: 200,
        ..CheckOptions::default()
    };
    for (i, g) in games().iter().enumerate() {
        let checked = check_game_with(g, [i as u64, 1000 + i as u64], &options).unwrap();
        assert!(checked > 20, "{}: {checked}", g.name());
    }
}
