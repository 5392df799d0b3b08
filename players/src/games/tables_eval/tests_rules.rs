//! Tests of the terms of the Libro's rules: in each, a position where the
//! rule matters, and the evaluation (or greedy's choice) moving the right
//! way because of it.

use racegames_board::{FromParams, Game, Seat};
use racegames_tables::{Position, Tables, Variant};

use super::*;
use crate::Evaluator;

fn game(name: &str) -> Tables {
    Tables::from_params(name, &[]).unwrap()
}

fn eval_with(game: &Tables, pos: &Position, seat: usize, set: &[(&str, f64)]) -> f64 {
    let mut w = TablesWeights::default();
    for &(k, v) in set {
        assert!(w.set(k, v), "{k}");
    }
    let mut out = [0.0; 2];
    TablesEval::new(w).evaluate(game, pos, &mut out);
    out[seat]
}

fn pos(game: &Tables, text: &str) -> Position {
    game.parse_position(text).unwrap()
}

/// Fallas: B's points in front of A's back men leave A's next throw
/// likely to fail (every die must be used, and A's home pieces stand on
/// its last point): the failed throw counts for B.
#[test]
fn fallas_a_throw_likely_to_fail_counts_as_a_loss() {
    let g = game("fallas");
    // A to throw: two back men on A's route 1 (point 24), thirteen on its
    // last point; B closes points 18 to 23 but 21.
    let p = pos(
        &g,
        "A13,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B2,B2,B2,.,B2,B2,A2 B5@1 0/0 A - 9",
    );
    let throws = shots::throws(g.variant());
    let fail = failed_throw::chance(&g, &p, 0, throws, 1.0);
    assert!(fail > 0.5, "{fail}");
    assert_eq!(failed_throw::chance(&g, &p, 0, throws, 0.0), 0.0);
    let with = eval_with(&g, &p, 1, &[]);
    let without = eval_with(&g, &p, 1, &[("fail", 0.0)]);
    assert!(with > without + 0.2, "{with} {without}");
}

/// The prime: A has a piece waiting and B has closed five of the six
/// points where it enters; the sixth would make A lose at once.
#[test]
fn emperador_a_nearly_shut_entry_quarter_threatens_the_prime() {
    let g = game("emperador");
    let p = pos(
        &g,
        ".,.,A14,.,.,.,.,.,.,.,.,.,B5,.,.,.,.,.,B2,B2,B2,B2,B2,. A1@4 0/0 A - 30",
    );
    let sides = Sides::new(&g, &p);
    let threat = prime::chance(g.variant(), &sides, 0, 0.0, 1.0);
    assert!(threat > 0.4 && threat < 0.6, "{threat}");
    let with = eval_with(&g, &p, 1, &[]);
    let without = eval_with(&g, &p, 1, &[("prime_loss", 0.0)]);
    assert!(with > without + 0.1, "{with} {without}");
    // No prime in the rules, no threat.
    let mut v = *g.variant();
    v.blocked_entry = racegames_tables::BlockedEntry::Pass;
    let g2 = Tables::new(v).unwrap();
    assert_eq!(prime::chance(g2.variant(), &sides, 0, 0.0, 1.0), 0.0);
}

/// The tie: in Doze canes B's pieces stand behind A's closed last point
/// and A can play one face only: a dead position is near.
#[test]
fn doze_canes_a_near_tie_pulls_the_estimate_to_a_draw() {
    let g = game("doze_canes");
    let p = pos(
        &g,
        ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A1,B12,A11 - 0/0 B - 90",
    );
    let tie = tie::chance(&g, &p, 1.0);
    assert!(tie > 0.2, "{tie}");
    assert_eq!(tie::chance(&g, &p, 0.0), 0.0);
    // Neither side can fill its goal any more (A's third piece on point
    // 24, where it also blocks B): the estimate is the draw.
    assert_eq!(eval_with(&g, &p, 0, &[("tie", 0.0)]), 0.0);
    // An open position is no tie.
    let open = g.new_initial_state();
    assert_eq!(tie::chance(&g, &open, 1.0), 0.0);
}

