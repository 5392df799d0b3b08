//! One test per rule sentence and option of the Daldøs rules
//! (`docs/games/daldos.md`), named after it: using the dice, the end, the
//! notation and the common rules (`rules.rs` has the board to capture).

use super::rules_support;

use racegames_board::{Game, IllegalAction, Node, ParamValue, ReturnsError, Seat};
use racegames_daldos::{Board, Daldos, Jumping, Options, Phase, Position};
use rules_support::*;

// Using the dice

#[test]
fn using_the_dice_both_must_be_used_if_possible() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../A................/................ A - 0",
        "21",
    );
    // One piece: only the added move, never a single die.
    assert_eq!(move_names(&game, &p), vec!["m0-m2-m3"]);
}

#[test]
fn using_the_dice_otherwise_one_die_and_the_player_chooses_which() {
    let game = Daldos::default();
    // A's piece at m14 can use a 3 (m17? no: m14+3 = b15) ... make both
    // dice usable singly but not together: friendly piece at m16 blocks the
    // sum 4 = m14 -> b14? Use a blocker instead.
    let p = thrown(
        &game,
        "b.............../A...A............/................ A - 0",
        "41",
    );
    // m0+4 = m4 (friendly), m0+1 = m1, m4+4 = m8, m4+1 = m5: pairs exist.
    assert!(!move_names(&game, &p).is_empty());
    // Only one piece, which can use either die alone but not both:
    // jumping forbidden and an enemy two holes ahead.
    let game = game_with(|o| o.jumping = Jumping::Forbidden);
    let p = thrown(
        &game,
        "b.............../A.B............../................ A - 0",
        "21",
    );
    let names = move_names(&game, &p);
    assert_eq!(names, vec!["m0xm2", "m0-m1"]);
}

#[test]
fn using_the_dice_a_lost_throw_passes_at_once() {
    let game = Daldos::default();
    // No dalled pieces and no dal: the throw is lost and B is to throw.
    let p = thrown(&game, DANISH_OPENING, "43");
    assert_eq!(
        p.to_string(),
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa B - 1"
    );
    assert_eq!(game.node(&p), Node::Chance);
}

#[test]
fn using_the_dice_dal_dal_gives_an_extra_throw_after_both_ones_are_used() {
    let game = Daldos::default();
    let p = thrown(&game, DANISH_OPENING, "11");
    let after = play(&game, &p, "a0-m0-m1");
    assert_eq!(
        after.to_string(),
        "bbbbbbbbbbbbbbbb/.A.............../.aaaaaaaaaaaaaaa A - 0"
    );
    assert_eq!(after.phase(), Phase::Throw);
}

#[test]
fn using_the_dice_dal_dal_extra_throw_belongs_to_the_same_turn() {
    // A 1 can always be used while a player has pieces (the piece at the
    // head of any friendly chain has a free hole ahead), so a dal-dal is
    // never forfeited whole; its extra throw stays within the turn.
    let game = Daldos::default();
    let p = thrown(
        &game,
        DANISH_OPENING.replace(" A - 0", " A - 7").as_str(),
        "11",
    );
    assert_eq!(p.phase(), Phase::Move);
    let after = play(&game, &p, "a0-m0-m1");
    assert_eq!(after.turns(), 7);
    assert_eq!(after.to_move(), Some(Seat::new(0)));
    let after_two = play(
        &game,
        &thrown(
            &game,
            "b.............../A.....A........../................ A - 7",
            "11",
        ),
        "m0-m1 m6-m7",
    );
    assert_eq!(
        after_two.to_string(),
        "b.............../.A.....A........./................ A - 7"
    );
}

// End

#[test]
fn end_a_player_with_no_pieces_left_loses() {
    let game = Daldos::default();
    let mut r = [0.0; 2];
    let p = thrown(
        &game,
        "................/A..B............./................ A - 3",
        "21",
    );
    let after = play(&game, &p, "m0-m2xm3");
    // The winning turn is counted.
    assert_eq!(
        after.to_string(),
        "................/...A............./................ - - 4"
    );
    game.returns(&after, &mut r).unwrap();
    assert_eq!(r, [1.0, -1.0]);
    assert!(!game.is_truncated(&after));
}

