//! The `Game` and `State` Python classes, shared by every game.

use std::sync::Arc;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};
use racegames_board::{Action, Node, Seat};

use crate::args::{self, read_action};
use crate::dyngame::DynGame;
use crate::erased::DynState;
use crate::errors::{self, guard, IllegalActionError, UnknownGameError};
use crate::history::History;
use crate::params;
use crate::pylists::ListCache;
use crate::registry;

/// `current_player()` at a chance node, as in OpenSpiel.
pub const CHANCE: i32 = -1;
/// `current_player()` at a terminal state, as in OpenSpiel.
pub const TERMINAL: i32 = racegames_env::vector::TERMINAL;

/// A game's rules with their options fixed; made by `racegames.make_game`.
#[pyclass(name = "Game", module = "racegames", frozen)]
pub struct PyGame {
    pub(crate) inner: Arc<dyn DynGame>,
    pub(crate) name: String,
    pub(crate) params: Py<PyDict>,
    /// The Python objects its states' lists are made of.
    lists: ListCache,
}

/// Builds a game by name (see `racegames.make_game`).
pub fn make_game(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    let name: String = name
        .extract()
        .map_err(|_| PyTypeError::new_err("the game name must be a str"))?;
    let make = registry::find(&name).ok_or_else(|| {
        // A long name is cut: the message stays readable.
        let shown: String = name.chars().take(48).collect();
        UnknownGameError::new_err(format!(
            "unknown game {shown:?}; known games: {}",
            registry::names().join(", ")
        ))
    })?;
    let owned = params::read_params(params)?;
    let values = params::values(&owned);
    let inner = guard(|| make(&name, &values))?.map_err(errors::param)?;
    PyGame::from_inner(py, name, inner)
}

impl PyGame {
    /// The Python game of the native game `inner`, made under `name`.
    pub(crate) fn from_inner(
        py: Python<'_>,
        name: String,
        inner: Arc<dyn DynGame>,
    ) -> PyResult<PyGame> {
        Ok(PyGame {
            params: params::params_dict(py, &inner.params())?.unbind(),
            inner,
            name,
            lists: ListCache::default(),
        })
    }
}

impl PyGame {
    fn state(&self, py: Python<'_>, slf: &Bound<'_, PyGame>, inner: Box<dyn DynState>) -> PyState {
        let _ = py;
        PyState::new(slf.clone().unbind(), inner)
    }

    /// The list of Python ints for `actions`.
    fn action_list<'py>(
        &self,
        py: Python<'py>,
        actions: &[Action],
    ) -> PyResult<Bound<'py, PyList>> {
        self.lists
            .actions(py, self.inner.num_distinct_actions(), actions)
    }

    /// `, key=value` for each option that differs from its default.
    fn repr_params(&self, py: Python<'_>) -> PyResult<String> {
        let defaults = registry::find(&self.name)
            .and_then(|make| make(&self.name, &[]).ok())
            .map(|g| g.params())
            .unwrap_or_default();
        let params = self.params.bind(py);
        let mut s = String::new();
        for (k, v) in self.inner.params() {
            if defaults.contains(&(k, v)) {
                continue;
            }
            if let Some(value) = params.get_item(k)? {
                s.push_str(&format!(", {k}={}", value.repr()?));
            }
        }
        Ok(s)
    }
}

