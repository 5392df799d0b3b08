//! gnubg's Position ID, Match ID and match files for Python
//! (`racegames.gnubg`): glue over `racegames_tables::gnubg`, which
//! computes them.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use racegames_board::Seat;
use racegames_tables::gnubg::{
    self, GameState, GnubgError, MatchId, MatchInfo, PositionId, Resignation, Side,
};

use std::sync::Arc;

use racegames_board::Action;
use racegames_tables::gnubg::{MatEntry, MatError};
use racegames_tables::variant::Scoring;
use racegames_tables::Tables;

use crate::errors::guard;
use crate::tables::tables_state;

/// `repr(obj)`, for messages.
fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string())
}

/// An ID's text, else `TypeError`.
fn id_text(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    obj.cast::<PyString>()
        .map_err(|_| {
            let name = obj
                .get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string());
            PyTypeError::new_err(format!("a {what} is a str, got {name}"))
        })
        .and_then(|s| s.extract::<String>())
}

/// The `ValueError` of a bad ID: the error, with the ID.
fn id_error(e: &GnubgError, obj: &Bound<'_, PyAny>, what: &str) -> PyErr {
    match e {
        GnubgError::NotBase64 { .. } => PyValueError::new_err(format!("{e}, got {}", repr(obj))),
        _ => PyValueError::new_err(format!("{what} {}: {e}", repr(obj))),
    }
}

