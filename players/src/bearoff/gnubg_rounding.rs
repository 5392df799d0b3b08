//! The one-sided table as gnubg's database holds it: every distribution
//! in 16-bit units of 1/65535, each position's rounded from its already
//! rounded successors, each throw played to the end with the fewest
//! throws on average in those units, ties kept in the order gnubg's move
//! generator lists the plays (gnubg's `makebearoff`). Rebuilt so from
//! this crate's rules, it equals the file Debian's gnubg installs
//! (`gnubg_os0.bd`) in all 54,264 positions (the `gnubg_tests` module);
//! the exact table differs from it by the rounding the file compounds (up
//! to 2.8e-3 in one entry). For comparing figures with gnubg's.

use std::sync::OnceLock;

use super::{pips, rank, unrank, PLACEMENTS, POINTS, TURNS};

/// The distribution of throws to bear off `counts` as gnubg's one-sided
/// database holds it: entry `n` in units of 1/65535, the entries summing
/// to 65535. `None` for more than 15 pieces. Built once, on first use
/// (about half a second).
///
/// ```
/// use racegames_players::bearoff::{rolls, rolls_as_gnubg};
/// let units = rolls_as_gnubg(&[3, 2, 0, 0, 0, 1]).unwrap();
/// assert_eq!(units.iter().map(|&u| u32::from(u)).sum::<u32>(), 65535);
/// let exact = rolls(&[3, 2, 0, 0, 0, 1]).unwrap();
/// assert!(units.iter().zip(exact).all(|(&u, p)| (f32::from(u) / 65535.0 - p).abs() < 3e-3));
/// ```
pub fn rolls_as_gnubg(counts: &[u8; POINTS]) -> Option<[u16; TURNS]> {
    if counts.iter().map(|&c| usize::from(c)).sum::<usize>() > super::PIECES {
        return None;
    }
    Some(table()[rank(counts)])
}

/// The whole table, indexed by [`rank`].
pub(super) fn table() -> &'static [[u16; TURNS]] {
    static TABLE: OnceLock<Vec<[u16; TURNS]>> = OnceLock::new();
    TABLE.get_or_init(rounded_like_gnubg)
}

/// The ends of a throw of `high` and `low` (`high >= low`) in the order
/// gnubg's move generator lists them (`GenerateMoves` in its `eval.c`):
/// depth first, the higher die first, each die from the highest point
/// down; an end found again is not listed twice, and a play that uses
/// more dice or more pips clears the plays listed before it.
fn ends_in_gnubg_order(counts: &[u8; POINTS], high: usize, low: usize) -> Vec<[u8; POINTS]> {
    struct Listed {
        ends: Vec<[u8; POINTS]>,
        most_dice: usize,
        most_pips: usize,
    }
    fn save(list: &mut Listed, dice: usize, pips: usize, end: [u8; POINTS]) {
        if dice < list.most_dice || pips < list.most_pips {
            return;
        }
        if dice > list.most_dice || pips > list.most_pips {
            list.ends.clear();
        }
        (list.most_dice, list.most_pips) = (dice, pips);
        if !list.ends.contains(&end) {
            list.ends.push(end);
        }
    }
    /// gnubg's `GenerateMovesSub`: true when no die could be played here.
    fn play(
        list: &mut Listed,
        dice: &[usize; 4],
        depth: usize,
        from: usize,
        pips: usize,
        board: [u8; POINTS],
    ) -> bool {
        let Some(&die) = dice.get(depth).filter(|&&d| d > 0) else {
            return true;
        };
        let back = (1..POINTS).rev().find(|&i| board[i] > 0).unwrap_or(0);
        let mut used = false;
        for i in (0..=from.min(POINTS - 1)).rev() {
            let legal = i >= die || i == back || i + 1 == die;
            if board[i] == 0 || !legal {
                continue;
            }
            let mut next = board;
            next[i] -= 1;
            if i >= die {
                next[i - die] += 1;
            }
            let onward = if dice[0] == dice[1] { i } else { 23 };
            if play(list, dice, depth + 1, onward, pips + die, next) {
                save(list, depth + 1, pips + die, next);
            }
            used = true;
        }
        !used
    }
    let mut list = Listed {
        ends: Vec::new(),
        most_dice: 0,
        most_pips: 0,
    };
    let doubled = if high == low { high } else { 0 };
    play(&mut list, &[high, low, doubled, doubled], 0, 23, 0, *counts);
    if high != low {
        play(&mut list, &[low, high, 0, 0], 0, 23, 0, *counts);
    }
    list.ends
}

/// The table gnubg's way (see the module docs). Among the ends of a throw
/// with the same mean, gnubg keeps the first its move generator lists.
fn rounded_like_gnubg() -> Vec<[u16; TURNS]> {
    let mut order: Vec<usize> = (0..PLACEMENTS).collect();
    order.sort_by_key(|&r| pips(&unrank(r)));
    let mut q = vec![[0u16; TURNS]; PLACEMENTS];
    for r in order {
        let c = unrank(r);
        if c.iter().all(|&n| n == 0) {
            q[r][0] = 0xFFFF;
            continue;
        }
        let mut acc = [0u32; TURNS];
        for a in 1..=6 {
            for b in 1..=a {
                let listed = ends_in_gnubg_order(&c, a, b).into_iter().map(|e| rank(&e));
                let mut best = (u64::MAX, 0);
                for e in listed {
                    let rolls: u64 = (1..TURNS).map(|i| i as u64 * u64::from(q[e][i])).sum();
                    if rolls < best.0 {
                        best = (rolls, e);
                    }
                }
                let weight = if a == b { 1 } else { 2 };
                for i in 0..TURNS - 1 {
                    acc[i + 1] += weight * u32::from(q[best.1][i]);
                }
            }
        }
        // Rounded to the nearest unit, the sum made 65535 at the mode.
        let mut out = [0u16; TURNS];
        let (mut sum, mut mode) = (0i64, 0);
        for i in 0..TURNS {
            out[i] = ((acc[i] + 18) / 36) as u16;
            sum += i64::from(out[i]);
            if out[i] > out[mode] {
                mode = i;
            }
        }
        out[mode] = (i64::from(out[mode]) - (sum - 0xFFFF)) as u16;
        q[r] = out;
    }
    q
}
