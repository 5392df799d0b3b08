//! The native half of `racegames.arena`: matches and round robins played
//! natively with the GIL released, stopped by Ctrl-C and watched by a
//! progress callback, and the Wilson interval.

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use racegames_players::arena::{self, ArenaConfig, ArenaError, Control, MAX_GAMES, MAX_THREADS};

use crate::args::read_usize;
use crate::dynplayer::Seat;
use crate::interrupt::interruptible_polled;
use crate::pycallable::{PyCallable, Raised};
use crate::pygame::PyGame;
use crate::pyplayers::PyPlayer;

/// The seats: built-in players (of this very game) natively, any other
/// callable in Python.
fn seats(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    players: &[Bound<'_, PyAny>],
    raised: &Raised,
) -> PyResult<Vec<Seat>> {
    let shared = Arc::new(game.clone().unbind());
    let game = game.clone().unbind();
    players
        .iter()
        .map(|p| {
            if let Ok(player) = p.cast::<PyPlayer>() {
                let player = player.get();
                player.check_game(py, &game)?;
                Ok(Seat::Native(player.native()))
            } else if p.is_callable() {
                Ok(Seat::External(Arc::new(PyCallable {
                    f: p.clone().unbind(),
                    game: Arc::clone(&shared),
                    raised: Arc::clone(raised),
                })))
            } else {
                Err(PyTypeError::new_err(format!(
                    "a player must be a racegames Player or a callable state -> action, not {}",
                    p.get_type().name()?
                )))
            }
        })
        .collect()
}

/// Runs `f` on the game with the GIL released and Ctrl-C watched (see
/// [`interruptible_polled`]); `progress(done, total)` is called about every
/// 50 ms with the games finished. An exception raised by a Python player
/// comes back as itself, an arena error as `ValueError`.
#[allow(clippy::too_many_arguments)] // one closure, the rest plain inputs
fn run<T: Send>(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    players: Vec<Bound<'_, PyAny>>,
    mut config: ArenaConfig,
    progress: Option<Bound<'_, PyAny>>,
    f: impl FnOnce(
            Arc<dyn crate::dyngame::DynGame>,
            Vec<Seat>,
            &ArenaConfig,
            &Control,
        ) -> Result<T, ArenaError>
        + Send,
) -> PyResult<T> {
    let raised = Raised::default();
    let seats = seats(py, game, &players, &raised)?;
    // Python players are called one at a time: one thread is enough.
    if seats.iter().any(|s| matches!(s, Seat::External(_))) {
        config.threads = config.threads.min(1);
    }
    let inner = Arc::clone(&game.get().inner);
    let control = Control::default();
    let result = interruptible_polled(
        py,
        &control.interrupt,
        |_| f(inner, seats, &config, &control),
        report_progress(progress.as_ref(), &control),
    )?;
    if let Some(e) = raised.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(e);
    }
    result.map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A poll for [`interruptible_polled`] that calls `progress(done, total)`
/// with `control`'s counts whenever they have changed.
pub(crate) fn report_progress<'a>(
    progress: Option<&'a Bound<'a, PyAny>>,
    control: &'a Control,
) -> impl FnMut(Python<'_>) -> PyResult<()> + 'a {
    let mut shown = None;
    move |_| {
        let Some(progress) = progress else {
            return Ok(());
        };
        let now = (control.done(), control.total());
        if shown != Some(now) {
            shown = Some(now);
            progress.call1(now)?;
        }
        Ok(())
    }
}

/// The arena's settings; `games` and `threads` checked against their
/// ranges (a `ValueError` names the range) before anything is allocated.
fn config(
    games: &Bound<'_, PyAny>,
    seed: u64,
    threads: &Bound<'_, PyAny>,
    turn_limit: u32,
    opening: u32,
) -> PyResult<ArenaConfig> {
    Ok(ArenaConfig {
        games: read_usize(games, "games", 1, MAX_GAMES)?,
        seed,
        threads: read_usize(threads, "threads", 1, MAX_THREADS)?,
        turn_limit,
        opening,
    })
}

/// Plays a match (see `racegames.arena.play`, which checks the arguments'
/// types); returns its counts as a dict. With `record_names` (the players'
/// names) and `record_path`, writes every game's record to that file.
#[pyfunction]
#[pyo3(name = "_arena_play", signature = (game, players, games, seed, threads, turn_limit, opening, progress=None, record_names=None, record_path=None))]
#[allow(clippy::too_many_arguments)] // the Python signature, one argument each
pub fn arena_play<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    players: Vec<Bound<'py, PyAny>>,
    games: &Bound<'py, PyAny>,
    seed: u64,
    threads: &Bound<'py, PyAny>,
    turn_limit: u32,
    opening: u32,
    progress: Option<Bound<'py, PyAny>>,
    record_names: Option<Vec<String>>,
    record_path: Option<std::path::PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let config = config(games, seed, threads, turn_limit, opening)?;
    // Opened first, so that a bad path fails before any game is played.
    let mut file = match (&record_names, &record_path) {
        (Some(_), Some(path)) => Some(std::io::BufWriter::with_capacity(
            1 << 20,
            std::fs::File::create(path)?,
        )),
        _ => None,
    };
    let names = record_names.as_deref();
    let r = run(
        py,
        game,
        players,
        config,
        progress,
        |g, seats, config, control| {
            let record = names
                .zip(file.as_mut())
                .map(|(n, f)| (n, f as &mut (dyn std::io::Write + Send)));
            g.play_match(seats, config, control, record)
        },
    )?;
    let out = PyDict::new(py);
    out.set_item("games", r.games)?;
    out.set_item("wins", r.wins)?;
    out.set_item("draws", r.draws)?;
    out.set_item("truncated", r.truncated)?;
    out.set_item("mean_returns", r.mean_returns)?;
    out.set_item("seat_wins", r.seat_wins)?;
    Ok(out)
}

