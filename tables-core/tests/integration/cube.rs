//! The doubling cube, resignation and match play: the rulings of
//! `docs/games/backgammon.md`, the game contract over random cubeful
//! games, and property tests.

use super::common;

use common::*;
use proptest::prelude::*;
use racegames_board::sim::SplitMix64;
use racegames_board::testing::{check_game_with, CheckOptions};
use racegames_board::{FromParams, Game, Node, ParamValue, Seat};
use racegames_tables::{CubeAction, Offer, Phase, Position, Setup, Tables};

/// Backgammon with these options.
fn bg(params: &[(&str, ParamValue<'_>)]) -> Tables {
    Tables::from_params("backgammon", params).unwrap()
}

fn money() -> Tables {
    bg(&[("cube", ParamValue::Bool(true))])
}

/// Each combination of the options that the tests play.
fn cubeful_games() -> Vec<Tables> {
    use ParamValue::{Bool, Int, Str};
    vec![
        money(),
        bg(&[
            ("cube", Bool(true)),
            ("resign", Bool(true)),
            ("scoring", Str("backgammons")),
        ]),
        bg(&[
            ("cube", Bool(true)),
            ("jacoby", Bool(false)),
            ("scoring", Str("gammons")),
        ]),
        bg(&[("resign", Bool(true)), ("scoring", Str("gammons"))]),
        bg(&[
            ("cube", Bool(true)),
            ("match_length", Int(7)),
            ("score_a", Int(2)),
            ("score_b", Int(4)),
        ]),
        bg(&[
            ("cube", Bool(true)),
            ("resign", Bool(true)),
            ("match_length", Int(5)),
            ("score_a", Int(4)),
            ("score_b", Int(1)),
            ("crawford_game", Bool(true)),
        ]),
    ]
}

/// A's turn after B's opening 3-1 (8/5 6/5), the cube centred.
const AFTER_31: &str = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 A - 1";

fn cube(game: &Tables, pos: &mut Position, a: CubeAction) {
    game.apply(pos, game.action_of_cube(a).unwrap()).unwrap();
}

fn cube_moves(game: &Tables, pos: &Position) -> Vec<CubeAction> {
    actions(game, pos)
        .into_iter()
        .filter_map(|a| game.cube_action(a))
        .collect()
}

#[test]
fn a_game_without_the_options_keeps_its_actions_observation_and_notation() {
    let plain = Tables::backgammon();
    assert_eq!(plain.num_distinct_actions(), 168);
    assert_eq!(plain.observation_shape(), &[7, 24]);
    let spelled = bg(&[
        ("cube", ParamValue::Bool(false)),
        ("jacoby", ParamValue::Bool(true)),
    ]);
    assert_eq!(spelled, plain);
    let text = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 31 0";
    assert_eq!(plain.parse_position(text).unwrap().to_string(), text);
    // The cube's fields are refused where there is no cube.
    assert_eq!(
        plain
            .parse_position(&format!("{text} 1 -"))
            .unwrap_err()
            .field,
        "cube"
    );
    // A cubeful game numbers its nine actions after the 168.
    let game = money();
    assert_eq!(game.num_distinct_actions(), 168 + 9);
    assert_eq!(game.observation_shape(), &[8, 24]);
    assert_eq!(game.parse_position(text).unwrap_err().field, "cube");
}

#[test]
fn a_take_doubles_the_cube_and_gives_it_to_the_taker() {
    let game = money();
    let mut p = pos(&game, &format!("{AFTER_31} 1 ?"));
    assert_eq!(game.node(&p), Node::Decision(Seat::new(0)));
    assert_eq!(
        cube_moves(&game, &p),
        [CubeAction::Roll, CubeAction::Double]
    );
    cube(&game, &mut p, CubeAction::Double);
    assert_eq!(game.node(&p), Node::Decision(Seat::new(1)));
    assert_eq!(game.turn_owner(&p), Some(Seat::new(1)));
    assert_eq!(cube_moves(&game, &p), [CubeAction::Take, CubeAction::Drop]);
    assert_eq!(text(&game, &p), format!("{AFTER_31} 1 D"));
    cube(&game, &mut p, CubeAction::Take);
    assert_eq!((p.cube_value(), p.cube_owner()), (2, Some(Seat::new(1))));
    assert_eq!(game.node(&p), Node::Chance);
    assert_eq!(text(&game, &p), format!("{AFTER_31} 2B -"));
    // After A's throw and play, B may redouble: the cube is his.
    game.apply(&mut p, 0).unwrap();
    while let Node::Decision(_) = game.node(&p) {
        if p.phase() == Phase::Cube {
            break;
        }
        let a = actions(&game, &p)[0];
        game.apply(&mut p, a).unwrap();
    }
    assert_eq!(p.turn(), Some(Seat::new(1)));
    assert_eq!(
        cube_moves(&game, &p),
        [CubeAction::Roll, CubeAction::Double]
    );
    cube(&game, &mut p, CubeAction::Roll);
    assert_eq!(game.node(&p), Node::Chance);
}

#[test]
fn a_drop_ends_the_game_for_the_cube_before_the_double() {
    let game = money();
    let mut p = pos(&game, &format!("{AFTER_31} 4A ?"));
    cube(&game, &mut p, CubeAction::Double);
    cube(&game, &mut p, CubeAction::Drop);
    assert_eq!(game.node(&p), Node::Terminal);
    assert_eq!(p.winner(), Some(Seat::new(0)));
    assert_eq!(p.cube_value(), 4);
    assert_eq!(returns(&game, &p), [4.0, -4.0]);
    let t = text(&game, &p);
    assert!(t.ends_with(" -A - 1 4A D"), "{t}");
    assert_eq!(game.parse_position(&t), Ok(p));
    assert_eq!(t.parse::<Position>().unwrap().to_string(), t);
}

#[test]
fn only_the_owner_or_a_centred_cube_doubles() {
    let game = money();
    // B owns the cube: A throws at once.
    let p = pos(&game, &format!("{AFTER_31} 2B -"));
    assert_eq!(game.node(&p), Node::Chance);
    for offer in ["?", "D", "?r"] {
        let e = game
            .parse_position(&format!("{AFTER_31} 2B {offer}"))
            .unwrap_err();
        assert_eq!(e.field, "offer", "{offer}");
    }
    // A's own cube, A doubles.
    let mut p = pos(&game, &format!("{AFTER_31} 2A ?"));
    cube(&game, &mut p, CubeAction::Double);
    cube(&game, &mut p, CubeAction::Take);
    assert_eq!((p.cube_value(), p.cube_owner()), (4, Some(Seat::new(1))));
    // The cube stops at 2^15.
    let top = pos(&game, &format!("{AFTER_31} 32768A -"));
    assert_eq!(game.node(&top), Node::Chance);
    assert!(game
        .parse_position(&format!("{AFTER_31} 32768A ?"))
        .is_err());
}

#[test]
fn nobody_doubles_in_the_crawford_game() {
    use ParamValue::{Bool, Int};
    let game = bg(&[
        ("cube", Bool(true)),
        ("match_length", Int(5)),
        ("score_a", Int(4)),
        ("score_b", Int(2)),
        ("crawford_game", Bool(true)),
    ]);
    assert!(game.new_initial_state().is_crawford_game());
    assert_eq!(game.new_initial_state().match_score(), [4, 2]);
    let p = pos(&game, &format!("{AFTER_31} 1 - 5:4-2C"));
    assert_eq!(game.node(&p), Node::Chance);
    assert!(game
        .parse_position(&format!("{AFTER_31} 1 ? 5:4-2C"))
        .is_err());
    // The match must be the game's.
    assert_eq!(
        game.parse_position(&format!("{AFTER_31} 1 - 5:4-2"))
            .unwrap_err()
            .field,
        "match"
    );
    // The game after it doubles again.
    let post = bg(&[
        ("cube", Bool(true)),
        ("match_length", Int(5)),
        ("score_a", Int(4)),
        ("score_b", Int(3)),
    ]);
    let p = pos(&post, &format!("{AFTER_31} 1 ? 5:4-3"));
    assert_eq!(
        cube_moves(&post, &p),
        [CubeAction::Roll, CubeAction::Double]
    );
}

#[test]
fn options_that_do_not_fit_together_are_refused() {
    use ParamValue::{Bool, Int};
    let refused = |params: &[(&str, ParamValue<'_>)]| {
        Tables::from_params("backgammon", params)
            .unwrap_err()
            .to_string()
    };
    assert!(refused(&[("match_length", Int(5)), ("score_a", Int(5))]).contains("score_a"));
    assert!(refused(&[("score_b", Int(1))]).contains("score_b"));
    assert!(refused(&[("match_length", Int(65))]).contains("match_length"));
    assert!(refused(&[("crawford_game", Bool(true))]).contains("crawford_game"));
    // Crawford: exactly one player a point from the end.
    let crawford = |a, b| {
        Tables::from_params(
            "backgammon",
            &[
                ("match_length", Int(5)),
                ("score_a", Int(a)),
                ("score_b", Int(b)),
                ("crawford_game", Bool(true)),
            ],
        )
        .is_ok()
    };
    assert!(crawford(4, 0) && crawford(1, 4));
    assert!(!crawford(4, 4) && !crawford(2, 3));
    assert!(Tables::from_params("seys_dos_e_as", &[("cube", Bool(true))]).is_err());
}

#[test]
fn returns_count_points_times_the_cube_with_jacoby_in_money_play() {
    use ParamValue::{Bool, Int, Str};
    // A gammons B: A has borne off all, B nothing.
    let gammon = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B15,.,.,.,. - 15/0 - - 40";
    type Options<'a> = &'a [(&'a str, ParamValue<'a>)];
    let cases: [(Options<'_>, &str, f64); 5] = [
        (
            &[("cube", Bool(true)), ("scoring", Str("gammons"))],
            "1 -",
            1.0,
        ),
        (
            &[("cube", Bool(true)), ("scoring", Str("gammons"))],
            "2B -",
            4.0,
        ),
        (
            &[
                ("cube", Bool(true)),
                ("scoring", Str("gammons")),
                ("jacoby", Bool(false)),
            ],
            "1 -",
            2.0,
        ),
        (
            &[
                ("cube", Bool(true)),
                ("scoring", Str("gammons")),
                ("match_length", Int(3)),
            ],
            "1 - 3:0-0",
            2.0,
        ),
        (
            &[("resign", Bool(true)), ("scoring", Str("gammons"))],
            "1 -",
            2.0,
        ),
    ];
    for (params, fields, points) in cases {
        let game = bg(params);
        let p = pos(&game, &format!("{gammon} {fields}"));
        assert_eq!(returns(&game, &p), [points, -points], "{fields} {params:?}");
    }
}

#[test]
fn a_resignation_accepted_ends_the_game_and_a_rejected_one_is_not_offered_again() {
    use ParamValue::{Bool, Str};
    let game = bg(&[
        ("cube", Bool(true)),
        ("resign", Bool(true)),
        ("scoring", Str("gammons")),
    ]);
    let start = pos(&game, &format!("{AFTER_31} 2A ?"));
    assert_eq!(
        moves(&game, &start),
        ["roll", "double", "resign single", "resign gammon"]
    );
    let mut p = start;
    cube(&game, &mut p, CubeAction::ResignGammon);
    assert_eq!(game.node(&p), Node::Decision(Seat::new(1)));
    assert_eq!(moves(&game, &p), ["accept", "reject"]);
    let mut accepted = p;
    cube(&game, &mut accepted, CubeAction::Accept);
    assert_eq!(returns(&game, &accepted), [-4.0, 4.0]);
    assert!(text(&game, &accepted).ends_with("-B - 1 2A R2"));
    cube(&game, &mut p, CubeAction::Reject);
    assert_eq!(moves(&game, &p), ["roll", "double"]);
    assert_eq!(p.offer(), Offer::DecidingAfterRejection);
    assert_eq!(game.parse_position(&text(&game, &p)), Ok(p));
    // Where A may not double, a rejection goes on to the throw.
    let mut q = pos(&game, &format!("{AFTER_31} 2B ?"));
    assert_eq!(moves(&game, &q), ["roll", "resign single", "resign gammon"]);
    cube(&game, &mut q, CubeAction::ResignSingle);
    cube(&game, &mut q, CubeAction::Reject);
    assert_eq!(game.node(&q), Node::Chance);
}

#[test]
fn the_cube_actions_read_and_write_as_their_strings() {
    let game = money();
    let p = pos(&game, &format!("{AFTER_31} 1 ?"));
    for a in actions(&game, &p) {
        let s = racegames_board::testing::action_string(&game, &p, a);
        assert_eq!(game.parse_action(&p, &s), Ok(a));
    }
    assert!(game.parse_action(&p, "take").is_err());
    // A cube action is no legal move with dice to use, and out of range
    // past the nine.
    let dice = pos(
        &game,
        &format!("{} 1 -", AFTER_31.replace(" A - 1", " A 31 1")),
    );
    let roll = game.action_of_cube(CubeAction::Roll).unwrap();
    assert!(!game.is_legal(&dice, roll));
    assert!(game.apply(&mut dice.clone(), roll).is_err());
    assert!(game.apply(&mut p.clone(), 168 + 9).is_err());
}

#[test]
fn the_setup_carries_the_cube_and_serde_writes_it() {
    let text = format!("{AFTER_31} 8B ? 9:3-7");
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup.to_string(), text);
    for bad in [
        "3B ?",
        "2 ?",
        "1A ?",
        "2B x",
        "2B",
        "2B ? 9:3",
        "2B ? 9-3-7",
        "65536A ?",
    ] {
        assert!(
            format!("{AFTER_31} {bad}").parse::<Setup>().is_err()
                || money()
                    .parse_position(&format!("{AFTER_31} {bad}"))
                    .is_err(),
            "{bad}"
        );
    }
    // A bare position with the cube's fields reads in backgammon with them.
    let p: Position = text.parse().unwrap();
    assert_eq!(p.to_string(), text);
    assert_eq!(
        (p.cube_value(), p.match_length(), p.match_score()),
        (8, 9, [3, 7])
    );
    let diagram = money()
        .diagram(&pos(&money(), &format!("{AFTER_31} 2B -")))
        .to_string();
    assert!(
        diagram.contains("cube: 2, owned by B; money play"),
        "{diagram}"
    );
}

#[test]
fn the_observation_adds_the_cube_plane() {
    let game = bg(&[
        ("cube", ParamValue::Bool(true)),
        ("match_length", ParamValue::Int(7)),
        ("score_a", ParamValue::Int(2)),
        ("score_b", ParamValue::Int(5)),
    ]);
    let p = pos(&game, &format!("{AFTER_31} 4A ? 7:2-5"));
    let mut obs = vec![0.0f32; 8 * 24];
    game.observe(&p, Seat::new(0), &mut obs).unwrap();
    let plane = &obs[7 * 24..];
    assert_eq!(plane[0], 2.0 / 15.0);
    assert_eq!(&plane[1..4], &[0.0, 1.0, 0.0]);
    assert_eq!(plane[4], 1.0);
    assert_eq!((plane[5], plane[6]), (5.0 / 7.0, 2.0 / 7.0));
    assert_eq!(plane[11], 1.0);
    game.observe(&p, Seat::new(1), &mut obs).unwrap();
    assert_eq!(
        &obs[7 * 24 + 1..7 * 24 + 7],
        &[0.0, 0.0, 1.0, 1.0, 2.0 / 7.0, 5.0 / 7.0]
    );
}

#[test]
fn random_cubeful_games_keep_the_game_contract() {
    let options = CheckOptions {
        max_states: 400,
        illegal_probes: 32,
    };
    for (i, g) in cubeful_games().iter().enumerate() {
        check_game_with(g, [i as u64, 77 + i as u64], &options).unwrap();
    }
}

/// Plays random actions from the start; checks the cube's invariants at
/// each step and returns the final position.
fn play_checking(game: &Tables, seed: u64) -> Position {
    let mut rng = SplitMix64::new(seed);
    let mut p = game.new_initial_state();
    let v = *game.variant();
    for _ in 0..4000 {
        let t = text(game, &p);
        assert_eq!(game.parse_position(&t), Ok(p), "{t}");
        assert_eq!(t.parse::<Position>().map(|q| q.to_string()), Ok(t.clone()));
        match game.node(&p) {
            Node::Terminal => return p,
            Node::Chance => {
                let mut outs = Vec::new();
                game.chance_outcomes(&p, |a, _| outs.push(a));
                let a = outs[(rng.next_u64() % outs.len() as u64) as usize];
                game.apply(&mut p, a).unwrap();
            }
            Node::Decision(_) => {
                let legal = actions(game, &p);
                let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
                let before = p;
                game.apply(&mut p, a).unwrap();
                match game.cube_action(a) {
                    Some(CubeAction::Double) => {
                        assert!(v.cube && !v.crawford_game);
                        let owner = before.cube_owner();
                        assert!(owner.is_none() || owner == before.turn());
                    }
                    Some(CubeAction::Take) => {
                        assert_eq!(p.cube_value(), 2 * before.cube_value());
                        assert_eq!(p.cube_owner(), before.turn().map(|s| s.next(2)));
                    }
                    Some(CubeAction::Drop) => {
                        assert_eq!(game.node(&p), Node::Terminal);
                        assert_eq!(p.winner(), before.turn());
                        let w = p.winner().unwrap().index();
                        assert_eq!(returns(game, &p)[w], f64::from(before.cube_value()));
                    }
                    _ => assert_eq!(p.cube_value(), before.cube_value()),
                }
            }
        }
    }
    p
}

fn returns(game: &Tables, p: &Position) -> [f64; 2] {
    let mut r = [0.0; 2];
    game.returns(p, &mut r).unwrap();
    r
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_cubeful_play_keeps_the_cube_rules(seed in any::<u64>(), which in 0usize..6) {
        let game = &cubeful_games()[which];
        let end = play_checking(game, seed);
        prop_assert!(game.node(&end) == Node::Terminal || end.turns() < 500);
    }

    #[test]
    fn cube_notation_never_panics(tail in "[0-9ABDRCr?:\\- ]{0,16}") {
        let text = format!("{AFTER_31} {tail}");
        if let Ok(setup) = text.parse::<Setup>() {
            prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup.clone()));
            let _ = money().position(&setup);
        }
        let _ = text.parse::<Position>();
    }
}

#[test]
fn perft_counts_match_the_cube_data_file() {
    use racegames_board::testing::{check_perft_data, Step};
    let limit = if cfg!(debug_assertions) {
        20_000
    } else {
        u64::MAX
    };
    let data = include_str!("../data/tables_cube_perft.txt");
    let done = check_perft_data(data, limit, |line| {
        line.count_in(&line.make::<Tables>()?, Step::Turn)
    })
    .unwrap();
    assert_eq!(done.checked + done.skipped, 12);
    assert!(done.checked >= 10);
}

#[test]
fn the_match_id_writes_the_cube_the_score_and_the_offers() {
    use racegames_tables::gnubg::{GameState, MatchId, MatchInfo, Resignation};
    use ParamValue::{Bool, Int};
    // gnubg's manual: score 2-4 in a 9 point match, player 0 (A) holds a
    // 2-cube, player 1 (B) has just rolled 52.
    let game = bg(&[
        ("cube", Bool(true)),
        ("match_length", Int(9)),
        ("score_a", Int(2)),
        ("score_b", Int(4)),
    ]);
    let p = pos(
        &game,
        "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 52 3 2A - 9:2-4",
    );
    let info = MatchInfo::of_position(&game, &p, None, None).unwrap();
    assert_eq!(MatchId::new(info).unwrap().to_string(), "QYkqASAAIAAA");
    // A double under way: B answers it.
    let mut d = pos(&game, &format!("{AFTER_31} 2A ? 9:2-4"));
    cube(&game, &mut d, CubeAction::Double);
    let info = MatchInfo::of_position(&game, &d, None, None).unwrap();
    assert!(info.doubled);
    assert_eq!((info.on_roll, info.turn), (Seat::new(0), Seat::new(1)));
    cube(&game, &mut d, CubeAction::Drop);
    let info = MatchInfo::of_position(&game, &d, None, None).unwrap();
    assert_eq!(
        (info.game_state, info.on_roll, info.cube),
        (GameState::Dropped, Seat::new(0), 2)
    );
    // An accepted resignation, and the Crawford flag.
    let crawford = bg(&[
        ("resign", Bool(true)),
        ("match_length", Int(5)),
        ("score_a", Int(1)),
        ("score_b", Int(4)),
        ("crawford_game", Bool(true)),
    ]);
    let mut r = pos(&crawford, &format!("{AFTER_31} 1 ? 5:1-4C"));
    cube(&crawford, &mut r, CubeAction::ResignSingle);
    cube(&crawford, &mut r, CubeAction::Accept);
    let info = MatchInfo::of_position(&crawford, &r, None, None).unwrap();
    assert_eq!(info.game_state, GameState::Resigned);
    assert_eq!(info.resigned, Some(Resignation::Single));
    assert!(info.crawford && info.match_length == 5 && info.score == [1, 4]);
    let back: MatchId = MatchId::new(info).unwrap().to_string().parse().unwrap();
    assert_eq!(back.info(), &info);
}

#[cfg(feature = "serde")]
#[test]
fn serde_writes_and_reads_the_cube_fields() {
    let game = bg(&[
        ("cube", ParamValue::Bool(true)),
        ("match_length", ParamValue::Int(9)),
        ("score_a", ParamValue::Int(3)),
        ("score_b", ParamValue::Int(7)),
    ]);
    let p = pos(&game, &format!("{AFTER_31} 8B - 9:3-7"));
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{AFTER_31} 8B - 9:3-7\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    let setup: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(game.position(&setup), Ok(p));
    // A variant serialized before the cube's fields reads with their defaults.
    let mut v = serde_json::to_value(Tables::backgammon().variant()).unwrap();
    for key in [
        "cube",
        "jacoby",
        "resign",
        "match_length",
        "score",
        "crawford_game",
    ] {
        v.as_object_mut().unwrap().remove(key);
    }
    let back: racegames_tables::Variant = serde_json::from_value(v).unwrap();
    assert!(!back.cube && back.jacoby && back.match_length == 0);
}
