//! How often can one side fill Doze canes' goal alone? The exact chance,
//! by dynamic programming over every placement of one side's twelve pieces
//! on the last `K` points, with the other side's pieces all waiting to
//! enter (they block nothing), and the greedy player's chance beside it.
//! The evaluation's own table (`tables_eval/fill_solo.rs`, ten points) is
//! solved without the engine; this program, slower, reads every move off
//! the engine (`ply_ends`) and so checks it: with `K` = 10 both give 45.4%
//! from the best placement before the goal.
//!
//! ```text
//! cargo run --profile quick -p racegames-players --example fill_solo -- [K] [GAMES]
//! ```
//!
//! The rules come from the engine itself (every end of a turn from
//! `ply_ends`): dice as thrown, as many dice as possible, a filled goal
//! wins at once. A throw that cannot be used leaves the placement as it
//! was. Prints, for each start with all twelve pieces on one point, the
//! best chance of filling the goal, and greedy's over GAMES games.

use std::collections::HashMap;

use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node};
use racegames_players::games::tables_eval::TablesEval;
use racegames_players::ply::ply_ends;
use racegames_players::Evaluator;
use racegames_tables::{Position, Tables};

const PIECES: u8 = 12;
const LEN: usize = 24;
const GOAL: usize = 18;

/// Seat A's pieces on the last `k` points (index 0 is point `25 - k`).
type Placement = Vec<u8>;

/// The position with A to play `dice`, or `None` when A can use none.
fn position(game: &Tables, at: &Placement, dice: (u8, u8)) -> Option<Position> {
    let k = at.len();
    let points: Vec<String> = (0..LEN)
        .map(|i| match i.checked_sub(LEN - k).map(|j| at[j]) {
            Some(n) if n > 0 => format!("A{n}"),
            _ => ".".to_string(),
        })
        .collect();
    let board = points.join(",");
    let to_roll = game
        .parse_position(&format!("{board} B12@1 0/0 A - 60"))
        .expect("a valid position");
    if game.usable_dice(&to_roll, racegames_board::Seat::new(0), &[dice.0, dice.1]) == 0 {
        return None;
    }
    let text = format!("{board} B12@1 0/0 A {}{} 60", dice.0, dice.1);
    Some(game.parse_position(&text).expect("a valid position"))
}

fn placement(pos: &Position, k: usize) -> Placement {
    (LEN - k..LEN)
        .map(|i| match pos.point(i + 1) {
            Some((s, n)) if s.index() == 0 => n,
            _ => 0,
        })
        .collect()
}

/// Two pieces on each point of the goal.
fn filled(at: &Placement) -> bool {
    let k = at.len();
    at[..k - (LEN - GOAL)].iter().all(|&n| n == 0) && at[k - (LEN - GOAL)..].iter().all(|&n| n == 2)
}

fn placements(k: usize, left: u8, prefix: &mut Placement, out: &mut Vec<Placement>) {
    if prefix.len() + 1 == k {
        prefix.push(left);
        out.push(prefix.clone());
        prefix.pop();
        return;
    }
    for n in 0..=left {
        prefix.push(n);
        placements(k, left - n, prefix, out);
        prefix.pop();
    }
}

fn throws() -> Vec<((u8, u8), f64)> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in 1..=a {
            out.push(((a, b), if a == b { 1.0 } else { 2.0 } / 36.0));
        }
    }
    out
}

