//! Distillation from GNU Backgammon: the positions a net meets in its own
//! play, labelled with gnubg's evaluation of each, and the net fitted to
//! those labels.
//!
//! TD self-play levels off short of gnubg 0-ply (train/README.md): it can
//! only learn from its own games. Here gnubg is the teacher. Self-play with
//! the net (a share of the moves chosen at random, so that the positions
//! are not only those the net likes) gives positions; at each turn the
//! chosen end and one other end are kept, so the labels teach the net to
//! rank the ends it chooses between. gnubg's cubeless evaluation of each
//! (before the side on roll throws) is the target of a gradient step on
//! the cross-entropy of each output, as in TD training ([`crate::td::sgd_step`]).
//! What is taken from gnubg is the numbers it computes for these positions,
//! not its weights or inputs.
//!
//! The labels go to a file of lines `NOTATION<TAB>w wg lg wbg lbg`, the
//! position in the game's notation and the probabilities of the seat on
//! roll in the net's output order, so that one labelling serves any number
//! of fits.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use racegames_board::sim::SplitMix64;
use racegames_board::{Game, Node};
use racegames_players::net::{Mlp, NetGame, MAX_HIDDEN, MAX_INPUTS, MAX_OUTPUTS};
use racegames_tables::{Position, Tables};

use crate::adam::{Adam, Gradient, PARTS};
use crate::gnubg::{gnubg_board, Gnubg};
use crate::td::{greedy_choice, play_turns, sgd_step};

/// A position and its label: the probabilities of the seat on roll, in the
/// net's output order (winning; winning a gammon or more; losing one;
/// winning a backgammon; losing one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labelled {
    /// The position, before the seat on roll throws.
    pub position: Position,
    /// The label.
    pub probs: [f32; 5],
}

/// gnubg's order (win, win gammon, win backgammon, lose gammon, lose
/// backgammon) in the net's (win, win gammon, lose gammon, win backgammon,
/// lose backgammon).
pub fn net_order(gnubg: [f32; 5]) -> [f32; 5] {
    [gnubg[0], gnubg[1], gnubg[3], gnubg[2], gnubg[4]]
}

/// Whether the net is asked at `state`: not at the end of the game, not
/// where the evaluation knows the outputs exactly (the bear-off).
fn net_is_asked(game: &Tables, state: &Position) -> bool {
    let mut out = [0.0f32; MAX_OUTPUTS];
    game.node(state) != Node::Terminal && game.exact_outputs(state, &mut out).is_none()
}

/// Positions from `games` self-play games of `net`'s greedy play, each move
/// chosen at random instead with probability `explore`: at each turn the
/// end chosen and, where there is another, one other end at random, each
/// kept where the net would be asked.
pub fn self_play_positions(
    game: &Tables,
    net: &Mlp,
    games: u64,
    seed: u64,
    explore: f64,
) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        play_turns(game, &mut rng, |rng, mover, ends| {
            let chosen = if rng.next_f64() < explore {
                rng.below(ends.len())
            } else {
                greedy_choice(game, net, mover, ends).0
            };
            if ends.len() > 1 {
                let other = (chosen + 1 + rng.below(ends.len() - 1)) % ends.len();
                if net_is_asked(game, &ends[other].state) {
                    out.push(ends[other].state);
                }
            }
            if net_is_asked(game, &ends[chosen].state) {
                out.push(ends[chosen].state);
            }
            chosen
        });
    }
    out
}

/// Labels each position with gnubg's evaluation at `plies`, on `workers`
/// gnubg processes side by side (each answer waits about 10 ms in gnubg
/// whatever the work, so several run on one core). Calls `progress` now
/// and then with the number labelled so far.
///
/// # Errors
///
/// When a gnubg cannot be started or gives no evaluation.
pub fn label_positions(
    game: &Tables,
    positions: &[Position],
    gnubg: &str,
    server: &str,
    plies: u32,
    workers: usize,
    progress: impl Fn(usize) + Sync,
) -> Result<Vec<Labelled>, String> {
    let workers = workers.clamp(1, 64);
    let chunk = positions.len().div_ceil(workers).max(1);
    let done = AtomicUsize::new(0);
    let results: Vec<Result<Vec<Labelled>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                let (done, progress) = (&done, &progress);
                scope.spawn(move || -> Result<Vec<Labelled>, String> {
                    let mut engine = Gnubg::start(gnubg, server, plies)?;
                    let mut x = [0.0f32; MAX_INPUTS];
                    let mut out = Vec::with_capacity(part.len());
                    for position in part {
                        let seat = game
                            .net_encode(position, &mut x)
                            .ok_or("a position with no seat on roll")?;
                        let probs = engine.evaluate(&gnubg_board(game, position, seat))?;
                        out.push(Labelled {
                            position: *position,
                            probs: net_order(probs),
                        });
                        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if n % 10_000 == 0 {
                            progress(n);
                        }
                    }
                    Ok(out)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a labelling thread failed".into()))
            })
            .collect()
    });
    let mut all = Vec::with_capacity(positions.len());
    for part in results {
        all.extend(part?);
    }
    Ok(all)
}

