//! Move strings: a move's hop path joined by `-` (`e6-f6`, `m4-k4-i6`),
//! written for [`racegames_board::Game::write_action`] and read for
//! [`racegames_board::Game::parse_action`].

use core::fmt;

use racegames_board::notation::Problem;
use racegames_board::{Action, Game, ParseError};

use crate::bits::BitSet;
use crate::geometry::Geometry;
use crate::movegen::{hop_path, jumps_from};
use crate::notation::{parse_hole, write_hole};
use crate::position::Position;
use crate::Halma;

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
