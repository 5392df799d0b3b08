//! Filling the last quarter alone: the exact chance that one side, playing
//! its best and unhindered, fills its goal (two pieces on each of its last
//! six points) from a placement of all its pieces on its last [`REGION`]
//! points.
//!
//! Near the goal the game is a gamble on exact dice: each die must be used,
//! every use moves the pieces on by its pips, and a piece carried past
//! every free place of the goal can never help, so the goal can never
//! fill. Even the best play fills it less than half the time from a
//! placement before the goal (`cargo run --example fill_solo` measures it
//! with the engine's own rules). The table is solved on first use, by
//! dynamic programming over every placement: pieces only move on, so a
//! placement's chance depends on more advanced ones only. A throw none of
//! whose dice can be used leaves the placement as it was, and a filled
//! goal wins at once, whatever dice are left.
//!
//! The evaluation counts a side's pieces further back as standing on the
//! region's first point, and weighs the chance of never filling far above
//! the race. The other side is ignored here: its pieces may yet block a
//! landing point, or hit. The table covers the game it assumes (twelve
//! pieces, two six-sided dice played as thrown, as many dice as possible,
//! six-point quarters: Doze canes' defaults); see [`covers`].

use std::sync::OnceLock;

use racegames_tables::{DiceRule, Doubles, Goal, Variant};

use super::SideView;

/// The points, counted back from the route's last, the table covers.
pub(crate) const REGION: usize = 10;
/// The pieces of a side.
const PIECES: usize = 12;
/// The goal's points.
const GOAL: usize = 6;

/// Placements of `n` pieces on `k` points: `WAYS[n][k]`.
const WAYS: [[u32; REGION + 1]; PIECES + 1] = {
    let mut t = [[0u32; REGION + 1]; PIECES + 1];
    let mut n = 0;
    while n <= PIECES {
        t[n][1] = 1;
        let mut k = 2;
        while k <= REGION {
            let mut m = 0;
            while m <= n {
                t[n][k] += t[n - m][k - 1];
                m += 1;
            }
            k += 1;
        }
        n += 1;
    }
    t
};

/// A placement: pieces on each point of a region of `k` points (the rest
/// of the array is empty).
type Placement = [u8; REGION];

/// The chance of filling the goal from each placement on the last `k`
/// points.
pub(crate) struct Table {
    k: usize,
    /// `SKIP[i][left][n]`: the placements before those with `n` pieces on
    /// point `i`, with `left` pieces on points `i..`.
    skip: Vec<[[u32; PIECES + 1]; PIECES + 1]>,
    chance: Vec<f32>,
}

impl Table {
    /// Solves the table for a region of `k` points (`GOAL..=REGION`).
    pub(crate) fn solve(k: usize) -> Table {
        assert!((GOAL..=REGION).contains(&k), "a region of {k} points");
        let mut skip = vec![[[0u32; PIECES + 1]; PIECES + 1]; k];
        for (i, table) in skip.iter_mut().enumerate() {
            for left in 0..=PIECES {
                for n in 1..=left {
                    table[left][n] = table[left][n - 1] + WAYS[left - (n - 1)][k - 1 - i];
                }
            }
        }
        let count = WAYS[PIECES][k] as usize;
        let mut table = Table {
            k,
            skip,
            chance: vec![0.0; count],
        };
        let mut order: Vec<(u32, Placement)> =
            (0..count as u32).map(|i| (i, table.unrank(i))).collect();
        // Pieces only move on: the most advanced placements first.
        order.sort_by_cached_key(|(_, at)| {
            core::cmp::Reverse(
                at.iter()
                    .enumerate()
                    .map(|(j, &n)| j * usize::from(n))
                    .sum::<usize>(),
            )
        });
        for (i, at) in &order {
            table.chance[*i as usize] = if table.filled(at) {
                1.0
            } else if table.stuck(at) {
                0.0
            } else {
                table.best_chance(at) as f32
            };
        }
        table
    }

    /// The placement's index (lexicographic by point).
    fn rank(&self, at: &Placement) -> usize {
        let mut left = PIECES;
        let mut index = 0u32;
        for (i, &n) in at[..self.k - 1].iter().enumerate() {
            index += self.skip[i][left][usize::from(n)];
            left -= usize::from(n);
        }
        index as usize
    }

    /// The placement of index `index`.
    fn unrank(&self, mut index: u32) -> Placement {
        let k = self.k;
        let mut at = [0u8; REGION];
        let mut left = PIECES;
        for (i, slot) in at[..k - 1].iter_mut().enumerate() {
            let mut n = 0;
            while index >= WAYS[left - n][k - 1 - i] {
                index -= WAYS[left - n][k - 1 - i];
                n += 1;
            }
            *slot = n as u8;
            left -= n;
        }
        at[k - 1] = left as u8;
        at
    }

    /// Two pieces on each point of the goal.
    fn filled(&self, at: &Placement) -> bool {
        let start = self.k - GOAL;
        at[..start].iter().all(|&n| n == 0) && at[start..self.k].iter().all(|&n| n == 2)
    }

