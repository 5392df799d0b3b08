//! Rollouts: the mean return of many games played out from a position by
//! a player in every seat, with its standard error.
//!
//! **Same figures whatever the threads.** Trial `k` draws its dice from a
//! generator seeded by the seed and `k` alone, and the players decide by
//! the seed and the state alone, so each trial's game is fixed; the trials
//! are summed in fixed chunks, in order, so the sums are the same floats
//! on one thread or many.
//!
//! **Stratified first throws.** The first two chance nodes of each trial
//! draw from strata: the uniform number that picks the throw lies in
//! stratum `k mod 36` for the first, and in stratum `(k + k / 36) mod 36`
//! for the second (each through a random permutation of the strata drawn
//! per block of 1296 trials), so that every 36 trials meet every stratum
//! of each throw once and every 1296 trials every pair of strata once
//! (with two six-sided dice, every ordered pair of first throws, as gnubg's
//! quasi-random dice do). Each trial's throws still have the game's exact
//! chances, so the mean is unbiased; it varies less. The standard error
//! is computed as if the trials were independent, which overstates it a
//! little where the strata help. (Until the comparison with gnubg's
//! rollouts, the second stratum was `(k / 36) mod 36`: fewer than 1296
//! trials then drew the second throw from a few strata only, each shared
//! by 36 trials, and the standard error was understated.)

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use racegames_board::sim::SplitMix64;
use racegames_board::{Action, Game, Node};

use super::{check_threads, AnalysisError, Progress};
use crate::eval::estimate;
use crate::returns::exact_returns;
use crate::{Playable, Player};

/// The most trials a rollout may ask for.
pub const MAX_TRIALS: usize = 10_000_000;

/// The strata of each of the first two throws (see the module docs).
pub const STRATA: usize = 36;

/// Trials summed together, in order: the unit of work of a thread.
const CHUNK: usize = 64;

/// How a rollout is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutSettings {
    /// Games played out (1 to [`MAX_TRIALS`]).
    pub trials: usize,
    /// The seed of the dice.
    pub seed: u64,
    /// Threads (1 to [`crate::arena::MAX_THREADS`]); the figures do not
    /// depend on it.
    pub threads: usize,
    /// Stop each game after this many turns (counted by the game's turn
    /// counter) and take the game's best evaluation's estimate instead of
    /// the result; `None` plays to the end (bounded by
    /// [`crate::arena::TURN_LIMIT`] turns, then the estimate too).
    pub truncate: Option<u32>,
    /// Take the luck of the dice off each trial's return (variance
    /// reduction, as gnubg's rollouts do): at every chance node the game's
    /// best evaluation values each outcome ([`crate::arena::luck`]), and
    /// the drawn outcome's value less their mean is subtracted. The mean
    /// is unchanged (each term has mean zero), the standard error smaller;
    /// each chance node costs an evaluation of every outcome. No effect
    /// in a game without an evaluation.
    pub luck_adjusted: bool,
}

impl Default for RolloutSettings {
    fn default() -> RolloutSettings {
        RolloutSettings {
            trials: 1296,
            seed: 1,
            threads: 1,
            truncate: None,
            luck_adjusted: false,
        }
    }
}

/// What a [`rollout`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutResult {
    /// Each seat's mean return over the trials.
    pub values: Vec<f64>,
    /// The standard error of each mean.
    pub stderr: Vec<f64>,
    /// The trials played.
    pub trials: usize,
    /// Trials stopped before the end of the game (by `truncate` or the
    /// turn limit) and valued by the evaluation.
    pub truncated: usize,
}

/// One chunk's sums.
#[derive(Clone, Debug, Default)]
struct Sums {
    sum: Vec<f64>,
    squares: Vec<f64>,
    truncated: usize,
}