#[pymethods]
impl PyGame {
    /// The game's name, as `make_game` takes it.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The game's name for people ("Seys dos e as", "Daldøs").
    #[getter]
    fn display_name(&self) -> &'static str {
        self.inner.display_name()
    }

    /// The family of games it belongs to: `"daldos"`, `"tables"` or
    /// `"halma"` (the games of a family share a notation and a drawing).
    #[getter]
    fn family(&self) -> &'static str {
        self.inner.family()
    }

    /// The Gymnasium id, without the `racegames/` namespace
    /// (`"SeysDosEAs-v0"`).
    #[getter]
    fn gym_id(&self) -> String {
        crate::facts::gym_id(&self.name)
    }

    /// `(low, high)`: every value of every observation lies in them.
    fn observation_bounds(&self) -> (f64, f64) {
        let (low, high) = self.inner.observation_bounds();
        (f64::from(low), f64::from(high))
    }

    /// Each seat's route: the board points (from 1) it passes, in order;
    /// empty for games without routes. Pictures of the tables games are
    /// drawn from it, so a variant built from options is drawn right.
    fn routes(&self) -> Vec<Vec<u16>> {
        self.inner.routes()
    }

    /// Every option with its value, defaults included, as plain Python
    /// values (`bool`, `int`, `str`).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.params.bind(py).copy()
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// The size of the action space at decision nodes.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// The largest number of outcomes of a chance node.
    fn max_chance_outcomes(&self) -> usize {
        self.inner.max_chance_outcomes()
    }

    /// The largest number of legal actions in any position.
    fn max_legal_actions(&self) -> usize {
        self.inner.max_legal_actions()
    }

    /// The lowest return any player can get.
    fn min_utility(&self) -> f64 {
        self.inner.min_utility()
    }

    /// The highest return any player can get.
    fn max_utility(&self) -> f64 {
        self.inner.max_utility()
    }

    /// The shape of `State.observation_tensor`, as a tuple.
    fn observation_tensor_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.observation_shape())
    }

    /// The number of values of an observation.
    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_len()
    }

    /// The state at the start, before the roll-off.
    fn new_initial_state(slf: &Bound<'_, PyGame>) -> PyResult<PyState> {
        let this = slf.get();
        let inner = guard(|| Arc::clone(&this.inner).new_initial_state())?;
        Ok(this.state(slf.py(), slf, inner))
    }

    /// The state a notation describes; `NotationError` (a `ValueError`)
    /// saying what is wrong and where otherwise.
    pub(crate) fn state_from_notation(
        slf: &Bound<'_, PyGame>,
        text: &Bound<'_, PyAny>,
    ) -> PyResult<PyState> {
        let this = slf.get();
        let text: String = text
            .extract()
            .map_err(|_| PyTypeError::new_err("the notation must be a str"))?;
        let inner = guard(|| Arc::clone(&this.inner).parse_notation(&text))?
            .map_err(|e| errors::notation("notation", e))?;
        let start = inner.notation();
        Ok(this
            .state(slf.py(), slf, inner)
            .with_history(Some(start), Vec::new()))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "racegames.make_game({}{})",
            PyString::new(py, &self.name).repr()?,
            self.repr_params(py)?
        ))
    }

    /// Games are equal when their rules are: the same name and the same
    /// value of every option, defaults included.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<PyGame>() else {
            return false;
        };
        let other = other.get();
        self.name == other.name && self.inner.params() == other.inner.params()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.name.hash(&mut h);
        for (k, v) in self.inner.params() {
            k.hash(&mut h);
            v.to_string().hash(&mut h);
        }
        h.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let f = py.import("racegames._core")?.getattr("_make_game")?;
        let args = PyTuple::new(
            py,
            [
                self.name.clone().into_pyobject(py)?.into_any(),
                self.params.bind(py).copy()?.into_any(),
            ],
        )?;
        PyTuple::new(py, [f, args.into_any()])
    }
}

/// A position of a game, with the whole contract: see `racegames.State`.
#[pyclass(name = "State", module = "racegames")]
pub struct PyState {
    pub(crate) game: Py<PyGame>,
    /// Private so that every change of the position goes through a method
    /// here, which invalidates `listed`.
    inner: Box<dyn DynState>,
    /// The legal actions of the last `legal_actions()` call at a decision
    /// node of the current position, kept so that `apply_action` of one of
    /// them can skip the legality check; valid only while `listed_valid`.
    listed: Vec<Action>,
    listed_valid: bool,
    /// Counts the changes of the position: `legal_actions` lends `listed`
    /// out while it makes the Python list and takes it back only if the
    /// position is still the one it was listed for.
    moves: u64,
    /// Every action applied since the state was made (`history()`); the
    /// native position keeps none. Copies share it (see [`History`]).
    history: History,
    /// The notation the history starts from; `None` for the game's initial
    /// state.
    start: Option<String>,
}

impl PyState {
    /// A state of `game` at the position `inner`.
    pub(crate) fn new(game: Py<PyGame>, inner: Box<dyn DynState>) -> PyState {
        PyState {
            game,
            inner,
            listed: Vec::new(),
            listed_valid: false,
            moves: 0,
            history: History::default(),
            start: None,
        }
    }

    /// This state with its history: `history` applied from `start`.
    pub(crate) fn with_history(mut self, start: Option<String>, history: Vec<Action>) -> PyState {
        self.start = start;
        self.history = History::from_vec(history);
        self
    }

