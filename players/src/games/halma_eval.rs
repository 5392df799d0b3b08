//! The Halma games: a hand-written evaluation from each seat's distance to
//! its target camp.
//!
//! A seat's *cost* counts, in steps along the board's geometry (six
//! directions on the star, eight on the square board):
//!
//! - for each piece outside the target camp, its distance to the deepest
//!   free hole of the camp (the nearest of them), so that the camp fills
//!   from the far end and no piece is left to squeeze past the others;
//! - for each piece inside, the rows still between it and the camp's far
//!   corner, as a fraction of the camp's depth (it should make room behind
//!   it, but entering always pays);
//! - the distance of the rearmost piece again (stragglers decide the game),
//!   the pieces still in the start camp (the vacate rule will force them
//!   out), less a bonus per piece already in the target camp;
//! - for each enemy piece in the target camp, how far it would still be
//!   from leaving the camp after its best move: a seat that walls such a
//!   piece in can never finish, while a piece with a way out leaves by
//!   chance or, in Chinese checkers, is made to by the vacate rule once
//!   the seat has no move forward left.
//!
//! The seats' costs become winning chances by a softmax (a seat a few
//! moves ahead of the others is likely to finish first), and the chances
//! become expected returns for `finish = first` or `all` (finished seats
//! get their exact place).

use std::any::Any;
use std::cell::RefCell;

use racegames_board::{Game, Node};
use racegames_halma::bits::BitSet;
use racegames_halma::geometry::NONE;
use racegames_halma::{Finish, Geometry, Halma, Position, Square, Star};

use super::value::{terminal, TIE_BREAK};

/// A board's distance: the fewest steps from one hole to another on an
/// empty board.
pub trait Distance: Geometry {
    /// The fewest steps between holes `a` and `b`.
    fn distance(a: usize, b: usize) -> u32;
}

impl Distance for Star {
    fn distance(a: usize, b: usize) -> u32 {
        let (Some((qa, ra)), Some((qb, rb))) = (Star::coords(a), Star::coords(b)) else {
            return 0;
        };
        let (dq, dr) = (i32::from(qa) - i32::from(qb), i32::from(ra) - i32::from(rb));
        dq.abs().max(dr.abs()).max((dq + dr).abs()) as u32
    }
}

impl Distance for Square {
    fn distance(a: usize, b: usize) -> u32 {
        let (ra, ca) = ((a / 16) as i32, (a % 16) as i32);
        let (rb, cb) = ((b / 16) as i32, (b % 16) as i32);
        (ra - rb).abs().max((ca - cb).abs()) as u32
    }
}

/// The weights of [`HalmaEval`]'s cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HalmaWeights {
    /// Per row between a piece in the target camp and its far corner, over
    /// the camp's depth in rows (so at most this much per piece).
    pub inside: f64,
    /// Per step of the rearmost piece (added to its own distance).
    pub straggler: f64,
    /// Per piece still in the start camp.
    pub home: f64,
    /// Bonus per piece in the target camp.
    pub filled: f64,
    /// Per enemy piece in the target camp, per step it would still need to
    /// leave the camp after its best move: an open way out lets the vacate
    /// rule (or chance) take it out.
    pub trapped: f64,
    /// Steps a move gains on average: costs over it are turns.
    pub speed: f64,
    /// The slope of the softmax, per turn of lead.
    pub scale: f64,
}

impl Default for HalmaWeights {
    fn default() -> HalmaWeights {
        HalmaWeights {
            inside: 2.0,
            straggler: 1.0,
            home: 0.5,
            filled: 1.0,
            trapped: 1.0,
            speed: 2.5,
            scale: 0.4,
        }
    }
}

impl HalmaWeights {
    /// Sets the weight named like its field; false for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "inside" => &mut self.inside,
            "straggler" => &mut self.straggler,
            "home" => &mut self.home,
            "filled" => &mut self.filled,
            "trapped" => &mut self.trapped,
            "speed" => &mut self.speed,
            "scale" => &mut self.scale,
            _ => return false,
        };
        *slot = value;
        true
    }
}

/// The hand-written evaluation of Chinese checkers and Halma.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HalmaEval {
    /// The cost's weights.
    pub weights: HalmaWeights,
}

impl HalmaEval {
    /// The evaluation with these weights.
    pub fn new(weights: HalmaWeights) -> HalmaEval {
        HalmaEval { weights }
    }