/// Plays `settings.trials` games from `state` with a copy of `player` in
/// every seat and returns each seat's mean return and its standard error
/// (see the module docs). `progress` counts the trials and its interrupt
/// stops the work between two decisions.
///
/// ```
/// use racegames_board::Game;
/// use racegames_players::analysis::{rollout, Progress, RolloutSettings};
/// use racegames_players::Playable;
/// use racegames_daldos::Daldos;
///
/// let game = Daldos::default();
/// let player = game.make_player("random", 1, &[]).unwrap();
/// let settings = RolloutSettings { trials: 100, threads: 2, ..RolloutSettings::default() };
/// let r = rollout(&game, &game.new_initial_state(), &*player, &settings, &Progress::default()).unwrap();
/// let one = RolloutSettings { threads: 1, ..settings };
/// let again = rollout(&game, &game.new_initial_state(), &*player, &one, &Progress::default()).unwrap();
/// assert_eq!(r, again);
/// assert!((r.values[0] + r.values[1]).abs() < 1e-9);
/// ```
///
/// # Errors
///
/// [`AnalysisError::BadArgument`] for trials or threads out of range;
/// [`AnalysisError::Interrupted`] when stopped;
/// [`AnalysisError::Failed`] when the player fails or plays an illegal
/// action.
pub fn rollout<G: Playable>(
    game: &G,
    state: &G::State,
    player: &dyn Player<G>,
    settings: &RolloutSettings,
    progress: &Progress,
) -> Result<RolloutResult, AnalysisError> {
    if !(1..=MAX_TRIALS).contains(&settings.trials) {
        return Err(AnalysisError::BadArgument(format!(
            "trials must be from 1 to {MAX_TRIALS}, not {}",
            settings.trials
        )));
    }
    check_threads(settings.threads)?;
    let judge = game.best_evaluation();
    let n = game.num_players();
    let chunks = settings.trials.div_ceil(CHUNK);
    progress.start(settings.trials);
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Sums>>> = Mutex::new(vec![None; chunks]);
    let failure: Mutex<Option<AnalysisError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.min(chunks) {
            // Players are Send, not Sync: each thread takes its own copies.
            let mut players: Vec<Box<dyn Player<G>>> = (0..n).map(|_| player.clone_box()).collect();
            let (next, slots, failure, judge) = (&next, &slots, &failure, &judge);
            scope.spawn(move || {
                crate::with_interrupt(&progress.interrupt, || loop {
                    let c = next.fetch_add(1, Ordering::Relaxed);
                    if c >= chunks || progress.interrupt.is_interrupted() {
                        break;
                    }
                    let trials = c * CHUNK..((c + 1) * CHUNK).min(settings.trials);
                    let mut sums = Sums {
                        sum: vec![0.0; n],
                        squares: vec![0.0; n],
                        truncated: 0,
                    };
                    let mut returns = vec![0.0; n];
                    for k in trials {
                        let played = trial(
                            game,
                            state,
                            &mut players,
                            judge.as_deref(),
                            settings,
                            k,
                            &mut returns,
                        );
                        match played {
                            Ok(stopped) => sums.truncated += usize::from(stopped),
                            Err(e) => {
                                let mut f = failure.lock().unwrap_or_else(|p| p.into_inner());
                                f.get_or_insert(e);
                                progress.interrupt.interrupt();
                                return;
                            }
                        }
                        for ((s, q), r) in sums.sum.iter_mut().zip(&mut sums.squares).zip(&returns)
                        {
                            *s += r;
                            *q += r * r;
                        }
                        progress.add(1);
                    }
                    let mut slots = slots.lock().unwrap_or_else(|p| p.into_inner());
                    slots[c] = Some(sums);
                });
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    progress.check()?;
    let mut total = Sums {
        sum: vec![0.0; n],
        squares: vec![0.0; n],
        truncated: 0,
    };
    for slot in slots.into_inner().unwrap_or_else(|p| p.into_inner()) {
        let s = slot.ok_or_else(|| {
            AnalysisError::Failed("a rollout worker stopped early (a bug)".into())
        })?;
        for i in 0..n {
            total.sum[i] += s.sum[i];
            total.squares[i] += s.squares[i];
        }
        total.truncated += s.truncated;
    }
    let t = settings.trials as f64;
    let values: Vec<f64> = total.sum.iter().map(|s| s / t).collect();
    let stderr = values
        .iter()
        .zip(&total.squares)
        .map(|(m, q)| {
            if settings.trials < 2 {
                f64::INFINITY
            } else {
                let var = ((q - t * m * m) / (t - 1.0)).max(0.0);
                (var / t).sqrt()
            }
        })
        .collect();
    Ok(RolloutResult {
        values,
        stderr,
        trials: settings.trials,
        truncated: total.truncated,
    })
}

/// A generator for `(seed, a, b)`, mixed so that neighbours differ.
fn mixed(seed: u64, a: u64, b: u64) -> SplitMix64 {
    let mut m = SplitMix64::new(seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let x = m.next_u64();
    SplitMix64::new(x ^ b.wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// Stratum `i` of a random permutation of `0..STRATA` drawn for `block`.
fn permuted(seed: u64, level: u64, block: u64, i: usize) -> usize {
    let mut rng = mixed(seed, level, block);
    let mut order: [usize; STRATA] = core::array::from_fn(|j| j);
    for j in (1..STRATA).rev() {
        order.swap(j, rng.below(j + 1));
    }
    order[i]
}

/// The strata of trial `k`'s first two throws: every block of 36 trials
/// meets each stratum of each throw once, every block of 1296 each pair
/// once.
pub(super) fn strata(seed: u64, k: usize) -> (usize, usize) {
    let block = (k / (STRATA * STRATA)) as u64;
    let (i, b) = (k % STRATA, (k / STRATA) % STRATA);
    (
        permuted(seed, 2, block, i),
        permuted(seed, 3, block, (i + b) % STRATA),
    )
}

/// Plays trial `k`, writing each seat's return; true when stopped early.
fn trial<G: Playable>(
    game: &G,
    start: &G::State,
    players: &mut [Box<dyn Player<G>>],
    judge: Option<&dyn crate::Evaluator<G>>,
    settings: &RolloutSettings,
    k: usize,
    returns: &mut [f64],
) -> Result<bool, AnalysisError> {
    let mut rng = mixed(settings.seed, 1, k as u64);
    let (first, second) = strata(settings.seed, k);
    let mut state = *start;
    let start_turn = game.turn_count(start);
    let limit = settings
        .truncate
        .unwrap_or(crate::arena::TURN_LIMIT)
        .min(crate::arena::TURN_LIMIT);
    let mut throws = 0;
    let mut luck = Luck::new(game.num_players(), judge.filter(|_| settings.luck_adjusted));
    loop {
        match game.node(&state) {
            Node::Terminal => {
                exact_returns(game, &state, returns);
                luck.take_off(returns);
                return Ok(false);
            }
            _ if game.turn_count(&state).saturating_sub(start_turn) >= limit => {
                match judge {
                    Some(j) => estimate(game, j, &state, returns),
                    None => returns.fill(0.0),
                }
                luck.take_off(returns);
                return Ok(true);
            }
            Node::Chance => {
                let r = rng.next_f64();
                let u = match throws {
                    0 => (first as f64 + r) / STRATA as f64,
                    1 => (second as f64 + r) / STRATA as f64,
                    _ => r,
                };
                throws += 1;
                let outcome = game
                    .sample_chance(&state, u.min(1.0 - f64::EPSILON))
                    .ok_or_else(|| AnalysisError::Failed("a chance node had no outcome".into()))?;
                luck.add(game, &state, outcome);
                game.apply_legal(&mut state, outcome);
            }
            Node::Decision(seat) => {
                let player = players
                    .get_mut(seat.index())
                    .ok_or_else(|| AnalysisError::Failed("a seat out of range".into()))?;
                let action = player
                    .act(game, &state)
                    .map_err(|e| AnalysisError::Failed(format!("player {}: {e}", player.name())))?;
                if crate::interrupt_requested() {
                    return Err(AnalysisError::Interrupted);
                }
                game.apply(&mut state, action).map_err(|_| {
                    AnalysisError::Failed(format!(
                        "player {} played the illegal action {action} in seat {}",
                        player.name(),
                        seat.letter()
                    ))
                })?;
            }
        }
    }
}

/// The luck of a trial's dice so far, per seat, when the rollout is luck
/// adjusted (else nothing is counted).
struct Luck<'a, G: Game> {
    judge: Option<&'a dyn crate::Evaluator<G>>,
    luck: Vec<f64>,
    scratch: crate::arena::luck::Scratch,
}

impl<'a, G: Game> Luck<'a, G> {
    fn new(seats: usize, judge: Option<&'a dyn crate::Evaluator<G>>) -> Luck<'a, G> {
        Luck {
            judge,
            luck: vec![0.0; seats],
            scratch: crate::arena::luck::Scratch::new(seats),
        }
    }

    /// Counts the luck of `outcome`, drawn at the chance node `state`.
    fn add(&mut self, game: &G, state: &G::State, outcome: Action) {
        if let Some(judge) = self.judge {
            let (scratch, luck) = (&mut self.scratch, &mut self.luck);
            crate::arena::luck::chance_luck(game, judge, state, outcome, scratch, luck);
        }
    }

    /// Takes the luck counted off `returns`.
    fn take_off(&self, returns: &mut [f64]) {
        for (r, l) in returns.iter_mut().zip(&self.luck) {
            *r -= l;
        }
    }
}
