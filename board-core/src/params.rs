//! Named game options, given as strings, booleans, integers or reals.
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
    /// A real number, such as a search's `exploration`. An option that
    /// takes a real takes an [`ParamValue::Int`] too; one that takes a count
    /// refuses a real, even a whole one.
    Float(f64),
}

impl<'a> ParamValue<'a> {
    /// Reads an option's value from text, as a command line gives it:
    /// `true` and `false` are on/off, a whole number is an
    /// [`ParamValue::Int`], a finite number with a point or an exponent is
    /// a [`ParamValue::Float`], and anything else (`inf`, `nan` and numbers
    /// past 64 bits included) is a word.
    ///
    /// ```
    /// use racegames_board::ParamValue;
    /// assert_eq!(ParamValue::parse("true"), ParamValue::Bool(true));
    /// assert_eq!(ParamValue::parse("-3"), ParamValue::Int(-3));
    /// assert_eq!(ParamValue::parse("1.4"), ParamValue::Float(1.4));
    /// assert_eq!(ParamValue::parse("2e3"), ParamValue::Float(2000.0));
    /// assert_eq!(ParamValue::parse("norwegian"), ParamValue::Str("norwegian"));
    /// assert_eq!(ParamValue::parse("inf"), ParamValue::Str("inf"));
    /// ```
    pub fn parse(text: &'a str) -> ParamValue<'a> {
        match text {
            "true" => return ParamValue::Bool(true),
            "false" => return ParamValue::Bool(false),
            _ => {}
        }
        if let Ok(i) = text.parse::<i64>() {
            return ParamValue::Int(i);
        }
        // Digits with a point or an exponent: Rust also reads "inf" and
        // "NaN" as reals, and a whole number past 64 bits as a rounded one.
        let numeric = text.bytes().any(|b| b.is_ascii_digit())
            && text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'))
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
        match text.parse::<f64>() {
            Ok(x) if numeric && x.is_finite() => ParamValue::Float(x),
            _ => ParamValue::Str(text),
        }
    }

    /// The value as a real number: a [`ParamValue::Float`] as it is, an
    /// [`ParamValue::Int`] converted (to the nearest real past 2^53);
    /// `None` for a word or an on/off value.
    ///
    /// ```
    /// use racegames_board::ParamValue;
    /// assert_eq!(ParamValue::Float(1.4).as_real(), Some(1.4));
    /// assert_eq!(ParamValue::Int(2).as_real(), Some(2.0));
    /// assert_eq!(ParamValue::Str("1.4").as_real(), None);
    /// assert_eq!(ParamValue::Bool(true).as_real(), None);
    /// ```
    pub fn as_real(self) -> Option<f64> {
        match self {
            ParamValue::Float(x) => Some(x),
            ParamValue::Int(i) => Some(i as f64),
            ParamValue::Bool(_) | ParamValue::Str(_) => None,
        }
    }
}

impl fmt::Display for ParamValue<'_> {
    /// Words are quoted; a real always shows a point or an exponent
    /// (`1.0`, not `1`), so that it reads apart from an integer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Bool(b) => write!(f, "{b}"),
            ParamValue::Int(i) => write!(f, "{i}"),
            ParamValue::Str(s) => write!(f, "{s:?}"),
            ParamValue::Float(x) => write!(f, "{x:?}"),
        }
    }
}

/// A name or value as given, cut to 48 bytes for the message.
pub type Quoted = ArrayString<48>;

/// `text`, or where it is longer than a [`Quoted`] holds, its start and
/// an ellipsis.
fn quote(text: &str) -> Quoted {
    cut(text, "")
}

/// `text` whole where it fits a [`Quoted`], else its start, an ellipsis
/// and `closing` (the closing quote of a quoted value).
fn cut(text: &str, closing: &str) -> Quoted {
    let mut q = Quoted::new();
    if q.try_push_str(text).is_ok() {
        return q;
    }
    let room = q.capacity() - '…'.len_utf8() - closing.len();
    for c in text.chars() {
        if q.len() + c.len_utf8() > room {
            break;
        }
        q.push(c);
    }
    q.push('…');
    q.push_str(closing);
    q
}

