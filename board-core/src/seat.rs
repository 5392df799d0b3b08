use core::fmt;

/// A seat at the table, numbered from 0.
///
/// Daldøs and the tables games print seats as letters (`A` for seat 0), the
/// Halma games as digits (`1` for seat 0); [`Seat::letter`] and
/// [`Seat::digit`] give both.
///
/// ```
/// use racegames_board::Seat;
/// let b = Seat::new(1);
/// assert_eq!(b.letter(), 'B');
/// assert_eq!(b.digit(), '2');
/// assert_eq!(Seat::from_letter('B'), Some(b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seat(u8);

impl Seat {
    /// Seat 0, who is `A` or `1`.
    pub const FIRST: Seat = Seat(0);
    /// The largest number of seats any racegames game has.
    pub const MAX_SEATS: usize = 6;

    /// The seat with this index. Indices at or above [`Seat::MAX_SEATS`]
    /// are accepted here; each game checks them against its own seat count.
    #[inline]
    pub const fn new(index: u8) -> Seat {
        Seat(index)
    }

    /// The seat's index, from 0.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat round a table of `num_players` (the same seat for a
    /// table of none).
    #[inline]
    pub const fn next(self, num_players: usize) -> Seat {
        match (self.0 as usize + 1).checked_rem(num_players) {
            Some(i) => Seat(i as u8),
            None => self,
        }
    }

    /// The seat as a letter: `A`, `B`, … (`?` past `Z`).
    #[inline]
    pub const fn letter(self) -> char {
        if self.0 < 26 {
            (b'A' + self.0) as char
        } else {
            '?'
        }
    }

    /// The seat as a digit from 1: `1`, `2`, … (`?` past `9`).
    #[inline]
    pub const fn digit(self) -> char {
        if self.0 < 9 {
            (b'1' + self.0) as char
        } else {
            '?'
        }
    }

    /// The seat a letter names (`A` to `F`), if any.
    pub const fn from_letter(c: char) -> Option<Seat> {
        match c {
            'A'..='F' => Some(Seat(c as u8 - b'A')),
            _ => None,
        }
    }

    /// The seat a digit names (`1` to `6`), if any.
    pub const fn from_digit(c: char) -> Option<Seat> {
        match c {
            '1'..='6' => Some(Seat(c as u8 - b'1')),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}
