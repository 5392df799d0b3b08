//! The state of a game: pieces, whose turn, the throw to use, the turn count.

use racegames_board::{Seat, SetupError};

#[cfg(feature = "serde")]
use crate::Setup;
use crate::{setup::row_field, Board, Hole, Row};

/// Where play stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Before the roll-off that decides who starts.
    RollOff,
    /// The player to move must throw the dice.
    Throw,
    /// The player to move must use the throw in [`Position::dice`].
    Move,
    /// The game is over: won, lost, or stopped at `max_turns`.
    Over,
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner.
    pub owner: Seat,
    /// False until a dal has turned it.
    pub dalled: bool,
}

/// A Daldøs position: a small `Copy` value with everything needed to go on
/// playing. Its notation (see [`crate::notation`]) is its `Display` and
/// `FromStr`; `FromStr` checks it under the default rules on the
/// notation's board, [`crate::Daldos::parse_position`] under a game's own.
///
/// With the `serde` feature a position serializes as its notation string,
/// and deserializing checks it as `FromStr` does (through [`crate::Setup`]).
///
/// ```
/// use racegames_daldos::Position;
/// let text = ".............BBB/........B...A..../...............a B - 0";
/// let pos: Position = text.parse().unwrap();
/// assert_eq!(pos.to_string(), text);
/// // Nobody can be to move at turn 2000: the default game stops at 1000.
/// assert!("bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 2000".parse::<Position>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Setup", into = "Setup")
)]
pub struct Position {
    /// Bit `h` set: a piece of that player stands in hole `h`.
    pub(crate) pieces: [u64; 2],
    /// Bit `h` set: the piece in hole `h` is dalled.
    pub(crate) dalled: u64,
    pub(crate) turns: u32,
    /// The dice still to use, highest first; 0 for none.
    pub(crate) dice: [u8; 2],
    pub(crate) to_move: Seat,
    pub(crate) phase: Phase,
    pub(crate) board: Board,
}

impl Position {
    /// The opening set-up before the roll-off: every piece undalled in its
    /// home row.
    pub const fn opening(board: Board) -> Position {
        Position {
            pieces: [
                board.home_row_mask(Seat::new(0)),
                board.home_row_mask(Seat::new(1)),
            ],
            dalled: 0,
            turns: 0,
            dice: [0, 0],
            to_move: Seat::new(0),
            phase: Phase::RollOff,
            board,
        }
    }

    /// An empty board with `player` to throw: a start for building test
    /// positions with [`Position::put`].
    ///
    /// # Errors
    ///
    /// A [`SetupError`] on the `turn` field when `player` is neither A nor B.
    pub const fn empty(board: Board, player: Seat) -> Result<Position, SetupError> {
        if player.index() > 1 {
            return Err(SetupError::new("turn", "the player to move is A or B"));
        }
        Ok(Position {
            pieces: [0, 0],
            dalled: 0,
            turns: 0,
            dice: [0, 0],
            to_move: player,
            phase: Phase::Throw,
            board,
        })
    }

    /// The board this position is on.
    #[inline]
    pub const fn board(&self) -> Board {
        self.board
    }

