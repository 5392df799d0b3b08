//! Tables games (Seys dos e as, backgammon) for Python: the positions at
//! the end of a whole turn, computed natively.

use std::collections::BTreeSet;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use racegames_tables::Tables;

use crate::erased::{DynState, Held};
use crate::errors::guard;
use crate::pygame::{PyGame, PyState};

/// A copy of the tables game and position of `state`, so that no borrow of
/// the state is held while the GIL is released.
pub(crate) fn tables_state(state: &Bound<'_, PyState>) -> PyResult<(Py<PyGame>, Held<Tables>)> {
    let state = state.try_borrow()?;
    let held = state
        .inner()
        .as_any()
        .downcast_ref::<Held<Tables>>()
        .ok_or_else(|| PyValueError::new_err("this is not a tables game state"))?;
    let copy = Held {
        game: Arc::clone(&held.game),
        state: held.state,
    };
    Ok((state.game.clone_ref(state.py()), copy))
}

/// The most positions (within the turn and at its end) that
/// `_tables_turn_ends` visits: a second or so, some tens of megabytes.
pub const MAX_TURN_POSITIONS: usize = 1 << 18;

/// Every distinct state at the end of the turn under way in `state` (the
/// next player's throw, or the end of the game), over every legal play (and
/// every throw when `state` is at a throw), sorted by notation. Empty at the
/// end of the game. `racegames_tables::Tables::turn_successors`.
/// `ValueError` past [`MAX_TURN_POSITIONS`] (Pareia de entrada's extra
/// throws).
#[pyfunction]
#[pyo3(name = "_tables_turn_ends")]
pub fn py_turn_ends(py: Python<'_>, state: &Bound<'_, PyState>) -> PyResult<Vec<PyState>> {
    let (py_game, held) = tables_state(state)?;
    let (game, pos) = (Arc::clone(&held.game), held.state);
    let (ends, complete) = py.detach(|| {
        guard(|| {
            let mut out = BTreeSet::new();
            let complete = game.turn_successors_at_most(&pos, &mut out, MAX_TURN_POSITIONS);
            (out, complete)
        })
    })?;
    if !complete {
        return Err(PyValueError::new_err(format!(
            "this turn reaches more than {MAX_TURN_POSITIONS} positions (a game with \
             unlimited extra throws); its ends are not listed"
        )));
    }
    let mut states: Vec<(String, PyState)> = ends
        .into_iter()
        .map(|p| {
            let inner: Box<dyn DynState> = Box::new(Held {
                game: Arc::clone(&held.game),
                state: p,
            });
            let key = inner.notation();
            let s = PyState::new(py_game.clone_ref(py), inner)
                .with_history(Some(key.clone()), Vec::new());
            (key, s)
        })
        .collect();
    states.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(states.into_iter().map(|(_, s)| s).collect())
}

/// Adds the tables functions to `racegames._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_turn_ends, m)?)
}
