//! Game records as text (the project's record format: what Python's
//! `racegames.records.loads` reads and `dumps` writes), with records as
//! plain JavaScript objects: `{tags: {Game: "daldos", ...}, actions:
//! [...], comments: [[before, text], ...]}`. The game of a record is the
//! one its tags name (`Game` and the options in lower case).

use std::collections::HashMap;
use std::sync::Arc;

use js_sys::{Array, Object, Reflect};
use racegames_board::record::{self, Comment, Record, RecordText};
use racegames_board::Action;
use racegames_env::dyngame::DynGame;
use racegames_env::record_games::{game_key, make_game};
use racegames_env::registry;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::errors;
use crate::game::{read_action, Game, State};
use crate::params;

const SEATS: &[u8] = b"ABCDEF";

/// The game the tags of `text` name, made on first use; a tag given twice
/// is refused (Python keeps tags in a dict, which would keep one of them).
/// The same checks and messages as the Python package's reader.
fn game_of(
    text: &RecordText,
    made: &mut HashMap<Vec<(String, String)>, Game>,
) -> Result<Game, String> {
    let key = game_key(text)?;
    if let Some(game) = made.get(&key) {
        return Ok(game.clone());
    }
    let (name, inner) = make_game(text)?;
    let game = Game { inner, name };
    made.insert(key, game.clone());
    Ok(game)
}

/// A record as a plain object.
fn to_js(rec: &Record) -> Object {
    let tags = Object::new();
    for (k, v) in &rec.tags {
        let _ = Reflect::set(&tags, &JsValue::from_str(k), &JsValue::from_str(v));
    }
    let actions: Array = rec
        .actions
        .iter()
        .map(|&a| JsValue::from_f64(f64::from(a)))
        .collect();
    let comments: Array = rec
        .comments
        .iter()
        .map(|c| {
            Array::of2(
                &JsValue::from_f64(c.before as f64),
                &JsValue::from_str(&c.text),
            )
        })
        .collect();
    let out = Object::new();
    let _ = Reflect::set(&out, &"tags".into(), &tags);
    let _ = Reflect::set(&out, &"actions".into(), &actions);
    let _ = Reflect::set(&out, &"comments".into(), &comments);
    out
}

/// Every game of `text`, as records `{tags, actions, comments}`. Bad text
/// throws `ValueError` naming the line and column (a malformed line, a
/// tag given twice, a move that is not a move of its position, an unknown
/// game or option).
///
/// # Errors
///
/// Text that is not records, with Python's message.
#[wasm_bindgen(js_name = recordsLoads)]
pub fn records_loads(text: &str) -> Result<Array, JsValue> {
    let texts = record::read(text).map_err(errors::value_error)?;
    let mut made = HashMap::new();
    let out = Array::new();
    for game in texts {
        let g = game_of(&game, &mut made).map_err(errors::value_error)?;
        let rec = g.inner.read_record(&game).map_err(errors::value_error)?;
        out.push(&to_js(&rec));
    }
    Ok(out)
}

/// The tags of a record object, in order.
fn read_tags(rec: &JsValue) -> Result<Vec<(String, String)>, JsValue> {
    let tags = params::get(rec, "tags");
    let Some(object) = tags.dyn_ref::<Object>() else {
        return Err(errors::type_error("a record's tags must be an object"));
    };
    let mut out = Vec::new();
    for entry in Object::entries(object).iter() {
        let pair: Array = entry.unchecked_into();
        let key = pair.get(0).as_string().unwrap_or_default();
        let Some(value) = pair.get(1).as_string() else {
            return Err(errors::type_error("tags must map str to str"));
        };
        out.push((key, value));
    }
    Ok(out)
}

/// The actions of a record object.
fn read_actions(rec: &JsValue) -> Result<Vec<Action>, JsValue> {
    let actions = params::get(rec, "actions");
    if !Array::is_array(&actions) {
        return Err(errors::type_error("a record's actions must be an array"));
    }
    Array::from(&actions)
        .iter()
        .map(|a| read_action(&a))
        .collect()
}

/// The comments of a record object (`[[before, text], ...]`, or none).
fn read_comments(rec: &JsValue, n_actions: usize) -> Result<Vec<Comment>, JsValue> {
    let comments = params::get(rec, "comments");
    if comments.is_undefined() || comments.is_null() {
        return Ok(Vec::new());
    }
    if !Array::is_array(&comments) {
        return Err(errors::type_error("a record's comments must be an array"));
    }
    let mut out = Vec::new();
    for c in Array::from(&comments).iter() {
        let pair = Array::from(&c);
        let before = pair.get(0).as_f64().filter(|x| x.fract() == 0.0);
        let (Some(before), Some(text)) = (before, pair.get(1).as_string()) else {
            return Err(errors::type_error("a comment is [before, text]"));
        };
        if !(0.0..=n_actions as f64).contains(&before) {
            return Err(errors::value_error(format!(
                "a comment before action {before}: the record has {n_actions} actions"
            )));
        }
        out.push(Comment {
            before: before as usize,
            text,
        });
    }
    Ok(out)
}

/// The game a record's tags name.
fn game_of_tags(tags: &[(String, String)]) -> Result<Arc<dyn DynGame>, JsValue> {
    let name = record::Record {
        tags: tags.to_vec(),
        ..Record::default()
    };
    let Some(game) = name.tag("Game") else {
        return Err(errors::value_error("the record has no Game tag"));
    };
    let make = registry::find(game).ok_or_else(|| {
        errors::error(
            "UnknownGameError",
            format!(
                "unknown game {game:?}; known games: {}",
                registry::names().join(", ")
            ),
        )
    })?;
    make(game, &name.params()).map_err(errors::param)
}

