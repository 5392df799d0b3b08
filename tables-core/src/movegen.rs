//! Move generation: one die at a time, with the look-ahead that enforces
//! "use as many dice as possible" (and backgammon's "the larger die if only
//! one"). Nothing here allocates.
//!
//! During a player's turn the enemy's closed points never change (a move
//! can only hit a blot, which is not closed), so the look-ahead works on a
//! [`Side`]: the mover's pieces along its own route and a fixed mask of
//! closed points.

use board_core::Player;

use crate::action::{Move, Source, NUM_SOURCES};
use crate::game::Tables;
use crate::position::{Phase, Position, NO_TURN};
use crate::variant::{BearOff, DiceRule, Direction, Reentry, PIECES, POINTS, QUARTER};

/// Route points 0..18: everything before the last quarter.
const BEFORE_LAST_QUARTER: u32 = (1 << (3 * QUARTER)) - 1;

/// The mover's pieces along its own route, and the enemy's closed points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side {
    counts: [u8; POINTS],
    mask: u32,
    waiting: [u8; 4],
    n_waiting: u8,
    closed: u32,
}

impl Side {
    /// True when every piece is borne off.
    #[inline]
    fn is_empty(&self) -> bool {
        self.mask == 0 && self.n_waiting == 0
    }

    /// Applies one die from source index `s` (as in [`Source::index`]).
    #[inline]
    fn step(&mut self, s: u32, d: u8) {
        let t = if s >= POINTS as u32 {
            let q = (s - POINTS as u32) as usize;
            self.waiting[q] -= 1;
            self.n_waiting -= 1;
            q * QUARTER + d as usize - 1
        } else {
            let r = s as usize;
            self.counts[r] -= 1;
            if self.counts[r] == 0 {
                self.mask &= !(1 << r);
            }
            r + d as usize
        };
        if t < POINTS {
            self.counts[t] += 1;
            self.mask |= 1 << t;
        }
    }
}

/// The dice as a sorted array with `i` removed.
#[inline]
fn without(dice: &[u8; 4], n: usize, i: usize) -> [u8; 4] {
    let mut rest = *dice;
    rest.copy_within(i + 1..n, i);
    rest[n - 1] = 0;
    rest
}

impl Tables {
    /// The side of `player` in `pos`.
    #[inline]
    pub(crate) fn side(&self, pos: &Position, player: Player) -> Side {
        let p = player.index();
        let sign: i8 = if p == 0 { 1 } else { -1 };
        // The board seen by the player: its pieces positive, along its route.
        let mut own = [0i8; POINTS];
        for (o, &v) in own.iter_mut().zip(pos.board.iter()) {
            *o = v * sign;
        }
        if self.variant.directions[p] == Direction::Backward {
            own.reverse();
        }
        let closes = -(self.variant.closes_at as i8);
        let mut counts = [0u8; POINTS];
        let mut mask = 0u32;
        let mut closed = 0u32;
        for (r, &v) in own.iter().enumerate() {
            counts[r] = v.max(0) as u8;
            mask |= u32::from(v > 0) << r;
            closed |= u32::from(v <= closes) << r;
        }
        Side {
            counts,
            mask,
            waiting: pos.waiting[p],
            n_waiting: pos.waiting[p].iter().sum(),
            closed,
        }
    }

    /// The sources (as bits of [`Source::index`]) from which die `d` can be
    /// played, ignoring the other dice.
    #[inline]
    pub(crate) fn sources(&self, side: &Side, d: u8) -> u32 {
        if side.n_waiting > 0 {
            let mut m = 0;
            for q in 0..4 {
                if side.waiting[q] > 0 && side.closed & (1 << (q * QUARTER + d as usize - 1)) == 0 {
                    m |= 1 << (POINTS + q);
                }
            }
            return m;
        }
        let d = u32::from(d);
        let fits = (1u32 << (POINTS as u32 - d)) - 1;
        let mut m = side.mask & fits & !(side.closed >> d);
        if side.mask & BEFORE_LAST_QUARTER == 0 && side.mask != 0 {
            let over = side.mask & !fits;
            let exact = 1u32 << (POINTS as u32 - d);
            match self.variant.bear_off {
                BearOff::Any => m |= over,
                BearOff::Exact => m |= over & exact,
                BearOff::ExactOrHigher => {
                    m |= over & exact;
                    let low = side.mask.trailing_zeros();
                    if low + d > POINTS as u32 {
                        m |= 1 << low;
                    }
                }
            }
        }
        m
    }

