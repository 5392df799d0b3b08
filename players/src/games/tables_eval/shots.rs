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

use super::{Sides, MAX_ROUTE};

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
    /// The chance that every die of a throw shows one face.
    pub all_equal: f64,
}

/// Faces of a die, 2 to 7.
const FACES: usize = 7;
/// A fixed die's value, 0 (none) to 7.
const FIXED: usize = 8;

/// The throws of `dice` dice (1 to 4) of 2 to 7 faces, doubles played as
/// thrown or twice, with a fixed die added to every throw where the game
/// has one; each kind is built once, when first asked for.
pub(crate) fn throws(variant: &Variant) -> &'static Throws {
    static TABLES: OnceLock<Vec<OnceLock<Throws>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        (0..2 * 4 * FACES * FIXED)
            .map(|_| OnceLock::new())
            .collect()
    });
    let twice = usize::from(variant.doubles == Doubles::Twice);
    let dice = variant.dice.clamp(1, 4);
    let faces = variant.faces.clamp(2, FACES as u8);
    let fixed = if usize::from(dice) < 4 {
        variant.fixed_die.min(faces)
    } else {
        0
    };
    let key = ((twice * 4 + usize::from(dice) - 1) * FACES + usize::from(faces) - 1) * FIXED
        + usize::from(fixed);
    tables[key].get_or_init(|| build(twice == 1, dice, faces, fixed))
}

fn build(twice: bool, dice: u8, faces: u8, fixed: u8) -> Throws {
    let mut list = Vec::new();
    let (mut mean_pips, mut all_equal) = (0.0, 0.0);
    if let Some(spec) = DiceSpec::new(dice, faces) {
        spec.for_each_throw(|_, t, probability| {
            let mut f = [0; 4];
            let mut len = t.len();
            f[..len].copy_from_slice(t.faces());
            if twice && dice == 2 && t.is_double() {
                f = [t.faces()[0]; 4];
                len = 4;
            }
            if fixed > 0 {
                f[len] = fixed;
                len += 1;
            }
            if t.faces().iter().all(|&d| d == t.faces()[0]) {
                all_equal += probability;
            }
            mean_pips += probability * f.iter().map(|&d| f64::from(d)).sum::<f64>();
            list.push(Throw {
                faces: f,
                len,
                probability,
            });
        });
    }
    Throws {
        list,
        mean_pips,
        all_equal,
    }
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
fn entering(
    mask: u32,
    waiting: &[u8; 4],
    count: usize,
    open: u32,
    faces: &[u8],
    qlen: usize,
) -> u32 {
    let mut search = Entering {
        qlen,
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
            .fold(0u32, |m, q| m | entry_bit(qlen, q, d))
            & open
    })
}

/// The bit of the point where die `d` enters quarter `q` (0 past the route's
/// 32 bits).
fn entry_bit(qlen: usize, q: usize, d: u8) -> u32 {
    1u32.checked_shl((qlen * q + usize::from(d)).saturating_sub(1) as u32)
        .unwrap_or(0)
}

struct Entering<'a> {
    qlen: usize,
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
        let d = self.faces[k];
        for q in 0..4 {
            let at = entry_bit(self.qlen, q, d);
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
pub(crate) fn shots(sides: &Sides, attacker: usize, throws: &Throws) -> [f64; MAX_ROUTE] {
    let mut hit = [0.0; MAX_ROUTE];
    let a = &sides.seat[attacker];
    let blots = sides.blots_seen_by[attacker];
    if blots == 0 {
        return hit;
    }
    let open = !sides.closed_to[attacker] & sides.route_mask();
    let waiting: u8 = a.waiting.iter().sum();
    for t in &throws.list {
        let faces = &t.faces[..t.len];
        let reach = if waiting == 0 {
            spread(a.mask, open, faces, 0, faces.len())
        } else {
            entering(
                a.mask,
                &a.waiting,
                usize::from(waiting),
                open,
                faces,
                sides.qlen,
            )
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
