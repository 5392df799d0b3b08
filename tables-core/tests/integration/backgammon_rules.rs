//! One test per rule sentence of `docs/games/backgammon.md`, named after it.

use super::common;

use common::*;
use racegames_board::{FromParams, Game, Node, ParamValue, Seat};
use racegames_tables::{Phase, Tables};

const OPENING: &str = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2";

fn bg() -> Tables {
    Tables::backgammon()
}

fn scored(scoring: &str) -> Tables {
    Tables::from_params("backgammon", &[("scoring", ParamValue::Str(scoring))]).unwrap()
}

#[test]
fn notation_backgammon_opening_with_b_to_play_31() {
    let g = bg();
    let text31 = format!("{OPENING} - 0/0 B 31 0");
    let mut p = pos(&g, &text31);
    assert_eq!(text(&g, &p), text31);
    // B's classic 3-1: 8/5 6/5, here 17-20 and 19-20.
    play_all(&g, &mut p, &["3:17-20", "1:19-20"]);
    assert_eq!(
        text(&g, &p),
        "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 A - 1"
    );
}

#[test]
fn backgammon_pieces_stand_in_their_places_before_the_roll_off() {
    let g = bg();
    assert_eq!(
        text(&g, &g.new_initial_state()),
        format!("{OPENING} - 0/0 - - 0")
    );
}

#[test]
fn roll_off_one_die_each_30_outcomes_ordered_pairs_of_different_faces() {
    let g = bg();
    let p = g.new_initial_state();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&p, |a, pr| outcomes.push((a, pr)));
    assert_eq!(outcomes.len(), 30);
    let mut pairs = std::collections::BTreeSet::new();
    for &(a, pr) in &outcomes {
        assert!((pr - 1.0 / 30.0).abs() < 1e-15);
        let (x, y) = Tables::opening_throw(a as usize);
        assert_ne!(x, y);
        assert!(pairs.insert((x, y)));
        let mut s = String::new();
        g.write_action(&p, a, &mut s).unwrap();
        assert_eq!(s, format!("roll-off A{x} B{y}"));
    }
    assert_eq!(pairs.len(), 30);
}

#[test]
fn roll_off_the_higher_die_starts_and_plays_both_dice() {
    let g = bg();
    let mut p = g.new_initial_state();
    play(&g, &mut p, "roll-off A5 B3");
    assert_eq!(g.node(&p), Node::Decision(Seat::new(0)));
    assert_eq!(text(&g, &p), format!("{OPENING} - 0/0 A 53 0"));
    let mut p = g.new_initial_state();
    play(&g, &mut p, "roll-off A3 B5");
    assert_eq!(text(&g, &p), format!("{OPENING} - 0/0 B 53 0"));
}

#[test]
fn doubles_are_played_four_times() {
    let g = bg();
    let mut p = pos(&g, &format!("{OPENING} - 0/0 A - 1"));
    let mut n = 0;
    g.chance_outcomes(&p, |_, pr| {
        n += 1;
        assert!(pr == 1.0 / 36.0 || pr == 2.0 / 36.0);
    });
    assert_eq!(n, 21);
    play(&g, &mut p, "roll 66");
    assert_eq!(p.dice(), &[6, 6, 6, 6]);
    assert_eq!(p.dice_to_use(), 4);
    play_all(&g, &mut p, &["6:24-18", "6:24-18", "6:13-7", "6:13-7"]);
    assert_eq!(p.turn(), Some(Seat::new(1)));
}

#[test]
fn must_use_both_dice_if_possible() {
    let g = bg();
    // 1:17-18 leaves the 2 unplayable; 2:17-19 lets the 1 bear off from 24.
    let b = board(&[(1, "A13"), (17, "B1"), (20, "A2"), (24, "B14")]);
    let p = pos(&g, &format!("{b} - 0/0 B 21 5"));
    assert_eq!(moves(&g, &p), vec!["2:17-19"]);
}

