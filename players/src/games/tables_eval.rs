//! The tables games: a hand-written evaluation from the race, blots and the
//! shots at them, made points, primes, entering and bearing off.
//!
//! Every term is read off the variant's parameters (directions, dice,
//! doubles, re-entry, `closes_at`, scoring), so the same evaluation plays
//! Seys dos e as, backgammon and any other [`Tables`] game. Terms are in
//! *turns*: pips are divided by the mean pips of one throw of the variant,
//! so that a blot's cost (the pips it loses when hit, times the chance it
//! is hit) and the race lead add up. The sum, divided by the spread of the
//! race still to run, is squashed by a logistic into a winning chance, and
//! with gammons scored, mapped to an expected return.

mod shots;
#[cfg(test)]
mod tests;

use racegames_board::{Game, Seat};
use racegames_tables::{Direction, Goal, Position, Reentry, Scoring, Tables};

use super::value::{logistic, squash, terminal, two_player};

/// The points of a route.
const POINTS: usize = 24;

/// One side's pieces along its own route (point 0 is its first).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SideView {
    pub counts: [u8; POINTS],
    pub mask: u32,
    pub waiting: [u8; 4],
    pub off: u8,
}

/// Both sides, and what each side's moves meet.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sides {
    pub seat: [SideView; 2],
    /// In seat `x`'s route: the points it cannot land on.
    pub closed_to: [u32; 2],
    /// In seat `x`'s route: the other side's pieces it can hit.
    pub blots_seen_by: [u32; 2],
    pub directions: [Direction; 2],
}

impl Sides {
    pub(crate) fn new(game: &Tables, pos: &Position) -> Sides {
        let v = game.variant();
        let mut board = [[0u8; POINTS]; 2];
        for (i, pair) in (0..POINTS).map(|i| (i, pos.point(i + 1))) {
            if let Some((p, n)) = pair {
                board[p.index() & 1][i] = n;
            }
        }
        let mut sides = Sides {
            seat: [SideView::default(); 2],
            closed_to: [0; 2],
            blots_seen_by: [0; 2],
            directions: v.directions,
        };
        for x in 0..2 {
            let y = 1 - x;
            let player = Seat::new(x as u8);
            let s = &mut sides.seat[x];
            for r in 0..POINTS {
                let i = v.directions[x].to_point(r);
                s.counts[r] = board[x][i];
                s.mask |= u32::from(board[x][i] > 0) << r;
                sides.closed_to[x] |= u32::from(board[y][i] >= v.closes_at) << r;
                if v.closes_at == 2 && board[y][i] == 1 {
                    sides.blots_seen_by[x] |= 1 << r;
                }
            }
            for (q, w) in s.waiting.iter_mut().enumerate() {
                *w = pos.waiting(player, q);
            }
            s.off = pos.borne_off(player);
        }
        sides
    }

    /// Seat `to`'s route point of seat `from`'s route point `r`.
    #[inline]
    fn convert(&self, from: usize, to: usize, r: usize) -> usize {
        self.directions[to].to_point(self.directions[from].to_point(r))
    }
}

/// The weights of [`TablesEval`]'s score, in turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TablesWeights {
    /// The worth of being the one to throw next.
    pub on_roll: f64,
    /// Turns lost by a hit piece beyond its pips: it must enter first.
    pub hit_tempo: f64,
    /// How much the blots of the side about to throw count (it can still
    /// cover them) against those of the side that waits.
    pub thrower_blots: f64,
    /// Per closed point within reach in front of an enemy piece.
    pub blocks: f64,
    /// Per squared length of the longest run of closed points in front of
    /// an enemy piece, over 6.
    pub prime: f64,
    /// Per enemy piece waiting, times the chance it cannot enter.
    pub dance: f64,
    /// Per closed point where the enemy's hit pieces enter (backgammon's
    /// home board).
    pub home: f64,
    /// Per own piece waiting to enter.
    pub waiting: f64,
    /// How fast the spread of the outcome grows with the turns left.
    pub variance: f64,
    /// The slope of the logistic.
    pub scale: f64,
    /// The slope of the gammon chance, per turn of margin.
    pub gammon: f64,
}

impl Default for TablesWeights {
    fn default() -> TablesWeights {
        TablesWeights {
            on_roll: 0.5,
            hit_tempo: 0.0,
            thrower_blots: 0.3,
            blocks: 0.15,
            prime: 0.15,
            dance: 1.0,
            home: 0.1,
            waiting: 0.3,
            variance: 0.5,
            scale: 1.2,
            gammon: 0.8,
        }
    }
}

