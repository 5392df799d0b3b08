//! [`Setup`]: a plain arrangement of pieces, turn, finishers and turn
//! counter, as the notation writes it; any arrangement, legal or not.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use racegames_board::{ParseError, Seat, SetupError};

use crate::bits::BitSet;
use crate::geometry::{Geometry, Square, Star};
use crate::notation;
use crate::position::{Derived, Position};
use crate::Halma;

/// A position as plain data: each seat's holes, the seat to move, the
/// finishers and the turn counter, not checked against any game.
///
/// Read it from the one-line notation (`FromStr`, which checks only the
/// form, see [`crate::notation`]) or build it field by field; write it with
/// `Display`. [`Halma::position`] checks it against a game's rules and
/// makes a [`Position`]; [`Halma::setup`] goes back.
///
/// ```
/// use racegames_board::{Game, Seat};
/// use racegames_halma::{ChineseCheckers, StarSetup};
///
/// let game = ChineseCheckers::default();
/// let mut setup: StarSetup = game.setup(&game.new_initial_state());
/// assert_eq!(setup.to_move, Some(Seat::new(0)));
/// assert!(game.position(&setup).is_ok());
/// setup.to_move = Some(Seat::new(2)); // no third seat with 2 players
/// let err = game.position(&setup).unwrap_err();
/// assert_eq!(err.field, "turn");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup<G: Geometry> {
    /// The holes of each seat's pieces, seat 0 first: six hole sets on the
    /// star, four on the square board. Holes are numbered as in
    /// [`crate::notation`]; a hole in two sets is refused by
    /// [`Halma::position`] (the notation shows the first seat's digit).
    pub pieces: G::Pieces,
    /// The seat to move, or `None` once the game is over (`-`).
    pub to_move: Option<Seat>,
    /// The seats that have finished, in finishing order (the winner first).
    pub finished: ArrayVec<Seat, 6>,
    /// Turns (moves) completed since the start.
    pub turns: u32,
}

/// A setup on the star (Chinese checkers).
pub type StarSetup = Setup<Star>;
/// A setup on the square board (Halma).
pub type SquareSetup = Setup<Square>;

impl<G: Geometry> Setup<G> {
    /// The seat whose piece stands on `hole` (the first, if several do), or
    /// `None` for an empty hole or one off the board.
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
}

impl<G: Geometry> From<Position<G>> for Setup<G> {
    /// The setup of a position (every seat it has pieces for).
    fn from(pos: Position<G>) -> Setup<G> {
        Setup {
            pieces: pos.pieces,
            to_move: pos.to_move(),
            finished: pos.finished().iter().map(|&s| Seat::new(s)).collect(),
            turns: pos.turns,
        }
    }
}

impl<G: Geometry> fmt::Display for Setup<G> {
    /// The one-line notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let finished = self.finished.iter().copied();
        notation::write::<G>(self.pieces.as_ref(), self.to_move, finished, self.turns, f)
    }
}

impl<G: Geometry> FromStr for Setup<G> {
    type Err = ParseError;

    /// Reads the one-line notation; checks the form only.
    fn from_str(text: &str) -> Result<Setup<G>, ParseError> {
        notation::read::<G>(text).map(|(setup, _)| setup)
    }
}

impl<G: Geometry> fmt::Display for Position<G> {
    /// The one-line notation, with every seat that has pieces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let finished = self.finished().iter().map(|&s| Seat::new(s));
        let to_move = self.to_move();
        notation::write::<G>(self.pieces.as_ref(), to_move, finished, self.turns, f)
    }
}

impl<G: Geometry> FromStr for Position<G> {
    type Err = ParseError;