    /// Where play stands.
    #[inline]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The player to throw or move; `None` before the roll-off and when the
    /// game is over.
    pub const fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Throw | Phase::Move => Some(self.to_move),
            Phase::RollOff | Phase::Over => None,
        }
    }

    /// The dice still to use, highest first (empty unless the phase is
    /// [`Phase::Move`]).
    pub fn dice(&self) -> &[u8] {
        let len = self.dice.iter().take_while(|&&d| d != 0).count();
        &self.dice[..len]
    }

    /// Turns completed since the start.
    #[inline]
    pub const fn turns(&self) -> u32 {
        self.turns
    }

    /// The piece in `hole`, if any.
    pub fn piece_at(&self, hole: Hole) -> Option<Piece> {
        let bit = hole.bit();
        let owner = if self.pieces[0] & bit != 0 {
            Seat::new(0)
        } else if self.pieces[1] & bit != 0 {
            Seat::new(1)
        } else {
            return None;
        };
        Some(Piece {
            owner,
            dalled: self.dalled & bit != 0,
        })
    }

    /// The holes of `player`'s pieces, as a bit set over [`Hole`] numbers.
    #[inline]
    pub const fn pieces_of(&self, player: Seat) -> u64 {
        self.pieces[player.index() & 1]
    }

    /// How many pieces `player` has left.
    #[inline]
    pub const fn count(&self, player: Seat) -> u32 {
        self.pieces_of(player).count_ones()
    }

    /// Puts `piece` in `hole` (or empties it with `None`), for building
    /// positions.
    ///
    /// Each setter keeps what any game needs of a position, and what the
    /// notation can write: pieces on the board, of A or B, undalled only in
    /// their home row, at most a home row's worth each; dice 1 to 4; A or B
    /// to move. Whether a game can be in the result (somebody lost, the turn
    /// limit, a throw that cannot be used) is the game's to say: give the
    /// position to [`crate::Daldos::check`] before playing it.
    ///
    /// Before the roll-off and when the game is over, the position stays
    /// out of play and reads as its notation does: before the roll-off only
    /// while it is the untouched opening at turn 0.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming the notation's field, with the position
    /// unchanged: a hole past this board's end (`board`), a piece of
    /// neither A nor B or an undalled piece outside its home row (the
    /// hole's row), or more pieces of one player than a home row holds
    /// (`board`).
    ///
    /// ```
    /// use racegames_board::Seat;
    /// use racegames_daldos::{Board, Hole, Piece, Position};
    /// let mut pos = Position::empty(Board::Danish, Seat::new(0)).unwrap();
    /// let dalled = Piece { owner: Seat::new(0), dalled: true };
    /// pos.put(Hole::new(16).unwrap(), Some(dalled)).unwrap();
    /// // An undalled piece stands only in its home row.
    /// let undalled = Piece { dalled: false, ..dalled };
    /// assert_eq!(pos.put(Hole::new(17).unwrap(), Some(undalled)).unwrap_err().field, "middle row");
    /// ```
    pub fn put(&mut self, hole: Hole, piece: Option<Piece>) -> Result<(), SetupError> {
        let board = self.board;
        if hole.index() >= board.num_holes() {
            return Err(SetupError::new(
                "board",
                "a piece stands past the end of the board",
            ));
        }
        let bit = hole.bit();
        let mut next = *self;
        next.pieces[0] &= !bit;
        next.pieces[1] &= !bit;
        next.dalled &= !bit;
        if let Some(p) = piece {
            let (row, _) = board.locate(hole);
            let home = match p.owner.index() {
                0 => Row::A,
                1 => Row::B,
                _ => return Err(SetupError::new(row_field(row), "a piece belongs to A or B")),
            };
            if !p.dalled && row != home {
                return Err(SetupError::new(
                    row_field(row),
                    "an undalled piece can only stand in its home row",
                ));
            }
            next.pieces[p.owner.index()] |= bit;
            if p.dalled {
                next.dalled |= bit;
            }
            if next.count(p.owner) as usize > board.row_len() {
                return Err(SetupError::new(
                    "board",
                    "a player has more pieces than a home row has holes",
                ));
            }
        }
        next.settle();
        *self = next;
        Ok(())
    }

    /// Sets the dice still to use (sorted highest first), putting the
    /// position in [`Phase::Move`]; an empty slice asks for a throw
    /// instead ([`Phase::Throw`]).
    ///
    /// # Errors
    ///
    /// A [`SetupError`] on the `dice` field, with the position unchanged,
    /// for more than two dice or a die other than 1 to 4.
    ///
    /// ```
    /// use racegames_board::Seat;
    /// use racegames_daldos::{Board, Position};
    /// let mut pos = Position::empty(Board::Danish, Seat::new(0)).unwrap();
    /// pos.set_dice(&[1, 3]).unwrap();
    /// assert_eq!(pos.dice(), &[3, 1]);
    /// assert!(pos.set_dice(&[9, 9]).is_err());
    /// assert_eq!(pos.dice(), &[3, 1]);
    /// ```
    pub fn set_dice(&mut self, dice: &[u8]) -> Result<(), SetupError> {
        let mut d = [0u8; 2];
        if dice.len() > d.len() {
            return Err(SetupError::new("dice", "at most two dice can be waiting"));
        }
        if dice.iter().any(|&v| !(1..=4).contains(&v)) {
            return Err(SetupError::new("dice", "a long die shows 1 to 4"));
        }
        for (slot, &v) in d.iter_mut().zip(dice) {
            *slot = v;
        }
        if d[1] > d[0] {
            d.swap(0, 1);
        }
        self.dice = d;
        self.phase = if d[0] == 0 { Phase::Throw } else { Phase::Move };
        Ok(())
    }

    /// Sets the player to throw or move. A position before the roll-off or
    /// over is put in play, with `player` to throw.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] on the `turn` field, with the position unchanged,
    /// when `player` is neither A nor B.
    pub fn set_to_move(&mut self, player: Seat) -> Result<(), SetupError> {
        if player.index() > 1 {
            return Err(SetupError::new("turn", "the player to move is A or B"));
        }
        self.to_move = player;
        if matches!(self.phase, Phase::RollOff | Phase::Over) {
            self.phase = Phase::Throw;
        }
        Ok(())
    }

    /// Sets the turn counter. Whether a game can be at that turn (its turn
    /// limit) is [`crate::Daldos::check`]'s to say.
    pub fn set_turns(&mut self, turns: u32) {
        self.turns = turns;
        self.settle();
    }

    /// Out of play, the phase is the one the notation reads: before the
    /// roll-off only the untouched opening at turn 0, otherwise over. So an
    /// edited position equals its notation read back.
    fn settle(&mut self) {
        if matches!(self.phase, Phase::RollOff | Phase::Over) {
            let opening = Position::opening(self.board);
            let untouched = self.pieces == opening.pieces && self.dalled == opening.dalled;
            self.phase = if self.turns == 0 && untouched {
                Phase::RollOff
            } else {
                Phase::Over
            };
            self.to_move = Seat::new(0);
        }
    }
}
