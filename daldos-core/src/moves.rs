//! Moves, their action indices, and move generation.
//!
//! # One action is the whole use of one throw
//!
//! A [`Move`] uses both dice (on two pieces, or added on one), or the one
//! die that can be used. Indices are relative to the throw being used: the
//! higher die and the lower die. With `H` holes on the board
//! ([`crate::Board::num_holes`]: 49 Danish, 37 Norwegian):
//!
//! | index | move |
//! |---|---|
//! | `x·H + y`, `x ≠ y` | [`Move::Pair`]: the piece in `x` uses the higher die, the piece in `y` the lower |
//! | `x·H + x` | [`Move::Added`] on the piece in `x`, the higher die first |
//! | `H² + x` | [`Move::Added`] on the piece in `x`, the lower die first |
//! | `H² + H + 2x + k` | [`Move::Single`]: the piece in `x` uses the higher (`k = 0`) or lower (`k = 1`) die |
//!
//! so there are `H² + 3H` actions (2548 Danish, 1480 Norwegian).
//!
//! Each result has one index: with a double only `x < y` pairs and the
//! higher-die forms exist; when two pieces stand as far before a hole where
//! their routes meet (`a1` and `b1` before `m0`), swapping their dice gives
//! the same position, which only the pair with `x < y` lists; with `capture = final` an added move on a dalled
//! piece is only "higher die first" (the order cannot matter), and on an
//! undalled piece only "the dal first". With `capture = intermediate` the
//! lower-die-first order of an added move is listed too when it removes
//! other pieces than the higher die first (otherwise both orders give the
//! same position, which has the higher-die-first index).
//!
//! The worst case is `n(n + 1)` legal moves (272 Danish): every ordered pair
//! of `n` pieces plus both orders of an added move on each.

use core::fmt;

use racegames_board::Seat;

use crate::{Board, Capture, Daldos, Dalling, Hole, Jumping, Phase, Position};

/// Which die of the throw a piece uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Die {
    /// The higher die (either one of a double).
    High,
    /// The lower die.
    Low,
}

/// The whole use of one throw. See the [module docs](self) for its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// Two different pieces, one die each.
    Pair {
        /// The piece using the higher die.
        high: Hole,
        /// The piece using the lower die.
        low: Hole,
    },
    /// Both dice added on one piece, `first` played first.
    Added {
        /// The piece.
        from: Hole,
        /// The die played first (it matters for dalling and for
        /// `capture = intermediate`).
        first: Die,
    },
    /// One die only, when both cannot be used.
    Single {
        /// The piece.
        from: Hole,
        /// The die used.
        die: Die,
    },
}

/// The most moves a position can have: `n(n + 1)` for `n = 16`.
pub const MAX_MOVES: usize = 16 * 17;

impl Move {
    /// The action index of this move on `board`.
    pub const fn to_action(self, board: Board) -> u32 {
        let h = board.num_holes();
        (match self {
            Move::Pair { high, low } => high.index() * h + low.index(),
            Move::Added {
                from,
                first: Die::High,
            } => from.index() * h + from.index(),
            Move::Added {
                from,
                first: Die::Low,
            } => h * h + from.index(),
            Move::Single { from, die } => {
                h * h + h + 2 * from.index() + if matches!(die, Die::Low) { 1 } else { 0 }
            }
        }) as u32
    }

    /// The move with this action index on `board`.
    pub const fn from_action(action: u32, board: Board) -> Option<Move> {
        let a = action as usize;
        let h = board.num_holes();
        if a < h * h {
            let (x, y) = (Hole((a / h) as u8), Hole((a % h) as u8));
            Some(if x.0 == y.0 {
                Move::Added {
                    from: x,
                    first: Die::High,
                }
            } else {
                Move::Pair { high: x, low: y }
            })
        } else if a < h * h + h {
            Some(Move::Added {
                from: Hole((a - h * h) as u8),
                first: Die::Low,
            })
        } else if a < h * h + 3 * h {
            let k = a - h * h - h;
            Some(Move::Single {
                from: Hole((k / 2) as u8),
                die: if k % 2 == 0 { Die::High } else { Die::Low },
            })
        } else {
            None
        }
    }
}

impl Daldos {
    /// The dice of the throw being used, as (higher, lower); lower is 0 when
    /// a single die is left.
    #[inline]
    fn dice_of(pos: &Position) -> (u8, u8) {
        (pos.dice[0], pos.dice[1])
    }

