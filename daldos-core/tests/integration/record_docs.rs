//! The examples of `racegames_board::record`'s documentation, which play
//! Daldøs: racegames-board cannot run them itself (its packaged crate has
//! no Daldøs), so they run here, as written there.

use racegames_board::record::{self, Record};
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, Game};
use racegames_daldos::Daldos;

/// The module's example: a game written, read back and replayed.
#[test]
fn record_module() {
    let game = racegames_daldos::Daldos::default(); // any racegames game
    let mut rec = Record::of(&game);
    rec.set_tag("PlayerA", "random");
    let (mut state, mut rng, mut buf) = (
        game.new_initial_state(),
        SplitMix64::new(1),
        ActionBuffer::new(),
    );
    while let Some(a) = random_step(&game, &mut state, &mut rng, &mut buf) {
        rec.actions.push(a);
    }
    rec.finish(&game, &state, false);
    let text = rec.to_text(&game).unwrap();
    let games = record::read(&text).unwrap();
    assert_eq!(games[0].to_record(&game).unwrap(), rec);
    assert_eq!(rec.replay(&game).unwrap(), state);
}

/// `Record::make_game`.
#[test]
fn record_make_game() {
    let mut rec = Record::for_game("daldos", &[]);
    rec.set_tag("board", "norwegian");
    let game: Daldos = rec.make_game().unwrap();
    assert_eq!(Record::of(&game).tag("board"), Some("norwegian"));
    rec.set_tag("board", "round");
    assert!(rec.make_game::<Daldos>().is_err());
}

/// `Record::finish`.
#[test]
fn record_finish() {
    let game = racegames_daldos::Daldos::default();
    let mut rec = Record::of(&game);
    rec.finish(&game, &game.new_initial_state(), false);
    assert_eq!(rec.tag("Result"), Some("*"));
    assert_eq!(rec.tag("Returns"), Some("0 0"));
    rec.finish(&game, &game.new_initial_state(), true);
    assert_eq!(
        (rec.tag("Result"), rec.tag("Termination")),
        (Some("draw"), Some("turn limit"))
    );
}

/// `RecordText::to_record`.
#[test]
fn record_text_to_record() {
    let game = racegames_daldos::Daldos::default();
    let games = record::read("[Game \"daldos\"]\n\nA starts; 1. A: throw 11; m0-m9\n").unwrap();
    let e = games[0].to_record(&game).unwrap_err();
    assert_eq!((e.line, e.column), (3, 27));
    assert!(e.message.contains("move 3 (m0-m9)"), "{e}");
}
