//! Pictures of the tables games (Seys dos e as, backgammon and the other
//! tables games of the Libro de los juegos).
//!
//! The board is drawn as the game's text diagram is: points 13 to 24 along
//! the top from left to right, 12 to 1 along the bottom from left to right,
//! so that Q3 (13-18) is top left, Q4 (19-24) top right, Q2 (7-12) bottom
//! left and Q1 (1-6) bottom right, with the bar between the halves. Points
//! are numbered as in the notation. A is light, B dark.
//!
//! - each point is a tapered bar of eight steps with its number; its pieces
//!   stack from the edge, five at most, with the count written on the
//!   outermost piece;
//! - pieces waiting to (re-)enter stand on the bar, on the side of the
//!   quarter they will enter, with the count and that quarter;
//! - pieces borne off lie in the tray on the right, with the counts;
//! - the panel gives the game's title, whose turn it is, the dice still to
//!   use and each seat's direction.
//!
//! The Libro games add 28 points (seven-point quarters), the half board of
//! Medio emperador (the two unused quarters shaded), Doblet's doubled pairs
//! (two pieces on one another, ringed), dice passed on by the opponent and
//! an extra throw to come, and games ended by a rule.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use racegames_board::Seat;
use racegames_tables::{Position, Setup, Tables, Turn};

use crate::scene::{stroke, Anchor, Scene};

/// (fill, outline, text on the piece) of each player's pieces.
pub const COLORS: [(u32, u32, u32); 2] = [
    (0xf3e6c8, 0x7a6040, 0x4a3a22),
    (0x3b2a1c, 0x150d06, 0xf3e6c8),
];
const FELT: u32 = 0x2f6b3a;
const FRAME: u32 = 0x6e4a22;
const POINT_SHADES: [u32; 2] = [0xd8bf86, 0xa6532f];
const BAR: u32 = 0x80592c;
const INK: u32 = 0x2b2b2b;
const DIM: u32 = 0x7a7a7a;
/// The ring around a doubled pair.
pub const STACK_RING: u32 = 0xf2c14e;

