//! Tests for `docs/games/common.md` as the tables games apply it,
//! and for the tables notation.

use super::common;

use common::*;
use racegames_board::{FromParams, Game, Node, ParamValue, ReturnsError, Seat};
use racegames_tables::{Phase, Tables};

const OPENING: &str = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2";

#[test]
fn chance_is_explicit_probabilities_sum_to_one() {
    for g in [Tables::seys_dos_e_as(), Tables::backgammon()] {
        let mut p = g.new_initial_state();
        for _ in 0..2 {
            let mut total = 0.0;
            g.chance_outcomes(&p, |_, pr| total += pr);
            assert!((total - 1.0).abs() < 1e-12);
            g.apply(&mut p, 0).unwrap();
            while let Node::Decision(_) = g.node(&p) {
                let a = actions(&g, &p)[0];
                g.apply(&mut p, a).unwrap();
            }
        }
    }
}

#[test]
fn a_player_who_can_do_nothing_passes_at_once() {
    let g = Tables::backgammon();
    // B on the bar against a closed board: every throw passes to A.
    let b = board(&[
        (1, "A2"),
        (2, "A2"),
        (3, "A2"),
        (4, "A2"),
        (5, "A2"),
        (6, "A2"),
        (13, "A3"),
        (20, "B14"),
    ]);
    let p = pos(&g, &format!("{b} B1@1 0/0 B - 9"));
    g.chance_outcomes(&p, |a, _| {
        let mut q = p;
        g.apply(&mut q, a).unwrap();
        assert_eq!(g.node(&q), Node::Chance);
        assert_eq!(q.turn(), Some(Seat::new(0)));
        assert_eq!(q.turns(), 10);
    });
}

#[test]
fn the_turn_counter_counts_completed_turns_and_the_roll_off_is_not_a_turn() {
    let g = Tables::seys_dos_e_as();
    let mut p = g.new_initial_state();
    play(&g, &mut p, "roll-off B");
    assert_eq!(g.turn_count(&p), 0);
    play(&g, &mut p, "roll 654");
    play(&g, &mut p, "6:6-12");
    assert_eq!(g.turn_count(&p), 0);
    play_all(&g, &mut p, &["5:12-17", "4:17-21"]);
    assert_eq!(g.turn_count(&p), 1);
    assert_eq!(p.turn(), Some(Seat::new(0)));
}

#[test]
fn max_turns_truncates_with_returns_zero() {
    let g = Tables::from_params("backgammon", &[("max_turns", ParamValue::Int(1))]).unwrap();
    let mut p = g.new_initial_state();
    play_all(&g, &mut p, &["roll-off A5 B3", "5:13-8", "3:8-5"]);
    assert_eq!(g.node(&p), Node::Terminal);
    assert!(g.is_truncated(&p));
    let mut r = [9.0; 2];
    g.returns(&p, &mut r).unwrap();
    assert_eq!(r, [0.0, 0.0]);
    let t = text(&g, &p);
    assert!(t.ends_with(" 0/0 - - 1"), "{t}");
    assert_eq!(g.parse_position(&t).unwrap(), p);
}

#[test]
fn max_turns_zero_means_no_limit() {
    let g = Tables::from_params("seys_dos_e_as", &[("max_turns", ParamValue::Int(0))]).unwrap();
    let b = board(&[(1, "A15"), (24, "B15")]);
    let p = pos(&g, &format!("{b} - 0/0 A - 4000000"));
    assert_eq!(g.node(&p), Node::Chance);
    // With the default limit the same text is an error: the game is over.
    assert!(Tables::seys_dos_e_as()
        .parse_position(&format!("{b} - 0/0 A - 4000000"))
        .is_err());
}

#[test]
fn returns_are_zero_sum_and_zero_before_the_end() {
    let g = Tables::seys_dos_e_as();
    let p = g.new_initial_state();
    let mut r = [5.0; 2];
    g.returns(&p, &mut r).unwrap();
    assert_eq!(r, [0.0, 0.0]);
    let b = board(&[(24, "B1"), (1, "A15")]);
    let mut p = pos(&g, &format!("{b} - 0/14 B 6 9"));
    play(&g, &mut p, "6:24-off");
    g.returns(&p, &mut r).unwrap();
    assert_eq!(r, [-1.0, 1.0]);
    assert_eq!(p.winner(), Some(Seat::new(1)));
}

