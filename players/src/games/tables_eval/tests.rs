use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Node, ParamValue, Seat};
use racegames_tables::{Position, Tables};

use super::*;
use crate::Evaluator;

fn value(game: &Tables, text: &str, seat: usize) -> f64 {
    let pos = game.parse_position(text).unwrap();
    let mut out = [0.0; 2];
    TablesEval::default().evaluate(game, &pos, &mut out);
    let max = game.variant().max_score();
    assert!(out.iter().all(|v| (-max..=max).contains(v)), "{out:?}");
    assert_eq!(out[0], -out[1]);
    out[seat]
}

/// The model's shots at `victim`'s blots, by point (1 to 24).
fn model_shots(game: &Tables, pos: &Position, victim: usize) -> Vec<(u8, f64)> {
    let sides = Sides::new(game, pos);
    let attacker = 1 - victim;
    let hit = shots::shots(&sides, attacker, shots::throws(game.variant()));
    let mut out: Vec<(u8, f64)> = (0..sides.len)
        .filter(|&r| hit[r] > 0.0)
        .map(|r| (sides.board_point(attacker, r) as u8, hit[r]))
        .collect();
    out.sort_by_key(|s| s.0);
    out
}

#[test]
fn a_blot_six_points_away_is_hit_by_17_throws_of_36() {
    let game = Tables::backgammon();
    let pos = game
        .parse_position("B15,.,.,.,.,.,A1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A14 - 0/0 B - 4")
        .unwrap();
    let shots = model_shots(&game, &pos, 0);
    assert_eq!(shots.len(), 1);
    assert_eq!(shots[0].0, 7);
    assert!((shots[0].1 - 17.0 / 36.0).abs() < 1e-12);
}

#[test]
fn the_shot_model_agrees_with_the_engine_on_random_positions() {
    for game in [Tables::backgammon(), Tables::seys_dos_e_as()] {
        let mut rng = SplitMix64::new(11);
        let mut buf = ActionBuffer::new();
        let (mut blots, mut equal) = (0, 0);
        for _ in 0..6 {
            let mut pos = game.new_initial_state();
            let mut step = 0;
            while random_step(&game, &mut pos, &mut rng, &mut buf).is_some() {
                step += 1;
                if game.node(&pos) != Node::Chance
                    || game.turn_owner(&pos).is_none()
                    || step % 5 != 0
                {
                    continue;
                }
                for victim in 0..2 {
                    let engine = game.shots(&pos, Seat::new(victim as u8));
                    let model = model_shots(&game, &pos, victim);
                    for s in &engine {
                        blots += 1;
                        let m = model.iter().find(|m| m.0 == s.point).map_or(0.0, |m| m.1);
                        equal += usize::from((m - s.probability).abs() < 1e-9);
                    }
                }
            }
        }
        assert!(blots > 100, "{blots}");
        assert!(
            equal * 100 >= blots * 95,
            "{}: {equal} of {blots}",
            game.name()
        );
    }
}

#[test]
fn a_made_point_is_better_than_blots() {
    let game = Tables::backgammon();
    // B has played an opening 31: making its 5-point, or splitting into blots.
    let point = value(
        &game,
        "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 A - 1",
        1,
    );
    let blots = value(
        &game,
        "B1,B1,.,.,.,A5,.,A3,.,.,.,B4,A5,.,B1,.,B3,.,B5,.,.,.,.,A2 - 0/0 A - 1",
        1,
    );
    assert!(point > blots, "{point} {blots}");
    let terms = TablesEval::default().terms(
        &game,
        &game
            .parse_position("B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 A - 1")
            .unwrap(),
    );
    assert_eq!(terms[1].exposure, 0.0);
    assert!(terms[1].blocks > terms[0].blocks - 1.0);
}

#[test]
fn in_a_race_fewer_pips_and_more_pieces_off_are_better() {
    let game = Tables::backgammon();
    let even = value(
        &game,
        "A3,A3,A3,A3,A3,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B3,B3,B3,B3,B3 - 0/0 B - 30",
        1,
    );
    let ahead = value(
        &game,
        "A3,A3,A3,A3,A3,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B3,B3,B3,B6 - 0/0 B - 30",
        1,
    );
    let off = value(
        &game,
        "A3,A3,A3,A3,A3,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B3,B3,B3 - 0/6 B - 30",
        1,
    );
    assert!(even > 0.0 && even < 0.5, "on roll, even race: {even}");
    assert!(ahead > even, "{ahead} {even}");
    assert!(off > ahead, "{off} {ahead}");
}

