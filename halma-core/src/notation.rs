//! The one-line position notation (`docs/games/halma-family.md`) and the
//! move strings.
//!
//! Notation: `<rows> <turn> <finished> <turns>`, rows top to bottom
//! separated by `/`, each hole `.` or the digit of the seat on it (1 for
//! seat 0); `<turn>` is the digit of the seat to move or `-` once the game
//! is over; `<finished>` is `-` or the digits of the finished seats in
//! finishing order; `<turns>` is the turn counter (optional when parsing,
//! default 0).
//!
//! Holes are named by row letter (`a` for the top row) and position in the
//! row from 1, left to right: the star's apex is `a1`, the square board's
//! corners `a1`, `a16`, `p1`, `p16`. A move string is its hop path joined
//! by `-`: `e6-f6` for a step, `m4-k4-i6` for a chain of two jumps.

use core::fmt;

use racegames_board::notation::{parse_u32, Fields, Problem};
use racegames_board::{Action, Game, ParseError, Seat};

use crate::bits::BitSet;
use crate::geometry::{row_col, Geometry};
use crate::movegen::{hop_path, jumps_from};
use crate::position::{Position, TERMINAL};
use crate::Halma;

/// Writes the name of `hole`, such as `e6`.
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

/// Writes the notation of `pos` for a game of `players` seats.
pub(crate) fn write<G: Geometry>(
    pos: &Position<G>,
    players: usize,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    let pieces = AsRef::<[G::Bits]>::as_ref(&pos.pieces);
    let mut hole = 0;
    for (row, &len) in G::ROW_LENGTHS.iter().enumerate() {
        if row > 0 {
            out.write_char('/')?;
        }
        for _ in 0..len {
            let c = pieces
                .iter()
                .take(players)
                .position(|b| b.has(hole))
                .map_or('.', |s| Seat::new(s as u8).digit());
            out.write_char(c)?;
            hole += 1;
        }
    }
    out.write_char(' ')?;
    match pos.to_move() {
        Some(p) => out.write_char(p.digit())?,
        None => out.write_char('-')?,
    }
    out.write_char(' ')?;
    if pos.finished().is_empty() {
        out.write_char('-')?;
    }
    for &s in pos.finished() {
        out.write_char(Seat::new(s).digit())?;
    }
    write!(out, " {}", pos.turns)
}

impl<G: Geometry> fmt::Display for Position<G> {
    /// The notation, with every seat that has pieces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(self, AsRef::<[G::Bits]>::as_ref(&self.pieces).len(), f)
    }
}

fn seat_digit(c: char, players: usize) -> Option<usize> {
    Seat::from_digit(c)
        .map(Seat::index)
        .filter(|&s| s < players)
}

/// Reads a notation for `game`.
pub(crate) fn parse<G: Geometry>(game: &Halma<G>, text: &str) -> Result<Position<G>, ParseError> {
    let players = game.num_players();
    let mut fields = Fields::new(text);
    let (rows, rows_at) = fields.next_field("rows")?;
    let mut pos = Position::<G>::empty();
    let mut row_count = 0;
    let mut hole = 0usize;
    let mut offset = rows_at;
    for (row, part) in rows.split('/').enumerate() {
        row_count += 1;
        let Some(&len) = G::ROW_LENGTHS.get(row) else {
            return Err(ParseError::new(
                "rows",
                offset,
                Problem::WrongLength {
                    expected: G::ROW_LENGTHS.len(),
                    found: rows.split('/').count(),
                },
            ));
        };
        let found = part.chars().count();
        if found != usize::from(len) {
            return Err(ParseError::new(
                "row",
                offset,
                Problem::WrongLength {
                    expected: usize::from(len),
                    found,
                },
            ));
        }
        for (i, c) in part.char_indices() {
            if c != '.' {
                let Some(seat) = seat_digit(c, players) else {
                    return Err(ParseError::new("row", offset + i, Problem::Unexpected(c)));
                };
                pos.seat_mut(seat).insert(hole);
            }
            hole += 1;
        }
        offset += part.len() + 1;
    }
    if row_count != G::ROW_LENGTHS.len() {
        return Err(ParseError::new(
            "rows",
            rows_at,
            Problem::WrongLength {
                expected: G::ROW_LENGTHS.len(),
                found: row_count,
            },
        ));
    }
    let (turn, turn_at) = fields.next_field("turn")?;
    let mut chars = turn.chars();
    match (chars.next(), chars.next()) {
        (Some('-'), None) => pos.to_move = TERMINAL,
        (Some(c), None) => match seat_digit(c, players) {
            Some(s) => pos.to_move = s as u8,
            None => return Err(ParseError::new("turn", turn_at, Problem::Unexpected(c))),
        },
        (_, Some(c)) => {
            return Err(ParseError::new(
                "turn",
                turn_at + turn.chars().next().map_or(1, char::len_utf8),
                Problem::Unexpected(c),
            ))
        }
        (None, None) => return Err(ParseError::new("turn", turn_at, Problem::Missing)),
    }
    let (finished, fin_at) = fields.next_field("finished")?;
    if finished != "-" {
        for (i, c) in finished.char_indices() {
            match seat_digit(c, players) {
                Some(s) if !pos.has_finished(s) && pos.finished().len() < players => {
                    pos.push_finished(s)
                }
                _ => {
                    return Err(ParseError::new(
                        "finished",
                        fin_at + i,
                        Problem::Unexpected(c),
                    ))
                }
            }
        }
    }
    let mut turns_at = text.len();
    if let Some((turns, at)) = fields.next_optional() {
        pos.turns = parse_u32(turns, "turns", at)?;
        turns_at = at;
    }
    fields.finish()?;
    game.check_position(&pos).map_err(|(field, why)| {
        let at = match field {
            "turn" => turn_at,
            "finished" => fin_at,
            "turns" => turns_at,
            _ => rows_at,
        };
        ParseError::new(field, at, Problem::Invalid(why))
    })?;
    game.derive(&mut pos);
    Ok(pos)
}

