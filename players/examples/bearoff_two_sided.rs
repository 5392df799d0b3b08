//! Measures the two-sided bear-off table (`racegames_players::bearoff`,
//! up to 6 checkers a side): its cost, how far the one-sided estimate it
//! replaces is from it, whether it makes the players stronger, and
//! (given gnubg's two-sided database) whether it equals gnubg's.
//!
//! ```text
//! /usr/games/makebearoff -t 6x6 -f /tmp/ts66.bd     # gnubg's, about 90 s
//! cargo run --profile quick -p racegames-players --example bearoff_two_sided -- \
//!     [--games 20000] [--seed 1] [--gnubg /tmp/ts66.bd]
//! ```
//!
//! Prints, in order:
//! - the build time and size of the tables, and the time of a lookup;
//! - over every pair of placements of 1 to 6 checkers a side, the mean
//!   and largest absolute difference between the one-sided estimate of
//!   the chance that the side on roll wins and the exact value;
//! - exactly (by dynamic programming over every pair, the throws' plays
//!   from the engine's move generation), the win rate of a player that
//!   plays each throw by the two-sided table against one that plays by
//!   the one-sided estimate, each start played once from each side, and
//!   how often and by how much the estimate's play is worse;
//! - the same measured by play: `--games` seeded random starts, each
//!   played twice with the same dice, the sides swapped, between the
//!   built-in greedy player over the shipped net (which the table now
//!   answers in these positions) and the same player answered by the
//!   one-sided estimate; the table player's win rate with its 95%
//!   interval (1.96 standard errors of the pairs' mean);
//! - with `--gnubg`, every one of the 853,776 cubeless equities against
//!   gnubg's file (`makebearoff -t 6x6`), which gnubg computes in 16-bit
//!   integers (a unit is 1/32767.5 of equity): how far the exact values
//!   are from the file's, and whether the table rebuilt with gnubg's
//!   arithmetic from the engine's plays equals the file.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use racegames_board::sim::SplitMix64;
use racegames_board::{Game, Node, Seat};
use racegames_players::bearoff::{
    one_sided_probabilities, one_sided_win, rolls, two_sided_bytes, two_sided_win, CHECKERS,
};
use racegames_players::greedy::GreedyPlayer;
use racegames_players::net::NetEvaluator;
use racegames_players::ply::ply_ends;
use racegames_players::{Evaluator, Player};
use racegames_tables::{Position, Tables};

type Placement = [u8; 6];

/// Every placement of at most `CHECKERS` on six points, the empty one first.
fn placements() -> Vec<Placement> {
    let mut out = Vec::new();
    let mut c = [0u8; 6];
    fn fill(c: &mut Placement, i: usize, left: u8, out: &mut Vec<Placement>) {
        if i == 6 {
            out.push(*c);
            return;
        }
        for n in 0..=left {
            c[i] = n;
            fill(c, i + 1, left - n, out);
        }
        c[i] = 0;
    }
    fill(&mut c, 0, CHECKERS as u8, &mut out);
    out.sort_by_key(|p| p.iter().sum::<u8>());
    out
}

fn pips(c: &Placement) -> usize {
    c.iter()
        .enumerate()
        .map(|(i, &n)| (i + 1) * usize::from(n))
        .sum()
}

/// A backgammon position, A to play `dice` (or to throw when empty).
fn position(game: &Tables, mine: &Placement, theirs: &Placement, dice: &str) -> Position {
    let mut points = vec![String::from("."); 24];
    for (seat, counts, letter) in [(Seat::new(0), mine, 'A'), (Seat::new(1), theirs, 'B')] {
        for (i, &n) in counts.iter().enumerate() {
            if n > 0 {
                points[game.route_point(seat, 23 - i).expect("a point") - 1] =
                    format!("{letter}{n}");
            }
        }
    }
    let off = |c: &Placement| 15 - c.iter().sum::<u8>();
    let dice = if dice.is_empty() { "-" } else { dice };
    let text = format!(
        "{} - {}/{} A {dice} 0",
        points.join(","),
        off(mine),
        off(theirs)
    );
    game.position(&text.parse().expect("notation"))
        .expect("a position")
}

fn home(game: &Tables, pos: &Position, seat: Seat) -> Placement {
    let mut c = [0u8; 6];
    for (i, n) in c.iter_mut().enumerate() {
        *n = pos.count(seat, game.route_point(seat, 23 - i).expect("a point"));
    }
    c
}

/// The 21 throws, higher die first, and their weights in 36.
fn throws() -> Vec<(usize, usize, f64)> {
    let mut t = Vec::new();
    for a in 1..=6 {
        for b in 1..=a {
            t.push((a, b, if a == b { 1.0 } else { 2.0 }));
        }
    }
    t
}

