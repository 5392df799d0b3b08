//! Games and states: `makeGame`, `Game` and `State`, the Python classes'
//! methods in camelCase.

use std::sync::Arc;

use js_sys::Array;
use racegames_board::{Action, Node};
use racegames_env::dyngame::DynGame;
use racegames_env::erased::DynState;
use racegames_env::registry;
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::params;

/// `currentPlayer()` at a chance node (OpenSpiel's value).
pub const CHANCE: i32 = -1;
/// `currentPlayer()` at the end of a game (OpenSpiel's value).
pub const TERMINAL: i32 = -4;

/// The names of every game, sorted.
#[wasm_bindgen(js_name = listGames)]
pub fn list_games() -> Vec<String> {
    registry::names().into_iter().map(String::from).collect()
}

/// The game `name` with `params`, an object of options (`{board:
/// "norwegian"}`); an unknown name throws `UnknownGameError`, an unknown
/// option or value `ParameterError`.
///
/// # Errors
///
/// An unknown game or option, or a value the option does not take.
#[wasm_bindgen(js_name = makeGame)]
pub fn make_game(name: &str, params: JsValue) -> Result<Game, JsValue> {
    let make = registry::find(name).ok_or_else(|| {
        // A long name is cut: the message stays readable.
        let shown: String = name.chars().take(48).collect();
        errors::error(
            "UnknownGameError",
            format!(
                "unknown game {shown:?}; known games: {}",
                registry::names().join(", ")
            ),
        )
    })?;
    let owned = params::read(&params, &[])?;
    let inner = make(name, &params::values(&owned)).map_err(errors::param)?;
    Ok(Game {
        inner,
        name: name.to_string(),
    })
}

/// A game with its options fixed (Python's `racegames.Game`).
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    pub(crate) inner: Arc<dyn DynGame>,
    pub(crate) name: String,
}

impl Game {
    /// Whether `other` is the same game with the same options.
    pub(crate) fn same(&self, other: &Game) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || (self.name == other.name && self.inner.params() == other.inner.params())
    }

    /// The game as `makeGame` is called to make it.
    pub(crate) fn call_text(&self) -> String {
        let mut s = format!("makeGame({:?}", self.name);
        let params = self.inner.params();
        if !params.is_empty() {
            let parts: Vec<String> = params
                .iter()
                .map(|(k, v)| match v {
                    racegames_board::ParamValue::Str(w) => format!("{k}: {w:?}"),
                    other => format!("{k}: {other}"),
                })
                .collect();
            s.push_str(&format!(", {{{}}}", parts.join(", ")));
        }
        s.push(')');
        s
    }

    pub(crate) fn state(&self, inner: Box<dyn DynState>, start: Option<String>) -> State {
        State {
            inner,
            game: self.clone(),
            start,
            history: Vec::new(),
        }
    }
}

#[wasm_bindgen]
impl Game {
    /// The name it was made under.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.name.clone()
    }
    /// The name for people.
    #[wasm_bindgen(js_name = displayName)]
    pub fn display_name(&self) -> String {
        self.inner.display_name().to_string()
    }
    /// The family: `daldos`, `tables` or `halma`.
    pub fn family(&self) -> String {
        self.inner.family().to_string()
    }
    /// Every option with its value, defaults included.
    #[wasm_bindgen(js_name = getParameters)]
    pub fn get_parameters(&self) -> js_sys::Object {
        params::object(&self.inner.params())
    }
    /// The number of seats.
    #[wasm_bindgen(js_name = numPlayers)]
    pub fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    /// The size of the action space.
    #[wasm_bindgen(js_name = numDistinctActions)]
    pub fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }
    /// The largest number of outcomes of a chance node.
    #[wasm_bindgen(js_name = maxChanceOutcomes)]
    pub fn max_chance_outcomes(&self) -> usize {
        self.inner.max_chance_outcomes()
    }
    /// The lowest return.
    #[wasm_bindgen(js_name = minUtility)]
    pub fn min_utility(&self) -> f64 {
        self.inner.min_utility()
    }
    /// The highest return.
    #[wasm_bindgen(js_name = maxUtility)]
    pub fn max_utility(&self) -> f64 {
        self.inner.max_utility()
    }
    /// The built-in players' names, strongest first.
    #[wasm_bindgen(js_name = listPlayers)]
    pub fn list_players(&self) -> Vec<String> {
        self.inner
            .player_names()
            .into_iter()
            .map(String::from)
            .collect()
    }
    /// The state before the first throw.
    #[wasm_bindgen(js_name = newInitialState)]
    pub fn new_initial_state(&self) -> State {
        let inner = Arc::clone(&self.inner).new_initial_state();
        self.state(inner, None)
    }
    /// The state a notation describes; throws `NotationError` saying what
    /// is wrong and where otherwise.
    ///
    /// # Errors
    ///
    /// Text that is not a position of this game.
    #[wasm_bindgen(js_name = stateFromNotation)]
    pub fn state_from_notation(&self, text: &str) -> Result<State, JsValue> {
        let inner = Arc::clone(&self.inner)
            .parse_notation(text)
            .map_err(|e| errors::notation("notation", e))?;
        let start = inner.notation();
        Ok(self.state(inner, Some(start)))
    }
    /// `makeGame(name, {options})`, as text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.call_text()
    }
    /// Whether `other` is the same game with the same options.
    pub fn equals(&self, other: &Game) -> bool {
        self.same(other)
    }
}

