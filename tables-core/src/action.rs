//! The fixed action space: one die at a time.
//!
//! A decision action moves one piece with one die. It is
//! `source * 6 + (die - 1)`, where `source` is
//! - `0..24`: a piece on the mover's own route point `source` (0 is the
//!   first point of its route, 23 the last), or
//! - `24..28`: a piece waiting to enter the mover's route quarter
//!   `source - 24`.
//!
//! so there are [`NUM_ACTIONS`] = 168 actions. Being along the mover's own
//! route, the same index means the same thing for both seats.
//!
//! Other geometries number the same way with their own sizes
//! ([`Tables::action_of`]): `source * faces + (die − 1)`, where sources
//! are the route's points then the four waiting quarters. The 28 points and
//! seven-sided dice of the seven-sided tables give 32 × 7 = 224 actions,
//! the 12-point half track 16 × 6 = 96.

use racegames_board::Action;

use crate::game::Tables;
use crate::variant::POINTS;

/// The number of sources: 24 route points and 4 waiting quarters.
pub const NUM_SOURCES: usize = POINTS + 4;
/// The size of the decision action space.
pub const NUM_ACTIONS: usize = NUM_SOURCES * 6;

/// Where a moved piece comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Source {
    /// A piece on the mover's route point (0 to 23, 0 first).
    Point(u8),
    /// A piece waiting to enter the mover's route quarter (0 to 3).
    Waiting(u8),
}

impl Source {
    /// The source's index: route point, or 24 + quarter.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Source::Point(r) => r as usize,
            Source::Waiting(q) => POINTS + q as usize,
        }
    }

    /// The source with this index (taken modulo 28).
    #[inline]
    pub const fn from_index(i: usize) -> Source {
        let i = i % NUM_SOURCES;
        if i < POINTS {
            Source::Point(i as u8)
        } else {
            Source::Waiting((i - POINTS) as u8)
        }
    }
}

/// One die used on one piece.
///
/// ```
/// use racegames_tables::{Move, Source};
/// let m = Move { source: Source::Point(5), die: 3 };
/// assert_eq!(m.action(), Some(5 * 6 + 2));
/// assert_eq!(Move::from_action(5 * 6 + 2), Some(m));
/// assert_eq!(Move::from_action(168), None);
/// // No action names a die of 0 or a point past the route.
/// assert_eq!(Move { source: Source::Point(5), die: 0 }.action(), None);
/// assert_eq!(Move { source: Source::Point(24), die: 1 }.action(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The piece moved.
    pub source: Source,
    /// The die used, 1 to 6 (7 with seven-sided dice).
    pub die: u8,
}

impl Move {
    /// The action index of this move; `None` for a die outside 1 to 6 or a
    /// source past the route (a point above 23, a quarter above 3).
    #[inline]
    pub const fn action(self) -> Option<Action> {
        let valid_source = match self.source {
            Source::Point(r) => (r as usize) < POINTS,
            Source::Waiting(q) => (q as usize) < NUM_SOURCES - POINTS,
        };
        if valid_source && self.die >= 1 && self.die <= 6 {
            Some((self.source.index() * 6 + self.die as usize - 1) as Action)
        } else {
            None
        }
    }

    /// The move with this action index, if it is in range.
    #[inline]
    pub const fn from_action(action: Action) -> Option<Move> {
        if action as usize >= NUM_ACTIONS {
            return None;
        }
        Some(Move {
            source: Source::from_index(action as usize / 6),
            die: (action % 6) as u8 + 1,
        })
    }
}

impl Tables {
    /// The size of this game's action space: (route points + 4) × faces
    /// (168 on the standard board).
    #[inline]
    pub fn num_actions(&self) -> usize {
        (self.route_len + 4) * usize::from(self.variant.faces)
    }

    /// The source's index in this game: its route point, or the route's
    /// length + its quarter.
    #[inline]
    pub(crate) fn source_index(&self, source: Source) -> usize {
        match source {
            Source::Point(r) => r as usize,
            Source::Waiting(q) => self.route_len + q as usize,
        }
    }

    /// The source with this index in this game (below `route_len + 4`).
    #[inline]
    pub(crate) fn source_from_index(&self, i: usize) -> Source {
        if i < self.route_len {
            Source::Point(i as u8)
        } else {
            Source::Waiting((i - self.route_len) as u8)
        }
    }

    /// The action of `mv` in this game (the same as [`Move::action`] on
    /// the standard board).
    #[inline]
    ///
    /// For a move no action of this game names (a die of 0 or above the
    /// dice's faces, a point off the route) the result is meaningless but
    /// nothing panics; [`Tables::checked_action_of`] tells.
    pub fn action_of(&self, mv: Move) -> Action {
        (self.source_index(mv.source) * usize::from(self.variant.faces)
            + (mv.die as usize).saturating_sub(1)) as Action
    }

    /// The action of `mv` in this game, or `None` when no action names it.
    pub fn checked_action_of(&self, mv: Move) -> Option<Action> {
        let source_ok = match mv.source {
            Source::Point(r) => usize::from(r) < self.route_len,
            Source::Waiting(q) => q < 4,
        };
        (source_ok && (1..=self.variant.faces).contains(&mv.die)).then(|| self.action_of(mv))
    }

    /// The move of `action` in this game, if it is in range.
    #[inline]
    pub fn move_of(&self, action: Action) -> Option<Move> {
        if action as usize >= self.num_actions() {
            return None;
        }
        let f = u32::from(self.variant.faces);
        Some(Move {
            source: self.source_from_index((action / f) as usize),
            die: (action % f) as u8 + 1,
        })
    }
}
