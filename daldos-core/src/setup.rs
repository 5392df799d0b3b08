//! [`Setup`], a plain arrangement as the notation writes it, and the checks
//! that make a [`Position`] of one ([`Daldos::position`]).

use racegames_board::{Seat, SetupError};

use crate::{Board, Daldos, Hole, Options, Phase, Piece, Position, Row, MAX_HOLES};

/// A Daldøs arrangement as the one-line notation writes it: what stands in
/// each hole, whose turn it is, the dice still to use and the turn count.
///
/// Any arrangement can be written here, possible or not; only
/// [`Daldos::position`] says whether a game can be in it. Text reads into a
/// `Setup` with [`FromStr`](core::str::FromStr) and is written back with
/// [`Display`](core::fmt::Display) (see [`crate::notation`]); every setup
/// read from text writes back the same text.
///
/// ```
/// use racegames_board::Seat;
/// use racegames_daldos::{Board, Daldos, Piece, Setup};
///
/// // Two dalled pieces in the middle row, A to use a 2.
/// let mut setup = Setup::new(Board::Danish);
/// setup.holes[16] = Some(Piece { owner: Seat::new(0), dalled: true });
/// setup.holes[18] = Some(Piece { owner: Seat::new(1), dalled: true });
/// setup.to_move = Some(Seat::new(0));
/// setup.dice = [2, 0];
/// let text = "................/A.B............../................ A 2 0";
/// assert_eq!(setup.to_string(), text);
/// assert_eq!(text.parse::<Setup>().unwrap(), setup);
///
/// let game = Daldos::default();
/// let pos = game.position(&setup).unwrap();
/// assert_eq!(game.setup(&pos), setup);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The board; the notation tells it by the length of its rows.
    pub board: Board,
    /// What stands in each hole, by [`Hole::index`]. Holes past the board's
    /// [`Board::num_holes`] must be empty.
    pub holes: [Option<Piece>; MAX_HOLES],
    /// The player to throw or move; `None` (`-`) before the roll-off and
    /// when the game is over.
    pub to_move: Option<Seat>,
    /// The dice still to use, highest first, 0 for none: `[0, 0]` is `-`
    /// (a throw is due), `[4, 0]` a lone 4.
    pub dice: [u8; 2],
    /// Turns completed since the start.
    pub turns: u32,
}

impl Setup {
    /// An empty `board`, nobody to move, no dice, turn 0.
    pub const fn new(board: Board) -> Setup {
        Setup {
            board,
            holes: [None; MAX_HOLES],
            to_move: None,
            dice: [0, 0],
            turns: 0,
        }
    }
}

impl Default for Setup {
    /// An empty Danish board.
    fn default() -> Setup {
        Setup::new(Board::Danish)
    }
}

impl From<Position> for Setup {
    fn from(pos: Position) -> Setup {
        let mut setup = Setup::new(pos.board);
        for (index, slot) in setup.holes.iter_mut().enumerate() {
            *slot = Hole::new(index as u8).and_then(|h| pos.piece_at(h));
        }
        setup.to_move = pos.to_move();
        setup.dice = pos.dice;
        setup.turns = pos.turns;
        setup
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    /// The position of `setup` under the default rules on the setup's board
    /// (`Daldos::new(Options::default().with_board(board))`); other
    /// options check their positions with [`Daldos::position`].
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        Daldos::new(Options::default().with_board(setup.board)).position(&setup)
    }
}

/// The notation's name of a row's field, as errors give it.
pub(crate) const fn row_field(row: Row) -> &'static str {
    match row {
        Row::A => "row A",
        Row::Middle => "middle row",
        Row::B => "row B",
    }
}

const fn fail<T>(field: &'static str, reason: &'static str) -> Result<T, SetupError> {
    Err(SetupError::new(field, reason))
}

