//! The options of the cube, resignation and match play, as backgammon
//! takes them (`presets.rs` lists them in its table).

use racegames_board::params::{expect_bool, expect_count};
use racegames_board::{ParamError, ParamList, ParamValue};

use crate::variant::{Variant, MAX_MATCH_LENGTH};

use ParamValue::{Bool, Int};

pub(crate) fn cube(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.cube = expect_bool(v.name, key, value)?;
    Ok(())
}

pub(crate) fn jacoby(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.jacoby = expect_bool(v.name, key, value)?;
    Ok(())
}

pub(crate) fn resign(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.resign = expect_bool(v.name, key, value)?;
    Ok(())
}

pub(crate) fn crawford_game(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.crawford_game = expect_bool(v.name, key, value)?;
    Ok(())
}

/// A match length or score: 0 to the longest match (checked together
/// with the others once every option is read).
fn match_count(v: &Variant, key: &'static str, value: ParamValue<'_>) -> Result<u8, ParamError> {
    let expected = "an integer from 0 to 64";
    Ok(expect_count(v.name, key, value, u32::from(MAX_MATCH_LENGTH), expected)? as u8)
}

pub(crate) fn match_length(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.match_length = match_count(v, key, value)?;
    Ok(())
}

pub(crate) fn score_a(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.score[0] = match_count(v, key, value)?;
    Ok(())
}

pub(crate) fn score_b(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.score[1] = match_count(v, key, value)?;
    Ok(())
}

/// The options of the cube, resignation and match play.
const CUBE_OPTIONS: [&str; 7] = [
    "cube",
    "jacoby",
    "resign",
    "match_length",
    "score_a",
    "score_b",
    "crawford_game",
];

/// Lists the cube's options in `out` (a preset's options with their
/// defaults) with `v`'s values where one of them is set, and drops them
/// where none is, so that a game without them lists what it always did.
pub(crate) fn list_cube_options(v: &Variant, out: &mut ParamList) {
    // The cube's options are listed only where one is set, so that a game
    // without them lists what it always did.
    let plain = Variant::STANDARD;
    let cube_default = !v.cube
        && v.jacoby == plain.jacoby
        && !v.resign
        && v.match_length == 0
        && v.score == [0, 0]
        && !v.crawford_game;
    if cube_default {
        out.retain(|(key, _)| !CUBE_OPTIONS.contains(key));
    } else {
        set(out, "cube", Bool(v.cube));
        set(out, "jacoby", Bool(v.jacoby));
        set(out, "resign", Bool(v.resign));
        set(out, "match_length", Int(i64::from(v.match_length)));
        set(out, "score_a", Int(i64::from(v.score[0])));
        set(out, "score_b", Int(i64::from(v.score[1])));
        set(out, "crawford_game", Bool(v.crawford_game));
    }
}

/// Sets `key`'s value in `options` (where the game lists it).
fn set(options: &mut ParamList, key: &str, value: ParamValue<'static>) {
    if let Some(slot) = options.iter_mut().find(|(k, _)| *k == key) {
        slot.1 = value;
    }
}
