//! The functions pickle calls to rebuild a `Game` or a `State` (named in
//! their `__reduce__`).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use racegames_board::Action;

use crate::pygame::{make_game, PyGame, PyState};

/// Rebuilds a game for pickle.
#[pyfunction]
#[pyo3(name = "_make_game")]
pub fn make_game_from(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    params: &Bound<'_, PyDict>,
) -> PyResult<PyGame> {
    make_game(py, name, Some(params))
}

/// Rebuilds a state for pickle: the game, then the notation, then the
/// history (where it starts, and its actions).
#[pyfunction]
#[pyo3(name = "_restore_state", signature = (name, params, notation, start=None, history=Vec::new()))]
pub fn restore_state(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    params: &Bound<'_, PyDict>,
    notation: &Bound<'_, PyAny>,
    start: Option<String>,
    history: Vec<Action>,
) -> PyResult<PyState> {
    let game = Bound::new(py, make_game(py, name, Some(params))?)?;
    Ok(PyGame::state_from_notation(&game, notation)?.with_history(start, history))
}