    /// The most dice of `dice[..n]` (sorted highest first) that `side` can
    /// use, stopping early once `goal` is reached.
    pub(crate) fn max_use(&self, side: &Side, dice: &[u8; 4], n: usize, goal: usize) -> usize {
        if n == 0 || goal == 0 {
            return 0;
        }
        let mut best = 0;
        for i in 0..n {
            let d = dice[i];
            if i > 0 && dice[i - 1] == d {
                continue;
            }
            let mut srcs = self.sources(side, d);
            if srcs == 0 {
                continue;
            }
            if best == 0 {
                best = 1;
                if goal == 1 || n == 1 {
                    return 1;
                }
            }
            let rest = without(dice, n, i);
            while srcs != 0 {
                let s = srcs.trailing_zeros();
                srcs &= srcs - 1;
                let mut next = *side;
                next.step(s, d);
                let used = if next.is_empty() && self.variant.dice_rule.win_uses_every_die() {
                    // The last piece is off: the game is won, and a win
                    // counts as using every die.
                    n
                } else {
                    1 + self.max_use(&next, &rest, n - 1, goal - 1)
                };
                if used > best {
                    best = used;
                    if best >= goal {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// The legal sources for each die value (index = die), at a decision
    /// node; all zero elsewhere.
    pub(crate) fn legal_masks(&self, pos: &Position) -> [u32; 7] {
        let mut out = [0u32; 7];
        if pos.phase != Phase::Move || pos.turn >= 2 {
            return out;
        }
        let target = pos.max_use as usize;
        if target == 0 {
            return out;
        }
        let side = self.side(pos, Player::new(pos.turn));
        let n = pos.dice_len();
        let dice = &pos.dice;
        for i in 0..n {
            let d = dice[i];
            if i > 0 && dice[i - 1] == d {
                continue;
            }
            let srcs = self.sources(&side, d);
            if target == 1 {
                out[d as usize] = srcs;
                continue;
            }
            let rest = without(dice, n, i);
            let mut left = srcs;
            while left != 0 {
                let s = left.trailing_zeros();
                left &= left - 1;
                let mut next = side;
                next.step(s, d);
                let won = next.is_empty() && self.variant.dice_rule.win_uses_every_die();
                if won || self.max_use(&next, &rest, n - 1, target - 1) + 1 >= target {
                    out[d as usize] |= 1 << s;
                }
            }
        }
        if target == 1 && self.variant.dice_rule == DiceRule::MostDiceThenLarger {
            if let Some(largest) = (1..7).rev().find(|&d| out[d] != 0) {
                for (d, m) in out.iter_mut().enumerate() {
                    if d != largest {
                        *m = 0;
                    }
                }
            }
        }
        out
    }

    /// Calls `f` with each legal move, in increasing action order.
    pub(crate) fn for_each_legal(&self, pos: &Position, mut f: impl FnMut(Move)) {
        let masks = self.legal_masks(pos);
        let mut union = masks.iter().fold(0, |a, &m| a | m);
        while union != 0 {
            let s = union.trailing_zeros();
            union &= union - 1;
            for d in 1..7u8 {
                if masks[d as usize] & (1 << s) != 0 {
                    f(Move {
                        source: Source::from_index(s as usize),
                        die: d,
                    });
                }
            }
        }
    }

    /// True when `mv` is legal in `pos`: the same test as
    /// [`Tables::legal_masks`], for one move only.
    pub(crate) fn is_legal_move(&self, pos: &Position, mv: Move) -> bool {
        if pos.phase != Phase::Move || pos.turn >= 2 || pos.max_use == 0 {
            return false;
        }
        let n = pos.dice_len();
        let d = mv.die;
        let Some(i) = pos.dice[..n].iter().position(|&x| x == d) else {
            return false;
        };
        let s = mv.source.index();
        if s >= NUM_SOURCES {
            return false;
        }
        let side = self.side(pos, Player::new(pos.turn));
        if self.sources(&side, d) & (1 << s) == 0 {
            return false;
        }
        let target = pos.max_use as usize;
        if target == 1 {
            // Backgammon: when only one die can be used, the largest that can.
            return self.variant.dice_rule != DiceRule::MostDiceThenLarger
                || pos.dice[..n]
                    .iter()
                    .all(|&e| e <= d || self.sources(&side, e) == 0);
        }
        let rest = without(&pos.dice, n, i);
        let mut next = side;
        next.step(s as u32, d);
        let won = next.is_empty() && self.variant.dice_rule.win_uses_every_die();
        won || self.max_use(&next, &rest, n - 1, target - 1) + 1 >= target
    }

    /// The point index (0 for point 1) where `mv` by `player` lands, or
    /// `None` when it bears the piece off.
    pub(crate) fn landing(&self, player: Player, mv: Move) -> Option<usize> {
        let t = match mv.source {
            Source::Waiting(q) => q as usize * QUARTER + (mv.die as usize).saturating_sub(1),
            Source::Point(r) => r as usize + mv.die as usize,
        };
        (t < POINTS).then(|| self.route_to_point[player.index() & 1][t] as usize)
    }

    /// Applies a move already known to be legal.
    pub(crate) fn apply_move_unchecked(&self, pos: &mut Position, mv: Move) {
        let p = pos.turn as usize;
        let player = Player::new(pos.turn);
        let sign: i8 = if p == 0 { 1 } else { -1 };
        match mv.source {
            Source::Waiting(q) => pos.waiting[p][q as usize] -= 1,
            Source::Point(r) => pos.board[self.route_to_point[p][r as usize] as usize] -= sign,
        }
        match self.landing(player, mv) {
            None => pos.off[p] += 1,
            Some(pt) => {
                if pos.board[pt] * sign < 0 {
                    // A blot: it is hit and waits to re-enter.
                    let o = 1 - p;
                    pos.board[pt] = 0;
                    let q = match self.variant.reentry {
                        Reentry::Start => 0,
                        Reentry::Opposite => {
                            let ro = self.route_to_point[o][pt] as usize;
                            (ro / QUARTER + 2) % 4
                        }
                    };
                    pos.waiting[o][q] += 1;
                }
                pos.board[pt] += sign;
            }
        }
        pos.remove_die(mv.die);
        pos.max_use -= 1;
        if pos.off[p] >= PIECES || pos.max_use == 0 {
            self.end_turn(pos);
        }
    }

    /// Sets the dice of the player to move and goes on: to its decision, or
    /// (when no die can be used) straight to the next player.
    pub(crate) fn start_move(&self, pos: &mut Position, dice: [u8; 4]) {
        pos.dice = dice;
        pos.phase = Phase::Move;
        let n = pos.dice_len();
        let side = self.side(pos, Player::new(pos.turn));
        pos.max_use = self.max_use(&side, &pos.dice, n, n) as u8;
        if pos.max_use == 0 {
            self.end_turn(pos);
        }
    }

    /// Ends the turn of the player to move.
    pub(crate) fn end_turn(&self, pos: &mut Position) {
        let p = pos.turn as usize;
        pos.turns = pos.turns.saturating_add(1);
        pos.dice = [0; 4];
        pos.max_use = 0;
        let limit = self.variant.max_turns;
        if pos.off[p] >= PIECES || (limit > 0 && pos.turns >= limit) {
            pos.phase = Phase::Over;
            pos.turn = NO_TURN;
        } else {
            pos.phase = Phase::Throw;
            pos.turn = 1 - pos.turn;
        }
    }
}
