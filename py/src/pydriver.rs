//! Opponents: the one reader of an `opponent` argument, for every
//! environment form, and `racegames._core._Driver`, the opponent driver
//! ([`racegames_env::driver`]) that the Gymnasium, PettingZoo and RLlib
//! environments play their opponents and dice with.

use std::sync::{Arc, Mutex, TryLockError};

use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use racegames_board::Seat;
use racegames_env::driver::{DriverSeat, DriverSnapshot, DynDriver, Fault, Stop};
use racegames_env::episode::{self, Ending, StepError};
use racegames_env::erased::DynState;

use crate::args;
use crate::dynplayer::DynPlayer;
use crate::errors::{self, guard};
use crate::pycallable::{PyCallable, Raised};
use crate::pygame::{PyGame, PyState};
use crate::pyplayers::{make_player, player_error, PyPlayer};

/// One opponent, read and checked against its game.
pub enum OpponentSpec {
    /// `"random"`: uniformly random legal actions from the environment's
    /// generator.
    Random,
    /// Another built-in player's name (known to the game).
    Name(String),
    /// A built-in player, or a trained policy, of this game.
    Player(Py<PyPlayer>),
    /// Any other callable `state -> action` (not in `VectorEnv`).
    Callable(Py<PyAny>),
}

/// An `opponent` argument: one opponent, or a league, a list of them with
/// one drawn per episode.
pub enum OpponentArg {
    /// One opponent.
    One(OpponentSpec),
    /// A league.
    League(Vec<OpponentSpec>),
}

/// Where an `opponent` argument is read: `VectorEnv` steps natively (no
/// callables) and alone takes `None` (self-play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `racegames.vector.VectorEnv` (and SB3's adapter over it).
    Vector,
    /// The Gymnasium, PettingZoo and RLlib environments.
    Env,
}

/// The most players a league may hold.
pub const MAX_LEAGUE: usize = 64;

/// What an opponent may be, the same words in every form.
const OPPONENT_KINDS: &str = "a built-in player's name (such as \"random\" or \"greedy\"), \
    a racegames Player (make_player, a trained policy too), a callable state -> action, \
    or a list of those (a league, one drawn per episode); VectorEnv also takes None \
    (self-play), and no callable";

/// One opponent: a name, a `Player` or (outside `VectorEnv`) a callable.
fn read_spec(
    game: &Bound<'_, PyGame>,
    obj: &Bound<'_, PyAny>,
    what: &str,
    form: Form,
) -> PyResult<OpponentSpec> {
    let py = obj.py();
    if let Ok(name) = obj.cast::<PyString>() {
        let name = name.to_cow()?.into_owned();
        if name == "random" {
            return Ok(OpponentSpec::Random);
        }
        // Made once here so that an unknown name fails now, with the
        // message `make_player` gives.
        make_player(&name, game, 0, &PyDict::new(py))?;
        return Ok(OpponentSpec::Name(name));
    }
    if let Ok(player) = obj.cast::<PyPlayer>() {
        player.get().check_game(py, &game.clone().unbind())?;
        return Ok(OpponentSpec::Player(player.clone().unbind()));
    }
    let kind = obj.get_type().name()?;
    if obj.is_callable() && !obj.is_none() {
        if form == Form::Env {
            return Ok(OpponentSpec::Callable(obj.clone().unbind()));
        }
        return Err(PyTypeError::new_err(format!(
            "{what} is a Python callable ({kind}), which cannot play inside the native \
             VectorEnv step; give a built-in player's name, a racegames Player or a list of \
             those (racegames.gym, racegames.pettingzoo and racegames.rllib take callables)"
        )));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be {OPPONENT_KINDS}; not {kind}"
    )))
}