#[test]
fn must_use_both_dice_even_when_one_die_would_win() {
    // B's last piece is on 23 and A has a blot on 24; B throws 2-1. The 2
    // alone bears it off and wins, but 1:23-24* then 2:24-off uses both
    // dice, so only that play is legal (as in OpenSpiel and GNU
    // Backgammon): A ends with a piece on the bar, a backgammon.
    let g = scored("backgammons");
    let b = board(&[
        (1, "A2"),
        (2, "A7"),
        (4, "A1"),
        (5, "A1"),
        (12, "A1"),
        (17, "A1"),
        (21, "A1"),
        (23, "B1"),
        (24, "A1"),
    ]);
    let p = pos(&g, &format!("{b} - 0/14 B 21 54"));
    assert_eq!(moves(&g, &p), vec!["1:23-24*"]);
    let ends = turn_ends(&g, &p);
    assert_eq!(ends.len(), 1, "{ends:?}");
    let mut q = p;
    play_all(&g, &mut q, &["1:23-24*", "2:24-off"]);
    assert_eq!(text(&g, &q), ends[0]);
    let mut r = [0.0; 2];
    g.returns(&q, &mut r).unwrap();
    assert_eq!(r, [-3.0, 3.0]);
    // Seys dos e as counts a win as using every die: both plays stay legal.
    let s = Tables::seys_dos_e_as();
    let b = board(&[
        (1, "B2"),
        (2, "B7"),
        (4, "B1"),
        (5, "B1"),
        (12, "B1"),
        (17, "B1"),
        (21, "B1"),
        (23, "A1"),
        (24, "B1"),
    ]);
    let q = pos(&s, &format!("{b} - 14/0 A 21 54"));
    assert_eq!(turn_ends(&s, &q).len(), 2);
}

#[test]
fn otherwise_the_larger_one() {
    let g = bg();
    // Either die from point 1, not both (9 is closed): only the 5.
    let b = board(&[(1, "B1"), (9, "A2"), (12, "A13"), (24, "B14")]);
    let p = pos(&g, &format!("{b} - 0/0 B 53 5"));
    assert_eq!(moves(&g, &p), vec!["5:1-6"]);
    // Seys dos e as lets the player choose in the same case.
    let s = Tables::seys_dos_e_as();
    let b = board(&[(1, "A1"), (9, "B2"), (12, "B13"), (24, "A14")]);
    let q = pos(&s, &format!("{b} - 0/0 A 53 5"));
    assert_eq!(moves(&s, &q), vec!["3:1-4", "5:1-6"]);
}

#[test]
fn otherwise_the_smaller_one_when_the_larger_cannot_be_played() {
    let g = bg();
    let b = board(&[(1, "B1"), (6, "A2"), (9, "A2"), (12, "A11"), (24, "B14")]);
    let p = pos(&g, &format!("{b} - 0/0 B 53 5"));
    assert_eq!(moves(&g, &p), vec!["3:1-4"]);
}

#[test]
fn the_bar_a_enters_quarter_4_and_b_quarter_1() {
    let g = bg();
    // A hits B's blot on 7: it waits to enter quarter 1.
    let b = board(&[(10, "A1"), (7, "B1"), (1, "A14"), (24, "B14")]);
    let mut p = pos(&g, &format!("{b} - 0/0 A 3 5"));
    play(&g, &mut p, "3:10-7*");
    assert!(text(&g, &p).contains(" B1@1 0/0 B - 6"), "{}", text(&g, &p));
    play(&g, &mut p, "roll 42");
    assert_eq!(moves(&g, &p), vec!["2:bar-2", "4:bar-4"]);
    // B hits A's blot: it waits for quarter 4 and enters at 25 - d.
    let b = board(&[(10, "A1"), (7, "B1"), (1, "A14"), (24, "B14")]);
    let mut p = pos(&g, &format!("{b} - 0/0 B 3 5"));
    play(&g, &mut p, "3:7-10*");
    assert!(text(&g, &p).contains(" A1@4 0/0 A - 6"), "{}", text(&g, &p));
    play(&g, &mut p, "roll 42");
    assert_eq!(moves(&g, &p), vec!["2:bar-23", "4:bar-21"]);
    // A parsed waiting entry for the wrong quarter is an error.
    assert!(g.parse_position(&format!("{b} B1@3 0/0 A - 6")).is_err());
}

