//! Analysis of positions and games: what a position is worth
//! ([`evaluate`]), which play is best and by how much ([`hint`]), what the
//! players' own games from it say ([`rollout`]), which moves of a game were
//! mistakes ([`analyse`]), and backgammon's bear-off distributions
//! ([`bearoff_rolls`]), in every game.
//!
//! Positions are valued as a built-in player values them (a [`Valuer`]):
//!
//! - `greedy` values a position by the game's evaluation itself (what GNU
//!   Backgammon calls 0-ply): at a chance node, the evaluation's estimate
//!   of the position; at a decision node, the estimate after the best
//!   play.
//! - `expectimax` with `depth` *d* searches *d* plies: at a decision node,
//!   the best play searched *d* plies; at a chance node, the mean over the
//!   outcomes of that. In the tables games, before a throw that is gnubg's
//!   *d*-ply evaluation, and a play valued at depth *d* + 1 is valued as
//!   gnubg's *d*-ply values a move (depth 1: the evaluation itself, as
//!   greedy). The players' time limit does not cut the search short.
//!
//! Players that keep no value of a position (`random`, `mcts`, a trained
//! `policy`) are refused by [`Valuer::new`]; [`rollout`] plays any player.
//!
//! Values are each seat's expected return, in the game's points,
//! cubeless. In a game with the doubling cube, [`evaluate`] also gives the
//! cube decision before a throw ([`CubeAnalysis`]: the cubeful equity and
//! the right cube action, by [`crate::cube`]'s models), [`hint`] ranks the
//! cube actions at a cube decision, and [`analyse`] counts cube errors
//! apart from checker-play errors, in the cube decision's unit
//! ([`CubeUnit`]).
//!
//! ```
//! use racegames_board::sim::SplitMix64;
//! use racegames_board::{Game, Node};
//! use racegames_players::analysis::{evaluate, hint, Valuer};
//! use racegames_daldos::Daldos;
//!
//! let game = Daldos::default();
//! let mut state = game.new_initial_state();
//! let mut dice = SplitMix64::new(7);
//! while game.node(&state) == Node::Chance {
//!     let throw = game.sample_chance(&state, dice.next_f64()).unwrap();
//!     game.apply(&mut state, throw).unwrap();
//! }
//! let valuer = Valuer::new(&game, "greedy", &[]).unwrap();
//! let plays = hint(&game, &state, &valuer).unwrap();
//! assert_eq!(plays[0].loss, 0.0);
//! let value = evaluate(&game, &state, &valuer).unwrap();
//! let mover = game.turn_owner(&state).unwrap().index();
//! assert_eq!(value.values[mover], plays[0].value);
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use racegames_board::{Action, Game, Node, ParamValue, Seat};

use crate::eval::{estimate, Evaluation};
use crate::expectimax::{best_end, value_ends, ExpectimaxSettings};
use crate::ply::ply_ends;
use crate::returns::exact_returns;
use crate::{Evaluator, Interrupt, Params, Playable, PlayerError};

mod chance;
mod review;
mod rollout;
mod workers;

pub use crate::cube::Outcomes;
pub use crate::cube::{CubeAnalysis, CubeChoice, CubeUnit, CubeVerdict};
pub use review::{analyse, Decision, GameReview};
pub use rollout::{rollout, RolloutResult, RolloutSettings, MAX_TRIALS, STRATA};

/// Chance nodes in a row (throws with no move) that [`evaluate`] averages
/// before the evaluation stands in.
const MAX_CHANCE_CHAIN: u32 = 4;