/// An `opponent` argument of `game` read in `form`: `None` for self-play
/// (`VectorEnv` only). The one reader of every environment form.
pub fn read_opponent(
    game: &Bound<'_, PyGame>,
    obj: &Bound<'_, PyAny>,
    form: Form,
) -> PyResult<Option<OpponentArg>> {
    if form == Form::Vector && obj.is_none() {
        return Ok(None);
    }
    let is_list = obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>();
    if is_list {
        let len = obj.len()?;
        if len == 0 || len > MAX_LEAGUE {
            return Err(PyValueError::new_err(format!(
                "a league of opponents holds 1 to {MAX_LEAGUE} players, not {len}"
            )));
        }
        let mut specs = Vec::with_capacity(len);
        for (k, member) in obj.try_iter()?.enumerate() {
            specs.push(read_spec(game, &member?, &format!("opponent[{k}]"), form)?);
        }
        return Ok(Some(OpponentArg::League(specs)));
    }
    read_spec(game, obj, "opponent", form).map(|spec| Some(OpponentArg::One(spec)))
}

/// The opponents a vector environment of `game` plays against: `None`
/// (self-play), or `Some(league)`: copies of the players of the league,
/// made with `seed` (plus the member's index) for names; an empty league
/// is `"random"`, played by the driver from each environment's generator.
pub fn vector_opponent(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    opponent: Option<OpponentArg>,
    seed: u64,
) -> PyResult<Option<Vec<Box<dyn DynPlayer>>>> {
    let specs = match opponent {
        None => return Ok(None),
        Some(OpponentArg::One(OpponentSpec::Random)) => return Ok(Some(Vec::new())),
        Some(OpponentArg::One(spec)) => vec![spec],
        Some(OpponentArg::League(specs)) => specs,
    };
    let mut league = Vec::with_capacity(specs.len());
    for (k, spec) in specs.into_iter().enumerate() {
        let member_seed = seed.wrapping_add(k as u64);
        league.push(match spec {
            // In a league, "random" is the built-in random player.
            OpponentSpec::Random => {
                make_player("random", game, member_seed, &PyDict::new(py))?.native()
            }
            OpponentSpec::Name(name) => {
                make_player(&name, game, member_seed, &PyDict::new(py))?.native()
            }
            OpponentSpec::Player(p) => p.get().native(),
            OpponentSpec::Callable(_) => {
                return Err(PyTypeError::new_err("VectorEnv takes no callable opponent"))
            }
        });
    }
    Ok(Some(league))
}

/// The opponent driver of a Python environment: plays a `State`'s chance
/// outcomes and opponents' seats until an agent is to act or the game
/// ends. `opponents` maps seats to opponents (each read as `opponent`
/// is); the other seats are the agents'.
#[pyclass(name = "_Driver", module = "racegames._core", frozen)]
pub struct PyDriver {
    game: Py<PyGame>,
    inner: Mutex<Box<dyn DynDriver>>,
    /// The first exception a callable opponent raised, raised again.
    raised: Raised,
    /// Whether a seat is a Python callable (the GIL is then kept).
    external: bool,
    /// Whether a seat is a built-in player (whose search Ctrl-C stops).
    native: bool,
}

#[pymethods]
impl PyDriver {
    #[new]
    fn new(game: &Bound<'_, PyGame>, opponents: &Bound<'_, PyDict>) -> PyResult<PyDriver> {
        let g = Arc::clone(&game.get().inner);
        let n = g.num_players();
        let raised = Raised::default();
        let shared = Arc::new(game.clone().unbind());
        let mut seats: Vec<Option<DriverSeat>> = (0..n).map(|_| None).collect();
        let mut external = false;
        let mut native = false;
        for (key, value) in opponents.iter() {
            let seat = args::read_usize(&key, "seat", 0, n - 1)?;
            let specs = match read_opponent(game, &value, Form::Env)? {
                Some(OpponentArg::One(spec)) => vec![spec],
                Some(OpponentArg::League(specs)) => specs,
                None => {
                    return Err(PyTypeError::new_err(format!(
                        "opponent must be {OPPONENT_KINDS}"
                    )))
                }
            };
            let league = specs.len() > 1;
            let mut members = Vec::with_capacity(specs.len());
            for spec in specs {
                members.push(match spec {
                    OpponentSpec::Random => DriverSeat::Random,
                    OpponentSpec::Name(name) => {
                        native = true;
                        DriverSeat::Named(name)
                    }
                    OpponentSpec::Player(p) => {
                        native = true;
                        DriverSeat::Native(p.get().native())
                    }
                    OpponentSpec::Callable(f) => {
                        external = true;
                        DriverSeat::External(Arc::new(PyCallable {
                            f,
                            game: Arc::clone(&shared),
                            raised: Arc::clone(&raised),
                        }))
                    }
                });
            }
            seats[seat] = if league {
                Some(DriverSeat::League(members))
            } else {
                members.pop()
            };
        }
        let driver = guard(|| g.new_driver(seats))?.map_err(player_error)?;
        Ok(PyDriver {
            game: game.clone().unbind(),
            inner: Mutex::new(driver),
            raised,
            external,
            native,
        })
    }

