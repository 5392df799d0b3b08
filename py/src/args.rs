//! Integer arguments read from Python with one rule: a `bool` or a value
//! that is not an integer is a `TypeError`; an integer outside the range
//! (negative, too large, past `u64`) is a `ValueError` naming the range,
//! never an `OverflowError` or a silent clamp. An action is read by the
//! same rule, its range error an `IllegalActionError`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use racegames_board::Action;

use crate::errors::IllegalActionError;

/// `value` as an integer in `min..=max`; `what` names it in the message.
pub fn read_int(value: &Bound<'_, PyAny>, what: &str, min: u64, max: u64) -> PyResult<u64> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not a bool"
        )));
    }
    if let Ok(i) = value.extract::<u64>() {
        if (min..=max).contains(&i) {
            return Ok(i);
        }
    }
    // Not a u64, or out of range: find out which, for the message.
    let index = value
        .py()
        .import("operator")?
        .call_method1("index", (value,))
        .map_err(|_| {
            let type_name = value
                .get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string());
            PyTypeError::new_err(format!("{what} must be an int, not {type_name}"))
        })?;
    Err(PyValueError::new_err(format!(
        "{what} must be from {min} to {max}, not {index}"
    )))
}

/// [`read_int`] into a `usize`.
pub fn read_usize(value: &Bound<'_, PyAny>, what: &str, min: usize, max: usize) -> PyResult<usize> {
    // usize is at most 64 bits on every supported platform.
    read_int(value, what, min as u64, max as u64).map(|i| i as usize)
}

/// A seed: any integer from 0 to 2**64 - 1.
pub fn read_seed(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    read_int(value, "seed", 0, u64::MAX)
}

/// A seat index `p` of a game of `num_players` seats (`player` in messages).
pub fn read_seat(p: &Bound<'_, PyAny>, num_players: usize) -> PyResult<racegames_board::Seat> {
    let i = read_usize(p, "player", 0, num_players - 1)?;
    // At most MAX_SEATS seats: the index fits a u8.
    Ok(racegames_board::Seat::new(i as u8))
}

/// Reads an action: an `int` (or anything with `__index__`), else `TypeError`;
/// out of range: `IllegalActionError`.
pub(crate) fn read_action(a: &Bound<'_, PyAny>) -> PyResult<Action> {
    // A plain int (the common case) is no bool and needs no other check.
    if !a.is_exact_instance_of::<PyInt>() && a.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err("an action must be an int, not a bool"));
    }
    match a.extract::<i64>() {
        Ok(i) => Action::try_from(i)
            .map_err(|_| IllegalActionError::new_err(format!("action {i} is out of range"))),
        Err(_) if a.is_instance_of::<PyInt>() => {
            Err(IllegalActionError::new_err("the action is out of range"))
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "an action must be an int, not {}",
            a.get_type().name()?
        ))),
    }
}
