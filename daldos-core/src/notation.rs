//! The one-line notation of a position (`docs/games/daldos.md`):
//! `<row B>/<middle>/<row A> <turn> <dice> <turns>`.
//!
//! - Each row lists its holes from the stern (index 0) to the prow: `.` for
//!   an empty hole, `a`/`A` for an undalled/dalled piece of player A, `b`/`B`
//!   for player B. Rows of 16 holes are the Danish board, of 12 the
//!   Norwegian.
//! - `<turn>` is `A` or `B`, or `-` before the roll-off and when the game is
//!   over (the board tells the two apart: only the untouched opening at turn
//!   0 is before the roll-off).
//! - `<dice>` is `-` when the player to move must throw; otherwise the dice
//!   still to use, highest first (`31`, `4`, `11`).
//! - `<turns>` counts completed turns; it is optional when parsing.
//!
//! This module only converts text and [`Setup`]: `FromStr` reads the fields
//! (errors give the field and the byte offset), `Display` writes them.
//! Whether a game can be in the setup is [`crate::Daldos::position`]'s to
//! say; [`crate::Daldos::parse_position`] does both steps, and so does
//! [`Position`]'s `FromStr`, under the default rules on the notation's board.
//!
//! ```
//! use racegames_daldos::{Board, Phase, Position, Setup};
//! let text = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0";
//! let setup: Setup = text.parse().unwrap();
//! assert_eq!(setup.board, Board::Danish);
//! assert_eq!(setup.to_string(), text);
//! let pos: Position = text.parse().unwrap();
//! assert_eq!(pos.phase(), Phase::Throw);
//! assert_eq!(pos.to_string(), text);
//! ```

use core::{fmt, str::FromStr};

use racegames_board::{
    notation::{parse_u32, Fields, Problem},
    ParseError, Seat, SetupError,
};

use crate::{setup::row_field, Board, Daldos, Piece, Position, Row, Setup};

/// The rows in the order the notation writes them.
const ROWS: [Row; 3] = [Row::B, Row::Middle, Row::A];

fn err(field: &'static str, offset: usize, problem: Problem) -> ParseError {
    ParseError::new(field, offset, problem)
}

/// Holes in `row` of `board`.
const fn row_len(board: Board, row: Row) -> usize {
    match row {
        Row::Middle => board.row_len() + 1,
        Row::A | Row::B => board.row_len(),
    }
}

const fn piece_char(piece: Option<Piece>) -> char {
    match piece {
        None => '.',
        Some(Piece { owner, dalled }) => match (owner.index(), dalled) {
            (0, false) => 'a',
            (0, true) => 'A',
            (1, false) => 'b',
            (1, true) => 'B',
            // No seat of Daldøs: written so that it cannot be read back.
            _ => '?',
        },
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in ROWS.into_iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for index in 0..row_len(self.board, row) {
                let piece = self
                    .board
                    .hole(row, index)
                    .and_then(|h| self.holes.get(h.index()).copied().flatten());
                fmt::Write::write_char(f, piece_char(piece))?;
            }
        }
        match self.to_move {
            Some(seat) => write!(f, " {}", seat.letter())?,
            None => f.write_str(" -")?,
        }
        if self.dice == [0, 0] {
            f.write_str(" -")?;
        } else {
            f.write_str(" ")?;
            for d in self.dice.iter().filter(|&&d| d != 0) {
                write!(f, "{d}")?;
            }
        }
        write!(f, " {}", self.turns)
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads the fields; any arrangement of pieces and any digits for dice
    /// are a setup ([`crate::Daldos::position`] checks them).
    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let mut fields = Fields::new(text);
        let (rows, at) = fields.next_field("board")?;
        let mut setup = read_board(rows, at)?;
        let (turn, at) = fields.next_field("turn")?;
        setup.to_move = read_turn(turn, at)?;
        let (dice, at) = fields.next_field("dice")?;
        setup.dice = read_dice(dice, at)?;
        if let Some((turns, at)) = fields.next_optional() {
            setup.turns = parse_u32(turns, "turns", at)?;
        }
        fields.finish()?;
        Ok(setup)
    }
}

/// Splits the board field into its three rows, each with its offset.
fn split_rows(rows: &str, at: usize) -> Result<[(&str, usize); 3], ParseError> {
    let mut parts = rows.split('/');
    let mut out = [("", 0usize); 3];
    let mut offset = at;
    for (slot, row) in out.iter_mut().zip(ROWS) {
        // A missing row is missing at the end of the field, not one byte
        // past it (the `+ 1` counts a slash that is not there).
        let part = parts
            .next()
            .ok_or(err(row_field(row), at + rows.len(), Problem::Missing))?;
        *slot = (part, offset);
        offset += part.len() + 1;
    }
    match parts.next() {
        Some(_) => Err(err(
            "board",
            offset - 1,
            Problem::Invalid("the board has more than three rows"),
        )),
        None => Ok(out),
    }
}

/// Reads the board field into an empty setup of the board its rows tell.
fn read_board(rows: &str, at: usize) -> Result<Setup, ParseError> {
    let rows = split_rows(rows, at)?;
    let (row_b, b_at) = rows[0];
    let board = Board::from_row_len(row_b.chars().count()).ok_or(err(
        "row B",
        b_at,
        Problem::Invalid("a home row has 16 holes (Danish) or 12 (Norwegian)"),
    ))?;
    let mut setup = Setup::new(board);
    for ((text, at), row) in rows.into_iter().zip(ROWS) {
        read_row(&mut setup, row, text, at)?;
    }
    Ok(setup)
}

