//! The two-sided table against a naive recursion over the engine's own
//! throws and plays, and against the one-sided tables where they agree.

use std::collections::HashMap;

use racegames_board::{Game, Node, Seat};
use racegames_tables::Tables;

use super::tests::{assert_plays_are_the_engines, position};
use super::two_sided::{solve, table};
use super::*;
use crate::ply::ply_ends;

/// The chance that A, on roll with `mine`, wins against B's `theirs`,
/// by recursion over the engine's chance outcomes and whole-turn plays.
fn naive(
    game: &Tables,
    mine: [u8; 6],
    theirs: [u8; 6],
    memo: &mut HashMap<([u8; 6], [u8; 6]), f64>,
) -> f64 {
    if mine == [0; 6] {
        return 1.0;
    }
    if let Some(&v) = memo.get(&(mine, theirs)) {
        return v;
    }
    let start = position(game, &mine, &theirs, "");
    let mut throws = Vec::new();
    game.chance_outcomes(&start, |a, p| throws.push((a, p)));
    let mut value = 0.0;
    for (action, p) in throws {
        let mut thrown = start;
        game.apply_legal(&mut thrown, action);
        let best = ply_ends(game, &thrown)
            .ends
            .iter()
            .map(|end| {
                if game.node(&end.state) == Node::Terminal {
                    return 1.0;
                }
                let left = home(game, &end.state, Seat::new(0)).unwrap();
                1.0 - naive(game, theirs, left, memo)
            })
            .fold(f64::NEG_INFINITY, f64::max);
        value += p * best;
    }
    memo.insert((mine, theirs), value);
    value
}

#[test]
fn up_to_two_pieces_a_side_every_pair_equals_the_naive_recursion() {
    let game = Tables::backgammon();
    let small = solve(2);
    assert_eq!(small.side(), 28);
    let mut memo = HashMap::new();
    for x in 1..small.side() {
        for y in 1..small.side() {
            let want = naive(&game, unrank(x), unrank(y), &mut memo);
            let got = small.get(x, y);
            assert!(
                (got - want).abs() < 1e-12,
                "{:?} vs {:?}: {got} vs {want}",
                unrank(x),
                unrank(y)
            );
        }
    }
}

#[test]
fn the_full_table_holds_the_small_one_and_chances() {
    let full = table();
    assert_eq!(full.side(), 924);
    assert_eq!(two_sided_bytes(), 924 * 924 * 8);
    let small = solve(3);
    for x in 0..small.side() {
        for y in 1..small.side() {
            assert_eq!(full.get(x, y), small.get(x, y));
        }
    }
    for x in (1..full.side()).step_by(7) {
        for y in 1..full.side() {
            let p = full.get(x, y);
            assert!((0.0..=1.0 + 1e-12).contains(&p), "{p}");
        }
    }
    // Two pieces on the one point against anything: off in one throw.
    assert_eq!(
        two_sided_win(&[2, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 3, 3]),
        Some(1.0)
    );
    assert_eq!(two_sided_win(&[0; 6], &[1, 0, 0, 0, 0, 0]), Some(1.0));
    assert_eq!(two_sided_win(&[1, 0, 0, 0, 0, 0], &[0; 6]), Some(0.0));
}

#[test]
fn every_throw_of_every_small_placement_is_played_as_the_engine_plays_it() {
    let game = Tables::backgammon();
    for r in (1..choose(CHECKERS + POINTS, POINTS)).step_by(3) {
        let mine = unrank(r);
        for a in 1..=6 {
            for b in 1..=a {
                assert_plays_are_the_engines(&game, &mine, a, b);
            }
        }
    }
}

#[test]
fn the_players_chances_are_the_two_sided_tables_where_it_applies() {
    let game = Tables::backgammon();
    let mut out = [0.0; 5];
    let (mine, theirs) = ([1, 2, 0, 1, 0, 1], [0, 1, 1, 1, 1, 0]);
    let pos = position(&game, &mine, &theirs, "");
    assert_eq!(probabilities(&game, &pos, &mut out), Some(Seat::new(0)));
    let exact = two_sided_win(&mine, &theirs).unwrap();
    assert_eq!(out, [exact as f32, 0.0, 0.0, 0.0, 0.0]);
    let mut estimate = [0.0; 5];
    one_sided_probabilities(&game, &pos, &mut estimate).unwrap();
    assert!((estimate[0] - out[0]).abs() < 0.03, "{estimate:?} {out:?}");
    // Seven pieces: the one-sided tables.
    let seven = [1, 2, 0, 1, 0, 3];
    let pos = position(&game, &seven, &theirs, "");
    probabilities(&game, &pos, &mut out).unwrap();
    one_sided_probabilities(&game, &pos, &mut estimate).unwrap();
    assert_eq!(out, estimate);
    assert!(two_sided_win(&seven, &theirs).is_none());
}
