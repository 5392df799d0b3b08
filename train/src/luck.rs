//! Luck-adjusted results of backgammon matches played elsewhere (the
//! games `py/scripts/gnubg_match.py` writes, a JSON object a line with
//! `game`, `seat` and `actions`): each game's result less what its dice
//! gave the player, judged by a net (`racegames_players::arena::luck`).
//!
//! The adjustment keeps the expected result whatever the judge, and takes
//! much of the dice's noise away, so that a few hundred games tell apart
//! players that a few thousand raw results would not.

use std::sync::atomic::{AtomicUsize, Ordering};

use racegames_board::{Action, FromParams, ParamValue};
use racegames_players::arena::luck::game_luck;
use racegames_players::net::NetEvaluator;
use racegames_tables::Tables;

/// One game of a match file.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// The game's number (its dice's seed).
    pub game: u64,
    /// The measured player's seat.
    pub seat: usize,
    /// Every action, chance included, from the first state.
    pub actions: Vec<Action>,
}

/// One game judged: the player's result and its luck-adjusted result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    /// The game's number.
    pub game: u64,
    /// The player's result, in the judge's scoring.
    pub result: f64,
    /// The result less the player's luck.
    pub adjusted: f64,
}

/// Reads a match file: one JSON object a line.
///
/// # Errors
///
/// A line that is not such an object, named by its number.
pub fn read_match(text: &str) -> Result<Vec<MatchGame>, String> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        let field = |name: &str| {
            value
                .get(name)
                .ok_or_else(|| format!("line {}: no {name:?}", i + 1))
        };
        let number = |name: &str| {
            field(name)?
                .as_u64()
                .ok_or_else(|| format!("line {}: {name:?} is not a whole number", i + 1))
        };
        let game = number("game")?;
        let seat = number("seat")?;
        if seat > 1 {
            return Err(format!(
                "line {}: seat {seat} (backgammon has 0 and 1)",
                i + 1
            ));
        }
        let actions = field("actions")?
            .as_array()
            .ok_or_else(|| format!("line {}: \"actions\" is not a list", i + 1))?
            .iter()
            .map(|a| {
                a.as_u64()
                    .and_then(|a| Action::try_from(a).ok())
                    .ok_or_else(|| format!("line {}: an action is not a whole number", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        games.push(MatchGame {
            game,
            seat: seat as usize,
            actions,
        });
    }
    Ok(games)
}

/// Backgammon scored as `scoring` (`"winloss"` or `"backgammons"`)
/// counts, through the rules crate's own options: the judge's game.
///
/// # Errors
///
/// Any other scoring.
pub fn backgammon_scored(scoring: &str) -> Result<Tables, String> {
    if !matches!(scoring, "winloss" | "backgammons") {
        return Err(format!(
            "--scoring: winloss or backgammons, not {scoring:?}"
        ));
    }
    Tables::from_params("backgammon", &[("scoring", ParamValue::Str(scoring))])
        .map_err(|e| e.to_string())
}

/// Judges every game on `workers` threads, in the games' order.
///
/// # Errors
///
/// A game whose actions the rules refuse, or that does not end.
pub fn judge_games(
    game: &Tables,
    judge: &NetEvaluator,
    games: &[MatchGame],
    workers: usize,
) -> Result<Vec<Judged>, String> {
    let next = AtomicUsize::new(0);
    let mut slots: Vec<Option<Result<Judged, String>>> = vec![None; games.len()];
    let done: Vec<Vec<(usize, Result<Judged, String>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(g) = games.get(i) else { break };
                        mine.push((i, judge_one(game, judge, g)));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    for (i, r) in done.into_iter().flatten() {
        slots[i] = Some(r);
    }
    slots
        .into_iter()
        .map(|s| s.unwrap_or_else(|| Err(String::from("a worker stopped"))))
        .collect()
}

fn judge_one(game: &Tables, judge: &NetEvaluator, g: &MatchGame) -> Result<Judged, String> {
    let luck = game_luck(game, judge, &g.actions).map_err(|e| format!("game {}: {e}", g.game))?;
    if !luck.finished {
        return Err(format!("game {}: its actions do not end it", g.game));
    }
    Ok(Judged {
        game: g.game,
        result: luck.returns[g.seat],
        adjusted: luck.adjusted(g.seat),
    })
}

/// The mean and the half-width of its normal 95% interval.
pub fn mean_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (
        mean,
        racegames_players::arena::stats::Z95 * (var / n).sqrt(),
    )
}
