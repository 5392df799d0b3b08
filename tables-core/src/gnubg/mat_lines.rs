//! gnubg's match files: the text's lines, entries and games.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use racegames_board::Seat;

use super::mat::{short, MatError};
use super::mat_read::{err, MatEntry};
use super::mat_replay::MatEvent;

/// Python's `str.splitlines` boundaries: a file's lines as gnubg's readers
/// and the Python package split them.
fn lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        match rest.find([
            '\n', '\r', '\x0b', '\x0c', '\x1c', '\x1d', '\x1e', '\u{85}', '\u{2028}', '\u{2029}',
        ]) {
            Some(i) => {
                out.push(&rest[..i]);
                let skip = if rest[i..].starts_with("\r\n") {
                    2
                } else {
                    rest[i..].chars().next().map_or(1, char::len_utf8)
                };
                rest = &rest[i + skip..];
            }
            None => {
                out.push(rest);
                break;
            }
        }
    }
    out
}

fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with([';', '#'])
}

/// `^\s*(\d+)\s+point\s+match\b`, any case: the match length (`u32::MAX`
/// when it does not fit).
fn header_length(line: &str) -> Option<u32> {
    let rest = line.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &rest[digits..];
    let words = after.trim_start();
    if digits == 0 || words.len() == after.len() {
        return None;
    }
    let m = strip_word(words, "point")?;
    let m2 = m.trim_start();
    if m2.len() == m.len() {
        return None;
    }
    strip_word(m2, "match")
        .is_some_and(|end| !end.starts_with(is_word))
        .then(|| rest[..digits].parse().unwrap_or(u32::MAX))
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `text` after `word` (ASCII, any case), if it starts with it.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    head.eq_ignore_ascii_case(word).then(|| &text[word.len()..])
}

/// `^\s*Game\s+(\d+)\s*$`, any case.
fn is_game_line(line: &str) -> bool {
    let Some(rest) = strip_word(line.trim(), "game") else {
        return false;
    };
    let number = rest.trim_start();
    number.len() < rest.len() && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
}

/// The two names and scores of a score line ` Alice : 0     Bob : 3`,
/// read in one pass.
fn score_line(line: &str) -> Option<([String; 2], [u32; 2])> {
    let (first, rest) = line.split_once(':')?;
    let rest = rest.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let (second, last) = rest[digits..].rsplit_once(':')?;
    let names = [first.trim(), second.trim()];
    let last = last.trim();
    let ok = names.iter().all(|n| !n.is_empty())
        && !last.is_empty()
        && last.bytes().all(|b| b.is_ascii_digit());
    let score = [rest[..digits].parse().ok()?, last.parse().ok()?];
    ok.then(|| (names.map(ToString::to_string), score))
}

/// An entry of a move line: its column, its cube keyword (empty for a
/// throw), its dice and its text.
type Entry = (usize, String, Option<[u8; 2]>, String);

const KEYWORDS: [&str; 10] = [
    "doubles", "takes", "drops", "wins", "beavers", "raccoons", "resign", "double", "take", "drop",
];

/// The entry starting at `text[i..]`: its keyword (or dice) and its length.
fn entry_at(text: &str, i: usize) -> Option<(String, Option<[u8; 2]>, usize)> {
    let rest = &text[i..];
    let b = rest.as_bytes();
    if b.len() >= 3
        && (b'1'..=b'6').contains(&b[0])
        && (b'1'..=b'6').contains(&b[1])
        && b[2] == b':'
    {
        return Some((String::new(), Some([b[0] - b'0', b[1] - b'0']), 3));
    }
    for k in KEYWORDS {
        let Some(after) = strip_word(rest, k) else {
            continue;
        };
        let after = if k == "resign" {
            after.trim_start_matches(is_word)
        } else {
            after
        };
        if !after.starts_with(is_word) {
            let len = rest.len() - after.len();
            let word = if k == "resign" {
                rest[..len].to_lowercase()
            } else {
                k.to_string()
            };
            return Some((word, None, len));
        }
    }
    None
}

/// The entries of a move line's text (after its number).
fn entries(text: &str, line: usize) -> Result<Vec<Entry>, MatError> {
    let mut found: Vec<(usize, usize, String, Option<[u8; 2]>)> = Vec::new();
    let mut i = 0;
    let mut prev_space = true;
    while i < text.len() {
        let c = text[i..].chars().next().map_or(' ', |c| c);
        if prev_space {
            if let Some((word, dice, len)) = entry_at(text, i) {
                found.push((i, i + len, word, dice));
                i += len;
                prev_space = text[..i].ends_with(char::is_whitespace);
                continue;
            }
        }
        prev_space = c.is_whitespace();
        i += c.len_utf8();
    }
    let mut out = Vec::new();
    for (k, (start, end, word, dice)) in found.iter().enumerate() {
        let stop = found.get(k + 1).map_or(text.len(), |f| f.0);
        let mut body = text[*end..stop].trim().to_string();
        // The left column starts one space after a line's number, the right
        // one 29 spaces after it when the left is empty.
        let column = usize::from(k > 0 || text[..*start].chars().count() >= 8);
        if dice.is_some() {
            body = strip_cannot_move(&body);
        }
        out.push((column, word.clone(), *dice, body));
    }
    if out.len() > 2 {
        return Err(err(format!("line {line}: more than two entries")));
    }
    if out.is_empty() && !text.trim().is_empty() {
        return Err(err(format!(
            "line {line}: {} is neither a move nor a cube action",
            short(text.trim())
        )));
    }
    Ok(out)
}