/// Writes labelled positions, one `NOTATION<TAB>w wg lg wbg lbg` line each.
///
/// # Errors
///
/// When writing fails.
pub fn write_labels(game: &Tables, rows: &[Labelled], to: &mut dyn Write) -> std::io::Result<()> {
    for row in rows {
        let p = row.probs;
        writeln!(
            to,
            "{}\t{:.6} {:.6} {:.6} {:.6} {:.6}",
            game.notation(&row.position),
            p[0],
            p[1],
            p[2],
            p[3],
            p[4]
        )?;
    }
    Ok(())
}

/// Reads labelled positions written by [`write_labels`].
///
/// # Errors
///
/// A line that is not a position of `game` and five probabilities, named
/// by its number.
pub fn read_labels(game: &Tables, from: &mut dyn BufRead) -> Result<Vec<Labelled>, String> {
    let mut rows = Vec::new();
    for (i, line) in from.lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let bad = |why: String| format!("line {}: {why}", i + 1);
        let (text, probs) = line
            .split_once('\t')
            .ok_or_else(|| bad("no tab between the position and the label".into()))?;
        let position = game.parse_notation(text).map_err(|e| bad(e.to_string()))?;
        let probs: Vec<f32> = probs
            .split_whitespace()
            .map(|w| {
                w.parse::<f32>()
                    .map_err(|_| bad(format!("not a number: {w:?}")))
            })
            .collect::<Result<_, _>>()?;
        let probs: [f32; 5] = probs
            .try_into()
            .map_err(|_| bad("a label has five probabilities".into()))?;
        if !probs.iter().all(|p| (0.0..=1.0).contains(p)) {
            return Err(bad("a probability outside 0..1".into()));
        }
        rows.push(Labelled { position, probs });
    }
    Ok(rows)
}

/// The settings of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Passes over the training rows.
    pub epochs: u32,
    /// The learning rate at the start.
    pub lr: f32,
    /// The learning rate at the end (linear in between).
    pub lr_end: f32,
    /// The seed of the order of the rows.
    pub seed: u64,
    /// The share of rows, the last ones, held out to measure the fit.
    pub holdout: f64,
    /// How the weights move.
    pub optimizer: Optimizer,
    /// The rows a step of [`Optimizer::Adam`] averages over.
    pub batch: usize,
}

/// How [`fit`] moves the weights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Optimizer {
    /// A gradient step a row, as in TD training.
    #[default]
    Sgd,
    /// Mini-batch Adam ([`crate::adam`]).
    Adam,
}

impl std::str::FromStr for Optimizer {
    type Err = String;

    fn from_str(s: &str) -> Result<Optimizer, String> {
        match s {
            "sgd" => Ok(Optimizer::Sgd),
            "adam" => Ok(Optimizer::Adam),
            _ => Err(format!("an optimizer is sgd or adam, not {s:?}")),
        }
    }
}

/// How far a net is from the labels of some rows.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FitError {
    /// The mean cross-entropy over the outputs, less the labels' own
    /// entropy (0 for a net that gives exactly the labels).
    pub excess_cross_entropy: f64,
    /// The mean absolute difference of the return (the game's utility of
    /// the outputs, in points a game).
    pub utility: f64,
}

fn bernoulli_cross_entropy(target: f64, y: f64) -> f64 {
    let y = y.clamp(1e-7, 1.0 - 1e-7);
    -(target * y.ln() + (1.0 - target) * (1.0 - y).ln())
}

