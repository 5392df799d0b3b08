//! The native half of `racegames.records`: reading and writing record
//! text (the format of `racegames_board::record`). Reading runs with the
//! GIL released and stops at Ctrl-C: the text is read in slices of whole
//! games, the interrupt looked at between games.

use std::collections::HashMap;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use racegames_board::record::{self, Comment, ReadError, Record, RecordText};
use racegames_board::Action;
use racegames_players::Interrupt;

use crate::dyngame::DynGame;
use crate::errors::guard;
use crate::interrupt::interruptible;
use crate::pygame::{PyGame, PyState};
use racegames_env::record_games::{game_key, make_game};

/// A record as Python gets it: the game, the tags, the actions and the
/// comments `(before, text)`.
type PyRecord = (
    Py<PyGame>,
    Vec<(String, String)>,
    Vec<Action>,
    Vec<(usize, String)>,
);

/// About how many bytes of text are read between two looks at Ctrl-C
/// (a slice ends where a game does).
const SLICE_BYTES: usize = 1 << 18;

/// What reading gives: the games made (each distinct game and options
/// once) and the records, each with the index of its game.
#[derive(Default)]
struct Read {
    made: Vec<(String, Arc<dyn DynGame>)>,
    index: HashMap<Vec<(String, String)>, usize>,
    records: Vec<(usize, Record)>,
}

/// The index in `games` of the game the tags of `text` name, made on
/// first use. A tag given twice is refused: Python keeps tags in a dict,
/// which would keep one of them and write back another game.
fn game_of(text: &RecordText, games: &mut Read) -> Result<usize, String> {
    let key = game_key(text)?;
    if let Some(&i) = games.index.get(&key) {
        return Ok(i);
    }
    games.made.push(make_game(text)?);
    games.index.insert(key, games.made.len() - 1);
    Ok(games.made.len() - 1)
}

/// The end of the first slice of `text` that holds at least
/// [`SLICE_BYTES`] and ends where a game does, with the number of lines in
/// it; `text.len()` if none. A game starts at a tag line (`[` first on the
/// line, outside a comment) that follows a line that is not one; the scan
/// follows comments (`{`…`}` in move text) as the reader does.
fn slice_end(text: &str) -> (usize, usize) {
    let (mut at, mut lines) = (0, 0);
    let (mut in_comment, mut after_tags) = (false, false);
    for line in text.split_inclusive('\n') {
        let tag_line = !in_comment && line.trim_start().starts_with('[');
        if tag_line && !after_tags && at >= SLICE_BYTES {
            return (at, lines);
        }
        if !tag_line {
            for b in line.bytes() {
                match b {
                    b'{' if !in_comment => in_comment = true,
                    b'}' if in_comment => in_comment = false,
                    _ => {}
                }
            }
        }
        after_tags = tag_line;
        at += line.len();
        lines += 1;
    }
    (text.len(), lines)
}

/// `error`, read in a slice that starts after `lines` lines.
fn shifted(mut error: ReadError, lines: usize) -> String {
    error.line += lines;
    error.to_string()
}

/// Reads every game of `text` as [`records_read`] does, without the GIL;
/// `None` once `stop` is set.
fn read_all(text: &str, stop: &Interrupt) -> Option<Result<Read, String>> {
    let mut games = Read::default();
    let (mut rest, mut lines) = (text, 0);
    while !rest.is_empty() {
        let (end, count) = slice_end(rest);
        let texts = match record::read(&rest[..end]) {
            Ok(texts) => texts,
            Err(e) => return Some(Err(shifted(e, lines))),
        };
        for mut game in texts {
            if stop.is_interrupted() {
                return None;
            }
            game.line += lines;
            for m in &mut game.moves {
                m.line += lines;
            }
            let index = match game_of(&game, &mut games) {
                Ok(index) => index,
                Err(e) => return Some(Err(e)),
            };
            match games.made[index].1.read_record(&game) {
                Ok(rec) => games.records.push((index, rec)),
                Err(e) => return Some(Err(e.to_string())),
            }
        }
        rest = &rest[end..];
        lines += count;
    }
    Some(Ok(games))
}

/// Reads every game of `text`; a `ValueError` names the line and column
/// of the first thing wrong (a malformed line, a move that is not a move of
/// its position, an unknown game or option, a tag given twice). Ctrl-C
/// stops it.
#[pyfunction]
#[pyo3(name = "_records_read")]
pub fn records_read(py: Python<'_>, text: &str) -> PyResult<Vec<PyRecord>> {
    // `None` only after Ctrl-C, which `interruptible` raises itself.
    let Some(read) = interruptible(py, |stop| read_all(text, stop))? else {
        return Err(crate::errors::InternalError::new_err(
            "internal error in racegames: the record reader stopped without an interrupt",
        ));
    };
    let read = read.map_err(PyValueError::new_err)?;
    let made = read
        .made
        .into_iter()
        .map(|(name, inner)| Py::new(py, PyGame::from_inner(py, name, inner)?))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(read
        .records
        .into_iter()
        .map(|(index, rec)| {
            let comments = rec
                .comments
                .into_iter()
                .map(|c| (c.before, c.text))
                .collect();
            (made[index].clone_ref(py), rec.tags, rec.actions, comments)
        })
        .collect())
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

/// `[("Result", …), ("Returns", …), ("Termination", …)]` for the final
/// `state`, as the Rust writer sets them ([`record::result_tags`]);
/// `stopped`: play was stopped from outside by a turn limit.
#[pyfunction]
#[pyo3(name = "_result_tags")]
pub fn result_tags(state: &Bound<'_, PyState>, stopped: bool) -> PyResult<Vec<(String, String)>> {
    let state = state.try_borrow()?;
    let inner = state.inner();
    let terminal = matches!(inner.node(), racegames_board::Node::Terminal);
    let returns = if terminal {
        guard(|| inner.returns())?.map_err(crate::errors::internal)?
    } else {
        vec![0.0; inner.game().num_players()]
    };
    let truncated = terminal && inner.is_truncated();
    Ok(
        record::result_tags(&returns, terminal, truncated, stopped, inner.termination())
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// `Game` and then every option of `game` (defaults included), as the Rust
/// writer tags a record ([`Record::for_game`]).
#[pyfunction]
#[pyo3(name = "_game_tags")]
pub fn game_tags(game: &Bound<'_, PyGame>) -> Vec<(String, String)> {
    let game = game.get();
    Record::for_game(&game.name, &game.inner.params()).tags
}

#[cfg(test)]
mod tests {
    use super::{slice_end, SLICE_BYTES};

    #[test]
    fn slices_end_where_a_game_starts_outside_comments() {
        let game = "[Game \"daldos\"]\n[PlayerA \"x\"]\n\nA starts; {\n[not a tag]\n}\n";
        let text = game.repeat(SLICE_BYTES / game.len() + 2);
        let (end, lines) = slice_end(&text);
        assert!(end >= SLICE_BYTES && end < text.len());
        assert!(text[end..].starts_with("[Game"), "{}", &text[end..end + 20]);
        assert_eq!(lines, text[..end].matches('\n').count());
        assert_eq!(end % game.len(), 0);
        assert_eq!(slice_end(game), (game.len(), 6));
    }
}