    /// Seat `seat`'s cost in `pos`: 0 once its pieces fill the target camp
    /// (and as the camp is full of its pieces, the game is then won).
    pub fn cost<G: Distance>(&self, game: &Halma<G>, pos: &Position<G>, seat: usize) -> f64 {
        let w = &self.weights;
        let player = racegames_board::Seat::new(seat as u8);
        let camp = game.camp_of(player);
        let target = game.target_zone(player);
        let start = game.start_zone(player);
        let mine = pos.pieces(seat);
        let free = target.minus(mine);
        let (mut far, mut near) = (0, u8::MAX);
        target.for_each(|h| {
            far = far.max(G::progress(camp, h));
            near = near.min(G::progress(camp, h));
        });
        // Depth inside counts less than one step outside, so that entering
        // the camp always pays.
        let depth = f64::from(far.saturating_sub(near)) + 1.0;
        let mut deepest = 0;
        free.for_each(|h| deepest = deepest.max(G::progress(camp, h)));
        let mut goals = G::Bits::EMPTY;
        free.for_each(|h| {
            if G::progress(camp, h) == deepest {
                goals.insert(h);
            }
        });
        let (mut outside, mut inside, mut rearmost) = (0u32, 0u32, 0u32);
        mine.for_each(|p| {
            if target.has(p) {
                inside += u32::from(far - G::progress(camp, p).min(far));
            } else {
                let mut d = u32::MAX;
                goals.for_each(|h| d = d.min(G::distance(p, h)));
                if d == u32::MAX {
                    d = 0;
                }
                outside += d;
                rearmost = rearmost.max(d);
            }
        });
        let at_home = mine.and(start).count();
        let filled = mine.and(target).count();
        let occupied = pos.occupied();
        let mut trapped = 0u32;
        let enemies = target.and(occupied).minus(mine);
        if !enemies.is_empty() {
            with_exits::<G, _>(target, |exits| {
                enemies.for_each(|h| trapped += way_out::<G>(h, occupied, exits));
            });
        }
        f64::from(outside)
            + w.trapped * f64::from(trapped)
            + w.inside * f64::from(inside) / depth
            + w.straggler * f64::from(rearmost)
            + w.home * f64::from(at_home)
            + w.filled * f64::from(target.count() - filled)
    }
}

/// [`steps_out`] of every hole for one camp (0 outside it).
struct ExitTable<B> {
    camp: B,
    steps: [u8; 256],
}

/// The most camps' tables a thread keeps: the games ask for a few dozen
/// at most (each board's camps, by number of pieces).
const MAX_EXIT_TABLES: usize = 64;

/// Calls `f` with `camp`'s exit table, built once per thread and camp:
/// every evaluation of a game asks for the same few camps.
fn with_exits<G: Geometry, R>(camp: G::Bits, f: impl FnOnce(&[u8; 256]) -> R) -> R {
    std::thread_local! {
        static TABLES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
    }
    let build = || {
        let mut steps = [0u8; 256];
        for (hole, slot) in steps.iter_mut().enumerate().take(G::HOLES) {
            // At most 8.
            *slot = steps_out::<G>(hole, camp) as u8;
        }
        ExitTable { camp, steps }
    };
    TABLES.with(|cell| {
        let mut tables = cell.borrow_mut();
        let cached = tables.iter().find_map(|t| {
            t.downcast_ref::<ExitTable<G::Bits>>()
                .filter(|t| t.camp == camp)
        });
        if let Some(table) = cached {
            return f(&table.steps);
        }
        let table = build();
        let answer = f(&table.steps);
        if tables.len() >= MAX_EXIT_TABLES {
            tables.clear();
        }
        tables.push(Box::new(table));
        answer
    })
}

/// How close the piece on `hole` can come to leaving its camp in one
/// move: the fewest straight steps out of the camp from the best hole it
/// can reach with a step or a chain of jumps (0 when it can leave at once).
fn way_out<G: Geometry>(hole: usize, occupied: G::Bits, exits: &[u8; 256]) -> u32 {
    let steps = |h: usize| exits.get(h).map_or(0, |&s| u32::from(s));
    // The moving piece is lifted: its own hole counts as empty.
    let occupied = {
        let mut o = occupied;
        o.remove(hole);
        o
    };
    let mut best = steps(hole);
    let mut seen = G::Bits::single(hole);
    let mut frontier = [0u16; 64];
    let (mut head, mut tail) = (0, 0);
    frontier[tail] = hole as u16;
    tail += 1;
    while head < tail && best > 0 {
        let h = usize::from(frontier[head]);
        head += 1;
        for d in 0..G::DIRECTIONS {
            let next = G::NEIGHBOURS[h][d];
            if next == NONE {
                continue;
            }
            let next = usize::from(next);
            let to = if occupied.has(next) {
                let land = G::LANDING[h][d];
                if land == NONE || occupied.has(usize::from(land)) {
                    continue;
                }
                usize::from(land)
            } else if h == hole {
                next
            } else {
                continue;
            };
            if seen.has(to) {
                continue;
            }
            seen.insert(to);
            best = best.min(steps(to));
            // Only jumps chain on.
            if to != next && tail < frontier.len() {
                frontier[tail] = to as u16;
                tail += 1;
            }
        }
    }
    best
}

