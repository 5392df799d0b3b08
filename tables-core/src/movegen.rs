//! Move generation: one die at a time, with the look-ahead that enforces
//! "use as many dice as possible" (and backgammon's "the larger die if only
//! one"). Nothing here allocates.
//!
//! During a player's turn the enemy's closed points never change (a move
//! can only hit a blot, which is not closed), so the look-ahead works on a
//! [`Side`]: the mover's pieces along its own route and a fixed mask of
//! closed points.

use racegames_board::Seat;

use crate::action::Move;
use crate::action::Source;
use crate::game::Tables;
use crate::position::{Phase, Position};
use crate::variant::{BearOff, DiceRule, Entry, Goal, Mode, Reentry, MAX_POINTS};

/// The mover's pieces along its own route, and the enemy's closed points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side {
    counts: [u8; MAX_POINTS],
    mask: u32,
    waiting: [u8; 4],
    n_waiting: u8,
    closed: u32,
    /// Route points that hold as many own pieces as the stack limit.
    full: u32,
    /// Doblet: the doubled stacks still standing.
    stacks: u8,
}

impl Side {
    /// True when every piece is borne off.
    #[inline]
    fn is_empty(&self) -> bool {
        self.mask == 0 && self.n_waiting == 0
    }

    /// True when exactly two pieces stand on each point of the route's last
    /// quarter (Doze canes' goal).
    #[inline]
    pub(crate) fn filled(&self, game: &Tables) -> bool {
        let last = game.route_len - game.qlen;
        self.n_waiting == 0
            && self.mask == ((1u32 << game.qlen) - 1) << last
            && self.counts[last..game.route_len].iter().all(|&n| n == 2)
    }

    /// The enemy's closed points along the route, as bits.
    #[inline]
    pub(crate) fn closed_points(&self) -> u32 {
        self.closed
    }