#[test]
fn returns_into_a_buffer_of_another_length_is_an_error_and_writes_nothing() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "................/A..B............./................ A - 3",
        "21",
    );
    let after = play(&game, &p, "m0-m2xm3");
    let mut short = [7.0; 1];
    assert_eq!(
        game.returns(&after, &mut short),
        Err(ReturnsError::WrongLength {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(short, [7.0]);
    let mut long = [7.0; 3];
    assert!(game.returns(&after, &mut long).is_err());
    assert_eq!(long, [7.0; 3]);
    assert!(game.returns(&after, &mut []).is_err());
}

#[test]
fn end_option_lose_at_one_the_first_player_reduced_to_one_piece_loses() {
    let game = game_with(|o| o.lose_at_one = true);
    let p = thrown(
        &game,
        "b.............../A..B............./a............... A - 3",
        "21",
    );
    let after = play(&game, &p, "m0-m2xm3");
    assert_eq!(after.phase(), Phase::Over);
    let mut r = [0.0; 2];
    game.returns(&after, &mut r).unwrap();
    assert_eq!(r, [1.0, -1.0]);
    let plain = Daldos::default();
    let p = thrown(
        &plain,
        "b.............../A..B............./a............... A - 3",
        "21",
    );
    assert_eq!(play(&plain, &p, "m0-m2xm3").phase(), Phase::Throw);
}

#[test]
fn end_max_turns_truncates_with_returns_of_zero() {
    assert_eq!(Options::default().max_turns, 1000);
    let game = game_with(|o| o.max_turns = 4);
    let p = thrown(
        &game,
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 3",
        "43",
    );
    assert_eq!(
        p.to_string(),
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 4"
    );
    assert_eq!(game.node(&p), Node::Terminal);
    assert!(game.is_truncated(&p));
    let mut r = [9.0; 2];
    game.returns(&p, &mut r).unwrap();
    assert_eq!(r, [0.0, 0.0]);
    // max_turns = 0: no limit.
    let unlimited = game_with(|o| o.max_turns = 0);
    let p = thrown(
        &unlimited,
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 4000000",
        "43",
    );
    assert_eq!(p.phase(), Phase::Throw);
}

// Notation

#[test]
fn notation_examples_of_rules_md_round_trip() {
    let game = Daldos::default();
    for text in [
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0",
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0",
    ] {
        assert_eq!(pos(&game, text).to_string(), text);
    }
    assert_eq!(
        game.new_initial_state().to_string(),
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0"
    );
}

#[test]
fn notation_dice_highest_first_and_turn_counter_optional() {
    let game = Daldos::default();
    let p = pos(
        &game,
        "b.............../A................/................ A 31",
    );
    assert_eq!(p.dice(), &[3, 1]);
    assert_eq!(p.turns(), 0);
    assert_eq!(
        p.to_string(),
        "b.............../A................/................ A 31 0"
    );
    let err = game
        .parse_position("b.............../A................/................ A 13 0")
        .unwrap_err();
    assert!(err.to_string().contains("dice"), "{err}");
}

#[test]
fn notation_errors_say_what_and_where() {
    let game = Daldos::default();
    let cases = [
        ("", "board"),
        ("bbbb/..../aaaa A - 0", "row B"),
        (
            "bbbbbbbbbbbbbbbb/................/aaaaaaaaaaaaaaaa A - 0",
            "middle row",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaZ A - 0",
            "row A",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa C - 0",
            "turn",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A 5 0",
            "dice",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - x",
            "turns",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0 extra",
            "end",
        ),
        (
            "bbbbbbbbbbbbbbbb/.......a........./aaaaaaaaaaaaaaa. A - 0",
            "middle row",
        ),
    ];
    for (text, field) in cases {
        let err = game.parse_position(text).unwrap_err();
        assert_eq!(err.field, field, "{text}: {err}");
    }
}

// Common rules

#[test]
fn common_a_player_who_can_do_nothing_passes_at_once() {
    let game = Daldos::default();
    // Every throw from the opening either moves or passes: never a decision
    // node without a legal action.
    let p = pos(&game, DANISH_OPENING);
    game.chance_outcomes(&p, |a, _| {
        let mut s = p;
        game.apply(&mut s, a).unwrap();
        if let Node::Decision(_) = game.node(&s) {
            let mut n = 0;
            game.legal_actions(&s, |_| n += 1);
            assert!(n > 0);
        }
    });
}

#[test]
fn common_illegal_action_is_an_error_and_changes_nothing() {
    let game = Daldos::default();
    let p = thrown(&game, DANISH_OPENING, "41");
    let mut s = p;
    assert!(matches!(
        game.apply(&mut s, 0),
        Err(IllegalAction::NotLegal { .. })
    ));
    assert!(matches!(
        game.apply(&mut s, 1_000_000),
        Err(IllegalAction::OutOfRange { .. })
    ));
    assert_eq!(s, p);
}

#[test]
fn common_unknown_parameter_or_value_is_an_error_naming_it() {
    use racegames_board::FromParams;
    let err = Daldos::from_params("daldos", &[("colour", ParamValue::Str("red"))]).unwrap_err();
    assert!(err.to_string().contains("colour"));
    let err = Daldos::from_params("daldos", &[("board", ParamValue::Str("swedish"))]).unwrap_err();
    assert!(err.to_string().contains("swedish"));
    let err =
        Daldos::from_params("daldos", &[("lose_at_one", ParamValue::Str("yes"))]).unwrap_err();
    assert!(err.to_string().contains("lose_at_one"));
    let ok = Daldos::from_params(
        "daldos",
        &[
            ("board", ParamValue::Str("norwegian")),
            ("dalling", ParamValue::Str("stern_only")),
            ("capture", ParamValue::Str("intermediate")),
            ("jumping", ParamValue::Str("forbidden")),
            ("lose_at_one", ParamValue::Bool(true)),
            ("max_turns", ParamValue::Int(50)),
        ],
    )
    .unwrap();
    assert_eq!(ok.options().board, Board::Norwegian);
    assert_eq!(ok.options().max_turns, 50);
}

#[test]
fn state_is_a_small_copy_value() {
    fn is_copy<T: Copy>() {}
    is_copy::<Position>();
    assert!(
        core::mem::size_of::<Position>() <= 64,
        "{}",
        core::mem::size_of::<Position>()
    );
}

#[test]
fn dice_throw_table_matches_the_dice_spec() {
    // The engine's fixed throw list agrees with racegames-board's enumeration.
    let game = Daldos::default();
    let p = pos(&game, DANISH_OPENING);
    let mut listed = Vec::new();
    game.chance_outcomes(&p, |a, prob| listed.push((a, prob)));
    let mut spec = Vec::new();
    racegames_daldos::DICE.for_each_throw(|i, _, prob| spec.push((i as u32, prob)));
    assert_eq!(listed, spec);
    for (a, _) in listed {
        let mut s = String::new();
        game.write_action(&p, a, &mut s).unwrap();
        assert_eq!(
            s,
            format!(
                "throw {}",
                racegames_daldos::DICE.throw(a as usize).unwrap()
            )
        );
    }
}