    /// Starts an episode: reseeds the generator (dice and random
    /// opponents), remakes the players given by name with seeds drawn from
    /// it, and makes `agents` (seats) the caller's besides those with no
    /// opponent.
    #[pyo3(signature = (seed, agents = Vec::new()))]
    fn reset(&self, seed: &Bound<'_, PyAny>, agents: Vec<usize>) -> PyResult<()> {
        let seed = args::read_seed(seed)?;
        let mut inner = self.lock()?;
        guard(|| inner.reset(seed, &agents))?.map_err(player_error)
    }

    /// Plays `state` on, in place, until an agent is to act or the game
    /// ends. An opponent's exception is raised again; an illegal action of
    /// one raises `IllegalActionError`.
    fn advance(&self, py: Python<'_>, state: &Bound<'_, PyState>) -> PyResult<()> {
        let mut position = self.position_of(py, state)?;
        let mut log = Vec::new();
        let stop = self.drive(py, |driver| {
            driver
                .advance(&mut *position, &mut log)
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })?;
        // What was played stays played, up to a fault.
        state.try_borrow_mut()?.set_played(position, log);
        match stop {
            Stop::Decision(_) | Stop::Terminal => Ok(()),
            Stop::Broken(fault) => Err(self.fault(fault)),
        }
    }

