//! Reads and writes a position of every game through `FromStr` and
//! `Display`, and a setup through each game's `position`, as a crate that
//! depends on racegames would.

use std::fmt::Display;
use std::str::FromStr;

use racegames_board::Game;

/// Parses `text`, prints it back, and checks that the two agree.
fn round_trip<P>(what: &str, text: &str) -> P
where
    P: FromStr + Display + PartialEq + std::fmt::Debug,
    P::Err: Display,
{
    let pos: P = text
        .parse()
        .unwrap_or_else(|e| panic!("{what}: {text:?} does not parse: {e}"));
    assert_eq!(pos.to_string(), text, "{what}: Display does not give the text back");
    let again: P = pos.to_string().parse().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(again, pos);
    println!("{what}: {pos}");
    pos
}

fn main() {
    let daldos = racegames_daldos::Daldos::default();
    let text = daldos.new_initial_state().to_string();
    round_trip::<racegames_daldos::Position>("Daldøs", &text);
    let setup: racegames_daldos::Setup = text.parse().expect("a Daldøs setup");
    assert_eq!(daldos.position(&setup).expect("possible").to_string(), text);

    let seys = racegames_tables::Tables::default();
    let text = seys.new_initial_state().to_string();
    round_trip::<racegames_tables::Position>("Seys dos e as", &text);
    let setup: racegames_tables::Setup = text.parse().expect("a tables setup");
    assert_eq!(seys.position(&setup).expect("possible").to_string(), text);

    let backgammon = racegames_tables::Tables::backgammon();
    let pos = backgammon.new_initial_state();
    let line = pos.to_string();
    assert_eq!(backgammon.parse_position(&line).expect("backgammon"), pos);
    println!("backgammon: {line}");

    let chinese = racegames_halma::ChineseCheckers::default();
    let text = chinese.new_initial_state().to_string();
    round_trip::<racegames_halma::StarPosition>("Chinese checkers", &text);

    let halma = racegames_halma::SquareHalma::default();
    let text = halma.new_initial_state().to_string();
    round_trip::<racegames_halma::SquarePosition>("Halma", &text);
    let setup: racegames_halma::SquareSetup = text.parse().expect("a Halma setup");
    assert_eq!(halma.position(&setup).expect("possible").to_string(), text);

    // Impossible text is an error, never a panic.
    assert!("B/B/B A 99 0".parse::<racegames_daldos::Position>().is_err());
    assert!("nonsense".parse::<racegames_tables::Position>().is_err());
    assert!("1 2 3".parse::<racegames_halma::StarPosition>().is_err());
    println!("every game's position reads and writes through FromStr and Display");
}
