//! Daldøs analysis for Python: capture odds and the threat map.

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use racegames_daldos::analysis::{capture_odds, threat_map};
use racegames_daldos::{Daldos, Hole, HoleName};

use crate::args;
use crate::erased::Held;
use crate::errors::guard;
use crate::pygame::PyState;

/// A copy of the Daldøs game and position of `state`, so that no borrow of
/// the state is held while the GIL is released.
fn daldos_state(state: &Bound<'_, PyState>) -> PyResult<Held<Daldos>> {
    let state = state.try_borrow()?;
    let held = state
        .inner()
        .as_any()
        .downcast_ref::<Held<Daldos>>()
        .ok_or_else(|| PyValueError::new_err("this is not a Daldøs state"))?;
    Ok(Held {
        game: Arc::clone(&held.game),
        state: held.state,
    })
}

/// A hole given by name (`"m3"`) or board-wide index.
fn read_hole(held: &Held<Daldos>, hole: &Bound<'_, PyAny>) -> PyResult<Hole> {
    let board = held.state.board();
    if let Ok(text) = hole.extract::<String>() {
        let name: HoleName = text
            .trim()
            .parse()
            .map_err(|e| PyValueError::new_err(format!("hole {text:?}: {e}")))?;
        return board.hole(name.row, name.index).ok_or_else(|| {
            PyValueError::new_err(format!("hole {text:?} is not on the {board} board"))
        });
    }
    if hole.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "a hole is a name such as \"m3\" or an int",
        ));
    }
    if hole.extract::<i64>().is_err() && !hole.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(
            "a hole is a name such as \"m3\" or an int",
        ));
    }
    let what = format!("a hole of the {board} board");
    let i = args::read_usize(hole, &what, 0, board.num_holes() - 1)?;
    Hole::new(i as u8).ok_or_else(|| PyValueError::new_err(format!("{i} is not {what}")))
}

/// `(probability, error_bound)` that the player to move removes the enemy
/// piece on `hole` this turn, extra throws included.
#[pyfunction]
#[pyo3(name = "_daldos_capture_odds")]
pub fn py_capture_odds(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    hole: &Bound<'_, PyAny>,
) -> PyResult<(f64, f64)> {
    let held = daldos_state(state)?;
    let target = read_hole(&held, hole)?;
    let (game, pos) = (&*held.game, held.state);
    let result = py.detach(|| guard(|| capture_odds(game, &pos, target)))?;
    result
        .map(|e| (e.probability, e.error_bound))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `[(hole_name, hole_index, probability, error_bound)]` for every piece of
/// the player not to move.
#[pyfunction]
#[pyo3(name = "_daldos_threat_map")]
pub fn py_threat_map(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
) -> PyResult<Vec<(String, usize, f64, f64)>> {
    let held = daldos_state(state)?;
    let (game, pos) = (&*held.game, held.state);
    let map = py
        .detach(|| guard(|| threat_map(game, &pos)))?
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let board = pos.board();
    Ok(map
        .iter()
        .map(|(hole, e)| {
            (
                board.hole_name(*hole).to_string(),
                hole.index(),
                e.probability,
                e.error_bound,
            )
        })
        .collect())
}

/// Every hole's name (`a0`, `m16`, `b15`) in board-wide order: row A, the
/// middle row, row B, as the engine names them in moves.
#[pyfunction]
#[pyo3(name = "_daldos_hole_names")]
pub fn py_hole_names(state: &Bound<'_, PyState>) -> PyResult<Vec<String>> {
    let board = daldos_state(state)?.state.board();
    Ok((0..board.num_holes())
        .filter_map(|i| Hole::new(u8::try_from(i).ok()?))
        .map(|hole| board.hole_name(hole).to_string())
        .collect())
}
