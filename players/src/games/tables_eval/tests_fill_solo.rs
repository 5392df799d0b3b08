//! Doze canes' table of the chance of filling the goal alone, checked
//! against the engine's own rules, and greedy playing by it.

use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node, Seat};
use racegames_tables::{Position, Tables};

use super::*;
use crate::ply::ply_ends;
use crate::Evaluator;

const REGION_START: usize = 24 - fill_solo::REGION;

fn doze_canes() -> Tables {
    Tables::from_params("doze_canes", &[]).unwrap()
}

/// A's pieces on the last ten points (counts from point 15), B's all
/// waiting to enter (they block nothing), A to throw `dice` (or to throw).
fn solo(game: &Tables, counts: &[u8], dice: Option<(u8, u8)>) -> Option<Position> {
    let points: Vec<String> = (0..24usize)
        .map(|i| match i.checked_sub(REGION_START).map(|j| counts[j]) {
            Some(n) if n > 0 => format!("A{n}"),
            _ => ".".into(),
        })
        .collect();
    let board = points.join(",");
    let to_throw = game
        .parse_position(&format!("{board} B12@1 0/0 A - 60"))
        .ok()?;
    let Some((a, b)) = dice else {
        return Some(to_throw);
    };
    if game.usable_dice(&to_throw, Seat::new(0), &[a, b]) == 0 {
        return None;
    }
    game.parse_position(&format!("{board} B12@1 0/0 A {a}{b} 60"))
        .ok()
}

fn chance(game: &Tables, pos: &Position) -> f64 {
    if matches!(game.node(pos), Node::Terminal) {
        return 1.0;
    }
    solo_fill_chance(game, pos, Seat::new(0)).unwrap()
}

/// Each placement's chance is the mean over the throws of the best end of
/// turn the engine allows (a throw none of whose dice can be used left
/// out): the table's dynamic programming agrees with the engine's rules
/// (dice as thrown, as many as possible, a filled goal winning at once).
#[test]
fn doze_canes_the_chance_of_filling_alone_follows_the_engines_rules() {
    let g = doze_canes();
    let mut rng = SplitMix64::new(11);
    let mut checked = 0;
    while checked < 150 {
        // Twelve pieces on the last ten points, the later points likelier.
        let mut counts = [0u8; fill_solo::REGION];
        for _ in 0..12 {
            let j = fill_solo::REGION
                - 1
                - rng
                    .below(fill_solo::REGION)
                    .min(rng.below(fill_solo::REGION));
            counts[j] += 1;
        }
        let Some(start) = solo(&g, &counts, None) else {
            continue;
        };
        let table = chance(&g, &start);
        let (mut sum, mut idle) = (0.0, 0.0);
        for a in 1..=6u8 {
            for b in 1..=a {
                let p = if a == b { 1.0 } else { 2.0 } / 36.0;
                let Some(pos) = solo(&g, &counts, Some((a, b))) else {
                    idle += p;
                    continue;
                };
                let ends = ply_ends(&g, &pos);
                let best = ends
                    .ends
                    .iter()
                    .map(|end| chance(&g, &end.state))
                    .fold(0.0, f64::max);
                sum += p * best;
            }
        }
        let engine = if idle < 1.0 { sum / (1.0 - idle) } else { 0.0 };
        assert!(
            (engine - table).abs() < 1e-4,
            "{counts:?}: engine {engine}, table {table}"
        );
        checked += 1;
    }
}

/// With its pieces near the goal, greedy plays the end of its turn that
/// keeps the best chance of filling (here the ends differ by more than a
/// tenth), not the one the race alone prefers.
#[test]
fn doze_canes_greedy_keeps_the_best_chance_of_filling() {
    let g = doze_canes();
    // Points 15 to 24: three to come, the goal's front points filled.
    let counts = [1, 1, 0, 1, 1, 0, 2, 2, 2, 2];
    let pos = solo(&g, &counts, Some((5, 3))).unwrap();
    let ends = ply_ends(&g, &pos).ends;
    let eval = TablesEval::default();
    let mut out = [0.0; 2];
    let by_eval = ends
        .iter()
        .max_by(|x, y| {
            let mut value = |s: &Position| {
                eval.evaluate(&g, s, &mut out);
                out[0]
            };
            value(&x.state).total_cmp(&value(&y.state))
        })
        .unwrap();
    let chances: Vec<f64> = ends.iter().map(|e| chance(&g, &e.state)).collect();
    let best = chances.iter().cloned().fold(0.0, f64::max);
    let worst = chances.iter().cloned().fold(1.0, f64::min);
    assert!(best - worst > 0.1, "{chances:?}");
    assert!(
        (chance(&g, &by_eval.state) - best).abs() < 1e-9,
        "{chances:?}"
    );
    // The chance from the start, every piece still to enter, is below one
    // half: even alone, the goal fills less often than not.
    let start = g
        .parse_position(".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. A12@1,B12@1 0/0 A - 1")
        .unwrap();
    let p = chance(&g, &start);
    assert!(p > 0.3 && p < 0.5, "{p}");
}