/// Why an analysis could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The player could not be built (unknown name, refused option).
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// The player keeps no value of positions (see [`Valuer::new`]).
    #[error(
        "player {player} keeps no value of positions; evaluate, hint and analyse take {takes}"
    )]
    NoValue {
        /// The player named.
        player: String,
        /// The players that value positions in this game.
        takes: String,
    },
    /// [`hint`] asked at a chance node or a terminal state.
    #[error("the state is not a decision node: hint needs a player to move")]
    NotADecision,
    /// A count or setting out of its range.
    #[error("{0}")]
    BadArgument(String),
    /// An action of a game that is not legal where it comes.
    #[error("move {index} (action {action}) is not legal there")]
    Illegal {
        /// Its place among the actions, from 0.
        index: usize,
        /// The action.
        action: Action,
    },
    /// The [`Progress`]'s interrupt was set before the work was done.
    #[error("the analysis was interrupted")]
    Interrupted,
    /// A player failed in a rollout, or a worker stopped (a bug).
    #[error("{0}")]
    Failed(String),
}

/// Counts the work of a long analysis and carries the interrupt that
/// stops it (Ctrl-C), for a progress bar on another thread.
///
/// ```
/// use racegames_players::analysis::Progress;
/// let progress = Progress::default();
/// assert_eq!((progress.done(), progress.total()), (0, 0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// Set from another thread to stop the work early; it then returns
    /// [`AnalysisError::Interrupted`].
    pub interrupt: Interrupt,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
}

impl Progress {
    /// Units done so far (trials of a rollout, decisions of an analysis).
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// Units planned, known once the work has started.
    pub fn total(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    pub(crate) fn start(&self, total: usize) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    pub(crate) fn add(&self, n: usize) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    pub(crate) fn check(&self) -> Result<(), AnalysisError> {
        if self.interrupt.is_interrupted() {
            Err(AnalysisError::Interrupted)
        } else {
            Ok(())
        }
    }
}

/// How positions are valued: a built-in player's evaluation, and its
/// search depth for `expectimax`.
#[derive(Clone)]
pub struct Valuer<G: Game> {
    name: &'static str,
    evaluator: Arc<dyn Evaluator<G>>,
    /// `None` for greedy (the evaluation alone).
    search: Option<ExpectimaxSettings>,
}

impl<G: Game> core::fmt::Debug for Valuer<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Valuer")
            .field("name", &self.name)
            .field("search", &self.search)
            .finish_non_exhaustive()
    }
}

/// The built-in players that value positions.
const VALUERS: [&str; 2] = ["expectimax", "greedy"];

impl<G: Playable> Valuer<G> {
    /// Values positions as the built-in player `name` does, with its
    /// options `params` (those [`Playable::make_player`] takes: `eval`,
    /// and `expectimax`'s `depth`, `beam`, `prune`, `budget`,
    /// `root_filter`). `greedy` uses the hand-written evaluation unless
    /// told `eval=net`, as the player does; `expectimax` the shipped net
    /// where there is one. `budget` and `root_filter` change only which
    /// play a player picks, not how a play is valued: they are accepted and
    /// have no effect here.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::Player`] for a name the game does not offer or an
    /// option the player refuses; [`AnalysisError::NoValue`] for a player
    /// that keeps no value of positions (`random`, `mcts`, `policy`).
    pub fn new(game: &G, name: &str, params: &Params<'_>) -> Result<Valuer<G>, AnalysisError> {
        // The player's own checks, with its own messages.
        game.make_player(name, 0, params)?;
        let Some(&name) = VALUERS.iter().find(|&&v| v == name) else {
            return Err(AnalysisError::NoValue {
                player: name.chars().take(48).collect(),
                takes: valuers(game).join(" or "),
            });
        };
        let mut kind = (name == "greedy").then_some(Evaluation::Hand);
        let mut search = game.search_defaults().expectimax;
        for &(key, value) in params {
            match (key, value) {
                ("eval", ParamValue::Str("net")) => kind = Some(Evaluation::Net),
                ("eval", ParamValue::Str(_)) => kind = Some(Evaluation::Hand),
                ("depth", ParamValue::Int(d)) => search.depth = d.clamp(1, 4) as u32,
                ("beam", ParamValue::Int(b)) => search.beam = b.clamp(0, 1 << 16) as u32,
                ("prune", ParamValue::Bool(p)) => search.prune = p,
                _ => {}
            }
        }
        let evaluator = match kind {
            Some(k) => game.evaluation(k),
            None => game.best_evaluation(),
        }
        .ok_or_else(|| {
            AnalysisError::BadArgument(format!("this game has no evaluation for player {name}"))
        })?;
        Ok(Valuer {
            name,
            evaluator,
            search: (name == "expectimax").then_some(search),
        })
    }

