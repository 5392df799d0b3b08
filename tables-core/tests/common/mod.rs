//! Helpers shared by the integration tests.
#![allow(dead_code)]

use racegames_board::{Action, Game};
use racegames_tables::{Position, Tables};

/// Parses a position, panicking with the error on failure.
pub fn pos(game: &Tables, text: &str) -> Position {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("cannot parse {text:?}: {e}"))
}

/// The notation of a position.
pub fn text(game: &Tables, pos: &Position) -> String {
    game.notation(pos).to_string()
}

/// The legal actions.
pub fn actions(game: &Tables, pos: &Position) -> Vec<Action> {
    racegames_board::testing::legal_actions(game, pos)
}

/// The strings of the legal actions.
pub fn moves(game: &Tables, pos: &Position) -> Vec<String> {
    actions(game, pos)
        .into_iter()
        .map(|a| {
            let mut s = String::new();
            game.write_action(pos, a, &mut s).unwrap();
            s
        })
        .collect()
}

/// Applies the action written `mv` (a move, a throw such as `roll 631`, or
/// a roll-off).
pub fn play(game: &Tables, pos: &mut Position, mv: &str) {
    let a = game
        .parse_action(pos, mv)
        .unwrap_or_else(|e| panic!("{mv:?} does not apply in {}: {e}", text(game, pos)));
    game.apply(pos, a).unwrap();
}

/// Applies several actions in turn.
pub fn play_all(game: &Tables, pos: &mut Position, mvs: &[&str]) {
    for m in mvs {
        play(game, pos, m);
    }
}

/// Every position at the end of the turn under way, as notations.
pub fn turn_ends(game: &Tables, pos: &Position) -> Vec<String> {
    let mut set = std::collections::BTreeSet::new();
    game.turn_successors(pos, &mut set);
    set.iter().map(|p| text(game, p)).collect()
}

/// A board of 24 entries from `(point, entry)` pairs, the rest empty.
pub fn board(entries: &[(usize, &str)]) -> String {
    let mut b = vec!["."; 24];
    for &(p, e) in entries {
        b[p - 1] = e;
    }
    b.join(",")
}

/// A board of `n` entries (24, or 28 with seven-point quarters) from
/// `(point, entry)` pairs, the rest empty.
pub fn board_of(n: usize, entries: &[(usize, &str)]) -> String {
    let mut b = vec!["."; n];
    for &(p, e) in entries {
        b[p - 1] = e;
    }
    b.join(",")
}

/// The named game with options given as `(name, value)` words or numbers.
pub fn game(name: &str, params: &[(&str, racegames_board::ParamValue)]) -> Tables {
    <Tables as racegames_board::FromParams>::from_params(name, params)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every named game with its default options, then Seys dos e as with
/// re-entry at the start.
pub fn all_games() -> Vec<Tables> {
    let mut all: Vec<Tables> = <Tables as racegames_board::FromParams>::NAMES
        .iter()
        .map(|n| game(n, &[]))
        .collect();
    all.push(game(
        "seys_dos_e_as",
        &[("reentry", racegames_board::ParamValue::Str("start"))],
    ));
    all
}
