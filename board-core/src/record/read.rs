//! Reading record text: tags, move strings and comments, with the line and
//! column of anything wrong. Reading never panics.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{apply_checked, param_text, params_in, tag_in, Comment, ReadError, Record};
use crate::{FromParams, Game, ParamError, ParamValue};

/// PGN's result markers, which may end the move text, and the `Result`
/// tag's word for each.
const RESULT_MARKERS: [(&str, &str); 4] =
    [("*", "*"), ("1-0", "A"), ("0-1", "B"), ("1/2-1/2", "draw")];

/// One move string of the move text and where it starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The move as written, trimmed.
    pub text: String,
    /// Its line, from 1.
    pub line: usize,
    /// Its column, from 1, in characters.
    pub column: usize,
}

/// One game as read from text, before its moves are read in their
/// positions by [`RecordText::to_record`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RecordText {
    /// The tags, in order.
    pub tags: Vec<(String, String)>,
    /// The move strings, in order.
    pub moves: Vec<MoveText>,
    /// The comments; `before` counts moves.
    pub comments: Vec<Comment>,
    /// The line of the game's first tag.
    pub line: usize,
}

impl RecordText {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// The options the tags give, as [`Record::params`] reads them.
    pub fn params(&self) -> Vec<(&str, ParamValue<'_>)> {
        params_in(&self.tags)
    }

    /// Reads each move in the position it is played from (the `Position`
    /// tag's, or the game's initial state), checking that it applies.
    ///
    /// The tags must describe `game`: a `Game` tag naming another game, or
    /// an option tag (`[board "norwegian"]`) that the game does not take or
    /// has with another value, is an error, never replayed in the wrong
    /// game. Options without a tag are read as their defaults.
    ///
    /// # Errors
    ///
    /// [`ReadError`] at the tag that contradicts `game`, at the move that
    /// does not read as an action of its position, or at the `Position`
    /// tag's game.
    ///
    /// ```ignore
    /// // Run by racegames-daldos's test `record_docs`.
    /// use racegames_board::record;
    /// let game = racegames_daldos::Daldos::default();
    /// let games = record::read("[Game \"daldos\"]\n\nA starts; 1. A: throw 11; m0-m9\n").unwrap();
    /// let e = games[0].to_record(&game).unwrap_err();
    /// assert_eq!((e.line, e.column), (3, 27));
    /// assert!(e.message.contains("move 3 (m0-m9)"), "{e}");
    /// ```
    pub fn to_record<G: Game + FromParams>(&self, game: &G) -> Result<Record, ReadError> {
        self.check_game(game)?;
        let record = Record {
            tags: self.tags.clone(),
            actions: Vec::with_capacity(self.moves.len()),
            comments: self.comments.clone(),
        };
        let mut state = record.start(game).map_err(|e| ReadError {
            line: self.line,
            column: 1,
            message: format!("the Position tag is not a position of this game: {e}"),
        })?;
        let mut record = record;
        for (index, mv) in self.moves.iter().enumerate() {
            let at = |message: String| ReadError {
                line: mv.line,
                column: mv.column,
                message,
            };
            let action = game.parse_action(&state, &mv.text).map_err(|e| {
                at(format!(
                    "move {} ({}) is not a move of this position: {e}",
                    index + 1,
                    mv.text
                ))
            })?;
            apply_checked(game, &mut state, index, action).map_err(|e| at(e.to_string()))?;
            record.actions.push(action);
        }
        Ok(record)
    }

    /// The error at tag `name` (its line: the tags lie on consecutive
    /// lines), or at the first tag when there is none.
    fn tag_error(&self, name: &str, message: String) -> ReadError {
        let index = self.tags.iter().position(|(k, _)| k == name).unwrap_or(0);
        ReadError {
            line: self.line + index,
            column: 1,
            message,
        }
    }