/// Each placement's ends for each throw (indices), from the engine.
fn all_ends(
    game: &Tables,
    list: &[Placement],
    index: &HashMap<Placement, usize>,
) -> Vec<Vec<Vec<usize>>> {
    let far = [0, 0, 0, 0, 0, 1];
    list.iter()
        .map(|c| {
            throws()
                .iter()
                .map(|&(a, b, _)| {
                    if c.iter().all(|&n| n == 0) {
                        return vec![0];
                    }
                    let dice = if a == b {
                        format!("{a}{a}{a}{a}")
                    } else {
                        format!("{a}{b}")
                    };
                    let pos = position(game, c, &far, &dice);
                    let mut e: Vec<usize> = ply_ends(game, &pos)
                        .ends
                        .iter()
                        .map(|end| index[&home(game, &end.state, Seat::new(0))])
                        .collect();
                    e.sort_unstable();
                    e.dedup();
                    e
                })
                .collect()
        })
        .collect()
}

/// The greedy player's evaluation as it was before the two-sided table:
/// the one-sided estimate in the bear-off, the net elsewhere.
struct OneSided(NetEvaluator);

impl Evaluator<Tables> for OneSided {
    fn evaluate(&self, game: &Tables, state: &Position, out: &mut [f64]) {
        let mut p = [0.0f32; 5];
        if game.node(state) != Node::Terminal {
            if let Some(seat) = one_sided_probabilities(game, state, &mut p) {
                // Win-or-lose backgammon: the return is 2p - 1.
                let u = 2.0 * f64::from(p[0]) - 1.0;
                out[seat.index()] = u;
                out[1 - seat.index()] = -u;
                return;
            }
        }
        self.0.evaluate(game, state, out);
    }
}

