//! Game and player options read from a JavaScript object.
//!
//! A value is a boolean, a number (a whole number within ±2^53 is an
//! integer, any other finite number a real) or a string.

use js_sys::{Array, Object, Reflect};
use racegames_board::{ParamList, ParamValue};
use wasm_bindgen::{JsCast, JsValue};

use crate::errors;

/// The `(name, value)` list the rules crates take.
pub(crate) use racegames_board::params::borrow_params as values;
/// A value read from the caller, owned (the rules crates borrow it).
pub(crate) use racegames_board::params::OwnedParamValue as Owned;

/// The largest whole number a JavaScript number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// Reads one value; `key` names it in the messages.
fn read_value(key: &str, v: &JsValue) -> Result<Owned, JsValue> {
    if let Some(b) = v.as_bool() {
        return Ok(Owned::Bool(b));
    }
    if let Some(s) = v.as_string() {
        return Ok(Owned::Str(s));
    }
    if let Some(x) = v.as_f64() {
        if x.fract() == 0.0 && x.abs() <= MAX_SAFE {
            return Ok(Owned::Int(x as i64));
        }
        return Ok(Owned::Float(x));
    }
    Err(errors::type_error(format!(
        "parameter {key} must be a boolean, a number or a string, not {}",
        v.js_typeof().as_string().unwrap_or_default()
    )))
}

/// Reads the options of `params` (an object, or `undefined`/`null` for
/// none), leaving out the keys in `skip`.
pub(crate) fn read(params: &JsValue, skip: &[&str]) -> Result<Vec<(String, Owned)>, JsValue> {
    let mut out = Vec::new();
    if params.is_undefined() || params.is_null() {
        return Ok(out);
    }
    let Some(object) = params.dyn_ref::<Object>() else {
        return Err(errors::type_error("the options must be an object"));
    };
    if Array::is_array(params) {
        return Err(errors::type_error(
            "the options must be an object, not an array",
        ));
    }
    for entry in Object::entries(object).iter() {
        let pair: Array = entry.unchecked_into();
        let key = pair.get(0).as_string().unwrap_or_default();
        if skip.contains(&key.as_str()) {
            continue;
        }
        let value = read_value(&key, &pair.get(1))?;
        out.push((key, value));
    }
    Ok(out)
}

/// A value as a plain JavaScript value.
pub(crate) fn to_js(value: ParamValue<'_>) -> JsValue {
    match value {
        ParamValue::Bool(b) => JsValue::from_bool(b),
        ParamValue::Int(i) => JsValue::from_f64(i as f64),
        ParamValue::Float(x) => JsValue::from_f64(x),
        ParamValue::Str(s) => JsValue::from_str(s),
    }
}

/// A game's options as a plain object.
pub(crate) fn object(params: &ParamList) -> Object {
    let out = Object::new();
    for (k, v) in params {
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&out, &JsValue::from_str(k), &to_js(*v));
    }
    out
}

/// The value of `key` in `object`, `undefined` when absent or when
/// `object` is no object.
pub(crate) fn get(object: &JsValue, key: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}
