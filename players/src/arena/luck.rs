//! Luck-adjusted results: a game's result less what its dice gave each
//! seat, as a judge (an [`Evaluator`]) sees it.
//!
//! At every chance node the judge values each outcome: the position it
//! leads to, after the best ply the judge sees for the seat to move next.
//! An outcome's luck is its value less the mean over all outcomes,
//! weighted by their chances. Summed over a game and taken from the
//! result, it leaves what the seats' choices earned: the luck-adjusted
//! result, which gnubg reports in its analysis too.
//!
//! **Why it is fair, whatever the judge.** The dice are drawn with the
//! chances the judge weighs, after the position is set, so each luck term
//! has mean zero given everything before it: the adjusted result has the
//! same expectation as the result, for any judge, even one that favours
//! one of the players. A good judge only makes it less noisy: the closer
//! its values, the more of the dice's swing cancels, and the fewer games a
//! difference between players needs.
//!
//! ```
//! use racegames_board::{Game, Node};
//! use racegames_players::arena::luck::game_luck;
//! use racegames_players::net::NetEvaluator;
//! use racegames_tables::Tables;
//!
//! let game = Tables::backgammon();
//! let judge = NetEvaluator::shipped(&game).unwrap();
//! // One throw: the roll-off, whose luck is one seat's gain and the other's loss.
//! let mut outcomes = Vec::new();
//! game.chance_outcomes(&game.new_initial_state(), |a, _| outcomes.push(a));
//! let luck = game_luck(&game, &judge, &outcomes[..1]).unwrap();
//! assert!((luck.luck[0] + luck.luck[1]).abs() < 1e-9);
//! assert_eq!(luck.chance_nodes, 1);
//! ```

use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};

use racegames_board::{Action, Game, Node};

use super::{Control, MAX_THREADS};
use crate::eval::estimate;
use crate::ply::ply_ends;
use crate::Evaluator;

/// What the dice gave each seat over a sequence of actions.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLuck {
    /// Each seat's luck, summed over the chance nodes, in the game's points.
    pub luck: Vec<f64>,
    /// Each seat's return at the end: exact when the game is over, the
    /// judge's estimate otherwise.
    pub returns: Vec<f64>,
    /// Whether the actions end the game.
    pub finished: bool,
    /// The chance nodes judged.
    pub chance_nodes: usize,
}

impl GameLuck {
    /// `seat`'s return less its luck (0 for a seat the game does not have).
    pub fn adjusted(&self, seat: usize) -> f64 {
        match (self.returns.get(seat), self.luck.get(seat)) {
            (Some(r), Some(l)) => r - l,
            _ => 0.0,
        }
    }
}

/// Why a sequence of actions could not be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LuckError {
    /// An action the game refused where it came.
    #[error("action {action} (number {index} of the game) is not legal there")]
    Illegal {
        /// Its place in the sequence, from 0.
        index: usize,
        /// The action.
        action: Action,
    },
}

/// Why a batch of games could not be judged (see [`games_luck`]); a game
/// whose actions are refused is reported in its own slot instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JudgingError {
    /// `threads` is not from 1 to [`MAX_THREADS`].
    #[error("threads must be from 1 to {MAX_THREADS}")]
    BadThreads,
    /// The game has no evaluation of the kind asked for (no shipped net for
    /// its options).
    #[error("this game and option set has no {0} evaluation to judge with")]
    NoEvaluation(&'static str),
    /// A start position is not a position of the game judging it.
    #[error("the start position of game {0} belongs to another game")]
    WrongGame(usize),
    /// The [`Control`]'s interrupt was set before every game was judged.
    #[error("the judging was interrupted")]
    Interrupted,
    /// A worker stopped without judging its games (the judge panicked: a
    /// bug).
    #[error("the judge failed (a bug in racegames)")]
    JudgeFailed,
}

/// A game's place in the batch and how judging it went.
type Slot = (usize, Result<GameLuck, Stop<()>>);

/// How judging one game stopped early: refused, or asked to stop (`S` is
/// uninhabited where nothing can ask).
enum Stop<S> {
    Refused(LuckError),
    Interrupted(S),
}

/// Judges the chance nodes of the game played by `actions` from the
/// game's first state: each seat's luck, as the module explains.
///
/// # Errors
///
/// [`LuckError::Illegal`] for an action the game refuses where it comes
/// (actions after the end included).
pub fn game_luck<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    judge: &E,
    actions: &[Action],
) -> Result<GameLuck, LuckError> {
    game_luck_from(game, judge, &game.new_initial_state(), actions)
}

/// [`game_luck`] of the actions played from `start`, a position set up
/// rather than the game's first.
///
/// # Errors
///
/// [`LuckError::Illegal`] for an action the game refuses where it comes.
pub fn game_luck_from<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    judge: &E,
    start: &G::State,
    actions: &[Action],
) -> Result<GameLuck, LuckError> {
    judge_one(game, judge, start, actions, || None::<Infallible>).map_err(|e| match e {
        Stop::Refused(e) => e,
        Stop::Interrupted(never) => match never {},
    })
}