    /// True when the side has reached its goal.
    #[inline]
    fn won(&self, game: &Tables) -> bool {
        match game.variant.goal {
            Goal::BearOff => self.is_empty(),
            Goal::FillLastQuarter => self.filled(game),
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
    pub(crate) fn side(&self, pos: &Position, player: Seat) -> Side {
        let p = player.index();
        let sign: i8 = if p == 0 { 1 } else { -1 };
        let closes = -(self.variant.closes_at as i8);
        let limit = self.variant.stack_limit;
        let mut counts = [0u8; MAX_POINTS];
        let mut mask = 0u32;
        let mut closed = 0u32;
        let mut full = 0u32;
        for (r, &pt) in self.route_to_point[p][..self.route_len].iter().enumerate() {
            let v = pos.board[pt as usize] * sign;
            counts[r] = v.max(0) as u8;
            mask |= u32::from(v > 0) << r;
            closed |= u32::from(v <= closes) << r;
            full |= u32::from(limit > 0 && v >= limit as i8) << r;
        }
        Side {
            counts,
            mask,
            waiting: pos.waiting[p],
            n_waiting: pos.waiting[p].iter().sum(),
            closed,
            full,
            stacks: pos.stacks[p],
        }
    }

    /// Applies one die from source index `s` (as in
    /// [`Tables::source_index`]) to `side`.
    #[inline]
    fn step(&self, side: &mut Side, s: u32, d: u8) {
        let r = s as usize;
        if self.variant.mode == Mode::Doblet {
            if side.stacks & (1 << r) != 0 {
                side.stacks &= !(1 << r);
            } else {
                side.counts[r] -= 1;
                if side.counts[r] == 0 {
                    side.mask &= !(1 << r);
                }
            }
            return;
        }
        let t = if r >= self.route_len {
            let q = r - self.route_len;
            side.waiting[q] -= 1;
            side.n_waiting -= 1;
            q * self.qlen + d as usize - 1
        } else {
            side.counts[r] -= 1;
            if side.counts[r] == 0 {
                side.mask &= !(1 << r);
            }
            side.full &= !(1 << r);
            r + d as usize
        };
        if t < self.route_len {
            side.counts[t] += 1;
            side.mask |= 1 << t;
            let limit = self.variant.stack_limit;
            if limit > 0 && side.counts[t] >= limit {
                side.full |= 1 << t;
            }
        }
    }

    /// The sources (as bits of [`Tables::source_index`]) from which die
    /// `d` can be played, ignoring the other dice.
    #[inline]
    pub(crate) fn sources(&self, side: &Side, d: u8) -> u32 {
        let rl = self.route_len as u32;
        if self.variant.mode == Mode::Doblet {
            let b = u32::from(d) - 1;
            return if side.stacks != 0 {
                u32::from(side.stacks) & (1 << b)
            } else {
                side.mask & (1 << b)
            };
        }
        let blocked = side.closed | side.full;
        let mut m = 0;
        if side.n_waiting > 0 {
            for q in 0..4 {
                let t = q * self.qlen + d as usize - 1;
                if side.waiting[q] > 0 && t < self.route_len && blocked & (1 << t) == 0 {
                    m |= 1 << (rl as usize + q);
                }
            }
            if self.variant.entry == Entry::Forced {
                return m;
            }
        }
        let d = u32::from(d);
        let fits = (1u32 << (rl - d)) - 1;
        m |= side.mask & fits & !(blocked >> d);
        if self.variant.goal == Goal::BearOff
            && side.n_waiting == 0
            && side.mask & self.before_last == 0
            && side.mask != 0
        {
            let over = side.mask & !fits;
            let exact = 1u32 << (rl - d);
            match self.variant.bear_off {
                BearOff::Any => m |= over,
                BearOff::Exact => m |= over & exact,
                BearOff::ExactOrHigher => {
                    m |= over & exact;
                    let low = side.mask.trailing_zeros();
                    if low + d > rl {
                        m |= 1 << low;
                    }
                }
            }
        }
        m
    }

    /// True when a win counts as using every die and `side` has won.
    #[inline]
    fn won_with_every_die(&self, side: &Side) -> bool {
        self.variant.dice_rule.win_uses_every_die() && side.won(self)
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
                self.step(&mut next, s, d);
                let used = if self.won_with_every_die(&next) {
                    // The game is won, and a win counts as using every die.
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

    /// The most of `dice` (up to four, any order) that `player` could use
    /// on the board of `pos`, by the rules of a turn (entering first, the
    /// points closed to him, bearing off, a win using every die where it
    /// counts so). Evaluations read a throw's fate off it: the failed throw,
    /// dice passed to the opponent. Faces outside the dice are not usable.
    ///
    /// ```
    /// use racegames_board::Seat;
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// // B's two back pieces on point 1 face A's closed points 2 to 6, and
    /// // his other pieces stand on his last point: only sixes play.
    /// let pos = game
    ///     .parse_position("B2,A2,A2,A2,A2,A2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A5,B13 - 0/0 B - 9")
    ///     .unwrap();
    /// assert_eq!(game.usable_dice(&pos, Seat::new(1), &[6, 6]), 2);
    /// assert_eq!(game.usable_dice(&pos, Seat::new(1), &[2, 3]), 0);
    /// ```
    pub fn usable_dice(&self, pos: &Position, player: Seat, dice: &[u8]) -> usize {
        let mut sorted = [0u8; 4];
        let n = dice.len().min(4);
        for (slot, &d) in sorted.iter_mut().zip(dice) {
            *slot = if (1..=self.variant.faces).contains(&d) {
                d
            } else {
                0
            };
        }
        sorted[..n].sort_unstable_by(|a, b| b.cmp(a));
        let n = sorted[..n].iter().filter(|&&d| d > 0).count();
        let side = self.side(pos, Seat::new((player.index() & 1) as u8));
        self.max_use(&side, &sorted, n, n)
    }

    /// The legal sources for each die value (index = die), at a decision
    /// node; all zero elsewhere.
    pub(crate) fn legal_masks(&self, pos: &Position) -> [u32; 8] {
        let mut out = [0u32; 8];
        if pos.phase != Phase::Move || pos.turn >= 2 {
            return out;
        }
        let target = pos.max_use as usize;
        if target == 0 {
            return out;
        }
        let side = self.side(pos, Seat::new(pos.turn));
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
                self.step(&mut next, s, d);
                if self.won_with_every_die(&next)
                    || self.max_use(&next, &rest, n - 1, target - 1) + 1 >= target
                {
                    out[d as usize] |= 1 << s;
                }
            }
        }
        if target == 1 && self.variant.dice_rule == DiceRule::MostDiceThenLarger {
            if let Some(largest) = (1..8).rev().find(|&d| out[d] != 0) {
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
            for d in 1..=self.variant.faces {
                if masks[d as usize] & (1 << s) != 0 {
                    f(Move {
                        source: self.source_from_index(s as usize),
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
        let s = self.source_index(mv.source);
        if s >= self.route_len + 4 {
            return false;
        }
        let side = self.side(pos, Seat::new(pos.turn));
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
        self.step(&mut next, s as u32, d);
        self.won_with_every_die(&next)
            || self.max_use(&next, &rest, n - 1, target - 1) + 1 >= target
    }

    /// The point index (0 for point 1) where `mv` by `player` lands, or
    /// `None` when it bears the piece off. In Doblet an unstacking stays on
    /// its point.
    pub(crate) fn landing(&self, pos: &Position, player: Seat, mv: Move) -> Option<usize> {
        let p = player.index();
        let t = match mv.source {
            Source::Waiting(q) => q as usize * self.qlen + (mv.die as usize).saturating_sub(1),
            Source::Point(r) if self.variant.mode == Mode::Doblet => {
                if pos.is_stacked(player, usize::from(r) + 1) {
                    r as usize
                } else {
                    self.route_len
                }
            }
            Source::Point(r) => r as usize + mv.die as usize,
        };
        (t < self.route_len).then(|| self.route_to_point[p][t] as usize)
    }

    /// True when `mv` can be made in `pos` whether or not the rules allow
    /// it: a move phase, its die among the dice, a piece of the mover's
    /// on its source. [`Tables::apply_move_unchecked`] then cannot fail.
    #[inline]
    pub(crate) fn can_be_made(&self, pos: &Position, mv: Move) -> bool {
        if pos.phase != Phase::Move || pos.turn >= 2 || pos.max_use == 0 {
            return false;
        }
        let p = pos.turn as usize;
        if mv.die == 0 || !pos.dice().contains(&mv.die) {
            return false;
        }
        match mv.source {
            Source::Waiting(q) => pos.waiting[p].get(q as usize).is_some_and(|&n| n > 0),
            Source::Point(r) => {
                let r = r as usize;
                let sign: i8 = if p == 0 { 1 } else { -1 };
                r < self.route_len && pos.board[self.route_to_point[p][r] as usize] * sign > 0
            }
        }
    }

    /// Applies a move already known to be legal.
    pub(crate) fn apply_move_unchecked(&self, pos: &mut Position, mv: Move) {
        let p = pos.turn as usize;
        let player = Seat::new(pos.turn);
        let sign: i8 = if p == 0 { 1 } else { -1 };
        let to = self.landing(pos, player, mv);
        match mv.source {
            // Unstacking, as `landing` reads it (route points past the
            // stacks' eight bits are never stacked).
            Source::Point(r)
                if self.variant.mode == Mode::Doblet
                    && pos.is_stacked(player, usize::from(r) + 1) =>
            {
                pos.stacks[p] &= !(1 << r);
            }
            Source::Waiting(q) => pos.waiting[p][q as usize] -= 1,
            Source::Point(r) => pos.board[self.route_to_point[p][r as usize] as usize] -= sign,
        }
        match to {
            None => pos.off[p] += 1,
            Some(_) if self.variant.mode == Mode::Doblet => {}
            Some(pt) => {
                if pos.board[pt] * sign < 0 {
                    // A blot: it is hit and waits to re-enter.
                    let o = 1 - p;
                    pos.board[pt] = 0;
                    let q = match self.variant.reentry {
                        Reentry::Start => 0,
                        Reentry::Opposite => {
                            let ro = self.point_to_route[o][pt] as usize;
                            (ro / self.qlen + 2) % 4
                        }
                    };
                    pos.waiting[o][q] += 1;
                }
                pos.board[pt] += sign;
            }
        }
        pos.remove_die(mv.die);
        pos.max_use -= 1;
        if self.board_winner(pos) == Some(p) {
            pos.turns = pos.turns.saturating_add(1);
            self.win(pos, p);
        } else if pos.max_use == 0 {
            self.dice_done(pos);
        }
    }
}