impl Daldos {
    /// The position of `setup` in this game, or which part of it no game
    /// can be in: a piece off the board or outside its row, more pieces than
    /// a home row holds, a seat other than A and B, dice that are not 1 to 4
    /// (highest first), dice with nobody to move, a game over that is not
    /// over, a game in play that is, or a throw that cannot be used (a lost
    /// throw passes at once, so no position waits on one). The error names
    /// the notation's field: `board`, `row B`, `middle row`, `row A`,
    /// `turn`, `dice` or `turns`.
    ///
    /// Nothing accepted makes a later call of the game panic. The position
    /// need not be reachable from the opening.
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the notation's field at fault.
    ///
    /// ```
    /// use racegames_daldos::{Daldos, Setup};
    /// let game = Daldos::default();
    /// let setup: Setup = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0".parse().unwrap();
    /// assert!(game.position(&setup).is_ok());
    /// // Dice a long die never shows.
    /// let mut bad = setup;
    /// bad.dice = [9, 9];
    /// assert_eq!(game.position(&bad).unwrap_err().field, "dice");
    /// ```
    pub fn position(&self, setup: &Setup) -> Result<Position, SetupError> {
        let mut pos = self.arrange(setup)?;
        set_turn(&mut pos, setup)?;
        self.check_play(&pos)?;
        Ok(pos)
    }

    /// The setup of a position: the arrangement its notation writes.
    pub fn setup(&self, pos: &Position) -> Setup {
        Setup::from(*pos)
    }

    /// Checks a position built by hand (with [`Position::put`] and the
    /// other setters) as [`Daldos::position`] checks a setup, and returns it
    /// as the game keeps it.
    ///
    /// # Errors
    ///
    /// [`SetupError`], as [`Daldos::position`].
    pub fn check(&self, pos: Position) -> Result<Position, SetupError> {
        self.position(&Setup::from(pos))
    }

    /// The pieces of `setup` on an empty board of this game, nobody to move.
    fn arrange(&self, setup: &Setup) -> Result<Position, SetupError> {
        let board = self.options.board;
        if setup.board != board {
            return fail(
                "board",
                match board {
                    Board::Danish => "the game is played on the Danish board (16 holes a row)",
                    Board::Norwegian => {
                        "the game is played on the Norwegian board (12 holes a row)"
                    }
                },
            );
        }
        let mut pos = Position::empty(board, Seat::new(0))?;
        for (index, piece) in setup.holes.iter().enumerate() {
            let (Some(piece), Some(hole)) = (piece, Hole::new(index as u8)) else {
                continue;
            };
            // `put` refuses what no game can hold, naming the field.
            pos.put(hole, Some(*piece))?;
        }
        Ok(pos)
    }

    /// Checks that the game is over exactly when the position says so, and
    /// that a throw waiting to be used can be.
    fn check_play(&self, pos: &Position) -> Result<(), SetupError> {
        let limit_reached = self.options.max_turns > 0 && pos.turns >= self.options.max_turns;
        let limit = u32::from(self.options.lose_at_one);
        let someone_lost = pos.count(Seat::new(0)) <= limit || pos.count(Seat::new(1)) <= limit;
        match pos.phase {
            Phase::Over if self.loser(pos).is_none() && !limit_reached => fail(
                "turn",
                "nobody is to move, but nobody has lost and the turn limit is not reached",
            ),
            Phase::Throw | Phase::Move if someone_lost => {
                fail("turn", "a player has lost, so nobody can be to move")
            }
            Phase::Throw | Phase::Move if limit_reached => fail(
                "turns",
                "the turn limit is reached, so nobody can be to move",
            ),
            Phase::Move if !self.has_move(pos) => fail(
                "dice",
                "these dice cannot be used, and a lost throw passes at once",
            ),
            _ => Ok(()),
        }
    }
}

/// Sets whose turn it is, the dice and the phase from `setup`.
fn set_turn(pos: &mut Position, setup: &Setup) -> Result<(), SetupError> {
    let dice = setup.dice;
    if dice.iter().any(|&d| d > 4) {
        return fail("dice", "a long die shows 1 to 4");
    }
    if dice[1] > dice[0] {
        return fail("dice", "the dice are written highest first");
    }
    pos.turns = setup.turns;
    match setup.to_move {
        Some(seat) if seat.index() > 1 => fail("turn", "the player to move is A or B"),
        Some(seat) => {
            pos.set_to_move(seat)?;
            let waiting = dice.iter().take_while(|&&d| d != 0).count();
            pos.set_dice(&dice[..waiting])
        }
        None if dice[0] != 0 => fail("dice", "no dice can be waiting when nobody is to move"),
        None => {
            let opening = Position::opening(pos.board);
            let untouched = pos.pieces == opening.pieces && pos.dalled == opening.dalled;
            pos.phase = if setup.turns == 0 && untouched {
                Phase::RollOff
            } else {
                Phase::Over
            };
            Ok(())
        }
    }
}
