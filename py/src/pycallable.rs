//! A Python callable `state -> action` as an arena seat
//! ([`racegames_env::dynplayer::ExternalPlayer`]): each decision takes the
//! GIL and calls it with a `State`.

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use racegames_board::Action;
use racegames_env::dynplayer::ExternalPlayer;
use racegames_env::erased::DynState;
use racegames_env::errors::ExternalError;

use crate::pygame::{PyGame, PyState};

/// The first exception a Python player raised in a match, passed on to
/// the caller in place of the arena's error.
pub type Raised = Arc<Mutex<Option<PyErr>>>;

/// A Python callable playing a seat of `game`.
pub struct PyCallable {
    /// The callable.
    pub f: Py<PyAny>,
    /// The game the `State`s it is given belong to.
    pub game: Arc<Py<PyGame>>,
    /// Where its first exception is kept.
    pub raised: Raised,
}

impl PyCallable {
    fn call(&self, py: Python<'_>, state: &dyn DynState) -> PyResult<Action> {
        // Its history starts here: the arena keeps the game's own.
        let start = state.notation();
        let pystate = PyState::new(self.game.clone_ref(py), state.clone_box())
            .with_history(Some(start), Vec::new());
        let action = self.f.bind(py).call1((pystate,))?;
        crate::args::read_action(&action)
    }
}

impl ExternalPlayer for PyCallable {
    fn act(&self, state: &dyn DynState) -> Result<Action, ExternalError> {
        Python::attach(|py| self.call(py, state)).map_err(|e| {
            let message = e.to_string();
            let mut slot = self.raised.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert(e);
            ExternalError(message)
        })
    }
}
