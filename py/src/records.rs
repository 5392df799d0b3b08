//! The native half of `racegames.records`: reading and writing record
//! text (the format of `racegames_board::record`), with the GIL released
//! for the text work.

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use racegames_board::record::{self, Comment, Record, RecordText};
use racegames_board::Action;

use crate::errors::guard;
use crate::pygame::PyGame;
use crate::registry;

/// A record as Python gets it: the game, the tags, the actions and the
/// comments `(before, text)`.
type PyRecord = (
    Py<PyGame>,
    Vec<(String, String)>,
    Vec<Action>,
    Vec<(usize, String)>,
);

/// `ValueError` at a game's first line.
fn at_game(game: &RecordText, message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("line {}, column 1: {message}", game.line))
}

/// The game the tags of `text` name, made once per distinct game and
/// options.
fn game_of(
    py: Python<'_>,
    text: &RecordText,
    made: &mut HashMap<Vec<(String, String)>, Py<PyGame>>,
) -> PyResult<Py<PyGame>> {
    let name = text
        .tag("Game")
        .ok_or_else(|| at_game(text, "the game has no Game tag"))?;
    let key: Vec<(String, String)> = text
        .tags
        .iter()
        .filter(|(k, _)| k == "Game" || k.starts_with(|c: char| c.is_ascii_lowercase()))
        .cloned()
        .collect();
    if let Some(game) = made.get(&key) {
        return Ok(game.clone_ref(py));
    }
    let make = registry::find(name).ok_or_else(|| {
        at_game(
            text,
            format!(
                "unknown game {name:?}; known games: {}",
                registry::names().join(", ")
            ),
        )
    })?;
    let inner = guard(|| make(name, &text.params()))?.map_err(|e| at_game(text, e))?;
    let game = Py::new(py, PyGame::from_inner(py, name.to_string(), inner)?)?;
    made.insert(key, game.clone_ref(py));
    Ok(game)
}

/// Reads every game of `text`; a `ValueError` names the line and column
/// of the first thing wrong (a malformed line, a move that is not a move of
/// its position, an unknown game or option).
#[pyfunction]
#[pyo3(name = "_records_read")]
pub fn records_read(py: Python<'_>, text: &str) -> PyResult<Vec<PyRecord>> {
    let texts = py
        .detach(|| guard(|| record::read(text)))?
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut made = HashMap::new();
    let mut out = Vec::with_capacity(texts.len());
    for text in &texts {
        let game = game_of(py, text, &mut made)?;
        let inner = &game.get().inner;
        let rec = py
            .detach(|| guard(|| inner.read_record(text)))?
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let comments = rec
            .comments
            .into_iter()
            .map(|c| (c.before, c.text))
            .collect();
        out.push((game, rec.tags, rec.actions, comments));
    }
    Ok(out)
}

/// Writes one record as text; a `ValueError` names an action that does not
/// apply, or a tag or comment that cannot be written.
#[pyfunction]
#[pyo3(name = "_records_write")]
pub fn records_write(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    tags: Vec<(String, String)>,
    actions: Vec<Action>,
    comments: Vec<(usize, String)>,
) -> PyResult<String> {
    let rec = Record {
        tags,
        actions,
        comments: comments
            .into_iter()
            .map(|(before, text)| Comment { before, text })
            .collect(),
    };
    let inner = &game.get().inner;
    py.detach(|| guard(|| inner.write_record(&rec)))?
        .map_err(|e| PyValueError::new_err(e.to_string()))
}