/// A game or option that does not exist, or a value an option does not
/// take. More kinds may come: match with a `_` arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParamError {
    /// No game of this type has this name.
    #[error("unknown game {name:?}; {family} has {known}")]
    UnknownGame {
        /// The family of games asked.
        family: &'static str,
        /// The name given.
        name: Quoted,
        /// The games it has.
        known: &'static str,
    },
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
    /// An unknown-game error: `family` has no game `name`; `known` lists
    /// those it has.
    ///
    /// ```
    /// use racegames_board::ParamError;
    /// let e = ParamError::unknown_game("tables", "chess", "backgammon, seys_dos_e_as");
    /// assert_eq!(e.to_string(), "unknown game \"chess\"; tables has backgammon, seys_dos_e_as");
    /// ```
    pub fn unknown_game(family: &'static str, name: &str, known: &'static str) -> ParamError {
        ParamError::UnknownGame {
            family,
            name: quote(name),
            known,
        }
    }

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
        // More than a Quoted holds tells a value that must be cut.
        let mut text = ArrayString::<64>::new();
        let _ = fmt::write(&mut Truncating(&mut text), format_args!("{value}"));
        let closing = if matches!(value, ParamValue::Str(_)) {
            "\""
        } else {
            ""
        };
        ParamError::BadValue {
            game,
            name,
            value: cut(&text, closing),
            expected,
        }
    }
}

struct Truncating<'a>(&'a mut ArrayString<64>);

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
///
/// # Errors
///
/// [`ParamError::WrongType`] for a value that is not on/off.
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

/// Reads a non-negative count of at most `max`; `expected` names the
/// values taken, the maximum included (it is the message of both errors).
/// A real, even a whole one, is a type error.
///
/// # Errors
///
/// [`ParamError::WrongType`] for a value that is not an integer,
/// [`ParamError::BadValue`] for one below 0 or above `max`.
///
/// ```
/// use racegames_board::params::{expect_count, ParamValue};
/// use racegames_board::ParamError;
/// let expected = "an integer from 0 to 9";
/// assert_eq!(expect_count("g", "n", ParamValue::Int(9), 9, expected), Ok(9));
/// let e = expect_count("g", "n", ParamValue::Int(10), 9, expected).unwrap_err();
/// assert_eq!(e.to_string(), "parameter n of g got 10; expected an integer from 0 to 9");
/// assert!(matches!(
///     expect_count("g", "n", ParamValue::Float(3.0), 9, expected),
///     Err(ParamError::WrongType { .. })
/// ));
/// ```
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
/// # Errors
///
/// [`ParamError::WrongType`] for a value that is not a word,
/// [`ParamError::BadValue`] for a word not among `words`.
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
    ///
    /// # Errors
    ///
    /// [`ParamError`] for a name that is none of [`FromParams::NAMES`], an
    /// option the game does not take, or a value the option does not take.
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

/// A name with its options as the command lines write it (a player for
/// the arena, a game for `racegames-train`): `NAME` or
/// `NAME:KEY=VALUE,KEY=VALUE,...`, each value read by
/// [`ParamValue::parse`]. The one reader of this form, Python's included.
///
/// ```
/// use racegames_board::params::{parse_spec, SpecError};
/// use racegames_board::ParamValue;
/// let (name, options) = parse_spec("expectimax:depth=3,prune=false").unwrap();
/// assert_eq!(name, "expectimax");
/// assert_eq!(options[..], [("depth", ParamValue::Int(3)), ("prune", ParamValue::Bool(false))]);
/// assert_eq!(parse_spec("daldos").unwrap().1.len(), 0);
/// assert_eq!(parse_spec("mcts:simulations").unwrap_err(), SpecError::NotKeyValue);
/// assert_eq!(parse_spec(":depth=3").unwrap_err(), SpecError::NoName);
/// ```
///
/// # Errors
///
/// [`SpecError`]: an option that is not `KEY=VALUE` (an empty one
/// included), no name, or more than [`MAX_PARAMS`] options.
pub fn parse_spec(text: &str) -> Result<(&str, SpecOptions<'_>), SpecError> {
    let (name, rest) = text.split_once(':').unwrap_or((text, ""));
    let mut options = SpecOptions::new();
    if !rest.is_empty() {
        for item in rest.split(',') {
            match item.split_once('=') {
                Some((key, value)) if !key.is_empty() => options
                    .try_push((key, ParamValue::parse(value)))
                    .map_err(|_| SpecError::TooMany)?,
                _ => return Err(SpecError::NotKeyValue),
            }
        }
    }
    if name.is_empty() {
        return Err(SpecError::NoName);
    }
    Ok((name, options))
}

/// The options [`parse_spec`] reads, in the order written.
pub type SpecOptions<'a> = arrayvec::ArrayVec<(&'a str, ParamValue<'a>), MAX_PARAMS>;

/// Why [`parse_spec`] refused a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// Nothing before the `:`.
    #[error("no name before the options")]
    NoName,
    /// An option that is not `KEY=VALUE` with a key.
    #[error("an option is not KEY=VALUE")]
    NotKeyValue,
    /// More options than [`MAX_PARAMS`].
    #[error("more than {MAX_PARAMS} options")]
    TooMany,
}

