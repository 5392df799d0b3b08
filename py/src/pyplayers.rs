//! The native half of `racegames.players`: the `Player` class, built-in
//! players by name, for every registered game.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use racegames_board::{Action, ParamValue};
use racegames_players::PlayerError;

use crate::dynplayer::DynPlayer;
use crate::errors::{self, guard};
use crate::params;
use crate::pygame::{PyGame, PyState};

/// The Python error for a player's error.
pub fn player_error(e: PlayerError) -> PyErr {
    match e {
        PlayerError::BadParameter(m) => errors::ParameterError::new_err(errors::python_words(&m)),
        PlayerError::WrongType(m) => errors::parameter_type_error(errors::python_words(&m)),
        PlayerError::Game(e) => errors::param(e),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// A built-in player of one game: made by `racegames.players.make_player`,
/// a callable `state -> action`.
#[pyclass(name = "Player", module = "racegames.players", frozen)]
pub struct PyPlayer {
    /// Locked only to act or to copy (a player keeps a plan between calls).
    inner: Mutex<Box<dyn DynPlayer>>,
    game: Py<PyGame>,
    name: String,
    seed: u64,
    params: Py<PyDict>,
    /// The policy file's bytes, for `policy`: a pickle carries them.
    policy: Option<Vec<u8>>,
}

impl PyPlayer {
    /// A fresh copy of the native player.
    pub(crate) fn native(&self) -> Box<dyn DynPlayer> {
        self.inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone_dyn()
    }

    /// `ValueError` unless `game` is the player's game (same name and
    /// options).
    pub(crate) fn check_game(&self, py: Python<'_>, game: &Py<PyGame>) -> PyResult<()> {
        let same = Arc::ptr_eq(&self.game.get().inner, &game.get().inner)
            || self.game.bind(py).eq(game.bind(py))?;
        if same {
            return Ok(());
        }
        Err(PyValueError::new_err(format!(
            "this {} player was made for {}, not for {}",
            self.name,
            self.game.bind(py).repr()?,
            game.bind(py).repr()?
        )))
    }
}

#[pymethods]
impl PyPlayer {
    /// The player's name, as `make_player` takes it.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The game the player plays.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// The seed the player was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The options given to `make_player`.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.params.bind(py).copy()
    }

    /// A legal action at `state`, a decision node of the player's game; the
    /// same seed and state always give the same action. Decides natively,
    /// with the GIL released; Ctrl-C raises `KeyboardInterrupt` within a
    /// fraction of a second.
    fn act(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Action> {
        let state = state
            .cast::<PyState>()
            .map_err(|_| PyTypeError::new_err("a player acts on a racegames State"))?;
        // A copy, so that no borrow of the state is held while the GIL is
        // released: other threads may use it meanwhile.
        let inner = {
            let state = state.borrow();
            self.check_game(py, &state.game)?;
            state.inner().clone_box()
        };
        let inner = &*inner;
        let player = &self.inner;
        // Ctrl-C stops the search (see `interruptible`); the player keeps
        // no state between decisions, so it stays usable.
        crate::interrupt::interruptible(py, |interrupt| {
            racegames_players::with_interrupt(interrupt, || {
                let mut player = player.lock().unwrap_or_else(|p| p.into_inner());
                player.act(inner)
            })
        })?
        .map_err(player_error)
    }

    /// The same as `act`: a player is a policy `state -> action`.
    fn __call__(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Action> {
        self.act(py, state)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut params = String::new();
        for (k, v) in self.params.bind(py).iter() {
            params.push_str(&format!(", {}={}", k.str()?, v.repr()?));
        }
        Ok(format!(
            "racegames.players.make_player({}, {}, seed={}{params})",
            PyString::new(py, &self.name).repr()?,
            self.game.bind(py).repr()?,
            self.seed
        ))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        if let Some(bytes) = &self.policy {
            let f = py
                .import("racegames._core")?
                .getattr("_policy_player_from_bytes")?;
            let args = (
                self.game.clone_ref(py),
                self.seed,
                pyo3::types::PyBytes::new(py, bytes),
                self.params.bind(py).copy()?,
            )
                .into_pyobject(py)?;
            return PyTuple::new(py, [f, args.into_any()]);
        }
        let f = py.import("racegames._core")?.getattr("_make_player")?;
        let args = (
            self.name.clone(),
            self.game.clone_ref(py),
            self.seed,
            self.params.bind(py).copy()?,
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [f, args.into_any()])
    }
}

/// The names of the built-in players of `game`, strongest first.
#[pyfunction]
#[pyo3(name = "_list_players")]
pub fn list_players(game: &Bound<'_, PyGame>) -> Vec<&'static str> {
    game.get().inner.player_names()
}

/// Builds the built-in player `name` of `game` (see
/// `racegames.players.make_player`, which checks the arguments' types).
#[pyfunction]
#[pyo3(name = "_make_player")]
pub fn make_player(
    name: &str,
    game: &Bound<'_, PyGame>,
    seed: u64,
    params: &Bound<'_, PyDict>,
) -> PyResult<PyPlayer> {
    let owned = params::read_params(Some(params))?;
    let values = params::values(&owned);
    let g = game.get();
    if name == "policy" {
        // Checks the options as the native builder does, then reads the
        // file once: the player and its pickle hold the same weights.
        let path = match values.as_slice() {
            [("path", ParamValue::Str(p))] => *p,
            _ => {
                return Err(player_error(
                    guard(|| g.inner.make_player(name, seed, &values))?
                        .err()
                        .unwrap_or_else(|| {
                            PlayerError::BadParameter("player policy takes path only".to_owned())
                        }),
                ))
            }
        };
        let bytes = racegames_players::policy::read_policy_file(std::path::Path::new(path))
            .map_err(|e| player_error(PlayerError::BadParameter(e.to_string())))?;
        let shown: String = path.chars().take(200).collect();
        let inner = guard(|| g.inner.policy_player_from_bytes(seed, &bytes))?.map_err(|e| {
            player_error(PlayerError::BadParameter(format!(
                "{shown:?}: {}",
                e.to_string().trim_start_matches("policy file: ")
            )))
        })?;
        return Ok(PyPlayer {
            name: name.to_owned(),
            inner: Mutex::new(inner),
            game: game.clone().unbind(),
            seed,
            params: params::owned_dict(params.py(), &owned)?.unbind(),
            policy: Some(bytes),
        });
    }
    let inner = guard(|| g.inner.make_player(name, seed, &values))?.map_err(player_error)?;
    Ok(PyPlayer {
        name: name.to_owned(),
        inner: Mutex::new(inner),
        game: game.clone().unbind(),
        seed,
        // Plain values: numpy's kinds and paths as int, float and str.
        params: params::owned_dict(params.py(), &owned)?.unbind(),
        policy: None,
    })
}

/// The `policy` player of the policy file's `data` (what a pickled policy
/// player is rebuilt from); `params` are the options it was made with.
#[pyfunction]
#[pyo3(name = "_policy_player_from_bytes")]
pub fn policy_player_from_bytes(
    game: &Bound<'_, PyGame>,
    seed: u64,
    data: Vec<u8>,
    params: &Bound<'_, PyDict>,
) -> PyResult<PyPlayer> {
    let g = game.get();
    let inner = guard(|| g.inner.policy_player_from_bytes(seed, &data))?.map_err(player_error)?;
    Ok(PyPlayer {
        name: "policy".to_owned(),
        inner: Mutex::new(inner),
        game: game.clone().unbind(),
        seed,
        params: params.copy()?.unbind(),
        policy: Some(data),
    })
}

/// Reads a policy file as the `policy` player does: regular files only,
/// the magic bytes first, at most 64 MiB; `ValueError` otherwise.
#[pyfunction]
#[pyo3(name = "_read_policy_file")]
pub fn read_policy_file<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let bytes = py
        .detach(|| racegames_players::policy::read_policy_file(&path))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(pyo3::types::PyBytes::new(py, &bytes))
}

/// Checks a policy file's bytes as the native loader does (layout, sizes,
/// layers that chain, finite weights) and gives them in the current net
/// file layout (the same bytes for a current file, a legacy `RGPL` file
/// rewritten); `ValueError` saying what is wrong.
#[pyfunction]
#[pyo3(name = "_check_policy_bytes")]
pub fn check_policy_bytes<'py>(
    py: Python<'py>,
    data: &[u8],
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let net = racegames_players::policy::PolicyNet::from_bytes(data)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(pyo3::types::PyBytes::new(py, &net.to_bytes()))
}
