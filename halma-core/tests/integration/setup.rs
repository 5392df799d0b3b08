//! Setups and the one face every game shares: `Setup` text round trips,
//! `Position` `FromStr`/`Display`, `Halma::position` refusing impossible
//! setups with the field named, and the game's `parse_position`,
//! `notation` and `diagram`.

use super::common;

use common::{cc, cc_games, halma};
use racegames_board::testing::random_states;
use racegames_board::{Game, Seat};
use racegames_halma::bits::{BitSet, Bits256};
use racegames_halma::geometry::Geometry;
use racegames_halma::{
    Halma, Position, Setup, SquarePosition, SquareSetup, StarPosition, StarSetup,
};

/// Star games with default switches (so that `FromStr` reads their
/// positions) and games with other switches.
fn star_default_switches() -> Vec<&'static str> {
    cc_games(&["players=3,finish=all,max_turns=300", "players=6,finish=all"])
}
const STAR_OTHER_SWITCHES: [&str; 3] = [
    "players=2,long_jumps=true",
    "players=4,wing_rule=false,vacate_rule=false",
    "players=2,spoiling_win=true,max_turns=0",
];
const SQUARE_GAMES: [&str; 4] = [
    "players=2",
    "players=4",
    "players=4,finish=all",
    "players=2,max_turns=60",
];

/// Plays `games` random games and calls `f` at every position.
fn each_position<G: Geometry>(game: &Halma<G>, games: u64, mut f: impl FnMut(&Position<G>)) {
    for seed in 0..games {
        random_states(game, seed, 401).iter().for_each(&mut f);
    }
}

/// Every text form of `pos` agrees and reads back to `pos`.
fn check_round_trips<G: Geometry>(game: &Halma<G>, pos: &Position<G>, from_str: bool) {
    let setup = game.setup(pos);
    let text = setup.to_string();
    assert_eq!(text.parse::<Setup<G>>().as_ref(), Ok(&setup), "{text}");
    assert_eq!(game.position(&setup).as_ref(), Ok(pos), "{text}");
    assert_eq!(game.parse_position(&text).as_ref(), Ok(pos), "{text}");
    assert_eq!(game.parse_notation(&text).as_ref(), Ok(pos), "{text}");
    assert_eq!(game.notation(pos).to_string(), text);
    assert_eq!(pos.to_string(), text);
    assert_eq!(Setup::from(*pos), setup);
    if from_str {
        assert_eq!(text.parse::<Position<G>>().as_ref(), Ok(pos), "{text}");
        assert_eq!(Position::try_from(setup).as_ref(), Ok(pos), "{text}");
    }
}

#[test]
fn every_star_position_round_trips_through_its_setup_and_text() {
    for opts in star_default_switches() {
        let game = cc(opts);
        each_position(&game, 3, |pos| check_round_trips(&game, pos, true));
    }
    for opts in STAR_OTHER_SWITCHES {
        let game = cc(opts);
        each_position(&game, 3, |pos| check_round_trips(&game, pos, false));
    }
}

#[test]
fn every_square_position_round_trips_through_its_setup_and_text() {
    for opts in SQUARE_GAMES {
        let game = halma(opts);
        each_position(&game, 3, |pos| check_round_trips(&game, pos, true));
    }
}

/// `FromStr` reads the seats and pieces the text shows, and refuses a
/// board no game has.
#[test]
fn position_from_str_reads_the_game_the_text_shows() {
    for players in [2, 3, 4, 6] {
        let game = cc(&format!("players={players}"));
        let text = game.new_initial_state().to_string();
        let pos: StarPosition = text.parse().unwrap();
        assert_eq!(pos, game.new_initial_state());
        assert_eq!(pos.to_move(), Some(Seat::new(0)));
    }
    let four = halma("players=4").new_initial_state().to_string();
    assert_eq!(four.parse::<SquarePosition>().unwrap().to_string(), four);
    // Five seats: seat 5's pieces in the six-seat opening belong to no game.
    let six = cc("players=6").new_initial_state().to_string();
    let five = six.replace('6', ".");
    let err = five.parse::<StarPosition>().unwrap_err();
    assert_eq!(err.field, "rows", "{err}");
    let empty = "./../.../....".to_string();
    assert!(empty.parse::<StarPosition>().is_err());
    assert!("".parse::<SquarePosition>().is_err());
}

