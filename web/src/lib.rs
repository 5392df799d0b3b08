//! racegames in the browser: every game of the Python package, its
//! built-in players, its picture and its records, as a WebAssembly ES
//! module whose names are the Python API's in camelCase.
//!
//! ```js
//! import init, { makeGame, makePlayer, drawSvg } from "./pkg/racegames.js";
//! await init();
//! const game = makeGame("backgammon", {});
//! const state = game.newInitialState();
//! const bot = makePlayer("expectimax", game, { seed: 1 });
//! while (!state.isTerminal()) {
//!   if (state.isChanceNode()) {
//!     const [[a]] = state.chanceOutcomes();
//!     state.applyAction(a);
//!   } else {
//!     state.applyAction(bot.act(state));
//!   }
//! }
//! document.body.innerHTML = drawSvg(state);
//! ```
//!
//! Errors are JavaScript exceptions: an `Error` whose `name` is the Python
//! exception's class and whose message is Python's, or a `TypeError`. A
//! panic would be a bug: the hook set by [`start`] writes it on the
//! console.

#![deny(missing_docs)]
#![warn(clippy::missing_errors_doc)]

mod errors;
pub mod game;
mod params;
pub mod player;
pub mod records;
mod targets;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

pub use game::{draw_svg, list_games, make_game, Game, State};
pub use player::{make_player, Player};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Runs when the module is instantiated: a panic (a bug) is written on the
/// console before the module traps.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!(
            "racegames: internal error (please report it): {info}"
        ));
    }));
}

/// The version of the package.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Where each legal action of `state` moves a piece on its picture
/// (`drawSvg`'s coordinates), for pages that move by clicks: `[{action,
/// text, from: [x, y, size] | null, to: [x, y, size] | null}, ...]`, in
/// the order of `legalActions()`; empty at chance and terminal nodes.
#[wasm_bindgen(js_name = moveTargets)]
pub fn move_targets(state: &State) -> Array {
    let point = |p: Option<(f64, f64, f64)>| match p {
        Some((x, y, s)) => Array::of3(&x.into(), &y.into(), &s.into()).into(),
        None => JsValue::NULL,
    };
    targets::targets(&*state.inner)
        .into_iter()
        .map(|(a, from, to)| {
            let o = Object::new();
            let _ = Reflect::set(&o, &"action".into(), &f64::from(a).into());
            let text = state.inner.action_to_string(a);
            let _ = Reflect::set(&o, &"text".into(), &text.into());
            let _ = Reflect::set(&o, &"from".into(), &point(from));
            let _ = Reflect::set(&o, &"to".into(), &point(to));
            JsValue::from(o)
        })
        .collect()
}