/// Plays `start` (A on roll) to the end; whether A wins.
fn play(
    game: &Tables,
    start: &Position,
    players: &mut [Box<dyn Player<Tables>>; 2],
    seed: u64,
) -> bool {
    let mut rng = SplitMix64::new(seed);
    let mut state = *start;
    loop {
        match game.node(&state) {
            Node::Terminal => return state.winner() == Some(Seat::new(0)),
            Node::Chance => {
                let a = game.sample_chance(&state, rng.next_f64()).expect("a throw");
                game.apply_legal(&mut state, a);
            }
            Node::Decision(p) => {
                let a = players[p.index()].act(game, &state).expect("an action");
                game.apply_legal(&mut state, a);
            }
        }
    }
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = arg(&args, "--games").map_or(20_000, |s| s.parse().expect("--games N"));
    let seed: u64 = arg(&args, "--seed").map_or(1, |s| s.parse().expect("--seed S"));
    let game = Tables::backgammon();

    // --- cost ---
    let t = Instant::now();
    let _ = rolls(&[0; 6]);
    let one_sided_build = t.elapsed();
    let t = Instant::now();
    let bytes = two_sided_bytes();
    let build = t.elapsed();
    println!(
        "build: one-sided tables {:.2} s; two-sided table ({CHECKERS} checkers a side) {:.2} s, {:.1} MB",
        one_sided_build.as_secs_f64(),
        build.as_secs_f64(),
        bytes as f64 / 1e6
    );
    let list = placements();
    let index: HashMap<Placement, usize> = list.iter().enumerate().map(|(i, c)| (*c, i)).collect();
    let n = list.len();
    let mut rng = SplitMix64::new(seed);
    let pairs: Vec<(usize, usize)> = (0..1_000_000)
        .map(|_| (1 + rng.below(n - 1), 1 + rng.below(n - 1)))
        .collect();
    let mut sum = 0.0;
    let t = Instant::now();
    for &(x, y) in &pairs {
        sum += two_sided_win(&list[x], &list[y]).unwrap_or(0.0);
    }
    let two_ns = t.elapsed().as_secs_f64() * 1e9 / pairs.len() as f64;
    let t = Instant::now();
    for &(x, y) in &pairs {
        sum += one_sided_win(&list[x], &list[y]).unwrap_or(0.0);
    }
    let one_ns = t.elapsed().as_secs_f64() * 1e9 / pairs.len() as f64;
    println!(
        "lookup: two-sided {two_ns:.0} ns, one-sided estimate {one_ns:.0} ns (checksum {sum:.1})"
    );

    // --- accuracy: every pair, both sides with a checker left ---
    let mut exact = vec![0.0f64; n * n];
    let mut estimate = vec![0.0f64; n * n];
    let (mut total, mut worst, mut at, mut over) = (0.0, 0.0, (0, 0), 0usize);
    for x in 0..n {
        for y in 0..n {
            let e = two_sided_win(&list[x], &list[y]).expect("in the table");
            let o = one_sided_win(&list[x], &list[y]).expect("at most 15");
            exact[x * n + y] = e;
            estimate[x * n + y] = o;
            if x == 0 || y == 0 {
                continue;
            }
            let d = (e - o).abs();
            total += d;
            over += usize::from(d > 0.01);
            if d > worst {
                (worst, at) = (d, (x, y));
            }
        }
    }
    let counted = (n - 1) * (n - 1);
    println!(
        "accuracy over {counted} pairs: one-sided estimate of the winning chance off by {:.5} on average, \
         at most {worst:.5} (on roll {:?} against {:?}: exact {:.5}, estimate {:.5}); {over} pairs ({:.2}%) off by more than 0.01",
        total / counted as f64,
        list[at.0],
        list[at.1],
        exact[at.0 * n + at.1],
        estimate[at.0 * n + at.1],
        100.0 * over as f64 / counted as f64
    );

    // --- strength, exactly: the table's play against the estimate's ---
    let t = Instant::now();
    let ends = all_ends(&game, &list, &index);
    let ends_time = t.elapsed();
    // table[x][y]: the table player on roll with x wins against the
    // estimate's y; estimated[x][y]: the estimate's player on roll.
    let mut table = vec![0.0f64; n * n];
    let mut estimated = vec![0.0f64; n * n];
    let mut order: Vec<(usize, usize)> = (1..n).flat_map(|x| (1..n).map(move |y| (x, y))).collect();
    order.sort_by_key(|&(x, y)| pips(&list[x]) + pips(&list[y]));
    let (mut decisions, mut worse, mut lost, mut most_lost) = (0usize, 0usize, 0.0f64, 0.0f64);
    let pick = |own: &[f64], y: usize, options: &[usize]| -> usize {
        let mut best = (f64::NEG_INFINITY, 0);
        for &e in options {
            let v = if e == 0 { 1.0 } else { 1.0 - own[y * n + e] };
            if v > best.0 {
                best = (v, e);
            }
        }
        best.1
    };
    for &(x, y) in &order {
        let (mut a, mut b) = (0.0, 0.0);
        for (k, &(_, _, w)) in throws().iter().enumerate() {
            let options = &ends[x][k];
            let mine = pick(&exact, y, options);
            let theirs = pick(&estimate, y, options);
            a += w * if mine == 0 {
                1.0
            } else {
                1.0 - estimated[y * n + mine]
            };
            b += w * if theirs == 0 {
                1.0
            } else {
                1.0 - table[y * n + theirs]
            };
            let value = |e: usize| if e == 0 { 1.0 } else { 1.0 - exact[y * n + e] };
            let loss = value(mine) - value(theirs);
            decisions += 1;
            if loss > 1e-12 {
                worse += 1;
                lost += loss;
                most_lost = most_lost.max(loss);
            }
        }
        table[x * n + y] = a / 36.0;
        estimated[x * n + y] = b / 36.0;
    }
    let score = |x: usize, y: usize| 0.5 * (table[x * n + y] + 1.0 - estimated[x * n + y]);
    let all: f64 = order.iter().map(|&(x, y)| score(x, y)).sum::<f64>() / order.len() as f64;
    println!(
        "strength, exact over {} starts (each side once; plays from the engine, {:.1} s): the table's player wins {:.5}% \
         against the estimate's; the estimate's play is worse in {worse} of {decisions} (position, throw) pairs ({:.3}%), \
         by {:.5} of winning chance on average there, at most {most_lost:.5}",
        order.len(),
        ends_time.as_secs_f64(),
        100.0 * all,
        100.0 * worse as f64 / decisions as f64,
        if worse > 0 { lost / worse as f64 } else { 0.0 }
    );

    // --- strength, by play: the built-in greedy player either way ---
    let net = NetEvaluator::shipped(&game).expect("the shipped backgammon net");
    let with: Arc<dyn Evaluator<Tables>> = Arc::new(net.clone());
    let without: Arc<dyn Evaluator<Tables>> = Arc::new(OneSided(net));
    let player = |e: &Arc<dyn Evaluator<Tables>>| -> Box<dyn Player<Tables>> {
        Box::new(GreedyPlayer::new(seed, Arc::clone(e)))
    };
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let (mut scores, mut expected) = (Vec::with_capacity(games), 0.0);
    let t = Instant::now();
    for g in 0..games {
        let (x, y) = (1 + rng.below(n - 1), 1 + rng.below(n - 1));
        let start = position(&game, &list[x], &list[y], "");
        let dice = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ g as u64;
        let a_table = play(&game, &start, &mut [player(&with), player(&without)], dice);
        let a_estimate = play(&game, &start, &mut [player(&without), player(&with)], dice);
        scores.push(0.5 * (f64::from(u8::from(a_table)) + f64::from(u8::from(!a_estimate))));
        expected += score(x, y);
    }
    let mean = scores.iter().sum::<f64>() / games.max(1) as f64;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (games.max(2) - 1) as f64;
    let half = 1.96 * (var / games.max(1) as f64).sqrt();
    let differ = scores.iter().filter(|&&s| s != 0.5).count();
    println!(
        "strength, played: {games} starts x 2 games ({:.1} s): greedy with the table wins {:.3}% [{:.3}%, {:.3}%] \
         against greedy with the estimate; {differ} pairs of games differ; exact expectation for these starts {:.4}%",
        t.elapsed().as_secs_f64(),
        100.0 * mean,
        100.0 * (mean - half),
        100.0 * (mean + half),
        100.0 * expected / games.max(1) as f64
    );

    if let Some(path) = arg(&args, "--gnubg") {
        let rebuilt = gnubg_arithmetic(n, &order, &ends);
        compare_with_gnubg(&path, &list, &exact, &rebuilt);
    }
}

