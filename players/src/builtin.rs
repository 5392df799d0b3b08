//! Building a game's built-in players by name, from its evaluation and
//! the players' options.
//!
//! Each game's module lists the names it offers and hands over its
//! evaluation; everything else is the same for every game.

use std::sync::Arc;

use board_core::{Game, ParamValue};

use crate::greedy::GreedyPlayer;
use crate::random::RandomPlayer;
use crate::registry::{no_params, unknown_player};
use crate::{Evaluator, Params, Player, PlayerError};

/// Builds the built-in player `name`, one of `names` (the game's list),
/// with this seed and options. `evaluator` is called only for players that
/// evaluate positions.
///
/// # Errors
///
/// [`PlayerError::UnknownPlayer`] for a name not in `names`,
/// [`PlayerError::BadParameter`] for an option the player does not take or
/// a value out of its range.
pub fn build_player<G>(
    game: &G,
    names: &[&'static str],
    name: &str,
    seed: u64,
    params: &Params<'_>,
    evaluator: impl FnOnce(&G) -> Arc<dyn Evaluator<G>>,
) -> Result<Box<dyn Player<G>>, PlayerError>
where
    G: Game + 'static,
    G::State: Send + Sync,
{
    if !names.contains(&name) {
        return Err(unknown_player(name, names));
    }
    match name {
        "random" => {
            no_params(name, params)?;
            Ok(Box::new(RandomPlayer::new(seed)))
        }
        "greedy" => {
            no_params(name, params)?;
            Ok(Box::new(GreedyPlayer::new(seed, evaluator(game))))
        }
        _ => Err(unknown_player(name, names)),
    }
}

/// An integer option in `min..=max`.
#[allow(dead_code)]
pub(crate) fn int_param(
    player: &str,
    name: &str,
    value: ParamValue<'_>,
    min: i64,
    max: i64,
) -> Result<i64, PlayerError> {
    match value {
        ParamValue::Int(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(PlayerError::BadParameter(format!(
            "parameter {name} of player {player} got {}; expected an integer from {min} to {max}",
            shown(value)
        ))),
    }
}

/// A real option in `min..=max`, given as an integer or as text (options
/// have no float type).
#[allow(dead_code)]
pub(crate) fn real_param(
    player: &str,
    name: &str,
    value: ParamValue<'_>,
    min: f64,
    max: f64,
) -> Result<f64, PlayerError> {
    let parsed = match value {
        ParamValue::Int(v) => Some(v as f64),
        ParamValue::Str(s) => s.trim().parse::<f64>().ok(),
        ParamValue::Bool(_) => None,
    };
    match parsed {
        Some(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(PlayerError::BadParameter(format!(
            "parameter {name} of player {player} got {}; expected a number from {min} to {max}",
            shown(value)
        ))),
    }
}

/// An on/off option.
#[allow(dead_code)]
pub(crate) fn bool_param(
    player: &str,
    name: &str,
    value: ParamValue<'_>,
) -> Result<bool, PlayerError> {
    match value {
        ParamValue::Bool(b) => Ok(b),
        _ => Err(PlayerError::BadParameter(format!(
            "parameter {name} of player {player} got {}; expected true or false",
            shown(value)
        ))),
    }
}

/// The error for an option name the player does not take.
#[allow(dead_code)]
pub(crate) fn unknown_param(player: &str, name: &str, known: &str) -> PlayerError {
    PlayerError::BadParameter(format!(
        "player {player} takes no parameter {:?}; it takes {known}",
        name.chars().take(48).collect::<String>()
    ))
}

/// A value as text for a message, cut short.
fn shown(value: ParamValue<'_>) -> String {
    value.to_string().chars().take(50).collect()
}
