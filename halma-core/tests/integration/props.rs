//! Property tests over random legal play, and fuzzing of the parsers and of
//! `apply` with arbitrary input.

use super::common;

use common::{action_string, cc, halma, notation};
use proptest::prelude::*;
use racegames_board::sim::SplitMix64;
use racegames_board::{ActionBuffer, Game, Node, Seat};
use racegames_halma::bits::BitSet;
use racegames_halma::{Geometry, Halma};

const CC_OPTIONS: [&str; 9] = [
    "players=2",
    "players=3",
    "players=4",
    "players=6",
    "players=2,pieces=15",
    "players=3,pieces=15,finish=all",
    "players=2,long_jumps=true,spoiling_win=true",
    "players=6,wing_rule=false,vacate_rule=false,finish=all",
    "players=4,long_jumps=true,finish=all,spoiling_win=true",
];
const HALMA_OPTIONS: [&str; 3] = ["players=2", "players=4", "players=4,finish=all"];

/// Checks every invariant on one state.
fn check_state<G: Geometry>(
    game: &Halma<G>,
    s: &racegames_halma::Position<G>,
    rng: &mut SplitMix64,
) {
    let n = game.num_players();
    // Pieces are conserved and never share a hole.
    let mut total = 0;
    for seat in 0..n {
        assert_eq!(s.pieces(seat).count(), u32::from(game.rules().pieces));
        total += s.pieces(seat).count();
    }
    assert_eq!(s.occupied().count(), total);
    // Notation round-trips.
    let text = notation(game, s);
    assert_eq!(game.parse_notation(&text).as_ref(), Ok(s), "{text}");
    // Observation has the same shape for every seat.
    let mut obs = vec![0.0f32; game.observation_len()];
    for p in 0..n {
        game.observe(s, Seat::new(p as u8), &mut obs).unwrap();
        assert!(obs.iter().all(|v| v.is_finite()));
    }
    let mut legal = ActionBuffer::new();
    game.legal_actions_into(s, &mut legal);
    // The unordered listing holds the same actions, each once.
    let mut unordered = ActionBuffer::new();
    game.legal_actions_unordered(s, |a| unordered.push(a));
    unordered.sort_unstable();
    assert_eq!(unordered, legal, "unordered listing");
    match game.node(s) {
        Node::Terminal => assert!(legal.is_empty()),
        Node::Chance => panic!("no chance nodes"),
        Node::Decision(_) => {
            assert!(!legal.is_empty(), "a decision node has a legal action");
            assert!(legal.len() <= game.max_legal_actions());
            assert!(legal.windows(2).all(|w| w[0] < w[1]), "increasing order");
            for &a in legal.iter() {
                assert!(game.is_legal(s, a));
                let mut t = *s;
                game.apply(&mut t, a).expect("every legal move applies");
                let mut u = *s;
                game.apply_legal(&mut u, a);
                assert_eq!(u, t, "apply_legal agrees with apply");
                let text = action_string(game, s, a);
                assert_eq!(game.parse_action(s, &text), Ok(a), "{text}");
            }
        }
    }
    // The legality check agrees with the list on random indices, and an
    // illegal action is an error that changes nothing.
    for _ in 0..64 {
        let a = rng.below(game.num_distinct_actions() + 10) as u32;
        let listed = legal.contains(&a);
        assert_eq!(game.is_legal(s, a), listed);
        if !listed {
            let mut t = *s;
            assert!(game.apply(&mut t, a).is_err());
            assert_eq!(&t, s);
        }
    }
}

fn random_game<G: Geometry>(game: &Halma<G>, seed: u64, plies: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut s = game.new_initial_state();
    let mut buf = ActionBuffer::new();
    for _ in 0..plies {
        check_state(game, &s, &mut rng);
        game.legal_actions_into(&s, &mut buf);
        if buf.is_empty() {
            break;
        }
        let a = buf[rng.below(buf.len())];
        game.apply(&mut s, a).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn invariants_hold_over_random_chinese_checkers_play(which in 0..CC_OPTIONS.len(), seed in any::<u64>()) {
        random_game(&cc(CC_OPTIONS[which]), seed, 60);
    }

    #[test]
    fn invariants_hold_over_random_halma_play(which in 0..HALMA_OPTIONS.len(), seed in any::<u64>()) {
        random_game(&halma(HALMA_OPTIONS[which]), seed, 30);
    }

    #[test]
    fn games_end_or_truncate(which in 0..CC_OPTIONS.len(), seed in any::<u64>()) {
        let game = cc(&format!("{},max_turns=150", CC_OPTIONS[which]));
        let mut rng = SplitMix64::new(seed);
        let mut s = game.new_initial_state();
        let decisions = racegames_board::sim::random_playout(&game, &mut s, &mut rng);
        prop_assert_eq!(game.node(&s), Node::Terminal);
        prop_assert!(decisions <= 150);
        let mut r = vec![0.0; game.num_players()];
        game.returns(&s, &mut r).unwrap();
        let sum: f64 = r.iter().sum();
        prop_assert!(sum.abs() < 1e-9, "zero-sum");
        if game.is_truncated(&s) {
            prop_assert!(r.iter().all(|&v| v == 0.0));
        }
    }

    #[test]
    fn arbitrary_strings_never_panic_the_parsers(text in ".{0,300}", which in 0..CC_OPTIONS.len()) {
        let game = cc(CC_OPTIONS[which]);
        let _ = game.parse_notation(&text);
        let s = game.new_initial_state();
        let _ = game.parse_action(&s, &text);
        let h = halma("players=2");
        let _ = h.parse_notation(&text);
        let _ = h.parse_action(&h.new_initial_state(), &text);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_parsers(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        let game = cc("players=6");
        let _ = game.parse_notation(&text);
        let _ = game.parse_action(&game.new_initial_state(), &text);
    }

    #[test]
    fn mutated_notations_never_panic(pos in 0usize..200, c in prop::sample::select(vec!['1', '2', '3', '7', '.', '/', ' ', '-', 'x', 'é'])) {
        let game = cc("players=3");
        let mut chars: Vec<char> = notation(&game, &game.new_initial_state()).chars().collect();
        if pos < chars.len() {
            chars[pos] = c;
        } else {
            chars.push(c);
        }
        let text: String = chars.into_iter().collect();
        if let Ok(s) = game.parse_notation(&text) {
            let again = game.parse_notation(&notation(&game, &s));
            prop_assert_eq!(again, Ok(s));
        }
    }

    #[test]
    fn arbitrary_action_indices_never_panic_and_errors_change_nothing(a in any::<u32>(), seed in any::<u64>()) {
        let game = cc("players=2");
        let mut rng = SplitMix64::new(seed);
        let mut s = game.new_initial_state();
        let mut buf = ActionBuffer::new();
        for _ in 0..(seed % 30) {
            racegames_board::sim::random_step(&game, &mut s, &mut rng, &mut buf);
        }
        let before = s;
        let mut out = String::new();
        let _ = game.write_action(&s, a, &mut out);
        if game.apply(&mut s, a).is_err() {
            prop_assert_eq!(s, before);
        }
    }
}