    /// The strongest player of the game that values positions (the first
    /// of [`Playable::player_names`] that does), with its default options.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::NoValue`] for a game none of whose players values
    /// positions (no registered game).
    pub fn strongest(game: &G) -> Result<Valuer<G>, AnalysisError> {
        let name = valuers(game)
            .first()
            .copied()
            .ok_or_else(|| AnalysisError::NoValue {
                player: "any".into(),
                takes: "none".into(),
            })?;
        Valuer::new(game, name, &[])
    }
}

impl<G: Game> Valuer<G> {
    /// The player's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The plies searched: 0 for greedy (the evaluation itself).
    pub fn depth(&self) -> u32 {
        self.search.map_or(0, |s| s.depth)
    }

    /// The evaluation.
    pub fn evaluator(&self) -> &Arc<dyn Evaluator<G>> {
        &self.evaluator
    }
}

/// The players of `game` that value positions, strongest first.
pub fn valuers<G: Playable>(game: &G) -> Vec<&'static str> {
    game.player_names()
        .into_iter()
        .filter(|n| VALUERS.contains(n))
        .collect()
}

/// What [`evaluate`] finds.
#[derive(Clone, Debug, PartialEq)]
pub struct Valuation {
    /// Each seat's expected return.
    pub values: Vec<f64>,
    /// For backgammon (a game with a five-output net): the outcome chances
    /// for [`Valuation::outcomes_seat`], as the net sees the position (at a
    /// decision node, the position after the best play): the net's own,
    /// not searched. At a terminal state, the result itself.
    pub outcomes: Option<Outcomes>,
    /// The seat [`Valuation::outcomes`] are for: the seat to act (at a
    /// chance node, the seat about to throw), seat 0 at a terminal state.
    pub outcomes_seat: Option<Seat>,
    /// The plies searched (0: the evaluation itself; 1 more at a decision
    /// node searched by `greedy`, which picks the best play): the depth
    /// actually searched, which is less than `expectimax`'s `depth` where
    /// the search reached its work cap (see [`Play::depth`]); at a chance
    /// node, the least of its outcomes'.
    pub depth: u32,
    /// In a game with the doubling cube, before a throw or at a double:
    /// the cubeful equity and the right cube action (0-ply, from the net's
    /// chances, whatever the player).
    pub cube: Option<CubeAnalysis>,
}

/// Each seat's expected return at `state`, as `valuer` sees it (see the
/// module docs); at a terminal state, the game's returns.
///
/// # Errors
///
/// [`AnalysisError::Interrupted`] when this thread's interrupt
/// ([`crate::with_interrupt`]) was set during the search.
pub fn evaluate<G: Playable>(
    game: &G,
    state: &G::State,
    valuer: &Valuer<G>,
) -> Result<Valuation, AnalysisError> {
    evaluate_on(game, state, valuer, 1)
}

