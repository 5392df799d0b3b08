//! The exceptions the package raises, and the conversions from the rules
//! crates' errors.
//!
//! Every error a caller can cause is a `ValueError` subclass (or a
//! `TypeError` for a value of the wrong type); a bug inside the native code
//! is an `InternalError` (a `RuntimeError`), never a panic reaching Python.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use racegames_board::{IllegalAction, ObservationError, ParamError, ParseError};

pyo3::create_exception!(
    racegames,
    IllegalActionError,
    PyValueError,
    "An action that does not apply in this state; the state is unchanged."
);
pyo3::create_exception!(
    racegames,
    NotationError,
    PyValueError,
    "Malformed or impossible notation (of a position or of an action); says what and where."
);
pyo3::create_exception!(
    racegames,
    UnknownGameError,
    PyValueError,
    "No game is registered under this name."
);
pyo3::create_exception!(
    racegames,
    ParameterError,
    PyValueError,
    "A game parameter that does not exist, or a value it does not take."
);
pyo3::create_exception!(
    racegames,
    InternalError,
    PyRuntimeError,
    "A bug in racegames' native code (please report it); the object is left as it was."
);

/// `IllegalActionError` for an error of `apply`.
pub fn illegal(e: IllegalAction) -> PyErr {
    IllegalActionError::new_err(e.to_string())
}

/// `NotationError` for a parse error, naming what was being read.
pub fn notation(what: &str, e: ParseError) -> PyErr {
    NotationError::new_err(format!("bad {what}: {e}"))
}

/// `ParameterError` for a bad option; `TypeError` for a value of the wrong
/// type.
/// The message names Python's `True` and `False`.
pub fn param(e: ParamError) -> PyErr {
    let message = python_words(&e.to_string());
    match e {
        ParamError::WrongType { .. } => parameter_type_error(message),
        _ => ParameterError::new_err(message),
    }
}

/// `ParameterTypeError` with this message: a value of the wrong type for
/// an option.
pub fn parameter_type_error(message: String) -> PyErr {
    Python::attach(|py| {
        // `ParameterTypeError` is both a `ParameterError` and a
        // `TypeError`, so either `except` catches it.
        py.import("racegames._core")
            .and_then(|m| m.getattr("ParameterTypeError"))
            .and_then(|cls| cls.call1((message.clone(),)))
            .map(PyErr::from_value)
            .unwrap_or_else(|_| pyo3::exceptions::PyTypeError::new_err(message))
    })
}

/// Makes `ParameterTypeError`, a subclass of both `ParameterError` and
/// `TypeError`, for an option given a value of the wrong type.
pub fn add_parameter_type_error(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let bases = (
        py.get_type::<ParameterError>(),
        py.get_type::<pyo3::exceptions::PyTypeError>(),
    );
    let namespace = pyo3::types::PyDict::new(py);
    namespace.set_item(
        "__doc__",
        "A game parameter given a value of the wrong type: a ParameterError and a TypeError.",
    )?;
    namespace.set_item("__module__", "racegames")?;
    let cls =
        py.import("builtins")?
            .getattr("type")?
            .call1(("ParameterTypeError", bases, namespace))?;
    m.add("ParameterTypeError", cls)
}

/// `InternalError` for an error that only a bug in racegames can cause.
pub fn internal(e: impl core::fmt::Display) -> PyErr {
    InternalError::new_err(format!("internal error in racegames: {e}"))
}

/// `ValueError` for a bad observer.
pub fn observation(e: ObservationError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Runs native code, turning a panic (a bug) into `InternalError`.
pub fn guard<T>(f: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        InternalError::new_err(format!("internal error in racegames: {what}"))
    })
}

/// A message of the rules crates or the players, with its bare `true` and
/// `false` (on/off values, and the on/off options' expectations) written
/// as Python's `True` and `False`. Text in double quotes (a word as
/// given) is kept as it is.
pub fn python_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut quoted = false;
    let mut escaped = false;
    let mut rest = message;
    while let Some(c) = rest.chars().next() {
        if quoted {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
            continue;
        }
        if c == '"' {
            quoted = true;
            out.push(c);
            rest = &rest[1..];
            continue;
        }
        let word_end = rest
            .find(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
            .unwrap_or(rest.len());
        if word_end == 0 {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let word = &rest[..word_end];
        out.push_str(match word {
            "true" => "True",
            "false" => "False",
            other => other,
        });
        rest = &rest[word_end..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_on_off_words_become_pythons_and_quoted_words_stay() {
        assert_eq!(
            python_words("parameter lose_at_one of daldos got 3; expected true or false"),
            "parameter lose_at_one of daldos got 3; expected True or False"
        );
        assert_eq!(
            python_words("parameter depth of player expectimax got true; expected an integer"),
            "parameter depth of player expectimax got True; expected an integer"
        );
        assert_eq!(
            python_words("false: the square board has no such rule"),
            "False: the square board has no such rule"
        );
        // Words as given, and words inside other words, are kept.
        assert_eq!(
            python_words(r#"got "true" and "a \"false\" one"; untrue falsehood true_x"#),
            r#"got "true" and "a \"false\" one"; untrue falsehood true_x"#
        );
        assert_eq!(python_words("ø true"), "ø True");
        assert_eq!(python_words(""), "");
    }

    #[test]
    fn a_panic_becomes_an_error_not_an_unwind() {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let r: PyResult<u32> = guard(|| panic!("boom"));
        std::panic::set_hook(hook);
        assert!(r.is_err());
        assert_eq!(guard(|| 3).ok(), Some(3));
    }
}