#[test]
fn a_piece_on_the_bar_against_a_closed_board_is_bad() {
    let game = Tables::backgammon();
    // A closed its home board; B has a piece on the bar (enters quarter 1).
    let closed = value(
        &game,
        "A2,A2,A2,A2,A2,A2,.,.,.,.,.,.,.,.,.,.,.,A3,B4,B4,B2,B2,B2,. B1@1 0/0 B - 30",
        1,
    );
    let open = value(
        &game,
        "A2,A2,A2,A2,.,.,A2,A2,.,.,.,.,.,.,.,.,.,A3,B4,B4,B2,B2,B2,. B1@1 0/0 B - 30",
        1,
    );
    assert!(closed < open, "{closed} {open}");
}

#[test]
fn seys_a_covered_point_is_better_than_blots_that_would_go_back() {
    let game = Tables::seys_dos_e_as();
    // B to throw. A's two runners stand together on 15, or apart on 14 and
    // 16 (same pips): blots in the third quarter re-enter in the first.
    let covered = value(
        &game,
        "A3,A4,B5,B5,B5,A6,.,.,.,.,.,.,.,.,A2,.,.,.,.,.,.,.,.,. - 0/0 B - 1",
        0,
    );
    let split = value(
        &game,
        "A3,A4,B5,B5,B5,A6,.,.,.,.,.,.,.,A1,.,A1,.,.,.,.,.,.,.,. - 0/0 B - 1",
        0,
    );
    assert!(covered > split, "{covered} {split}");
}

#[test]
fn seys_a_blot_hit_early_gains_pips() {
    // Hit in the second quarter, a piece re-enters in the fourth: pips
    // gained, so its exposure is a gain, not a cost.
    let game = Tables::seys_dos_e_as();
    let pos = game
        .parse_position("A3,A4,B5,B5,B5,A6,.,.,A1,.,.,A1,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 B - 1")
        .unwrap();
    let terms = TablesEval::default().terms(&game, &pos);
    assert!(terms[0].exposure < 0.0, "{:?}", terms[0]);
}

#[test]
fn gammons_lift_the_estimate_above_one_when_the_loser_is_far_behind() {
    let game =
        Tables::from_params("backgammon", &[("scoring", ParamValue::Str("gammons"))]).unwrap();
    let v = value(
        &game,
        "A3,A3,A3,A3,.,.,.,.,.,.,.,.,A3,.,.,.,.,.,.,.,.,.,.,B5 - 0/10 B - 60",
        1,
    );
    assert!(v > 1.0 && v <= 2.0, "{v}");
}

#[test]
fn a_finished_game_gets_its_result() {
    let game = Tables::backgammon();
    let v = value(
        &game,
        "A1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 14/15 - - 80",
        1,
    );
    assert_eq!(v, 1.0);
}

/// Doze canes is won by standing two pieces on each point of the last
/// quarter: the evaluation races to those places, and a third piece on a
/// point of the quarter (which can never leave it) is as bad as a piece at
/// the start.
#[test]
fn doze_canes_races_to_fill_the_last_quarter() {
    let game = Tables::from_params("doze_canes", &[]).unwrap();
    let board = |cells: &[(usize, &str)]| {
        let mut points = vec!["."; 24];
        for &(p, c) in cells {
            points[p - 1] = c;
        }
        points.join(",")
    };
    // Two pips short of every place, against a third piece stuck on point
    // 24 and one pip short of the others.
    let short = board(&[
        (17, "A2"),
        (18, "A2"),
        (19, "A2"),
        (20, "A2"),
        (21, "A2"),
        (22, "A2"),
    ]);
    let stuck = board(&[
        (18, "A1"),
        (19, "A2"),
        (20, "A2"),
        (21, "A2"),
        (22, "A2"),
        (24, "A3"),
    ]);
    let tail = "B12@1 0/0 B - 10";
    let v_short = value(&game, &format!("{short} {tail}"), 0);
    let v_stuck = value(&game, &format!("{stuck} {tail}"), 0);
    assert!(v_short > v_stuck, "{v_short} vs {v_stuck}");
    // The race alone (without the cost of throws that break the places).
    let race = TablesEval::new(TablesWeights {
        fill_break: 0.0,
        fill_solo: 0.0,
        ..TablesWeights::default()
    });
    let terms = |text: &str| {
        let pos = game.parse_position(&format!("{text} {tail}")).unwrap();
        race.terms(&game, &pos)[0].pips
    };
    let stuck_pips = 24.0;
    assert_eq!(terms(&short), 24.0);
    assert_eq!(terms(&stuck), stuck_pips + 9.0);
    let mut me = SideView::default();
    for r in 18..24 {
        me.counts[r] = 2;
    }
    assert_eq!(fill::fill_pips(&me, 24, 6), 0.0);
    // A third piece on the last point, one missing from the first place.
    me.counts[18] = 1;
    me.counts[23] = 3;
    assert_eq!(fill::fill_pips(&me, 24, 6), stuck_pips);
}