/// [`evaluate`] on up to `threads` threads: at a chance node searched
/// deeper than the evaluation, its outcomes are valued side by side. The
/// figures are the same bit for bit on any number of threads (each
/// outcome is searched alone, and the mean is summed in the outcomes'
/// order); the searches poll this thread's interrupt.
///
/// # Errors
///
/// As [`evaluate`]; [`AnalysisError::BadArgument`] when `threads` is not
/// from 1 to [`crate::arena::MAX_THREADS`].
///
/// ```
/// use racegames_board::{Game, Node};
/// use racegames_daldos::Daldos;
/// use racegames_players::analysis::{evaluate, evaluate_on, Valuer};
///
/// let game = Daldos::default();
/// let valuer = Valuer::new(&game, "expectimax", &[]).unwrap();
/// let state = game.new_initial_state();
/// assert_eq!(game.node(&state), Node::Chance);
/// let alone = evaluate(&game, &state, &valuer).unwrap();
/// let side_by_side = evaluate_on(&game, &state, &valuer, 2).unwrap();
/// assert_eq!(side_by_side.values, alone.values);
/// assert!(evaluate_on(&game, &state, &valuer, 0).is_err());
/// ```
pub fn evaluate_on<G: Playable>(
    game: &G,
    state: &G::State,
    valuer: &Valuer<G>,
    threads: usize,
) -> Result<Valuation, AnalysisError> {
    check_threads(threads)?;
    let n = game.num_players();
    let mut values = vec![0.0; n];
    let (outcomes, depth) = match game.node(state) {
        Node::Terminal => {
            exact_returns(game, state, &mut values);
            (game.outcomes(state), 0)
        }
        Node::Decision(mover) => {
            let Some(best) = best_play(game, state, mover, valuer)? else {
                // No end (every path loops): the evaluation of standing still.
                estimate(game, &*valuer.evaluator, state, &mut values);
                return Ok(Valuation {
                    values,
                    outcomes: None,
                    outcomes_seat: None,
                    depth: 0,
                    cube: None,
                });
            };
            values.clone_from(&best.values);
            let outcomes = game
                .outcomes(&best.state)
                .map(|(o, seat)| (if seat == mover { o } else { o.flipped() }, mover));
            (outcomes, best.depth)
        }
        Node::Chance => {
            let depth = chance::chance_values(game, state, valuer, threads, &mut values)?;
            (game.outcomes(state), depth)
        }
    };
    Ok(Valuation {
        values,
        outcomes: outcomes.map(|(o, _)| o),
        outcomes_seat: outcomes.map(|(_, s)| s),
        depth,
        cube: game.cube_analysis(state),
    })
}

/// The first of [`hint`]'s plays (the best), found without valuing the
/// others exactly where `expectimax` searches (see [`best_end`]); `None`
/// when the ply has no end.
fn best_play<G: Playable>(
    game: &G,
    state: &G::State,
    mover: Seat,
    valuer: &Valuer<G>,
) -> Result<Option<Play<G::State>>, AnalysisError> {
    let cube_decision = game
        .cube_analysis(state)
        .is_some_and(|c| !c.choices.is_empty());
    let (Some(settings), false) = (valuer.search, cube_decision) else {
        return Ok(hint(game, state, valuer)?.into_iter().next());
    };
    let found =
        best_end(game, &*valuer.evaluator, settings, state).ok_or(AnalysisError::NotADecision)?;
    let (mut ends, value, depth) = (found.ends, found.value, found.depth);
    if crate::interrupt_requested() {
        return Err(AnalysisError::Interrupted);
    }
    if ends.is_empty() {
        return Ok(None);
    }
    let end = ends.swap_remove(found.best);
    Ok(Some(Play {
        actions: end.actions,
        state: end.state,
        value,
        values: margin_values(game.num_players(), mover, value),
        loss: 0.0,
        depth,
    }))
}

/// [`AnalysisError::BadArgument`] unless `threads` is from 1 to
/// [`crate::arena::MAX_THREADS`].
fn check_threads(threads: usize) -> Result<(), AnalysisError> {
    let max_threads = crate::arena::MAX_THREADS;
    if (1..=max_threads).contains(&threads) {
        return Ok(());
    }
    Err(AnalysisError::BadArgument(format!(
        "threads must be from 1 to {max_threads}, not {threads}"
    )))
}

