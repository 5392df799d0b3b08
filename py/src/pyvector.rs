//! `racegames._core.VectorCore`: the native half of
//! `racegames.vector.VectorEnv`, owning its numpy buffers.

use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use numpy::ndarray::Dimension;
use numpy::{
    BorrowError, Element, PyArray, PyArray1, PyArray2, PyArrayDyn, PyArrayMethods,
    PyReadonlyArray1, PyReadwriteArray,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::args;
use crate::dyngame::DynGame;
use crate::errors::guard;
use crate::pydriver::{read_opponent, vector_opponent, Form};
use crate::pygame::PyGame;
use crate::vector::{
    Afterstates, DynVector, EnvSnapshot, Outputs, SeatChoice, VectorConfig, VectorSnapshot,
    MAX_VECTOR_BYTES,
};
use crate::workers::MAX_THREADS;

/// A batch of environments stepped natively; see `racegames.vector.VectorEnv`.
///
/// The arrays (`observations`, `action_masks`, `rewards`, `terminated`,
/// `truncated`, `current_player`, `returns`, `ended`) are allocated once and
/// rewritten in place by every `reset` and `step`. They must not be written
/// to: masks and observations are updated from what they hold (`reset`
/// rewrites them in full).
///
/// The native batch is behind a lock, so that a second thread using the
/// object while a step runs (with the GIL released) gets a clear error.
#[pyclass(name = "VectorCore", module = "racegames._core", frozen)]
pub struct VectorCore {
    game: Py<PyGame>,
    native: Mutex<Native>,
    num_envs: usize,
    obs: Py<PyArrayDyn<f32>>,
    mask: Py<PyArray2<i8>>,
    reward: Py<PyArray1<f64>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    current_player: Py<PyArray1<i32>>,
    returns: Py<PyArray2<f64>>,
    ended: Py<PyArray1<bool>>,
    obs_len: usize,
}

/// The mutable part of a [`VectorCore`].
struct Native {
    core: Box<dyn DynVector>,
    /// Reused by `afterstates`.
    after: Afterstates,
}

/// A snapshot as Python holds it: `(backward, [(notation, dice, policy,
/// seat, pick, done), ...])`.
type PySnapshot = (bool, Vec<(String, u64, u64, u8, u8, bool)>);

/// What [`VectorCore::run`] does over the buffers.
enum Call<'a> {
    Reset(Option<u64>),
    Step(&'a [i64]),
    ResetEnded,
    Restore(&'a VectorSnapshot),
}

impl VectorCore {
    /// An environment index, `0..num_envs`.
    fn read_env(&self, env: &Bound<'_, PyAny>) -> PyResult<usize> {
        args::read_usize(env, "env", 0, self.num_envs - 1)
    }

    /// The native batch, unless another thread is using it.
    fn native(&self) -> PyResult<MutexGuard<'_, Native>> {
        match self.native.try_lock() {
            Ok(native) => Ok(native),
            // A panic is caught inside the lock (`guard`), so the batch is
            // whole.
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
                "this VectorEnv is in use by another thread (a step or reset is under way); \
                 a VectorEnv is not shared between threads: give each thread its own",
            )),
        }
    }

    fn run(&self, py: Python<'_>, call: Call<'_>) -> PyResult<()> {
        let mut native = self.native()?;
        let mut obs = writable(self.obs.bind(py), "observations")?;
        let mut mask = writable(self.mask.bind(py), "action_masks")?;
        let mut reward = writable(self.reward.bind(py), "rewards")?;
        let mut terminated = writable(self.terminated.bind(py), "terminated")?;
        let mut truncated = writable(self.truncated.bind(py), "truncated")?;
        let mut current_player = writable(self.current_player.bind(py), "current_player")?;
        let mut returns = writable(self.returns.bind(py), "returns")?;
        let mut ended = writable(self.ended.bind(py), "ended")?;
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
        let core = &mut native.core;
        py.detach(|| {
            guard(|| match call {
                Call::Step(actions) => {
                    core.step(actions, out);
                    Ok(())
                }
                Call::Reset(seed) => {
                    core.reset(seed, out);
                    Ok(())
                }
                Call::ResetEnded => {
                    core.reset_ended(out);
                    Ok(())
                }
                Call::Restore(snapshot) => core.restore(snapshot, out).map_err(|e| e.to_string()),
            })
        })?
        .map_err(PyValueError::new_err)
    }
}