/// The best chance of filling the goal from every placement.
fn solve(game: &Tables, k: usize) -> HashMap<Placement, f64> {
    let mut all = Vec::new();
    placements(k, PIECES, &mut Vec::new(), &mut all);
    // Pieces only move on: the most advanced placements first.
    let pips = |at: &Placement| -> usize {
        at.iter()
            .enumerate()
            .map(|(j, &n)| j * usize::from(n))
            .sum()
    };
    all.sort_by_key(|at| std::cmp::Reverse(pips(at)));
    let mut value: HashMap<Placement, f64> = HashMap::with_capacity(all.len());
    for at in all {
        // Nothing here knows which pieces are stuck: a placement that can
        // never fill gets 0 from its successors, as the rules play out.
        if filled(&at) {
            value.insert(at, 1.0);
            continue;
        }
        let (mut sum, mut idle) = (0.0, 0.0);
        for (dice, p) in throws() {
            let Some(pos) = position(game, &at, dice) else {
                idle += p;
                continue;
            };
            let ends = ply_ends(game, &pos);
            let mut best: Option<f64> = None;
            for end in &ends.ends {
                let v = if matches!(game.node(&end.state), Node::Terminal) {
                    1.0
                } else {
                    let next = placement(&end.state, k);
                    if next == at {
                        continue;
                    }
                    value[&next]
                };
                best = Some(best.map_or(v, |b: f64| b.max(v)));
            }
            match best {
                Some(v) => sum += p * v,
                None => idle += p,
            }
        }
        let v = if idle < 1.0 { sum / (1.0 - idle) } else { 0.0 };
        value.insert(at, v);
    }
    value
}

/// Greedy's share of fills from `start`, alone, over `games` games.
fn greedy_share(game: &Tables, start: &Placement, games: u32) -> f64 {
    let eval = TablesEval::default();
    let mut rng = SplitMix64::new(7);
    let mut values = [0.0; 2];
    let mut filled = 0;
    for _ in 0..games {
        let mut at = start.clone();
        for _turn in 0..200 {
            let r = rng.next_f64();
            let (mut acc, mut dice) = (0.0, (1, 1));
            for (d, p) in throws() {
                acc += p;
                dice = d;
                if r < acc {
                    break;
                }
            }
            let Some(pos) = position(game, &at, dice) else {
                continue;
            };
            let ends = ply_ends(game, &pos);
            let mut best = (f64::NEG_INFINITY, None);
            for end in &ends.ends {
                eval.evaluate(game, &end.state, &mut values);
                if values[0] > best.0 {
                    best = (values[0], Some(end.state));
                }
            }
            let Some(next) = best.1 else { continue };
            if matches!(game.node(&next), Node::Terminal) {
                filled += 1;
                break;
            }
            at = placement(&next, start.len());
        }
    }
    f64::from(filled) / f64::from(games)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let games: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let game = Tables::from_params("doze_canes", &[]).expect("a preset");
    let start = std::time::Instant::now();
    let value = solve(&game, k);
    println!(
        "{} placements on the last {k} points, solved in {:.1} s",
        value.len(),
        start.elapsed().as_secs_f64()
    );
    // The best placement with no piece yet in the goal, and the mean over
    // every such placement.
    let outside = k - (LEN - GOAL);
    let before: Vec<(&Placement, &f64)> = value
        .iter()
        .filter(|(at, _)| at[outside..].iter().all(|&n| n == 0))
        .collect();
    if let Some((at, v)) = before.iter().max_by(|a, b| a.1.total_cmp(b.1)) {
        let mean = before.iter().map(|(_, v)| **v).sum::<f64>() / before.len() as f64;
        println!(
            "no piece in the goal yet ({} placements): best {v:.3} from {at:?}, mean {mean:.3}",
            before.len()
        );
    }
    // Further arguments: placements to look up, as counts per point.
    for text in args.iter().skip(3) {
        let at: Placement = text.split(',').map(|n| n.parse().unwrap_or(0)).collect();
        match value.get(&at) {
            Some(v) => println!("{text}: {v:.3}"),
            None => println!("{text}: not a placement of twelve on {k} points"),
        }
    }
    for first in 0..k - 5 {
        let mut at = vec![0u8; k];
        at[first] = PIECES;
        println!(
            "all twelve on point {}: best {:.3}, greedy {:.3} ({games} games)",
            LEN - k + first + 1,
            value[&at],
            greedy_share(&game, &at, games)
        );
    }
}