/// Each seat's value from an expectimax value `v` of `mover`'s: a
/// zero-sum margin over the next seat.
fn margin_values(seats: usize, mover: Seat, v: f64) -> Vec<f64> {
    let mut values = vec![0.0; seats];
    values[mover.index()] = v;
    values[(mover.index() + 1) % seats] = -v;
    values
}

/// One play of the player to move: the actions of a whole turn and where
/// they lead.
#[derive(Clone, Debug, PartialEq)]
pub struct Play<S> {
    /// The actions, in order (one per die where the game moves die by die).
    pub actions: Vec<Action>,
    /// The position after the play.
    pub state: S,
    /// The play's value for the player to move.
    pub value: f64,
    /// Each seat's expected return after the play.
    pub values: Vec<f64>,
    /// How much less the play is worth than the best (0 for the best).
    pub loss: f64,
    /// The plies its value looks ahead from the decision: 1 for the
    /// evaluation of the position after the play (`greedy`), `depth` for
    /// `expectimax`, or fewer where that search reached the work cap
    /// ([`crate::expectimax::MAX_WORK`] a play) and was made shallower; 0
    /// for a cube action (valued by the cube's model).
    pub depth: u32,
}

/// Every play of the player to move at `state` (a whole turn: the
/// distinct positions it can end in), each with its value as `valuer`
/// sees it, best first; plays of equal value keep the order of
/// [`crate::ply::ply_ends`]. At a cube decision (a game with the doubling
/// cube, before the throw or facing a double or an offer to resign), the
/// cube actions, each one action, valued by the cube's model
/// ([`CubeChoice::value`]) whatever `valuer`.
///
/// # Errors
///
/// [`AnalysisError::NotADecision`] at a chance node or a terminal state;
/// [`AnalysisError::Interrupted`] when this thread's interrupt was set.
pub fn hint<G: Playable>(
    game: &G,
    state: &G::State,
    valuer: &Valuer<G>,
) -> Result<Vec<Play<G::State>>, AnalysisError> {
    let Node::Decision(mover) = game.node(state) else {
        return Err(AnalysisError::NotADecision);
    };
    let n = game.num_players();
    let me = mover.index();
    if let Some(cube) = game.cube_analysis(state).filter(|c| !c.choices.is_empty()) {
        return Ok(cube_plays(game, state, mover, &cube));
    }
    let mut plays: Vec<Play<G::State>> = match valuer.search {
        None => ply_ends(game, state)
            .ends
            .into_iter()
            .map(|end| {
                let mut values = vec![0.0; n];
                estimate(game, &*valuer.evaluator, &end.state, &mut values);
                Play {
                    value: values[me],
                    values,
                    actions: end.actions,
                    state: end.state,
                    loss: 0.0,
                    depth: 1,
                }
            })
            .collect(),
        Some(settings) => {
            let (ends, depth) = value_ends(game, &*valuer.evaluator, settings, state)
                .ok_or(AnalysisError::NotADecision)?;
            if crate::interrupt_requested() {
                return Err(AnalysisError::Interrupted);
            }
            ends.into_iter()
                .map(|(end, v)| Play {
                    value: v,
                    values: margin_values(n, mover, v),
                    actions: end.actions,
                    state: end.state,
                    loss: 0.0,
                    depth,
                })
                .collect()
        }
    };
    ranked(&mut plays);
    Ok(plays)
}

/// Sorts `plays` best first and sets each one's loss.
fn ranked<S>(plays: &mut [Play<S>]) {
    plays.sort_by(|a, b| b.value.total_cmp(&a.value));
    let best = plays.first().map_or(0.0, |p| p.value);
    for p in plays {
        p.loss = (best - p.value).max(0.0);
    }
}

