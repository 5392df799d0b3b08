//! Helpers shared by the rule tests (`rules.rs`, `rules_play.rs`): positions
//! built from notation, and moves listed and played by their strings.

use racegames_board::Game;
use racegames_daldos::{Daldos, Options, Position};

pub const DANISH_OPENING: &str = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0";

pub fn game_with(f: impl FnOnce(&mut Options)) -> Daldos {
    let mut o = Options::default();
    f(&mut o);
    Daldos::new(o)
}

pub fn pos(game: &Daldos, text: &str) -> Position {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position after throwing `throw` (like "31") in `text`.
pub fn thrown(game: &Daldos, text: &str, throw: &str) -> Position {
    let mut p = pos(game, text);
    let a = game.parse_action(&p, &format!("throw {throw}")).unwrap();
    game.apply(&mut p, a).unwrap();
    p
}

/// Every legal move of a position, as (move string, notation after).
pub fn moves(game: &Daldos, p: &Position) -> Vec<(String, String)> {
    let mut out = Vec::new();
    game.legal_actions(p, |a| {
        let mut s = String::new();
        game.write_action(p, a, &mut s).unwrap();
        let mut next = *p;
        game.apply(&mut next, a).unwrap();
        out.push((s, next.to_string()));
    });
    out
}

pub fn move_names(game: &Daldos, p: &Position) -> Vec<String> {
    moves(game, p).into_iter().map(|(m, _)| m).collect()
}

pub fn play(game: &Daldos, p: &Position, mv: &str) -> Position {
    let a = game
        .parse_action(p, mv)
        .unwrap_or_else(|e| panic!("{mv} in {p}: {e}; legal: {:?}", move_names(game, p)));
    let mut next = *p;
    game.apply(&mut next, a).unwrap();
    next
}