fn value_error(e: GnubgError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn seat(n: Option<u8>) -> Option<Seat> {
    n.map(Seat::new)
}

fn decode_pid(pid: &Bound<'_, PyAny>) -> PyResult<PositionId> {
    let text = id_text(pid, "Position ID")?;
    text.parse().map_err(|e| id_error(&e, pid, "Position ID"))
}

/// A's and B's checkers of a backgammon state, each from its own side.
#[pyfunction]
#[pyo3(name = "_gnubg_sides")]
pub fn py_sides(state: &Bound<'_, PyState>) -> PyResult<(Side, Side)> {
    let (_, held) = tables_state(state)?;
    let [a, b] = gnubg::sides(&held.game, &held.state).map_err(value_error)?;
    Ok((a, b))
}

/// The Position ID of a backgammon state, `on_roll` on roll (gnubg's
/// choice when `None`).
#[pyfunction]
#[pyo3(name = "_gnubg_position_id", signature = (state, on_roll=None))]
pub fn py_position_id(state: &Bound<'_, PyState>, on_roll: Option<u8>) -> PyResult<String> {
    let (_, held) = tables_state(state)?;
    let seat = seat(on_roll).unwrap_or_else(|| gnubg::default_on_roll(&held.state));
    let pid = PositionId::of_position(&held.game, &held.state, seat).map_err(value_error)?;
    Ok(pid.to_string())
}

/// The boards of a Position ID: the player not on roll's, the player on roll's.
#[pyfunction]
#[pyo3(name = "_gnubg_decode_position_id")]
pub fn py_decode_position_id(pid: &Bound<'_, PyAny>) -> PyResult<(Side, Side)> {
    let [first, second] = *decode_pid(pid)?.boards();
    Ok((first, second))
}

/// The notation of a Position ID's position (`PositionId::setup`).
#[pyfunction]
#[pyo3(name = "_gnubg_position_notation")]
pub fn py_position_notation(
    pid: &Bound<'_, PyAny>,
    on_roll: u8,
    dice: Option<[u8; 2]>,
    turns: u32,
) -> PyResult<String> {
    let setup = decode_pid(pid)?
        .setup(Seat::new(on_roll), dice, turns)
        .map_err(|e| id_error(&e, pid, "Position ID"))?;
    Ok(setup.to_string())
}

/// The fields of a Match ID, as `racegames.gnubg.MatchInfo` lists them.
type Fields = (
    u32,
    Option<u8>,
    u8,
    bool,
    u8,
    u8,
    bool,
    u8,
    (u8, u8),
    u16,
    (u16, u16),
    bool,
);

fn fields(info: &MatchInfo) -> Fields {
    let dice = info.dice.unwrap_or([0, 0]);
    (
        info.cube,
        info.cube_owner.map(|s| s.index() as u8),
        info.on_roll.index() as u8,
        info.crawford,
        info.game_state.number(),
        info.turn.index() as u8,
        info.doubled,
        info.resigned.map_or(0, |r| r as u8),
        (dice[0], dice[1]),
        info.match_length,
        (info.score[0], info.score[1]),
        info.jacoby,
    )
}

/// The Match ID of a backgammon state (`MatchInfo::of_position`), with
/// the match length and score where the state's game is money play.
#[pyfunction]
#[pyo3(name = "_gnubg_match_id")]
pub fn py_match_id(
    state: &Bound<'_, PyState>,
    on_roll: Option<u8>,
    dice: Option<[u8; 2]>,
    match_length: u16,
    score: (u16, u16),
) -> PyResult<String> {
    let (_, held) = tables_state(state)?;
    let mut info = MatchInfo::of_position(&held.game, &held.state, seat(on_roll), dice)
        .map_err(value_error)?;
    if info.match_length == 0 {
        // A finished money game's points come on top of the session's score.
        info.match_length = match_length;
        info.score = [
            score.0.saturating_add(info.score[0]),
            score.1.saturating_add(info.score[1]),
        ];
    } else if match_length != 0
        && (
            u32::from(match_length),
            [u32::from(score.0), u32::from(score.1)],
        ) != (held.state.match_length(), held.state.match_score())
    {
        let [a, b] = held.state.match_score();
        return Err(PyValueError::new_err(format!(
            "the state is a game of a match to {} at {a}-{b}; give no other match",
            info.match_length
        )));
    }
    Ok(MatchId::new(info).map_err(value_error)?.to_string())
}

/// The fields of a Match ID.
#[pyfunction]
#[pyo3(name = "_gnubg_decode_match_id")]
pub fn py_decode_match_id(mid: &Bound<'_, PyAny>) -> PyResult<Fields> {
    let text = id_text(mid, "Match ID")?;
    let id: MatchId = text.parse().map_err(|e| id_error(&e, mid, "Match ID"))?;
    Ok(fields(id.info()))
}

/// An int field of `width` bits (a bool too, where `flag`), else
/// `ValueError` naming it.
fn field(obj: &Bound<'_, PyAny>, name: &str, width: u32, flag: bool) -> PyResult<u32> {
    let is_int = obj.is_instance_of::<PyInt>() && (flag || !obj.is_instance_of::<PyBool>());
    match obj.extract::<i64>() {
        Ok(v) if is_int && (0..1 << width).contains(&v) => Ok(v as u32),
        _ => Err(PyValueError::new_err(format!(
            "the Match ID field {name} ({width} bits) cannot hold {}",
            repr(obj)
        ))),
    }
}

/// The Match ID of its fields, in `MatchInfo`'s order; `ValueError` names
/// the first bad one.
#[pyfunction]
#[pyo3(name = "_gnubg_encode_match_id")]
#[allow(clippy::too_many_arguments)]
pub fn py_encode_match_id(
    cube: &Bound<'_, PyAny>,
    cube_owner: &Bound<'_, PyAny>,
    on_roll: &Bound<'_, PyAny>,
    crawford: &Bound<'_, PyAny>,
    game_state: &Bound<'_, PyAny>,
    turn: &Bound<'_, PyAny>,
    doubled: &Bound<'_, PyAny>,
    resigned: &Bound<'_, PyAny>,
    dice: [Bound<'_, PyAny>; 2],
    match_length: &Bound<'_, PyAny>,
    score: [Bound<'_, PyAny>; 2],
    jacoby: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let cube = match cube.extract::<u32>() {
        Ok(c) if !cube.is_instance_of::<PyBool>() && c.is_power_of_two() && c <= 1 << 15 => c,
        _ => {
            return Err(PyValueError::new_err(format!(
                "the cube is a power of two up to 32768, got {}",
                repr(cube)
            )))
        }
    };
    let owner = if cube_owner.is_none() {
        None
    } else {
        match cube_owner.extract::<u8>() {
            Ok(s) if s < 2 && !cube_owner.is_instance_of::<PyBool>() => Some(Seat::new(s)),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "cube_owner is None, 0 or 1, got {}",
                    repr(cube_owner)
                )))
            }
        }
    };
    let d = [
        field(&dice[0], "dice", 3, false)?,
        field(&dice[1], "dice", 3, false)?,
    ];
    let faces = [d[0].max(d[1]) as u8, d[0].min(d[1]) as u8];
    if faces[0] > 6 || (faces[1] == 0 && faces[0] != 0) {
        return Err(PyValueError::new_err(format!(
            "dice must be two faces 1 to 6, or (0, 0) before the roll, got ({}, {})",
            d[0], d[1]
        )));
    }
    let state = field(game_state, "game_state", 3, false)? as u8;
    let info = MatchInfo {
        cube,
        cube_owner: owner,
        on_roll: Seat::new(field(on_roll, "on_roll", 1, false)? as u8),
        crawford: field(crawford, "crawford", 1, true)? == 1,
        game_state: GameState::from_number(state)
            .ok_or_else(|| value_error(GnubgError::UnknownGameState(state)))?,
        turn: Seat::new(field(turn, "turn", 1, false)? as u8),
        doubled: field(doubled, "doubled", 1, true)? == 1,
        resigned: match field(resigned, "resigned", 2, false)? {
            1 => Some(Resignation::Single),
            2 => Some(Resignation::Gammon),
            3 => Some(Resignation::Backgammon),
            _ => None,
        },
        dice: (faces != [0, 0]).then_some(faces),
        match_length: field(match_length, "match_length", 15, false)? as u16,
        score: [
            field(&score[0], "score", 15, false)? as u16,
            field(&score[1], "score", 15, false)? as u16,
        ],
        jacoby: field(jacoby, "jacoby", 1, true)? == 1,
    };
    Ok(MatchId::new(info).map_err(value_error)?.to_string())
}