/// `body` without `cannot move` (any case, any spaces) and question marks.
fn strip_cannot_move(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = strip_word(rest, "cannot") {
            let spaced = after.trim_start();
            if spaced.len() < after.len() {
                if let Some(end) = strip_word(spaced, "move") {
                    rest = end;
                    continue;
                }
            }
        }
        if c != '?' {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out.trim().to_string()
}

/// The text after `  12)`, for a numbered line.
fn numbered_body(line: &str) -> Option<&str> {
    let rest = line.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (digits > 0).then_some(())?;
    rest[digits..].strip_prefix(')')
}

/// A game of a match file as written: its players and score before it (the
/// score line, with its line number) and its entries.
pub(crate) struct Written {
    pub names: [String; 2],
    pub score: [u32; 2],
    pub score_line: usize,
    pub events: Vec<MatEvent>,
}

/// The leading number of `text` (`2 points`, `=> 4`), if any.
fn leading_number(text: &str) -> Option<u32> {
    let t = text.trim_start_matches(['=', '>', ' ', '\t']);
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    t[..digits].parse().ok()
}

/// The entry of a move line as an event, `None` for one that says nothing
/// (`resign`: the `Wins` line after it tells the points).
fn event(
    column: usize,
    word: &str,
    dice: Option<[u8; 2]>,
    text: String,
    line: usize,
) -> Result<Option<MatEvent>, MatError> {
    let player = Seat::new(column as u8);
    Ok(Some(match word {
        "" => MatEvent::Throw(MatEntry {
            player,
            dice: dice.unwrap_or([0, 0]),
            text,
            line,
        }),
        "doubles" | "double" => {
            let value = leading_number(&text);
            if value.is_none() && !text.is_empty() {
                return Err(err(format!(
                    "line {line}: {} after 'Doubles' is not the cube's new value",
                    short(&text)
                )));
            }
            MatEvent::Double {
                player,
                value,
                line,
            }
        }
        "takes" | "take" => MatEvent::Take { player, line },
        "drops" | "drop" => MatEvent::Drop { player, line },
        "wins" => MatEvent::Wins {
            player,
            points: leading_number(&text).ok_or_else(|| {
                err(format!(
                    "line {line}: 'Wins' without its points, such as 'Wins 2 points'"
                ))
            })?,
            line,
        },
        "beavers" | "raccoons" => {
            return Err(err(format!(
                "line {line}: {word}: racegames plays the cube without beavers or raccoons"
            )))
        }
        _ => return Ok(None),
    }))
}

/// The match length (0: money play) and the games of a match file's text.
/// Comments (`;` or `#`) and the header are skipped up to ` <n> point
/// match`; each ` Game <k>` is followed by the score line and the numbered
/// move lines.
pub(crate) fn parse_file(text: &str) -> Result<(u32, Vec<Written>), MatError> {
    let lines = lines(text.trim_start_matches('\u{feff}'));
    let mut index = 0;
    let length = loop {
        let Some(line) = lines.get(index) else {
            return Err(err("not a match file: no ' <n> point match' line".into()));
        };
        index += 1;
        if is_comment(line) || line.trim().is_empty() {
            continue;
        }
        if let Some(n) = header_length(line) {
            if n > u32::from(crate::MAX_MATCH_LENGTH) {
                let length = if n == u32::MAX {
                    "the match length is too large".to_string()
                } else {
                    format!("a {n}-point match")
                };
                return Err(err(format!(
                    "line {index}: {length}: racegames plays matches of up to {} points",
                    crate::MAX_MATCH_LENGTH
                )));
            }
            break n;
        }
        return Err(err(format!(
            "line {index}: expected ' <n> point match', got {}",
            short(line.trim())
        )));
    };
    let mut games: Vec<Written> = Vec::new();
    let mut expect_score = false;
    for (number, line) in lines
        .iter()
        .enumerate()
        .skip(index)
        .map(|(i, l)| (i + 1, l))
    {
        if line.trim().is_empty() || is_comment(line) {
            continue;
        }
        if is_game_line(line) {
            games.push(Written {
                names: ["A".to_string(), "B".to_string()],
                score: [0, 0],
                score_line: number,
                events: Vec::new(),
            });
            expect_score = true;
            continue;
        }
        let Some(game) = games.last_mut() else {
            return Err(err(format!(
                "line {number}: expected ' Game 1', got {}",
                short(line.trim())
            )));
        };
        if expect_score {
            (game.names, game.score) = score_line(line).ok_or_else(|| {
                err(format!(
                    "line {number}: expected the players and score, such as 'A : 0   B : 0'"
                ))
            })?;
            game.score_line = number;
            expect_score = false;
            continue;
        }
        let numbered = numbered_body(line);
        for (column, word, dice, text) in entries(numbered.unwrap_or(line), number)? {
            if numbered.is_none() && word.is_empty() && dice.is_some() {
                return Err(err(format!(
                    "line {number}: a move outside a numbered line"
                )));
            }
            if let Some(e) = event(column, &word, dice, text, number)? {
                game.events.push(e);
            }
        }
    }
    if games.is_empty() {
        return Err(err("the match file has no ' Game 1'".into()));
    }
    Ok((length, games))
}
