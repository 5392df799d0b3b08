//! `racegames._core.VectorCore`: the native half of
//! `racegames.vector.VectorEnv`, owning its numpy buffers.

use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::erased::DynGame;
use crate::errors::guard;
use crate::pygame::PyGame;
use crate::pyplayers::{vector_opponent, OpponentArg};
use crate::vector::{DynVector, Outputs, SeatChoice, VectorConfig};

/// A batch of environments stepped natively; see `racegames.vector.VectorEnv`.
///
/// The arrays (`observations`, `action_masks`, `rewards`, `terminated`,
/// `truncated`, `current_player`, `returns`, `ended`) are allocated once and
/// rewritten in place by every `reset` and `step`. They must not be written
/// to: masks and observations are updated from what they hold (`reset`
/// rewrites them in full).
#[pyclass(name = "VectorCore", module = "racegames._core")]
pub struct VectorCore {
    game: Py<PyGame>,
    core: Box<dyn DynVector>,
    obs: Py<PyArrayDyn<f32>>,
    mask: Py<PyArray2<i8>>,
    reward: Py<PyArray1<f64>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    current_player: Py<PyArray1<i32>>,
    returns: Py<PyArray2<f64>>,
    ended: Py<PyArray1<bool>>,
}

impl VectorCore {
    fn run(&mut self, py: Python<'_>, seed: Option<u64>, actions: Option<&[i64]>) -> PyResult<()> {
        let mut obs = self.obs.bind(py).readwrite();
        let mut mask = self.mask.bind(py).readwrite();
        let mut reward = self.reward.bind(py).readwrite();
        let mut terminated = self.terminated.bind(py).readwrite();
        let mut truncated = self.truncated.bind(py).readwrite();
        let mut current_player = self.current_player.bind(py).readwrite();
        let mut returns = self.returns.bind(py).readwrite();
        let mut ended = self.ended.bind(py).readwrite();
        let not_contiguous = |_| PyValueError::new_err("buffer is not contiguous");
        let out = Outputs {
            obs: obs.as_slice_mut().map_err(not_contiguous)?,
            mask: mask.as_slice_mut().map_err(not_contiguous)?,
            reward: reward.as_slice_mut().map_err(not_contiguous)?,
            terminated: terminated.as_slice_mut().map_err(not_contiguous)?,
            truncated: truncated.as_slice_mut().map_err(not_contiguous)?,
            current_player: current_player.as_slice_mut().map_err(not_contiguous)?,
            returns: returns.as_slice_mut().map_err(not_contiguous)?,
            ended: ended.as_slice_mut().map_err(not_contiguous)?,
        };
        let core = &mut self.core;
        py.detach(|| {
            guard(|| match actions {
                Some(actions) => core.step(actions, out),
                None => core.reset(seed, out),
            })
        })
    }
}

