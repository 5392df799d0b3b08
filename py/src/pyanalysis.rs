//! The native half of `racegames.analysis`: evaluate, hint, rollout and
//! analyse on any game's state, with the GIL released and Ctrl-C heard
//! (see [`crate::interrupt`]), and the bear-off distributions. The Python
//! module checks the arguments' types and wraps the plain tuples returned
//! here in its classes.

use std::sync::Arc;

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use racegames_board::Action;
use racegames_players::analysis::{
    self, AnalysisError, CubeAnalysis, CubeUnit, Progress, RolloutSettings,
};

use crate::args::read_action;
use crate::args::{read_int, read_seed, read_usize};
use crate::dyngame::DynGame;
use crate::interrupt::{interruptible, interruptible_polled};
use crate::params;
use crate::pygame::PyState;
use crate::pyplayers::{player_error, PyPlayer};

/// The Python error for an analysis error.
fn analysis_error(e: AnalysisError) -> PyErr {
    match e {
        AnalysisError::Player(e) => player_error(e),
        AnalysisError::Interrupted => PyKeyboardInterrupt::new_err(()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A copy of the state's position and its game (no borrow is held while
/// the GIL is released).
fn position(
    state: &Bound<'_, PyAny>,
) -> PyResult<(Box<dyn racegames_env::erased::DynState>, Arc<dyn DynGame>)> {
    let state = state
        .cast::<PyState>()
        .map_err(|_| PyTypeError::new_err("the analysis takes a racegames State"))?;
    let held = state.borrow();
    Ok((held.inner().clone_box(), Arc::clone(&held.game.get().inner)))
}

/// A poll that calls `progress(done, total)` whenever the counts change.
fn report<'a>(
    progress: Option<&'a Bound<'a, PyAny>>,
    counts: &'a Progress,
) -> impl FnMut(Python<'_>) -> PyResult<()> + 'a {
    let mut shown = None;
    move |_| {
        let Some(progress) = progress else {
            return Ok(());
        };
        let now = (counts.done(), counts.total());
        if shown != Some(now) {
            shown = Some(now);
            progress.call1(now)?;
        }
        Ok(())
    }
}

/// The cube decision as a dict for the Python module's `CubeDecision`.
fn cube_dict<'py>(py: Python<'py>, c: &CubeAnalysis) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("doubler", c.doubler.index())?;
    d.set_item("outcomes", c.outcomes.to_array().to_vec())?;
    d.set_item("no_double", c.decision.no_double)?;
    d.set_item("double_take", c.decision.double_take)?;
    d.set_item("double_drop", c.decision.double_drop)?;
    let unit = match c.unit {
        CubeUnit::Points => "points",
        CubeUnit::MatchChance => "match",
    };
    d.set_item("unit", unit)?;
    d.set_item("cube_value", c.cube_value)?;
    d.set_item("may_double", c.may_double)?;
    d.set_item("doubled", c.doubled)?;
    d.set_item("equity", c.equity)?;
    d.set_item("verdict", c.verdict.name())?;
    d.set_item("take", c.take)?;
    let choices: Vec<(Action, f64)> = c.choices.iter().map(|x| (x.action, x.value)).collect();
    d.set_item("choices", choices)?;
    Ok(d)
}

/// Each seat's value at `state`, a chance node's outcomes valued on up to
/// `threads` threads: `(values, outcomes or None, outcomes' seat or None,
/// depth, cube decision as a dict or None)`.
#[pyfunction]
#[pyo3(name = "_analysis_evaluate", signature = (state, player, params, threads))]
#[allow(clippy::type_complexity)] // the tuple the Python module unpacks
pub fn evaluate(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    player: Option<String>,
    params: Option<&Bound<'_, PyDict>>,
    threads: &Bound<'_, PyAny>,
) -> PyResult<(
    Vec<f64>,
    Option<Vec<f64>>,
    Option<usize>,
    u32,
    Option<Py<PyDict>>,
)> {
    let threads = read_usize(threads, "threads", 1, racegames_players::arena::MAX_THREADS)?;
    let (inner, game) = position(state)?;
    let owned = params::read_params(params)?;
    let values = params::values(&owned);
    let (inner, game, values, player) = (&*inner, &*game, &values, player.as_deref());
    let v = interruptible(py, |interrupt| {
        game.evaluate_dyn(inner, player, values, threads, interrupt)
    })?
    .map_err(analysis_error)?;
    let cube = v
        .cube
        .as_ref()
        .map(|c| cube_dict(py, c).map(Bound::unbind))
        .transpose()?;
    Ok((
        v.values,
        v.outcomes.map(|o| o.to_array().to_vec()),
        v.outcomes_seat.map(|s| s.index()),
        v.depth,
        cube,
    ))
}

/// Every play at `state`, best first: `(actions, value, values, loss,
/// depth)`.
#[pyfunction]
#[pyo3(name = "_analysis_hint", signature = (state, player=None, params=None))]
#[allow(clippy::type_complexity)] // the tuples the Python module unpacks
pub fn hint(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    player: Option<String>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(Vec<Action>, f64, Vec<f64>, f64, u32)>> {
    let (inner, game) = position(state)?;
    let owned = params::read_params(params)?;
    let values = params::values(&owned);
    let (inner, game, values, player) = (&*inner, &*game, &values, player.as_deref());
    let plays = interruptible(py, |interrupt| {
        game.hint_dyn(inner, player, values, interrupt)
    })?
    .map_err(analysis_error)?;
    Ok(plays
        .into_iter()
        .map(|p| (p.actions, p.value, p.values, p.loss, p.depth))
        .collect())
}

/// A rollout from `state` by `player`: `(values, stderr, trials,
/// truncated)`; luck adjusted with `luck_adjusted`.
#[pyfunction]
#[pyo3(name = "_analysis_rollout", signature = (state, player, trials, seed, threads, truncate=None, progress=None, luck_adjusted=false))]
#[allow(clippy::too_many_arguments)] // the Python signature, one argument each
#[allow(clippy::type_complexity)] // the tuple the Python module unpacks
pub fn rollout(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    player: &Bound<'_, PyPlayer>,
    trials: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
    truncate: Option<&Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
    luck_adjusted: bool,
) -> PyResult<(Vec<f64>, Vec<f64>, usize, usize)> {
    let settings = RolloutSettings {
        trials: read_usize(trials, "trials", 1, analysis::MAX_TRIALS)?,
        seed: read_seed(seed)?,
        threads: read_usize(threads, "threads", 1, racegames_players::arena::MAX_THREADS)?,
        truncate: match truncate {
            Some(t) if !t.is_none() => {
                Some(read_int(t, "truncate", 1, u64::from(u32::MAX))? as u32)
            }
            _ => None,
        },
        luck_adjusted,
    };
    {
        let s = state
            .cast::<PyState>()
            .map_err(|_| PyTypeError::new_err("the analysis takes a racegames State"))?;
        player.get().check_game(py, &s.borrow().game)?;
    }
    let (inner, game) = position(state)?;
    let native = player.get().native();
    let counts = Progress::default();
    let (inner, game, settings_ref, counts_ref) = (&*inner, &*game, &settings, &counts);
    // The player moves to the worker thread (a player is Send, not Sync).
    let r = interruptible_polled(
        py,
        &counts.interrupt,
        move |_| game.rollout_dyn(inner, &*native, settings_ref, counts_ref),
        report(progress.as_ref(), counts_ref),
    )?
    .map_err(analysis_error)?;
    Ok((r.values, r.stderr, r.trials, r.truncated))
}

/// One reviewed decision: `(index, seat, played, value, best, best_value,
/// loss, rank, choices, cube)`.
type DecisionRow = (
    usize,
    usize,
    Vec<Action>,
    f64,
    Vec<Action>,
    f64,
    f64,
    usize,
    usize,
    bool,
);

/// A reviewed game: `(decisions, error_rates, choices, cube_error_rates,
/// cube_choices, luck or None, returns, finished)`.
type ReviewRow = (
    Vec<DecisionRow>,
    Vec<f64>,
    Vec<usize>,
    Vec<f64>,
    Vec<usize>,
    Option<Vec<f64>>,
    Vec<f64>,
    bool,
);

/// The review of the game played by `actions` from `start` (a
/// `ReviewRow`).
#[pyfunction]
#[pyo3(name = "_analysis_analyse", signature = (start, actions, player=None, params=None, threads=None, progress=None))]
#[allow(clippy::type_complexity)] // the tuple the Python module unpacks
pub fn analyse(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    actions: &Bound<'_, PyAny>,
    player: Option<String>,
    params: Option<&Bound<'_, PyDict>>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<ReviewRow> {
    let threads = match threads {
        Some(t) => read_usize(t, "threads", 1, racegames_players::arena::MAX_THREADS)?,
        None => 1,
    };
    let list = actions
        .try_iter()
        .map_err(|_| PyTypeError::new_err("actions must be an iterable of ints"))?;
    let mut read = Vec::new();
    for (k, a) in list.enumerate() {
        if k % 4096 == 4095 {
            py.check_signals()?;
        }
        read.push(read_action(&a?)?);
    }
    let (inner, game) = position(start)?;
    let owned = params::read_params(params)?;
    let values = params::values(&owned);
    let counts = Progress::default();
    let (inner, game, values, player, read) = (&*inner, &*game, &values, player.as_deref(), &read);
    let review = interruptible_polled(
        py,
        &counts.interrupt,
        |_| game.analyse_dyn(inner, read, player, values, threads, &counts),
        report(progress.as_ref(), &counts),
    )?
    .map_err(analysis_error)?;
    let rows = review
        .decisions
        .into_iter()
        .map(|d| {
            (
                d.index,
                d.seat.index(),
                d.played,
                d.value,
                d.best,
                d.best_value,
                d.loss,
                d.rank,
                d.choices,
                d.cube,
            )
        })
        .collect();
    Ok((
        rows,
        review.error_rates,
        review.choices,
        review.cube_error_rates,
        review.cube_choices,
        review.luck,
        review.returns,
        review.finished,
    ))
}

/// The one-sided bear-off distribution of `counts` (points 1 to 6):
/// exact, or with `as_gnubg` as gnubg's database holds it.
#[pyfunction]
#[pyo3(name = "_bearoff_rolls", signature = (counts, as_gnubg=false))]
pub fn bearoff_rolls(counts: Vec<Bound<'_, PyAny>>, as_gnubg: bool) -> PyResult<Vec<f64>> {
    if counts.len() != 6 {
        return Err(PyValueError::new_err(format!(
            "a bear-off position has six counts (points 1 to 6), not {}",
            counts.len()
        )));
    }
    let mut read = [0u8; 6];
    for (i, c) in counts.iter().enumerate() {
        read[i] = read_int(c, &format!("the count on point {}", i + 1), 0, 15)? as u8;
    }
    if as_gnubg {
        analysis::bearoff_rolls_as_gnubg(&read).map_err(analysis_error)
    } else {
        analysis::bearoff_rolls(&read).map_err(analysis_error)
    }
}

/// Adds the analysis functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(rollout, m)?)?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    m.add_function(wrap_pyfunction!(bearoff_rolls, m)?)?;
    m.add("MAX_TRIALS", analysis::MAX_TRIALS)?;
    Ok(())
}
