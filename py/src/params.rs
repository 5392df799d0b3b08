//! Game and player options read from Python, and their messages made
//! Python's.
//!
//! A value is a `bool` (or `numpy.bool_`), an `int` (or any integer with
//! `__index__`, numpy's included), a real (`float`, `numpy.float32`, any
//! `numbers.Real`), a `str`, or a path (`os.PathLike`, read as its text).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyString};
use racegames_board::params::parse_spec;
use racegames_board::{ParamList, ParamValue};

use crate::errors;

/// The `(name, value)` list the rules crates take.
pub(crate) use racegames_board::params::borrow_params as values;
/// A value read from the caller, owned (the rules crates borrow it).
pub(crate) use racegames_board::params::OwnedParamValue as Owned;

/// Whether `v` is a numpy bool (`numpy.bool_`), which is no Python `bool`.
fn is_numpy_bool(v: &Bound<'_, PyAny>) -> PyResult<bool> {
    let t = v.get_type();
    let module = t.module()?.to_string();
    let name = t.name()?.to_string();
    Ok(module == "numpy" && (name == "bool" || name == "bool_"))
}

/// Reads one value; `key` names it in the messages.
fn read_value(key: &str, v: &Bound<'_, PyAny>) -> PyResult<Owned> {
    let py = v.py();
    if v.is_instance_of::<PyBool>() {
        return Ok(Owned::Bool(v.extract()?));
    }
    if is_numpy_bool(v)? {
        return Ok(Owned::Bool(v.is_truthy()?));
    }
    if v.is_instance_of::<PyString>() {
        return Ok(Owned::Str(v.extract()?));
    }
    if v.hasattr("__fspath__")? {
        let os = py.import("os")?;
        let text = os.call_method1("fspath", (v,))?;
        let text = if text.is_instance_of::<PyBytes>() {
            os.call_method1("fsdecode", (text,))?
        } else {
            text
        };
        return Ok(Owned::Str(text.extract()?));
    }
    // Takes any integer with `__index__` (numpy's too), never a real.
    if let Ok(i) = v.extract::<i64>() {
        return Ok(Owned::Int(i));
    }
    if let Ok(i) = py.import("operator")?.call_method1("index", (v,)) {
        return Err(errors::ParameterError::new_err(format!(
            "parameter {key} got {i}, past the 64-bit integers (from {} to {})",
            i64::MIN,
            i64::MAX
        )));
    }
    let real = py.import("numbers")?.getattr("Real")?;
    if v.is_instance_of::<PyFloat>() || v.is_instance(&real)? {
        let x: f64 = py
            .import("builtins")?
            .getattr("float")?
            .call1((v,))?
            .extract()?;
        return Ok(Owned::Float(x));
    }
    Err(PyTypeError::new_err(format!(
        "parameter {key} must be a bool, an int, a float, a str or a path, not {}",
        v.get_type().name()?
    )))
}

/// Reads `**params` into owned values, else `TypeError` (a value of no
/// kind an option takes) or `ParameterError` (an int past 64 bits).
pub(crate) fn read_params(params: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, Owned)>> {
    let mut out = Vec::new();
    let Some(params) = params else {
        return Ok(out);
    };
    for (k, v) in params.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("parameter names must be strings"))?;
        let value = read_value(&key, &v)?;
        out.push((key, value));
    }
    Ok(out)
}

/// Puts one value into `dict` as a plain Python value.
fn set_plain(dict: &Bound<'_, PyDict>, key: &str, value: ParamValue<'_>) -> PyResult<()> {
    match value {
        ParamValue::Bool(b) => dict.set_item(key, b),
        ParamValue::Int(i) => dict.set_item(key, i),
        ParamValue::Float(x) => dict.set_item(key, x),
        ParamValue::Str(s) => dict.set_item(key, s),
    }
}

/// A game's options as a dict of plain Python values (`bool`, `int`,
/// `float`, `str`).
pub(crate) fn params_dict<'py>(
    py: Python<'py>,
    params: &ParamList,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, v) in params {
        set_plain(&dict, k, *v)?;
    }
    Ok(dict)
}

/// Options as read, as a dict of plain Python values (numpy's kinds and
/// paths made `int`, `float` and `str`).
pub(crate) fn owned_dict<'py>(
    py: Python<'py>,
    owned: &[(String, Owned)],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, v) in owned {
        set_plain(&dict, k, v.value())?;
    }
    Ok(dict)
}

/// An option's value written as text, read as the command lines of
/// `racegames-train` read it ([`ParamValue::parse`]): `true`/`false`, an
/// int, a finite real, or else the text itself. The one reader for every
/// command line, Python's included.
#[pyfunction]
pub fn param_word(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    word_value(py, ParamValue::parse(text))
}

/// A value read from text, as a plain Python value.
fn word_value(py: Python<'_>, value: ParamValue<'_>) -> PyResult<Py<PyAny>> {
    Ok(match value {
        ParamValue::Bool(b) => PyBool::new(py, b).to_owned().into_any().unbind(),
        ParamValue::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        ParamValue::Float(x) => PyFloat::new(py, x).into_any().unbind(),
        ParamValue::Str(s) => PyString::new(py, s).into_any().unbind(),
    })
}

/// An option read from text: its key and its value as a plain Python value.
type Word = (String, Py<PyAny>);

/// A name with options written `NAME` or `NAME:KEY=VALUE,...`, read by
/// the one reader of that form ([`parse_spec`]): the name and the options
/// in the order written, each value as [`param_word`] reads it. A
/// `ValueError` says what is wrong.
#[pyfunction]
#[pyo3(name = "_parse_spec")]
pub fn py_parse_spec(py: Python<'_>, text: &str) -> PyResult<(String, Vec<Word>)> {
    let (name, options) = parse_spec(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let options = options
        .into_iter()
        .map(|(k, v)| Ok((k.to_string(), word_value(py, v)?)))
        .collect::<PyResult<_>>()?;
    Ok((name.to_string(), options))
}
