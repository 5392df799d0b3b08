//! GNU Backgammon exchange: gnubg's Position ID and Match ID, and (with
//! feature `alloc`) its `.mat` match files.
//!
//! - [`PositionId`]: the 14-character key of the checkers (gnubg's
//!   `PositionFromID` / `PositionID`), read with `FromStr` and written with
//!   `Display`; from and to a backgammon [`Position`] with
//!   [`PositionId::of_position`] and [`PositionId::to_position`].
//! - [`MatchId`]: the 12-character key of the match (cube value and owner,
//!   player on roll, Crawford game, game state, turn, double offered,
//!   resignation, dice, match length and score), a checked
//!   [`MatchInfo`]; [`MatchInfo::of_position`] gives a racegames
//!   position's fields (its cube, offers, match score and Crawford flag).
//! - Match files: [`write_games`] / [`write_match`] write games with their
//!   cube actions and results; [`read_match`] reads a file's games, each
//!   replayed with its doubles, takes, drops and resignations, and refuses
//!   with [`MatError::Read`] (naming the line) what racegames cannot
//!   represent.
//!
//! Seats: racegames' A (seat 0) is gnubg's player 0, the left column of a
//! match file; B (seat 1) is player 1. Each player counts the points from
//! its own side, its ace point 1 to its 24-point, 25 for the bar and 0 for
//! off, so A's point numbers are those of the racegames notation and B's
//! are 25 minus them. A [`Side`] is one player's checkers in that layout:
//! index 0 its ace point, 23 its 24-point, 24 the bar (gnubg's
//! `anBoard[i]`).
//!
//! ```
//! use racegames_board::{Game, Seat};
//! use racegames_tables::gnubg::{MatchId, MatchInfo, PositionId};
//! use racegames_tables::Tables;
//!
//! let game = Tables::backgammon();
//! let mut pos = game.new_initial_state();
//! let pid = PositionId::of_position(&game, &pos, Seat::new(0)).unwrap();
//! assert_eq!(pid.to_string(), "4HPwATDgc/ABMA");
//! let money = MatchId::new(MatchInfo::of_position(&game, &pos, None, None).unwrap()).unwrap();
//! assert_eq!(money.info().match_length, 0);
//!
//! // Back: the position of an ID, with the player on roll and the throw.
//! let roll_off = game.parse_action(&pos, "roll-off A3 B1").unwrap();
//! game.apply(&mut pos, roll_off).unwrap();
//! let back = pid.to_position(&game, Seat::new(0), Some([3, 1]), 0).unwrap();
//! assert_eq!(back, pos);
//! let mid: MatchId = "MIEFAAAAAAAA".parse().unwrap();
//! assert_eq!(mid.info().dice, Some([3, 1]));
//! ```

mod ids;
#[cfg(feature = "alloc")]
mod mat;
#[cfg(feature = "alloc")]
mod mat_lines;
#[cfg(feature = "alloc")]
mod mat_read;
#[cfg(feature = "alloc")]
mod mat_replay;

pub use ids::{GameState, MatchId, MatchInfo, PositionId, Resignation};
#[cfg(feature = "alloc")]
pub use mat::{
    check_name, game_entries, game_points, game_turns, points_won, write_game, write_games,
    write_match, CheckerMove, MatAction, MatError, MatTurn, MAX_NAME_BYTES,
};
#[cfg(feature = "alloc")]
pub use mat_read::{entries_to_actions, play_checker_moves, MatEntry};
#[cfg(feature = "alloc")]
pub use mat_replay::{read_match, MatEnd, MatEvent, MatGame};

use racegames_board::{Seat, SetupError};

use crate::position::{Phase, Position};
use crate::Tables;

/// One player's checkers from its own side: index 0 is its ace point, 23
/// its 24-point, 24 the bar (gnubg's `anBoard[i]`).
pub type Side = [u8; 25];