    /// Refuses tags that describe another game than `game`.
    fn check_game<G: Game + FromParams>(&self, game: &G) -> Result<(), ReadError> {
        let own = game.params();
        let named = self.tag("Game");
        // A record written for this very game names it and every option as
        // the game writes them: no need to build the game the tags describe.
        let options = self.tags.iter().filter(|(k, _)| is_option(k)).count();
        let written_so = named.map_or(true, |n| n == game.name())
            && options == own.len()
            && own
                .iter()
                .all(|&(k, v)| self.tag(k) == Some(param_text(v).as_str()));
        if written_so {
            return Ok(());
        }
        let name = named.unwrap_or(game.name());
        let another = || {
            self.tag_error(
                "Game",
                format!(
                    "the record is of {name}, but is read as a record of {}",
                    game.name()
                ),
            )
        };
        if !G::NAMES.contains(&name) {
            return Err(another());
        }
        let theirs = G::from_params(name, &self.params()).map_err(|e| {
            let tag = match e {
                ParamError::Unknown { name: n, .. } if self.tag(&n).is_some() => n.to_string(),
                ParamError::WrongType { name: n, .. } | ParamError::BadValue { name: n, .. } => {
                    n.to_string()
                }
                _ => "Game".to_string(),
            };
            self.tag_error(&tag, format!("the tags describe no game: {e}"))
        })?;
        if theirs.name() != game.name() {
            return Err(another());
        }
        for (&(k, record_value), &(_, game_value)) in theirs.params().iter().zip(own.iter()) {
            if record_value != game_value {
                return Err(self.tag_error(
                    k,
                    format!(
                        "the record's {k} is {record_value}, but the game read into has {game_value}"
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// A tag that gives an option: its name starts with a lower-case letter.
fn is_option(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
}

/// Takes a result marker (`*`, `1-0`, `0-1`, `1/2-1/2`) off the end of the
/// move text, alone or after the last move on its line: it is no move. It
/// must agree with the `Result` tag, if any.
fn take_result_marker(game: &mut RecordText) -> Result<(), ReadError> {
    let Some(last) = game.moves.last_mut() else {
        return Ok(());
    };
    let found = RESULT_MARKERS.iter().find_map(|&(marker, word)| {
        if last.text == marker {
            return Some((marker, word, 0));
        }
        let before = last.text.strip_suffix(marker)?;
        let trimmed = before.trim_end();
        (trimmed.len() < before.len()).then_some((marker, word, trimmed.len()))
    });
    let Some((marker, word, keep)) = found else {
        return Ok(());
    };
    let column = last.column + last.text[..last.text.len() - marker.len()].chars().count();
    if let Some(result) = tag_in(&game.tags, "Result").filter(|&r| r != word) {
        return Err(ReadError {
            line: last.line,
            column,
            message: format!("the result marker {marker} contradicts the Result tag {result:?}"),
        });
    }
    if keep > 0 {
        last.text.truncate(keep);
    } else {
        game.moves.pop();
        let n = game.moves.len();
        for c in &mut game.comments {
            c.before = c.before.min(n);
        }
    }
    Ok(())
}

/// Reads every game of `text`: each is one or more tag lines
/// `[Name "value"]`, then its move text, up to the next line that starts
/// with `[` or the end. See the [module docs](super) for the format.
///
/// # Errors
///
/// [`ReadError`] at the first thing that is not well formed: a bad tag line,
/// an unclosed comment or stray `}`, move text before any tag.
///
/// ```
/// use racegames_board::record;
/// let text = "[Game \"daldos\"]\n[PlayerA \"me\"]\n\nA starts; {a comment} 1. A: throw 11\n";
/// let games = record::read(text).unwrap();
/// assert_eq!(games[0].tag("PlayerA"), Some("me"));
/// let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(moves, ["A starts", "throw 11"]);
/// assert_eq!(games[0].comments[0].text, "a comment");
/// ```
pub fn read(text: &str) -> Result<Vec<RecordText>, ReadError> {
    // A byte-order mark (as some editors save UTF-8) is no text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cur = Cursor::new(text);
    let mut games = Vec::new();
    loop {
        cur.skip_space();
        let Some(c) = cur.peek() else { break };
        if c != '[' {
            return Err(cur.error("expected a tag such as [Game \"daldos\"] to start a game"));
        }
        let mut game = RecordText {
            line: cur.line,
            ..RecordText::default()
        };
        // The tags lie on consecutive lines: a blank line ends them, so
        // that a game without moves ends before the next game's tags.
        while cur.peek() == Some('[') {
            game.tags.push(read_tag(&mut cur)?);
            cur.bump(); // the line break, if any
            cur.skip_blank();
        }
        read_moves(&mut cur, &mut game)?;
        take_result_marker(&mut game)?;
        games.push(game);
    }
    Ok(games)
}

/// A position in the text, counting lines and columns.
struct Cursor<'a> {
    rest: core::str::Chars<'a>,
    line: usize,
    column: usize,
    /// True when only spaces lie between the line's start and here.
    line_start: bool,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            rest: text.chars(),
            line: 1,
            column: 1,
            line_start: true,
        }
    }

    fn peek(&self) -> Option<char> {
        self.rest.clone().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.rest.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.line_start = true;
        } else {
            self.column += 1;
            if !c.is_whitespace() {
                self.line_start = false;
            }
        }
        Some(c)
    }

    /// Skips whitespace, line breaks included; true (for chaining).
    fn skip_space(&mut self) -> bool {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
        true
    }

    /// Skips spaces and tabs but not line breaks.
    fn skip_blank(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
    }

    fn error(&self, message: &str) -> ReadError {
        ReadError {
            line: self.line,
            column: self.column,
            message: message.to_string(),
        }
    }

    fn expect(&mut self, want: char, message: &str) -> Result<(), ReadError> {
        if self.peek() == Some(want) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(message))
        }
    }
}

/// Reads `[Name "value"]` and the rest of its line (blank).
fn read_tag(cur: &mut Cursor<'_>) -> Result<(String, String), ReadError> {
    cur.bump(); // '['
    cur.skip_blank();
    let mut name = String::new();
    while let Some(c) = cur
        .peek()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
    {
        name.push(c);
        cur.bump();
    }
    if name.is_empty() {
        return Err(cur.error("expected a tag name (letters, digits and _)"));
    }
    cur.skip_blank();
    cur.expect('"', "expected the tag's value in double quotes")?;
    let mut value = String::new();
    loop {
        match cur.peek() {
            None | Some('\n') => return Err(cur.error("the tag's value has no closing quote")),
            Some('"') => break,
            Some('\\') => {
                cur.bump();
                match cur.peek() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(cur.error("expected \\\" or \\\\ after a backslash")),
                }
            }
            Some(c) => value.push(c),
        }
        cur.bump();
    }
    cur.bump(); // '"'
    cur.skip_blank();
    cur.expect(']', "expected ']' to close the tag")?;
    cur.skip_blank();
    if cur.peek().is_some_and(|c| c != '\n') {
        return Err(cur.error("unexpected text after the tag on its line"));
    }
    Ok((name, value))
}

