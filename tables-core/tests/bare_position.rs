//! The bare `Position` reads every preset's positions back: `FromStr` and
//! serde find the first preset game that can be in the text, so what any
//! preset writes reads back as the same notation, and as the very position
//! for the game it is read in.
#![cfg(feature = "serde")]

mod common;

use common::game;
use racegames_board::testing::random_states;
use racegames_board::{FromParams, Game};
use racegames_tables::{Position, Setup, Tables};
use serde_json::Value;

/// The preset games, with their default options, in the order `FromStr`
/// tries them.
fn presets() -> Vec<(&'static str, Tables)> {
    Tables::NAMES.iter().map(|&n| (n, game(n, &[]))).collect()
}

/// `pos` (of `games[index]`) reads back through `FromStr` and serde.
fn reads_back(games: &[(&str, Tables)], index: usize, pos: &Position) {
    let (name, _) = games[index];
    let text = pos.to_string();
    let read: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
    assert_eq!(read.to_string(), text, "{name}");
    // It is a position of the first preset that can be in the text, as
    // that game reads it; the position's own game if none comes before.
    let first = games
        .iter()
        .position(|(_, g)| g.parse_position(&text).is_ok())
        .unwrap();
    assert!(first <= index, "{name}: {text}");
    assert_eq!(games[first].1.parse_position(&text), Ok(read), "{name}");
    if first == index {
        assert_eq!(read, *pos, "{name}: {text}");
    }
    let json = serde_json::to_value(pos).unwrap();
    assert_eq!(json, Value::String(text.clone()), "{name}");
    let back: Position = serde_json::from_value(json).unwrap();
    assert_eq!(back, read, "{name}");
    let setup: Setup = serde_json::from_value(Value::String(text.clone())).unwrap();
    assert_eq!(setup.to_string(), text, "{name}");
}

#[test]
fn every_presets_initial_state_reads_back() {
    let games = presets();
    for (index, (_, g)) in games.iter().enumerate() {
        let pos = g.new_initial_state();
        reads_back(&games, index, &pos);
        // Nothing before a preset's opening takes it for its own.
        assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
    }
}

#[test]
fn backgammon_before_its_roll_off_reads_back() {
    let bg = Tables::backgammon();
    let pos = bg.new_initial_state();
    let text = pos.to_string();
    assert_eq!(text.parse::<Position>(), Ok(pos));
    assert_eq!(
        serde_json::from_value::<Position>(Value::String(text.clone())).unwrap(),
        pos
    );
    // Seys dos e as still refuses it, saying why: it is not its opening.
    let e = Tables::seys_dos_e_as().parse_position(&text).unwrap_err();
    assert_eq!(e.field, "turn");
    assert!(e.to_string().contains("opening"), "{e}");
    assert!(!e.to_string().contains("neither over nor before"), "{e}");
}

#[test]
fn every_presets_played_positions_read_back() {
    let games = presets();
    for (index, (_, g)) in games.iter().enumerate() {
        for seed in 0..4 {
            for pos in random_states(g, seed, 300) {
                reads_back(&games, index, &pos);
            }
        }
    }
}

#[test]
fn text_no_preset_can_be_in_is_refused_at_the_field_read_furthest() {
    // Dice 9 9: every game reads up to the dice and refuses them.
    let text = "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 99 0";
    let e = text.parse::<Position>().unwrap_err();
    assert_eq!(e.field, "dice", "{e}");
    assert_eq!(&text[e.offset..], "99 0");
    assert!(serde_json::from_value::<Position>(Value::String(text.into())).is_err());
}