/// Why a gnubg ID, a field or a position is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GnubgError {
    /// The text is not an ID of the right length and alphabet.
    #[error("a {kind} is {len} base64 characters (A-Z a-z 0-9 + /)", len = kind.chars())]
    NotBase64 {
        /// Which ID.
        kind: IdKind,
    },
    /// A Position ID with 1 bits after both players' 25 points.
    #[error("bits left after both players' checkers")]
    BitsLeft,
    /// A Position ID that ends before both players' 25 points.
    #[error("more than 30 checkers")]
    TooManyCheckers,
    /// A player with more than 15 checkers.
    #[error("player {player} has more than 15 checkers")]
    OverFifteen {
        /// The player: 0, not on roll, or 1, on roll (the order of the key).
        player: u8,
    },
    /// Both players on one point: one's ace point is the other's 24-point.
    #[error("both players on the same point")]
    SamePoint,
    /// Neither player has a checker on the board.
    #[error("neither player has a checker")]
    NoChecker,
    /// Dice that are not a throw (faces 1 to 6, or none before the roll).
    #[error("dice ({}, {}) are not a throw", .0[0], .0[1])]
    BadDice([u8; 2]),
    /// A game state gnubg does not know (5 to 7).
    #[error("unknown game state {0}")]
    UnknownGameState(u8),
    /// A score above the match length.
    #[error("a score above the match length")]
    ScoreAboveLength,
    /// The Crawford game in money play.
    #[error("a Crawford game in money play")]
    CrawfordInMoney,
    /// A cube that is not a power of two up to 32768.
    #[error("the cube is a power of two up to 32768, got {0}")]
    BadCube(u32),
    /// A field too large for its bits (match length and scores: 15 bits).
    #[error("the Match ID field {field} ({width} bits) cannot hold {value}")]
    FieldTooWide {
        /// The field's name, as [`MatchInfo`] calls it.
        field: &'static str,
        /// Its bits.
        width: u8,
        /// The value refused.
        value: u32,
    },
    /// A seat other than 0 (A) and 1 (B).
    #[error("{field} must be a seat, 0 (A) or 1 (B), got {seat}")]
    BadSeat {
        /// The field.
        field: &'static str,
        /// The seat's index.
        seat: usize,
    },
    /// A position of a game other than backgammon.
    #[error("gnubg IDs are for backgammon states, not {0:?}")]
    NotBackgammon(&'static str),
    /// A position in the middle of a turn: its throw is not known.
    #[error("the state is in the middle of a turn with dice '{0}' left: pass the throw as dice=(d1, d2)")]
    MidTurn(u32),
    /// The position of an ID is not one the game can be in.
    #[error(transparent)]
    Position(#[from] SetupError),
}

/// The two IDs, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdKind {
    /// A [`PositionId`]: 14 characters.
    Position,
    /// A [`MatchId`]: 12 characters.
    Match,
}

impl IdKind {
    /// The characters of this ID.
    pub const fn chars(self) -> usize {
        match self {
            IdKind::Position => 14,
            IdKind::Match => 12,
        }
    }
}

impl core::fmt::Display for IdKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            IdKind::Position => "Position ID",
            IdKind::Match => "Match ID",
        })
    }
}

/// `Ok` for a backgammon game, else [`GnubgError::NotBackgammon`].
pub(crate) fn check_game(game: &Tables) -> Result<(), GnubgError> {
    let name = game.variant().name;
    if name == "backgammon" {
        Ok(())
    } else {
        Err(GnubgError::NotBackgammon(name))
    }
}

/// `seat` if it is A or B.
pub(crate) fn check_seat(seat: Seat, field: &'static str) -> Result<Seat, GnubgError> {
    if seat.index() < 2 {
        Ok(seat)
    } else {
        Err(GnubgError::BadSeat {
            field,
            seat: seat.index(),
        })
    }
}

/// A's and B's checkers, each from its own side (gnubg's layout), of a
/// backgammon position.
///
/// ```
/// use racegames_board::Game;
/// use racegames_tables::{gnubg, Tables};
/// let game = Tables::backgammon();
/// let [a, b] = gnubg::sides(&game, &game.new_initial_state()).unwrap();
/// assert_eq!((a[5], a[7], a[12], a[23], a[24]), (5, 3, 5, 2, 0));
/// assert_eq!(a, b);
/// ```
///
/// # Errors
///
/// [`GnubgError::NotBackgammon`] for another game.
pub fn sides(game: &Tables, pos: &Position) -> Result<[Side; 2], GnubgError> {
    check_game(game)?;
    let mut out = [[0; 25]; 2];
    for (s, side) in out.iter_mut().enumerate() {
        let seat = Seat::new(s as u8);
        for (i, o) in side.iter_mut().take(24).enumerate() {
            *o = game
                .route_point(seat, 23 - i)
                .map_or(0, |p| pos.count(seat, p));
        }
        side[24] = pos.waiting_total(seat);
    }
    Ok(out)
}

/// The player gnubg has on roll in `pos`: the player whose turn it is;
/// before the roll-off A; once the game is won the loser (gnubg passes the
/// roll to the loser when the winner bears off, and the resigner was on
/// roll), but the doubler after a dropped double; A after a game cut by
/// the turn limit.
pub fn default_on_roll(pos: &Position) -> Seat {
    match (pos.turn(), pos.winner()) {
        (Some(seat), _) => seat,
        (None, Some(winner)) if pos.offer() == crate::cube::Offer::Double => winner,
        (None, Some(winner)) => winner.next(2),
        (None, None) => Seat::new(0),
    }
}

/// The throw of `pos` for a Match ID: none at a throw, before the roll-off
/// and once the game is over; the two faces while the whole throw is still
/// to play (a double with three or four moves left counts as whole).
fn throw_of(pos: &Position) -> Result<Option<[u8; 2]>, GnubgError> {
    if pos.phase() == Phase::Over {
        return Ok(None);
    }
    match *pos.dice() {
        [] => Ok(None),
        [a, b] => Ok(Some([a.max(b), a.min(b)])),
        [a, ref rest @ ..] if !rest.is_empty() && rest.iter().all(|&d| d == a) => Ok(Some([a, a])),
        ref left => Err(GnubgError::MidTurn(
            left.iter().fold(0, |n, &d| n * 10 + u32::from(d)),
        )),
    }
}
