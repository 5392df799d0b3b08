//! The native core of the Python package `racegames` (module
//! `racegames._core`), built with maturin: thin glue over
//! `racegames_env` (the erased games, the registry, the vector
//! environment and the players, re-exported here under their module
//! names).
//!
//! - [`pygame`]: the `Game` and `State` classes;
//! - [`pyvector`]: the vector environment's Python class;
//! - [`pyplayers`], [`pyarena`] and [`records`]: `racegames.players`,
//!   `racegames.arena` and `racegames.records`' native halves, with
//!   [`pycallable`], a Python callable as an arena seat;
//! - [`pydriver`]: the one reader of `opponent` arguments and the opponent
//!   driver of the Gymnasium, PettingZoo and RLlib environments;
//! - [`daldos`] and [`tables`]: game-specific analysis; [`pygnubg`]: gnubg's
//!   IDs;
//! - [`args`], [`params`], [`errors`], [`interrupt`]: arguments, errors and
//!   Ctrl-C.

pub mod args;
pub mod daldos;
pub mod errors;
mod history;
pub mod interrupt;
pub mod params;
pub mod pickling;
pub mod pyarena;
pub mod pycallable;
pub mod pydriver;
pub mod pygame;
pub mod pygnubg;
pub mod pyluck;
pub mod pyplayers;
pub mod pyvector;
pub mod records;
pub mod tables;

pub use racegames_env::{dyngame, dynplayer, erased, facts, registry, shaping, vector, workers};

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `make_game(name, **params)`: a game by name, with options.
#[pyfunction]
#[pyo3(signature = (name, **params))]
fn make_game(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<pygame::PyGame> {
    pygame::make_game(py, name, params)
}

/// The names `make_game` accepts, sorted.
#[pyfunction]
fn list_games() -> Vec<&'static str> {
    registry::names()
}

/// How a finished game of `family` ended, in words (the line under its
/// picture).
#[pyfunction]
#[pyo3(name = "_result_line")]
fn result_line(family: &str, returns: Vec<f64>, truncated: bool) -> String {
    racegames_draw::result_line(family, &returns, truncated)
}

/// The picture of a text that is no position of a known game: the text in
/// a line of monospace, with `result_line` (if any) under it.
#[pyfunction]
#[pyo3(name = "_notation_svg", signature = (text, result_line = None))]
fn notation_svg(text: &str, result_line: Option<&str>) -> String {
    let mut scene = racegames_draw::notation_scene(text);
    if let Some(line) = result_line {
        scene.add_line(line);
    }
    scene.to_svg()
}

/// The colours the pictures give the pieces and holes, by name
/// (`daldos.hole`, `daldos.a`, `halma.seat1`, `halma.camp1`, …), as
/// `#rrggbb`.
#[pyfunction]
#[pyo3(name = "_palette")]
fn palette() -> Vec<(String, String)> {
    use racegames_draw::{daldos, halma, Color};
    let mut out = vec![
        ("daldos.hole".to_owned(), Color(daldos::HOLE)),
        ("halma.hole".to_owned(), Color(halma::HOLE)),
    ];
    for (seat, (fill, edge)) in daldos::COLORS.iter().enumerate() {
        let letter = if seat == 0 { 'a' } else { 'b' };
        out.push((format!("daldos.{letter}"), Color(*fill)));
        out.push((format!("daldos.{letter}.edge"), Color(*edge)));
    }
    for (seat, (piece, camp)) in halma::SEAT_COLORS.iter().zip(halma::CAMP_TINTS).enumerate() {
        out.push((format!("halma.seat{}", seat + 1), Color(*piece)));
        out.push((format!("halma.camp{}", seat + 1), Color(camp)));
    }
    out.into_iter().map(|(k, c)| (k, c.to_string())).collect()
}

/// The module `racegames._core`.
#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<pygame::PyGame>()?;
    m.add_class::<pygame::PyState>()?;
    m.add_class::<pyvector::VectorCore>()?;
    m.add_class::<pyplayers::PyPlayer>()?;
    m.add_class::<pydriver::PyDriver>()?;
    m.add_function(wrap_pyfunction!(pyplayers::list_players, m)?)?;
    m.add_function(wrap_pyfunction!(pyplayers::make_player, m)?)?;
    m.add_function(wrap_pyfunction!(pyplayers::policy_player_from_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(pyplayers::read_policy_file, m)?)?;
    m.add_function(wrap_pyfunction!(pyplayers::check_policy_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(pyarena::arena_play, m)?)?;
    m.add_function(wrap_pyfunction!(pyarena::arena_round_robin, m)?)?;
    m.add_function(wrap_pyfunction!(pyarena::wilson, m)?)?;
    m.add_function(wrap_pyfunction!(pyarena::mean_interval, m)?)?;
    m.add_function(wrap_pyfunction!(pyarena::fit_elo, m)?)?;
    m.add_function(wrap_pyfunction!(pyluck::arena_luck, m)?)?;
    m.add_function(wrap_pyfunction!(records::records_read, m)?)?;
    m.add_function(wrap_pyfunction!(records::records_write, m)?)?;
    m.add_function(wrap_pyfunction!(records::result_tags, m)?)?;
    m.add_function(wrap_pyfunction!(records::game_tags, m)?)?;
    m.add_function(wrap_pyfunction!(make_game, m)?)?;
    m.add_function(wrap_pyfunction!(result_line, m)?)?;
    m.add_function(wrap_pyfunction!(notation_svg, m)?)?;
    m.add_function(wrap_pyfunction!(palette, m)?)?;
    m.add_function(wrap_pyfunction!(list_games, m)?)?;
    m.add_function(wrap_pyfunction!(pickling::make_game_from, m)?)?;
    m.add_function(wrap_pyfunction!(pickling::restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(daldos::py_capture_odds, m)?)?;
    m.add_function(wrap_pyfunction!(daldos::py_threat_map, m)?)?;
    m.add_function(wrap_pyfunction!(daldos::py_hole_names, m)?)?;
    tables::register(m)?;
    pygnubg::register(m)?;
    m.add("CHANCE", pygame::CHANCE)?;
    m.add("TERMINAL", pygame::TERMINAL)?;
    // The limits and the interval's quantile, from the one place each lives.
    m.add("MAX_GAMES", racegames_players::arena::MAX_GAMES)?;
    m.add("MAX_THREADS", racegames_players::arena::MAX_THREADS)?;
    m.add("TURN_LIMIT", racegames_players::arena::TURN_LIMIT)?;
    m.add("Z95", racegames_players::arena::stats::Z95)?;
    m.add_function(wrap_pyfunction!(params::param_word, m)?)?;
    m.add_function(wrap_pyfunction!(params::py_parse_spec, m)?)?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add(
        "UnknownGameError",
        py.get_type::<errors::UnknownGameError>(),
    )?;
    m.add("ParameterError", py.get_type::<errors::ParameterError>())?;
    errors::add_parameter_type_error(m)?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // How this extension was compiled: "debug" (debug assertions on, as in
    // a plain `maturin develop`) or "release" (an optimised profile:
    // release, quick); py/bench/bench.py prints it beside its figures.
    m.add(
        "_BUILD_PROFILE",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
    )?;
    Ok(())
}
