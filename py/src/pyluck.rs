//! The native half of `racegames.arena.luck`: many games judged at once,
//! with the GIL released, stopped by Ctrl-C and watched by a progress
//! callback.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use racegames_board::Action;
use racegames_players::arena::luck::{JudgingError, LuckError};
use racegames_players::arena::{Control, MAX_THREADS};
use racegames_players::builtin::Evaluation;

use crate::args::read_action;
use crate::args::read_usize;
use crate::interrupt::interruptible_polled;
use crate::pyarena::report_progress;
use crate::pygame::{PyGame, PyState};

/// The evaluation a `judge` name asks for (`None`: the game's best).
fn judge_kind(judge: Option<&str>) -> PyResult<Option<Evaluation>> {
    match judge {
        None => Ok(None),
        Some("net") => Ok(Some(Evaluation::Net)),
        Some("hand") => Ok(Some(Evaluation::Hand)),
        Some(other) => Err(PyValueError::new_err(format!(
            "judge must be 'net', 'hand' or None, not {:?}",
            other.chars().take(48).collect::<String>()
        ))),
    }
}

/// Judges every game `(starts[k], actions[k])` of `game` (see
/// `racegames.arena.luck`); returns, per game, `(luck, returns, finished,
/// chance_nodes)`. A refused action raises `ValueError` naming its game,
/// by `numbers[k]` where the caller numbers the games otherwise.
#[pyfunction]
#[pyo3(name = "_arena_luck", signature = (game, starts, actions, judge=None, threads=None, progress=None, numbers=None))]
#[allow(clippy::too_many_arguments)] // the Python signature, one argument each
pub fn arena_luck<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    starts: Vec<Bound<'py, PyState>>,
    actions: Vec<Bound<'py, PyAny>>,
    judge: Option<String>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
    numbers: Option<Vec<usize>>,
) -> PyResult<Bound<'py, PyList>> {
    let kind = judge_kind(judge.as_deref())?;
    let threads = match threads {
        Some(t) => read_usize(t, "threads", 1, MAX_THREADS)?,
        None => 1,
    };
    if starts.len() != actions.len() {
        return Err(PyValueError::new_err(
            "one start position is needed for each game's actions",
        ));
    }
    let mut read: Vec<Vec<Action>> = Vec::with_capacity(actions.len());
    // Messages name a game by the caller's number for it, if given.
    let number = |k: usize| {
        numbers
            .as_ref()
            .and_then(|n| n.get(k))
            .copied()
            .unwrap_or(k)
    };
    for (k, (start, list)) in starts.iter().zip(&actions).enumerate() {
        // Reading a long batch takes a while: Ctrl-C is heard meanwhile.
        if k % 256 == 255 {
            py.check_signals()?;
        }
        let of = start.borrow().game.clone_ref(py);
        if !of.bind(py).as_any().eq(game)? {
            return Err(PyValueError::new_err(format!(
                "game {} starts from a position of another game (or other options)",
                number(k)
            )));
        }
        let list = list.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "the actions of game {} must be an iterable of ints",
                number(k)
            ))
        })?;
        let named = |e: PyErr| {
            PyErr::from_type(
                e.get_type(py),
                format!("game {}: {}", number(k), e.value(py)),
            )
        };
        read.push(
            list.map(|a| read_action(&a?))
                .collect::<PyResult<_>>()
                .map_err(named)?,
        );
    }
    let held: Vec<_> = starts.iter().map(|s| s.borrow()).collect();
    let inner = std::sync::Arc::clone(&game.get().inner);
    let control = Control::default();
    let judged = {
        let games: Vec<(&dyn crate::erased::DynState, &[Action])> = held
            .iter()
            .zip(&read)
            .map(|(s, a)| (s.inner(), a.as_slice()))
            .collect();
        interruptible_polled(
            py,
            &control.interrupt,
            |_| inner.games_luck(kind, &games, threads, &control),
            report_progress(progress.as_ref(), &control),
        )?
    };
    let judged = judged.map_err(|e| match e {
        JudgingError::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err(()),
        JudgingError::JudgeFailed => crate::errors::InternalError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    })?;
    let out = PyList::empty(py);
    for (k, result) in judged.into_iter().enumerate() {
        let luck = result.map_err(|e| match e {
            LuckError::Illegal { index, action } => PyValueError::new_err(format!(
                "game {}: move {} (action {action}) is not legal there",
                number(k),
                index + 1
            )),
            other => PyValueError::new_err(format!("game {}: {other}", number(k))),
        })?;
        out.append((luck.luck, luck.returns, luck.finished, luck.chance_nodes))?;
    }
    Ok(out)
}
