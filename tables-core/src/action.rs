//! The action space: one die at a time.
//!
//! A decision action moves one piece with one die. It is
//! `source * faces + (die − 1)`, where `source` is
//! - `0..route_len`: a piece on the mover's own route point `source` (0 is
//!   the first point of its route), or
//! - `route_len..route_len + 4`: a piece waiting to enter the mover's
//!   route quarter `source − route_len`.
//!
//! Being along the mover's own route, the same index means the same thing
//! for both seats. The sizes are the game's own ([`Tables::num_actions`],
//! [`Tables::action_of`], [`Tables::move_of`]): 28 × 6 = 168 actions on the
//! 24-point board, 32 × 7 = 224 with the 28 points and seven-sided dice of
//! the seven-sided tables, 16 × 6 = 96 on the 12-point half track. No
//! helper assumes one board.

use racegames_board::Action;

use crate::game::Tables;

/// Where a moved piece comes from. More sources may come (the enum is
/// `#[non_exhaustive]`: a `match` outside this crate has a `_` arm).
///
/// ```
/// use racegames_tables::Source;
/// let quarter = |s: Source| match s {
///     Source::Waiting(q) => Some(q),
///     Source::Point(_) => None,
///     _ => None,
/// };
/// assert_eq!(quarter(Source::Waiting(2)), Some(2));
/// ```
///
/// Without the `_` arm, the `match` does not compile:
///
/// ```compile_fail,E0004
/// use racegames_tables::Source;
/// let point = |s: Source| match s {
///     Source::Point(p) => Some(p),
///     Source::Waiting(_) => None,
/// };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Source {
    /// A piece on the mover's route point (0 to 23, 0 first).
    Point(u8),
    /// A piece waiting to enter the mover's route quarter (0 to 3).
    Waiting(u8),
}

/// One die used on one piece; its action number is the game's
/// ([`Tables::checked_action_of`], [`Tables::move_of`]). Made with
/// [`Move::new`] (the struct is `#[non_exhaustive]`: a move may come to
/// carry more).
///
/// ```
/// use racegames_tables::{Move, Source, Tables};
/// let game = Tables::backgammon();
/// let m = Move::new(Source::Point(5), 3);
/// assert_eq!((m.source, m.die), (Source::Point(5), 3));
/// assert_eq!(game.checked_action_of(m), Some(5 * 6 + 2));
/// assert_eq!(game.move_of(5 * 6 + 2), Some(m));
/// assert_eq!(game.move_of(168), None);
/// // No action names a die of 0 or a point past the route.
/// assert_eq!(game.checked_action_of(Move::new(Source::Point(5), 0)), None);
/// assert_eq!(game.checked_action_of(Move::new(Source::Point(24), 1)), None);
/// ```
///
/// ```compile_fail,E0639
/// use racegames_tables::{Move, Source};
/// let m = Move { source: Source::Point(5), die: 3 };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Move {
    /// The piece moved.
    pub source: Source,
    /// The die used, 1 to 6 (7 with seven-sided dice).
    pub die: u8,
}

impl Move {
    /// The move of the piece at `source` with the die `die` (whether a game
    /// has such an action is [`Tables::checked_action_of`]'s to say).
    #[inline]
    pub const fn new(source: Source, die: u8) -> Move {
        Move { source, die }
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

    /// The action of `mv` in this game: `source * faces + (die − 1)`.
    ///
    /// For a move no action of this game names (a die of 0 or above the
    /// dice's faces, a point off the route) the result is meaningless but
    /// nothing panics; [`Tables::checked_action_of`] tells.
    #[inline]
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