#[test]
fn bearing_off_with_a_higher_die_only_from_the_rearmost_point() {
    let g = bg();
    let b = board(&[(1, "A15"), (19, "B1"), (22, "B1"), (24, "B13")]);
    let p = pos(&g, &format!("{b} - 0/0 B 6 9"));
    assert_eq!(moves(&g, &p), vec!["6:19-off"]);
    let p = pos(&g, &format!("{b} - 0/0 B 5 9"));
    assert_eq!(moves(&g, &p), vec!["5:19-24"]);
    let b = board(&[(1, "A15"), (22, "B2"), (24, "B13")]);
    let p = pos(&g, &format!("{b} - 0/0 B 6 9"));
    assert_eq!(moves(&g, &p), vec!["6:22-off"]);
}

fn b_wins(g: &Tables, a_part: &str, waiting: &str, a_off: u32) -> [f64; 2] {
    let mut p = pos(g, &format!("{a_part} {waiting} {a_off}/14 B 1 40"));
    play(g, &mut p, "1:24-off");
    assert_eq!(p.phase(), Phase::Over);
    let mut r = [0.0; 2];
    g.returns(&p, &mut r).unwrap();
    r
}

#[test]
fn scoring_winloss_gammons_backgammons() {
    let plain = board(&[(12, "A15"), (24, "B1")]);
    let in_home = board(&[(12, "A14"), (20, "A1"), (24, "B1")]);
    let waits = board(&[(12, "A14"), (24, "B1")]);
    let saved = board(&[(12, "A14"), (24, "B1")]);
    let g = scored("winloss");
    assert_eq!(b_wins(&g, &plain, "-", 0), [-1.0, 1.0]);
    assert_eq!((g.min_utility(), g.max_utility()), (-1.0, 1.0));
    let g = scored("gammons");
    assert_eq!(b_wins(&g, &plain, "-", 0), [-2.0, 2.0]);
    assert_eq!(b_wins(&g, &in_home, "-", 0), [-2.0, 2.0]);
    assert_eq!(b_wins(&g, &saved, "-", 1), [-1.0, 1.0]);
    assert_eq!(g.max_utility(), 2.0);
    let g = scored("backgammons");
    assert_eq!(b_wins(&g, &plain, "-", 0), [-2.0, 2.0]);
    assert_eq!(b_wins(&g, &in_home, "-", 0), [-3.0, 3.0]);
    assert_eq!(b_wins(&g, &waits, "A1@4", 0), [-3.0, 3.0]);
    assert_eq!(b_wins(&g, &saved, "-", 1), [-1.0, 1.0]);
    assert_eq!(g.max_utility(), 3.0);
    // The default is winloss.
    assert_eq!(bg().max_utility(), 1.0);
}

#[test]
fn options_are_checked_by_name_and_value() {
    assert!(Tables::from_params("backgammon", &[("reentry", ParamValue::Str("start"))]).is_err());
    assert!(Tables::from_params("backgammon", &[("scoring", ParamValue::Str("cube"))]).is_err());
    assert!(
        Tables::from_params("seys_dos_e_as", &[("scoring", ParamValue::Str("gammons"))]).is_err()
    );
    assert!(Tables::from_params("seys_dos_e_as", &[("reentry", ParamValue::Str("bar"))]).is_err());
    assert!(Tables::from_params("seys_dos_e_as", &[("max_turns", ParamValue::Int(-1))]).is_err());
    assert!(Tables::from_params("chess", &[]).is_err());
    // The cube is an on/off option (tests/cube.rs plays it).
    let e = Tables::from_params("backgammon", &[("cube", ParamValue::Str("yes"))]).unwrap_err();
    assert!(e.to_string().contains("cube"), "{e}");
    let g = Tables::from_params("backgammon", &[("max_turns", ParamValue::Int(7))]).unwrap();
    assert_eq!(g.variant().max_turns, 7);
    assert_eq!(&Tables::NAMES[..2], &["seys_dos_e_as", "backgammon"]);
}
