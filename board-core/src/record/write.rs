//! Writing a record as text: tag lines, a blank line, then one line per
//! turn, `N. A: move; move`, and a blank line after the game.

use alloc::string::{String, ToString};
use core::fmt;

use super::{apply_checked, read::is_label, Record, WriteError};
use crate::{Game, Seat};

/// Whether `text` reads back as the one move string it is.
pub(crate) fn fits_move_text(text: &str) -> bool {
    let mut chars = text.chars();
    let ends_fit = match (chars.next(), chars.next_back()) {
        (Some(first), last) => {
            !first.is_whitespace() && first != '[' && !last.is_some_and(char::is_whitespace)
        }
        (None, _) => false,
    };
    ends_fit
        && !text
            .bytes()
            .any(|b| matches!(b, b';' | b'{' | b'}' | b'\n' | b'\r'))
        && !is_label(text)
}

/// Writes `n` in decimal without the formatting machinery (once per turn).
fn write_number(out: &mut dyn fmt::Write, mut n: u64) -> fmt::Result {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.write_str(core::str::from_utf8(&digits[i..]).map_err(|_| fmt::Error)?)
}

fn fits_tag(name: &str, value: &str) -> bool {
    !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !value.contains(['\n', '\r'])
}

pub(super) fn write<G: Game>(
    record: &Record,
    game: &G,
    out: &mut dyn fmt::Write,
    checked: bool,
) -> Result<(), WriteError> {
    let o = |r: fmt::Result| r.map_err(|_| WriteError::Output);
    if record.tags.is_empty() {
        // A game starts with its tags: with none it would not read back.
        return Err(WriteError::BadTag(String::new()));
    }
    for (name, value) in &record.tags {
        if !fits_tag(name, value) {
            return Err(WriteError::BadTag(name.clone()));
        }
        o(write!(out, "[{name} \""))?;
        for c in value.chars() {
            if matches!(c, '"' | '\\') {
                o(out.write_char('\\'))?;
            }
            o(out.write_char(c))?;
        }
        o(out.write_str("\"]\n"))?;
    }
    o(out.write_char('\n'))?;
    let mut before = 0;
    for c in &record.comments {
        // Out of order, a comment would read back elsewhere.
        if c.text.contains('}') || c.before > record.actions.len() || c.before < before {
            return Err(WriteError::BadComment(c.text.clone()));
        }
        before = c.before;
    }
    let mut state = record.start(game).map_err(super::ReplayError::Start)?;
    let mut comments = record.comments.iter().peekable();
    let mut last_turn: Option<(u32, Option<Seat>)> = None;
    let mut text = String::new();
    for (index, &action) in record.actions.iter().enumerate() {
        let turn = (game.turn_count(&state), game.turn_owner(&state));
        if last_turn != Some(turn) {
            if last_turn.is_some() {
                o(out.write_char('\n'))?;
            }
            if let (n, Some(seat)) = turn {
                o(write_number(out, u64::from(n) + 1))?;
                o(out.write_str(". "))?;
                o(out.write_char(seat.letter()))?;
                o(out.write_str(": "))?;
            }
            last_turn = Some(turn);
        } else {
            o(out.write_str("; "))?;
        }
        while let Some(c) = comments.next_if(|c| c.before == index) {
            o(write!(out, "{{{}}} ", c.text))?;
        }
        text.clear();
        // Write the string before applying: it is read in this position.
        let _ = game.write_action(&state, action, &mut text);
        if checked {
            apply_checked(game, &mut state, index, action)?;
        } else {
            game.apply_legal(&mut state, action);
        }
        if !fits_move_text(&text) {
            return Err(WriteError::BadMove {
                index,
                text: text.to_string(),
            });
        }
        o(out.write_str(&text))?;
    }
    let mut first = true;
    for c in comments {
        let sep = if first && !record.actions.is_empty() {
            " "
        } else {
            ""
        };
        first = false;
        o(write!(out, "{sep}{{{}}}", c.text))?;
    }
    o(out.write_str("\n\n"))
}