use crate::pygame::PyState;

/// Adds the gnubg functions to `racegames._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_sides, m)?)?;
    m.add_function(wrap_pyfunction!(py_position_id, m)?)?;
    m.add_function(wrap_pyfunction!(py_decode_position_id, m)?)?;
    m.add_function(wrap_pyfunction!(py_position_notation, m)?)?;
    m.add_function(wrap_pyfunction!(py_match_id, m)?)?;
    m.add_function(wrap_pyfunction!(py_decode_match_id, m)?)?;
    m.add_function(wrap_pyfunction!(py_encode_match_id, m)?)?;
    register_mat(m)
}

// --- match files ------------------------------------------------------------

/// The `ValueError` of a match file's error.
fn mat_error(e: MatError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The backgammon game of `state` (any state of it).
fn tables_of(state: &Bound<'_, PyState>) -> PyResult<Arc<Tables>> {
    Ok(tables_state(state)?.1.game)
}

/// A match-file turn for Python: player, dice, move text.
type TurnFields = (u8, (u8, u8), String);

/// A game to write for Python: a state of its game, its actions, its players.
type GameIn<'py> = (Bound<'py, PyState>, Vec<Action>, (String, String));

/// The options of a game read from a match file.
type Options = (bool, bool, bool, &'static str, u8, u8, u8, bool);

/// A game read from a match file for Python (see `py_read_match`).
type GameFields = (
    (String, String),
    Vec<Action>,
    Options,
    (u32, u32),
    u32,
    bool,
);

/// One game's match-file turns: (player, (die, die), move text) per throw.
#[pyfunction]
#[pyo3(name = "_gnubg_game_turns")]
pub fn py_game_turns(
    state: &Bound<'_, PyState>,
    actions: Vec<Action>,
) -> PyResult<Vec<TurnFields>> {
    let game = tables_of(state)?;
    let (turns, _) = gnubg::game_turns(&game, &actions).map_err(mat_error)?;
    Ok(turns
        .iter()
        .map(|t| {
            (
                t.player.index() as u8,
                (t.dice[0], t.dice[1]),
                t.move_text(),
            )
        })
        .collect())
}

/// The text of a match file of `games`: each a state of its game (its
/// options), its actions and its players.
#[pyfunction]
#[pyo3(name = "_gnubg_write_match")]
pub fn py_write_match(games: Vec<GameIn<'_>>, match_length: u32) -> PyResult<String> {
    let tables = games
        .iter()
        .map(|(state, _, _)| tables_of(state))
        .collect::<PyResult<Vec<_>>>()?;
    let list: Vec<(&Tables, &[Action], [&str; 2])> = games
        .iter()
        .zip(&tables)
        .map(|((_, a, (x, y)), t)| (&**t, a.as_slice(), [x.as_str(), y.as_str()]))
        .collect();
    gnubg::write_games(&list, match_length).map_err(mat_error)
}

/// One game's lines (`write_game`), the blank line that ends it included.
#[pyfunction]
#[pyo3(name = "_gnubg_write_game")]
pub fn py_write_game(
    state: &Bound<'_, PyState>,
    actions: Vec<Action>,
    number: u32,
    names: (String, String),
    score: (u32, u32),
) -> PyResult<String> {
    let game = tables_of(state)?;
    let mut out = String::new();
    let names = [names.0.as_str(), names.1.as_str()];
    gnubg::write_game(&mut out, &game, &actions, number, names, [score.0, score.1])
        .map_err(mat_error)?;
    Ok(out)
}

/// `name` if a match file can hold it, else `ValueError`.
#[pyfunction]
#[pyo3(name = "_gnubg_check_name")]
pub fn py_check_name(name: &str, what: &str) -> PyResult<()> {
    gnubg::check_name(name, what).map_err(mat_error)?;
    Ok(())
}

/// The games of a match file's text: names, actions, the options of the
/// game (`cube`, `resign`, `jacoby`, `scoring`, `match_length`, `score_a`,
/// `score_b`, `crawford_game`), the score line's score, the match length,
/// and the Crawford flag. How the game ends is its final position's
/// (`Game::termination`), which a record's tags read.
#[pyfunction]
#[pyo3(name = "_gnubg_read_match")]
pub fn py_read_match(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    text: &str,
) -> PyResult<Vec<GameFields>> {
    let game = tables_of(state)?;
    let games = py
        .detach(|| guard(|| gnubg::read_match(&game, text)))?
        .map_err(mat_error)?;
    Ok(games
        .into_iter()
        .map(|g| {
            let v = g.game.variant();
            let scoring = match v.scoring {
                Scoring::WinLoss => "winloss",
                Scoring::Gammons => "gammons",
                _ => "backgammons",
            };
            let options = (
                v.cube,
                v.resign,
                v.jacoby,
                scoring,
                v.match_length,
                v.score[0],
                v.score[1],
                v.crawford_game,
            );
            let [a, b] = g.names;
            let score = (g.score[0], g.score[1]);
            (
                (a, b),
                g.actions,
                options,
                score,
                g.match_length,
                g.crawford,
            )
        })
        .collect())
}

/// The actions of match-file entries: (player, (die, die), move text, line).
#[pyfunction]
#[pyo3(name = "_gnubg_entries_to_actions")]
pub fn py_entries_to_actions(
    state: &Bound<'_, PyState>,
    entries: Vec<(u8, (u8, u8), String, usize)>,
) -> PyResult<Vec<Action>> {
    let game = tables_of(state)?;
    let list: Vec<MatEntry> = entries
        .into_iter()
        .map(|(p, (d1, d2), text, line)| MatEntry {
            player: Seat::new(p),
            dice: [d1, d2],
            text,
            line,
        })
        .collect();
    gnubg::entries_to_actions(&game, &list).map_err(mat_error)
}

/// The actions of the player to move in `state` that play gnubg's
/// checker moves `pairs`.
#[pyfunction]
#[pyo3(name = "_gnubg_play")]
pub fn py_play(state: &Bound<'_, PyState>, pairs: Vec<(u8, u8)>) -> PyResult<Vec<Action>> {
    let (_, held) = tables_state(state)?;
    gnubg::play_checker_moves(&held.game, &held.state, &pairs).map_err(mat_error)
}

/// Adds the match-file functions to `racegames._core`.
fn register_mat(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_game_turns, m)?)?;
    m.add_function(wrap_pyfunction!(py_write_match, m)?)?;
    m.add_function(wrap_pyfunction!(py_write_game, m)?)?;
    m.add_function(wrap_pyfunction!(py_check_name, m)?)?;
    m.add_function(wrap_pyfunction!(py_read_match, m)?)?;
    m.add_function(wrap_pyfunction!(py_entries_to_actions, m)?)?;
    m.add_function(wrap_pyfunction!(py_play, m)?)?;
    m.add("_GNUBG_MAX_NAME_BYTES", gnubg::MAX_NAME_BYTES)
}