#[test]
fn returns_into_a_buffer_of_another_length_is_an_error_and_writes_nothing() {
    let g = Tables::seys_dos_e_as();
    let b = board(&[(24, "B1"), (1, "A15")]);
    let mut p = pos(&g, &format!("{b} - 0/14 B 6 9"));
    play(&g, &mut p, "6:24-off");
    let mut short = [7.0; 1];
    assert_eq!(
        g.returns(&p, &mut short),
        Err(ReturnsError::WrongLength {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(short, [7.0]);
    let mut long = [7.0; 3];
    assert!(g.returns(&p, &mut long).is_err());
    assert_eq!(long, [7.0; 3]);
}

#[test]
fn notation_examples_of_rules_md() {
    let g = Tables::seys_dos_e_as();
    let before = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 - - 0";
    assert_eq!(g.parse_position(before).unwrap(), g.new_initial_state());
    let a = "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A - 0";
    assert_eq!(text(&g, &g.parse_position(a).unwrap()), a);
    let bg = Tables::backgammon();
    let t = format!("{OPENING} - 0/0 B 31 0");
    assert_eq!(text(&bg, &bg.parse_position(&t).unwrap()), t);
}

#[test]
fn notation_waiting_entries_are_sorted_by_letter_then_quarter() {
    let g = Tables::seys_dos_e_as();
    let b = board(&[(1, "A12"), (24, "B12")]);
    let t = format!("{b} A2@3,A1@4,B1@1,B2@2 0/0 A - 9");
    let p = pos(&g, &t);
    assert_eq!(text(&g, &p), t);
    assert_eq!(p.waiting(Seat::new(0), 2), 2);
    assert!(g
        .parse_position(&format!("{b} A1@4,A2@3,B1@1,B2@2 0/0 A - 9"))
        .is_err());
    assert!(g
        .parse_position(&format!("{b} B1@1,A2@3,A1@4,B2@2 0/0 A - 9"))
        .is_err());
}

#[test]
fn notation_turn_counter_is_optional_and_defaults_to_0() {
    let g = Tables::backgammon();
    let p = pos(&g, &format!("{OPENING} - 0/0 B 31"));
    assert_eq!(p.turns(), 0);
    assert_eq!(text(&g, &p), format!("{OPENING} - 0/0 B 31 0"));
}

#[test]
fn notation_terminal_state_has_dashes_for_turn_and_dice() {
    let g = Tables::backgammon();
    let b = board(&[(1, "A15")]);
    let p = pos(&g, &format!("{b} - 0/15 - - 77"));
    assert_eq!(p.phase(), Phase::Over);
    assert!(g.parse_position(&format!("{b} - 0/15 B - 77")).is_err());
    assert!(g.parse_position(&format!("{b} - 0/15 - 6 77")).is_err());
    // "-" with counter 0 and the set-up board is the roll-off.
    let p = pos(&g, &format!("{OPENING} - 0/0 - - 0"));
    assert_eq!(p.phase(), Phase::RollOff);
    // "-" mid-game is neither.
    assert!(g.parse_position(&format!("{OPENING} - 0/0 - - 3")).is_err());
}

#[test]
fn notation_errors_say_what_and_where() {
    let g = Tables::backgammon();
    let e = g
        .parse_position(&format!("{OPENING} - 0/0 B 3x 0"))
        .unwrap_err();
    assert_eq!(e.field, "dice");
    assert_eq!(e.offset, OPENING.len() + 10);
    let e = g
        .parse_position(&format!("{OPENING} - 0/0 C 31 0"))
        .unwrap_err();
    assert_eq!(e.field, "turn");
    let e = g.parse_position(&OPENING.replace("A5", "X5")).unwrap_err();
    assert_eq!((e.field, e.offset), ("points", 11));
    let e = g
        .parse_position(&format!("{OPENING} - 0/0 B 13 0"))
        .unwrap_err();
    assert_eq!(e.field, "dice");
    let e = g
        .parse_position(&format!("{OPENING} - 0/0 B 31 0 9"))
        .unwrap_err();
    assert_eq!(e.field, "end");
    let e = g
        .parse_position(&format!("{OPENING} - 0/0 B 631 0"))
        .unwrap_err();
    assert_eq!(e.field, "dice");
    assert!(g
        .parse_position(&format!("{OPENING} - 0/0 B 6666 0"))
        .is_ok());
    assert!(Tables::seys_dos_e_as()
        .parse_position("A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 6666 0")
        .is_err());
}

/// Errors about what a well-formed notation means point at the field, not
/// at offset 0.
#[test]
fn notation_errors_about_meaning_say_where() {
    let g = Tables::backgammon();
    // One piece too many borne off: the points do not add up.
    let e = g
        .parse_position(&format!("  {OPENING} - 1/0 B 31 0"))
        .unwrap_err();
    assert_eq!((e.field, e.offset), ("points", 2), "{e}");
    // Both players have borne everything off.
    let empty = vec!["."; 24].join(",");
    let text = format!("{empty} - 15/15 - - 0");
    let e = g.parse_position(&text).unwrap_err();
    assert_eq!((e.field, e.offset), ("off", empty.len() + 3), "{e}");
    // A player to move on an empty board.
    let text = format!(" {empty} - 0/0 A - 0");
    let e = g.parse_position(&text).unwrap_err();
    assert_eq!((e.field, e.offset), ("points", 1), "{e}");
}

#[test]
fn move_strings_parse_with_or_without_the_hit_mark() {
    let g = Tables::seys_dos_e_as();
    let b = board(&[(1, "A1"), (4, "B1"), (12, "B14"), (24, "A14")]);
    let p = pos(&g, &format!("{b} - 0/0 A 3 5"));
    let a = g.parse_action(&p, "3:1-4*").unwrap();
    assert_eq!(g.parse_action(&p, "3:1-4").unwrap(), a);
    assert!(g.parse_action(&p, "3:1-5").is_err());
    assert_eq!(g.move_text(&p, g.move_of(a).unwrap()).to_string(), "3:1-4*");
}

#[test]
fn the_diagram_draws_every_point_and_the_turn() {
    let g = Tables::backgammon();
    let p = pos(&g, &format!("{OPENING} - 0/0 B 31 0"));
    let d = g.diagram(&p).to_string();
    let lines: Vec<&str> = d.lines().collect();
    assert_eq!(lines.len(), 6, "{d}");
    assert!(lines[0].trim_start().starts_with("13"));
    assert!(lines[1].trim_start().starts_with("A5"), "{d}");
    assert!(lines[1].trim_end().ends_with("A2"), "{d}");
    assert!(lines[2].trim_start().starts_with("B5"), "{d}");
    assert!(lines[2].trim_end().ends_with("B2"), "{d}");
    assert!(lines[5].contains("B to play 31"), "{d}");
}

#[test]
fn the_game_trait_writes_the_diagram() {
    let g = Tables::backgammon();
    let p = pos(&g, &format!("{OPENING} - 0/0 B 31 0"));
    let mut text = String::new();
    g.write_diagram(&p, &mut text).unwrap();
    assert_eq!(text, g.diagram(&p).to_string());
}