fn pips(face: u8) -> &'static [(f64, f64)] {
    match face {
        1 => &[(0.5, 0.5)],
        2 => &[(0.27, 0.27), (0.73, 0.73)],
        3 => &[(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4 => &[(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5 => &[
            (0.27, 0.27),
            (0.73, 0.27),
            (0.5, 0.5),
            (0.27, 0.73),
            (0.73, 0.73),
        ],
        6 => &[
            (0.27, 0.24),
            (0.73, 0.24),
            (0.27, 0.5),
            (0.73, 0.5),
            (0.27, 0.76),
            (0.73, 0.76),
        ],
        7 => &[
            (0.27, 0.24),
            (0.73, 0.24),
            (0.27, 0.5),
            (0.5, 0.5),
            (0.73, 0.5),
            (0.27, 0.76),
            (0.73, 0.76),
        ],
        _ => &[],
    }
}

const LETTERS: [char; 2] = ['A', 'B'];

/// A seat's route in words: its runs of consecutive points (`24 → 1`; on
/// the half track `24 → 19, 6 → 1`).
pub fn direction(game: &Tables, seat: usize) -> String {
    let route: Vec<i64> = (0..game.route_len())
        .filter_map(|r| game.route_point(Seat::new(seat as u8), r))
        .map(|p| p as i64)
        .collect();
    let mut runs: Vec<Vec<i64>> = Vec::new();
    for point in route {
        let extend = match runs.last() {
            Some(run) => {
                let last = run[run.len() - 1];
                let step = point - last;
                step.abs() == 1 && (run.len() == 1 || step == last - run[run.len() - 2])
            }
            None => false,
        };
        match runs.last_mut() {
            Some(run) if extend => run.push(point),
            _ => runs.push(alloc::vec![point]),
        }
    }
    let words: Vec<String> = runs
        .iter()
        .map(|r| match r.as_slice() {
            [one] => format!("{one}"),
            [first, .., last] => format!("{first} \u{2192} {last}"),
            [] => String::new(),
        })
        .collect();
    words.join(", ")
}

/// The quarters (1 to 4) that no route runs over (half the board).
fn unused_quarters(game: &Tables, quarter_len: usize) -> [bool; 5] {
    let mut used = [false; 5];
    for seat in 0..2 {
        for r in 0..game.route_len() {
            if let Some(p) = game.route_point(Seat::new(seat), r) {
                used[((p - 1) / quarter_len.max(1) + 1).min(4)] = true;
            }
        }
    }
    let any = used.iter().any(|&u| u);
    core::array::from_fn(|q| any && q > 0 && !used[q])
}

/// Whose turn it is, or how the game stands.
pub fn status(setup: &Setup) -> String {
    let turns = setup.turns;
    let dice: Vec<String> = setup.dice.iter().map(|d| format!("{d}")).collect();
    match setup.turn {
        Turn::Drawn => format!("drawn: nobody can move (after {turns} turns)"),
        Turn::Won(seat) => format!("{} has won after {turns} turns", letter(seat)),
        Turn::Nobody => {
            let done = (0..2).find(|&w| {
                let on_board = setup.points.iter().flatten().any(|p| p.seat.index() == w);
                let waiting = setup.waiting[w].iter().any(|&n| n > 0);
                setup.off[w] > 0 && !on_board && !waiting
            });
            if let Some(w) = done {
                format!("{} has won after {turns} turns", LETTERS[w])
            } else if turns == 0 && setup.off == [0, 0] {
                "before the roll-off".into()
            } else if turns != 0 {
                format!("over after {turns} turns")
            } else {
                format!("stopped at the turn limit ({turns} turns)")
            }
        }
        Turn::Seat(seat) if dice.is_empty() => format!("{} to throw (turn {turns})", letter(seat)),
        Turn::Seat(seat) => {
            let how = if setup.passed { "passed dice " } else { "" };
            let more = if setup.again {
                ", then throws again"
            } else {
                ""
            };
            format!(
                "{} to play {how}{}{more} (turn {turns})",
                letter(seat),
                dice.join(" ")
            )
        }
    }
}

fn letter(seat: Seat) -> char {
    LETTERS.get(seat.index()).copied().unwrap_or('?')
}

fn piece(s: &mut Scene, x: f64, y: f64, r: f64, owner: usize, label: Option<&str>) {
    let (fill, edge, ink) = COLORS.get(owner).copied().unwrap_or((0xff00ff, 0, 0));
    s.circle(x, y, r, Some(fill), stroke(edge, (r * 0.12).max(1.0)));
    s.circle(x, y, r * 0.62, None, stroke(edge, (r * 0.05).max(0.6)));
    if let Some(label) = label {
        s.text(x, y + r * 0.36, label, r, ink, Anchor::Middle);
    }
}

fn die(s: &mut Scene, x: f64, y: f64, size: f64, face: u8) {
    s.rect(
        x,
        y,
        size,
        size,
        Some(0xfffdf6),
        stroke(0x333333, 1.5),
        size * 0.16,
    );
    for &(u, v) in pips(face) {
        s.circle(
            x + u * size,
            y + v * size,
            size * 0.085,
            Some(0x222222),
            None,
        );
    }
}

/// The position as shapes (see the module docs), with the game's `title`
/// (its display name) in the panel.
pub fn scene(game: &Tables, pos: &Position, title: &str) -> Scene {
    let p = game.setup(pos);
    let n_points = if p.points.len() == 28 { 28 } else { 24 };
    let ql = n_points / 4;
    let c = 36.0;
    let frame = 0.3 * c;
    let bar_w = 1.3 * c;
    let half_w = ql as f64 * c;
    let board_x = 0.4 * c;
    let play_x = board_x + frame;
    let top_y = 0.75 * c;
    let point_len = 4.6 * c;
    let gap = 1.1 * c;
    let play_h = 2.0 * point_len + gap;
    let board_w = 2.0 * half_w + bar_w + 2.0 * frame;
    let board_h = play_h + 2.0 * frame;
    let tray_x = board_x + board_w + 0.25 * c;
    let tray_w = 1.3 * c;
    let panel_x = tray_x + tray_w + 0.5 * c;
    let panel_w = 5.2 * c;
    let mut s = Scene::new(
        (panel_x + panel_w) as usize,
        (top_y + board_h + 0.8 * c) as usize,
        0xfbf8f1,
    );

    let frame_stroke = stroke(0x3f2912, 2.0);
    s.rect(
        board_x,
        top_y,
        board_w,
        board_h,
        Some(FRAME),
        frame_stroke,
        c * 0.15,
    );
    s.rect(play_x, top_y + frame, half_w, play_h, Some(FELT), None, 0.0);
    s.rect(
        play_x + half_w + bar_w,
        top_y + frame,
        half_w,
        play_h,
        Some(FELT),
        None,
        0.0,
    );
    let bar_x = play_x + half_w;
    s.rect(bar_x, top_y + frame, bar_w, play_h, Some(BAR), None, 0.0);
    let y_top_edge = top_y + frame;
    let y_bottom_edge = top_y + frame + play_h;
    let mid_y = y_top_edge + play_h / 2.0;

    // Centre x of point index k (0 = point 1).
    let column_x = |k: usize| {
        let col = if k >= 2 * ql {
            k - 2 * ql
        } else {
            2 * ql - 1 - k
        };
        let x = play_x + col as f64 * c + c / 2.0;
        if col >= ql {
            x + bar_w
        } else {
            x
        }
    };

    // Quarter names in the middle of each half.
    let unused = unused_quarters(game, ql);
    let quarters = [
        (3, play_x + half_w / 2.0, mid_y - gap * 0.12),
        (4, bar_x + bar_w + half_w / 2.0, mid_y - gap * 0.12),
        (2, play_x + half_w / 2.0, mid_y + gap * 0.42),
        (1, bar_x + bar_w + half_w / 2.0, mid_y + gap * 0.42),
    ];
    for (q, cx, cy) in quarters {
        let first = ql * (q - 1) + 1;
        let span = if unused[q] {
            // Half the board: the quarters no route runs over are shaded.
            let x0 = if q == 2 || q == 3 {
                play_x
            } else {
                bar_x + bar_w
            };
            let y0 = if q == 3 || q == 4 { y_top_edge } else { mid_y };
            s.rect(x0, y0, half_w, play_h / 2.0, Some(0x1d4124), None, 0.0);
            String::from("not used")
        } else {
            format!("({first}\u{2013}{})", first + ql - 1)
        };
        s.text(
            cx,
            cy,
            format!("Q{q}  {span}"),
            c * 0.32,
            0x9cc3a3,
            Anchor::Middle,
        );
    }

    let r = c * 0.44;
    let steps = 8;
    for k in 0..n_points {
        let top = k >= 2 * ql;
        let x = column_x(k);
        let shade = POINT_SHADES[k % 2];
        // A tapered bar: steps of decreasing width towards the middle.
        for i in 0..steps {
            let w = c * 0.9 * (1.0 - i as f64 / steps as f64);
            let h = point_len / steps as f64;
            let y = if top {
                y_top_edge + i as f64 * h
            } else {
                y_bottom_edge - (i + 1) as f64 * h
            };
            s.rect(x - w / 2.0, y, w, h + 0.5, Some(shade), None, 0.0);
        }
        let number_y = if top {
            top_y - 0.2 * c
        } else {
            top_y + board_h + 0.5 * c
        };
        s.text(
            x,
            number_y,
            format!("{}", k + 1),
            c * 0.36,
            INK,
            Anchor::Middle,
        );
        let Some(pieces) = p.points.get(k).copied().flatten() else {
            continue;
        };
        let (owner, n) = (pieces.seat.index(), usize::from(pieces.count));
        if n == 0 {
            continue;
        }
        if pieces.stacked {
            // A doubled pair: two pieces on one another, ringed.
            let y = if top {
                y_top_edge + r
            } else {
                y_bottom_edge - r
            };
            let shift = if top { r * 0.35 } else { -r * 0.35 };
            piece(&mut s, x, y, r, owner, None);
            piece(&mut s, x, y + shift, r, owner, Some("2"));
            s.circle(
                x,
                y + shift,
                r * 1.12,
                None,
                stroke(STACK_RING, (r * 0.12).max(1.5)),
            );
            continue;
        }
        let shown = n.min(5);
        for i in 0..shown {
            let y = if top {
                y_top_edge + r + 2.0 * r * i as f64
            } else {
                y_bottom_edge - r - 2.0 * r * i as f64
            };
            let label = (i == shown - 1 && n > 1).then(|| format!("{n}"));
            piece(&mut s, x, y, r, owner, label.as_deref());
        }
    }

    // Waiting pieces, in the notation's order (A's by quarter, then B's).
    let waiting: Vec<(usize, u8, usize)> = (0..2)
        .flat_map(|w| (0..4).map(move |q| (w, q)))
        .filter_map(|(w, q)| {
            let n = p.waiting[w][q];
            (n > 0).then_some((w, n, q + 1))
        })
        .collect();
    // On the bar, on the side of the quarter they enter, each with its
    // count on it and the quarter under it.
    let rw = c * 0.36;
    let step = 2.0 * rw + 0.42 * c;
    for upper in [true, false] {
        let mut group: Vec<_> = waiting
            .iter()
            .filter(|w| (w.2 >= 3) == upper)
            .copied()
            .collect();
        group.sort_by_key(|&(w, _, q)| (q, w));
        for (i, (owner, n, q)) in group.into_iter().enumerate() {
            let y = if upper {
                mid_y - gap / 2.0 - 0.2 * c - rw - i as f64 * step
            } else {
                mid_y + gap / 2.0 + rw + i as f64 * step
            };
            piece(
                &mut s,
                bar_x + bar_w / 2.0,
                y,
                rw,
                owner,
                Some(&format!("{n}")),
            );
            let label = if q == 2 || q == 3 {
                format!("\u{2190}Q{q}")
            } else {
                format!("Q{q}\u{2192}")
            };
            s.text(
                bar_x + bar_w / 2.0,
                y + rw + 0.3 * c,
                label,
                c * 0.28,
                0xfff4d6,
                Anchor::Middle,
            );
        }
    }

    // The tray of borne-off pieces: B above, A below.
    s.rect(
        tray_x,
        top_y,
        tray_w,
        board_h,
        Some(FRAME),
        frame_stroke,
        c * 0.15,
    );
    let (inner_x, inner_w) = (tray_x + 0.15 * c, tray_w - 0.3 * c);
    s.rect(inner_x, y_top_edge, inner_w, play_h, Some(FELT), None, 0.0);
    let slab = (point_len / 17.0).min(c * 0.3);
    for (owner, top) in [(1, true), (0, false)] {
        let off = p.off[owner];
        let (fill, edge, _) = COLORS[owner];
        for i in 0..usize::from(off.min(17)) {
            let y = if top {
                y_top_edge + 0.1 * c + i as f64 * slab
            } else {
                y_bottom_edge - 0.1 * c - (i + 1) as f64 * slab
            };
            let w = inner_w - 0.12 * c;
            s.rect(
                inner_x + 0.06 * c,
                y,
                w,
                slab - 1.0,
                Some(fill),
                stroke(edge, 1.0),
                0.0,
            );
        }
        let label_y = if top {
            top_y - 0.2 * c
        } else {
            top_y + board_h + 0.5 * c
        };
        let label = format!("{} off {off}", LETTERS[owner]);
        s.text(
            tray_x + tray_w / 2.0,
            label_y,
            label,
            c * 0.3,
            INK,
            Anchor::Middle,
        );
    }

    // The panel: whose turn, the dice, the directions.
    let mut y = top_y + 0.55 * c;
    s.text(panel_x, y, title, c * 0.42, INK, Anchor::Start);
    y += 0.9 * c;
    if let Turn::Seat(seat) = p.turn {
        piece(&mut s, panel_x + r, y, r * 0.8, seat.index(), None);
        let offer = p.cube.map_or(racegames_tables::Offer::None, |c| c.offer);
        let verb = if let Some(words) = crate::cube::offer_verb(offer) {
            words
        } else if p.dice.is_empty() {
            "to throw"
        } else {
            "to play"
        };
        let words = format!("{} {verb}", letter(seat));
        s.text(
            panel_x + 2.3 * r,
            y + 0.13 * c,
            words,
            c * 0.4,
            INK,
            Anchor::Start,
        );
        y += 0.8 * c;
        if !p.dice.is_empty() {
            let size = c * 0.95;
            for (j, &face) in p.dice.iter().take(4).enumerate() {
                die(&mut s, panel_x + j as f64 * size * 1.18, y, size, face);
            }
            y += size + 0.4 * c;
            let mut note = String::from(if p.passed {
                "dice passed by the opponent"
            } else {
                "dice still to use"
            });
            if p.again {
                note += "; then throws again";
            }
            s.text(panel_x, y, note, c * 0.28, DIM, Anchor::Start);
        }
    } else {
        s.text(
            panel_x,
            y + 0.13 * c,
            status(&p),
            c * 0.34,
            INK,
            Anchor::Start,
        );
    }
    y += 0.8 * c;
    let turns = format!("turns completed: {}", p.turns);
    s.text(panel_x, y, turns, c * 0.3, DIM, Anchor::Start);
    y += 0.9 * c;
    if let Some(cube) = &p.cube {
        y = crate::cube::cube_panel(&mut s, cube, panel_x, y, c);
    }
    for (seat, owner) in LETTERS.iter().enumerate() {
        piece(&mut s, panel_x + r * 0.6, y - 0.1 * c, r * 0.55, seat, None);
        let words = format!("{owner} moves {}", direction(game, seat));
        s.text(panel_x + 1.5 * r, y, words, c * 0.32, INK, Anchor::Start);
        y += 0.7 * c;
    }
    if !waiting.is_empty() {
        y += 0.2 * c;
        s.text(
            panel_x,
            y,
            "waiting to enter:",
            c * 0.28,
            INK,
            Anchor::Start,
        );
        for &(who, count, quarter) in &waiting {
            y += 0.42 * c;
            let words = format!("{}{count} for Q{quarter}", LETTERS[who]);
            s.text(panel_x + 0.3 * c, y, words, c * 0.28, INK, Anchor::Start);
        }
    }
    s
}
