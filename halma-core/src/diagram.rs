//! A readable multi-line picture of a position ([`racegames_board::Game::write_diagram`],
//! `str(state)` in Python).
//!
//! The star is drawn with its rows centred, so that the holes sit on the
//! hexagonal lattice; the square board as a grid with column numbers. Each
//! row starts with its letter, as in the move strings (`e6-f6`). Pieces are
//! the seat digits; an empty hole is `.` on the central hexagon (or the open
//! board) and `,` inside a camp. Under the board: which camp each seat
//! starts in, the seat to move, finished seats and the turn counter.
//!
//! ```
//! use racegames_board::Game;
//! use racegames_halma::ChineseCheckers;
//!
//! let game = ChineseCheckers::default();
//! let mut text = String::new();
//! game.write_diagram(&game.new_initial_state(), &mut text).unwrap();
//! assert!(text.starts_with("a             1\nb            1 1\n"));
//! assert!(text.contains("seat 1 to move"));
//! ```

use core::fmt;

use racegames_board::{Game, Seat};

use crate::bits::BitSet;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::Halma;

/// Camp names on the star, clockwise from the top.
const STAR_CAMPS: [&str; 6] = [
    "top",
    "upper-right",
    "lower-right",
    "bottom",
    "lower-left",
    "upper-left",
];
/// Camp names on the square board, clockwise from the top-left.
const SQUARE_CAMPS: [&str; 4] = ["top-left", "top-right", "bottom-right", "bottom-left"];

/// Writes the diagram of `pos`.
pub(crate) fn write<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    let players = game.num_players();
    let star = G::CAMPS == 6;
    let widest = G::ROW_LENGTHS.iter().copied().max().unwrap_or(0) as usize;
    // Every camp of the board, and the zones the seats use (larger with 15 pieces).
    let base = if star {
        10
    } else {
        usize::from(game.rules.pieces)
    };
    let mut camps = G::Bits::EMPTY;
    for camp in 0..G::CAMPS {
        camps = camps.or(G::zone(camp, base));
    }
    for seat in 0..6 {
        camps = camps.or(game.start[seat]).or(game.target[seat]);
    }
    if !star {
        // Column numbers, right-aligned over the 3-wide cells.
        out.write_str("  ")?;
        for col in 1..=widest {
            write!(out, "{col:>3}")?;
        }
        out.write_char('\n')?;
    }
    let mut hole = 0;
    for (row, &len) in G::ROW_LENGTHS.iter().enumerate() {
        out.write_char((b'a' + row as u8) as char)?;
        let len = usize::from(len);
        if star {
            out.write_char(' ')?;
            for _ in 0..widest - len {
                out.write_char(' ')?;
            }
        }
        for i in 0..len {
            if star {
                if i > 0 {
                    out.write_char(' ')?;
                }
            } else {
                out.write_str("  ")?;
            }
            let c = match pos.piece_at(hole) {
                Some(p) if p.index() < players => p.digit(),
                _ if camps.has(hole) => ',',
                _ => '.',
            };
            out.write_char(c)?;
            hole += 1;
        }
        out.write_char('\n')?;
    }
    out.write_str("camps:")?;
    for seat in 0..players {
        let camp = usize::from(game.camp[seat]);
        let name = if star {
            STAR_CAMPS[camp % 6]
        } else {
            SQUARE_CAMPS[camp % 4]
        };
        let target = G::opposite(camp);
        let target = if star {
            STAR_CAMPS[target % 6]
        } else {
            SQUARE_CAMPS[target % 4]
        };
        write!(
            out,
            "{} {} {name} to {target}",
            if seat == 0 { "" } else { ";" },
            Seat::new(seat as u8).digit()
        )?;
    }
    out.write_char('\n')?;
    match pos.to_move() {
        Some(p) => write!(out, "seat {} to move", p.digit())?,
        None if game.is_truncated(pos) => out.write_str("game over: turn limit reached")?,
        None => out.write_str("game over")?,
    }
    if !pos.finished().is_empty() {
        out.write_str("; finished:")?;
        for &s in pos.finished() {
            write!(out, " {}", Seat::new(s).digit())?;
        }
    }
    write!(out, "; turn {}", pos.turns())
}
