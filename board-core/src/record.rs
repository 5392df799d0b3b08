//! Game records: a game kept as text, in the spirit of chess's PGN, and
//! read back.
//!
//! A [`Record`] holds a game's tags (ordered `name = value` pairs), every
//! action applied since the start, chance outcomes included, and comments.
//! [`Record::write`] writes it as text: the tags as `[Name "value"]` lines,
//! then the move text turn by turn in the game's own move notation
//! ([`Game::write_action`]), throws included. [`read`] reads a text of many
//! games into [`RecordText`]s (tags and move strings, never panicking, with
//! errors at a line and column); [`RecordText::to_record`] then reads each
//! move in the position it is played from, checking that it applies.
//!
//! The tags, in the order a writer puts them:
//!
//! - `Game`: the game's name, as [`FromParams::NAMES`] lists it;
//! - one tag per option, named by the option in lower case
//!   (`[max_turns "500"]`): a tag whose name starts with a lower-case
//!   letter is an option ([`Record::params`]);
//! - `PlayerA`, `PlayerB`, …: who sat in each seat;
//! - `Seed`, `Date` (`YYYY.MM.DD`), `Round` (the game's index in a match);
//! - `Position`: the notation of the starting position, when the game did
//!   not start from the game's initial state;
//! - `Result` (the winning seat's letter, `draw`, or `*` while unfinished),
//!   `Returns` (each seat's return) and `Termination` (`win`, `draw`,
//!   `turn limit` or `unfinished`): see [`Record::finish`].
//!
//! (The examples of this module play Daldøs, a crate that depends on this
//! one, so they are not run here: `racegames-daldos` runs each of them as its
//! test `record_docs`.)
//!
//! ```ignore
//! use racegames_board::record::{self, Record};
//! use racegames_board::{Game, FromParams, sim::SplitMix64, sim::random_step, ActionBuffer};
//! let game = racegames_daldos::Daldos::default(); // any racegames game
//! let mut rec = Record::of(&game);
//! rec.set_tag("PlayerA", "random");
//! let (mut state, mut rng, mut buf) = (game.new_initial_state(), SplitMix64::new(1), ActionBuffer::new());
//! while let Some(a) = random_step(&game, &mut state, &mut rng, &mut buf) {
//!     rec.actions.push(a);
//! }
//! rec.finish(&game, &state, false);
//! let text = rec.to_text(&game).unwrap();
//! let games = record::read(&text).unwrap();
//! assert_eq!(games[0].to_record(&game).unwrap(), rec);
//! assert_eq!(rec.replay(&game).unwrap(), state);
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use crate::{Action, FromParams, Game, IllegalAction, Node, ParamError, ParamValue, ParseError};

mod read;
mod write;

#[cfg(test)]
mod tests;

pub use read::{read, MoveText, RecordText};

/// A comment in a game's move text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Comment {
    /// The index of the action the comment comes before
    /// (`actions.len()` for a comment after the last move).
    pub before: usize,
    /// The text between the braces, as written (it holds no `}`).
    pub text: String,
}

/// A game: tags, every action since the start (chance included) and
/// comments. See the [module docs](self).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Record {
    /// `(name, value)` pairs in order; names are ASCII letters, digits and
    /// `_`, values hold no line break.
    pub tags: Vec<(String, String)>,
    /// Every action applied from the starting position, chance outcomes
    /// included.
    pub actions: Vec<Action>,
    /// The comments, in the order they appear.
    pub comments: Vec<Comment>,
}

/// The text of an option's value in a tag: words bare, reals with a point.
///
/// ```
/// use racegames_board::{record::param_text, ParamValue};
/// assert_eq!(param_text(ParamValue::Str("norwegian")), "norwegian");
/// assert_eq!(param_text(ParamValue::Bool(true)), "true");
/// assert_eq!(param_text(ParamValue::Float(1.0)), "1.0");
/// ```
pub fn param_text(value: ParamValue<'_>) -> String {
    match value {
        ParamValue::Str(s) => s.to_string(),
        other => other.to_string(),
    }
}

