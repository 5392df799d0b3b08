//! Building a game's built-in players by name, from its evaluation and
//! the players' options.
//!
//! Each game's module lists the names it offers and hands over its
//! evaluation; everything else is the same for every game.

use std::sync::Arc;

use racegames_board::{Game, ParamValue};

use crate::expectimax::{ExpectimaxPlayer, ExpectimaxSettings};
use crate::greedy::GreedyPlayer;
use crate::mcts::{MctsPlayer, MctsSettings};
use crate::params::{no_params, refused, shown, unknown_player};
use crate::random::RandomPlayer;
use crate::{Evaluator, Params, Player, PlayerError};

pub use crate::eval::Evaluation;

/// A game's default settings of the search players (what a player gets
/// for the options not given), chosen so that each decides in time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Defaults {
    /// `expectimax`'s `depth`, `beam`, `prune`, `budget` and `root_filter`.
    pub expectimax: ExpectimaxSettings,
    /// `mcts`'s `simulations`, `exploration` and `rollout_plies`.
    pub mcts: MctsSettings,
}

/// The options of `greedy`.
const GREEDY_PARAMS: &str = "eval (hand or net)";
/// The options of `expectimax`.
const EXPECTIMAX_PARAMS: &str = "depth (1 to 4), beam (0 to 65536: 0 = every move, else the number of moves searched deeper), prune (true or false), budget (0 to 100000000: the work of deepening), root_filter (0 to 100: at depth 3 or more, search only the root moves within this much of the best one ply shallower; 0 = off), eval (hand or net)";
/// The options of `mcts`.
const MCTS_PARAMS: &str = "simulations (1 to 1000000), exploration (a number from 0 to 100), rollout_plies (0 to 10000), breadth and opponent_breadth (0 to 10000), own_progress (a number from 0 to 1000000), eval (hand or net)";

/// Reads the `eval` option.
fn evaluation_param(player: &str, value: ParamValue<'_>) -> Result<Evaluation, PlayerError> {
    match value {
        ParamValue::Str("hand") => Ok(Evaluation::Hand),
        ParamValue::Str("net") => Ok(Evaluation::Net),
        _ => Err(refused(
            value,
            format!(
                "parameter eval of player {player} got {}; expected hand or net",
                shown(value)
            ),
        )),
    }
}

