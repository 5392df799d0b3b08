//! The game a record's tags name, as the Python and JavaScript record
//! readers find it: one game per distinct `Game` and option tags.

use std::sync::Arc;

use racegames_board::record::RecordText;

use crate::dyngame::DynGame;
use crate::registry;

/// `message` placed at the first line of the game `text` (its tags).
pub fn at_game(text: &RecordText, message: impl core::fmt::Display) -> String {
    format!("line {}, column 1: {message}", text.line)
}

/// The tags of `text` that name its game (`Game` and the options, whose
/// names are lowercase): a reader makes one game per distinct key.
///
/// # Errors
///
/// A tag given twice (a reader that keeps tags in a map would keep one of
/// them and write back another game), or no `Game` tag: the message names
/// the line.
pub fn game_key(text: &RecordText) -> Result<Vec<(String, String)>, String> {
    for (i, (name, _)) in text.tags.iter().enumerate() {
        if let Some(first) = text.tags[..i].iter().position(|(k, _)| k == name) {
            // A game's tags lie on consecutive lines.
            return Err(format!(
                "line {}, column 1: a second {name} tag (the first is on line {})",
                text.line + i,
                text.line + first
            ));
        }
    }
    text.tag("Game")
        .ok_or_else(|| at_game(text, "the game has no Game tag"))?;
    Ok(text
        .tags
        .iter()
        .filter(|(k, _)| k == "Game" || k.starts_with(|c: char| c.is_ascii_lowercase()))
        .cloned()
        .collect())
}

/// The game the tags of `text` name, made from the registry, with its name.
///
/// # Errors
///
/// As [`game_key`], an unknown game, or options it refuses: the message
/// names the line.
pub fn make_game(text: &RecordText) -> Result<(String, Arc<dyn DynGame>), String> {
    let name = text
        .tag("Game")
        .ok_or_else(|| at_game(text, "the game has no Game tag"))?;
    let make = registry::find(name).ok_or_else(|| {
        at_game(
            text,
            format!(
                "unknown game {name:?}; known games: {}",
                registry::names().join(", ")
            ),
        )
    })?;
    let inner = make(name, &text.params()).map_err(|e| at_game(text, e))?;
    Ok((name.to_string(), inner))
}
