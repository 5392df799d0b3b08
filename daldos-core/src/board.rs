//! The board: three rows of holes, their names, and each player's route.

use core::{fmt, str::FromStr};

use racegames_board::Seat;

/// The size of the board.
///
/// Both boards have a home row per player and a middle row one hole longer,
/// whose extra hole marks the prow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Board {
    /// 16 + 17 + 16 holes, 16 pieces each (the default).
    #[default]
    Danish,
    /// 12 + 13 + 12 holes, 12 pieces each.
    Norwegian,
}

impl Board {
    /// Both boards.
    pub const ALL: [Board; 2] = [Board::Danish, Board::Norwegian];

    /// Holes in a home row, which is also the number of pieces each player has.
    #[inline]
    pub const fn row_len(self) -> usize {
        match self {
            Board::Danish => 16,
            Board::Norwegian => 12,
        }
    }

    /// All holes on the board: `3n + 1`.
    #[inline]
    pub const fn num_holes(self) -> usize {
        3 * self.row_len() + 1
    }

    /// The board whose home rows have `len` holes.
    pub const fn from_row_len(len: usize) -> Option<Board> {
        match len {
            16 => Some(Board::Danish),
            12 => Some(Board::Norwegian),
            _ => None,
        }
    }

    /// The option word: `danish` or `norwegian`.
    pub const fn name(self) -> &'static str {
        match self {
            Board::Danish => "danish",
            Board::Norwegian => "norwegian",
        }
    }

    /// The hole at `index` (from the stern) of `row`, if the row has it.
    pub const fn hole(self, row: Row, index: usize) -> Option<Hole> {
        let n = self.row_len();
        let (base, len) = match row {
            Row::A => (0, n),
            Row::Middle => (n, n + 1),
            Row::B => (2 * n + 1, n),
        };
        if index < len {
            Some(Hole((base + index) as u8))
        } else {
            None
        }
    }

    /// The row and index of a hole of this board.
    pub const fn locate(self, hole: Hole) -> (Row, usize) {
        let n = self.row_len();
        let h = hole.0 as usize;
        if h < n {
            (Row::A, h)
        } else if h <= 2 * n {
            (Row::Middle, h - n)
        } else {
            (Row::B, h - 2 * n - 1)
        }
    }

    /// The home row of a player: row A for seat 0, row B for seat 1.
    pub const fn home_row_mask(self, player: Seat) -> u64 {
        let n = self.row_len();
        let row = (1u64 << n) - 1;
        if player.index() == 0 {
            row
        } else {
            row << (2 * n + 1)
        }
    }

    /// The hole one step further along `player`'s route.
    #[inline]
    pub fn next(self, player: Seat, hole: Hole) -> Hole {
        // Every hole is below MAX_HOLES (checked by `Hole::new`).
        Hole(ROUTES[self as usize][player.index() & 1][hole.0 as usize % MAX_HOLES])
    }

    /// The same hole seen with the rows A and B swapped: how seat 1 sees the
    /// board when observations are written from its point of view.
    pub const fn mirror(self, hole: Hole) -> Hole {
        let n = self.row_len();
        let h = hole.0 as usize;
        if h < n {
            Hole((h + 2 * n + 1) as u8)
        } else if h <= 2 * n {
            hole
        } else {
            Hole((h - 2 * n - 1) as u8)
        }
    }

    /// The name of a hole: its row letter (`a`, `m`, `b`) and index from the
    /// stern, as in `m0` or `b15`.
    pub fn hole_name(self, hole: Hole) -> HoleName {
        let (row, index) = self.locate(hole);
        HoleName { row, index }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A row of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Row {
    /// Seat A's home row.
    A,
    /// The middle row, one hole longer, shared by both routes.
    Middle,
    /// Seat B's home row.
    B,
}

impl Row {
    /// The letter used in hole names: `a`, `m` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Row::A => 'a',
            Row::Middle => 'm',
            Row::B => 'b',
        }
    }
}

/// A hole, numbered over the whole board: row A from its stern end
/// (`0..n`), then the middle row (`n..=2n`), then row B (`2n+1..3n+1`).
///
/// A hole's number is below 49, the holes of the larger board; whether it is
/// on a given board is [`Board::num_holes`]'s to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Hole(pub(crate) u8);

impl Hole {
    /// The hole with this board-wide number; `None` from 49 on, past the
    /// Danish board (the larger one).
    ///
    /// ```
    /// use racegames_daldos::Hole;
    /// assert_eq!(Hole::new(48).map(Hole::index), Some(48));
    /// assert_eq!(Hole::new(49), None);
    /// ```
    pub const fn new(index: u8) -> Option<Hole> {
        if (index as usize) < MAX_HOLES {
            Some(Hole(index))
        } else {
            None
        }
    }

    /// The board-wide number.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

/// A hole number from 49 on, which no board has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a hole number is below 49")]
pub struct BadHoleNumber;

impl TryFrom<u8> for Hole {
    type Error = BadHoleNumber;

    fn try_from(index: u8) -> Result<Hole, BadHoleNumber> {
        Hole::new(index).ok_or(BadHoleNumber)
    }
}

impl From<Hole> for u8 {
    fn from(hole: Hole) -> u8 {
        hole.0
    }
}

/// A hole's readable name, such as `m3`; see [`Board::hole_name`].
///
/// ```
/// use racegames_daldos::{Board, HoleName, Row};
/// let name: HoleName = "m16".parse().unwrap();
/// assert_eq!(name.row, Row::Middle);
/// assert_eq!(Board::Danish.hole(name.row, name.index).unwrap().index(), 32);
/// assert_eq!(name.to_string(), "m16");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleName {
    /// The row.
    pub row: Row,
    /// The index from the stern.
    pub index: usize,
}

impl fmt::Display for HoleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row.letter(), self.index)
    }
}

/// A hole name that cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a hole is named by a row letter (a, m or b) and an index from the stern, such as m3")]
pub struct BadHoleName;

impl FromStr for HoleName {
    type Err = BadHoleName;

    fn from_str(s: &str) -> Result<HoleName, BadHoleName> {
        let mut chars = s.chars();
        let row = match chars.next() {
            Some('a') => Row::A,
            Some('m') => Row::Middle,
            Some('b') => Row::B,
            _ => return Err(BadHoleName),
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadHoleName);
        }
        let index = digits.parse().map_err(|_| BadHoleName)?;
        Ok(HoleName { row, index })
    }
}

/// Holes of the larger (Danish) board; no hole number reaches it.
pub const MAX_HOLES: usize = 49;

/// `ROUTES[board][player][hole]`: the next hole along the player's route.
static ROUTES: [[[u8; MAX_HOLES]; 2]; 2] =
    [[route(16, 0), route(16, 1)], [route(12, 0), route(12, 1)]];

/// Seat A runs its home row towards the stern, then the middle row to the
/// prow, then row B towards the stern, then the middle row again, forever;
/// player B runs the mirror image.
const fn route(n: usize, player: usize) -> [u8; MAX_HOLES] {
    let mut next = [0u8; MAX_HOLES];
    let (own, enemy) = if player == 0 {
        (0, 2 * n + 1)
    } else {
        (2 * n + 1, 0)
    };
    let middle = n;
    let mut i = 0;
    while i < n {
        next[own + i] = if i == 0 { middle } else { own + i - 1 } as u8;
        next[enemy + i] = if i == 0 { middle } else { enemy + i - 1 } as u8;
        i += 1;
    }
    let mut j = 0;
    while j <= n {
        next[middle + j] = if j == n {
            enemy + n - 1
        } else {
            middle + j + 1
        } as u8;
        j += 1;
    }
    next
}
