//! Named game options, given as strings, booleans or integers.
//!
//! Every racegames game is built from a list of `(name, value)` pairs, the
//! same in Rust and Python; an unknown name or a bad value is an error that
//! names it.

use core::fmt;

use arrayvec::ArrayString;

/// The value of one option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamValue<'a> {
    /// An on/off option.
    Bool(bool),
    /// A count, such as `max_turns` or `players`.
    Int(i64),
    /// One of an option's words, such as `"norwegian"`.
    Str(&'a str),
}

impl fmt::Display for ParamValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Bool(b) => write!(f, "{b}"),
            ParamValue::Int(i) => write!(f, "{i}"),
            ParamValue::Str(s) => write!(f, "{s:?}"),
        }
    }
}

/// A name or value as given, cut to 48 bytes for the message.
pub type Quoted = ArrayString<48>;

fn quote(text: &str) -> Quoted {
    let mut q = Quoted::new();
    for c in text.chars() {
        if q.try_push(c).is_err() {
            break;
        }
    }
    q
}

/// An option that does not exist, or a value it does not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No option has this name.
    #[error("unknown parameter {name:?} for {game}; it takes {known}")]
    Unknown {
        /// The game.
        game: &'static str,
        /// The name given.
        name: Quoted,
        /// The names it knows, comma-separated.
        known: &'static str,
    },
    /// The value has the wrong type for the option (a number for a word, a
    /// word for an on/off switch).
    #[error("parameter {name} of {game} got {value}, of the wrong type; expected {expected}")]
    WrongType {
        /// The game.
        game: &'static str,
        /// The option.
        name: &'static str,
        /// The value given, as text.
        value: Quoted,
        /// What it takes.
        expected: &'static str,
    },
    /// The option does not take this value.
    #[error("parameter {name} of {game} got {value}; expected {expected}")]
    BadValue {
        /// The game.
        game: &'static str,
        /// The option.
        name: &'static str,
        /// The value given, as text.
        value: Quoted,
        /// What it takes.
        expected: &'static str,
    },
}

impl ParamError {
    /// An unknown-name error.
    pub fn unknown(game: &'static str, name: &str, known: &'static str) -> ParamError {
        ParamError::Unknown {
            game,
            name: quote(name),
            known,
        }
    }

    /// A wrong-type error.
    pub fn wrong_type(
        game: &'static str,
        name: &'static str,
        value: ParamValue<'_>,
        expected: &'static str,
    ) -> ParamError {
        match ParamError::bad_value(game, name, value, expected) {
            ParamError::BadValue { value, .. } => ParamError::WrongType {
                game,
                name,
                value,
                expected,
            },
            other => other,
        }
    }

    /// A bad-value error.
    pub fn bad_value(
        game: &'static str,
        name: &'static str,
        value: ParamValue<'_>,
        expected: &'static str,
    ) -> ParamError {
        let mut text = Quoted::new();
        let mut w = Truncating(&mut text);
        let _ = fmt::write(&mut w, format_args!("{value}"));
        ParamError::BadValue {
            game,
            name,
            value: text,
            expected,
        }
    }
}

struct Truncating<'a>(&'a mut Quoted);

impl fmt::Write for Truncating<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if self.0.try_push(c).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// Reads an on/off option.
pub fn expect_bool(
    game: &'static str,
    name: &'static str,
    value: ParamValue<'_>,
) -> Result<bool, ParamError> {
    match value {
        ParamValue::Bool(b) => Ok(b),
        other => Err(ParamError::wrong_type(game, name, other, "true or false")),
    }
}

/// Reads a non-negative count of at most `max`.
pub fn expect_count(
    game: &'static str,
    name: &'static str,
    value: ParamValue<'_>,
    max: u32,
    expected: &'static str,
) -> Result<u32, ParamError> {
    match value {
        ParamValue::Int(i) if (0..=i64::from(max)).contains(&i) => Ok(i as u32),
        ParamValue::Int(_) => Err(ParamError::bad_value(game, name, value, expected)),
        other => Err(ParamError::wrong_type(game, name, other, expected)),
    }
}

/// Reads one of an option's words: the index of `value` in `words`.
///
/// ```
/// use racegames_board::params::{expect_word, ParamValue};
/// let words = ["danish", "norwegian"];
/// assert_eq!(expect_word("daldos", "board", ParamValue::Str("norwegian"), &words, "danish or norwegian"), Ok(1));
/// assert!(expect_word("daldos", "board", ParamValue::Str("swedish"), &words, "danish or norwegian").is_err());
/// // A number where a word is wanted is a type error (TypeError in Python).
/// assert!(matches!(
///     expect_word("daldos", "board", ParamValue::Int(3), &words, "danish or norwegian"),
///     Err(racegames_board::ParamError::WrongType { .. })
/// ));
/// ```
pub fn expect_word(
    game: &'static str,
    name: &'static str,
    value: ParamValue<'_>,
    words: &[&str],
    expected: &'static str,
) -> Result<usize, ParamError> {
    match value {
        ParamValue::Str(s) => words
            .iter()
            .position(|w| *w == s)
            .ok_or(ParamError::bad_value(game, name, value, expected)),
        other => Err(ParamError::wrong_type(game, name, other, expected)),
    }
}

/// A game built from named options, as `racegames.make_game(name, **params)`
/// does.
pub trait FromParams: Sized {
    /// The names the game plays under; a type may serve several presets of
    /// one family, such as `"seys_dos_e_as"` and `"backgammon"`.
    const NAMES: &'static [&'static str];

    /// The game called `name` (one of [`FromParams::NAMES`]) with these
    /// options; options not given take their defaults.
    fn from_params(name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Self, ParamError>;

    /// Every option of this game with its value, defaults included, in a
    /// fixed order: the rules in canonical form, so that two games built
    /// from different but equivalent options list the same values, and
    /// `from_params` of this list builds the same game.
    fn params(&self) -> ParamList;
}

/// The most options a game has.
pub const MAX_PARAMS: usize = 12;

/// A game's options with their values, as [`FromParams::params`] lists them.
pub type ParamList = arrayvec::ArrayVec<(&'static str, ParamValue<'static>), MAX_PARAMS>;