    /// The position after `mv`, ignoring only the rule that both dice must
    /// be used when possible; `None` if the move is impossible or is not the
    /// one index its result has.
    pub(crate) fn move_result(&self, pos: &Position, mv: Move) -> Option<Position> {
        if pos.phase != Phase::Move {
            return None;
        }
        let player = pos.to_move;
        let (hi, lo) = Self::dice_of(pos);
        let double = hi == lo;
        match mv {
            Move::Pair { high, low } => {
                let mine = pos.pieces[player.index() & 1];
                // Both pieces must stand there now, so that a piece that has
                // just moved is never moved again as "the other piece".
                if lo == 0
                    || high == low
                    || (double && high > low)
                    || mine & high.bit() == 0
                    || mine & low.bit() == 0
                {
                    return None;
                }
                let sx = self.single_step(pos, player, high, hi);
                let sy = self.single_step(pos, player, low, lo);
                self.pair_result(pos, player, mv, sx, sy)
                    .filter(|r| !self.has_lower_twin(pos, player, high, low, r))
            }
            Move::Added { from, first } => {
                if lo == 0 {
                    return None;
                }
                let (d1, d2) = match first {
                    Die::High => (hi, lo),
                    Die::Low => {
                        let dalled = pos.dalled & from.bit() != 0;
                        if double || (dalled && self.options.capture == Capture::Final) {
                            return None;
                        }
                        (lo, hi)
                    }
                };
                let step = self.single_step(pos, player, from, d1).ok()?;
                let step = self.extend(pos, player, step, d2)?;
                if first == Die::Low && self.same_as_high_first(pos, player, from, step) {
                    return None;
                }
                Some(apply_step(pos, player, step))
            }
            Move::Single { from, die } => {
                let d = match die {
                    Die::High => hi,
                    Die::Low if lo != 0 && !double => lo,
                    Die::Low => return None,
                };
                let step = self.single_step(pos, player, from, d).ok()?;
                Some(apply_step(pos, player, step))
            }
        }
    }

    /// True when the pair move `high`/`low`, giving `result`, has the same
    /// result with the dice swapped and that twin has the lower index
    /// (`low < high`): two pieces the same number of holes before a hole
    /// where their routes meet. The result is listed once, as the twin.
    fn has_lower_twin(
        &self,
        pos: &Position,
        player: Seat,
        high: Hole,
        low: Hole,
        result: &Position,
    ) -> bool {
        let (hi, lo) = Self::dice_of(pos);
        let board = self.options.board;
        let walk = |mut h: Hole, d: u8| {
            for _ in 0..d {
                h = board.next(player, h);
            }
            h
        };
        if low > high || hi == lo || walk(high, hi) != walk(low, hi) {
            return false;
        }
        let twin = Move::Pair {
            high: low,
            low: high,
        };
        let sx = self.single_step(pos, player, low, hi);
        let sy = self.single_step(pos, player, high, lo);
        self.pair_result(pos, player, twin, sx, sy).as_ref() == Some(result)
    }

    /// True when `low_first`, an added move on `from` with the lower die
    /// first, removes the same pieces as the higher die first would: then
    /// both orders give one position, listed once (as higher die first).
    fn same_as_high_first(
        &self,
        pos: &Position,
        player: Seat,
        from: Hole,
        low_first: Step,
    ) -> bool {
        let (hi, lo) = Self::dice_of(pos);
        self.single_step(pos, player, from, hi)
            .ok()
            .and_then(|st| self.extend(pos, player, st, lo))
            .is_some_and(|high_first| high_first.captured == low_first.captured)
    }

    /// Carries an added move on by the second die from where the first die
    /// left it: the enemy there is jumped (or, with `capture =
    /// intermediate`, removed), and the move goes on as a single step would.
    #[inline]
    fn extend(&self, pos: &Position, player: Seat, first: Step, d: u8) -> Option<Step> {
        let me = pos.pieces[player.index() & 1];
        let them = pos.pieces[(player.index() & 1) ^ 1];
        let mut captured = 0;
        if first.captured != 0 {
            if self.options.capture == Capture::Intermediate {
                captured = first.captured;
            } else if self.options.jumping == Jumping::Forbidden {
                return None;
            }
        }
        let board = self.options.board;
        let mut hole = first.to;
        let mut path = first.path;
        for s in 1..=d {
            hole = board.next(player, hole);
            path |= hole.bit();
            if me & hole.bit() != 0
                || (s < d && them & hole.bit() != 0 && self.options.jumping == Jumping::Forbidden)
            {
                return None;
            }
        }
        Some(Step {
            from: first.from,
            to: hole,
            path,
            captured: captured | (them & hole.bit()),
        })
    }