/// Reads one row's holes into `setup`.
fn read_row(setup: &mut Setup, row: Row, text: &str, at: usize) -> Result<(), ParseError> {
    let field = row_field(row);
    let expected = row_len(setup.board, row);
    let found = text.chars().count();
    if found != expected {
        return Err(err(field, at, Problem::WrongLength { expected, found }));
    }
    for (index, (byte, c)) in text.char_indices().enumerate() {
        let piece = match c {
            '.' => None,
            'a' | 'A' | 'b' | 'B' => Some(Piece {
                owner: Seat::new(u8::from(c.eq_ignore_ascii_case(&'b'))),
                dalled: c.is_ascii_uppercase(),
            }),
            other => return Err(err(field, at + byte, Problem::Unexpected(other))),
        };
        let slot = setup
            .board
            .hole(row, index)
            .and_then(|h| setup.holes.get_mut(h.index()))
            .ok_or(err(field, at + byte, Problem::Invalid("no such hole")))?;
        *slot = piece;
    }
    Ok(())
}

/// Reads the turn field: `A`, `B` or `-`.
fn read_turn(text: &str, at: usize) -> Result<Option<Seat>, ParseError> {
    match text {
        "-" => Ok(None),
        "A" => Ok(Some(Seat::new(0))),
        "B" => Ok(Some(Seat::new(1))),
        _ => Err(err("turn", at, Problem::Invalid("the turn is A, B or -"))),
    }
}

/// Reads the dice field: `-` or one or two digits from 1 to 9, as written.
fn read_dice(text: &str, at: usize) -> Result<[u8; 2], ParseError> {
    let mut dice = [0u8; 2];
    if text == "-" {
        return Ok(dice);
    }
    for (count, (i, c)) in text.char_indices().enumerate() {
        let value = match c {
            '1'..='9' => c as u8 - b'0',
            other => return Err(err("dice", at + i, Problem::Unexpected(other))),
        };
        let slot = dice.get_mut(count).ok_or(err(
            "dice",
            at + i,
            Problem::Invalid("at most two dice can be waiting"),
        ))?;
        *slot = value;
    }
    Ok(dice)
}

/// Where the field a setup error names starts in `text`, read as notation
/// (the end of the text for a missing field).
fn field_offset(text: &str, field: &str) -> usize {
    let mut fields = Fields::new(text);
    let board_at = fields.next_optional().map_or(0, |(_, at)| at);
    let rest = &text[board_at..];
    let slash = |n: usize| {
        rest.match_indices('/')
            .nth(n)
            .map_or(board_at, |(i, _)| board_at + i + 1)
    };
    let nth_field = |n: usize| {
        let mut fields = Fields::new(text);
        (0..=n)
            .map(|_| fields.next_optional())
            .last()
            .flatten()
            .map_or(text.len(), |(_, at)| at)
    };
    match field {
        "middle row" => slash(0),
        "row A" => slash(1),
        "turn" => nth_field(1),
        "dice" => nth_field(2),
        "turns" => nth_field(3),
        _ => board_at,
    }
}

/// A setup error met while parsing `text`, pointing at its field.
pub(crate) fn locate(text: &str, e: SetupError) -> ParseError {
    err(
        e.field,
        field_offset(text, e.field),
        Problem::Invalid(e.reason),
    )
}

impl Daldos {
    /// Reads a position of this game from its notation: [`Setup`]'s
    /// `FromStr`, then [`Daldos::position`]. Errors point at the field that
    /// is wrong.
    ///
    /// # Errors
    ///
    /// [`ParseError`] naming the field at fault and its byte offset: text
    /// that is no notation, or a setup this game cannot be in.
    ///
    /// ```
    /// use racegames_daldos::Daldos;
    /// let game = Daldos::default();
    /// assert!(game.parse_position("bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0").is_ok());
    /// let err = game.parse_position("bbbbbbbbbbbb/............./aaaaaaaaaaaa A - 0").unwrap_err();
    /// assert!(err.to_string().contains("board"));
    /// // A has no pieces left, so A cannot be to move (the turn field, byte 52).
    /// let err = game.parse_position("bbbbbbbbbbbbbbbb/................./................ A - 0").unwrap_err();
    /// assert_eq!((err.field, err.offset), ("turn", 52));
    /// ```
    pub fn parse_position(&self, text: &str) -> Result<Position, ParseError> {
        let setup: Setup = text.parse()?;
        self.position(&setup).map_err(|e| locate(text, e))
    }

    /// The notation of `pos`, as its `Display` writes it.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_daldos::Daldos;
    /// let game = Daldos::default();
    /// let pos = game.new_initial_state();
    /// let text = game.notation(&pos).to_string();
    /// assert_eq!(text, "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0");
    /// assert_eq!(game.parse_position(&text), Ok(pos));
    /// ```
    pub fn notation(&self, pos: &Position) -> impl fmt::Display {
        *pos
    }
}

impl fmt::Display for Position {
    /// The notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Setup::from(*self), f)
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads a position under the default rules on the board the notation
    /// shows (`Options::default().with_board(board)`); a game with other
    /// options reads its positions with [`Daldos::parse_position`].
    fn from_str(text: &str) -> Result<Position, ParseError> {
        let setup: Setup = text.parse()?;
        Position::try_from(setup).map_err(|e| locate(text, e))
    }
}
