//! Reading record text: tags, move strings and comments, with the line and
//! column of anything wrong. Reading never panics.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{apply_checked, params_in, tag_in, Comment, ReadError, Record};
use crate::{Game, ParamValue};

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
    /// # Errors
    ///
    /// [`ReadError`] at the move that does not read as an action of its
    /// position, or at the `Position` tag's game.
    ///
    /// ```
    /// use racegames_board::record;
    /// let game = racegames_daldos::Daldos::default();
    /// let games = record::read("[Game \"daldos\"]\n\nA starts; 1. A: throw 11; m0-m9\n").unwrap();
    /// let e = games[0].to_record(&game).unwrap_err();
    /// assert_eq!((e.line, e.column), (3, 27));
    /// assert!(e.message.contains("move 3 (m0-m9)"), "{e}");
    /// ```
    pub fn to_record<G: Game>(&self, game: &G) -> Result<Record, ReadError> {
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