    /// One die on one piece, without building the position: where it lands,
    /// the holes it passes or lands on, and the enemy piece it removes; or,
    /// when it cannot go, what blocks it.
    #[inline]
    fn single_step(
        &self,
        pos: &Position,
        player: Seat,
        from: Hole,
        d: u8,
    ) -> Result<Step, Blocked> {
        let me = pos.pieces[player.index() & 1];
        let them = pos.pieces[(player.index() & 1) ^ 1];
        if me & from.bit() == 0 {
            return Err(Blocked::NEVER);
        }
        let mut kind = BlockKind::Path;
        if pos.dalled & from.bit() == 0 {
            if d != 1 {
                return Err(Blocked::NEVER);
            }
            if self.options.dalling == Dalling::SternOnly
                && (me & !pos.dalled).trailing_zeros() != u32::from(from.0)
            {
                kind = BlockKind::Stern;
            }
        }
        let board = self.options.board;
        let mut hole = from;
        let mut path = 0u64;
        let mut blocked = kind == BlockKind::Stern;
        for s in 1..=d {
            hole = board.next(player, hole);
            path |= hole.bit();
            blocked |= me & hole.bit() != 0
                || (s < d && them & hole.bit() != 0 && self.options.jumping == Jumping::Forbidden);
        }
        if blocked {
            return Err(Blocked { path, kind });
        }
        Ok(Step {
            from,
            to: hole,
            path,
            captured: them & hole.bit(),
        })
    }

    /// Calls `f(move, result)` for each legal move of a position in the
    /// [`Phase::Move`] phase, in increasing action order, without
    /// allocating.
    pub fn for_each_move(&self, pos: &Position, mut f: impl FnMut(Move, &Position)) {
        if pos.phase != Phase::Move {
            return;
        }
        let player = pos.to_move;
        let mine = pos.pieces[player.index() & 1];
        let (hi, lo) = Self::dice_of(pos);
        let mut any_two = false;
        if lo != 0 {
            let double = hi == lo;
            let mut pieces = [Hole(0); 16];
            let mut by_high = [Err(Blocked::NEVER); 16];
            let mut by_low = [Err(Blocked::NEVER); 16];
            let mut count = 0;
            // Bit i: the piece pieces[i] can use the die (`ok_*`), or is
            // blocked in a way another piece's move could clear (`fix_*`).
            let (mut ok_high, mut ok_low, mut fix_high, mut fix_low) = (0u32, 0u32, 0u32, 0u32);
            for x in bits(mine).take(16) {
                pieces[count] = x;
                by_high[count] = self.single_step(pos, player, x, hi);
                by_low[count] = if double {
                    by_high[count]
                } else {
                    self.single_step(pos, player, x, lo)
                };
                let bit = 1u32 << count;
                match by_high[count] {
                    Ok(_) => ok_high |= bit,
                    Err(b) if b.kind != BlockKind::Never => fix_high |= bit,
                    Err(_) => {}
                }
                match by_low[count] {
                    Ok(_) => ok_low |= bit,
                    Err(b) if b.kind != BlockKind::Never => fix_low |= bit,
                    Err(_) => {}
                }
                count += 1;
            }
            for i in 0..count {
                let x = pieces[i];
                let bit = 1u32 << i;
                // The pieces that may take the lower die with this one: a
                // pair needs one half to work as things stand.
                let mut partners = if ok_high & bit != 0 {
                    ok_low | fix_low
                } else if fix_high & bit != 0 {
                    ok_low
                } else {
                    0
                };
                partners &= !bit;
                if double {
                    partners &= !(bit | (bit - 1));
                }
                let added = ok_high & bit != 0;
                let mut row = partners | if added { bit } else { 0 };
                while row != 0 {
                    let j = row.trailing_zeros() as usize;
                    row &= row - 1;
                    if j == i {
                        // The first die of an added move goes where that die
                        // alone could go (or passes an enemy there).
                        let mv = Move::Added {
                            from: x,
                            first: Die::High,
                        };
                        if let Some(step) = by_high[i]
                            .ok()
                            .and_then(|st| self.extend(pos, player, st, lo))
                        {
                            any_two = true;
                            f(mv, &apply_step(pos, player, step));
                        }
                        continue;
                    }
                    let mv = Move::Pair {
                        high: x,
                        low: pieces[j],
                    };
                    if let Some(r) = self.pair_result(pos, player, mv, by_high[i], by_low[j]) {
                        any_two = true;
                        if !self.has_lower_twin(pos, player, x, pieces[j], &r) {
                            f(mv, &r);
                        }
                    }
                }
            }
            if !double {
                let reorder = self.options.capture == Capture::Intermediate;
                for (i, &x) in pieces[..count].iter().enumerate() {
                    // With `capture = final` only the dal comes first.
                    if !reorder && pos.dalled & x.bit() != 0 {
                        continue;
                    }
                    let mv = Move::Added {
                        from: x,
                        first: Die::Low,
                    };
                    if let Some(step) = by_low[i]
                        .ok()
                        .and_then(|st| self.extend(pos, player, st, hi))
                        .filter(|&st| !self.same_as_high_first(pos, player, x, st))
                    {
                        any_two = true;
                        f(mv, &apply_step(pos, player, step));
                    }
                }
            }
        }
        if any_two {
            return;
        }
        let double = lo == 0 || hi == lo;
        for x in bits(mine) {
            if let Ok(step) = self.single_step(pos, player, x, hi) {
                f(
                    Move::Single {
                        from: x,
                        die: Die::High,
                    },
                    &apply_step(pos, player, step),
                );
            }
            if !double {
                if let Ok(step) = self.single_step(pos, player, x, lo) {
                    f(
                        Move::Single {
                            from: x,
                            die: Die::Low,
                        },
                        &apply_step(pos, player, step),
                    );
                }
            }
        }
    }

