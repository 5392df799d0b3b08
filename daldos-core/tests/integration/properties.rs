//! Property tests over random legal play, and fuzzing of every parser and
//! of `apply` with arbitrary input.

use proptest::prelude::*;
use racegames_board::testing::{legal_actions as legal, random_states};
use racegames_board::{sim::SplitMix64, ActionBuffer, Game, Node, Seat};
use racegames_daldos::{Board, Capture, Daldos, Dalling, Jumping, Options, Position};

fn any_options() -> impl Strategy<Value = Options> {
    (
        prop::bool::ANY,
        prop::bool::ANY,
        prop::bool::ANY,
        prop::bool::ANY,
        prop::bool::ANY,
    )
        .prop_map(|(norwegian, stern, inter, forbid, one)| {
            Options::default()
                .with_board(if norwegian {
                    Board::Norwegian
                } else {
                    Board::Danish
                })
                .with_dalling(if stern {
                    Dalling::SternOnly
                } else {
                    Dalling::Free
                })
                .with_capture(if inter {
                    Capture::Intermediate
                } else {
                    Capture::Final
                })
                .with_jumping(if forbid {
                    Jumping::Forbidden
                } else {
                    Jumping::Allowed
                })
                .with_lose_at_one(one)
                .with_max_turns(1000)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The successors the analysis walks, and `apply_legal`, are what
    /// `apply` gives for each legal action.
    #[test]
    fn successors_and_apply_legal_agree_with_apply(options in any_options(), seed in any::<u64>()) {
        let game = Daldos::new(options);
        for s in random_states(&game, seed, 200) {
            let mut walked = Vec::new();
            game.for_each_successor(&s, |a, next| walked.push((a, *next)));
            let mut applied = Vec::new();
            for a in legal(&game, &s) {
                let mut next = s;
                game.apply(&mut next, a).unwrap();
                let mut quick = s;
                game.apply_legal(&mut quick, a);
                prop_assert_eq!(quick, next);
                applied.push((a, next));
            }
            prop_assert_eq!(walked, applied);
        }
    }

    #[test]
    fn legal_list_and_legality_check_agree(options in any_options(), seed in any::<u64>()) {
        let game = Daldos::new(options);
        for s in random_states(&game, seed, 120).iter().step_by(7) {
            if let Node::Decision(_) = game.node(s) {
                let list = legal(&game, s);
                prop_assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
                prop_assert!(list.len() <= game.max_legal_actions());
                for a in 0..game.num_distinct_actions() as u32 {
                    prop_assert_eq!(game.is_legal(s, a), list.binary_search(&a).is_ok(), "action {} in {}", a, s);
                }
            }
        }
    }

    #[test]
    fn every_legal_move_applies_and_pieces_only_disappear_by_capture(
        options in any_options(), seed in any::<u64>()
    ) {
        let game = Daldos::new(options);
        for s in random_states(&game, seed, 300) {
            if let Node::Decision(p) = game.node(&s) {
                let foe = Seat::new(1 - p.index() as u8);
                for a in legal(&game, &s) {
                    let mut next = s;
                    prop_assert!(game.apply(&mut next, a).is_ok());
                    // The mover keeps every piece; the foe loses only pieces
                    // that a move landed on.
                    prop_assert_eq!(next.count(p), s.count(p));
                    prop_assert!(next.count(foe) <= s.count(foe));
                    prop_assert!(s.count(foe) - next.count(foe) <= 2);
                    let lost = s.pieces_of(foe) & !next.pieces_of(foe);
                    prop_assert_eq!(lost & next.pieces_of(p) != 0 || lost == 0 || options.capture == Capture::Intermediate, true);
                }
            }
        }
    }

    #[test]
    fn notation_round_trips(options in any_options(), seed in any::<u64>()) {
        let game = Daldos::new(options);
        for s in random_states(&game, seed, 400) {
            let text = s.to_string();
            prop_assert_eq!(game.parse_position(&text), Ok(s), "{}", text);
            let mut out = String::new();
            game.write_notation(&s, &mut out).unwrap();
            prop_assert_eq!(out, text);
        }
    }

    #[test]
    fn illegal_action_is_an_error_and_changes_nothing(
        options in any_options(), seed in any::<u64>(), actions in prop::collection::vec(any::<u32>(), 16)
    ) {
        let game = Daldos::new(options);
        for s in random_states(&game, seed, 200).iter().step_by(5) {
            for &a in &actions {
                let mut t = *s;
                let legal = game.is_legal(s, a);
                match game.apply(&mut t, a) {
                    Ok(()) => prop_assert!(legal),
                    Err(_) => { prop_assert!(!legal); prop_assert_eq!(t, *s); }
                }
            }
        }
    }

    #[test]
    fn random_games_end_or_truncate(options in any_options(), seed in any::<u64>(), max_turns in 1u32..300) {
        let game = Daldos::new(options.with_max_turns(max_turns));
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        racegames_board::sim::random_playout(&game, &mut state, &mut rng);
        prop_assert_eq!(game.node(&state), Node::Terminal);
        prop_assert!(state.turns() <= max_turns);
        let mut r = [0.0; 2];
        game.returns(&state, &mut r).unwrap();
        prop_assert_eq!(r[0] + r[1], 0.0);
        prop_assert_eq!(game.is_truncated(&state), r == [0.0, 0.0]);
    }

    #[test]
    fn observation_has_its_shape_and_is_the_same_picture_for_both_seats(seed in any::<u64>()) {
        let game = Daldos::default();
        let len = game.observation_len();
        for s in random_states(&game, seed, 200).iter().step_by(9) {
            let mut a = vec![0.0f32; len];
            let mut b = vec![0.0f32; len];
            game.observe(s, Seat::new(0), &mut a).unwrap();
            game.observe(s, Seat::new(1), &mut b).unwrap();
            let pieces = |o: &[f32]| o[..4 * 49].iter().filter(|&&v| v == 1.0).count() as u32;
            prop_assert_eq!(pieces(&a), s.count(Seat::new(0)) + s.count(Seat::new(1)));
            prop_assert_eq!(pieces(&a), pieces(&b));
            // Own pieces for A are enemy pieces for B.
            prop_assert_eq!(a[..2 * 49].iter().sum::<f32>(), b[2 * 49..4 * 49].iter().sum::<f32>());
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in ".{0,80}") {
        let game = Daldos::default();
        let _ = game.parse_position(&text);
        let _ = text.parse::<Position>();
        let s = game.new_initial_state();
        let _ = game.parse_action(&s, &text);
    }

    #[test]
    fn parsing_near_notations_never_panics(
        seed in any::<u64>(), cut in 0usize..60, insert in "[-/ .aAbB0-9xm]{0,4}"
    ) {
        let game = Daldos::default();
        for s in random_states(&game, seed, 60).iter().step_by(10) {
            let mut text = s.to_string();
            let at = cut.min(text.len());
            text.insert_str(at, &insert);
            let _ = game.parse_position(&text);
            text.truncate(at);
            let _ = game.parse_position(&text);
        }
    }

    #[test]
    fn parsing_arbitrary_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Daldos::default().parse_position(&text);
    }

    #[test]
    fn apply_with_arbitrary_actions_never_panics(seed in any::<u64>(), actions in prop::collection::vec(any::<u32>(), 1..40)) {
        let game = Daldos::default();
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        let mut buf = ActionBuffer::new();
        for a in actions {
            let mut s = state;
            let _ = game.apply(&mut s, a);
            let mut text = String::new();
            let _ = game.write_action(&state, a, &mut text);
            racegames_board::sim::random_step(&game, &mut state, &mut rng, &mut buf);
        }
    }
}

#[test]
fn worst_case_legal_move_count_is_within_the_documented_bound() {
    // Sixteen dalled pieces every third hole along A's route and a throw of
    // 2 and 1: every ordered pair of pieces can use the two dice.
    let game = Daldos::new(Options::default().with_capture(Capture::Intermediate));
    let pos = game
        .parse_position("b..A..A..A..A..A/..A..A..A..A..A../A..A..A..A..A..A A 21 0")
        .unwrap();
    let n = legal(&game, &pos).len();
    assert_eq!(game.max_legal_actions(), 16 * 17);
    assert!(n <= game.max_legal_actions());
    assert!(n >= 16 * 15, "a crowded position has {n} moves");
    assert!(game.max_legal_actions() <= racegames_board::ACTION_BUFFER_CAPACITY);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The board-core contract kit's checks hold along random games, under
    /// any options.
    #[test]
    fn game_contract_holds_under_any_options(options in any_options(), seed in any::<u64>(), max_turns in 1u32..1000) {
        use racegames_board::testing::{check_game_with, CheckOptions};
        let check = CheckOptions { max_states: 150, ..CheckOptions::default() };
        let game = Daldos::new(options.with_max_turns(max_turns));
        let checked = check_game_with(&game, [seed, seed ^ 1], &check);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}
