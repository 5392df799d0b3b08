//! Pictures of the Halma family (Chinese checkers and Halma).
//!
//! - Chinese checkers: 17 rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11,
//!   12, 13, 4, 3, 2, 1 holes, centred, which puts the 121 holes on the
//!   hexagonal lattice of the star. The six camps (triangles of 10) are
//!   tinted with the colour of the seat that starts there.
//! - Halma: 16 rows of 16 on a square board, the corner camps shaded (rows
//!   of 5, 5, 4, 3, 2 with 2 players, 4, 4, 3, 2 with 4).
//!
//! Under the board, a legend gives each seat's colour and camps, rings the
//! seat to move, and marks the finished seats with their place.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use racegames_halma::{Geometry, Halma, Position};

use crate::scene::{stroke, Anchor, Scene};

/// Piece colour of each seat.
pub const SEAT_COLORS: [u32; 6] = [0xd62728, 0x1f77b4, 0x2ca02c, 0xffbf00, 0x9467bd, 0x333333];
/// Light tint of each seat's camp.
pub const CAMP_TINTS: [u32; 6] = [0xf6c9c9, 0xc6dcf0, 0xcbe8c8, 0xfbe7a6, 0xdfd3ec, 0xcfcfcf];
const BOARD: u32 = 0xe8d2a8;
/// A hole outside the camps.
pub const HOLE: u32 = 0xf3e6cc;
const EMPTY_CAMP: u32 = 0xdcc59a;
const INK: u32 = 0x3b2a14;
const SQRT3: f64 = 1.732_050_807_568_877_2;

const STAR_ROWS: [usize; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const STAR_CAMP_NAMES: [&str; 6] = [
    "top",
    "upper-right",
    "lower-right",
    "bottom",
    "lower-left",
    "upper-left",
];
const SQUARE_CAMP_NAMES: [&str; 4] = ["top-left", "top-right", "bottom-right", "bottom-left"];

/// The camps (0 top or top-left, clockwise) that the seats take in order.
fn seat_camps(star: bool, players: usize) -> &'static [usize] {
    match (star, players) {
        (true, 2) => &[0, 3],
        (true, 3) => &[0, 2, 4],
        (true, 4) => &[0, 1, 3, 4],
        (true, 6) => &[0, 1, 2, 3, 4, 5],
        (false, 2) => &[0, 2],
        (false, 4) => &[0, 1, 2, 3],
        _ => &[],
    }
}

