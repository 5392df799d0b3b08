//! The chance that one throw of the attacker hits each blot of the
//! defender, over the exact dice distribution of the variant.
//!
//! Bit-parallel over the attacker's route: a mask of the points its pieces
//! stand on is shifted by each die in turn, every intermediate point having
//! to be open, as the rules ask of dice added on one piece. Pieces waiting
//! to enter must enter first: they hit on their entry points, and only the
//! dice left after every waiting piece has entered move pieces on. The
//! model leaves out the rule that as many dice as possible be used (it can
//! forbid a hit in rare positions); tests compare it with the crate's exact
//! `Tables::shots`.

use std::sync::OnceLock;

use racegames_board::dice::DiceSpec;
use racegames_tables::{Doubles, Variant};

use super::Sides;

/// The points of a route.
const POINTS: usize = 24;
/// Every point of a route, as a mask.
const BOARD: u32 = (1 << POINTS) - 1;

/// One throw as the dice to play (a double played twice is four dice).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Throw {
    pub faces: [u8; 4],
    pub len: usize,
    pub probability: f64,
}

/// The throws of a variant's dice, and the mean pips a throw moves.
pub(crate) struct Throws {
    pub list: Vec<Throw>,
    pub mean_pips: f64,
}

/// The throws of `dice` six-sided dice (1 to 4), doubles played as thrown
/// or twice; built once per kind.
pub(crate) fn throws(variant: &Variant) -> &'static Throws {
    static TABLES: OnceLock<Vec<Throws>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let mut all = Vec::new();
        for twice in [false, true] {
            for dice in 1..=4u8 {
                let mut list = Vec::new();
                let mut mean_pips = 0.0;
                let Some(spec) = DiceSpec::new(dice, 6) else {
                    continue;
                };
                spec.for_each_throw(|_, t, probability| {
                    let mut faces = [0; 4];
                    let mut len = t.len();
                    faces[..len].copy_from_slice(t.faces());
                    if twice && dice == 2 && t.is_double() {
                        faces = [t.faces()[0]; 4];
                        len = 4;
                    }
                    mean_pips += probability * faces.iter().map(|&f| f64::from(f)).sum::<f64>();
                    list.push(Throw {
                        faces,
                        len,
                        probability,
                    });
                });
                all.push(Throws { list, mean_pips });
            }
        }
        all
    });
    let twice = usize::from(variant.doubles == Doubles::Twice);
    let dice = usize::from(variant.dice.clamp(1, 4));
    &tables[twice * 4 + dice - 1]
}

/// The points reached (on the way or at the end) by moving the pieces of
/// `from` with up to `depth` of the dice of `faces` not yet in `used`, in
/// every order, each point landed on having to be open.
fn spread(from: u32, open: u32, faces: &[u8], used: u32, depth: usize) -> u32 {
    let mut reach = 0;
    let mut tried = 0u32;
    for (i, &d) in faces.iter().enumerate() {
        // Equal dice give equal results: try each value once per level.
        if used & (1 << i) != 0 || tried & (1 << d) != 0 {
            continue;
        }
        tried |= 1 << d;
        let to = (from << d) & open;
        if to != 0 {
            reach |= to;
            if depth > 1 {
                reach |= spread(to, open, faces, used | (1 << i), depth - 1);
            }
        }
    }
    reach
}

/// The points reached by a throw while pieces wait: every way of giving
/// one die to each waiting piece (as many as the dice allow) is tried, and
/// the dice left over move any piece, the entered ones included.
fn entering(mask: u32, waiting: &[u8; 4], count: usize, open: u32, faces: &[u8]) -> u32 {
    let mut search = Entering {
        mask,
        open,
        faces,
        goal: count.min(faces.len()),
        reach: 0,
        full: false,
    };
    search.enter(0, *waiting, 0, 0, 0);
    if search.full {
        return search.reach;
    }
    // Not every waiting piece can enter: those that can, and no more.
    faces.iter().fold(0, |m, &d| {
        m | (0..4)
            .filter(|&q| waiting[q] > 0)
            .fold(0u32, |m, q| m | (1 << (6 * q + usize::from(d) - 1)))
            & open
    })
}

struct Entering<'a> {
    mask: u32,
    open: u32,
    faces: &'a [u8],
    goal: usize,
    reach: u32,
    full: bool,
}

impl Entering<'_> {
    /// Gives die `k` and the later ones to the waiting pieces; `used` marks
    /// the dice given so far.
    fn enter(&mut self, k: usize, waiting: [u8; 4], used: u32, points: u32, entered: usize) {
        let n = self.faces.len();
        if entered == self.goal {
            self.full = true;
            self.reach |= points;
            let left = n - used.count_ones() as usize;
            if left > 0 {
                self.reach |= spread(self.mask | points, self.open, self.faces, used, left);
            }
            return;
        }
        if k == n {
            return;
        }
        let d = usize::from(self.faces[k]);
        for q in 0..4 {
            let at = 1u32 << (6 * q + d - 1);
            if waiting[q] > 0 && self.open & at != 0 {
                let mut rest = waiting;
                rest[q] -= 1;
                self.enter(k + 1, rest, used | (1 << k), points | at, entered + 1);
            }
        }
        // With more dice than waiting pieces, this die may be left over.
        if n - k > self.goal - entered {
            self.enter(k + 1, waiting, used, points, entered);
        }
    }
}

/// `hit[r]`: the chance that one throw of `attacker` hits the defender's
/// blot on the attacker's route point `r` (0 where there is none).
pub(crate) fn shots(sides: &Sides, attacker: usize, throws: &Throws) -> [f64; POINTS] {
    let mut hit = [0.0; POINTS];
    let a = &sides.seat[attacker];
    let blots = sides.blots_seen_by[attacker];
    if blots == 0 {
        return hit;
    }
    let open = !sides.closed_to[attacker] & BOARD;
    let waiting: u8 = a.waiting.iter().sum();
    for t in &throws.list {
        let faces = &t.faces[..t.len];
        let reach = if waiting == 0 {
            spread(a.mask, open, faces, 0, faces.len())
        } else {
            entering(a.mask, &a.waiting, usize::from(waiting), open, faces)
        };
        let mut h = reach & blots;
        while h != 0 {
            let r = h.trailing_zeros() as usize;
            hit[r] += t.probability;
            h &= h - 1;
        }
    }
    hit
}