    /// One step of `seat`'s episode (`racegames_env::episode::step`):
    /// plays `action` where legal, then chance and the opponents, in place;
    /// writes `seat`'s observation into `obs`, the legal mask (zeros where
    /// the episode ended) into `mask` and every seat's reward into
    /// `rewards`, where given. Returns `(reward, terminated, truncated,
    /// illegal)`; an illegal action (or an int that is no action) changes
    /// nothing and ends the episode with −1 for `seat` and 0 for the others.
    #[pyo3(signature = (state, seat, action, obs = None, mask = None, rewards = None))]
    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyState>,
        seat: usize,
        action: i64,
        obs: Option<&Bound<'_, PyArray1<f32>>>,
        mask: Option<&Bound<'_, PyArray1<i8>>>,
        rewards: Option<&Bound<'_, PyArray1<f64>>>,
    ) -> PyResult<(f64, bool, bool, bool)> {
        let players = self.game.get().inner.num_players();
        if let Some(rewards) = rewards {
            // Checked before the step, which then leaves nothing unwritten.
            let len = rewards.as_any().len()?;
            if len != players {
                return Err(PyValueError::new_err(format!(
                    "rewards must hold one value per seat ({players}), not {len}"
                )));
            }
        }
        let (seat, ending, row) = self.play(py, state, seat, action)?;
        let s = state.borrow();
        if let Some(obs) = obs {
            let mut obs = obs.try_readwrite().map_err(|_| buffer_error("obs"))?;
            let out = obs.as_slice_mut().map_err(|_| buffer_error("obs"))?;
            s.inner()
                .observe(seat, out)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
        if let Some(mask) = mask {
            write_mask(s.inner(), ending, mask)?;
        }
        if let Some(rewards) = rewards {
            let mut rewards = rewards
                .try_readwrite()
                .map_err(|_| buffer_error("rewards"))?;
            let out = rewards
                .as_slice_mut()
                .map_err(|_| buffer_error("rewards"))?;
            for (o, r) in out.iter_mut().zip(row.iter()) {
                *o = *r;
            }
        }
        Ok(outcome(seat, ending, &row))
    }

    /// The Gymnasium step of `racegames.gym.RaceGameEnv` in one call: the
    /// episode step of [`PyDriver::step`], then its answer made here
    /// rather than in Python: `(observation, reward, terminated,
    /// truncated, info)`, the observation shaped as `shape` (a dict of it
    /// and a copy of the mask unless `flat`), `info` holding a copy of the
    /// mask, the player to act, `seat` and the notation (and
    /// `illegal_action` after one). The mask is also written into `mask`.
    #[pyo3(signature = (state, seat, action, mask, shape, flat))]
    #[allow(clippy::too_many_arguments)]
    fn gym_step<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyState>,
        seat: usize,
        action: i64,
        mask: &Bound<'py, PyArray1<i8>>,
        shape: Vec<usize>,
        flat: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let (seat, ending, row) = self.play(py, state, seat, action)?;
        let s = state.borrow();
        let position = s.inner();
        let mut observation = vec![0f32; position.game().observation_len()];
        position
            .observe(seat, &mut observation)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let legal = write_mask(position, ending, mask)?;
        let (player, notation) = (s.current_player_index(), position.notation());
        drop(s);
        let observation = if flat {
            PyArray1::from_vec(py, observation).into_any()
        } else {
            let shaped = ArrayD::from_shape_vec(IxDyn(&shape), observation)
                .map_err(|e| PyValueError::new_err(format!("shape {shape:?}: {e}")))?;
            let dict = PyDict::new(py);
            dict.set_item(intern!(py, "observation"), shaped.into_pyarray(py))?;
            dict.set_item(intern!(py, "action_mask"), PyArray1::from_slice(py, &legal))?;
            dict.into_any()
        };
        let info = PyDict::new(py);
        info.set_item(intern!(py, "action_mask"), PyArray1::from_slice(py, &legal))?;
        info.set_item(intern!(py, "current_player"), player)?;
        info.set_item(intern!(py, "seat"), seat.index())?;
        info.set_item(intern!(py, "notation"), notation)?;
        let (reward, terminated, truncated, illegal) = outcome(seat, ending, &row);
        if illegal {
            info.set_item(intern!(py, "illegal_action"), true)?;
        }
        PyTuple::new(
            py,
            [
                observation,
                reward.into_pyobject(py)?.into_any(),
                PyBool::new(py, terminated).to_owned().into_any(),
                PyBool::new(py, truncated).to_owned().into_any(),
                info.into_any(),
            ],
        )
    }

    /// Where the driver stands, for pickling an environment:
    /// `(episode, rng)`, `episode` being `(seed, agents)` of the last reset
    /// or `None`.
    fn snapshot(&self) -> PyResult<PyDriverSnapshot> {
        let snapshot = self.lock()?.snapshot();
        Ok((snapshot.episode, snapshot.rng))
    }

    /// Puts the driver where `snapshot()` of a driver with the same game
    /// and opponents stood.
    fn restore(&self, snapshot: PyDriverSnapshot) -> PyResult<()> {
        let (episode, rng) = snapshot;
        let players = self.game.get().inner.num_players();
        if let Some((_, agents)) = &episode {
            if agents.len() > players || agents.iter().any(|&a| a >= players) {
                return Err(PyValueError::new_err(format!(
                    "a driver snapshot's agents must be seats 0 to {}, not {agents:?}",
                    players - 1
                )));
            }
        }
        let snapshot = DriverSnapshot { episode, rng };
        let mut inner = self.lock()?;
        guard(|| inner.restore(&snapshot))?.map_err(player_error)
    }
}

/// A [`DriverSnapshot`] as Python holds it: `(episode, rng)`.
type PyDriverSnapshot = (Option<(u64, Vec<usize>)>, u64);