    /// True when some move uses both dice.
    pub(crate) fn has_two_dice_move(&self, pos: &Position) -> bool {
        let mut found = false;
        if pos.dice[1] != 0 {
            self.for_each_move(pos, |mv, _| {
                found |= !matches!(mv, Move::Single { .. });
            });
        }
        found
    }

    /// True when the throw in `pos` can be used at all: when some die can
    /// move some piece.
    pub(crate) fn has_move(&self, pos: &Position) -> bool {
        let player = pos.to_move;
        pos.phase == Phase::Move
            && bits(pos.pieces[player.index() & 1]).any(|x| {
                pos.dice()
                    .iter()
                    .any(|&d| self.single_step(pos, player, x, d).is_ok())
            })
    }

    /// The position after `mv` if it is legal, before the turn passes on.
    pub(crate) fn legal_result(&self, pos: &Position, mv: Move) -> Option<Position> {
        let result = self.move_result(pos, mv)?;
        if matches!(mv, Move::Single { .. }) && self.has_two_dice_move(pos) {
            return None;
        }
        Some(result)
    }

    /// Writes a move as the holes each piece passes: `m3-m7` for one die,
    /// `m3-m7 a0-m0` for two pieces (the higher die first), `m3-m4-m7` for
    /// added dice through the hole the first die reaches. `x` replaces `-`
    /// before a hole where an enemy piece is removed.
    ///
    /// # Errors
    ///
    /// Only what `out` reports.
    pub fn write_move(&self, pos: &Position, mv: Move, out: &mut dyn fmt::Write) -> fmt::Result {
        let (hi, lo) = Self::dice_of(pos);
        let die = |d: Die| if d == Die::High { hi } else { lo };
        match mv {
            Move::Pair { high, low } => {
                self.write_path(pos, high, &[hi], out)?;
                out.write_char(' ')?;
                self.write_path(pos, low, &[lo], out)
            }
            Move::Added { from, first } => {
                let other = if first == Die::High { lo } else { hi };
                self.write_path(pos, from, &[die(first), other], out)
            }
            Move::Single { from, die: d } => self.write_path(pos, from, &[die(d)], out),
        }
    }

    fn write_path(
        &self,
        pos: &Position,
        from: Hole,
        steps: &[u8],
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let board = self.options.board;
        let player = pos.to_move;
        let them = pos.pieces[(player.index() & 1) ^ 1];
        write!(out, "{}", board.hole_name(from))?;
        let mut hole = from;
        for (k, &d) in steps.iter().enumerate() {
            for _ in 0..d {
                hole = board.next(player, hole);
            }
            let last = k + 1 == steps.len();
            let takes =
                them & hole.bit() != 0 && (last || self.options.capture == Capture::Intermediate);
            out.write_char(if takes { 'x' } else { '-' })?;
            write!(out, "{}", board.hole_name(hole))?;
        }
        Ok(())
    }
}

