//! gnubg's match files: reading, every move replayed and checked.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use racegames_board::{Action, Game, Node, Seat};

use super::mat::{action_points, short, MatError};
use super::{check_game, sides, Side};
use crate::position::Position;
use crate::Tables;

/// One entry of a match file as written: a player's throw and gnubg's move
/// text (`8/5 6/5`, `24/18*/13`, `13/7(2)`, `bar/22`; empty when it cannot
/// move), with the line it comes from (0: none) for messages.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatEntry {
    /// A (the left column) or B (the right column).
    pub player: Seat,
    /// The throw, as written.
    pub dice: [u8; 2],
    /// The move text.
    pub text: String,
    /// The line of the file (0: none).
    pub line: usize,
}

/// A game read from a match file: its players (the score line's names)
/// and its racegames actions, chance included.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatGame {
    /// The names of A (left) and B (right).
    pub names: [String; 2],
    /// The racegames action ids from the initial position.
    pub actions: Vec<Action>,
}

fn err(message: String) -> MatError {
    MatError::Read(message)
}

/// (from, to) pairs of gnubg's move text.
fn parse_move_text(text: &str, at: &str) -> Result<Vec<(u8, u8)>, MatError> {
    let mut pairs = Vec::new();
    for token in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        let mut token = token;
        let mut repeat = 1;
        if let Some(body) = token.strip_suffix(')') {
            if let Some((head, n)) = body.rsplit_once('(') {
                if n.chars().count() == 1 && n.chars().all(char::is_numeric) {
                    repeat = n.parse::<usize>().unwrap_or(0);
                    if !(1..=4).contains(&repeat) {
                        return Err(err(format!("{at}: bad repetition in {}", short(text))));
                    }
                    token = head;
                }
            }
        }
        let parts: Vec<&str> = token.split('/').collect();
        if parts.len() < 2 {
            return Err(err(format!(
                "{at}: {} is not a move such as 8/5",
                short(token)
            )));
        }
        let mut chain = Vec::new();
        for part in parts {
            let word = part.strip_suffix('*').unwrap_or(part).to_ascii_lowercase();
            let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
            if !(digits || word == "bar" || word == "off") {
                return Err(err(format!(
                    "{at}: {} in {} is not a point",
                    short(part),
                    short(token)
                )));
            }
            if digits && word.trim_start_matches('0').len() > 2 {
                return Err(err(format!(
                    "{at}: point {} in {} is not a point",
                    short(&word),
                    short(token)
                )));
            }
            let value: u8 = match word.as_str() {
                "bar" => 25,
                "off" => 0,
                w => w.parse().unwrap_or(99),
            };
            if value > 25 {
                return Err(err(format!("{at}: point {value} in {}", short(token))));
            }
            chain.push(value);
        }
        for w in chain.windows(2) {
            let (start, end) = (w[0], w[1]);
            if start <= end || start == 0 || end == 25 {
                return Err(err(format!(
                    "{at}: {} does not move towards home",
                    short(token)
                )));
            }
            pairs.extend(core::iter::repeat((start, end)).take(repeat));
        }
    }
    if pairs.len() > 4 {
        return Err(err(format!(
            "{at}: more than four checker moves in {}",
            short(text)
        )));
    }
    Ok(pairs)
}

/// The boards after `mover` plays `pairs` on `boards` (A's and B's sides).
fn apply_pairs(
    boards: &[Side; 2],
    mover: usize,
    pairs: &[(u8, u8)],
    at: &str,
) -> Result<[Side; 2], MatError> {
    let (mut own, mut opp) = (boards[mover], boards[1 - mover]);
    let letter = Seat::new(mover as u8).letter();
    for &(start, end) in pairs {
        let s = usize::from(start) - 1;
        if own[s] == 0 {
            return Err(err(format!(
                "{at}: no checker of {letter} on its point {start}"
            )));
        }
        own[s] -= 1;
        if end > 0 {
            let there = usize::from(24 - end);
            if opp[there] >= 2 {
                return Err(err(format!("{at}: point {end} is held by the opponent")));
            }
            if opp[there] == 1 {
                opp[there] = 0;
                opp[24] += 1;
            }
            own[usize::from(end) - 1] += 1;
        }
    }
    Ok(if mover == 0 { [own, opp] } else { [opp, own] })
}

