//! The two-sided bear-off database: for every pair of placements of at
//! most [`CHECKERS`] pieces on the six home points (924 a side, 853,776
//! pairs), the exact chance that the side on roll wins, each throw played
//! to win most often (cubeless). Beside the one-sided tables' estimate,
//! which treats the two races as independent and plays each throw to need
//! the fewest throws on average, it is the game's true value.
//!
//! Both sides have borne off at least `15 - CHECKERS` pieces, so no gammon
//! is possible and the chance of winning is the whole story: the cubeless
//! equity is `2p - 1`.
//!
//! Solved by dynamic programming over the pairs in order of their pips
//! (every throw lowers them): a pair's value is the mean over the 21
//! throws of the best of `1 - value(them, end)` over the throw's ends, an
//! end with nothing left a win. About 0.16 s (optimised) and 6.8 MB, once,
//! on first use.

use std::sync::OnceLock;

use super::{choose, ends, pips, rank, unrank, POINTS};

/// The most pieces a side the two-sided table holds.
pub const CHECKERS: usize = 6;

/// The 21 throws and their weights in 36.
const THROWS: [(usize, usize, f64); 21] = {
    let mut t = [(0, 0, 0.0); 21];
    let mut k = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            t[k] = (a, b, if a == b { 1.0 } else { 2.0 });
            k += 1;
            b += 1;
        }
        a += 1;
    }
    t
};

/// A solved two-sided table.
pub(super) struct TwoSided {
    /// Placements a side: `C(checkers + 6, 6)`.
    side: usize,
    /// `win[mine * side + theirs]`: the chance the side on roll with
    /// `mine` wins against `theirs` (1 when `mine` is empty).
    win: Vec<f64>,
}

impl TwoSided {
    /// The chance the side on roll wins, by ranks.
    pub(super) fn get(&self, mine: usize, theirs: usize) -> f64 {
        self.win[mine * self.side + theirs]
    }

    /// Placements a side.
    #[cfg(test)]
    pub(super) fn side(&self) -> usize {
        self.side
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.win.len() * std::mem::size_of::<f64>()
    }
}

/// Solves the table for at most `checkers` pieces a side. Placements of
/// at most `checkers` pieces have the one-sided ranks below
/// `C(checkers + 6, 6)` (a rank orders the placements by their stars and
/// bars, the largest bar last), so the ranks index the table directly.
pub(super) fn solve(checkers: usize) -> TwoSided {
    let side = choose(checkers + POINTS, POINTS);
    // Each placement's distinct ends for each throw, as ranks.
    let mut start = Vec::with_capacity(side * THROWS.len() + 1);
    let mut flat: Vec<u32> = Vec::new();
    start.push(0);
    for r in 0..side {
        let counts = unrank(r);
        for &(a, b, _) in &THROWS {
            let mut e: Vec<u32> = ends(&counts, a, b).iter().map(|c| rank(c) as u32).collect();
            e.sort_unstable();
            e.dedup();
            flat.extend(e);
            start.push(flat.len());
        }
    }
    let most = 6 * checkers;
    let mut by_pips = vec![Vec::new(); most + 1];
    for r in 1..side {
        by_pips[pips(&unrank(r))].push(r);
    }
    let mut win = vec![0.0f64; side * side];
    // Nothing left to bear off: the side on roll has won.
    win[..side].fill(1.0);
    for total in 2..=2 * most {
        for mine_pips in total.saturating_sub(most)..=total.min(most) {
            for &x in &by_pips[mine_pips] {
                for &y in &by_pips[total - mine_pips] {
                    let row = y * side;
                    let mut sum = 0.0;
                    for (t, &(_, _, weight)) in THROWS.iter().enumerate() {
                        let k = x * THROWS.len() + t;
                        let best = flat[start[k]..start[k + 1]]
                            .iter()
                            .map(|&e| {
                                if e == 0 {
                                    1.0
                                } else {
                                    1.0 - win[row + e as usize]
                                }
                            })
                            .fold(0.0, f64::max);
                        sum += weight * best;
                    }
                    win[x * side + y] = sum / 36.0;
                }
            }
        }
    }
    TwoSided { side, win }
}

/// The table for [`CHECKERS`], solved on first use.
pub(super) fn table() -> &'static TwoSided {
    static TABLE: OnceLock<TwoSided> = OnceLock::new();
    TABLE.get_or_init(|| solve(CHECKERS))
}

/// The exact chance that the side on roll, with `mine` on its home points
/// (`mine[i]` pieces on the point `i + 1` away from bearing off), wins the
/// bear-off against `theirs`, both playing each throw to win most often;
/// `None` when either side has more than [`CHECKERS`] pieces. 1 when
/// `mine` is empty (it has won), 0 when only `theirs` is. The table is
/// solved once, on first use (about 0.16 s optimised, 6.8 MB).
///
/// ```
/// use racegames_players::bearoff::{two_sided_win, CHECKERS};
/// // One piece on the six point against one on the one point: the side on
/// // roll wins when its throw makes six pips (27 throws in 36).
/// let p = two_sided_win(&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]).unwrap();
/// assert!((p - 0.75).abs() < 1e-12);
/// assert!(two_sided_win(&[CHECKERS as u8 + 1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]).is_none());
/// ```
pub fn two_sided_win(mine: &[u8; POINTS], theirs: &[u8; POINTS]) -> Option<f64> {
    let fits = |c: &[u8; POINTS]| c.iter().map(|&n| usize::from(n)).sum::<usize>() <= CHECKERS;
    if !fits(mine) || !fits(theirs) {
        return None;
    }
    Some(table().get(rank(mine), rank(theirs)))
}

/// The two-sided table's size in bytes once solved (it is solved by this
/// call if it was not yet).
///
/// ```
/// assert_eq!(racegames_players::bearoff::two_sided_bytes(), 924 * 924 * 8);
/// ```
pub fn two_sided_bytes() -> usize {
    table().bytes()
}