/// The fewest straight steps from `hole` to a hole outside `camp`.
fn steps_out<G: Geometry>(hole: usize, camp: G::Bits) -> u32 {
    if !camp.has(hole) {
        return 0;
    }
    let mut best = u32::MAX;
    for d in 0..G::DIRECTIONS {
        let (mut h, mut n) = (hole, 0);
        loop {
            let next = G::NEIGHBOURS[h][d];
            if next == NONE {
                break;
            }
            h = usize::from(next);
            n += 1;
            if !camp.has(h) {
                best = best.min(n);
                break;
            }
        }
    }
    best.min(8)
}

impl<G: Distance> crate::Evaluator<Halma<G>> for HalmaEval {
    fn evaluate(&self, game: &Halma<G>, state: &Position<G>, out: &mut [f64]) {
        if terminal(game, state, out) {
            return;
        }
        let n = game.num_players().min(out.len()).min(6);
        // The places still open and what each is worth.
        let others = (game.num_players() - 1).max(1) as f64;
        let place_value = |k: usize| (others - 2.0 * k as f64) / others;
        let done = state.finished();
        let mut open_values = [0.0; 6];
        let mut m = 0;
        for k in done.len()..n {
            open_values[m] = place_value(k);
            m += 1;
        }
        let (first, rest) = match game.rules().finish {
            Finish::First => (1.0, -1.0 / others),
            Finish::All if m > 1 => (
                open_values[0],
                open_values[1..m].iter().sum::<f64>() / (m - 1) as f64,
            ),
            Finish::All => (open_values[0], open_values[0]),
        };
        let mover = match game.node(state) {
            Node::Decision(p) => p.index(),
            _ => n,
        };
        let w = &self.weights;
        // Each open seat's turns still needed (the seat to move is a move
        // ahead of those after it), then their softmax.
        let mut turns = [f64::INFINITY; 6];
        for (seat, t) in turns.iter_mut().enumerate().take(n) {
            if !state.has_finished(seat) {
                let tempo = if seat == mover { -0.5 } else { 0.0 };
                *t = self.cost(game, state, seat) / w.speed + tempo;
            }
        }
        let least = turns.iter().copied().fold(f64::INFINITY, f64::min);
        let mut weights = [0.0; 6];
        for (weight, &t) in weights.iter_mut().zip(&turns) {
            if t.is_finite() {
                *weight = (-w.scale * (t - least)).exp();
            }
        }
        let total: f64 = weights.iter().sum();
        // A sliver of each seat's lead in turns over the mean keeps a seat
        // far ahead telling its moves apart once the softmax rounds to 1.
        let open_seats = turns.iter().filter(|t| t.is_finite()).count().max(1);
        let mean = turns.iter().filter(|t| t.is_finite()).sum::<f64>() / open_seats as f64;
        let spread = 1.0
            + turns
                .iter()
                .filter(|t| t.is_finite())
                .map(|t| (t - mean).abs())
                .sum::<f64>();
        for (seat, o) in out.iter_mut().enumerate().take(n) {
            *o = match done.iter().position(|&s| usize::from(s) == seat) {
                Some(k) => place_value(k),
                None => {
                    let p = weights[seat] / total;
                    let lead = (mean - turns[seat]) / spread;
                    (1.0 - TIE_BREAK) * (p * first + (1.0 - p) * rest) + TIE_BREAK * lead
                }
            };
        }
    }

    /// Minus the seat's cost: the positions a seat's ply reaches differ in
    /// its own cost only (and the enemy pieces it traps), so its cost
    /// orders them as its estimated return does, for a quarter of the work
    /// at four seats.
    fn rank(&self, game: &Halma<G>, state: &Position<G>, seat: usize) -> f64 {
        if game.node(state) == Node::Terminal || state.has_finished(seat) {
            // Finishing outranks any cost.
            let mut out = [0.0; 6];
            let n = game.num_players().min(6);
            self.evaluate(game, state, &mut out[..n]);
            return out.get(seat).map_or(0.0, |v| 1e9 * v);
        }
        -self.cost(game, state, seat)
    }
}

#[cfg(test)]
mod tests;