/// Reads an action: a whole number, else `TypeError`; out of range:
/// `IllegalActionError`.
pub(crate) fn read_action(a: &JsValue) -> Result<Action, JsValue> {
    if a.as_bool().is_some() {
        return Err(errors::type_error("an action must be an int, not a bool"));
    }
    let x = if let Some(x) = a.as_f64() {
        x
    } else if a.is_bigint() {
        // Exact for the range that matters; anything larger is out of range.
        js_sys::Number::from(a.clone()).value_of()
    } else {
        return Err(errors::type_error(format!(
            "an action must be an int, not {}",
            a.js_typeof().as_string().unwrap_or_default()
        )));
    };
    if x.fract() != 0.0 || !x.is_finite() {
        return Err(errors::type_error(format!(
            "an action must be an int, not {x}"
        )));
    }
    if !(0.0..=f64::from(Action::MAX)).contains(&x) {
        return Err(errors::error(
            "IllegalActionError",
            format!("action {x} is out of range"),
        ));
    }
    Ok(x as Action)
}

/// A position with its game (Python's `racegames.State`): also keeps every
/// action applied since it was made (`history()`), for records.
#[wasm_bindgen]
pub struct State {
    pub(crate) inner: Box<dyn DynState>,
    pub(crate) game: Game,
    pub(crate) start: Option<String>,
    pub(crate) history: Vec<Action>,
}

impl State {
    /// Each player's return.
    pub(crate) fn returns_vec(&self) -> Result<Vec<f64>, JsValue> {
        self.inner.returns().map_err(|e| {
            errors::error("InternalError", format!("internal error in racegames: {e}"))
        })
    }

    pub(crate) fn current(&self) -> i32 {
        match self.inner.node() {
            Node::Chance => CHANCE,
            Node::Terminal => TERMINAL,
            Node::Decision(p) => p.index() as i32,
        }
    }
}

