//! What a record's tags say must be the game it is read into; PGN's result
//! markers end the move text without being moves; a byte-order mark is no
//! text.
#![cfg(feature = "testing")]

use racegames_board::record::{read, Record};
use racegames_board::testing::Race;
use racegames_board::FromParams;

/// A finished game of the race, written with every option.
fn finished(game: &Race) -> (Record, String) {
    let mut rec = Record::of(game);
    // A throws 3 and moves; B throws 1 and stays; A throws 3 and moves to 6.
    rec.actions = vec![2, 1, 0, 0, 2, 1];
    let end = rec.replay(game).unwrap();
    rec.finish(game, &end, false);
    let text = rec.to_text(game).unwrap();
    (rec, text)
}

#[test]
fn an_option_tag_the_game_does_not_have_is_refused() {
    let game = Race::default();
    let (_, text) = finished(&game);
    assert!(text.contains("[die \"even\"]\n"), "{text}");
    let skewed = text.replace("[die \"even\"]", "[die \"skewed\"]");
    let e = read(&skewed).unwrap()[0].to_record(&game).unwrap_err();
    let line = 1 + skewed.lines().position(|l| l.starts_with("[die")).unwrap();
    assert_eq!((e.line, e.column), (line, 1), "{e}");
    assert!(e.message.contains("die"), "{e}");
    // The game the tags describe reads it.
    let rec = read(&skewed).unwrap()[0].clone();
    let skewed_game: Race = Record {
        tags: rec.tags.clone(),
        ..Record::default()
    }
    .make_game()
    .unwrap();
    assert!(rec.to_record(&skewed_game).is_ok());
}

#[test]
fn another_game_or_an_unknown_option_is_refused() {
    let game = Race::default();
    let (_, text) = finished(&game);
    let e = read(&text.replace("[Game \"race\"]", "[Game \"chess\"]")).unwrap()[0]
        .to_record(&game)
        .unwrap_err();
    assert_eq!((e.line, e.column), (1, 1), "{e}");
    assert!(e.message.contains("chess"), "{e}");
    let odd = text.replace("[Game \"race\"]\n", "[Game \"race\"]\n[colour \"red\"]\n");
    let e = read(&odd).unwrap()[0].to_record(&game).unwrap_err();
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert!(e.message.contains("colour"), "{e}");
}

#[test]
fn options_left_out_or_written_otherwise_read_as_the_game_has_them() {
    let game = Race::default();
    let (rec, text) = finished(&game);
    // Only the Game tag: every option at its default, which the game has.
    let bare: String = text
        .lines()
        .filter(|l| !l.starts_with("[die") && !l.starts_with("[bonus") && !l.starts_with("[max"))
        .map(|l| format!("{l}\n"))
        .collect();
    let read_back = read(&bare).unwrap()[0].to_record(&game).unwrap();
    assert_eq!(read_back.actions, rec.actions);
    // A game with a non-default option refuses the record that leaves it out.
    let long = Race::from_params(
        "race",
        &[("max_turns", racegames_board::ParamValue::Int(7))],
    )
    .unwrap();
    let e = read(&bare).unwrap()[0].to_record(&long).unwrap_err();
    assert!(e.message.contains("max_turns"), "{e}");
}

#[test]
fn result_markers_end_the_move_text_and_are_no_moves() {
    let game = Race::default();
    let (rec, text) = finished(&game);
    let body = text.trim_end();
    for marked in [
        format!("{body}\n1-0\n"),
        format!("{body} 1-0\n"),
        format!("{body} 1-0 {{over}}\n"),
    ] {
        let games = read(&marked).unwrap();
        assert_eq!(games.len(), 1, "{marked}");
        let back = games[0]
            .to_record(&game)
            .unwrap_or_else(|e| panic!("{marked}: {e}"));
        assert_eq!(back.actions, rec.actions, "{marked}");
    }
    // `*` for a game not over.
    let mut open = Record::of(&game);
    open.actions = vec![2, 1];
    let state = open.replay(&game).unwrap();
    open.finish(&game, &state, false);
    assert_eq!(open.tag("Result"), Some("*"));
    let text = open.to_text(&game).unwrap();
    let marked = format!("{} *\n\n{}", text.trim_end(), text);
    let games = read(&marked).unwrap();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.to_record(&game).unwrap(), open);
    }
    // A marker that contradicts the Result tag is an error at the marker.
    let wrong = format!("{} 0-1\n", text.trim_end());
    let e = read(&wrong).unwrap_err();
    let last = wrong.trim_end().lines().last().unwrap();
    assert_eq!(
        (e.line, e.column),
        (wrong.trim_end().lines().count(), last.chars().count() - 2),
        "{e}"
    );
}

#[test]
fn a_byte_order_mark_is_no_text() {
    let game = Race::default();
    let (rec, text) = finished(&game);
    let games = read(&format!("\u{feff}{text}")).unwrap();
    assert_eq!(games[0].to_record(&game).unwrap(), rec);
    assert_eq!(games[0].line, 1);
    // Errors still count columns from the first real character.
    let e = read("\u{feff}[Game race]").unwrap_err();
    assert_eq!((e.line, e.column), (1, 7), "{e}");
}
