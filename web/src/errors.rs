//! The exceptions the package throws: JavaScript `Error`s whose `name` is
//! the Python exception's class (`IllegalActionError`, `NotationError`,
//! `UnknownGameError`, `ParameterError`, `ValueError`) and whose message
//! is Python's, or a `TypeError` for a value of the wrong type.

use racegames_board::{IllegalAction, ParamError, ParseError};
use racegames_players::PlayerError;
use wasm_bindgen::JsValue;

/// An `Error` named `kind` with `message`.
pub(crate) fn error(kind: &str, message: impl core::fmt::Display) -> JsValue {
    let e = js_sys::Error::new(&message.to_string());
    e.set_name(kind);
    e.into()
}

/// A `TypeError` with `message`.
pub(crate) fn type_error(message: impl core::fmt::Display) -> JsValue {
    js_sys::TypeError::new(&message.to_string()).into()
}

/// `IllegalActionError` for an error of `apply`.
pub(crate) fn illegal(e: IllegalAction) -> JsValue {
    error("IllegalActionError", e)
}

/// `NotationError` for a parse error, naming what was being read.
pub(crate) fn notation(what: &str, e: ParseError) -> JsValue {
    error("NotationError", format!("bad {what}: {e}"))
}

/// `ParameterError` for a bad option (`ParameterTypeError`, a `TypeError`,
/// for a value of the wrong type).
pub(crate) fn param(e: ParamError) -> JsValue {
    match e {
        ParamError::WrongType { .. } => parameter_type_error(e),
        _ => error("ParameterError", e),
    }
}

/// `ParameterTypeError`: an option given a value of the wrong type.
fn parameter_type_error(message: impl core::fmt::Display) -> JsValue {
    let e = js_sys::TypeError::new(&message.to_string());
    e.set_name("ParameterTypeError");
    e.into()
}

/// The error for a player's error, as Python's `player_error` makes it.
pub(crate) fn player(e: PlayerError) -> JsValue {
    match e {
        PlayerError::BadParameter(m) => error("ParameterError", m),
        PlayerError::WrongType(m) => parameter_type_error(m),
        PlayerError::Game(e) => param(e),
        e => error("ValueError", e),
    }
}

/// `ValueError` with `message`.
pub(crate) fn value_error(message: impl core::fmt::Display) -> JsValue {
    error("ValueError", message)
}
