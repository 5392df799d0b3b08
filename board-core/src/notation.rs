//! Parse errors that say what is wrong and where, and small helpers for
//! reading one-line notations.

use core::fmt;

/// What is wrong with a piece of notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The field is missing: the text ended early.
    Missing,
    /// A character that has no meaning here.
    Unexpected(char),
    /// The field has the wrong number of items.
    WrongLength {
        /// The number required.
        expected: usize,
        /// The number found.
        found: usize,
    },
    /// Not a number, or a number out of range.
    BadNumber,
    /// Text left over after the last field.
    TrailingText,
    /// The text is well formed but describes something impossible.
    Invalid(&'static str),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing => f.write_str("missing"),
            Problem::Unexpected(c) => write!(f, "unexpected character {c:?}"),
            Problem::WrongLength { expected, found } => {
                write!(f, "expected {expected} entries, found {found}")
            }
            Problem::BadNumber => f.write_str("not a valid number"),
            Problem::TrailingText => f.write_str("unexpected text after the last field"),
            Problem::Invalid(why) => f.write_str(why),
        }
    }
}

/// Malformed or impossible notation: which field, where (a byte offset into
/// the text), and what is wrong.
///
/// ```
/// use racegames_board::notation::{ParseError, Problem};
/// let e = ParseError::new("dice", 42, Problem::Unexpected('7'));
/// assert_eq!(e.to_string(), "dice, at byte 42: unexpected character '7'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}, at byte {offset}: {problem}")]
pub struct ParseError {
    /// The field being read, such as `"row B"` or `"dice"`.
    pub field: &'static str,
    /// The byte offset in the text where the problem was found.
    pub offset: usize,
    /// What is wrong.
    pub problem: Problem,
}

impl ParseError {
    /// A new error.
    pub const fn new(field: &'static str, offset: usize, problem: Problem) -> ParseError {
        ParseError {
            field,
            offset,
            problem,
        }
    }
}

/// A setup that no position can have: which part of it, and why.
///
/// Each rules crate reads its notation into a plain `Setup` (any
/// arrangement), then makes a position from it through a `Result`; this is
/// the error of that second step, shared by every game.
///
/// ```
/// use racegames_board::notation::{ParseError, SetupError};
/// let e = SetupError::new("dice", "a die shows 1 to 6");
/// assert_eq!(e.to_string(), "dice: a die shows 1 to 6");
/// let p: ParseError = e.into();
/// assert_eq!(p.field, "dice");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {reason}")]
pub struct SetupError {
    /// The part of the setup at fault, named as the notation names its field.
    pub field: &'static str,
    /// What is wrong.
    pub reason: &'static str,
}

impl SetupError {
    /// A new error.
    pub const fn new(field: &'static str, reason: &'static str) -> SetupError {
        SetupError { field, reason }
    }
}

impl From<SetupError> for ParseError {
    /// A setup error met while parsing: the text was well formed, so it
    /// points at the start of the text.
    fn from(e: SetupError) -> ParseError {
        ParseError::new(e.field, 0, Problem::Invalid(e.reason))
    }
}

/// Splits a line into space-separated fields, remembering each field's byte
/// offset, for error messages.
///
/// ```
/// use racegames_board::notation::Fields;
/// let mut f = Fields::new("ab  cd");
/// assert_eq!(f.next_field("first").unwrap(), ("ab", 0));
/// assert_eq!(f.next_field("second").unwrap(), ("cd", 4));
/// assert!(f.next_field("third").is_err());
/// assert!(f.finish().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Fields<'a> {
    /// Starts reading `text`.
    pub fn new(text: &'a str) -> Fields<'a> {
        Fields { text, pos: 0 }
    }

    fn skip_spaces(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The next field, or `None` at the end of the text.
    pub fn next_optional(&mut self) -> Option<(&'a str, usize)> {
        self.skip_spaces();
        let rest = &self.text[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let start = self.pos;
        self.pos += len;
        Some((&rest[..len], start))
    }

    /// The next field; a [`Problem::Missing`] error naming `field` if the text
    /// has ended.
    ///
    /// # Errors
    ///
    /// [`Problem::Missing`] naming `field` when the text has ended.
    pub fn next_field(&mut self, field: &'static str) -> Result<(&'a str, usize), ParseError> {
        let end = self.text.len();
        self.next_optional()
            .ok_or(ParseError::new(field, end, Problem::Missing))
    }

    /// Succeeds if nothing but spaces is left.
    ///
    /// # Errors
    ///
    /// [`Problem::TrailingText`] at the first field left over.
    pub fn finish(mut self) -> Result<(), ParseError> {
        match self.next_optional() {
            None => Ok(()),
            Some((_, at)) => Err(ParseError::new("end", at, Problem::TrailingText)),
        }
    }
}

/// Reads a decimal `u32` field, with errors naming `field` at `offset`.
///
/// # Errors
///
/// [`Problem::BadNumber`] for text that is not decimal digits or does not
/// fit a `u32`.
pub fn parse_u32(text: &str, field: &'static str, offset: usize) -> Result<u32, ParseError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(field, offset, Problem::BadNumber));
    }
    text.parse()
        .map_err(|_| ParseError::new(field, offset, Problem::BadNumber))
}

/// A `fmt::Write` into a fixed buffer, for formatting without allocating.
pub type StackString<const N: usize> = arrayvec::ArrayString<N>;