impl PyDriver {
    /// The episode step ([`episode::step_returns`]) of `seat` playing
    /// `action` in `state`, in place: the seat, how the episode stands and
    /// every seat's reward.
    fn play(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyState>,
        seat: usize,
        action: i64,
    ) -> PyResult<(Seat, Ending, Vec<f64>)> {
        let players = self.game.get().inner.num_players();
        if seat >= players {
            return Err(PyValueError::new_err(format!(
                "seat must be 0 to {}, not {seat}",
                players - 1
            )));
        }
        let seat = Seat::new(seat as u8);
        let mut position = self.position_of(py, state)?;
        let mut log = Vec::new();
        let mut row = vec![0.0f64; players];
        let stepped = self.drive(py, |driver| {
            Ok(episode::step_returns(
                &mut *position,
                driver,
                seat,
                action,
                &mut log,
                &mut row,
            ))
        })?;
        let ending = match stepped {
            Ok(ending) => ending,
            Err(StepError::Fault(fault)) => {
                // What was played stays played, up to the fault.
                state.try_borrow_mut()?.set_played(position, log);
                return Err(self.fault(fault));
            }
            Err(StepError::OtherGame(e)) => return Err(PyValueError::new_err(e.to_string())),
            Err(e) => return Err(PyValueError::new_err(format!("{e:?}"))),
        };
        if ending != Ending::Illegal {
            state.try_borrow_mut()?.set_played(position, log);
        }
        Ok((seat, ending, row))
    }

    /// A copy of `state`'s position, checked to be of the driver's game.
    fn position_of(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyState>,
    ) -> PyResult<Box<dyn DynState>> {
        let s = state.borrow();
        let same = Arc::ptr_eq(&s.game.get().inner, &self.game.get().inner)
            || s.game.bind(py).eq(self.game.bind(py))?;
        if !same {
            return Err(PyValueError::new_err(format!(
                "the state is of {}, not of the driver's {}",
                s.game.bind(py).repr()?,
                self.game.bind(py).repr()?
            )));
        }
        Ok(s.inner().clone_box())
    }

    /// Runs `work` on the locked driver: with the GIL where a callable
    /// opponent needs it, answering Ctrl-C where a built-in player may
    /// search for long, else with the GIL released, except where every
    /// opponent is random: that takes a few microseconds, less than
    /// releasing and taking back the GIL costs.
    fn drive<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut dyn DynDriver) -> PyResult<T> + Send,
    ) -> PyResult<T> {
        let run = || {
            let mut inner = self.lock()?;
            guard(|| work(&mut **inner))?
        };
        if self.external || !self.native {
            run()
        } else {
            crate::interrupt::interruptible(py, |interrupt| {
                racegames_players::with_interrupt(interrupt, run)
            })?
        }
    }

    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Box<dyn DynDriver>>> {
        match self.inner.try_lock() {
            Ok(inner) => Ok(inner),
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
                "this environment is in use by another thread or by its own opponent",
            )),
        }
    }

    fn fault(&self, fault: Fault) -> PyErr {
        let raised = self.raised.lock().unwrap_or_else(|p| p.into_inner()).take();
        match fault {
            Fault::Player(_, e) => raised.unwrap_or_else(|| player_error(*e)),
            Fault::Illegal(_, e) => errors::illegal(e),
            Fault::Rules => errors::internal("the rules refused their own action"),
        }
    }
}

/// Writes the legal mask of `position` into `mask` (zeros unless the
/// episode goes on) and returns it.
fn write_mask(
    position: &dyn DynState,
    ending: Ending,
    mask: &Bound<'_, PyArray1<i8>>,
) -> PyResult<Vec<i8>> {
    let mut legal = vec![0i8; position.game().num_distinct_actions()];
    if ending == Ending::Going {
        position.write_legal_mask(&mut legal);
    }
    let mut mask = mask.try_readwrite().map_err(|_| buffer_error("mask"))?;
    let out = mask.as_slice_mut().map_err(|_| buffer_error("mask"))?;
    out.fill(0);
    let n = out.len().min(legal.len());
    out[..n].copy_from_slice(&legal[..n]);
    Ok(legal)
}

/// `(reward, terminated, truncated, illegal)` of `seat` after a step.
fn outcome(seat: Seat, ending: Ending, row: &[f64]) -> (f64, bool, bool, bool) {
    (
        row.get(seat.index()).copied().unwrap_or(0.0),
        ending == Ending::Terminated || ending == Ending::Illegal,
        ending == Ending::Truncated,
        ending == Ending::Illegal,
    )
}

/// A buffer of the caller's that cannot be written.
fn buffer_error(name: &str) -> PyErr {
    PyValueError::new_err(format!(
        "{name} must be a writeable contiguous array not in use by another thread"
    ))
}
