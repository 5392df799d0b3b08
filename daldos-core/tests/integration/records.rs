//! A record tagged for the Norwegian board is never replayed on the Danish
//! one: the tags must describe the game the record is read into.

use racegames_board::record::{read, Record};
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, Game};
use racegames_daldos::{Board, Daldos, Options};

fn played(game: &Daldos, seed: u64) -> Record {
    let mut rec = Record::of(game);
    let (mut state, mut rng, mut buf) = (
        game.new_initial_state(),
        SplitMix64::new(seed),
        ActionBuffer::new(),
    );
    for _ in 0..12 {
        match random_step(game, &mut state, &mut rng, &mut buf) {
            Some(a) => rec.actions.push(a),
            None => break,
        }
    }
    rec.finish(game, &state, false);
    rec
}

#[test]
fn a_norwegian_record_is_not_read_on_the_danish_board() {
    let danish = Daldos::default();
    let norwegian = Daldos::new(Options::default().with_board(Board::Norwegian));
    let rec = played(&norwegian, 3);
    let text = rec.to_text(&norwegian).unwrap();
    assert!(text.contains("[board \"norwegian\"]"), "{text}");
    let games = read(&text).unwrap();
    assert_eq!(games[0].to_record(&norwegian).unwrap(), rec);
    let e = games[0].to_record(&danish).unwrap_err();
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert!(e.message.contains("board"), "{e}");
    // The game its tags make reads it.
    let made: Daldos = rec.make_game().unwrap();
    assert_eq!(made, norwegian);
    // And the result marker at the end is no move.
    let marked = format!("{} *\n", text.trim_end());
    assert_eq!(
        read(&marked).unwrap()[0].to_record(&norwegian).unwrap(),
        rec
    );
}