/// Passed dice (Laquet): B's stack faces A's six single pieces (one piece
/// closes a point) and passes most of its dice to A.
#[test]
fn laquet_dice_a_blocked_side_cannot_use_go_to_the_other() {
    let g = game("laquet");
    let p = pos(
        &g,
        ".,.,.,.,.,.,A2,A2,A2,A2,A1,B14,A1,A1,A1,A1,A1,A1,.,B1,.,.,.,. - 0/0 A - 10",
    );
    let terms = TablesEval::default().terms(&g, &p);
    assert!(terms[1].passed > terms[0].passed + 3.0, "{terms:?}");
    let with = eval_with(&g, &p, 0, &[]);
    let without = eval_with(&g, &p, 0, &[("passed", 0.0)]);
    assert!(with > without, "{with} {without}");
}

/// Extra throws (Pareia de entrada): in an even race the side on roll may
/// throw again, so being on roll is worth more than without the rule.
#[test]
fn pareia_being_on_roll_is_worth_more_with_extra_throws() {
    let g = game("pareia_de_entrada");
    let mut v = *g.variant();
    v.extra_throw = racegames_tables::ExtraThrow::Never;
    let plain = Tables::new(v).unwrap();
    let text = ".,.,.,.,.,.,.,.,.,.,A5,.,B5,.,.,.,.,.,B5,A5,.,B5,A5,. - 0/0 A - 40";
    let with = eval_with(&g, &pos(&g, text), 0, &[]);
    let without = eval_with(&plain, &pos(&plain, text), 0, &[]);
    assert!(with > without && without > 0.0, "{with} {without}");
}

/// Stacking limit (Quinze tablas' option): A's own full point in its
/// entry quarter is closed to its waiting piece too, so the prime is
/// nearer than B's points alone make it.
#[test]
fn quinze_tablas_an_own_full_point_closes_the_entry_too() {
    let limited = Tables::from_params(
        "quinze_tablas",
        &[("stack_limit", racegames_board::ParamValue::Int(2))],
    )
    .unwrap();
    let free = game("quinze_tablas");
    let text = "A2,A2,A2,A2,A2,A2,.,.,.,.,.,B2,B2,B2,B1,.,.,.,B2,A2,B2,B2,B2,. A1@4 0/0 A - 40";
    let threat = |g: &Tables| {
        let p = pos(g, text);
        prime::chance(g.variant(), &Sides::new(g, &p), 0, 0.0, 1.0)
    };
    assert!(
        threat(&limited) > threat(&free),
        "{} {}",
        threat(&limited),
        threat(&free)
    );
    let value = |g: &Tables| eval_with(g, &pos(g, text), 1, &[]);
    assert!(value(&limited) > value(&free));
}

/// The half-board track (Medio emperador): a route of twelve points, the
/// first table then the one facing it; crossing between them is one pip.
/// Seven-point quarters (Tablas de siete): a route of 28.
#[test]
fn routes_follow_the_track_and_the_quarter_length() {
    let g = game("medio_emperador");
    let start = TablesEval::default().terms(&g, &g.new_initial_state());
    assert_eq!(start[0].pips, 15.0 * 12.0);
    assert_eq!(start[1].pips, 15.0 * 12.0);
    // B's piece on point 19 is on its route point 7: 6 pips from the end.
    let p = pos(
        &g,
        "B14,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B1,.,.,.,.,A15 - 0/0 A - 3",
    );
    assert_eq!(
        TablesEval::default().terms(&g, &p)[1].pips,
        14.0 * 12.0 + 6.0
    );
    let seven = game("tablas_de_siete");
    let terms = TablesEval::default().terms(&seven, &seven.new_initial_state());
    let expected = (0..8).map(|r| 2.0 * (28 - r) as f64).sum::<f64>() + 20.0;
    assert_eq!(terms[0].pips, expected);
    assert_eq!(terms[1].pips, expected);
    let _ = Variant::STANDARD;
    let _ = Seat::new(0);
}

/// Doze canes: with ten pieces in their places and two to come, pieces
/// six points short of the last hole take any die, while pieces next to
/// it force most throws onto the pieces in place (which can never go
/// back).
#[test]
fn doze_canes_the_last_pieces_wait_where_every_die_plays() {
    let g = game("doze_canes");
    let goal = "A2,A2,A2,A2,A2";
    let far = pos(
        &g,
        &format!(".,.,.,.,.,.,.,.,.,.,.,.,A2,.,.,.,.,.,.,{goal} B12@1 0/0 B - 60"),
    );
    let near = pos(
        &g,
        &format!(".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A2,.,{goal} B12@1 0/0 B - 60"),
    );
    let breaks = |p: &Position| fill::break_pips(&g, p, &Sides::new(&g, p), 0);
    assert_eq!(breaks(&far), 0.0);
    assert!(breaks(&near) > 12.0, "{}", breaks(&near));
}
