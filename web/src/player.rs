//! Built-in players: `makePlayer(name, game, {seed, ...options})`.

use racegames_env::dynplayer::DynPlayer;
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::game::{Game, State};
use crate::params;

/// Reads a seed: a whole number or a BigInt, taken modulo 2^64 (as
/// Python's `make_player` takes it); `0` when absent.
fn read_seed(v: &JsValue) -> Result<u64, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(0);
    }
    if v.is_bigint() {
        let modulus = js_sys::BigInt::from(u64::MAX) + js_sys::BigInt::from(1u8);
        let big: js_sys::BigInt = v.clone().into();
        // ((x % m) + m) % m: the remainder of a negative one is negative.
        let big = ((big % modulus.clone()) + modulus.clone()) % modulus;
        return u64::try_from(big).map_err(|_| errors::type_error("the seed must be an integer"));
    }
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x.is_finite() && v.as_bool().is_none() => {
            // Whole numbers past 2^53 are not exact anyway; negative ones
            // wrap as Python's modulo does.
            Ok((x as i64) as u64)
        }
        _ => Err(errors::type_error("the seed must be an integer")),
    }
}

/// The built-in player `name` of `game`; `options` holds `seed` (a whole
/// number or BigInt, default 0) and the player's own options (`{seed: 1,
/// depth: 2}`). An unknown name or option throws `ParameterError` or
/// `ValueError` with Python's message.
///
/// # Errors
///
/// An unknown player or option, a value out of range, or the `policy`
/// player (which reads a file: not in the browser).
#[wasm_bindgen(js_name = makePlayer)]
pub fn make_player(name: &str, game: &Game, options: JsValue) -> Result<Player, JsValue> {
    let seed = read_seed(&params::get(&options, "seed"))?;
    let owned = params::read(&options, &["seed"])?;
    if name == "policy" {
        return Err(errors::value_error(
            "the policy player reads a file: not available in the browser",
        ));
    }
    let inner = game
        .inner
        .make_player(name, seed, &params::values(&owned))
        .map_err(errors::player)?;
    Ok(Player {
        inner,
        game: game.clone(),
        name: name.to_string(),
        seed,
    })
}

/// A built-in player of one game (Python's `racegames.players.Player`).
#[wasm_bindgen]
pub struct Player {
    inner: Box<dyn DynPlayer>,
    game: Game,
    name: String,
    seed: u64,
}

#[wasm_bindgen]
impl Player {
    /// The player's name, as `makePlayer` takes it.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.name.clone()
    }
    /// The seed it was made with.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The game it plays.
    #[wasm_bindgen(js_name = getGame)]
    pub fn get_game(&self) -> Game {
        self.game.clone()
    }
    /// A legal action at `state`, a decision node of the player's game;
    /// the same seed and state always give the same action.
    ///
    /// # Errors
    ///
    /// A state of another game, or one that is not a decision node.
    pub fn act(&mut self, state: &State) -> Result<u32, JsValue> {
        if !self.game.same(&state.game) {
            return Err(errors::value_error(format!(
                "this {} player was made for {}, not for {}",
                self.name,
                self.game.call_text(),
                state.game.call_text()
            )));
        }
        self.inner.act(&*state.inner).map_err(errors::player)
    }
}