/// Plays a round robin (see `racegames.arena.round_robin`); returns the
/// table as a dict.
#[pyfunction]
#[pyo3(name = "_arena_round_robin", signature = (game, players, games, seed, threads, turn_limit, opening, progress=None))]
#[allow(clippy::too_many_arguments)] // the Python signature, one argument each
pub fn arena_round_robin<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    players: Vec<Bound<'py, PyAny>>,
    games: &Bound<'py, PyAny>,
    seed: u64,
    threads: &Bound<'py, PyAny>,
    turn_limit: u32,
    opening: u32,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    if players.len() < 2 {
        return Err(PyValueError::new_err(
            "a round robin needs at least 2 players",
        ));
    }
    let config = config(games, seed, threads, turn_limit, opening)?;
    let t = run(
        py,
        game,
        players,
        config,
        progress,
        |g, seats, config, control| g.play_round_robin(seats, config, control),
    )?;
    let out = PyDict::new(py);
    out.set_item("games", t.games)?;
    out.set_item("wins", t.wins)?;
    out.set_item("draws", t.draws)?;
    out.set_item("truncated", t.truncated)?;
    out.set_item("elo", t.elo)?;
    Ok(out)
}

/// `(rate, low, high)`: the Wilson 95% interval of `successes` of `trials`.
#[pyfunction]
#[pyo3(name = "_wilson")]
pub fn wilson(successes: f64, trials: usize) -> PyResult<(f64, f64, f64)> {
    if !(0.0..=trials as f64).contains(&successes) {
        return Err(PyValueError::new_err(
            "successes must lie between 0 and the number of trials",
        ));
    }
    let i = arena::wilson(successes, trials);
    Ok((i.rate, i.low, i.high))
}

/// `(mean, half_width)`: the mean of `values` and the half-width of its
/// normal 95% interval ([`arena::stats::mean_interval`]).
#[pyfunction]
#[pyo3(name = "_mean_interval")]
pub fn mean_interval(values: Vec<f64>) -> (f64, f64) {
    arena::stats::mean_interval(&values)
}

/// The most players `_elo` fits at once (its iteration costs the square).
const MAX_ELO_PLAYERS: usize = 64;

/// Elo ratings (Bradley-Terry, maximum likelihood, averaging 0) fitted to
/// `score[i][j]`, player `i`'s score against `j`, over `games[i][j]`
/// games, with `prior_draws` virtual draws added to every pair that met.
#[pyfunction]
#[pyo3(name = "_elo", signature = (score, games, prior_draws = 1.0))]
pub fn fit_elo(score: Vec<Vec<f64>>, games: Vec<Vec<f64>>, prior_draws: f64) -> PyResult<Vec<f64>> {
    let n = score.len();
    if n > MAX_ELO_PLAYERS {
        return Err(PyValueError::new_err(format!(
            "at most {MAX_ELO_PLAYERS} players, not {n}"
        )));
    }
    if games.len() != n || score.iter().chain(&games).any(|row| row.len() != n) {
        return Err(PyValueError::new_err(
            "score and games must be square tables of the same size",
        ));
    }
    if !(prior_draws.is_finite() && prior_draws > 0.0 && prior_draws <= 1e6) {
        return Err(PyValueError::new_err("prior_draws must lie in (0, 1e6]"));
    }
    for i in 0..n {
        for j in 0..n {
            let (s, g) = (score[i][j], games[i][j]);
            if !(g.is_finite() && (0.0..=1e12).contains(&g)) || games[j][i] != g {
                return Err(PyValueError::new_err(
                    "games must be finite, between 0 and 1e12, and symmetric",
                ));
            }
            if !(s.is_finite() && (0.0..=g).contains(&s)) {
                return Err(PyValueError::new_err(
                    "each score must lie between 0 and the games of its pair",
                ));
            }
        }
    }
    Ok(arena::elo(&score, &games, prior_draws))
}
