//! Luck-adjusted results of backgammon matches played elsewhere (the
//! games `py/scripts/gnubg_match.py` writes, a JSON object a line with
//! `game`, `seat` and `actions`): each game's result less what its dice
//! gave the player, judged by a net (`racegames_players::arena::luck`).
//!
//! The adjustment keeps the expected result whatever the judge, and takes
//! much of the dice's noise away, so that a few hundred games tell apart
//! players that a few thousand raw results would not.

use racegames_board::{Action, FromParams, Game, ParamValue};
use racegames_players::arena::luck::games_luck;
use racegames_players::arena::{Control, MAX_THREADS};
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
    let start = game.new_initial_state();
    let plays: Vec<_> = games
        .iter()
        .map(|g| (start, g.actions.as_slice()))
        .collect();
    let workers = workers.clamp(1, MAX_THREADS);
    let judged =
        games_luck(game, judge, &plays, workers, &Control::default()).map_err(|e| e.to_string())?;
    games
        .iter()
        .zip(judged)
        .map(|(g, luck)| {
            let luck = luck.map_err(|e| format!("game {}: {e}", g.game))?;
            if !luck.finished {
                return Err(format!("game {}: its actions do not end it", g.game));
            }
            Ok(Judged {
                game: g.game,
                result: luck.returns[g.seat],
                adjusted: luck.adjusted(g.seat),
            })
        })
        .collect()
}

/// The mean and the half-width of its normal 95% interval (the one
/// formula, [`racegames_players::arena::stats::mean_interval`]).
pub use racegames_players::arena::stats::mean_interval;