/// Each impossible setup is refused, naming the field at fault.
#[test]
fn position_refuses_impossible_setups_naming_the_field() {
    let game = cc("players=2");
    let start: StarSetup = game.setup(&game.new_initial_state());
    let refused = |setup: &StarSetup| game.position(setup).unwrap_err().field;

    let mut s = start.clone();
    s.pieces[0] |= 1 << 125; // past the 121 holes
    assert_eq!(refused(&s), "rows");
    let mut s = start.clone();
    s.pieces[2] = 1 << 60; // a third seat at a two-seat table
    assert_eq!(refused(&s), "row");
    let mut s = start.clone();
    s.pieces[0] = s.pieces[0] & !1 | 1 << 120; // seat 0 onto seat 1's apex
    assert_eq!(refused(&s), "row");
    let mut s = start.clone();
    s.pieces[1] &= !(1 << 120); // nine pieces
    assert_eq!(refused(&s), "rows");
    // The case: a seat to move that the game does not have.
    let mut s = start.clone();
    s.to_move = Some(Seat::new(7));
    assert_eq!(refused(&s), "turn");
    let mut s = start.clone();
    s.to_move = None; // the game is not over
    assert_eq!(refused(&s), "turn");
    let mut s = start.clone();
    s.finished.push(Seat::new(9));
    assert_eq!(refused(&s), "finished");
    let mut s = start.clone();
    s.finished.push(Seat::new(0)); // seat 0 has not filled its target
    assert_eq!(refused(&s), "finished");
    let mut s = start.clone();
    s.turns = 1000; // the default limit, with a seat still to move
    assert_eq!(refused(&s), "turns");

    // Both seats in their targets: both finished, listing one twice.
    let mut won = start.clone();
    won.pieces.swap(0, 1);
    won.to_move = None;
    won.finished.push(Seat::new(0));
    assert!(game.position(&won).is_ok());
    won.finished.push(Seat::new(0));
    assert_eq!(game.position(&won).unwrap_err().field, "finished");

    let square = halma("players=2");
    let mut s: SquareSetup = square.setup(&square.new_initial_state());
    s.pieces[3] = Bits256::single(100);
    assert_eq!(square.position(&s).unwrap_err().field, "row");
}

/// Parse errors from the meaning point at the hole or field at fault.
#[test]
fn parse_position_points_at_the_hole_at_fault() {
    let game = cc("players=2");
    let text = game.new_initial_state().to_string();
    // The last `2` (the bottom apex, just before " 1 - 0") as seat 3.
    let at = text.rfind('2').unwrap();
    let mut bad = text.clone();
    bad.replace_range(at..at + 1, "3");
    let err = game.parse_position(&bad).unwrap_err();
    assert_eq!((err.field, err.offset), ("row", at), "{err}");
    // The same text read as a setup is fine: a setup is any arrangement.
    let setup: StarSetup = bad.parse().unwrap();
    assert_eq!(setup.piece_at(120), Some(Seat::new(2)));
    assert_eq!(setup.to_string(), bad);
    // Form errors come from the setup reader, with their offsets.
    let err = text.replacen('.', "x", 1).parse::<StarSetup>().unwrap_err();
    assert_eq!((err.field, err.offset), ("row", text.find('.').unwrap()));
    let err = format!("{text} 5").parse::<StarSetup>().unwrap_err();
    assert_eq!(err.field, "end");
    let err = text
        .replace(" 1 - 0", " 7 - 0")
        .parse::<StarSetup>()
        .unwrap_err();
    assert_eq!(err.field, "turn");
}

/// A setup reads any arrangement in form, and writes back the same text.
#[test]
fn setup_text_round_trips_for_any_arrangement() {
    let mut setup = StarSetup::default();
    setup.pieces[5] = 0b1011;
    setup.pieces[2] = 1 << 120;
    setup.to_move = Some(Seat::new(4));
    setup.finished.extend([Seat::new(3), Seat::new(3)]);
    setup.turns = u32::MAX;
    let text = setup.to_string();
    assert!(text.starts_with("6/6./6../"), "{text}");
    assert!(text.ends_with(" 5 44 4294967295"), "{text}");
    assert_eq!(text.parse::<StarSetup>().unwrap(), setup);
    assert!(cc("players=6").position(&setup).is_err());
    let square = SquareSetup::default();
    assert_eq!(square.to_string().parse::<SquareSetup>().unwrap(), square);
}

/// The game's diagram is what `write_diagram` writes.
#[test]
fn diagram_is_the_games_text_board() {
    let game = cc("players=3");
    let pos = game.new_initial_state();
    let mut text = String::new();
    game.write_diagram(&pos, &mut text).unwrap();
    assert_eq!(game.diagram(&pos).to_string(), text);
    assert!(text.contains("seat 1 to move"));
}

/// `FromStr` sees `finish = all` in a finisher with a seat still to move
/// (and in two finishers), and a turn limit where a game stopped early.
#[test]
fn position_from_str_reads_finish_all_and_turn_limits() {
    let game = cc("players=3,finish=all");
    let bottom: &[&str] = &["n1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"];
    let text = common::build::<racegames_halma::Star>(
        &[
            bottom,
            &["e1", "e2", "e3", "e4", "f1", "f2", "f3", "g1", "g2", "i1"],
            &["j1", "k1", "k2", "l1", "l2", "l3", "m1", "m2", "m3", "m4"],
        ],
        "2",
        "1",
        30,
    );
    let mut pos = game.parse_position(&text).unwrap();
    check_round_trips(&game, &pos, true);
    // Under the default `finish = first` the finisher would have ended it.
    assert!(cc("players=3").parse_position(&text).is_err());
    let step = game.parse_action(&pos, "i1-h1").unwrap();
    game.apply(&mut pos, step).unwrap();
    assert_eq!(pos.finished(), [0, 1]);
    check_round_trips(&game, &pos, true);

    let game = cc("players=2,max_turns=7");
    each_position(&game, 2, |pos| check_round_trips(&game, pos, true));
}