impl Record {
    /// A record with no actions whose tags are `Game` and then each option
    /// in `params` (as [`FromParams::params`] lists them).
    ///
    /// ```
    /// use racegames_board::{record::Record, ParamValue};
    /// let rec = Record::for_game("daldos", &[("board", ParamValue::Str("norwegian"))]);
    /// assert_eq!(rec.tag("Game"), Some("daldos"));
    /// assert_eq!(rec.tag("board"), Some("norwegian"));
    /// ```
    pub fn for_game(name: &str, params: &[(&str, ParamValue<'_>)]) -> Record {
        let mut tags = Vec::with_capacity(params.len() + 8);
        tags.push(("Game".to_string(), name.to_string()));
        for (k, v) in params {
            tags.push((k.to_string(), param_text(*v)));
        }
        Record {
            tags,
            ..Record::default()
        }
    }

    /// [`Record::for_game`] of a game built from options: its first name
    /// and every option, defaults included.
    pub fn of<G: Game + FromParams>(game: &G) -> Record {
        Record::for_game(game.name(), &game.params())
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// Sets tag `name`: replaces its value where present, else appends it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => *v = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The options the tags give (those named in lower case), with values
    /// read as [`ParamValue::parse`] reads them.
    pub fn params(&self) -> Vec<(&str, ParamValue<'_>)> {
        params_in(&self.tags)
    }

    /// Builds the game the tags name with the options they give.
    ///
    /// # Errors
    ///
    /// [`ParamError`] for a game that does not take these options; a
    /// missing `Game` tag reads as an unknown name.
    ///
    /// ```ignore
    /// // Run by racegames-daldos's test `record_docs`.
    /// use racegames_board::{record::Record, FromParams};
    /// use racegames_daldos::Daldos;
    /// let mut rec = Record::for_game("daldos", &[]);
    /// rec.set_tag("board", "norwegian");
    /// let game: Daldos = rec.make_game().unwrap();
    /// assert_eq!(Record::of(&game).tag("board"), Some("norwegian"));
    /// rec.set_tag("board", "round");
    /// assert!(rec.make_game::<Daldos>().is_err());
    /// ```
    pub fn make_game<G: FromParams>(&self) -> Result<G, ParamError> {
        G::from_params(self.tag("Game").unwrap_or(""), &self.params())
    }

    /// The starting position: the `Position` tag's notation, or the game's
    /// initial state.
    ///
    /// # Errors
    ///
    /// The notation's [`ParseError`].
    pub fn start<G: Game>(&self, game: &G) -> Result<G::State, ParseError> {
        match self.tag("Position") {
            Some(text) => game.parse_notation(text),
            None => Ok(game.new_initial_state()),
        }
    }

    /// Replays the actions from the start, checking each; returns the final
    /// state or the first action that does not apply.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first illegal action.
    pub fn replay<G: Game>(&self, game: &G) -> Result<G::State, ReplayError> {
        let mut state = self.start(game).map_err(ReplayError::Start)?;
        for (index, &action) in self.actions.iter().enumerate() {
            apply_checked(game, &mut state, index, action)?;
        }
        Ok(state)
    }

    /// Every state of the game: the start, then the state after each action
    /// (`actions.len() + 1` states).
    ///
    /// # Errors
    ///
    /// As [`Record::replay`].
    pub fn states<G: Game>(&self, game: &G) -> Result<Vec<G::State>, ReplayError> {
        let mut state = self.start(game).map_err(ReplayError::Start)?;
        let mut out = Vec::with_capacity(self.actions.len() + 1);
        out.push(state);
        for (index, &action) in self.actions.iter().enumerate() {
            apply_checked(game, &mut state, index, action)?;
            out.push(state);
        }
        Ok(out)
    }

    /// Sets `Result`, `Returns` and `Termination` from the final `state`.
    /// `stopped` says that play was stopped from outside (an arena's turn
    /// limit) before the game ended: such a game is a draw with zero
    /// returns, ended by the turn limit.
    ///
    /// - terminal: `Result` is the letter of the seat with the highest
    ///   return alone, else `draw`; `Termination` is `turn limit` when the
    ///   game's own `max_turns` ended it ([`Game::is_truncated`]), the
    ///   game's own word where it has one ([`Game::termination`]: a dropped
    ///   double, a resignation), else `win` or `draw`;
    /// - not terminal and not stopped: `Result` is `*`, `Termination` is
    ///   `unfinished`, and the returns are zeros.
    ///
    /// ```ignore
    /// // Run by racegames-daldos's test `record_docs`.
    /// use racegames_board::{record::Record, Game};
    /// let game = racegames_daldos::Daldos::default();
    /// let mut rec = Record::of(&game);
    /// rec.finish(&game, &game.new_initial_state(), false);
    /// assert_eq!(rec.tag("Result"), Some("*"));
    /// assert_eq!(rec.tag("Returns"), Some("0 0"));
    /// rec.finish(&game, &game.new_initial_state(), true);
    /// assert_eq!((rec.tag("Result"), rec.tag("Termination")), (Some("draw"), Some("turn limit")));
    /// ```
    pub fn finish<G: Game>(&mut self, game: &G, state: &G::State, stopped: bool) {
        let mut returns = alloc::vec![0.0; game.num_players()];
        let terminal = game.node(state) == Node::Terminal;
        if terminal && !stopped {
            let _ = game.returns(state, &mut returns);
        }
        let truncated = terminal && game.is_truncated(state);
        let ending = game.termination(state);
        for (name, value) in result_tags(&returns, terminal, truncated, stopped, ending) {
            self.set_tag(name, value);
        }
    }

    /// Writes the record as text (see the [module docs](self)), replaying
    /// it to write each action in the position it is played from.
    ///
    /// # Errors
    ///
    /// [`WriteError`] for an action that does not apply, a tag or comment
    /// that cannot be written so as to read back the same, or a move string
    /// that the reader would not read as one move.
    pub fn write<G: Game>(&self, game: &G, out: &mut dyn fmt::Write) -> Result<(), WriteError> {
        write::write(self, game, out, true)
    }

    /// [`Record::write`] for a record whose actions are known to apply,
    /// such as one just played through checked moves: skips checking them
    /// again ([`Game::apply_legal`]), which some games make costly. An
    /// action that does not apply gives text that may not read back (but
    /// nothing panics).
    ///
    /// # Errors
    ///
    /// As [`Record::write`], but for illegal actions.
    pub fn write_unchecked<G: Game>(
        &self,
        game: &G,
        out: &mut dyn fmt::Write,
    ) -> Result<(), WriteError> {
        write::write(self, game, out, false)
    }

    /// [`Record::write`] into a new string.
    ///
    /// # Errors
    ///
    /// As [`Record::write`].
    pub fn to_text<G: Game>(&self, game: &G) -> Result<String, WriteError> {
        let mut s = String::new();
        self.write(game, &mut s)?;
        Ok(s)
    }
}

/// The `Result`, `Returns` and `Termination` tags that [`Record::finish`]
/// sets, from a final position's facts: each seat's `returns` (read only
/// when `terminal` and not `stopped`; zeros are written otherwise), whether
/// the game is over, whether its own `max_turns` ended it (`truncated`),
/// whether play was `stopped` from outside by a turn limit, and the game's
/// own word for how it ended (`ending`, [`Game::termination`], used for a
/// terminal game that was neither stopped nor truncated). The one place
/// these words are decided, for callers that hold no typed game (the
/// Python package, the browser's).
///
/// ```
/// use racegames_board::record::result_tags;
/// let tags = result_tags(&[1.0, -1.0], true, false, false, None);
/// assert_eq!(tags[0], ("Result", "A".to_string()));
/// assert_eq!(tags[1], ("Returns", "1 -1".to_string()));
/// assert_eq!(tags[2], ("Termination", "win".to_string()));
/// let dropped = result_tags(&[-2.0, 2.0], true, false, false, Some("dropped"));
/// assert_eq!((dropped[0].1.as_str(), dropped[2].1.as_str()), ("B", "dropped"));
/// let stopped = result_tags(&[1.0, -1.0], false, false, true, None);
/// assert_eq!(stopped[0].1, "draw");
/// assert_eq!(stopped[1].1, "0 0");
/// assert_eq!(stopped[2].1, "turn limit");
/// ```
pub fn result_tags(
    returns: &[f64],
    terminal: bool,
    truncated: bool,
    stopped: bool,
    ending: Option<&'static str>,
) -> [(&'static str, String); 3] {
    let zeros;
    let returns = if terminal && !stopped {
        returns
    } else {
        zeros = alloc::vec![0.0; returns.len()];
        &zeros[..]
    };
    let (result, termination) = outcome_words(returns, terminal, stopped);
    let termination = match ending {
        _ if !terminal || stopped => termination,
        _ if truncated => "turn limit",
        Some(word) => word,
        None => termination,
    };
    [
        ("Result", result),
        ("Returns", returns_text(returns)),
        ("Termination", termination.to_string()),
    ]
}

/// The `Result` and `Termination` words for these returns.
fn outcome_words(returns: &[f64], terminal: bool, stopped: bool) -> (String, &'static str) {
    if stopped {
        return ("draw".to_string(), "turn limit");
    }
    if !terminal {
        return ("*".to_string(), "unfinished");
    }
    let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut winners = returns.iter().enumerate().filter(|(_, &r)| r == best);
    match (winners.next(), winners.next()) {
        (Some((i, _)), None) => (crate::Seat::new(i as u8).letter().to_string(), "win"),
        _ => ("draw".to_string(), "draw"),
    }
}

/// Returns as tag text: space-separated, each as Rust's shortest exact
/// decimal (`1`, `-1`, `0.5`).
fn returns_text(returns: &[f64]) -> String {
    let mut s = String::new();
    for (i, r) in returns.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{r}");
    }
    s
}

pub(crate) fn tag_in<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

pub(crate) fn params_in(tags: &[(String, String)]) -> Vec<(&str, ParamValue<'_>)> {
    tags.iter()
        .filter(|(k, _)| k.starts_with(|c: char| c.is_ascii_lowercase()))
        .map(|(k, v)| (k.as_str(), ParamValue::parse(v)))
        .collect()
}

/// Applies `action` (number `index`) to `state` after checking it.
pub(crate) fn apply_checked<G: Game>(
    game: &G,
    state: &mut G::State,
    index: usize,
    action: Action,
) -> Result<(), ReplayError> {
    game.apply(state, action).map_err(|reason| {
        let mut text = String::new();
        let _ = game.write_action(state, action, &mut text);
        ReplayError::Illegal {
            index,
            action,
            text,
            reason,
        }
    })
}

/// Why a record's actions could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The `Position` tag does not read as a position of the game.
    #[error("the Position tag is not a position of this game: {0}")]
    Start(ParseError),
    /// An action does not apply where it is played.
    #[error("move {} ({text}, action {action}) is illegal: {reason}", .index + 1)]
    Illegal {
        /// Its index in the actions (the first is 0).
        index: usize,
        /// The action.
        action: Action,
        /// Its string in the position it was played from.
        text: String,
        /// Why it does not apply.
        reason: IllegalAction,
    },
}

/// Why a record could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// An action does not apply.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// A tag name or value that would not read back the same (names are
    /// ASCII letters, digits and `_`; values hold no line break), or no
    /// tags at all (the name is then empty).
    #[error("tag {0:?} cannot be written: names are letters, digits and _, values one line")]
    BadTag(String),
    /// A comment holding `}`, placed after the end of the game, or out of
    /// order (comments are listed by the move they come before).
    #[error("comment {0:?} cannot be written: it holds '}}', lies past the last move or is out of order")]
    BadComment(String),
    /// A move string that would not read back as one move.
    #[error("move {} is written {text:?}, which does not read back as one move", .index + 1)]
    BadMove {
        /// Its index in the actions.
        index: usize,
        /// Its string.
        text: String,
    },
    /// The output refused the text.
    #[error("the output failed")]
    Output,
}

/// Why a text could not be read as records, and where: a 1-based line and
/// column (in characters).
///
/// ```
/// let e = racegames_board::record::read("[Game daldos]").unwrap_err();
/// assert_eq!((e.line, e.column), (1, 7));
/// assert!(e.to_string().starts_with("line 1, column 7: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ReadError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}