/// Reads move text up to a line starting with `[` or the end.
fn read_moves(cur: &mut Cursor<'_>, game: &mut RecordText) -> Result<(), ReadError> {
    loop {
        cur.skip_space();
        let Some(c) = cur.peek() else { return Ok(()) };
        match c {
            '[' if cur.line_start => return Ok(()),
            ';' => {
                cur.bump();
            }
            '}' => return Err(cur.error("'}' without an opening '{'")),
            '{' => {
                let (line, column) = (cur.line, cur.column);
                cur.bump();
                let mut text = String::new();
                loop {
                    match cur.bump() {
                        None => {
                            return Err(ReadError {
                                line,
                                column,
                                message: "this comment has no closing '}'".to_string(),
                            })
                        }
                        Some('}') => break,
                        Some(c) => text.push(c),
                    }
                }
                game.comments.push(Comment {
                    before: game.moves.len(),
                    text,
                });
            }
            _ if skip_label(cur) => {}
            _ => {
                let (line, column) = (cur.line, cur.column);
                let mut text = String::new();
                while let Some(c) = cur.peek().filter(|c| !matches!(c, ';' | '{' | '}' | '\n')) {
                    text.push(c);
                    cur.bump();
                }
                let text = text.trim_end().to_string();
                game.moves.push(MoveText { text, line, column });
            }
        }
    }
}

/// True for the start of a turn label: `12.` then a space or the end of the
/// text, or a seat `A:` then a space.
pub(crate) fn is_label(s: &str) -> bool {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let after = |rest: &str| rest.chars().next().map_or(true, char::is_whitespace);
    if digits > 0 && s[digits..].starts_with('.') {
        return after(&s[digits + 1..]);
    }
    let b = s.as_bytes();
    b.len() >= 2 && b[0].is_ascii_uppercase() && b[1] == b':' && after(&s[2..])
}

/// Skips a turn label (`12.` or `A:`) if one starts here.
fn skip_label(cur: &mut Cursor<'_>) -> bool {
    let ahead: String = cur.rest.clone().take(24).collect();
    if !is_label(&ahead) {
        return false;
    }
    while cur.peek().is_some_and(|c| !c.is_whitespace()) {
        cur.bump();
    }
    true
}
