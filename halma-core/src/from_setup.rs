//! Positions from setups: the checks that make a [`Setup`] a position of a
//! game, and the game's entry points for text (parsing, notation, diagram).

use core::fmt;

use racegames_board::notation::Problem;
use racegames_board::{ParseError, SetupError};

use crate::bits::BitSet;
use crate::geometry::Geometry;
use crate::notation::{self, Spans};
use crate::position::{Position, TERMINAL};
use crate::rules::Rules;
use crate::setup::Setup;
use crate::Halma;

/// Why a setup is refused, and the hole at fault where there is one (to
/// point a parse error at its character).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fault {
    pub(crate) error: SetupError,
    hole: Option<usize>,
}

impl Fault {
    fn new(field: &'static str, reason: &'static str) -> Fault {
        Fault {
            error: SetupError::new(field, reason),
            hole: None,
        }
    }

    fn on(hole: usize, reason: &'static str) -> Fault {
        Fault {
            error: SetupError::new("row", reason),
            hole: Some(hole),
        }
    }

    /// The parse error of this fault in a text whose fields start at `spans`.
    pub(crate) fn at<G: Geometry>(self, spans: &Spans) -> ParseError {
        let SetupError { field, reason } = self.error;
        ParseError::new(
            field,
            spans.offset::<G>(field, self.hole),
            Problem::Invalid(reason),
        )
    }
}

/// Displays what a closure writes.
struct DisplayWith<F>(F);

impl<F: Fn(&mut dyn fmt::Write) -> fmt::Result> fmt::Display for DisplayWith<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

impl<G: Geometry> Halma<G> {
    /// The position `setup` describes, if it can arise in this game: each
    /// of the game's seats has its number of pieces on the board and no
    /// other seat has any, no hole holds two, the finishers are distinct
    /// seats that have filled their target camp (every seat that has is
    /// listed, unless the game was already decided), and the turn is `None`
    /// exactly when the game is over (decided, at the turn limit, or no
    /// seat can move), else a seat that has not finished and can move.
    ///
    /// The error names the notation's field at fault (`row` for a hole,
    /// `rows`, `turn`, `finished` or `turns`) and what is wrong.
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the notation's field at fault.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_halma::bits::BitSet;
    /// use racegames_halma::{SquareHalma, SquareSetup};
    ///
    /// let game = SquareHalma::default();
    /// let mut setup: SquareSetup = game.setup(&game.new_initial_state());
    /// assert_eq!(game.position(&setup), Ok(game.new_initial_state()));
    /// setup.pieces[0].remove(0); // seat 0 now has 18 pieces
    /// assert_eq!(game.position(&setup).unwrap_err().field, "rows");
    /// ```
    pub fn position(&self, setup: &Setup<G>) -> Result<Position<G>, SetupError> {
        self.checked(setup).map_err(|f| f.error)
    }

    /// The setup of `pos`: the game's seats' pieces, the turn, the
    /// finishers and the turn counter. [`Halma::position`] gives `pos` back.
    pub fn setup(&self, pos: &Position<G>) -> Setup<G> {
        let mut setup = Setup::from(*pos);
        for set in setup.pieces.as_mut().iter_mut().skip(self.players()) {
            *set = G::Bits::EMPTY;
        }
        setup
    }

    /// The position a notation describes in this game (the notation's
    /// `Setup`, then [`Halma::position`]); errors name the field and the
    /// byte offset, at the character for a hole at fault.
    /// [`racegames_board::Game::parse_notation`] does the same.
    ///
    /// # Errors
    ///
    /// [`ParseError`] naming the field at fault and its byte offset: text
    /// that is no notation, or a setup this game cannot be in.
    ///
    /// ```
    /// use racegames_halma::ChineseCheckers;
    ///
    /// let game = ChineseCheckers::default();
    /// let text = "1/11/111/1111/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0";
    /// let pos = game.parse_position(text).unwrap();
    /// assert_eq!(game.notation(&pos).to_string(), text);
    /// // A third seat's piece in a two-seat game, at byte 0.
    /// let err = game.parse_position(&text.replacen('1', "3", 1)).unwrap_err();
    /// assert_eq!((err.field, err.offset), ("row", 0));
    /// ```
    pub fn parse_position(&self, text: &str) -> Result<Position<G>, ParseError> {
        let (setup, spans) = notation::read::<G>(text)?;
        self.checked(&setup).map_err(|f| f.at::<G>(&spans))
    }

    /// The one-line notation of `pos` with this game's seats (what
    /// [`racegames_board::Game::write_notation`] writes).
    pub fn notation<'a>(&'a self, pos: &'a Position<G>) -> impl fmt::Display + 'a {
        DisplayWith(move |out: &mut dyn fmt::Write| self.write_position(pos, out))
    }

    /// A multi-line picture of `pos` (see [`crate::diagram`]; what
    /// [`racegames_board::Game::write_diagram`] writes).
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_halma::SquareHalma;
    ///
    /// let game = SquareHalma::default();
    /// let text = game.diagram(&game.new_initial_state()).to_string();
    /// assert!(text.contains("seat 1 to move"));
    /// ```
    pub fn diagram<'a>(&'a self, pos: &'a Position<G>) -> impl fmt::Display + 'a {
        DisplayWith(move |out: &mut dyn fmt::Write| crate::diagram::write(self, pos, out))
    }

    /// Writes the notation of `pos` with this game's seats.
    pub(crate) fn write_position(
        &self,
        pos: &Position<G>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let sets = pos.pieces.as_ref();
        let finished = pos
            .finished()
            .iter()
            .map(|&s| racegames_board::Seat::new(s));
        let seats = self.players().min(sets.len());
        notation::write::<G>(&sets[..seats], pos.to_move(), finished, pos.turns, out)
    }