/// Judges many games on `threads` threads: for each `(start, actions)`,
/// [`game_luck_from`]'s answer, in the order given. `control` counts the
/// games judged (its total is the number of games) and stops the work
/// when its interrupt is set, between two chance nodes.
///
/// # Errors
///
/// [`JudgingError::BadThreads`] for `threads` out of range,
/// [`JudgingError::Interrupted`] when stopped; a game whose actions are
/// refused gets its [`LuckError`] in its own slot, the others are judged.
pub fn games_luck<G, E>(
    game: &G,
    judge: &E,
    games: &[(G::State, &[Action])],
    threads: usize,
    control: &Control,
) -> Result<Vec<Result<GameLuck, LuckError>>, JudgingError>
where
    G: Game + Sync,
    G::State: Sync,
    E: Evaluator<G> + Sync + ?Sized,
{
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(JudgingError::BadThreads);
    }
    control.set_total(games.len());
    let next = AtomicUsize::new(0);
    let interrupted = || control.interrupt.is_interrupted().then_some(());
    let judged: Vec<Vec<Slot>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(games.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while !control.interrupt.is_interrupted() {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some((start, actions)) = games.get(k) else {
                            break;
                        };
                        mine.push((k, judge_one(game, judge, start, actions, interrupted)));
                        control.done.fetch_add(1, Ordering::Relaxed);
                    }
                    mine
                })
            })
            .collect();
        // A worker panics only through the judge; its games stay unjudged.
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect()
    });
    let mut slots: Vec<Option<Result<GameLuck, LuckError>>> = vec![None; games.len()];
    for (k, result) in judged.into_iter().flatten() {
        slots[k] = Some(match result {
            Ok(luck) => Ok(luck),
            Err(Stop::Refused(e)) => Err(e),
            Err(Stop::Interrupted(())) => return Err(JudgingError::Interrupted),
        });
    }
    if control.interrupt.is_interrupted() {
        return Err(JudgingError::Interrupted);
    }
    slots
        .into_iter()
        .map(|s| s.ok_or(JudgingError::JudgeFailed))
        .collect()
}

/// One game's luck, asking `stop` at every chance node.
fn judge_one<G: Game, E: Evaluator<G> + ?Sized, S>(
    game: &G,
    judge: &E,
    start: &G::State,
    actions: &[Action],
    stop: impl Fn() -> Option<S>,
) -> Result<GameLuck, Stop<S>> {
    let refused = |index, action| Stop::Refused(LuckError::Illegal { index, action });
    let seats = game.num_players();
    let mut luck = vec![0.0; seats];
    let mut chance_nodes = 0;
    let mut state = *start;
    let mut scratch = Scratch::new(seats);
    for (index, &action) in actions.iter().enumerate() {
        if game.node(&state) == Node::Chance {
            if let Some(s) = stop() {
                return Err(Stop::Interrupted(s));
            }
            if !chance_luck(game, judge, &state, action, &mut scratch, &mut luck) {
                return Err(refused(index, action));
            }
            chance_nodes += 1;
        }
        game.apply(&mut state, action)
            .map_err(|_| refused(index, action))?;
    }
    let mut returns = vec![0.0; seats];
    estimate(game, judge, &state, &mut returns);
    Ok(GameLuck {
        luck,
        returns,
        finished: game.node(&state) == Node::Terminal,
        chance_nodes,
    })
}

/// Scratch space for [`chance_luck`].
pub(crate) struct Scratch {
    outcomes: Vec<(Action, f64)>,
    value: Vec<f64>,
    mean: Vec<f64>,
    drawn: Vec<f64>,
}

impl Scratch {
    pub(crate) fn new(seats: usize) -> Scratch {
        Scratch {
            outcomes: Vec::new(),
            value: vec![0.0; seats],
            mean: vec![0.0; seats],
            drawn: vec![0.0; seats],
        }
    }
}

/// Adds to `luck` what `action`, drawn at the chance node `state`, gave
/// each seat: its value less the mean of every outcome's, as `judge` sees
/// them. False, and nothing added, when `action` is not an outcome there.
pub(crate) fn chance_luck<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    judge: &E,
    state: &G::State,
    action: Action,
    scratch: &mut Scratch,
    luck: &mut [f64],
) -> bool {
    let Scratch {
        outcomes,
        value,
        mean,
        drawn,
    } = scratch;
    outcomes.clear();
    game.chance_outcomes(state, |a, p| outcomes.push((a, p)));
    if !outcomes.iter().any(|&(a, _)| a == action) {
        return false;
    }
    mean.fill(0.0);
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    for &(outcome, p) in outcomes.iter() {
        let mut next = *state;
        game.apply_legal(&mut next, outcome);
        after_outcome(game, judge, &next, value);
        for (m, v) in mean.iter_mut().zip(value.iter()) {
            *m += p / total * v;
        }
        if outcome == action {
            drawn.copy_from_slice(value);
        }
    }
    for ((l, d), m) in luck.iter_mut().zip(drawn.iter()).zip(mean.iter()) {
        *l += d - m;
    }
    true
}

/// The judge's values of `state`, just after a chance outcome: after the
/// best ply it sees for the seat to move when that seat decides next.
fn after_outcome<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    judge: &E,
    state: &G::State,
    out: &mut [f64],
) {
    let Node::Decision(mover) = game.node(state) else {
        estimate(game, judge, state, out);
        return;
    };
    let ends = ply_ends(game, state);
    let mut best: Option<&G::State> = None;
    let mut best_value = f64::NEG_INFINITY;
    for end in &ends.ends {
        let v = judge.rank(game, &end.state, mover.index());
        if v > best_value {
            best_value = v;
            best = Some(&end.state);
        }
    }
    estimate(game, judge, best.unwrap_or(state), out);
}

#[cfg(test)]
mod tests;