/// An option's value that owns its text: what a binding reads from its
/// caller (a Python or JavaScript value) before lending it to
/// [`FromParams::from_params`] as a [`ParamValue`].
///
/// ```
/// use racegames_board::params::{borrow_params, OwnedParamValue};
/// use racegames_board::ParamValue;
///
/// let owned = vec![("variant".to_string(), OwnedParamValue::Str("fallas".into()))];
/// assert_eq!(borrow_params(&owned), vec![("variant", ParamValue::Str("fallas"))]);
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq)]
pub enum OwnedParamValue {
    /// A boolean.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A real.
    Float(f64),
    /// A string.
    Str(alloc::string::String),
}

#[cfg(feature = "alloc")]
impl OwnedParamValue {
    /// The value, borrowed as the rules crates take it.
    pub fn value(&self) -> ParamValue<'_> {
        match self {
            OwnedParamValue::Bool(b) => ParamValue::Bool(*b),
            OwnedParamValue::Int(i) => ParamValue::Int(*i),
            OwnedParamValue::Float(x) => ParamValue::Float(*x),
            OwnedParamValue::Str(s) => ParamValue::Str(s.as_str()),
        }
    }
}

/// The `(name, value)` list the rules crates take, borrowed from owned
/// options.
#[cfg(feature = "alloc")]
pub fn borrow_params(
    owned: &[(alloc::string::String, OwnedParamValue)],
) -> alloc::vec::Vec<(&str, ParamValue<'_>)> {
    owned.iter().map(|(k, v)| (k.as_str(), v.value())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn a_long_value_is_cut_with_an_ellipsis_and_keeps_its_closing_quote() {
        let long = "x".repeat(80);
        let error = ParamError::bad_value("daldos", "board", ParamValue::Str(&long), "a board");
        let message = error.to_string();
        assert!(message.contains("xxx…\"; expected"), "{message}");
        let short = ParamError::bad_value("daldos", "board", ParamValue::Str("x"), "a board");
        assert!(short.to_string().contains("got \"x\"; expected"));
        let name = "n".repeat(80);
        let unknown = ParamError::unknown("daldos", &name, "board");
        assert!(unknown.to_string().contains("nnn…\""), "{unknown}");
    }

    #[test]
    fn text_reads_as_the_kind_it_spells() {
        for (text, value) in [
            ("false", ParamValue::Bool(false)),
            ("0", ParamValue::Int(0)),
            ("+7", ParamValue::Int(7)),
            ("-9223372036854775808", ParamValue::Int(i64::MIN)),
            ("1.4", ParamValue::Float(1.4)),
            ("-0.5", ParamValue::Float(-0.5)),
            (".5", ParamValue::Float(0.5)),
            ("3.", ParamValue::Float(3.0)),
            ("1e6", ParamValue::Float(1e6)),
            ("2.5E-3", ParamValue::Float(2.5e-3)),
            // Words: not numbers, not finite, or whole past 64 bits.
            ("True", ParamValue::Str("True")),
            ("inf", ParamValue::Str("inf")),
            ("-infinity", ParamValue::Str("-infinity")),
            ("NaN", ParamValue::Str("NaN")),
            ("1e400", ParamValue::Str("1e400")),
            (
                "9223372036854775808",
                ParamValue::Str("9223372036854775808"),
            ),
            ("1.2.3", ParamValue::Str("1.2.3")),
            ("e", ParamValue::Str("e")),
            ("1_000", ParamValue::Str("1_000")),
            ("", ParamValue::Str("")),
            (" 1.5", ParamValue::Str(" 1.5")),
        ] {
            assert_eq!(ParamValue::parse(text), value, "{text:?}");
        }
    }

    #[test]
    fn a_real_shows_apart_from_an_integer_and_reads_back() {
        assert_eq!(ParamValue::Float(1.0).to_string(), "1.0");
        assert_eq!(ParamValue::Int(1).to_string(), "1");
        for x in [0.0, 1.4, -2.5, 1e-7, 123456.789, 1e300] {
            let text = ParamValue::Float(x).to_string();
            assert_eq!(ParamValue::parse(&text), ParamValue::Float(x), "{text}");
        }
    }

    #[test]
    fn an_integer_is_a_real_but_a_real_is_no_count() {
        assert_eq!(ParamValue::Int(-3).as_real(), Some(-3.0));
        assert_eq!(ParamValue::Float(0.25).as_real(), Some(0.25));
        assert_eq!(ParamValue::Str("0.25").as_real(), None);
        let e = expect_count("g", "n", ParamValue::Float(2.0), 4, "0 to 4").unwrap_err();
        assert!(matches!(e, ParamError::WrongType { .. }));
        assert_eq!(
            e.to_string(),
            "parameter n of g got 2.0, of the wrong type; expected 0 to 4"
        );
        assert!(expect_bool("g", "b", ParamValue::Float(1.0)).is_err());
        assert!(expect_word("g", "w", ParamValue::Float(1.0), &["a"], "a").is_err());
    }
}
