//! Backgammon's bear-off, solved: once both sides have every piece in
//! their last quarter (or off), nothing can hit, and this module gives the
//! chances from tables instead of asking the net.
//!
//! For each placement of up to 15 pieces on the six home points (54,264
//! of them), a one-sided table holds the distribution of the number of
//! throws needed to bear every piece off, playing each throw to need the
//! fewest throws on average (as gnubg's one-sided bear-off database
//! does), and the distribution of throws until the first piece is off
//! (for gammons). The chance that the side on roll wins is then estimated
//! as `Σ_n P(it needs n) · P(the other needs n or more)`, the two races
//! taken as independent. The tables take about 0.4 s to build (optimised,
//! on an idle core), once, on first use.
//!
//! When neither side has more than [`CHECKERS`] (6) pieces left, a
//! two-sided table gives the exact chance instead ([`two_sided_win`]):
//! every pair of placements solved together, each throw played to win
//! most often. The one-sided estimate is off by 0.0009 on average there
//! and by up to 0.014 (see `docs/analysis.md`).
//!
//! Used for the backgammon rules only: two six-sided dice, doubles played
//! twice, 15 pieces, six-point quarters and bearing off exactly or from
//! the rearmost point with a higher die.

use std::sync::OnceLock;

use racegames_board::Seat;
use racegames_tables::{Phase, Position, Tables, Variant};

mod gnubg_rounding;
mod two_sided;
pub use gnubg_rounding::rolls_as_gnubg;
pub use two_sided::{two_sided_bytes, two_sided_win, CHECKERS};

/// Home points.
const POINTS: usize = 6;
/// Pieces a side.
const PIECES: usize = 15;
/// Throws a distribution counts; the last bin holds the rest.
const TURNS: usize = 32;

/// One side's distribution of throws needed (index `n`: exactly `n`).
type Dist = [f32; TURNS];

/// The solved tables, indexed by [`rank`].
struct Solved {
    /// Throws to bear every piece off.
    off: Vec<Dist>,
    /// Throws until the first piece is off.
    first: Vec<Dist>,
}