#[pymethods]
impl VectorCore {
    /// `seat` is an int or `"random"`; `opponent` (no default: `None` means
    /// self-play) is `"random"`, another
    /// built-in player's name or a `Player` (copied into every
    /// environment), a list of those (a league: one drawn per episode), or
    /// `None` (self-play).
    /// `threads` (1 to [`MAX_THREADS`], default 1) bounds the threads a step
    /// uses (on a busy machine extra threads wait for a core and slow the
    /// step down), at most one per 16 environments; see `crate::workers`.
    /// `num_envs` is at most what fits in [`MAX_VECTOR_BYTES`].
    #[new]
    #[allow(clippy::too_many_arguments)] // the Python signature, one argument each
    #[pyo3(signature = (game, num_envs, seed = None, *, opponent, seat = None, threads = None, reward = None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        num_envs: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        opponent: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        reward: Option<&str>,
    ) -> PyResult<VectorCore> {
        let g: Arc<dyn DynGame> = Arc::clone(&game.get().inner);
        let per_env = g.vector_bytes_per_env();
        let max_envs = MAX_VECTOR_BYTES / per_env;
        let num_envs = args::read_usize(num_envs, "num_envs", 1, max_envs).map_err(|e| {
            let too_many =
                e.is_instance_of::<PyValueError>(py) && num_envs.gt(max_envs).unwrap_or(false);
            if !too_many {
                return e;
            }
            PyValueError::new_err(format!(
                "num_envs={num_envs} does not fit: {} takes {per_env} bytes per environment, \
                 so at most {max_envs} environments fit in the {} GiB a batch may use",
                g.name(),
                MAX_VECTOR_BYTES >> 30
            ))
        })?;
        let seed = match seed {
            Some(s) if !s.is_none() => args::read_seed(s)?,
            _ => 0,
        };
        let threads = match threads {
            Some(t) if !t.is_none() => args::read_usize(t, "threads", 1, MAX_THREADS)?,
            _ => 1,
        };
        let opponent =
            vector_opponent(py, game, read_opponent(game, opponent, Form::Vector)?, seed)?;
        let opponents = opponent.is_some();
        let players = g.num_players();
        let seat = match seat {
            None => SeatChoice::Fixed(0),
            Some(s) if s.is_none() => SeatChoice::Fixed(0),
            Some(s) if s.extract::<String>().is_ok_and(|s| s == "random") => SeatChoice::Random,
            Some(s) if s.is_instance_of::<PyString>() => {
                return Err(PyTypeError::new_err("seat must be an int or \"random\""))
            }
            Some(s) => SeatChoice::Fixed(args::read_usize(s, "seat", 0, players - 1)? as u8),
        };
        let progress_reward = match reward {
            None | Some("win") => false,
            Some("progress") if g.has_progress() => true,
            Some("progress") => {
                return Err(PyValueError::new_err(format!(
                    "reward=\"progress\" is for the Halma games; {} has only reward=\"win\"",
                    g.name()
                )))
            }
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "reward must be \"win\" or \"progress\", not {other:?}"
                )))
            }
        };
        let config = VectorConfig {
            num_envs,
            seed,
            opponents,
            seat,
            threads,
            progress_reward,
        };
        let mut obs_shape = vec![num_envs];
        obs_shape.extend(g.observation_shape());
        let actions = g.num_distinct_actions();
        let core = match opponent {
            Some(league) if !league.is_empty() => {
                guard(|| Arc::clone(&g).new_vector_against(config, &league))?
                    .ok_or_else(|| PyValueError::new_err("an opponent plays another game"))?
            }
            _ => guard(|| Arc::clone(&g).new_vector(config))?,
        };
        Ok(VectorCore {
            game: game.clone().unbind(),
            native: Mutex::new(Native {
                core,
                after: Afterstates::default(),
            }),
            num_envs,
            obs: PyArrayDyn::zeros(py, obs_shape, false).unbind(),
            mask: PyArray2::zeros(py, [num_envs, actions], false).unbind(),
            reward: PyArray1::zeros(py, num_envs, false).unbind(),
            terminated: PyArray1::zeros(py, num_envs, false).unbind(),
            truncated: PyArray1::zeros(py, num_envs, false).unbind(),
            current_player: PyArray1::zeros(py, num_envs, false).unbind(),
            returns: PyArray2::zeros(py, [num_envs, players], false).unbind(),
            ended: PyArray1::zeros(py, num_envs, false).unbind(),
            obs_len: g.observation_len(),
        })
    }

    /// Starts every environment afresh; `seed` reseeds each environment's
    /// generator (derived from the seed and its index).
    #[pyo3(signature = (seed = None))]
    fn reset(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seed = match seed {
            Some(s) if !s.is_none() => Some(args::read_seed(s)?),
            _ => None,
        };
        self.run(py, Call::Reset(seed))
    }

    /// Starts a new episode now in every environment whose episode ended at
    /// the last step (same-step autoreset), with the GIL released.
    fn reset_ended(&self, py: Python<'_>) -> PyResult<()> {
        self.run(py, Call::ResetEnded)
    }

    /// What decides how the environments go on, for pickling:
    /// `(backward, [(notation, dice, policy, seat, pick, done), ...])`.
    fn snapshot(&self) -> PyResult<PySnapshot> {
        let snapshot = self.native()?.core.snapshot();
        let envs = snapshot
            .envs
            .into_iter()
            .map(|e| (e.notation, e.dice, e.policy, e.seat, e.pick, e.done))
            .collect();
        Ok((snapshot.backward, envs))
    }

    /// Puts the environments back as `snapshot` (from `snapshot()` of a
    /// batch with the same configuration) has them, and rewrites the
    /// masks; the other buffers are the caller's to restore. `ValueError`,
    /// with nothing changed, for a snapshot that does not fit.
    fn restore(&self, py: Python<'_>, snapshot: PySnapshot) -> PyResult<()> {
        let (backward, envs) = snapshot;
        let snapshot = VectorSnapshot {
            backward,
            envs: envs
                .into_iter()
                .map(|(notation, dice, policy, seat, pick, done)| EnvSnapshot {
                    notation,
                    dice,
                    policy,
                    seat,
                    pick,
                    done,
                })
                .collect(),
        };
        self.run(py, Call::Restore(&snapshot))
    }

    /// Steps every environment with its action (an int64 array of length
    /// `num_envs`), with the GIL released.
    fn step(&self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = per_env(actions.as_slice(), "actions", self.num_envs)?;
        self.run(py, Call::Step(actions))
    }

    /// Fills `out` (int64, length `num_envs`) with a uniformly random legal
    /// action per environment, natively (0 where an episode has just ended).
    fn random_actions(&self, py: Python<'_>, out: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        // The lock first: a second thread gets the clear "in use" error,
        // not a borrow failure on the shared `out`.
        let mut native = self.native()?;
        let mut out = writable(out, "out")?;
        let out = per_env(out.as_slice_mut(), "out", self.num_envs)?;
        let core = &mut native.core;
        py.detach(|| guard(|| core.random_actions(out)))
    }

    /// The afterstates of every environment's legal actions, with the GIL
    /// released: `(counts, actions, observations, terminal)`. `counts[i]`
    /// afterstates belong to environment `i` (its legal actions in
    /// increasing order; 1, action 0, where its episode has just ended);
    /// `actions` and `terminal` have one entry per afterstate and
    /// `observations` one row (the acting seat's view of the position the
    /// action leads to, zeros where the game is over); `terminal` is the
    /// acting seat's return where the action ends the game, else NaN.
    /// With `turns`, the entries are the distinct positions at the end of
    /// the acting seat's ply, each with the first action towards it.
    #[allow(clippy::type_complexity)] // the four arrays, named in the doc
    /// `wanted` (bool, one per environment), where given, limits the
    /// work to the environments flagged; each other one gets one
    /// placeholder entry, as an ended episode does.
    #[pyo3(signature = (turns=false, wanted=None))]
    fn afterstates<'py>(
        &self,
        py: Python<'py>,
        turns: bool,
        wanted: Option<PyReadonlyArray1<'py, bool>>,
    ) -> PyResult<(
        Bound<'py, PyArray1<u32>>,
        Bound<'py, PyArray1<i64>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<f32>>,
    )> {
        let wanted = match &wanted {
            Some(w) => Some(per_env(w.as_slice(), "wanted", self.num_envs)?),
            None => None,
        };
        let mut native = self.native()?;
        let Native { core, after } = &mut *native;
        py.detach(|| guard(|| core.afterstates(after, turns, wanted)))?;
        let rows = after.len();
        let obs = PyArray1::from_slice(py, &after.obs).reshape([rows, self.obs_len])?;
        Ok((
            PyArray1::from_slice(py, &after.counts),
            PyArray1::from_slice(py, &after.actions),
            obs,
            PyArray1::from_slice(py, &after.terminal),
        ))
    }

    /// The actions that reach each entry of the last `afterstates` call, as
    /// a 2-D array padded with -1: one action each, or with `turns` the
    /// ply's whole path (what a player of that end plays, one by one).
    fn afterstate_plans<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let native = self.native()?;
        let after = &native.after;
        let width = after.plan_lens.iter().copied().max().unwrap_or(1).max(1) as usize;
        let mut padded = vec![-1i64; after.plan_lens.len() * width];
        let mut from = 0;
        for (row, &len) in padded.chunks_exact_mut(width).zip(&after.plan_lens) {
            let len = len as usize;
            row[..len].copy_from_slice(&after.plans[from..from + len]);
            from += len;
        }
        PyArray1::from_vec(py, padded).reshape([after.plan_lens.len(), width])
    }

    /// The notation of environment `env`.
    fn notation(&self, env: &Bound<'_, PyAny>) -> PyResult<String> {
        let env = self.read_env(env)?;
        self.native()?
            .core
            .notation(env)
            .ok_or_else(|| PyValueError::new_err(format!("no environment {env}")))
    }

    /// The caller's seat in environment `env` (`None` in self-play).
    fn seat(&self, env: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let env = self.read_env(env)?;
        Ok(self.native()?.core.seat(env))
    }

    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }
    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
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