/// A record object as a [`Record`] with its game.
fn read_record(rec: &JsValue) -> Result<(Arc<dyn DynGame>, Record), JsValue> {
    let tags = read_tags(rec)?;
    let actions = read_actions(rec)?;
    let comments = read_comments(rec, actions.len())?;
    let game = game_of_tags(&tags)?;
    Ok((
        game,
        Record {
            tags,
            actions,
            comments,
        },
    ))
}

/// The records as one text (a record alone is one game); throws
/// `ValueError` for an action that does not apply where it is played, or
/// a tag or comment that cannot be written.
///
/// # Errors
///
/// A record that cannot be written, with Python's message.
#[wasm_bindgen(js_name = recordsDumps)]
pub fn records_dumps(records: JsValue) -> Result<String, JsValue> {
    let list: Vec<JsValue> = if Array::is_array(&records) {
        Array::from(&records).iter().collect()
    } else {
        vec![records]
    };
    let mut out = String::new();
    for rec in list {
        let (game, rec) = read_record(&rec)?;
        out.push_str(&game.write_record(&rec).map_err(errors::value_error)?);
    }
    Ok(out)
}

/// The state after a record's last action, replayed from its start (its
/// `Position` tag, or the game's initial state), every move checked:
/// `ValueError` names the first illegal one.
///
/// # Errors
///
/// A record whose game, start or actions are wrong.
#[wasm_bindgen(js_name = recordFinalState)]
pub fn record_final_state(record: JsValue) -> Result<State, JsValue> {
    let (inner, rec) = read_record(&record)?;
    let name = rec.tag("Game").unwrap_or_default().to_string();
    let game = Game { inner, name };
    let mut state = match rec.tag("Position") {
        Some(text) => game.state_from_notation(text)?,
        None => game.new_initial_state(),
    };
    for (i, &a) in rec.actions.iter().enumerate() {
        if let Err(e) = state.inner.apply(a) {
            return Err(errors::value_error(format!(
                "move {} ({}, action {a}) is illegal: {e}",
                i + 1,
                state.inner.action_to_string(a)
            )));
        }
        state.history.push(a);
    }
    Ok(state)
}

/// The record of the game that led to `state` (its `history()`), as
/// Python's `Record.fromState` makes it: `Game` and every option,
/// `Position` for a state read from notation, `PlayerA`… from
/// `options.players` (names, one per seat), `Seed`, `Date` (`YYYY.MM.DD`,
/// default today, UTC), `Result`, `Returns` and `Termination`, then
/// `options.tags` (an object) adds or overrides any tag.
///
/// # Errors
///
/// `players` that do not list one name per seat, or tags that are not
/// strings.
#[wasm_bindgen(js_name = recordFromState)]
pub fn record_from_state(state: &State, options: JsValue) -> Result<Object, JsValue> {
    let game = &state.game;
    let n = game.inner.num_players();
    let mut rec = Record::for_game(&game.name, &game.inner.params());
    if let Some(start) = &state.start {
        rec.set_tag("Position", start.as_str());
    }
    let players = params::get(&options, "players");
    if !players.is_undefined() && !players.is_null() {
        let list = Array::is_array(&players).then(|| Array::from(&players));
        let Some(list) = list.filter(|l| l.length() as usize == n) else {
            return Err(errors::value_error(format!(
                "players must list {n} players, one per seat"
            )));
        };
        for (i, p) in list.iter().enumerate() {
            let name = p
                .as_string()
                .or_else(|| params::get(&p, "name").as_string())
                .unwrap_or_else(|| String::from("?"));
            rec.set_tag(&format!("Player{}", SEATS[i] as char), name);
        }
    }
    let seed = params::get(&options, "seed");
    if let Some(x) = seed.as_f64() {
        rec.set_tag("Seed", format!("{}", x as i64));
    } else if seed.is_bigint() {
        rec.set_tag(
            "Seed",
            String::from(js_sys::BigInt::from(seed).to_string(10).unwrap_or_default()),
        );
    }
    let date = params::get(&options, "date")
        .as_string()
        .unwrap_or_else(|| {
            let now = js_sys::Date::new_0();
            format!(
                "{:04}.{:02}.{:02}",
                now.get_utc_full_year(),
                now.get_utc_month() + 1,
                now.get_utc_date()
            )
        });
    rec.set_tag("Date", date);
    // Result, Returns and Termination as every writer sets them.
    let terminal = state.is_terminal();
    let returns = if terminal {
        state.returns_vec()?
    } else {
        vec![0.0; n]
    };
    let truncated = terminal && state.is_truncated();
    let ending = state.inner.termination();
    for (name, value) in record::result_tags(&returns, terminal, truncated, false, ending) {
        rec.set_tag(name, value);
    }
    let extra = params::get(&options, "tags");
    if extra.is_object() {
        let wrapped = Object::new();
        let _ = Reflect::set(&wrapped, &"tags".into(), &extra);
        for (k, v) in read_tags(&wrapped)? {
            rec.set_tag(&k, v);
        }
    }
    rec.actions = state.history.clone();
    Ok(to_js(&rec))
}
