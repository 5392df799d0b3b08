//! The one-line position notation (`docs/games/halma-family.md`): text to
//! and from a [`Setup`], and the names of holes.
//!
//! Notation: `<rows> <turn> <finished> <turns>`, rows top to bottom
//! separated by `/`, each hole `.` or the digit of the seat on it (1 for
//! seat 0); `<turn>` is the digit of the seat to move or `-` once the game
//! is over; `<finished>` is `-` or the digits of the finished seats in
//! finishing order; `<turns>` is the turn counter (optional when parsing,
//! default 0). Reading a [`Setup`] checks only the form (row lengths,
//! digits up to the board's most seats, 1 to 6 on the star and 1 to 4 on
//! the square board); [`crate::Halma::position`] checks the meaning.
//!
//! Holes are named by row letter (`a` for the top row) and position in the
//! row from 1, left to right: the star's apex is `a1`, the square board's
//! corners `a1`, `a16`, `p1`, `p16`. A move string is its hop path joined
//! by `-`: `e6-f6` for a step, `m4-k4-i6` for a chain of two jumps.
//!
//! ```
//! use racegames_halma::StarSetup;
//!
//! let text = "1/11/111/1111/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0";
//! let setup: StarSetup = text.parse().unwrap();
//! assert_eq!(setup.piece_at(0).map(|s| s.index()), Some(0));
//! assert_eq!(setup.to_string(), text);
//! // Form only: three seats' pieces on the star read, whatever the counts.
//! assert!("3/11/111/1111/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0".parse::<StarSetup>().is_ok());
//! let err = "1/11 1 - 0".parse::<StarSetup>().unwrap_err();
//! assert_eq!(err.field, "rows");
//! ```

use core::fmt;

use arrayvec::ArrayVec;
use racegames_board::notation::{parse_u32, Fields, Problem};
use racegames_board::{ParseError, Seat};

use crate::bits::BitSet;
use crate::geometry::{row_col, Geometry};
use crate::setup::Setup;

/// Writes the name of `hole`, such as `e6`.
///
/// # Errors
///
/// Only what `out` reports.
pub fn write_hole<G: Geometry>(hole: usize, out: &mut dyn fmt::Write) -> fmt::Result {
    let (row, col) = row_col::<G>(hole);
    write!(out, "{}{}", (b'a' + row as u8) as char, col + 1)
}

/// The hole a name such as `e6` gives, if it is on the board.
pub fn parse_hole<G: Geometry>(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let row = (letter as u8 - b'a') as usize;
    let len = usize::from(*G::ROW_LENGTHS.get(row)?);
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let col: usize = digits.parse().ok()?;
    if col == 0 || col > len {
        return None;
    }
    Some(usize::from(G::ROW_STARTS[row]) + col - 1)
}

/// The most seats board `G` has room for (one hole set each).
pub(crate) fn max_seats<G: Geometry>() -> usize {
    G::Pieces::default().as_ref().len()
}

/// Where each field of a notation starts, to point errors about a
/// setup's meaning at their field.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spans {
    pub(crate) rows: usize,
    pub(crate) turn: usize,
    pub(crate) finished: usize,
    pub(crate) turns: usize,
}

impl Spans {
    /// The offset of field `field`, or of `hole`'s character if given.
    pub(crate) fn offset<G: Geometry>(&self, field: &str, hole: Option<usize>) -> usize {
        match (field, hole) {
            // Each row before the hole's adds its separator.
            (_, Some(h)) if h < G::HOLES => self.rows + h + row_col::<G>(h).0,
            ("turn", _) => self.turn,
            ("finished", _) => self.finished,
            ("turns", _) => self.turns,
            _ => self.rows,
        }
    }
}

/// Reads a notation into a setup, with the offsets of its fields.
pub(crate) fn read<G: Geometry>(text: &str) -> Result<(Setup<G>, Spans), ParseError> {
    let mut fields = Fields::new(text);
    let (rows, rows_at) = fields.next_field("rows")?;
    let pieces = read_rows::<G>(rows, rows_at)?;
    let (turn, turn_at) = fields.next_field("turn")?;
    let to_move = read_turn::<G>(turn, turn_at)?;
    let (finished, finished_at) = fields.next_field("finished")?;
    let finished = read_finished::<G>(finished, finished_at)?;
    let (turns, turns_at) = match fields.next_optional() {
        Some((t, at)) => (parse_u32(t, "turns", at)?, at),
        None => (0, text.len()),
    };
    fields.finish()?;
    let setup = Setup {
        pieces,
        to_move,
        finished,
        turns,
    };
    let spans = Spans {
        rows: rows_at,
        turn: turn_at,
        finished: finished_at,
        turns: turns_at,
    };
    Ok((setup, spans))
}