/// Builds the built-in player `name`, one of `names` (the game's list),
/// with this seed and options, the game's `defaults` standing in for the
/// options not given. `evaluator` gives the game's evaluation of each kind,
/// `None` where the game has none of that kind; it is called only for
/// players that evaluate positions.
///
/// `greedy` evaluates by hand unless told `eval=net`: one ply of the
/// game's own logic, a baseline that needs no training. The searching
/// players use the shipped net where there is one (`eval=hand` to choose
/// otherwise).
///
/// # Errors
///
/// `policy` (a trained policy, `path=<policy file>`) is accepted for every
/// game besides the names listed.
///
/// [`PlayerError::UnknownPlayer`] for a name not in `names` (nor `policy`),
/// [`PlayerError::BadParameter`] for an option the player does not take or
/// a value out of its range, [`PlayerError::WrongType`] for a real number
/// where the player takes none. The real options (`mcts`'s `exploration`
/// and `own_progress`) take a [`ParamValue::Float`], an integer, or a
/// number written as text.
pub fn build_player<G>(
    game: &G,
    names: &[&'static str],
    name: &str,
    seed: u64,
    params: &Params<'_>,
    defaults: &Defaults,
    evaluator: impl Fn(&G, Evaluation) -> Option<Arc<dyn Evaluator<G>>>,
) -> Result<Box<dyn Player<G>>, PlayerError>
where
    G: Game + 'static,
    G::State: Send + Sync,
{
    if name == "policy" {
        // A trained policy: not ranked among the built-in players, loaded
        // from the file its `path` option names.
        return Ok(Box::new(crate::policy::make_policy_player(
            game, seed, params,
        )?));
    }
    if !names.contains(&name) {
        return Err(unknown_player(name, names));
    }
    match name {
        "random" => {
            no_params(name, params)?;
            Ok(Box::new(RandomPlayer::new(seed)))
        }
        "greedy" => {
            let mut chosen = Evaluation::Hand;
            for &(key, value) in params {
                match key {
                    "eval" => chosen = evaluation_param(name, value)?,
                    _ => return Err(unknown_param(name, key, value, GREEDY_PARAMS)),
                }
            }
            let eval = pick_evaluation(game, name, Some(chosen), &evaluator)?;
            Ok(Box::new(GreedyPlayer::new(seed, eval)))
        }
        "expectimax" => {
            let mut settings = defaults.expectimax;
            let mut chosen = None;
            for &(key, value) in params {
                match key {
                    "eval" => chosen = Some(evaluation_param(name, value)?),
                    "depth" => settings.depth = int_param(name, key, value, 1, 4)? as u32,
                    "beam" => settings.beam = int_param(name, key, value, 0, 1 << 16)? as u32,
                    "prune" => settings.prune = bool_param(name, key, value)?,
                    "budget" => {
                        settings.budget = int_param(name, key, value, 0, 100_000_000)? as u32
                    }
                    "root_filter" => {
                        settings.root_filter = real_param(name, key, value, 0.0, 100.0)?
                    }
                    _ => return Err(unknown_param(name, key, value, EXPECTIMAX_PARAMS)),
                }
            }
            let eval = pick_evaluation(game, name, chosen, &evaluator)?;
            Ok(Box::new(ExpectimaxPlayer::new(seed, eval, settings)))
        }
        "mcts" => {
            let mut settings = defaults.mcts;
            let mut chosen = None;
            for &(key, value) in params {
                match key {
                    "eval" => chosen = Some(evaluation_param(name, value)?),
                    "simulations" => {
                        settings.simulations = int_param(name, key, value, 1, 1_000_000)? as u32
                    }
                    "exploration" => {
                        settings.exploration = real_param(name, key, value, 0.0, 100.0)?
                    }
                    "rollout_plies" => {
                        settings.rollout_plies = int_param(name, key, value, 0, 10_000)? as u32
                    }
                    "breadth" => settings.breadth = int_param(name, key, value, 0, 10_000)? as u32,
                    "opponent_breadth" => {
                        settings.opponent_breadth = int_param(name, key, value, 0, 10_000)? as u32
                    }
                    "own_progress" => {
                        settings.own_progress = real_param(name, key, value, 0.0, 1e6)?
                    }
                    _ => return Err(unknown_param(name, key, value, MCTS_PARAMS)),
                }
            }
            let eval = pick_evaluation(game, name, chosen, &evaluator)?;
            Ok(Box::new(MctsPlayer::new(seed, eval, settings)))
        }
        _ => Err(unknown_player(name, names)),
    }
}

/// The evaluation `chosen` by the player's `eval` option; when none was
/// chosen, the net where the game has one, else the hand-written one.
fn pick_evaluation<G: Game>(
    game: &G,
    player: &str,
    chosen: Option<Evaluation>,
    evaluator: &impl Fn(&G, Evaluation) -> Option<Arc<dyn Evaluator<G>>>,
) -> Result<Arc<dyn Evaluator<G>>, PlayerError> {
    let found = match chosen {
        Some(kind) => evaluator(game, kind),
        None => evaluator(game, Evaluation::Net).or_else(|| evaluator(game, Evaluation::Hand)),
    };
    found.ok_or_else(|| {
        PlayerError::BadParameter(format!(
            "player {player}: this game and option set has no shipped net; use eval=hand"
        ))
    })
}

/// An integer option in `min..=max`. A real, even a whole one, is a
/// [`PlayerError::WrongType`].
pub(crate) fn int_param(
    player: &str,
    name: &str,
    value: ParamValue<'_>,
    min: i64,
    max: i64,
) -> Result<i64, PlayerError> {
    match value {
        ParamValue::Int(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(refused(
            value,
            format!(
                "parameter {name} of player {player} got {}; expected an integer from {min} to {max}",
                shown(value)
            ),
        )),
    }
}

/// A real option in `min..=max`: a real, an integer, or a number written
/// as text.
pub(crate) fn real_param(
    player: &str,
    name: &str,
    value: ParamValue<'_>,
    min: f64,
    max: f64,
) -> Result<f64, PlayerError> {
    let parsed = match value {
        ParamValue::Str(s) => ParamValue::parse(s.trim()).as_real(),
        other => other.as_real(),
    };
    match parsed {
        // NaN is in no range.
        Some(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(PlayerError::BadParameter(format!(
            "parameter {name} of player {player} got {}; expected a number from {min} to {max}",
            shown(value)
        ))),
    }
}

/// An on/off option.
pub(crate) fn bool_param(
    player: &str,
    name: &str,
    value: ParamValue<'_>,
) -> Result<bool, PlayerError> {
    match value {
        ParamValue::Bool(b) => Ok(b),
        _ => Err(refused(
            value,
            format!(
                "parameter {name} of player {player} got {}; expected true or false",
                shown(value)
            ),
        )),
    }
}

/// The error for an option name the player does not take (given `value`).
pub(crate) fn unknown_param(
    player: &str,
    name: &str,
    value: ParamValue<'_>,
    known: &str,
) -> PlayerError {
    refused(
        value,
        format!(
            "player {player} takes no parameter {:?}; it takes {known}",
            name.chars().take(48).collect::<String>()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_option_takes_a_real_an_integer_or_text() {
        let read = |v| real_param("mcts", "exploration", v, 0.0, 100.0);
        assert_eq!(read(ParamValue::Float(1.4)), Ok(1.4));
        assert_eq!(read(ParamValue::Int(2)), Ok(2.0));
        assert_eq!(read(ParamValue::Str(" 0.7 ")), Ok(0.7));
        assert_eq!(read(ParamValue::Float(100.0)), Ok(100.0));
        for bad in [
            ParamValue::Float(-0.1),
            ParamValue::Float(100.5),
            ParamValue::Float(f64::NAN),
            ParamValue::Float(f64::INFINITY),
            ParamValue::Int(101),
            ParamValue::Str("lots"),
            ParamValue::Bool(true),
        ] {
            let Err(PlayerError::BadParameter(m)) = read(bad) else {
                panic!("{bad:?} was not refused as a bad value");
            };
            assert!(
                m.contains("exploration") && m.contains("from 0 to 100"),
                "{m}"
            );
        }
    }

    #[test]
    fn a_real_where_none_is_taken_is_a_wrong_type() {
        let e = int_param("expectimax", "depth", ParamValue::Float(2.0), 1, 4).unwrap_err();
        assert_eq!(
            e,
            PlayerError::WrongType(
                "parameter depth of player expectimax got 2.0; expected an integer from 1 to 4"
                    .into()
            )
        );
        // Other kinds stay bad values, as before reals existed.
        assert!(matches!(
            int_param("expectimax", "depth", ParamValue::Bool(true), 1, 4),
            Err(PlayerError::BadParameter(_))
        ));
        assert!(matches!(
            bool_param("expectimax", "prune", ParamValue::Float(1.0)),
            Err(PlayerError::WrongType(_))
        ));
        assert!(matches!(
            evaluation_param("greedy", ParamValue::Float(1.0)),
            Err(PlayerError::WrongType(_))
        ));
        assert!(matches!(
            unknown_param("mcts", "depth", ParamValue::Float(1.5), MCTS_PARAMS),
            PlayerError::WrongType(_)
        ));
        assert!(matches!(
            unknown_param("mcts", "depth", ParamValue::Int(1), MCTS_PARAMS),
            PlayerError::BadParameter(_)
        ));
    }
}
