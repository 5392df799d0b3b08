//! The state of a game: pieces, whose turn, the throw to use, the turn count.

use racegames_board::Seat;

#[cfg(feature = "serde")]
use crate::Setup;
use crate::{Board, Hole};

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
    pub const fn empty(board: Board, player: Seat) -> Position {
        Position {
            pieces: [0, 0],
            dalled: 0,
            turns: 0,
            dice: [0, 0],
            to_move: player,
            phase: Phase::Throw,
            board,
        }
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
    /// positions. The result is checked when it is given to the game.
    pub fn put(&mut self, hole: Hole, piece: Option<Piece>) {
        let bit = hole.bit();
        self.pieces[0] &= !bit;
        self.pieces[1] &= !bit;
        self.dalled &= !bit;
        if let Some(p) = piece {
            self.pieces[p.owner.index() & 1] |= bit;
            if p.dalled {
                self.dalled |= bit;
            }
        }
    }

    /// Sets the dice still to use (highest first after sorting), putting the
    /// position in [`Phase::Move`]; an empty slice asks for a throw instead.
    pub fn set_dice(&mut self, dice: &[u8]) {
        let mut d = [0u8; 2];
        for (slot, &v) in d.iter_mut().zip(dice) {
            *slot = v;
        }
        if d[1] > d[0] {
            d.swap(0, 1);
        }
        self.dice = d;
        self.phase = if d[0] == 0 { Phase::Throw } else { Phase::Move };
    }

    /// Sets the player to move.
    pub fn set_to_move(&mut self, player: Seat) {
        self.to_move = Seat::new(player.index() as u8 & 1);
    }

    /// Sets the turn counter.
    pub fn set_turns(&mut self, turns: u32) {
        self.turns = turns;
    }
}
