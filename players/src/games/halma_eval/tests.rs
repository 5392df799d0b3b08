use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Node, ParamValue};
use racegames_halma::{ChineseCheckers, SquareHalma};

use super::*;
use crate::Evaluator;

/// The 2-player camps of the square board, as (row, column) lists.
fn corner(rows: &[usize], bottom_right: bool) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for (r, &len) in rows.iter().enumerate() {
        for c in 0..len {
            v.push(if bottom_right {
                (15 - r, 15 - c)
            } else {
                (r, c)
            });
        }
    }
    v
}

/// Square-board notation with seat 1 (digit `1`) on `ones`, seat 2 on
/// `twos`, seat 1 to move.
fn square(ones: &[(usize, usize)], twos: &[(usize, usize)]) -> String {
    let mut rows = vec![vec!['.'; 16]; 16];
    for &(r, c) in ones {
        rows[r][c] = '1';
    }
    for &(r, c) in twos {
        rows[r][c] = '2';
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    format!("{} 1 - 40", rows.join("/"))
}

/// Seat 1 with 17 pieces in its target corner (all but (11,14) and
/// (11,15)) and `extra` outside; seat 2 with 18 in its own target and one
/// out.
fn endgame(extra: &[(usize, usize)]) -> String {
    let mut ones: Vec<_> = corner(&[5, 5, 4, 3, 2], true)
        .into_iter()
        .filter(|&p| p != (11, 14) && p != (11, 15))
        .collect();
    ones.extend_from_slice(extra);
    let mut twos: Vec<_> = corner(&[5, 5, 4, 3, 2], false)
        .into_iter()
        .filter(|&p| p != (4, 1))
        .collect();
    twos.push((7, 2));
    square(&ones, &twos)
}

fn values<G: Distance>(game: &Halma<G>, text: &str) -> Vec<f64> {
    let pos = game.parse_notation(text).unwrap();
    let mut out = vec![0.0; game.num_players()];
    HalmaEval::default().evaluate(game, &pos, &mut out);
    assert!(out.iter().all(|v| (-1.0..=1.0).contains(v)), "{out:?}");
    assert!(out.iter().sum::<f64>().abs() < 1e-9, "{out:?}");
    out
}

#[test]
fn a_piece_in_the_target_camp_is_better_than_one_outside() {
    let game = SquareHalma::default();
    let inside = values(&game, &endgame(&[(11, 15), (9, 12)]))[0];
    let outside = values(&game, &endgame(&[(10, 15), (9, 12)]))[0];
    assert!(inside > outside, "{inside} {outside}");
    let star = ChineseCheckers::default();
    let inside = values(&star, "1/11/111/111./............./............/.........../........../........./........../.........../......2...../............./1222/222/22/2 1 - 2")[0];
    let outside = values(&star, "1/11/111/111./............./............/.........../........../........./........../.........../......2...../1............/.222/222/22/2 1 - 2")[0];
    assert!(inside > outside, "{inside} {outside}");
}

#[test]
fn a_straggler_costs_more_than_the_same_distance_shared() {
    let game = SquareHalma::default();
    let shared = values(&game, &endgame(&[(8, 15), (8, 14)]))[0];
    let straggler = values(&game, &endgame(&[(10, 15), (6, 14)]))[0];
    assert!(shared > straggler, "{shared} {straggler}");
}

#[test]
fn advancing_lowers_the_cost_on_the_star() {
    let game = ChineseCheckers::default();
    let eval = HalmaEval::default();
    let start = game.new_initial_state();
    let before = eval.cost(&game, &start, 0);
    let after = game.parse_position("1/11/111/.111/.....1......./............/.........../........../........./........../.........../............/............./2222/222/22/2 2 - 1").unwrap();
    assert!(eval.cost(&game, &after, 0) < before);
    // The opening is even, with the seat to move a little ahead.
    let v = values(&game, &start.to_string());
    assert!(v[0] > 0.0 && v[0] < 0.2, "{v:?}");
}

#[test]
fn every_seat_gets_a_share_in_multi_player_games_and_winners_their_place() {
    for players in [3, 4, 6] {
        let game = ChineseCheckers::from_params(
            "chinese_checkers",
            &[("players", ParamValue::Int(players))],
        )
        .unwrap();
        let mut out = vec![0.0; players as usize];
        let pos = game.new_initial_state();
        HalmaEval::default().evaluate(&game, &pos, &mut out);
        assert!(out.iter().sum::<f64>().abs() < 1e-9);
        assert!(out.iter().all(|&v| v > -1.0 && v < 1.0), "{out:?}");
    }
}

#[test]
fn values_stay_in_range_along_random_games_with_every_finish_rule() {
    for finish in ["first", "all"] {
        let game = ChineseCheckers::from_params(
            "chinese_checkers",
            &[
                ("players", ParamValue::Int(4)),
                ("finish", ParamValue::Str(finish)),
                ("max_turns", ParamValue::Int(300)),
            ],
        )
        .unwrap();
        let mut rng = SplitMix64::new(3);
        let mut buf = ActionBuffer::new();
        let mut pos = game.new_initial_state();
        let mut out = vec![0.0; 4];
        while random_step(&game, &mut pos, &mut rng, &mut buf).is_some() {
            HalmaEval::default().evaluate(&game, &pos, &mut out);
            assert!(out.iter().sum::<f64>().abs() < 1e-9, "{out:?}");
            assert!(out.iter().all(|v| (-1.0..=1.0).contains(v)), "{out:?}");
        }
        assert_eq!(game.node(&pos), Node::Terminal);
    }
}

#[test]
fn an_enemy_piece_walled_in_the_target_camp_has_no_way_out() {
    let game = SquareHalma::default();
    let camp = game.target_zone(racegames_board::Seat::new(0));
    let hole = |r: usize, c: usize| r * 16 + c;
    let corner = hole(15, 15);
    // Seat 1 fills its whole target camp around seat 2's piece in the
    // corner: the piece cannot move, and is three straight steps from
    // leaving.
    let mut occupied = camp;
    let walled = way_out::<Square>(corner, occupied, &exits_of::<Square>(camp));
    assert_eq!(walled, 3);
    // An empty hole two steps up the diagonal lets it jump there, and on
    // out of the camp over the next piece.
    occupied.remove(hole(13, 13));
    assert_eq!(
        way_out::<Square>(corner, occupied, &exits_of::<Square>(camp)),
        0
    );
    // With every hole around taken, it gets one step from the edge.
    let mut crowded = <Square as Geometry>::ALL;
    crowded.remove(hole(13, 13));
    assert_eq!(
        way_out::<Square>(corner, crowded, &exits_of::<Square>(camp)),
        1
    );
}

/// The exit table of `camp`, as the evaluation's cache holds it.
fn exits_of<G: Geometry>(camp: G::Bits) -> [u8; 256] {
    with_exits::<G, _>(camp, |t| *t)
}

#[test]
fn the_cached_exit_tables_are_those_of_their_camps() {
    let game = SquareHalma::from_params("halma", &[("players", ParamValue::Int(4))]).unwrap();
    for seat in 0..4 {
        let camp = game.target_zone(racegames_board::Seat::new(seat));
        // Twice: built, then found.
        for _ in 0..2 {
            let table = exits_of::<Square>(camp);
            for (hole, &steps) in table.iter().enumerate() {
                assert_eq!(u32::from(steps), steps_out::<Square>(hole, camp));
            }
        }
    }
}