#[wasm_bindgen]
impl State {
    /// The game of this state.
    #[wasm_bindgen(js_name = getGame)]
    pub fn get_game(&self) -> Game {
        self.game.clone()
    }
    /// The one-line notation; `game.stateFromNotation` reads it back.
    pub fn notation(&self) -> String {
        self.inner.notation()
    }
    /// The player to act: a seat index, `CHANCE` (-1) or `TERMINAL` (-4).
    #[wasm_bindgen(js_name = currentPlayer)]
    pub fn current_player(&self) -> i32 {
        self.current()
    }
    /// The seat whose turn it is, or `undefined` before the roll-off and at
    /// the end.
    #[wasm_bindgen(js_name = turnOwner)]
    pub fn turn_owner(&self) -> Option<usize> {
        self.inner.turn_owner().map(|s| s.index())
    }
    /// Turns completed.
    #[wasm_bindgen(js_name = turnCount)]
    pub fn turn_count(&self) -> u32 {
        self.inner.turn_count()
    }
    /// Whether chance (a throw) acts next.
    #[wasm_bindgen(js_name = isChanceNode)]
    pub fn is_chance_node(&self) -> bool {
        self.inner.node() == Node::Chance
    }
    /// Whether the game is over.
    #[wasm_bindgen(js_name = isTerminal)]
    pub fn is_terminal(&self) -> bool {
        self.inner.node() == Node::Terminal
    }
    /// Whether the game's turn limit ended it.
    #[wasm_bindgen(js_name = isTruncated)]
    pub fn is_truncated(&self) -> bool {
        self.inner.is_truncated()
    }
    /// `[[action, probability], ...]` at a chance node, sorted, summing to
    /// 1; empty elsewhere.
    #[wasm_bindgen(js_name = chanceOutcomes)]
    pub fn chance_outcomes(&self) -> Array {
        self.inner
            .chance_outcomes()
            .into_iter()
            .map(|(a, p)| Array::of2(&JsValue::from_f64(f64::from(a)), &JsValue::from_f64(p)))
            .collect()
    }
    /// The legal actions, sorted (the chance outcomes at a chance node, as
    /// in OpenSpiel; empty at the end).
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Array {
        let actions: Vec<Action> = match self.inner.node() {
            Node::Chance => self
                .inner
                .chance_outcomes()
                .into_iter()
                .map(|(a, _)| a)
                .collect(),
            Node::Decision(_) => self.inner.legal_actions(),
            Node::Terminal => Vec::new(),
        };
        actions
            .into_iter()
            .map(|a| JsValue::from_f64(f64::from(a)))
            .collect()
    }
    /// Whether `action` applies here.
    ///
    /// # Errors
    ///
    /// A value that is not a whole number (`TypeError`).
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, action: JsValue) -> Result<bool, JsValue> {
        match read_action(&action) {
            Ok(a) => Ok(self.inner.is_legal(a)),
            Err(e) if e.is_instance_of::<js_sys::TypeError>() => Err(e),
            Err(_) => Ok(false),
        }
    }
    /// Applies a legal action or a chance outcome; an illegal one throws
    /// `IllegalActionError` and leaves the state unchanged.
    ///
    /// # Errors
    ///
    /// An action that does not apply, or a value that is no action.
    #[wasm_bindgen(js_name = applyAction)]
    pub fn apply_action(&mut self, action: JsValue) -> Result<(), JsValue> {
        let a = read_action(&action)?;
        self.inner.apply(a).map_err(errors::illegal)?;
        self.history.push(a);
        Ok(())
    }
    /// The readable string of an action.
    ///
    /// # Errors
    ///
    /// A value that is no action.
    #[wasm_bindgen(js_name = actionToString)]
    pub fn action_to_string(&self, action: JsValue) -> Result<String, JsValue> {
        Ok(self.inner.action_to_string(read_action(&action)?))
    }
    /// The action a string names (as `actionToString` writes it); throws
    /// `NotationError` otherwise.
    ///
    /// # Errors
    ///
    /// Text that names no legal action here.
    #[wasm_bindgen(js_name = stringToAction)]
    pub fn string_to_action(&self, text: &str) -> Result<u32, JsValue> {
        self.inner
            .string_to_action(text)
            .map_err(|e| errors::notation("action", e))
    }
    /// Each player's return: the result at the end, zeros before.
    ///
    /// # Errors
    ///
    /// Only from a bug in a game.
    pub fn returns(&self) -> Result<Array, JsValue> {
        Ok(self
            .returns_vec()?
            .into_iter()
            .map(JsValue::from_f64)
            .collect())
    }
    /// Every action applied since this state was made, chance outcomes
    /// included.
    pub fn history(&self) -> Array {
        self.history
            .iter()
            .map(|&a| JsValue::from_f64(f64::from(a)))
            .collect()
    }
    /// The notation `history()` starts from, or `undefined` for the game's
    /// initial state.
    #[wasm_bindgen(js_name = historyStart)]
    pub fn history_start(&self) -> Option<String> {
        self.start.clone()
    }
    /// An independent copy (with its history).
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_js(&self) -> State {
        State {
            inner: self.inner.clone_box(),
            game: self.game.clone(),
            start: self.start.clone(),
            history: self.history.clone(),
        }
    }
    /// Whether `other` is the same position of the same game.
    pub fn equals(&self, other: &State) -> bool {
        self.game.same(&other.game) && self.inner.eq_dyn(&*other.inner)
    }
    /// A readable text board: the game's own diagram.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.inner.diagram()
    }
}

/// The picture of `state` as SVG text: exactly Python's
/// `state._repr_svg_()` (at the end of a game it says who won).
#[wasm_bindgen(js_name = drawSvg)]
pub fn draw_svg(state: &State) -> String {
    state.inner.svg(state.inner.result_line().as_deref())
}
