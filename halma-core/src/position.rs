//! The state of a game: where every piece is, who moves, who has finished,
//! and the turn counter. A small `Copy` value.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use racegames_board::Seat;

use crate::bits::BitSet;
use crate::geometry::Geometry;

/// `to_move` of a finished game.
pub(crate) const TERMINAL: u8 = u8::MAX;
/// An unused slot of the finishing order.
pub(crate) const NOBODY: u8 = u8::MAX;

/// A position of a Halma-family game on board `G`: one bitboard per seat,
/// the seat to move, the finishing order and the turn counter.
///
/// It holds no history and no rules: the [`crate::Halma`] that made it
/// interprets it. Make one with [`crate::Halma::position`] from a
/// [`crate::Setup`], [`crate::Halma::parse_position`] from the notation, or
/// `FromStr` (the notation, read with the options it shows); `Display`
/// writes the notation. With the `serde` feature it serializes as that
/// notation string and deserializes through `FromStr`, checked alike.
///
/// For six-player Chinese checkers it takes 112 bytes; two of them, derived
/// from the rest for move generation, are ignored by comparisons and
/// hashing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position<G: Geometry> {
    pub(crate) pieces: G::Pieces,
    pub(crate) turns: u32,
    pub(crate) to_move: u8,
    pub(crate) finished_count: u8,
    pub(crate) finished: [u8; 6],
    pub(crate) derived: Derived,
}

/// What move generation, the legality check and the observation would
/// each work out again: whether the vacate rule binds the seat to move.
/// Set where a game makes or moves a position; a position read without a
/// game (`FromStr`, serde) has none, and the answer is then worked out
/// each time.
///
/// Equal whatever it holds, so that positions compare, order and hash by
/// their pieces, turn and finishers alone.
#[derive(Clone, Copy, Default)]
pub(crate) struct Derived {
    /// The vacate rule binds the seat to move, when `known`.
    pub(crate) vacate: bool,
    /// `vacate` is set.
    pub(crate) known: bool,
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl Eq for Derived {}

impl PartialOrd for Derived {
    fn partial_cmp(&self, other: &Derived) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Derived {
    fn cmp(&self, _: &Derived) -> Ordering {
        Ordering::Equal
    }
}

impl Hash for Derived {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl fmt::Debug for Derived {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("..")
    }
}

impl<G: Geometry> Position<G> {
    pub(crate) fn empty() -> Position<G> {
        Position {
            pieces: G::Pieces::default(),
            turns: 0,
            to_move: 0,
            finished_count: 0,
            finished: [NOBODY; 6],
            derived: Derived::default(),
        }
    }

    /// The holes of `seat`'s pieces (empty for a seat the game does not have).
    #[inline]
    pub fn pieces(&self, seat: usize) -> G::Bits {
        AsRef::<[G::Bits]>::as_ref(&self.pieces)
            .get(seat)
            .copied()
            .unwrap_or(G::Bits::EMPTY)
    }

    /// Every occupied hole.
    #[inline]
    pub fn occupied(&self) -> G::Bits {
        let mut occ = G::Bits::EMPTY;
        for b in AsRef::<[G::Bits]>::as_ref(&self.pieces) {
            occ = occ.or(*b);
        }
        occ
    }

    /// The seat whose piece stands on `hole`, if any.
    pub fn piece_at(&self, hole: usize) -> Option<Seat> {
        if hole >= G::HOLES {
            return None;
        }
        self.pieces
            .as_ref()
            .iter()
            .position(|b| b.has(hole))
            .map(|s| Seat::new(s as u8))
    }

    /// The seat to move, or `None` once the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<Seat> {
        (self.to_move != TERMINAL).then_some(Seat::new(self.to_move))
    }

    /// Turns (moves) completed since the start.
    #[inline]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The seats that have finished, in finishing order (the winner first).
    pub fn finished(&self) -> &[u8] {
        &self.finished[..usize::from(self.finished_count).min(6)]
    }

    /// True when `seat` has finished.
    #[inline]
    pub fn has_finished(&self, seat: usize) -> bool {
        self.finished().iter().any(|&s| usize::from(s) == seat)
    }

    pub(crate) fn push_finished(&mut self, seat: usize) {
        let n = usize::from(self.finished_count);
        if n < 6 {
            self.finished[n] = seat as u8;
            self.finished_count += 1;
        }
    }

    /// The hole set of `seat`.
    #[inline]
    pub(crate) fn seat_mut(&mut self, seat: usize) -> &mut G::Bits {
        &mut AsMut::<[G::Bits]>::as_mut(&mut self.pieces)[seat]
    }

    /// Moves the piece of `seat` from `from` to `to` (no checks).
    #[inline]
    pub(crate) fn move_piece(&mut self, seat: usize, from: usize, to: usize) {
        let b = self.seat_mut(seat);
        *b = b.moved(from, to);
    }
}