/// gnubg's `PositionBearoff`: the placement as stars and bars, ranked as a
/// combination (independent of the number of chequers the file holds).
fn gnubg_index(counts: &Placement) -> usize {
    let choose = |n: usize, k: usize| -> usize {
        if k > n {
            return 0;
        }
        (0..k).fold(1, |r, i| r * (n - i) / (i + 1))
    };
    let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
    let mut j = 5 + total;
    let mut bits = 1u32 << j;
    for &c in &counts[..5] {
        j -= usize::from(c) + 1;
        bits |= 1 << j;
    }
    let (mut n, mut r, mut index) = (CHECKERS + 6, 6, 0);
    while n != r {
        if bits & (1 << (n - 1)) != 0 {
            index += choose(n - 1, r);
            r -= 1;
        }
        n -= 1;
    }
    index
}

/// The table rebuilt with gnubg's arithmetic (`makebearoff.c`'s
/// `BearOff2`): equities as signed 16-bit integers (32767 a win, -32768 a
/// loss), a successor's seen from the mover as its bitwise complement
/// (`-e - 1`), each throw's best summed, the sum divided by 36 and
/// truncated toward zero. The file stores `e + 0x8000`.
fn gnubg_arithmetic(n: usize, order: &[(usize, usize)], ends: &[Vec<Vec<usize>>]) -> Vec<i32> {
    const WON: i32 = 0x7FFF;
    const LOST: i32 = !WON;
    let mut e = vec![LOST; n * n];
    e[..n].fill(WON);
    for &(x, y) in order {
        let mut total = 0i32;
        for (k, &(_, _, w)) in throws().iter().enumerate() {
            let best = ends[x][k]
                .iter()
                .map(|&j| !e[y * n + j])
                .max()
                .expect("a play");
            total += w as i32 * best;
        }
        e[x * n + y] = total / 36;
    }
    e
}

/// Every pair against gnubg's two-sided file: the entry of (on roll `us`,
/// `them`) is `gnubg_index(us) · 924 + gnubg_index(them)`, 8 bytes when
/// the file holds the cube's equities too, the first the cubeless one.
fn compare_with_gnubg(path: &str, list: &[Placement], exact: &[f64], rebuilt: &[i32]) {
    let bytes = std::fs::read(path).expect("gnubg's two-sided database");
    let header = String::from_utf8_lossy(&bytes[..40]).to_string();
    assert!(
        header.starts_with("gnubg-TS-06-06-"),
        "not a 6x6 two-sided file: {header}"
    );
    let per = if header.as_bytes()[15] == b'1' { 8 } else { 2 };
    let n = list.len();
    let (mut within, mut worst, mut worst_units, mut same) = (0usize, 0.0f64, 0.0f64, 0usize);
    for (x, us) in list.iter().enumerate() {
        for (y, them) in list.iter().enumerate() {
            let at = 40 + per * (gnubg_index(us) * n + gnubg_index(them));
            let unit = i64::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
            let theirs = unit as f64 / 32767.5 - 1.0;
            let ours = 2.0 * exact[x * n + y] - 1.0;
            let d = (ours - theirs).abs();
            worst = worst.max(d);
            within += usize::from(d <= 1e-5);
            worst_units = worst_units.max(d * 32767.5);
            same += usize::from(i64::from(rebuilt[x * n + y]) + 0x8000 == unit);
        }
    }
    println!(
        "gnubg {path}: {} cubeless equities; {within} within 1e-5 of the exact ones, the largest difference {worst:.2e} \
         ({worst_units:.1} units of 1/32767.5, {:.2e} of winning chance); rebuilt with gnubg's 16-bit arithmetic \
         from the engine's plays, {same} equal gnubg's file exactly",
        n * n,
        worst / 2.0
    );
}
