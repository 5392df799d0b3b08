//! Daldøs pictures.
//!
//! The board is drawn as the boat it is: rows run from the stern (index 0,
//! left) to the prow (right), row B on top, the middle row (one hole longer,
//! its extra hole in the prow) in the middle, row A at the bottom. Pieces are
//! spatulas standing in the holes: undalled ones are turned across the row,
//! dalled ones along it; A's are wide and thin, B's obelisk-shaped.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use racegames_daldos::{Daldos, Phase, Piece, Position, Row};

use crate::scene::{stroke, Anchor, Scene};

/// Each player's pieces: (fill, outline).
pub const COLORS: [(u32, u32); 2] = [(0xf6ecd4, 0x6b5434), (0x3a2718, 0x1b120a)];
/// The board's wood.
pub const WOOD: u32 = 0xc89a5b;
/// The board's edge.
pub const WOOD_EDGE: u32 = 0x7a5426;
/// An empty hole.
pub const HOLE: u32 = 0x5b3b17;

type Point = (f64, f64);

/// The position's status in words: whose turn and the dice, or how play stands.
pub fn status(pos: &Position) -> String {
    match (pos.phase(), pos.to_move()) {
        (Phase::RollOff, _) => "roll-off to come".into(),
        (_, None) | (Phase::Over, _) => "game over".into(),
        (_, Some(seat)) => {
            let letter = if seat.index() == 0 { 'A' } else { 'B' };
            if pos.dice().is_empty() {
                format!("{letter} to move, to throw")
            } else {
                let dice: Vec<String> = pos.dice().iter().map(|d| format!("{d}")).collect();
                format!("{letter} to move, dice {}", dice.join(" "))
            }
        }
    }
}

