//! Whole matches of a tables game played for points
//! (`racegames.arena.play_matches`), natively with the GIL released.

use std::io::Write;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use racegames_players::arena::{play_matches, Control, MatchesConfig};
use racegames_players::{Playable, Player};
use racegames_tables::Tables;

use crate::interrupt::interruptible_polled;
use crate::params;
use crate::pygame::PyState;
use crate::pyplayers::player_error;
use crate::tables::tables_state;

/// A built-in player to make: name, seed and options.
type PlayerSpec<'py> = (String, u64, Bound<'py, PyDict>);

/// Plays `matches` matches of `match_length` points of the game of
/// `state` between two built-in players (see
/// `racegames.arena.play_matches`, which checks the arguments' types);
/// returns the counts as a dict, and writes every game's record to
/// `record_path` where given.
#[pyfunction]
#[pyo3(name = "_arena_play_matches", signature = (state, players, matches, match_length, seed, threads, turn_limit, record_path=None))]
#[allow(clippy::too_many_arguments)] // the Python signature, one argument each
pub fn arena_play_matches<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyState>,
    players: Vec<PlayerSpec<'py>>,
    matches: usize,
    match_length: u8,
    seed: u64,
    threads: usize,
    turn_limit: u32,
    record_path: Option<std::path::PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let game: Tables = (*tables_state(state)?.1.game).clone();
    let mut made: Vec<Box<dyn Player<Tables>>> = Vec::new();
    for (name, player_seed, options) in &players {
        let owned = params::read_params(Some(options))?;
        let values = params::values(&owned);
        made.push(
            game.make_player(name, *player_seed, &values)
                .map_err(player_error)?,
        );
    }
    // Opened first, so that a bad path fails before any game is played.
    let mut file = match &record_path {
        Some(path) => Some(std::io::BufWriter::new(std::fs::File::create(path)?)),
        None => None,
    };
    let config = MatchesConfig {
        matches,
        match_length,
        seed,
        threads,
        turn_limit,
    };
    let control = Control::default();
    let (result, games) = interruptible_polled(
        py,
        &control.interrupt,
        |_| {
            // Moved in: the players are sent to the worker, not shared.
            let made = made;
            play_matches(&game, &made, &config, &control)
        },
        |_| Ok(()),
    )?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(out) = file.as_mut() {
        for one in &games {
            let text = one
                .record
                .to_text(&one.game)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            out.write_all(text.as_bytes())?;
        }
        out.flush()?;
    }
    let out = PyDict::new(py);
    out.set_item("matches", result.matches)?;
    out.set_item("wins", result.wins.to_vec())?;
    out.set_item("games", result.games)?;
    out.set_item("points", result.points.to_vec())?;
    Ok(out)
}
