//! A player's options, and the errors for the options and names a game's
//! players refuse.

use racegames_board::ParamValue;

use crate::PlayerError;

/// A player's options, as `(name, value)` pairs (the same form as a game's).
pub type Params<'a> = [(&'a str, ParamValue<'a>)];

/// The error for a name that is not among `known`.
pub fn unknown_player(name: &str, known: &[&str]) -> PlayerError {
    PlayerError::UnknownPlayer {
        name: name.chars().take(48).collect(),
        known: known.join(", "),
    }
}

/// The error for an option that a player does not take.
pub fn no_params(player: &str, params: &Params<'_>) -> Result<(), PlayerError> {
    match params.first() {
        None => Ok(()),
        Some(&(name, value)) => Err(refused(
            value,
            format!(
                "player {player} takes no parameter {:?}",
                name.chars().take(48).collect::<String>()
            ),
        )),
    }
}

/// The error for `value` refused by an option that takes no real number:
/// [`PlayerError::WrongType`] for a real, else
/// [`PlayerError::BadParameter`].
pub(crate) fn refused(value: ParamValue<'_>, message: String) -> PlayerError {
    match value {
        ParamValue::Float(_) => PlayerError::WrongType(message),
        _ => PlayerError::BadParameter(message),
    }
}

/// A value as text for a message, cut short.
pub(crate) fn shown(value: ParamValue<'_>) -> String {
    value.to_string().chars().take(50).collect()
}
