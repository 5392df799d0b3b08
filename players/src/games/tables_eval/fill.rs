//! Filling the last quarter (`Variant::goal = FillLastQuarter`, Doze
//! canes): the first side with exactly two pieces on each point of its
//! route's last quarter wins; nothing is borne off and no piece moves back.
//!
//! - The race is to the twelve places of the goal, not off the board
//!   ([`pips`]): the places, furthest first, take the most advanced piece
//!   not past them; a piece past every free place (a third piece on a
//!   point of the quarter) can never help and costs a whole route, and so
//!   does each goal point the other side holds (half for its blot, which
//!   may yet be hit).
//! - Dice must be used: once the pieces still travelling cannot take a
//!   die, a piece already in its place must, and leaves it for good
//!   ([`break_pips`]). The chance of such a throw, times a whole route, is
//!   the cost of bringing pieces home before the others can absorb the
//!   dice.

use racegames_tables::{Position, Tables};

use super::shots;
use super::{SideView, Sides, MAX_ROUTE};

/// Each point of the goal holds two pieces.
const PER_POINT: u8 = 2;

/// The pips a piece costs that can no longer reach a free place of the
/// goal: the game cannot be won while it stays, so it counts as a whole
/// route.
pub(crate) fn stuck(sides: &Sides) -> f64 {
    sides.len as f64
}

/// Seat `x`'s pips to its goal, with the goal points the other side holds.
pub(crate) fn pips(sides: &Sides, x: usize, held_weight: f64, exact: f64) -> f64 {
    let (len, qlen) = (sides.len, sides.qlen);
    let them = &sides.seat[1 - x];
    let held: f64 = (len - qlen..len)
        .filter_map(|r| sides.convert(x, 1 - x, r))
        .map(|r| match them.counts[r] {
            0 => 0.0,
            1 => 0.5,
            _ => 1.0,
        })
        .sum();
    fill_pips(&sides.seat[x], len, qlen)
        + stuck(sides) * held * held_weight
        + exact * inside_short(&sides.seat[x], len, qlen)
}

/// The pieces already in the goal quarter but short of their place: with
/// no room to overshoot, each waits for an exact die (a piece one point
/// short needs a one), which its pips undercount.
pub(crate) fn inside_short(me: &SideView, len: usize, qlen: usize) -> f64 {
    // Free places ahead of each point, walking back from the last: a
    // piece beyond its point's two takes the nearest free place ahead.
    let (mut free, mut short) = (0u32, 0u32);
    for r in (len - qlen..len).rev() {
        let n = u32::from(me.counts[r]);
        let cap = u32::from(PER_POINT);
        if n > cap {
            let moved = (n - cap).min(free);
            free -= moved;
            short += moved;
        } else {
            free += cap - n;
        }
    }
    f64::from(short)
}

/// The pips to stand two pieces on each point of the route's last quarter:
/// the places, furthest first, take the most advanced piece not past them
/// (no piece moves back, so this is the cheapest match); a piece past every
/// place still free costs a whole route.
pub(crate) fn fill_pips(me: &SideView, len: usize, qlen: usize) -> f64 {
    // Route points of every piece, most advanced first; a piece waiting for
    // quarter q stands just before it.
    let mut at = [0i32; 64];
    let mut n = 0;
    for r in (0..len.min(MAX_ROUTE)).rev() {
        for _ in 0..me.counts[r] {
            if n < at.len() {
                at[n] = r as i32;
                n += 1;
            }
        }
    }
    for q in (0..4).rev() {
        for _ in 0..me.waiting[q] {
            if n < at.len() {
                at[n] = (qlen * q) as i32 - 1;
                n += 1;
            }
        }
    }
    let stuck = len as f64;
    let (mut pips, mut next) = (0.0, 0);
    for place in (0..PER_POINT as usize * qlen).map(|k| (len - 1 - k / 2) as i32) {
        while next < n && at[next] > place {
            pips += stuck;
            next += 1;
        }
        if next < n {
            pips += f64::from(place - at[next]);
            next += 1;
        }
    }
    pips
}

/// False when seat `x` can no longer win: a piece of its own is stuck (a
/// third piece on a point of the goal with no free place ahead; pieces
/// never move back), or the other side has two pieces on `x`'s last point,
/// where they can never move nor be hit.
pub(crate) fn can_win(sides: &Sides, x: usize) -> bool {
    let me = &sides.seat[x];
    let last = sides.convert(x, 1 - x, sides.len - 1);
    let blocked = last.is_some_and(|r| sides.seat[1 - x].counts[r] >= PER_POINT);
    stuck_pieces(&me.counts, sides.len, sides.qlen) == 0 && !blocked
}