    /// Replaces the position with `inner`, reached from it by `log` (the
    /// opponent driver's actions), which joins the history.
    pub(crate) fn set_played(&mut self, inner: Box<dyn DynState>, log: Vec<Action>) {
        self.inner = inner;
        self.moved();
        self.history.extend(&log);
    }

    /// Notes a change of the position: the listed actions no longer hold.
    fn moved(&mut self) {
        self.listed_valid = false;
        self.moves = self.moves.wrapping_add(1);
    }

    /// The position, for reading only.
    pub(crate) fn inner(&self) -> &dyn DynState {
        &*self.inner
    }

    pub(crate) fn current_player_index(&self) -> i32 {
        match self.inner.node() {
            Node::Chance => CHANCE,
            Node::Terminal => TERMINAL,
            Node::Decision(p) => p.index() as i32,
        }
    }

    fn with_inner(&self, py: Python<'_>, inner: Box<dyn DynState>) -> PyState {
        PyState {
            start: self.start.clone(),
            history: self.history.clone(),
            ..PyState::new(self.game.clone_ref(py), inner)
        }
    }
}

#[pymethods]
impl PyState {
    /// The game of this state.
    fn get_game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// The one-line notation; `game.state_from_notation` reads it back.
    fn notation(&self) -> PyResult<String> {
        guard(|| self.inner.notation())
    }

    /// The player to act: a seat index, `CHANCE` (-1) or `TERMINAL` (-4).
    fn current_player(&self) -> i32 {
        self.current_player_index()
    }

    /// The seat whose turn it is (also while its dice are thrown), or `None`
    /// before the roll-off and at the end.
    fn turn_owner(&self) -> Option<usize> {
        self.inner.turn_owner().map(Seat::index)
    }

    /// The number of turns completed.
    fn turn_count(&self) -> u32 {
        self.inner.turn_count()
    }

    /// True at a chance node (a throw or the roll-off).
    fn is_chance_node(&self) -> bool {
        matches!(self.inner.node(), Node::Chance)
    }

    /// True once the game is over (won, lost or truncated).
    fn is_terminal(&self) -> bool {
        matches!(self.inner.node(), Node::Terminal)
    }

    /// True at a terminal state reached through the `max_turns` limit.
    fn is_truncated(&self) -> bool {
        self.inner.is_truncated()
    }

    /// The doubling cube's value: 1, 2, 4, ... (1 in a tables game
    /// without the cube); `ValueError` in a game of another family.
    fn cube_value(&self) -> PyResult<u32> {
        Ok(crate::cube::position(&*self.inner)?.cube_value())
    }

    /// The seat that owns the cube, `None` while it is centred.
    fn cube_owner(&self) -> PyResult<Option<usize>> {
        Ok(crate::cube::position(&*self.inner)?
            .cube_owner()
            .map(Seat::index))
    }

    /// The match score before this game, `(a, b)`; `(0, 0)` in money play.
    fn match_score(&self) -> PyResult<(u32, u32)> {
        let [a, b] = crate::cube::position(&*self.inner)?.match_score();
        Ok((a, b))
    }

    /// True in the Crawford game of a match: nobody may double.
    fn is_crawford_game(&self) -> PyResult<bool> {
        Ok(crate::cube::position(&*self.inner)?.is_crawford_game())
    }