#[pymethods]
impl VectorCore {
    /// `seat` is an int or `"random"`; `opponent` is `"random"`, another
    /// built-in player's name or a `Player` (copied into every
    /// environment), or `None` (self-play).
    /// `threads` bounds the threads a step uses (default 1: on a busy
    /// machine extra threads wait for a core and slow the step down), at
    /// most one per 16 environments; see `crate::workers`.
    #[new]
    #[pyo3(signature = (game, num_envs, seed = 0, opponent = Some(OpponentArg::Name("random".to_owned())), seat = None, threads = None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        num_envs: usize,
        seed: u64,
        opponent: Option<OpponentArg>,
        seat: Option<&Bound<'_, PyAny>>,
        threads: Option<usize>,
    ) -> PyResult<VectorCore> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let g: Arc<dyn DynGame> = Arc::clone(&game.get().inner);
        let opponent = vector_opponent(py, game, opponent, seed)?;
        let random_opponent = opponent.is_some();
        let players = g.num_players();
        let seat = match seat {
            None => SeatChoice::Fixed(0),
            Some(s) if s.is_none() => SeatChoice::Fixed(0),
            Some(s) if s.extract::<String>().is_ok_and(|s| s == "random") => SeatChoice::Random,
            Some(s) if s.is_instance_of::<PyBool>() => {
                return Err(PyTypeError::new_err("seat must be an int or \"random\""))
            }
            Some(s) => {
                let i: i64 = s
                    .extract()
                    .map_err(|_| PyTypeError::new_err("seat must be an int or \"random\""))?;
                if i < 0 || i as u64 >= players as u64 {
                    return Err(PyValueError::new_err(format!(
                        "seat {i} is not a seat of this game (0 to {})",
                        players - 1
                    )));
                }
                SeatChoice::Fixed(i as u8)
            }
        };
        let config = VectorConfig {
            num_envs,
            seed,
            random_opponent,
            seat,
            threads: threads.unwrap_or(1).max(1),
        };
        let mut obs_shape = vec![num_envs];
        obs_shape.extend(g.observation_shape());
        let actions = g.num_distinct_actions();
        let core = match opponent.flatten() {
            Some(player) => guard(|| Arc::clone(&g).new_vector_against(config, &*player))?
                .ok_or_else(|| PyValueError::new_err("the opponent plays another game"))?,
            None => guard(|| Arc::clone(&g).new_vector(config))?,
        };
        Ok(VectorCore {
            game: game.clone().unbind(),
            core,
            obs: PyArrayDyn::zeros(py, obs_shape, false).unbind(),
            mask: PyArray2::zeros(py, [num_envs, actions], false).unbind(),
            reward: PyArray1::zeros(py, num_envs, false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            current_player: PyArray1::zeros(py, num_envs, false).unbind(),
            returns: PyArray2::zeros(py, [num_envs, players], false).unbind(),
            ended: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
        })
    }

    /// Starts every environment afresh; `seed` reseeds each environment's
    /// generator (derived from the seed and its index).
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        self.run(py, seed, None)
    }

    /// Steps every environment with its action (an int64 array of length
    /// `num_envs`), with the GIL released.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions
            .as_slice()
            .map_err(|_| PyValueError::new_err("actions must be contiguous"))?;
        if actions.len() != self.core.num_envs() {
            return Err(PyValueError::new_err(format!(
                "expected {} actions, got {}",
                self.core.num_envs(),
                actions.len()
            )));
        }
        self.run(py, None, Some(actions))
    }

    /// Fills `out` (int64, length `num_envs`) with a uniformly random legal
    /// action per environment, natively (0 where an episode has just ended).
    fn random_actions(&mut self, py: Python<'_>, out: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let mut out = out.readwrite();
        let out = out
            .as_slice_mut()
            .map_err(|_| PyValueError::new_err("out must be contiguous"))?;
        if out.len() != self.core.num_envs() {
            return Err(PyValueError::new_err(format!(
                "out must have {} entries, not {}",
                self.core.num_envs(),
                out.len()
            )));
        }
        let core = &mut self.core;
        py.detach(|| guard(|| core.random_actions(out)))
    }

    /// The notation of environment `env`.
    fn notation(&self, env: usize) -> PyResult<String> {
        self.core
            .notation(env)
            .ok_or_else(|| PyValueError::new_err(format!("no environment {env}")))
    }

    /// The caller's seat in environment `env` (`None` in self-play).
    fn seat(&self, env: usize) -> PyResult<Option<usize>> {
        if env >= self.core.num_envs() {
            return Err(PyValueError::new_err(format!("no environment {env}")));
        }
        Ok(self.core.seat(env))
    }

    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }
    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.core.num_envs()
    }
    /// Observations, `(num_envs, *observation_tensor_shape)` float32.
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyArrayDyn<f32>> {
        self.obs.clone_ref(py)
    }
    /// Legal-action masks, `(num_envs, num_distinct_actions)` int8.
    #[getter]
    fn action_masks(&self, py: Python<'_>) -> Py<PyArray2<i8>> {
        self.mask.clone_ref(py)
    }
    /// The acting seat's reward of the last step, float64.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyArray1<f64>> {
        self.reward.clone_ref(py)
    }
    /// Episodes ended by the rules or an illegal action.
    #[getter]
    fn terminated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.terminated.clone_ref(py)
    }
    /// Episodes ended by the turn limit.
    #[getter]
    fn truncated(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.truncated.clone_ref(py)
    }
    /// The seat to act next in each environment, or -4 at an episode's end.
    #[getter]
    fn current_player(&self, py: Python<'_>) -> Py<PyArray1<i32>> {
        self.current_player.clone_ref(py)
    }
    /// Every seat's return where an episode ended, `(num_envs, num_players)`.
    #[getter]
    fn returns(&self, py: Python<'_>) -> Py<PyArray2<f64>> {
        self.returns.clone_ref(py)
    }
    /// Which environments ended an episode at the last step.
    #[getter]
    fn ended(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.ended.clone_ref(py)
    }
}