/// The pieces of `counts` (along a route of `len` points, every piece on
/// the board) that can no longer reach a free place of the goal.
fn stuck_pieces(counts: &[u8; MAX_ROUTE], len: usize, qlen: usize) -> u32 {
    // Walking back from the last point: free places seen so far can take
    // the pieces met later (further back).
    let (mut free, mut stuck) = (0u32, 0u32);
    for r in (len - qlen..len).rev() {
        let n = u32::from(counts[r]);
        let cap = u32::from(PER_POINT);
        if n > cap {
            let extra = n - cap;
            let placed = extra.min(free);
            free -= placed;
            stuck += extra - placed;
        } else {
            free += cap - n;
        }
    }
    stuck
}

/// The expected pips seat `x` loses to a throw that forces a piece past
/// every free place of the goal: dice must be used, and when the pieces
/// still travelling cannot take them all, pieces in their places must.
/// Each throw of the variant is tried, every way of playing it (on the
/// board as it stands, entering first); it breaks when every way that
/// uses the dice it can leaves a piece stuck.
pub(crate) fn break_pips(game: &Tables, _pos: &Position, sides: &Sides, x: usize) -> f64 {
    let v = game.variant();
    let me = &sides.seat[x];
    let play = Play {
        open: !sides.closed_to[x] & sides.route_mask(),
        len: sides.len,
        qlen: sides.qlen,
        before: stuck_pieces(&me.counts, sides.len, sides.qlen),
        forced_entry: v.entry == racegames_tables::Entry::Forced,
    };
    let chance: f64 = shots::throws(v)
        .list
        .iter()
        .filter(|t| !play.safe(me.counts, me.waiting, &t.faces[..t.len]))
        .map(|t| t.probability)
        .sum();
    chance * stuck(sides)
}

/// One side's throw played on its own pieces.
struct Play {
    open: u32,
    len: usize,
    qlen: usize,
    before: u32,
    forced_entry: bool,
}

impl Play {
    /// True when `dice` can be played from `counts` and `waiting`, using
    /// each die that has a move, with no more pieces stuck than before.
    fn safe(&self, counts: [u8; MAX_ROUTE], waiting: [u8; 4], dice: &[u8]) -> bool {
        if dice.is_empty() {
            return stuck_pieces(&counts, self.len, self.qlen) <= self.before;
        }
        let mut any_move = false;
        for i in 0..dice.len() {
            if dice[..i].contains(&dice[i]) {
                continue;
            }
            let mut rest = [0u8; 4];
            let n = dice.len() - 1;
            rest[..i].copy_from_slice(&dice[..i]);
            rest[i..n].copy_from_slice(&dice[i + 1..]);
            let (moved, ok) = self.first(counts, waiting, usize::from(dice[i]), &rest[..n]);
            if ok {
                return true;
            }
            any_move |= moved;
        }
        // No die has a move: they are lost, which breaks nothing.
        !any_move
    }

    /// Plays die `d` first, then `rest`: whether `d` had a move, and
    /// whether some play is safe.
    fn first(
        &self,
        counts: [u8; MAX_ROUTE],
        waiting: [u8; 4],
        d: usize,
        rest: &[u8],
    ) -> (bool, bool) {
        let mut moved = false;
        let entering = waiting.iter().any(|&n| n > 0);
        for q in 0..4 {
            let t = self.qlen * q + d - 1;
            if waiting[q] > 0 && t < self.len && self.open & (1 << t) != 0 {
                moved = true;
                let (mut c, mut w) = (counts, waiting);
                w[q] -= 1;
                c[t] += 1;
                if self.safe(c, w, rest) {
                    return (true, true);
                }
            }
        }
        if !(entering && self.forced_entry) {
            for r in 0..self.len {
                let t = r + d;
                if counts[r] > 0 && t < self.len && self.open & (1 << t) != 0 {
                    moved = true;
                    let mut c = counts;
                    c[r] -= 1;
                    c[t] += 1;
                    if self.safe(c, waiting, rest) {
                        return (true, true);
                    }
                }
            }
        }
        // A die with no move is lost, which breaks nothing.
        (moved, !moved && self.safe(counts, waiting, rest))
    }
}
