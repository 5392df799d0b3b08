//! Where each legal action takes a piece from and to on the picture, for
//! the play page's clicks: found by drawing the position before and after
//! the action and comparing the pieces (circles, and the small bars of
//! the bearing-off trays). No game's geometry is written out here: the
//! picture ([`racegames_draw`]) is the one owner of where things are.

use racegames_board::{Action, Node};
use racegames_draw::{Scene, Shape};
use racegames_env::erased::DynState;

/// A piece mark: its place, size, colour and shape, in tenths of a pixel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Mark {
    x: i64,
    y: i64,
    w: i64,
    h: i64,
    fill: u32,
    /// 0 circle, 1 rectangle, 2 polygon.
    kind: u8,
}

impl Mark {
    fn centre(&self) -> (f64, f64, f64) {
        (
            self.x as f64 / 10.0,
            self.y as f64 / 10.0,
            self.w.max(self.h) as f64 / 20.0,
        )
    }
    fn same_place(&self, other: &Mark) -> bool {
        (self.x - other.x).abs() <= 20 && (self.y - other.y).abs() <= 20
    }
}

/// The filled shapes of a scene that may be pieces: all but text and the
/// shapes as big as a quarter of the picture (what does not change
/// between two pictures cancels out).
fn marks(scene: &Scene) -> Vec<Mark> {
    let limit = scene.width.min(scene.height) as f64 / 8.0;
    let t = |v: f64| (v * 10.0).round() as i64;
    let mark = |x0: f64, y0: f64, x1: f64, y1: f64, fill: u32, kind: u8| {
        let size = (x1 - x0).max(y1 - y0) / 2.0;
        (size <= limit).then(|| Mark {
            x: t((x0 + x1) / 2.0),
            y: t((y0 + y1) / 2.0),
            w: t(x1 - x0),
            h: t(y1 - y0),
            fill,
            kind,
        })
    };
    scene
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Circle {
                cx,
                cy,
                r,
                fill: Some(f),
                ..
            } => mark(cx - r, cy - r, cx + r, cy + r, f.0, 0),
            Shape::Rect {
                x,
                y,
                w,
                h,
                fill: Some(f),
                ..
            } => mark(*x, *y, x + w, y + h, f.0, 1),
            Shape::Polygon {
                points,
                fill: Some(f),
                ..
            } if !points.is_empty() => {
                let (mut x0, mut y0) = (f64::INFINITY, f64::INFINITY);
                let (mut x1, mut y1) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
                for &(x, y) in points {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
                mark(x0, y0, x1, y1, f.0, 2)
            }
            _ => None,
        })
        .collect()
}

/// `a` less `b`, as multisets.
fn less(a: &[Mark], b: &[Mark]) -> Vec<Mark> {
    let mut rest = b.to_vec();
    let mut out = Vec::new();
    for m in a {
        match rest.iter().position(|r| r == m) {
            Some(i) => {
                rest.swap_remove(i);
            }
            None => out.push(*m),
        }
    }
    out
}

/// One action's move on the picture: `(x, y, size)` of where the piece
/// leaves and where it lands, each `None` when the pictures do not show it.
pub(crate) type Target = (Action, Option<(f64, f64, f64)>, Option<(f64, f64, f64)>);

/// The move on the picture of each legal action of `state` (none at chance
/// and terminal nodes).
pub(crate) fn targets(state: &dyn DynState) -> Vec<Target> {
    if !matches!(state.node(), Node::Decision(_)) {
        return Vec::new();
    }
    let before = marks(&state.scene());
    let mut out = Vec::new();
    for a in state.legal_actions() {
        let mut next = state.clone_box();
        if next.apply(a).is_err() {
            continue;
        }
        let after = marks(&next.scene());
        let gone = less(&before, &after);
        let came = less(&after, &before);
        // The piece that left: the biggest mark that nothing replaced (a
        // piece hit on its point is replaced by the mover's) of a colour
        // that arrives somewhere; else one that turned where it stands (a
        // Daldøs piece dalled). None when the picture shows neither (a
        // stack too high to draw whole): the move is then in the list only.
        let size = |m: &&Mark| m.w.max(m.h);
        let moved = gone
            .iter()
            .filter(|g| {
                // A small mark where the piece stood (an empty hole) is no
                // replacement.
                !came
                    .iter()
                    .any(|c| c.same_place(g) && 2 * c.w.max(c.h) >= g.w.max(g.h))
            })
            .filter(|g| came.iter().any(|c| c.fill == g.fill && c.kind == g.kind))
            .max_by_key(size)
            .copied();
        let turned = || {
            gone.iter()
                .find(|g| {
                    came.iter()
                        .any(|c| c.same_place(g) && c.fill == g.fill && c.kind == g.kind)
                })
                .copied()
        };
        let from = moved.or_else(turned);
        // Where it lands: a mark of its colour and shape, the nearest in
        // size (a checker borne off lands in the tray as a bar).
        let to = from.and_then(|f| {
            came.iter()
                .filter(|c| c.fill == f.fill)
                .min_by_key(|c| {
                    (
                        c.kind != f.kind,
                        moved.is_some() && c.same_place(&f),
                        (c.w - f.w).abs() + (c.h - f.h).abs(),
                    )
                })
                .copied()
        });
        out.push((a, from.map(|m| m.centre()), to.map(|m| m.centre())));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use racegames_board::sim::SplitMix64;
    use racegames_env::registry;
    use std::sync::Arc;

    /// Over random play of every game, nearly every action is found on the
    /// picture, with a place to leave from and one to land on.
    #[test]
    fn most_actions_have_a_place_to_click() {
        let mut rng = SplitMix64::new(9);
        for name in registry::names() {
            let game = registry::find(name).unwrap()(name, &[]).unwrap();
            let mut s = Arc::clone(&game).new_initial_state();
            let (mut all, mut both, mut steps) = (0, 0, 0);
            while s.node() != Node::Terminal && steps < 300 {
                for (_, from, to) in targets(&*s) {
                    all += 1;
                    both += usize::from(from.is_some() && to.is_some());
                }
                s.play_random(&mut rng, 1, &mut Vec::new());
                steps += 1;
            }
            eprintln!("{name}: {both}/{all}");
            // Tables stacks taller than the picture draws, and Doblet's
            // turned pieces, hide some moves (they stay in the list).
            assert!(both * 3 >= all * 2, "{name}: {both} of {all}");
        }
    }
}