/// The camp (0 top, clockwise) of the star hole at `row`, position `i`
/// (both from 0), or `None` on the central hexagon.
fn star_camp(row: usize, i: usize) -> Option<usize> {
    let n = *STAR_ROWS.get(row)?;
    match row {
        0..=3 => Some(0),
        13.. => Some(3),
        4..=7 => {
            let k = 4 - (row - 4);
            if i < k {
                Some(5)
            } else if i >= n - k {
                Some(1)
            } else {
                None
            }
        }
        9..=12 => {
            let k = row - 8;
            if i < k {
                Some(4)
            } else if i >= n - k {
                Some(2)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The corner camp (0 top-left, clockwise) of a square-board hole.
fn square_camp(row: usize, col: usize, players: usize) -> Option<usize> {
    let lengths: &[usize] = if players == 2 {
        &[5, 5, 4, 3, 2]
    } else {
        &[4, 4, 3, 2]
    };
    let (fr, fc) = (15usize.saturating_sub(row), 15usize.saturating_sub(col));
    [(row, col), (row, fc), (fr, fc), (fr, col)]
        .iter()
        .position(|&(r, c)| lengths.get(r).is_some_and(|&len| c < len))
}

/// The board as shapes: holes and pieces coloured by seat, camps tinted,
/// and a legend with the seat to move and the finished seats.
pub fn scene<G: Geometry>(game: &Halma<G>, pos: &Position<G>) -> Scene {
    let cell = 26.0;
    let star = G::ROW_LENGTHS.len() == 17;
    let players = usize::from(game.rules().players);
    let margin = cell;
    let (board_w, board_h) = if star {
        (24.0 * cell / 2.0, 16.0 * cell * SQRT3 / 2.0)
    } else {
        (15.0 * cell, 15.0 * cell)
    };
    let header = cell * 1.1;
    let legend_h = cell * 1.6;
    let w = (board_w + 2.0 * margin) as usize;
    let h = (header + board_h + 2.0 * margin + legend_h) as usize;
    let mut s = Scene::new(w, h, 0xfbf8f1);
    let turn = pos.to_move().map(|seat| seat.index());
    let finished = pos.finished();
    let mut status: String = match turn {
        None => "game over".into(),
        Some(seat) => format!("seat {} to move", seat + 1),
    };
    if !finished.is_empty() {
        let done: Vec<String> = finished
            .iter()
            .map(|&seat| format!("{}", seat + 1))
            .collect();
        status += &format!("; finished: {}", done.join(", "));
    }
    let title = format!("{status}; turn {}", pos.turns());
    s.text(
        margin * 0.4,
        header * 0.72,
        title,
        cell * 0.55,
        INK,
        Anchor::Start,
    );
    let (bw, bh) = (w as f64 - margin * 0.7, board_h + margin * 1.3);
    s.rect(
        margin * 0.35,
        header + margin * 0.35,
        bw,
        bh,
        Some(BOARD),
        stroke(0x8a6a3a, 2.0),
        cell * 0.6,
    );
    let camps = seat_camps(star, players);
    let tint = |camp: Option<usize>| match camp {
        None => HOLE,
        Some(camp) => camps
            .iter()
            .position(|&c| c == camp)
            .and_then(|seat| CAMP_TINTS.get(seat).copied())
            .unwrap_or(EMPTY_CAMP),
    };
    // (x, y, seat on it, camp) of every hole.
    let mut holes = Vec::with_capacity(G::HOLES);
    let mut hole = 0;
    for (row, &len) in G::ROW_LENGTHS.iter().enumerate() {
        let len = usize::from(len);
        for i in 0..len {
            let (x, y, camp) = if star {
                let x = margin + (13.0 - len as f64 + 2.0 * i as f64) * cell / 2.0;
                let y = header + margin + row as f64 * cell * SQRT3 / 2.0;
                (x, y, star_camp(row, i))
            } else {
                let (x, y) = (
                    margin + i as f64 * cell,
                    header + margin + row as f64 * cell,
                );
                (x, y, square_camp(row, i, players))
            };
            holes.push((x, y, pos.piece_at(hole).map(|seat| seat.index()), camp));
            hole += 1;
        }
    }
    if !star {
        // Square board: shaded squares under the camps, a light grid elsewhere.
        for &(x, y, _, camp) in &holes {
            let (x, y) = (x - cell / 2.0 + 1.0, y - cell / 2.0 + 1.0);
            s.rect(x, y, cell - 2.0, cell - 2.0, Some(tint(camp)), None, 0.0);
        }
    }
    for &(x, y, seat, camp) in &holes {
        if star {
            s.circle(x, y, cell * 0.47, Some(tint(camp)), None);
        }
        match seat.and_then(|seat| SEAT_COLORS.get(seat)) {
            Some(&color) => s.circle(x, y, cell * 0.36, Some(color), stroke(0x111111, 1.0)),
            None => s.circle(x, y, cell * 0.11, Some(0x7a5a2a), None),
        }
    }
    // Legend: each seat's colour (ringed when it is to move), its place if finished.
    let y = header + board_h + margin * 1.65 + legend_h / 2.0;
    let step = (w as f64 - 2.0 * margin) / players.max(1) as f64;
    for (seat, &color) in SEAT_COLORS.iter().enumerate().take(players) {
        let cx = margin + seat as f64 * step + cell * 0.4;
        if turn == Some(seat) {
            s.circle(cx, y, cell * 0.52, None, stroke(0x000000, 3.0));
        }
        s.circle(cx, y, cell * 0.36, Some(color), stroke(0x111111, 1.0));
        let mut label = format!("{}", seat + 1);
        if let Some(place) = finished.iter().position(|&f| usize::from(f) == seat) {
            label += &format!(" done #{}", place + 1);
        } else if players == 2 {
            let camp = camps.get(seat).copied().unwrap_or(0);
            let names: &[&str] = if star {
                &STAR_CAMP_NAMES
            } else {
                &SQUARE_CAMP_NAMES
            };
            label += " ";
            label += names.get(camp).copied().unwrap_or("");
        }
        s.text(
            cx + cell * 0.6,
            y + cell * 0.2,
            label,
            cell * 0.5,
            INK,
            Anchor::Start,
        );
    }
    s
}