/// One die used on one piece.
#[derive(Clone, Copy)]
struct Step {
    from: Hole,
    to: Hole,
    /// The holes passed and landed on.
    path: u64,
    /// The enemy piece removed, as a bit set.
    captured: u64,
}

impl Daldos {
    /// A pair move from its two single-die halves measured on the position as
    /// it is: legal if some order keeps each piece out of the other's way;
    /// when a half is blocked, the other may clear its way, which only
    /// playing them in turn shows.
    #[inline]
    fn pair_result(
        &self,
        pos: &Position,
        player: Seat,
        mv: Move,
        sx: Result<Step, Blocked>,
        sy: Result<Step, Blocked>,
    ) -> Option<Position> {
        let Move::Pair { high, low } = mv else {
            return None;
        };
        match (sx, sy) {
            (Ok(sx), Ok(sy)) => (sx.to != sy.to
                && (sy.path & sx.to.bit() == 0 || sx.path & sy.to.bit() == 0))
                .then(|| combine(pos, player, sx, sy)),
            (Err(_), Err(_)) => None,
            (Ok(sx), Err(by)) => self.after(pos, player, sx, by, low, pos.dice[1]),
            (Err(bx), Ok(sy)) => self.after(pos, player, sy, bx, high, pos.dice[0]),
        }
    }

    /// The position after `first`, then the piece in `second` moving `d`:
    /// for a piece that could not move (blocked as `blocked` says) before
    /// `first` cleared its way, by leaving a hole on its way, by removing an
    /// enemy it could not jump, or by dalling the piece that `stern_only` put
    /// ahead of it.
    #[inline]
    fn after(
        &self,
        pos: &Position,
        player: Seat,
        first: Step,
        blocked: Blocked,
        second: Hole,
        d: u8,
    ) -> Option<Position> {
        let may_unblock = match blocked.kind {
            BlockKind::Never => false,
            BlockKind::Stern => pos.dalled & first.from.bit() == 0,
            BlockKind::Path => {
                blocked.path & first.from.bit() != 0
                    || (self.options.jumping == Jumping::Forbidden
                        && blocked.path & first.captured != 0)
            }
        };
        if !may_unblock || first.from == second {
            return None;
        }
        let mid = apply_step(pos, player, first);
        let step = self.single_step(&mid, player, second, d).ok()?;
        Some(apply_step(&mid, player, step))
    }
}

/// Why a single-die move cannot be made.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    /// Nothing another move of this throw does can help (not the player's
    /// piece, or an undalled piece and no 1).
    Never,
    /// A friendly piece on the way, or an enemy that may not be jumped.
    Path,
    /// `stern_only`: another undalled piece is nearer the stern.
    Stern,
}

/// A blocked single-die move: the holes it would pass or land on.
#[derive(Clone, Copy)]
struct Blocked {
    path: u64,
    kind: BlockKind,
}

impl Blocked {
    const NEVER: Blocked = Blocked {
        path: 0,
        kind: BlockKind::Never,
    };
}

/// One piece's move applied.
#[inline]
fn apply_step(pos: &Position, player: Seat, step: Step) -> Position {
    let mut next = *pos;
    next.pieces[player.index() & 1] =
        (pos.pieces[player.index() & 1] & !step.from.bit()) | step.to.bit();
    next.pieces[(player.index() & 1) ^ 1] &= !step.captured;
    next.dalled = (pos.dalled & !step.from.bit() & !step.captured) | step.to.bit();
    next
}

/// Two independent single-die moves of different pieces, both applied.
fn combine(pos: &Position, player: Seat, a: Step, b: Step) -> Position {
    let mut next = *pos;
    let moved = a.from.bit() | b.from.bit();
    let landed = a.to.bit() | b.to.bit();
    let captured = a.captured | b.captured;
    next.pieces[player.index() & 1] = (pos.pieces[player.index() & 1] & !moved) | landed;
    next.pieces[(player.index() & 1) ^ 1] &= !captured;
    next.dalled = (pos.dalled & !moved & !captured) | landed;
    next
}

/// The holes of a bit set, in increasing order.
pub(crate) fn bits(mut set: u64) -> impl Iterator<Item = Hole> {
    core::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let h = set.trailing_zeros();
            set &= set - 1;
            Some(Hole(h as u8))
        }
    })
}