/// `C(n, k)` for the placement ranks.
const fn choose(n: usize, k: usize) -> usize {
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// The number of placements of at most 15 pieces on six points.
const PLACEMENTS: usize = choose(PIECES + POINTS, POINTS);

/// `CHOOSE[n][k]` for the bar positions a rank reads (`n` < 22).
const CHOOSE: [[u32; POINTS + 1]; PIECES + POINTS + 1] = {
    let mut t = [[0u32; POINTS + 1]; PIECES + POINTS + 1];
    let mut n = 0;
    while n <= PIECES + POINTS {
        let mut k = 0;
        while k <= POINTS {
            t[n][k] = if k <= n { choose(n, k) as u32 } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// A placement's index in `0..PLACEMENTS`, one to one: the counts read as
/// stars and bars, a bar after each point's pieces, the bars' positions
/// ranked as a combination.
fn rank(counts: &[u8; POINTS]) -> usize {
    let mut index = 0;
    let mut at = 0usize;
    for (k, &c) in counts.iter().enumerate() {
        at += usize::from(c);
        index += CHOOSE[at + k][k + 1] as usize;
    }
    index
}

fn unrank(mut index: usize) -> [u8; POINTS] {
    let mut bars = [0usize; POINTS];
    for k in (0..POINTS).rev() {
        let mut b = k;
        while (CHOOSE[b + 1][k + 1] as usize) <= index {
            b += 1;
        }
        index -= CHOOSE[b][k + 1] as usize;
        bars[k] = b;
    }
    let mut counts = [0u8; POINTS];
    let mut prev = 0usize;
    for k in 0..POINTS {
        let start = if k == 0 { 0 } else { prev + 1 };
        counts[k] = (bars[k] - start) as u8;
        prev = bars[k];
    }
    counts
}

/// Plays one die, calling `f` with every placement it can lead to
/// (`counts[i]` is on the point `i + 1` away from bearing off); with no
/// piece left, the placement itself.
fn one_die(counts: &[u8; POINTS], die: usize, mut f: impl FnMut([u8; POINTS])) {
    let Some(highest) = (0..POINTS).rev().find(|&i| counts[i] > 0) else {
        f(*counts);
        return;
    };
    for i in 0..=highest {
        if counts[i] == 0 {
            continue;
        }
        let distance = i + 1;
        let mut next = *counts;
        next[i] -= 1;
        if distance > die {
            next[distance - die - 1] += 1;
        } else if distance < die && i != highest {
            continue;
        }
        f(next);
    }
}

/// Every placement a throw of `a` and `b` can end in (every die can be
/// played in a bear-off until no piece is left).
fn ends(counts: &[u8; POINTS], a: usize, b: usize) -> Vec<[u8; POINTS]> {
    let orders: &[&[usize]] = if a == b {
        &[&[a, a, a, a]]
    } else {
        &[&[a, b], &[b, a]]
    };
    let mut all = Vec::new();
    for order in orders {
        let mut layer = vec![*counts];
        for &d in order.iter() {
            let mut next = Vec::new();
            for c in &layer {
                one_die(c, d, |n| next.push(n));
            }
            next.sort_unstable();
            next.dedup();
            layer = next;
        }
        all.extend(layer);
    }
    all
}

fn mean(d: &Dist) -> f32 {
    d.iter().enumerate().map(|(n, p)| n as f32 * p).sum()
}

fn pips(counts: &[u8; POINTS]) -> usize {
    counts
        .iter()
        .enumerate()
        .map(|(i, &n)| (i + 1) * usize::from(n))
        .sum()
}

/// Solves one table: `done` says whether a placement needs no more throws.
///
/// Placements are solved in order of their pips (every die lowers them),
/// and each keeps, for every face, its best end after one, two and three
/// dice of that face, so that a throw's best end is a choice among the
/// successors of its first die.
fn solve(done: impl Fn(&[u8; POINTS]) -> bool) -> Vec<Dist> {
    let mut order: Vec<(usize, [u8; POINTS])> = (0..PLACEMENTS).map(|r| (r, unrank(r))).collect();
    order.sort_by_key(|(_, c)| pips(c));
    let mut table = vec![[0.0f32; TURNS]; PLACEMENTS];
    let mut means = vec![0.0f32; PLACEMENTS];
    // best[r][d - 1][k]: the end with the fewest throws on average after
    // k + 1 dice of face d from placement r.
    let mut best = vec![[[0u32; 3]; 6]; PLACEMENTS];
    let pick = |from: &[u8; POINTS], die: usize, key: &dyn Fn(usize) -> usize, means: &[f32]| {
        let mut choice = (f32::INFINITY, 0usize);
        one_die(from, die, |next| {
            let end = key(rank(&next));
            if means[end] < choice.0 {
                choice = (means[end], end);
            }
        });
        choice.1
    };
    for (r, counts) in order {
        if done(&counts) {
            table[r][0] = 1.0;
            best[r] = [[r as u32; 3]; 6];
            continue;
        }
        let mut dist = [0.0f32; TURNS];
        for a in 1..=6 {
            for b in a..=6 {
                let end = if a == b {
                    pick(&counts, a, &|x| best[x][a - 1][2] as usize, &means)
                } else {
                    let ab = pick(&counts, a, &|x| best[x][b - 1][0] as usize, &means);
                    let ba = pick(&counts, b, &|x| best[x][a - 1][0] as usize, &means);
                    if means[ba] < means[ab] {
                        ba
                    } else {
                        ab
                    }
                };
                let weight = if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 };
                for (n, p) in table[end].iter().enumerate() {
                    dist[(n + 1).min(TURNS - 1)] += weight * p;
                }
            }
        }
        means[r] = mean(&dist);
        table[r] = dist;
        for d in 1..=6 {
            let mut chain = [0u32; 3];
            chain[0] = pick(&counts, d, &|x| x, &means) as u32;
            for k in 1..3 {
                chain[k] = pick(&counts, d, &|x| best[x][d - 1][k - 1] as usize, &means) as u32;
            }
            best[r][d - 1] = chain;
        }
    }
    table
}

fn tables() -> &'static Solved {
    static TABLES: OnceLock<Solved> = OnceLock::new();
    TABLES.get_or_init(|| {
        let off = solve(|c| c.iter().all(|&n| n == 0));
        let first = solve(|c| c.iter().map(|&n| usize::from(n)).sum::<usize>() < PIECES);
        Solved { off, first }
    })
}

/// The most throws [`rolls`] distinguishes: its last entry holds the
/// chance of needing this many or more (no placement needs that many).
pub const MAX_ROLLS: usize = TURNS - 1;

/// The one-sided distribution of the number of throws needed to bear off
/// `counts` (`counts[i]` pieces on the point `i + 1` away from bearing
/// off), each throw played to need the fewest throws on average: entry
/// `n` is the chance of needing exactly `n` throws. `None` for more than
/// 15 pieces. The table is solved once, on first use (about 0.4 s).
///
/// ```
/// use racegames_players::bearoff::rolls;
/// // One piece on the six point: off in one throw unless the throw makes
/// // fewer than six pips (1-1, 2-1, 3-1, 4-1, 3-2: 9 chances in 36).
/// let p = rolls(&[0, 0, 0, 0, 0, 1]).unwrap();
/// assert!((p[1] - 27.0 / 36.0).abs() < 1e-6);
/// assert!((p[2] - 9.0 / 36.0).abs() < 1e-6);
/// assert!(rolls(&[16, 0, 0, 0, 0, 0]).is_none());
/// ```
pub fn rolls(counts: &[u8; POINTS]) -> Option<[f32; TURNS]> {
    if counts.iter().map(|&c| usize::from(c)).sum::<usize>() > PIECES {
        return None;
    }
    Some(tables().off[rank(counts)])
}

/// Whether `game` has the rules the tables are solved for: backgammon's,
/// whatever its name, scoring, start or length.
pub fn applies(game: &Tables) -> bool {
    let v = *game.variant();
    let mut backgammon = Variant::backgammon();
    backgammon.name = v.name;
    backgammon.scoring = v.scoring;
    backgammon.max_turns = v.max_turns;
    backgammon.setup = v.setup;
    backgammon.roll_off = v.roll_off;
    v == backgammon && usize::from(v.pieces) == PIECES && game.route_len() == 24
}

/// `seat`'s pieces on its home points, nearest the edge first; `None`
/// when a piece is outside them or waiting.
fn home(game: &Tables, pos: &Position, seat: Seat) -> Option<[u8; POINTS]> {
    if pos.waiting_total(seat) > 0 {
        return None;
    }
    let len = game.route_len();
    for r in 0..len - POINTS {
        if game
            .route_point(seat, r)
            .is_some_and(|p| pos.count(seat, p) > 0)
        {
            return None;
        }
    }
    let mut counts = [0u8; POINTS];
    for (i, c) in counts.iter_mut().enumerate() {
        *c = game
            .route_point(seat, len - 1 - i)
            .map_or(0, |p| pos.count(seat, p));
    }
    Some(counts)
}

/// `Σ_n a[n] · P(b ≥ n + shift)`.
fn before(a: &Dist, b: &Dist, shift: usize) -> f32 {
    let mut tail = [0.0f32; TURNS + 1];
    for n in (0..TURNS).rev() {
        tail[n] = tail[n + 1] + b[n];
    }
    a.iter()
        .enumerate()
        .map(|(n, p)| p * tail[(n + shift).min(TURNS)])
        .sum()
}

/// The outputs of a backgammon position in the bear-off, as the net's
/// (win, win a gammon, lose a gammon, win a backgammon, lose one) for the
/// seat about to throw, which it returns: exact from the two-sided table
/// ([`two_sided_win`]) when neither side has more than [`CHECKERS`]
/// pieces left, else from the one-sided tables
/// ([`one_sided_probabilities`]). `None` when some piece is still outside
/// its home points, at a terminal state, mid-turn, or for other rules.
///
/// ```
/// use racegames_board::{Game, Seat};
/// use racegames_players::bearoff::probabilities;
/// use racegames_tables::Tables;
/// let game = Tables::backgammon();
/// // A on roll with one piece on its six point (the notation's point 6),
/// // B with one on its one point (point 24): A wins when its throw
/// // makes six pips, 27 times in 36.
/// let text = ".,.,.,.,.,A1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B1 - 14/14 A - 0";
/// let pos = game.position(&text.parse().unwrap()).unwrap();
/// let mut out = [0.0; 5];
/// assert_eq!(probabilities(&game, &pos, &mut out), Some(Seat::new(0)));
/// assert_eq!(out, [0.75, 0.0, 0.0, 0.0, 0.0]);
/// ```
pub fn probabilities(game: &Tables, pos: &Position, out: &mut [f32; 5]) -> Option<Seat> {
    let (me, mine, theirs) = both_home(game, pos)?;
    if let Some(win) = two_sided_win(&mine, &theirs) {
        *out = [win as f32, 0.0, 0.0, 0.0, 0.0];
        return Some(me);
    }
    one_sided_probabilities(game, pos, out)
}

/// The seat about to throw and both sides' home placements, when every
/// piece of both is home, before a throw, under backgammon's rules.
fn both_home(game: &Tables, pos: &Position) -> Option<(Seat, [u8; POINTS], [u8; POINTS])> {
    if !applies(game) || pos.phase() != Phase::Throw {
        return None;
    }
    let me = pos.turn()?;
    let them = me.next(2);
    Some((me, home(game, pos, me)?, home(game, pos, them)?))
}

/// The chance that the side on roll with `mine` wins the bear-off against
/// `theirs` by the one-sided tables: each side's distribution of throws
/// taken as independent, `Σ_n P(mine needs n) · P(theirs needs n or
/// more)`; `None` for more than 15 pieces a side. An estimate:
/// [`two_sided_win`] is exact where it applies.
///
/// ```
/// use racegames_players::bearoff::{one_sided_win, two_sided_win};
/// let (mine, theirs) = ([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]);
/// let estimate = one_sided_win(&mine, &theirs).unwrap();
/// assert!((estimate - two_sided_win(&mine, &theirs).unwrap()).abs() < 1e-6);
/// ```
pub fn one_sided_win(mine: &[u8; POINTS], theirs: &[u8; POINTS]) -> Option<f64> {
    let fits = |c: &[u8; POINTS]| c.iter().map(|&n| usize::from(n)).sum::<usize>() <= PIECES;
    if !fits(mine) || !fits(theirs) {
        return None;
    }
    let t = tables();
    Some(f64::from(before(
        &t.off[rank(mine)],
        &t.off[rank(theirs)],
        0,
    )))
}

/// [`probabilities`] from the one-sided tables alone, whatever the number
/// of pieces: the chances of winning and of gammons from each side's
/// distributions of throws, taken as independent (the estimate the
/// players used before the two-sided table, kept to measure it).
pub fn one_sided_probabilities(game: &Tables, pos: &Position, out: &mut [f32; 5]) -> Option<Seat> {
    let (me, mine, theirs) = both_home(game, pos)?;
    let them = me.next(2);
    let t = tables();
    let (my_off, their_off) = (&t.off[rank(&mine)], &t.off[rank(&theirs)]);
    // On roll, I finish first if the other needs at least as many throws.
    let win = before(my_off, their_off, 0);
    let gammon_win = if pos.borne_off(them) == 0 {
        before(my_off, &t.first[rank(&theirs)], 0)
    } else {
        0.0
    };
    let gammon_loss = if pos.borne_off(me) == 0 {
        before(their_off, &t.first[rank(&mine)], 1)
    } else {
        0.0
    };
    // Sums of float32 products may stray past 1 by a rounding.
    *out = [win, gammon_win, gammon_loss, 0.0, 0.0].map(|p| p.clamp(0.0, 1.0));
    Some(me)
}

#[cfg(test)]
mod gnubg_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod two_sided_tests;