fn pips(face: u8) -> &'static [(f64, f64)] {
    match face {
        1 => &[(0.5, 0.5)],
        2 => &[(0.25, 0.25), (0.75, 0.75)],
        3 => &[(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4 => &[(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        _ => &[],
    }
}

/// Points of the quadratic Bézier curve from `p0` to `p1` (`p0` left out).
fn bezier(p0: Point, c: Point, p1: Point, steps: usize) -> Vec<Point> {
    (1..=steps)
        .map(|k| {
            let t = k as f64 / steps as f64;
            let u = 1.0 - t;
            (
                u * u * p0.0 + 2.0 * u * t * c.0 + t * t * p1.0,
                u * u * p0.1 + 2.0 * u * t * c.1 + t * t * p1.1,
            )
        })
        .collect()
}

/// The outline of a boat: a square stern with rounded corners at x `stern`,
/// straight sides from `top` to `bottom`, and bows that curve in from
/// `prow_start` to the point of the prow at (`tip`, `middle`).
#[allow(clippy::too_many_arguments)]
fn hull(
    stern: f64,
    prow_start: f64,
    tip: f64,
    top: f64,
    middle: f64,
    bottom: f64,
    bend: f64,
) -> Vec<Point> {
    let mut points = vec![(stern + bend, top), (prow_start, top)];
    let reach = (tip - prow_start) * 0.55;
    points.extend(bezier(
        (prow_start, top),
        (prow_start + reach, top),
        (tip, middle),
        10,
    ));
    points.extend(bezier(
        (tip, middle),
        (prow_start + reach, bottom),
        (prow_start, bottom),
        10,
    ));
    points.push((stern + bend, bottom));
    points.extend(bezier(
        (stern + bend, bottom),
        (stern, bottom),
        (stern, bottom - bend),
        4,
    ));
    points.push((stern, top + bend));
    let mut last = bezier((stern, top + bend), (stern, top), (stern + bend, top), 4);
    last.pop();
    points.extend(last);
    points
}

/// A spatula-shaped piece of seat `owner` standing in the hole at (`x`,
/// `y`): undalled turned across the row, dalled along it.
fn piece(scene: &mut Scene, x: f64, y: f64, owner: usize, dalled: bool, cell: f64) {
    let (fill, edge) = COLORS.get(owner).copied().unwrap_or((0xff00ff, 0x000000));
    let (long, short) = (cell * 0.86, cell * 0.34);
    if owner == 0 {
        let (w, h) = if dalled { (long, short) } else { (short, long) };
        let radius = short * 0.3;
        scene.rect(
            x - w / 2.0,
            y - h / 2.0,
            w,
            h,
            Some(fill),
            stroke(edge, 1.5),
            radius,
        );
        return;
    }
    // An obelisk: a tapering shaft ending in a point.
    let (half, tip) = (short * 0.42, long / 2.0);
    let shaft = [
        (-tip, -half),
        (tip - half * 1.6, -half * 0.7),
        (tip, 0.0),
        (tip - half * 1.6, half * 0.7),
        (-tip, half),
    ];
    let points = shaft
        .iter()
        .map(|&(u, v)| {
            if dalled {
                (x + u, y + v)
            } else {
                (x + v, y - u)
            }
        })
        .collect();
    scene.polygon(points, Some(fill), stroke(edge, 1.5));
}

/// The board as shapes: a boat-shaped board whose middle row has its extra
/// hole in the prow, the pieces turned across the row (undalled) or along
/// it (dalled), the player to move, the dice to use, and a legend.
pub fn scene(game: &Daldos, pos: &Position) -> Scene {
    let setup = game.setup(pos);
    let board = setup.board;
    let cell = 28.0;
    let n = board.row_len();
    let width = n + 1;
    let margin = cell;
    let board_w = width as f64 * cell + cell * 2.6;
    let board_h = 3.0 * cell + 14.0;
    let panel = 6.0 * cell;
    let legend_h = cell * 1.6;
    let mut s = Scene::new(
        (board_w + 2.0 * margin + panel) as usize,
        (board_h + 2.0 * margin + 14.0 + legend_h) as usize,
        0xfbf8f1,
    );
    let (x0, y0) = (margin, margin);
    let rows = [
        ("b", Row::B, n, y0 + cell * 0.75),
        ("m", Row::Middle, n + 1, y0 + cell * 1.75),
        ("a", Row::A, n, y0 + cell * 2.75),
    ];
    let hole_x = |i: usize| x0 + cell * (i as f64 + 1.0);
    let outline = hull(
        x0 + cell * 0.2,
        hole_x(width - 2) + cell * 0.1,
        hole_x(width - 1) + cell * 1.5,
        y0,
        rows[1].3,
        y0 + board_h,
        cell * 0.35,
    );
    s.polygon(outline, Some(WOOD), stroke(WOOD_EDGE, 2.0));
    for (label, row, len, y) in rows {
        s.text(
            x0 - cell * 0.4,
            y + 4.0,
            label,
            cell * 0.4,
            0x555555,
            Anchor::Middle,
        );
        for i in 0..len {
            s.circle(hole_x(i), y, cell * 0.2, Some(HOLE), None);
            let found = board
                .hole(row, i)
                .and_then(|h| setup.holes.get(h.index()).copied().flatten());
            if let Some(Piece { owner, dalled }) = found {
                piece(&mut s, hole_x(i), y, owner.index(), dalled, cell);
            }
        }
    }
    for i in 0..width {
        s.text(
            hole_x(i),
            y0 + board_h + cell * 0.5,
            format!("{i}"),
            cell * 0.32,
            0x777777,
            Anchor::Middle,
        );
    }
    s.text(
        x0 + cell,
        y0 - cell * 0.3,
        "stern",
        cell * 0.35,
        0x777777,
        Anchor::Middle,
    );
    s.text(
        hole_x(width - 1) + cell * 0.6,
        y0 - cell * 0.3,
        "prow",
        cell * 0.35,
        0x777777,
        Anchor::Middle,
    );

    // Side panel: whose turn, and the dice still to use.
    let px = x0 + board_w + cell * 0.6;
    s.text(
        px,
        y0 + cell * 0.5,
        status(pos),
        cell * 0.36,
        0x000000,
        Anchor::Start,
    );
    if let Some(seat) = pos.to_move() {
        piece(
            &mut s,
            px + cell * 0.5,
            y0 + cell * 1.35,
            seat.index(),
            true,
            cell,
        );
    }
    for (k, &face) in pos.dice().iter().enumerate() {
        let dx = px + cell * 1.3 + k as f64 * cell * 1.4;
        let dy = y0 + cell * 0.8;
        let size = cell * 1.1;
        s.rect(
            dx,
            dy,
            size,
            size,
            Some(0xfffdf7),
            stroke(0x333333, 1.5),
            size * 0.15,
        );
        for &(u, v) in pips(face) {
            s.circle(
                dx + u * size,
                dy + v * size,
                size * 0.09,
                Some(0x222222),
                None,
            );
        }
    }
    let turns = format!("turn {}", pos.turns());
    s.text(
        px,
        y0 + cell * 2.6,
        turns,
        cell * 0.32,
        0x777777,
        Anchor::Start,
    );

    // Legend: each player's pieces, undalled and dalled.
    let ly = y0 + board_h + cell * 1.5;
    let mut lx = x0;
    let legend = [
        (0, false, "A undalled (across the row)"),
        (0, true, "A dalled (along the row)"),
        (1, false, "B undalled"),
        (1, true, "B dalled"),
    ];
    for (owner, dalled, words) in legend {
        piece(&mut s, lx + cell * 0.5, ly, owner, dalled, cell);
        s.text(
            lx + cell * 1.1,
            ly + cell * 0.13,
            words,
            cell * 0.34,
            0x333333,
            Anchor::Start,
        );
        lx += cell * (1.6 + 0.2 * words.chars().count() as f64);
    }
    s
}