/// The seat a digit names, if the board has room for it.
fn seat_digit<G: Geometry>(c: char) -> Option<Seat> {
    Seat::from_digit(c).filter(|s| s.index() < max_seats::<G>())
}

/// Reads the `rows` field, starting at byte `at`.
fn read_rows<G: Geometry>(rows: &str, at: usize) -> Result<G::Pieces, ParseError> {
    let expected = G::ROW_LENGTHS.len();
    let mut pieces = G::Pieces::default();
    let mut offset = at;
    let mut count = 0;
    for (row, part) in rows.split('/').enumerate() {
        count += 1;
        if row >= expected {
            let found = rows.split('/').count();
            let problem = Problem::WrongLength { expected, found };
            return Err(ParseError::new("rows", offset, problem));
        }
        read_row::<G>(part, row, offset, &mut pieces)?;
        offset += part.len() + 1;
    }
    if count != expected {
        let problem = Problem::WrongLength {
            expected,
            found: count,
        };
        return Err(ParseError::new("rows", at, problem));
    }
    Ok(pieces)
}

/// Reads row `row` (`part`, starting at byte `at`) into `pieces`.
fn read_row<G: Geometry>(
    part: &str,
    row: usize,
    at: usize,
    pieces: &mut G::Pieces,
) -> Result<(), ParseError> {
    let len = usize::from(G::ROW_LENGTHS[row]);
    let found = part.chars().count();
    if found != len {
        let problem = Problem::WrongLength {
            expected: len,
            found,
        };
        return Err(ParseError::new("row", at, problem));
    }
    let start = usize::from(G::ROW_STARTS[row]);
    for (col, (i, c)) in part.char_indices().enumerate() {
        if c == '.' {
            continue;
        }
        let seat = seat_digit::<G>(c)
            .ok_or_else(|| ParseError::new("row", at + i, Problem::Unexpected(c)))?;
        if let Some(set) = pieces.as_mut().get_mut(seat.index()) {
            set.insert(start + col);
        }
    }
    Ok(())
}

/// Reads the `turn` field: a seat digit or `-`.
fn read_turn<G: Geometry>(turn: &str, at: usize) -> Result<Option<Seat>, ParseError> {
    let mut chars = turn.chars();
    match (chars.next(), chars.next()) {
        (Some('-'), None) => Ok(None),
        (Some(c), None) => {
            seat_digit::<G>(c)
                .map(Some)
                .ok_or(ParseError::new("turn", at, Problem::Unexpected(c)))
        }
        (Some(first), Some(c)) => Err(ParseError::new(
            "turn",
            at + first.len_utf8(),
            Problem::Unexpected(c),
        )),
        (None, _) => Err(ParseError::new("turn", at, Problem::Missing)),
    }
}

/// Reads the `finished` field: `-` or seat digits in finishing order.
fn read_finished<G: Geometry>(text: &str, at: usize) -> Result<ArrayVec<Seat, 6>, ParseError> {
    let mut finished = ArrayVec::new();
    if text == "-" {
        return Ok(finished);
    }
    for (i, c) in text.char_indices() {
        let seat = seat_digit::<G>(c).ok_or(ParseError::new(
            "finished",
            at + i,
            Problem::Unexpected(c),
        ))?;
        finished
            .try_push(seat)
            .map_err(|_| ParseError::new("finished", at + i, Problem::Unexpected(c)))?;
    }
    Ok(finished)
}

/// Writes a notation: the rows with the first `seats` hole sets of
/// `pieces`, then the turn, the finishers and the turn counter.
pub(crate) fn write<G: Geometry>(
    pieces: &[G::Bits],
    to_move: Option<Seat>,
    finished: impl Iterator<Item = Seat>,
    turns: u32,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    let mut hole = 0;
    for (row, &len) in G::ROW_LENGTHS.iter().enumerate() {
        if row > 0 {
            out.write_char('/')?;
        }
        for _ in 0..len {
            let c = pieces
                .iter()
                .position(|b| b.has(hole))
                .map_or('.', |s| Seat::new(s as u8).digit());
            out.write_char(c)?;
            hole += 1;
        }
    }
    out.write_char(' ')?;
    out.write_char(to_move.map_or('-', Seat::digit))?;
    out.write_char(' ')?;
    let mut none = true;
    for s in finished {
        out.write_char(s.digit())?;
        none = false;
    }
    if none {
        out.write_char('-')?;
    }
    write!(out, " {turns}")
}