    /// `[(action, probability)]` at a chance node, sorted, summing to 1;
    /// empty elsewhere.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let outcomes = guard(|| self.inner.chance_outcomes())?;
        self.game.get().lists.outcomes(py, outcomes)
    }

    /// The legal actions, sorted (the chance outcomes at a chance node, as
    /// in OpenSpiel; empty at the end). With `player`, empty unless that
    /// player is to act.
    #[pyo3(signature = (player = None))]
    fn legal_actions<'py>(
        slf: &Bound<'py, PyState>,
        player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        if let Some(p) = player {
            let (players, current) = {
                let this = slf.try_borrow()?;
                (this.inner.game().num_players(), this.current_player_index())
            };
            // Reading `p` may run Python code: no borrow is held meanwhile.
            let p = args::read_seat(p, players)?;
            if current != p.index() as i32 {
                return Ok(PyList::empty(py));
            }
        }
        // The list is made after the borrow ends: making Python objects may
        // let another thread run, which may use this state.
        let (game, actions, lent_at) = {
            let mut guarded = slf.try_borrow_mut()?;
            let this = &mut *guarded;
            let (actions, lent_at) = match this.inner.node() {
                Node::Chance => {
                    let outcomes = guard(|| this.inner.chance_outcomes())?;
                    (outcomes.into_iter().map(|(a, _)| a).collect(), None)
                }
                Node::Decision(_) => {
                    if !this.listed_valid {
                        let (inner, listed) = (&this.inner, &mut this.listed);
                        guard(|| inner.legal_actions_into(listed))?;
                    }
                    // Lent, not copied: given back below if the position
                    // has not changed meanwhile (else listed again).
                    this.listed_valid = false;
                    (std::mem::take(&mut this.listed), Some(this.moves))
                }
                Node::Terminal => return Ok(PyList::empty(py)),
            };
            (this.game.clone_ref(py), actions, lent_at)
        };
        let list = game.get().action_list(py, &actions);
        if let Some(at) = lent_at {
            if let Ok(mut this) = slf.try_borrow_mut() {
                if this.moves == at && !this.listed_valid {
                    this.listed = actions;
                    this.listed_valid = true;
                }
            }
        }
        list
    }

    /// A numpy int8 array of length `num_distinct_actions`: 1 for each legal
    /// action (all 0 at chance and terminal nodes).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0i8; self.inner.game().num_distinct_actions()];
        if matches!(self.inner.node(), Node::Decision(_)) {
            guard(|| self.inner.write_legal_mask(&mut mask))?;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// True when `action` applies here.
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        match read_action(action) {
            Ok(a) => guard(|| self.inner.is_legal(a)),
            Err(e) if e.is_instance_of::<IllegalActionError>(action.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Applies a legal action or a chance outcome. An illegal one raises
    /// `IllegalActionError` (a `ValueError`) and leaves the state unchanged.
    fn apply_action(slf: &Bound<'_, PyState>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        // Reading the action may run Python code (`__index__`): it is read
        // before the state is borrowed.
        let a = read_action(action)?;
        let mut guarded = slf.try_borrow_mut()?;
        let this = &mut *guarded;
        if this.listed_valid && this.listed.binary_search(&a).is_ok() {
            // Listed for this very position: no need to check it again.
            this.moved();
            guard(|| this.inner.apply_legal(a))?;
            this.history.push(a);
            return Ok(());
        }
        guard(|| this.inner.apply(a))?.map_err(errors::illegal)?;
        // Only a successful apply changes the position.
        this.moved();
        this.history.push(a);
        Ok(())
    }

    /// The readable string of an action (OpenSpiel also accepts
    /// `action_to_string(player, action)`).
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(
        &self,
        first: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let action = match second {
            Some(a) => {
                // The player is only checked for its type (OpenSpiel takes
                // it and ignores it); any int is accepted.
                if !first.is_none()
                    && first.extract::<i64>().is_err()
                    && !first.is_instance_of::<PyInt>()
                {
                    return Err(PyTypeError::new_err("a player must be an int"));
                }
                a
            }
            None => first,
        };
        let a = read_action(action)?;
        guard(|| self.inner.action_to_string(a))
    }

    /// The action a string names (as `action_to_string` writes it); an
    /// unknown string raises `NotationError` (a `ValueError`).
    #[pyo3(signature = (first, second = None))]
    fn string_to_action(
        &self,
        first: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Action> {
        let text = second.unwrap_or(first);
        let text: String = text
            .extract()
            .map_err(|_| PyTypeError::new_err("an action string must be a str"))?;
        guard(|| self.inner.string_to_action(&text))?.map_err(|e| errors::notation("action", e))
    }

    /// Each player's return: the result at the end, zeros before.
    fn returns(&self) -> PyResult<Vec<f64>> {
        guard(|| self.inner.returns())?.map_err(errors::internal)
    }

    /// How far `player` has come, for the games with a measure of it (the
    /// Halma games: the rows its pieces have advanced towards the target
    /// camp, 0 at the start and 1 with the camp filled); `None` for the
    /// others. This is what `reward="progress"` pays, step by step.
    fn progress(&self, player: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        let player = args::read_seat(player, self.inner.game().num_players())?;
        guard(|| self.inner.progress(player))
    }

    /// The observation of `player` (default: the player to act, or 0) as a
    /// numpy float32 array of `game.observation_tensor_shape()`.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = self.inner.game();
        let player = match player {
            Some(p) if !p.is_none() => args::read_seat(p, game.num_players())?,
            _ => Seat::new(self.current_player_index().max(0) as u8),
        };
        let mut out = vec![0f32; game.observation_len()];
        guard(|| self.inner.observe(player, &mut out))?.map_err(errors::observation)?;
        let shape = game.observation_shape();
        Ok(PyArray1::from_vec(py, out).reshape(shape)?.into_any())
    }

    /// Plays random steps from here (chance by its probabilities, decisions
    /// uniformly), natively and without the GIL, until the end or
    /// `max_steps` (default: no limit); returns the number of steps.
    #[pyo3(signature = (seed, max_steps = None))]
    fn play_random(
        slf: &Bound<'_, PyState>,
        seed: &Bound<'_, PyAny>,
        max_steps: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let seed = args::read_seed(seed)?;
        let max_steps = match max_steps {
            Some(m) if !m.is_none() => args::read_int(m, "max_steps", 0, u64::MAX)?,
            _ => u64::MAX,
        };
        // Played on a copy, with no borrow of `slf` held while the GIL is
        // released: other threads may use the state meanwhile (and see it
        // as it was until the result is stored).
        let mut inner = slf.borrow().inner.clone_box();
        let (inner, steps, log) = slf.py().detach(move || {
            guard(move || {
                let mut rng = racegames_board::sim::SplitMix64::new(seed);
                let mut log = Vec::new();
                let steps = inner.play_random(&mut rng, max_steps, &mut log);
                (inner, steps, log)
            })
        })?;
        let mut this = slf.try_borrow_mut()?;
        this.inner = inner;
        this.moved();
        this.history.extend(&log);
        Ok(steps)
    }

    /// Every action applied since this state was made, chance outcomes
    /// included (OpenSpiel's name): from the game's initial state, or from
    /// the position `state_from_notation` read. Copies and pickles keep it.
    fn history(&self) -> Vec<Action> {
        self.history.to_vec()
    }

    /// The notation `history()` starts from, or `None` for the game's
    /// initial state.
    fn _history_start(&self) -> Option<String> {
        self.start.clone()
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> PyState {
        self.with_inner(py, self.inner.clone_box())
    }

    fn __copy__(&self, py: Python<'_>) -> PyState {
        self.clone(py)
    }

    #[pyo3(signature = (memo = None))]
    fn __deepcopy__(&self, py: Python<'_>, memo: Option<&Bound<'_, PyAny>>) -> PyState {
        let _ = memo;
        self.clone(py)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let game = self.game.get();
        let f = py.import("racegames._core")?.getattr("_restore_state")?;
        let args = PyTuple::new(
            py,
            [
                game.name.clone().into_pyobject(py)?.into_any(),
                game.params.bind(py).copy()?.into_any(),
                self.inner.notation().into_pyobject(py)?.into_any(),
                self.start.clone().into_pyobject(py)?.into_any(),
                self.history.to_vec().into_pyobject(py)?.into_any(),
            ],
        )?;
        PyTuple::new(py, [f, args.into_any()])
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyState>() else {
            return Ok(false);
        };
        let other = other.borrow();
        Ok(
            self.inner.eq_dyn(&*other.inner)
                && self.game.get().__eq__(other.game.bind(py).as_any()),
        )
    }

    fn __hash__(&self) -> u64 {
        self.inner.hash_dyn()
    }

    fn __repr__(&self) -> PyResult<String> {
        let game = self.game.get();
        Python::attach(|py| {
            Ok(format!(
                "{}.state_from_notation({:?})",
                game.__repr__(py)?,
                self.inner.notation()
            ))
        })
    }

    /// A readable text board: the game's own diagram.
    fn __str__(&self) -> PyResult<String> {
        guard(|| self.inner.diagram())
    }

    /// An SVG picture of the board, for notebooks; at the end of a game it
    /// says who won.
    fn _repr_svg_(&self) -> PyResult<String> {
        guard(|| self.inner.svg(self.inner.result_line().as_deref()))
    }

    /// The SVG picture with `result_line` (if any) written under it.
    #[pyo3(signature = (result_line = None))]
    fn _svg(&self, result_line: Option<&str>) -> PyResult<String> {
        guard(|| self.inner.svg(result_line))
    }

    /// The picture as an `(height, width, 3)` uint8 array (text left out).
    fn _rgb<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (w, h, pixels) = guard(|| self.inner.rgb())?;
        Ok(PyArray1::from_vec(py, pixels)
            .reshape([h, w, 3])?
            .into_any())
    }
}
