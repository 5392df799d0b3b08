//! A played game reviewed: at each decision, the value lost against the
//! best play; each seat's error rate and luck, cube decisions counted
//! apart from checker plays.

use racegames_board::{Action, Game, Node, Seat};

use super::workers::side_by_side;
use super::{check_threads, hint, AnalysisError, Progress, Valuer};
use crate::arena::luck::{game_luck_from, LuckError};
use crate::eval::estimate;
use crate::Playable;

/// One decision of a game: a whole turn of one seat, as played and as the
/// analysis would have played it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<S> {
    /// The place of the turn's first action among the game's actions,
    /// from 0.
    pub index: usize,
    /// The seat that played.
    pub seat: Seat,
    /// The position before the turn.
    pub state: S,
    /// The actions played.
    pub played: Vec<Action>,
    /// The value of the play made, for the seat.
    pub value: f64,
    /// The actions of the best play.
    pub best: Vec<Action>,
    /// The value of the best play.
    pub best_value: f64,
    /// `best_value - value`: what the play cost (0 for the best).
    pub loss: f64,
    /// The rank of the play made among all (1 for the best).
    pub rank: usize,
    /// The number of distinct plays there were (1: the play was forced).
    pub choices: usize,
    /// Whether it was a cube decision (double or roll, take or drop,
    /// accept or reject), valued in the cube decision's unit
    /// ([`super::CubeUnit`]), not a checker play.
    pub cube: bool,
}

/// What [`analyse`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview<S> {
    /// Every complete turn of the game, in order.
    pub decisions: Vec<Decision<S>>,
    /// Per seat: the mean loss over its checker plays with a choice (0
    /// where it had none).
    pub error_rates: Vec<f64>,
    /// Per seat: its checker plays with a choice (more than one play).
    pub choices: Vec<usize>,
    /// Per seat: the mean loss over its cube decisions (0 where it had
    /// none; always 0 in a game without the cube).
    pub cube_error_rates: Vec<f64>,
    /// Per seat: its cube decisions with a choice.
    pub cube_choices: Vec<usize>,
    /// Per seat: the luck of its dice, as the game's best evaluation judges
    /// them (`racegames_players::arena::luck`); `None` where the game has no
    /// evaluation.
    pub luck: Option<Vec<f64>>,
    /// Each seat's return at the end (estimated if the game is unfinished).
    pub returns: Vec<f64>,
    /// Whether the actions end the game.
    pub finished: bool,
}

/// One turn's valuation: `None` when its end was not listed.
type Judged<S> = Result<Option<Decision<S>>, AnalysisError>;

/// A turn found in the actions, before it is valued.
struct Turn<S> {
    index: usize,
    seat: Seat,
    start: S,
    played: Vec<Action>,
    end: S,
}