    /// Some piece stands past every free place of the goal.
    fn stuck(&self, at: &Placement) -> bool {
        let mut free = 0u8;
        for &n in at[self.k - GOAL..self.k].iter().rev() {
            if n > 2 {
                if n - 2 > free {
                    return true;
                }
                free -= n - 2;
            } else {
                free += 2 - n;
            }
        }
        false
    }

    /// A placement's chance, from its successors' (already solved).
    fn best_chance(&self, at: &Placement) -> f64 {
        let (mut sum, mut idle) = (0.0, 0.0);
        for a in 1..=6 {
            for b in 1..=a {
                let p = if a == b { 1.0 } else { 2.0 } / 36.0;
                match self.best_play(at, a, b) {
                    Some(v) => sum += p * v,
                    None => idle += p,
                }
            }
        }
        if idle < 1.0 {
            sum / (1.0 - idle)
        } else {
            0.0
        }
    }

    /// The best chance after playing dice `a >= b`; `None` when neither can
    /// be used.
    fn best_play(&self, at: &Placement, a: usize, b: usize) -> Option<f64> {
        let k = self.k;
        let (mut both, mut one): (Option<f64>, Option<f64>) = (None, None);
        let better = |best: &mut Option<f64>, v: f64| *best = Some(best.map_or(v, |b| b.max(v)));
        let orders: &[(usize, usize)] = if a == b { &[(a, a)] } else { &[(a, b), (b, a)] };
        for (o, &(x, y)) in orders.iter().enumerate() {
            for from in (0..k.saturating_sub(x)).filter(|&j| at[j] > 0) {
                let mid = step(at, from, x);
                if self.filled(&mid) {
                    // A filled goal wins at once, whatever dice are left.
                    return Some(1.0);
                }
                let movable = (0..k.saturating_sub(y)).any(|j| mid[j] > 0);
                if !movable {
                    better(&mut one, f64::from(self.chance[self.rank(&mid)]));
                } else if o == 0 {
                    // Nothing blocks a piece here, so the other order of two
                    // different dice reaches the same ends.
                    for from2 in (0..k - y).filter(|&j| mid[j] > 0) {
                        let end = step(&mid, from2, y);
                        better(&mut both, f64::from(self.chance[self.rank(&end)]));
                    }
                }
            }
        }
        // As many dice as possible.
        both.or(one)
    }

    /// The chance of a placement on the region.
    fn get(&self, at: &Placement) -> f64 {
        f64::from(self.chance[self.rank(at)])
    }
}

fn step(at: &Placement, from: usize, pips: usize) -> Placement {
    let mut out = *at;
    out[from] -= 1;
    out[from + pips] += 1;
    out
}

/// The table of the whole region, solved on first use (about a second).
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| Table::solve(REGION))
}

/// Whether the table describes the variant's game.
pub(crate) fn covers(v: &Variant) -> bool {
    v.goal == Goal::FillLastQuarter
        && v.dice == 2
        && v.fixed_die == 0
        && v.faces == 6
        && v.doubles == Doubles::AsThrown
        && v.dice_rule == DiceRule::MostDice
        && usize::from(v.pieces) == PIECES
        && usize::from(v.quarter_len) == GOAL
        && v.route_len() == 4 * GOAL
}

/// The chance that `me` (its pieces along a route of `len` points) fills
/// its goal alone, its pieces further back counted as on the region's
/// first point; `None` when it has not twelve pieces.
pub(crate) fn chance(me: &SideView, len: usize) -> Option<f64> {
    let mut at = [0u8; REGION];
    at.copy_from_slice(&me.counts[len - REGION..len]);
    let back: u32 = me.counts[..len - REGION]
        .iter()
        .chain(&me.waiting)
        .map(|&n| u32::from(n))
        .sum();
    at[0] = u8::try_from(u32::from(at[0]) + back).ok()?;
    if at.iter().map(|&n| usize::from(n)).sum::<usize>() != PIECES {
        return None;
    }
    Some(table().get(&at))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The chance of a placement given as counts per point.
    pub(crate) fn chance_of(table: &Table, counts: &[u8]) -> f64 {
        let mut at = [0u8; REGION];
        at[..counts.len()].copy_from_slice(counts);
        table.get(&at)
    }

    #[test]
    fn placements_rank_and_unrank_one_to_one() {
        let t = Table::solve(GOAL);
        for i in 0..t.chance.len() as u32 {
            assert_eq!(t.rank(&t.unrank(i)), i as usize);
        }
    }

    #[test]
    fn a_filled_goal_is_won_and_a_stuck_piece_is_lost() {
        let t = Table::solve(GOAL);
        assert_eq!(chance_of(&t, &[2, 2, 2, 2, 2, 2]), 1.0);
        // A third piece on the last point can never leave.
        assert_eq!(chance_of(&t, &[1, 2, 2, 2, 2, 3]), 0.0);
        // One piece a point short: a throw with a one fills, two sixes are
        // lost, and every other throw must move some piece past the gap.
        let short = chance_of(&t, &[3, 1, 2, 2, 2, 2]);
        assert!((short - 11.0 / 35.0).abs() < 1e-6, "{short}");
    }
}