/// `array` borrowed for writing, or a clear error: `ValueError` where the
/// caller made it read-only, `RuntimeError` where another thread holds it.
fn writable<'py, T: Element, D: Dimension>(
    array: &Bound<'py, PyArray<T, D>>,
    name: &str,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    array.try_readwrite().map_err(|e| match e {
        BorrowError::NotWriteable => PyValueError::new_err(format!(
            "the VectorEnv's {name} array was made read-only (flags.writeable = False); \
             the environment writes into it: make it writeable again, or pass copy=True \
             and keep your own copies"
        )),
        _ => PyRuntimeError::new_err(format!(
            "the VectorEnv's {name} array is in use by another thread; a VectorEnv is not \
             shared between threads: give each thread its own"
        )),
    })
}

/// A per-environment array argument, `name`, checked to be contiguous and
/// `envs` long.
fn per_env<S, T, E>(slice: Result<S, E>, name: &str, envs: usize) -> PyResult<S>
where
    S: std::ops::Deref<Target = [T]>,
{
    let slice = slice.map_err(|_| PyValueError::new_err(format!("{name} must be contiguous")))?;
    if slice.len() != envs {
        return Err(PyValueError::new_err(format!(
            "{name} must have {envs} entries, not {}",
            slice.len()
        )));
    }
    Ok(slice)
}