/// Writes the move string of `action`: the hop path of a move that applies,
/// else `from-to` from the index alone (`#n` outside the action space).
pub(crate) fn write_action<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    action: Action,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    let Some((from, to)) = Halma::<G>::decode(action) else {
        return write!(out, "#{action}");
    };
    let path = if game.is_legal(pos, action) {
        hop_path(pos, from, to, game.rules.long_jumps)
    } else {
        None
    };
    match path {
        Some(path) => {
            for (i, &h) in path.iter().enumerate() {
                if i > 0 {
                    out.write_char('-')?;
                }
                write_hole::<G>(usize::from(h), out)?;
            }
            Ok(())
        }
        None => {
            write_hole::<G>(from, out)?;
            out.write_char('-')?;
            write_hole::<G>(to, out)
        }
    }
}

/// Reads a move string: `from-to`, or any valid hop path of a legal move.
pub(crate) fn parse_action<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    text: &str,
) -> Result<Action, ParseError> {
    let text = text.trim();
    let mut prev: Option<usize> = None;
    let mut first = None;
    let mut count = 0;
    let mut offset = 0;
    let mut visited = G::Bits::EMPTY;
    let lifted_base = pos.occupied();
    for part in text.split('-') {
        let Some(h) = parse_hole::<G>(part) else {
            return Err(ParseError::new(
                "move",
                offset,
                Problem::Invalid("not a hole name such as e6"),
            ));
        };
        if visited.has(h) {
            return Err(ParseError::new(
                "move",
                offset,
                Problem::Invalid("the path revisits a hole"),
            ));
        }
        visited.insert(h);
        if let (Some(start), Some(p)) = (first, prev) {
            // Every hop after the first two holes is a jump.
            let lifted = lifted_base.minus(G::Bits::single(start));
            if count >= 2 && !jumps_from::<G>(p, lifted, game.rules.long_jumps).has(h) {
                return Err(ParseError::new(
                    "move",
                    offset,
                    Problem::Invalid("this hop is not a jump"),
                ));
            }
        }
        first.get_or_insert(h);
        prev = Some(h);
        count += 1;
        offset += part.len() + 1;
        if count > crate::movegen::MAX_PATH {
            return Err(ParseError::new(
                "move",
                offset,
                Problem::Invalid("path too long"),
            ));
        }
    }
    let (Some(from), Some(to)) = (first, prev) else {
        return Err(ParseError::new("move", 0, Problem::Missing));
    };
    if count < 2 {
        return Err(ParseError::new("move", text.len(), Problem::Missing));
    }
    if count > 2 {
        // The first hop of a longer path must be a jump too.
        let lifted = lifted_base.minus(G::Bits::single(from));
        let second = text
            .split('-')
            .nth(1)
            .and_then(parse_hole::<G>)
            .unwrap_or(usize::MAX);
        if !jumps_from::<G>(from, lifted, game.rules.long_jumps).has(second) {
            return Err(ParseError::new(
                "move",
                0,
                Problem::Invalid("the first hop of a chain is not a jump"),
            ));
        }
    }
    match Halma::<G>::action(from, to) {
        Some(action) if game.is_legal(pos, action) => Ok(action),
        _ => Err(ParseError::new(
            "move",
            0,
            Problem::Invalid("no legal move goes from this hole to that one"),
        )),
    }
}