/// Actions that end `mover`'s turn on `target`, trying the written order first.
fn find_play(
    game: &Tables,
    pos: &Position,
    mover: Seat,
    target: &[Side; 2],
    hint: &[(u8, u8)],
    failed: &mut BTreeSet<Position>,
) -> Option<Vec<Action>> {
    if game.node(pos) != Node::Decision(mover) {
        return (sides(game, pos).ok()? == *target).then(Vec::new);
    }
    if failed.contains(pos) {
        return None;
    }
    let mut actions = Vec::new();
    game.legal_actions(pos, |a| actions.push(a));
    let rank = |a: &Action| {
        let mv = action_points(*a);
        // A bear-off does not say its die: the exact one first, then the larger.
        let die = if u32::from(mv.0 - mv.1) == a % 6 + 1 {
            -7
        } else {
            -((a % 6) as i32)
        };
        match hint.iter().position(|h| *h == mv) {
            Some(i) => (i, die),
            None => (
                if hint.iter().any(|h| h.0 == mv.0) {
                    4
                } else {
                    5
                },
                die,
            ),
        }
    };
    actions.sort_by_key(rank);
    for a in actions {
        let mut child = *pos;
        game.apply_legal(&mut child, a);
        let mv = action_points(a);
        let mut rest = hint.to_vec();
        if let Some(i) = rest.iter().position(|h| *h == mv) {
            rest.remove(i);
        }
        if let Some(mut found) = find_play(game, &child, mover, target, &rest, failed) {
            found.insert(0, a);
            return Some(found);
        }
    }
    failed.insert(*pos);
    None
}

/// The actions of the player to move in `pos` that play gnubg's checker
/// moves `pairs` (from, to: 25 the bar, 0 off, in the mover's numbering),
/// in any order racegames' rules allow, to the end of the turn: the play
/// that ends on the board those moves give.
///
/// # Errors
///
/// [`MatError::Read`] when the pairs are not a legal play there.
pub fn play_checker_moves(
    game: &Tables,
    pos: &Position,
    pairs: &[(u8, u8)],
) -> Result<Vec<Action>, MatError> {
    check_game(game)?;
    let Node::Decision(mover) = game.node(pos) else {
        return Err(err("the move: nobody is to move".into()));
    };
    if pairs.len() > 4
        || pairs
            .iter()
            .any(|&(f, t)| !(1..=25).contains(&f) || t >= f || t > 24)
    {
        return Err(err(format!("the move: {pairs:?} are not checker moves")));
    }
    let target = apply_pairs(&sides(game, pos)?, mover.index() & 1, pairs, "the move")?;
    find_play(game, pos, mover, &target, pairs, &mut BTreeSet::new())
        .ok_or_else(|| err(format!("the move: {pairs:?} is not a legal play")))
}

/// The racegames actions of one game's match-file entries, chance
/// included. The first entry gives the roll-off (its player throws the
/// higher die); each later one must be the player whose turn it is. A move
/// is matched to the racegames play that ends on the same position, so
/// gnubg's consolidated moves (`13/7/1`, `24/18(2)`) read too.
///
/// # Errors
///
/// [`MatError::Read`] naming the line (else the entry) of the first entry
/// that is not legal.
pub fn entries_to_actions(game: &Tables, entries: &[MatEntry]) -> Result<Vec<Action>, MatError> {
    check_game(game)?;
    let mut pos = game.new_initial_state();
    let mut actions = Vec::new();
    for (number, entry) in entries.iter().enumerate() {
        let at = if entry.line > 0 {
            format!("line {}", entry.line)
        } else {
            format!("turn {number}")
        };
        let p = entry.player.index();
        if p > 1 {
            return Err(err(format!("{at}: the player is 0 (A) or 1 (B), got {p}")));
        }
        let (hi, lo) = (
            entry.dice[0].max(entry.dice[1]),
            entry.dice[0].min(entry.dice[1]),
        );
        if !(1..=6).contains(&lo) || hi > 6 {
            return Err(err(format!(
                "{at}: dice ({}, {}) are not a throw",
                entry.dice[0], entry.dice[1]
            )));
        }
        match game.node(&pos) {
            Node::Terminal => return Err(err(format!("{at}: the game is already over"))),
            Node::Decision(_) => {
                return Err(err(format!("{at}: expected the rest of the previous turn")))
            }
            Node::Chance => {}
        }
        let throw = match pos.turn() {
            None if hi == lo => {
                return Err(err(format!(
                    "{at}: the opening throw {hi}{lo} is a double; the roll-off gives two faces"
                )))
            }
            None => {
                let (a, b) = if p == 0 { (hi, lo) } else { (lo, hi) };
                format!("roll-off A{a} B{b}")
            }
            Some(owner) if owner.index() != p => {
                return Err(err(format!(
                    "{at}: {} is to move, not {}",
                    owner.letter(),
                    entry.player.letter()
                )))
            }
            Some(_) => format!("roll {hi}{lo}"),
        };
        let chance = game
            .parse_action(&pos, &throw)
            .map_err(|_| err(format!("{at}: dice {hi}{lo} are not a throw here")))?;
        game.apply_legal(&mut pos, chance);
        actions.push(chance);
        let pairs = parse_move_text(&entry.text, &at)?;
        let mover = entry.player;
        let letter = mover.letter();
        if game.node(&pos) != Node::Decision(mover) {
            if !pairs.is_empty() {
                return Err(err(format!(
                    "{at}: {letter} cannot move with {hi}{lo}, but the file plays {}",
                    short(&entry.text)
                )));
            }
            continue;
        }
        if pairs.is_empty() {
            return Err(err(format!(
                "{at}: {letter} has a move with {hi}{lo}, but none is written"
            )));
        }
        let target = apply_pairs(&sides(game, &pos)?, p, &pairs, &at)?;
        let play = find_play(game, &pos, mover, &target, &pairs, &mut BTreeSet::new()).ok_or_else(
            || {
                err(format!(
                    "{at}: {} with {hi}{lo} is not a legal play for {letter}",
                    short(&entry.text)
                ))
            },
        )?;
        for &a in &play {
            game.apply_legal(&mut pos, a);
        }
        actions.extend(play);
    }
    Ok(actions)
}

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