    /// Reads the one-line notation and checks it against the rules of the
    /// board's game with the options the text shows, as the
    /// `TryFrom<Setup>` implementation says. Positions of games with other
    /// options read with [`Halma::parse_position`].
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_halma::{ChineseCheckers, Rules, StarPosition};
    ///
    /// let game = ChineseCheckers::new(Rules::chinese_checkers(6)).unwrap();
    /// let text = game.new_initial_state().to_string();
    /// let pos: StarPosition = text.parse().unwrap();
    /// assert_eq!(pos, game.new_initial_state());
    /// assert_eq!(pos.to_string(), text);
    /// ```
    fn from_str(text: &str) -> Result<Position<G>, ParseError> {
        let (setup, spans) = notation::read::<G>(text)?;
        let game = Halma::<G>::shown_by(&setup).map_err(|e| {
            let at = spans.offset::<G>(e.field, None);
            ParseError::new(
                e.field,
                at,
                racegames_board::notation::Problem::Invalid(e.reason),
            )
        })?;
        let mut pos = game.checked(&setup).map_err(|f| f.at::<G>(&spans))?;
        // The vacate answer is the guessed game's: leave it to the game in use.
        pos.derived = Derived::default();
        Ok(pos)
    }
}

impl<G: Geometry> TryFrom<Setup<G>> for Position<G> {
    type Error = SetupError;

    /// The position of `setup` under the rules of the board's game with
    /// the options the setup shows, as `FromStr` and serde read it: the
    /// default options ([`crate::Rules::chinese_checkers`],
    /// [`crate::Rules::halma`]) for as many seats as have pieces, with
    /// as many pieces per seat as seat 0 has (10 or 15 on the star), and
    /// - `finish = all` where more than one seat has finished, or one has
    ///   and a seat is to move;
    /// - `max_turns` at the turn counter where the game is over (it may
    ///   have stopped there), none where a seat is to move at turn 1000 or
    ///   later.
    ///
    /// The switches (`long_jumps`, `wing_rule`, `vacate_rule`,
    /// `spoiling_win`) keep their defaults, so a position that only a game
    /// with other switches reaches may be refused: read it with that game's
    /// [`Halma::position`]. The result carries nothing of the game used to
    /// check it.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_halma::{Finish, Rules, SquareHalma, SquarePosition, SquareSetup};
    ///
    /// let mut rules = Rules::halma(4);
    /// rules.finish = Finish::All;
    /// let game = SquareHalma::new(rules).unwrap();
    /// let setup: SquareSetup = game.setup(&game.new_initial_state());
    /// assert_eq!(SquarePosition::try_from(setup).unwrap(), game.new_initial_state());
    /// ```
    fn try_from(setup: Setup<G>) -> Result<Position<G>, SetupError> {
        let game = Halma::<G>::shown_by(&setup)?;
        let mut pos = game.position(&setup)?;
        pos.derived = Derived::default();
        Ok(pos)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! Setups and positions serialize as their notation string and
    //! deserialize through `FromStr`, so serde checks what parsing checks.

    use core::fmt;
    use core::marker::PhantomData;
    use core::str::FromStr;

    use racegames_board::ParseError;
    use serde::de::{self, Deserializer, Visitor};
    use serde::ser::Serializer;
    use serde::{Deserialize, Serialize};

    use super::Setup;
    use crate::geometry::Geometry;
    use crate::position::Position;

    /// Reads a notation string into `T`.
    struct Notation<T>(PhantomData<T>);

    impl<T: FromStr<Err = ParseError>> Visitor<'_> for Notation<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a Halma-family position in its one-line notation")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
            text.parse().map_err(E::custom)
        }
    }

    impl<G: Geometry> Serialize for Setup<G> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de, G: Geometry> Deserialize<'de> for Setup<G> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Setup<G>, D::Error> {
            d.deserialize_str(Notation(PhantomData))
        }
    }

    impl<G: Geometry> Serialize for Position<G> {
        /// As its setup: the notation string.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de, G: Geometry> Deserialize<'de> for Position<G> {
        /// As `FromStr`: the notation string, checked as parsing checks it.
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position<G>, D::Error> {
            d.deserialize_str(Notation(PhantomData))
        }
    }
}