impl TablesWeights {
    /// Sets the weight named like its field; false for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "on_roll" => &mut self.on_roll,
            "hit_tempo" => &mut self.hit_tempo,
            "thrower_blots" => &mut self.thrower_blots,
            "blocks" => &mut self.blocks,
            "prime" => &mut self.prime,
            "dance" => &mut self.dance,
            "home" => &mut self.home,
            "waiting" => &mut self.waiting,
            "variance" => &mut self.variance,
            "scale" => &mut self.scale,
            "gammon" => &mut self.gammon,
            _ => return false,
        };
        *slot = value;
        true
    }
}

/// The terms of one side, before weighting (see [`TablesWeights`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideTerms {
    /// Pips to bear every piece off.
    pub pips: f64,
    /// Pips to bring every piece into the last quarter.
    pub pips_home: f64,
    /// Expected turns lost to the other side's next throw hitting a blot.
    pub exposure: f64,
    /// Closed points in front of enemy pieces.
    pub blocks: f64,
    /// The longest run of closed points in front of an enemy piece.
    pub prime: f64,
    /// Enemy pieces waiting, each times the chance it cannot enter.
    pub dance: f64,
    /// Closed points where the enemy's hit pieces enter.
    pub home: f64,
    /// Own pieces waiting to enter.
    pub waiting: f64,
}

/// The hand-written evaluation of the tables games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TablesEval {
    /// The score's weights.
    pub weights: TablesWeights,
}

impl TablesEval {
    /// The evaluation with these weights.
    pub fn new(weights: TablesWeights) -> TablesEval {
        TablesEval { weights }
    }

    /// Both sides' terms in `pos`.
    pub fn terms(&self, game: &Tables, pos: &Position) -> [SideTerms; 2] {
        let sides = Sides::new(game, pos);
        let throws = shots::throws(game.variant());
        let mut out = [SideTerms::default(); 2];
        for (x, t) in out.iter_mut().enumerate() {
            *t = side_terms(game, &sides, x, throws.mean_pips, self.weights.hit_tempo);
        }
        out
    }

    /// Seat 0's winning chance `p` in `pos`, with `thrower` to throw or
    /// move, as `2p - 1`.
    fn edge(&self, game: &Tables, terms: &[SideTerms; 2], thrower: usize, mean: f64) -> f64 {
        let w = &self.weights;
        let side = |x: usize| {
            let t = &terms[x];
            let exposure = if x == thrower { w.thrower_blots } else { 1.0 } * t.exposure;
            w.blocks * t.blocks
                + w.prime * t.prime * t.prime / 6.0
                + w.dance * t.dance
                + w.home * t.home
                - w.waiting * t.waiting
                - exposure
        };
        let roll = if thrower == 0 { w.on_roll } else { -w.on_roll };
        let lead = (terms[1].pips - terms[0].pips) / mean + roll + side(0) - side(1);
        let turns_left = (terms[0].pips + terms[1].pips) / (2.0 * mean);
        let _ = game;
        squash(0.5 * w.scale * lead / (1.0 + w.variance * turns_left).sqrt())
    }
}

impl crate::Evaluator<Tables> for TablesEval {
    fn evaluate(&self, game: &Tables, state: &Position, out: &mut [f64]) {
        if terminal(game, state, out) {
            return;
        }
        let max = game.variant().max_score();
        let Some(thrower) = game.turn_owner(state) else {
            two_player(0.0, max, out);
            return;
        };
        let terms = self.terms(game, state);
        let mean = shots::throws(game.variant()).mean_pips;
        let edge = self.edge(game, &terms, thrower.index(), mean);
        let value = if game.variant().scoring == Scoring::WinLoss {
            edge
        } else {
            let p = 0.5 * (1.0 + edge);
            let g = |x: usize| self.gammon_chance(state, &terms, x, mean);
            p * (1.0 + g(0)) - (1.0 - p) * (1.0 + g(1))
        };
        two_player(value, max, out);
    }
}

impl TablesEval {
    /// The chance that a win by seat `x` is a gammon: the other side has
    /// borne nothing off and needs more turns to bring its pieces home than
    /// `x` needs to bear off.
    fn gammon_chance(&self, pos: &Position, terms: &[SideTerms; 2], x: usize, mean: f64) -> f64 {
        let y = 1 - x;
        if pos.borne_off(Seat::new(y as u8)) > 0 {
            return 0.0;
        }
        let margin = (terms[y].pips_home / mean + 1.0) - terms[x].pips / mean;
        logistic(self.weights.gammon * margin)
    }
}