/// The cube actions of `mover` at a cube decision, as plays: each
/// action's value for the mover in the cube decision's unit, the other
/// seat's the opposite (money play) or the complement (match play).
fn cube_plays<G: Playable>(
    game: &G,
    state: &G::State,
    mover: Seat,
    cube: &CubeAnalysis,
) -> Vec<Play<G::State>> {
    let n = game.num_players();
    let mut plays: Vec<Play<G::State>> = cube
        .choices
        .iter()
        .map(|c| {
            let mut next = *state;
            game.apply_legal(&mut next, c.action);
            let mut values = vec![0.0; n];
            for (s, v) in values.iter_mut().enumerate() {
                *v = match (s == mover.index(), cube.unit) {
                    (true, _) => c.value,
                    (false, CubeUnit::Points) => -c.value,
                    (false, CubeUnit::MatchChance) => 1.0 - c.value,
                };
            }
            Play {
                actions: vec![c.action],
                state: next,
                value: c.value,
                values,
                loss: 0.0,
                depth: 0,
            }
        })
        .collect();
    ranked(&mut plays);
    plays
}

/// The one-sided distribution of the number of throws needed to bear off
/// every piece of `counts`, one side's pieces on its home points 1 to 6
/// (`counts[0]` on the point nearest the edge), with backgammon's dice,
/// each throw played to need the fewest throws on average: entry `n` is
/// the chance of needing exactly `n` throws, trailing zeros dropped (the
/// distribution gnubg's one-sided bear-off database holds).
///
/// ```
/// use racegames_players::analysis::bearoff_rolls;
/// let p = bearoff_rolls(&[3, 2, 0, 0, 0, 1]).unwrap();
/// assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-6);
/// assert_eq!(bearoff_rolls(&[0; 6]).unwrap(), vec![1.0]);
/// ```
///
/// # Errors
///
/// [`AnalysisError::BadArgument`] for other than six counts or more than
/// 15 pieces.
pub fn bearoff_rolls(counts: &[u8]) -> Result<Vec<f64>, AnalysisError> {
    let counts = bearoff_counts(counts)?;
    let table = crate::bearoff::rolls(&counts).ok_or_else(|| too_many(&counts))?;
    Ok(without_trailing_zeros(table.iter().map(|&p| f64::from(p))))
}

/// [`bearoff_rolls`] as gnubg's one-sided database holds it: each entry a
/// whole number of 1/65535, from gnubg's 16-bit arithmetic
/// ([`crate::bearoff::rolls_as_gnubg`]), for comparing figures with
/// gnubg's. It differs from the exact distribution by up to 2.8e-3 in
/// one entry.
///
/// ```
/// use racegames_players::analysis::bearoff_rolls_as_gnubg;
/// let p = bearoff_rolls_as_gnubg(&[0, 0, 0, 0, 0, 1]).unwrap();
/// assert_eq!(p, vec![0.0, 49151.0 / 65535.0, 16384.0 / 65535.0]);
/// ```
///
/// # Errors
///
/// As [`bearoff_rolls`].
pub fn bearoff_rolls_as_gnubg(counts: &[u8]) -> Result<Vec<f64>, AnalysisError> {
    let counts = bearoff_counts(counts)?;
    let units = crate::bearoff::rolls_as_gnubg(&counts).ok_or_else(|| too_many(&counts))?;
    Ok(without_trailing_zeros(
        units.iter().map(|&u| f64::from(u) / 65535.0),
    ))
}

/// Six counts, or why not.
fn bearoff_counts(counts: &[u8]) -> Result<[u8; 6], AnalysisError> {
    counts.try_into().map_err(|_| {
        AnalysisError::BadArgument(format!(
            "a bear-off position has six counts (points 1 to 6), not {}",
            counts.len()
        ))
    })
}

fn too_many(counts: &[u8; 6]) -> AnalysisError {
    AnalysisError::BadArgument(format!(
        "a bear-off position has at most 15 pieces, not {}",
        counts.iter().map(|&c| usize::from(c)).sum::<usize>()
    ))
}

fn without_trailing_zeros(entries: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut out: Vec<f64> = entries.collect();
    while out.len() > 1 && out.last() == Some(&0.0) {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests;