/// Reviews the game played by `actions` from `start`: every whole turn
/// is valued against all the plays there were, as `valuer` sees them (on
/// `threads` threads; the figures do not depend on them), and each
/// seat's error rate and luck computed. A turn cut short by the end of
/// `actions` is not reviewed. `progress` counts the turns valued.
///
/// ```
/// use racegames_board::{Game, Node};
/// use racegames_players::analysis::{analyse, Progress, Valuer};
/// use racegames_players::Playable;
/// use racegames_daldos::Daldos;
///
/// let game = Daldos::default();
/// let mut state = game.new_initial_state();
/// let mut actions = Vec::new();
/// let mut random = game.make_player("random", 3, &[]).unwrap();
/// let mut dice = racegames_board::sim::SplitMix64::new(3);
/// for _ in 0..40 {
///     let a = match game.node(&state) {
///         Node::Chance => game.sample_chance(&state, dice.next_f64()).unwrap(),
///         Node::Decision(_) => random.act(&game, &state).unwrap(),
///         Node::Terminal => break,
///     };
///     game.apply(&mut state, a).unwrap();
///     actions.push(a);
/// }
/// let valuer = Valuer::new(&game, "greedy", &[]).unwrap();
/// let review = analyse(&game, &game.new_initial_state(), &actions, &valuer, 1, &Progress::default()).unwrap();
/// assert!(review.decisions.iter().all(|d| d.loss >= 0.0));
/// ```
///
/// # Errors
///
/// [`AnalysisError::Illegal`] for an action the game refuses where it
/// comes; [`AnalysisError::BadArgument`] for threads out of range;
/// [`AnalysisError::Interrupted`] when stopped.
pub fn analyse<G: Playable>(
    game: &G,
    start: &G::State,
    actions: &[Action],
    valuer: &Valuer<G>,
    threads: usize,
    progress: &Progress,
) -> Result<GameReview<G::State>, AnalysisError> {
    check_threads(threads)?;
    let (turns, end) = turns(game, start, actions)?;
    progress.start(turns.len());
    let slots = side_by_side(turns.len(), threads, &progress.interrupt, |k| {
        let judged = judge_turn(game, &turns[k], valuer);
        progress.add(1);
        judged
    });
    progress.check()?;
    let mut decisions = Vec::with_capacity(turns.len());
    for slot in slots {
        let judged = slot.ok_or_else(|| {
            AnalysisError::Failed("an analysis worker stopped early (a bug)".into())
        })?;
        decisions.extend(judged?);
    }
    let n = game.num_players();
    let (error_rates, choices) = rates(&decisions, n, false);
    let (cube_error_rates, cube_choices) = rates(&decisions, n, true);
    let luck = match game.best_evaluation() {
        Some(judge) => Some(
            game_luck_from(game, &*judge, start, actions)
                .map_err(
                    |LuckError::Illegal { index, action }| AnalysisError::Illegal { index, action },
                )?
                .luck,
        ),
        None => None,
    };
    let mut returns = vec![0.0; n];
    match game.best_evaluation() {
        Some(judge) => estimate(game, &*judge, &end, &mut returns),
        None if game.node(&end) == Node::Terminal => {
            crate::returns::exact_returns(game, &end, &mut returns)
        }
        None => {}
    }
    Ok(GameReview {
        decisions,
        error_rates,
        choices,
        cube_error_rates,
        cube_choices,
        luck,
        returns,
        finished: game.node(&end) == Node::Terminal,
    })
}

/// Each seat's mean loss over its decisions with a choice, of the cube or
/// of checker play, and their number.
fn rates<S>(decisions: &[Decision<S>], n: usize, cube: bool) -> (Vec<f64>, Vec<usize>) {
    let mut losses = vec![0.0; n];
    let mut choices = vec![0usize; n];
    for d in decisions.iter().filter(|d| d.choices > 1 && d.cube == cube) {
        losses[d.seat.index()] += d.loss;
        choices[d.seat.index()] += 1;
    }
    let rates = losses
        .iter()
        .zip(&choices)
        .map(|(l, &c)| if c == 0 { 0.0 } else { l / c as f64 })
        .collect();
    (rates, choices)
}

/// The complete turns of the game, and the position at its end.
#[allow(clippy::type_complexity)] // a list and a position
fn turns<G: Game>(
    game: &G,
    start: &G::State,
    actions: &[Action],
) -> Result<(Vec<Turn<G::State>>, G::State), AnalysisError> {
    let mut out = Vec::new();
    let mut state = *start;
    let mut open: Option<Turn<G::State>> = None;
    for (index, &action) in actions.iter().enumerate() {
        if open.is_none() {
            if let Node::Decision(seat) = game.node(&state) {
                open = Some(Turn {
                    index,
                    seat,
                    start: state,
                    played: Vec::new(),
                    end: state,
                });
            }
        }
        game.apply(&mut state, action)
            .map_err(|_| AnalysisError::Illegal { index, action })?;
        if let Some(turn) = open.as_mut() {
            turn.played.push(action);
            if game.node(&state) != Node::Decision(turn.seat) {
                turn.end = state;
                out.extend(open.take());
            }
        }
    }
    Ok((out, state))
}

/// One turn valued; `None` when its end is not among the plays listed
/// (a turn of more ends than [`crate::ply::MAX_PLY_ENDS`]).
fn judge_turn<G: Playable>(
    game: &G,
    turn: &Turn<G::State>,
    valuer: &Valuer<G>,
) -> Judged<G::State> {
    let plays = hint(game, &turn.start, valuer)?;
    let cube = game
        .cube_analysis(&turn.start)
        .is_some_and(|c| !c.choices.is_empty());
    let Some(rank) = plays.iter().position(|p| p.state == turn.end) else {
        return Ok(None);
    };
    let (best, played) = (&plays[0], &plays[rank]);
    Ok(Some(Decision {
        index: turn.index,
        seat: turn.seat,
        state: turn.start,
        played: turn.played.clone(),
        value: played.value,
        best: best.actions.clone(),
        best_value: best.value,
        loss: played.loss,
        rank: rank + 1,
        choices: plays.len(),
        cube,
    }))
}