/// `^\s*(\d+)\s+point\s+match\b`, any case.
fn is_header(line: &str) -> bool {
    let rest = line.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &rest[digits..];
    let words = after.trim_start();
    if digits == 0 || words.len() == after.len() {
        return false;
    }
    let Some(m) = strip_word(words, "point") else {
        return false;
    };
    let m2 = m.trim_start();
    if m2.len() == m.len() {
        return false;
    }
    strip_word(m2, "match").is_some_and(|end| !end.starts_with(is_word))
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

/// The two names of a score line ` Alice : 0     Bob : 3`, read in one pass.
fn score_names(line: &str) -> Option<[String; 2]> {
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
    ok.then(|| names.map(ToString::to_string))
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

/// The games of a match file's text, each with its players' names and its
/// racegames actions. Comments (`;` or `#`) and the header are skipped up
/// to ` <n> point match`; each ` Game <k>` is followed by the score line
/// and the numbered move lines. racegames has no cube: cube actions are
/// skipped, and a game ended by a dropped cube or a resignation stops
/// there.
///
/// # Errors
///
/// [`MatError::Read`] naming the line of the first bad entry.
pub fn read_match(game: &Tables, text: &str) -> Result<Vec<MatGame>, MatError> {
    check_game(game)?;
    let lines = lines(text.trim_start_matches('\u{feff}'));
    let mut index = 0;
    loop {
        let Some(line) = lines.get(index) else {
            return Err(err("not a match file: no ' <n> point match' line".into()));
        };
        index += 1;
        if is_comment(line) || line.trim().is_empty() {
            continue;
        }
        if is_header(line) {
            break;
        }
        return Err(err(format!(
            "line {index}: expected ' <n> point match', got {}",
            short(line.trim())
        )));
    }
    let mut games = Vec::new();
    let mut turns: Option<Vec<MatEntry>> = None;
    let mut names = ["A".to_string(), "B".to_string()];
    let (mut ended, mut expect_score) = (false, false);
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
            if let Some(done) = turns.take() {
                games.push(MatGame {
                    names: names.clone(),
                    actions: entries_to_actions(game, &done)?,
                });
            }
            (turns, ended, expect_score) = (Some(Vec::new()), false, true);
            continue;
        }
        let Some(list) = turns.as_mut() else {
            return Err(err(format!(
                "line {number}: expected ' Game 1', got {}",
                short(line.trim())
            )));
        };
        if expect_score {
            names = score_names(line).ok_or_else(|| {
                err(format!(
                    "line {number}: expected the players and score, such as 'A : 0   B : 0'"
                ))
            })?;
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
            if matches!(word.as_str(), "wins" | "drops" | "drop") || word.starts_with("resign") {
                ended = true;
                continue;
            }
            let Some(dice) = dice else { continue };
            if ended {
                return Err(err(format!(
                    "line {number}: a move after the end of the game"
                )));
            }
            list.push(MatEntry {
                player: Seat::new(column as u8),
                dice,
                text,
                line: number,
            });
        }
    }
    let Some(done) = turns else {
        return Err(err("the match file has no ' Game 1'".into()));
    };
    games.push(MatGame {
        names,
        actions: entries_to_actions(game, &done)?,
    });
    Ok(games)
}

/// The text after `  12)`, for a numbered line.
fn numbered_body(line: &str) -> Option<&str> {
    let rest = line.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (digits > 0).then_some(())?;
    rest[digits..].strip_prefix(')')
}