/// Seat `x`'s terms.
fn side_terms(game: &Tables, sides: &Sides, x: usize, mean: f64, hit_tempo: f64) -> SideTerms {
    let v = game.variant();
    let y = 1 - x;
    let me = &sides.seat[x];
    let them = &sides.seat[y];
    let mut t = SideTerms::default();
    for (r, &n) in me.counts.iter().enumerate() {
        t.pips += f64::from(n) * (POINTS - r) as f64;
        t.pips_home += f64::from(n) * 18usize.saturating_sub(r) as f64;
    }
    for (q, &n) in me.waiting.iter().enumerate() {
        t.pips += f64::from(n) * (25 - 6 * q) as f64;
        t.pips_home += f64::from(n) * 19usize.saturating_sub(6 * q) as f64;
        t.waiting += f64::from(n);
    }
    // My blots, hit by the other side's next throw.
    let hit = shots::shots(sides, y, shots::throws(v));
    for (r_them, &p) in hit.iter().enumerate() {
        if p > 0.0 {
            let r = sides.convert(y, x, r_them);
            let enter = match v.reentry {
                Reentry::Start => 0,
                Reentry::Opposite => (r / 6) ^ 2,
            };
            let pips_lost = 1.0 + r as f64 - (6 * enter) as f64;
            t.exposure += p * (pips_lost / mean + hit_tempo);
        }
    }
    // My closed points, along the other side's route.
    let mut closed = 0u32;
    for (u, slot) in (0..POINTS).map(|u| (u, sides.convert(y, x, u))) {
        if me.counts[slot] >= v.closes_at {
            closed |= 1 << u;
        }
    }
    let waiting_them: u8 = them.waiting.iter().sum();
    // The other side's rearmost piece, along its route (entering pieces
    // count from before their quarter).
    let rearmost = (0..4)
        .find(|&q| them.waiting[q] > 0)
        .map(|q| 6 * q as i32 - 1)
        .unwrap_or(them.mask.trailing_zeros() as i32);
    let mut run = 0;
    for u in 0..POINTS as i32 {
        if closed & (1 << u) != 0 && u > rearmost {
            // Reach: any of the other side's pieces within 12 points behind.
            let behind = them.mask & ((1u32 << u) - 1) & !((1u32 << (u - 12).max(0)) - 1);
            let near = behind & !((1u32 << (u - 6).max(0)) - 1);
            t.blocks += if near != 0 || waiting_them > 0 {
                1.0
            } else if behind != 0 {
                0.5
            } else {
                0.0
            };
            run += 1;
            t.prime = t.prime.max(f64::from(run));
        } else {
            run = 0;
        }
    }
    for (q, &n) in them.waiting.iter().enumerate() {
        let shut = (closed >> (6 * q) & 0x3f).count_ones();
        if n > 0 {
            t.dance += f64::from(n) * (f64::from(shut) / 6.0).powi(i32::from(v.dice));
        }
        if v.reentry == Reentry::Start && q == 0 {
            t.home = f64::from(shut);
        }
    }
    if v.goal == Goal::FillLastQuarter {
        // The race is to the places of the goal, not off the board; a goal
        // point the other side holds cannot be filled while it stays (a
        // blot there may yet be hit).
        let held: f64 = (POINTS - 6..POINTS)
            .map(|r| match them.counts[sides.convert(x, y, r)] {
                0 => 0.0,
                1 => 0.5,
                _ => 1.0,
            })
            .sum();
        t.pips = fill_pips(me) + STUCK * held;
        t.pips_home = t.pips;
    }
    t
}

/// The pips a piece costs that can no longer reach a free place of the
/// goal (a third piece on a point of the last quarter): the game cannot be
/// won while it stays, so it counts as a whole route.
const STUCK: f64 = POINTS as f64;

/// The pips to stand two pieces on each point of the route's last quarter
/// (Doze canes' goal): the places, furthest first, take the most advanced
/// piece not past them (no piece moves back, so this is the cheapest
/// match); a piece past every place still free costs [`STUCK`].
fn fill_pips(me: &SideView) -> f64 {
    // Route points of every piece, most advanced first; a piece waiting for
    // quarter q stands just before it.
    let mut at = [0i32; 64];
    let mut n = 0;
    for r in (0..POINTS).rev() {
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
                at[n] = 6 * q as i32 - 1;
                n += 1;
            }
        }
    }
    // Each place, furthest first, takes the most advanced piece not past
    // it; a piece past every place still free is stuck.
    let (mut pips, mut next) = (0.0, 0);
    for place in (0..12).map(|k| POINTS as i32 - 1 - k / 2) {
        while next < n && at[next] > place {
            pips += STUCK;
            next += 1;
        }
        if next < n {
            pips += f64::from(place - at[next]);
            next += 1;
        }
    }
    pips
}