    /// The game `FromStr` and serde read a setup with: the board's default
    /// options for the seats and pieces it shows (see `TryFrom<Setup>`).
    pub(crate) fn shown_by(setup: &Setup<G>) -> Result<Halma<G>, SetupError> {
        let sets = setup.pieces.as_ref();
        let seats = sets
            .iter()
            .rposition(|b| !b.is_empty())
            .map_or(0, |s| s + 1);
        let seats = u8::try_from(seats).unwrap_or(u8::MAX);
        let star = G::CAMPS == 6;
        let mut rules = if star {
            Rules::chinese_checkers(seats)
        } else {
            Rules::halma(seats)
        };
        if star && sets.first().is_some_and(|b| b.count() == 15) {
            rules.pieces = 15;
        }
        let finished = setup.finished.len();
        if finished > 1 || (finished == 1 && setup.to_move.is_some()) {
            rules.finish = crate::Finish::All;
        }
        // A game over may have stopped at its turn limit; a game going on
        // past the default limit has none.
        match setup.to_move {
            None if setup.turns > 0 => rules.max_turns = setup.turns,
            Some(_) if setup.turns >= rules.max_turns => rules.max_turns = 0,
            _ => {}
        }
        Halma::new(rules).map_err(|_| {
            SetupError::new("rows", "no game of this board has these seats and pieces")
        })
    }

    /// [`Halma::position`], with the hole at fault.
    pub(crate) fn checked(&self, setup: &Setup<G>) -> Result<Position<G>, Fault> {
        self.check_board(setup)?;
        self.check_seats(setup)?;
        let mut pos = Position::<G>::empty();
        for (seat, &set) in setup.pieces.as_ref().iter().enumerate() {
            if seat < self.players() {
                *pos.seat_mut(seat) = set;
            }
        }
        pos.to_move = setup.to_move.map_or(TERMINAL, |s| s.index() as u8);
        for s in &setup.finished {
            pos.push_finished(s.index());
        }
        pos.turns = setup.turns;
        self.check_rules(&pos)?;
        self.derive(&mut pos);
        Ok(pos)
    }

    /// The pieces: on the board, one per hole, only the game's seats, each
    /// with the game's number.
    fn check_board(&self, setup: &Setup<G>) -> Result<(), Fault> {
        let sets = setup.pieces.as_ref();
        // Pieces no seat of the game may own first: they explain a count.
        for (seat, &set) in sets.iter().enumerate() {
            if !set.minus(G::ALL).is_empty() {
                return Err(Fault::new("rows", "a piece is off the board"));
            }
            if let (true, Some(h)) = (seat >= self.players(), set.first()) {
                return Err(Fault::on(h, "a piece of a seat this game lacks"));
            }
        }
        let pieces = u32::from(self.rules.pieces);
        let mut seen = G::Bits::EMPTY;
        for &set in sets.iter().take(self.players()) {
            if let Some(h) = set.and(seen).first() {
                return Err(Fault::on(h, "two pieces on one hole"));
            }
            seen = seen.or(set);
            if set.count() != pieces {
                return Err(Fault::new("rows", "a seat has the wrong number of pieces"));
            }
        }
        Ok(())
    }

    /// The seat to move and the finishers: seats of the game, no finisher
    /// twice.
    fn check_seats(&self, setup: &Setup<G>) -> Result<(), Fault> {
        let n = self.players();
        if setup.to_move.is_some_and(|s| s.index() >= n) {
            return Err(Fault::new("turn", "no such seat in this game"));
        }
        for (i, s) in setup.finished.iter().enumerate() {
            if s.index() >= n {
                return Err(Fault::new("finished", "no such seat in this game"));
            }
            if setup.finished[..i].contains(s) {
                return Err(Fault::new("finished", "a seat is listed twice"));
            }
        }
        Ok(())
    }

    /// The finishers and the turn against the rules, on a position whose
    /// pieces and seats passed the checks above.
    fn check_rules(&self, pos: &Position<G>) -> Result<(), Fault> {
        let n = self.players();
        // The finished seats are those the board shows finished: a seat that
        // has won is recorded at once, unless that already decided the game.
        for &seat in pos.finished() {
            let seat = usize::from(seat);
            // A spoiling win may be undone on the board by others moving out.
            let spoiled =
                self.rules.spoiling_win && !pos.pieces(seat).and(self.target[seat]).is_empty();
            if !self.has_won(pos, seat) && !spoiled {
                return Err(Fault::new(
                    "finished",
                    "a seat listed as finished has not filled its target camp",
                ));
            }
        }
        let decided = self.decided(pos);
        if !decided && (0..n).any(|s| !pos.has_finished(s) && self.has_won(pos, s)) {
            return Err(Fault::new(
                "finished",
                "a seat has filled its target camp but is not listed as finished",
            ));
        }
        let at_limit = self.rules.max_turns > 0 && pos.turns >= self.rules.max_turns;
        match pos.to_move() {
            Some(_) if decided => Err(Fault::new(
                "turn",
                "the game is decided, so the turn must be '-'",
            )),
            Some(_) if at_limit => Err(Fault::new(
                "turns",
                "the turn counter has reached max_turns, so the turn must be '-'",
            )),
            None if !decided
                && !at_limit
                && (0..n).any(|s| !pos.has_finished(s) && self.has_any_move(pos, s)) =>
            {
                Err(Fault::new(
                    "turn",
                    "the turn is '-' but the game is not over",
                ))
            }
            Some(p) if pos.has_finished(p.index()) => {
                Err(Fault::new("turn", "the seat to move has finished"))
            }
            Some(p) if !self.has_any_move(pos, p.index()) => {
                Err(Fault::new("turn", "the seat to move has no legal move"))
            }
            _ => Ok(()),
        }
    }
}