/// How far `net` is from the labels of `rows`.
pub fn fit_error(game: &Tables, net: &Mlp, rows: &[Labelled]) -> FitError {
    let n = net.outputs().min(5);
    let mut x = [0.0f32; MAX_INPUTS];
    let mut h = [0.0f32; MAX_HIDDEN];
    let mut y = [0.0f32; MAX_OUTPUTS];
    let mut sum = FitError::default();
    let mut counted = 0usize;
    for row in rows {
        if game.net_encode(&row.position, &mut x).is_none() {
            continue;
        }
        net.forward(&x[..net.inputs()], &mut h, &mut y[..net.outputs()]);
        for (&t, &out) in row.probs.iter().zip(&y).take(n) {
            let t = f64::from(t);
            sum.excess_cross_entropy +=
                bernoulli_cross_entropy(t, f64::from(out)) - bernoulli_cross_entropy(t, t);
        }
        sum.utility += (game.net_utility(&y[..n]) - game.net_utility(&row.probs[..n])).abs();
        counted += 1;
    }
    let c = counted.max(1) as f64;
    FitError {
        excess_cross_entropy: sum.excess_cross_entropy / c,
        utility: sum.utility / c,
    }
}

/// The rows a fit trains on and the rows it holds out.
pub fn split_rows(rows: &[Labelled], holdout: f64) -> (&[Labelled], &[Labelled]) {
    let held = ((rows.len() as f64) * holdout.clamp(0.0, 1.0)).round() as usize;
    rows.split_at(rows.len() - held.min(rows.len()))
}

/// Fits `net` to the labels of the training rows (`opts.holdout` of them
/// held out), in a seeded order each epoch, calling `progress` after each
/// epoch with its number and the error on the held-out rows; stops early
/// when `progress` returns `false`.
///
/// # Errors
///
/// When `net` does not read `game`'s inputs or have its five outputs.
pub fn fit(
    game: &Tables,
    net: &mut Mlp,
    rows: &[Labelled],
    opts: &FitOptions,
    mut progress: impl FnMut(u32, FitError) -> bool,
) -> Result<(), String> {
    if net.encoding() != game.net_encoding() || net.inputs() != game.net_inputs() {
        return Err(format!(
            "the net reads {} ({} inputs), the game {} ({})",
            net.encoding(),
            net.inputs(),
            game.net_encoding(),
            game.net_inputs()
        ));
    }
    if net.outputs() != 5 {
        return Err(format!("the net has {} outputs, not 5", net.outputs()));
    }
    if opts.optimizer == Optimizer::Adam && opts.batch == 0 {
        return Err("Adam needs a batch of at least one row".into());
    }
    let (train, held) = split_rows(rows, opts.holdout);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SplitMix64::new(opts.seed);
    let mut x = [0.0f32; MAX_INPUTS];
    // Adam's moments and the threads' gradients, for Adam only.
    let mut adam = match opts.optimizer {
        Optimizer::Adam => Some((Adam::new(net), vec![Gradient::new(net); PARTS])),
        Optimizer::Sgd => None,
    };
    let steps = (train.len() as u64 * u64::from(opts.epochs)).max(1) as f32;
    let mut step = 0u64;
    for epoch in 0..opts.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        match &mut adam {
            None => {
                for &i in &order {
                    let lr = opts.lr + (opts.lr_end - opts.lr) * (step as f32 / steps);
                    step += 1;
                    if game.net_encode(&train[i].position, &mut x).is_some() {
                        sgd_step(net, &x[..net.inputs()], &train[i].probs, lr);
                    }
                }
            }
            Some((adam, parts)) => {
                for batch in order.chunks(opts.batch) {
                    let lr = opts.lr + (opts.lr_end - opts.lr) * (step as f32 / steps);
                    step += batch.len() as u64;
                    batch_gradient(game, net, train, batch, parts);
                    let (first, rest) = parts.split_at_mut(1);
                    for part in rest.iter() {
                        first[0].add(part);
                    }
                    adam.step(net, &first[0], batch.len(), lr);
                }
            }
        }
        if !progress(epoch + 1, fit_error(game, net, held)) {
            break;
        }
    }
    Ok(())
}

/// Sums the gradients of the rows `batch` of `train` into `parts`, a
/// share of the batch in each, on a thread each.
fn batch_gradient(
    game: &Tables,
    net: &Mlp,
    train: &[Labelled],
    batch: &[usize],
    parts: &mut [Gradient],
) {
    let share = batch.len().div_ceil(parts.len()).max(1);
    std::thread::scope(|scope| {
        for (part, rows) in parts
            .iter_mut()
            .zip(batch.chunks(share).chain(std::iter::repeat(&[][..])))
        {
            part.clear();
            if rows.is_empty() {
                continue;
            }
            scope.spawn(move || {
                let mut x = [0.0f32; MAX_INPUTS];
                for &i in rows {
                    if game.net_encode(&train[i].position, &mut x).is_some() {
                        part.add_row(net, &x[..net.inputs()], &train[i].probs);
                    }
                }
            });
        }
    });
}
