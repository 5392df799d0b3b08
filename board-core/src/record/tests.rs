use alloc::vec::Vec;

use proptest::prelude::*;

use super::read::is_label;
use super::*;

fn moves(g: &RecordText) -> Vec<&str> {
    g.moves.iter().map(|m| m.text.as_str()).collect()
}

#[test]
fn a_file_of_two_games_reads_with_tags_moves_and_comments() {
    let text = "[Game \"backgammon\"]\n[max_turns \"500\"]\n[PlayerA \"say \\\"hi\\\" \\\\\"]\n\n\
                roll-off A1 B6\n1. B: 6:17-23; {forced} 1:1-2\n2. A: roll 53; 3:24-21 {end}\n\n\
                [Game \"halma\"]\n1. A: b4-c5\n";
    let games = read(text).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.tag("PlayerA"), Some("say \"hi\" \\"));
    assert_eq!(g.params(), [("max_turns", ParamValue::Int(500))]);
    assert_eq!(
        moves(g),
        ["roll-off A1 B6", "6:17-23", "1:1-2", "roll 53", "3:24-21"]
    );
    assert_eq!((g.moves[1].line, g.moves[1].column), (6, 7));
    let comments: Vec<(usize, &str)> = g
        .comments
        .iter()
        .map(|c| (c.before, c.text.as_str()))
        .collect();
    assert_eq!(comments, [(2, "forced"), (5, "end")]);
    assert_eq!((games[1].line, moves(&games[1])), (9, alloc::vec!["b4-c5"]));
}

#[test]
fn errors_name_line_and_column() {
    for (text, line, column) in [
        ("1. A: b4-c5", 1, 1),
        ("[Game \"x\"", 1, 10),
        ("[Game \"x\"] extra", 1, 12),
        ("[\"x\"]", 1, 2),
        ("[Game \"x\\n\"]", 1, 10),
        ("[Game \"x\"]\n\nb4 {open\n c5", 3, 4),
        ("[Game \"x\"]\n b4 }", 2, 5),
        ("[Game \"x\"]\n[Bad\"x\"]\n[Game x]", 3, 7),
    ] {
        let e = read(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
    }
}

#[test]
fn labels_are_turn_numbers_and_seats_only() {
    assert!(is_label("12. A: x") && is_label("A: x") && is_label("3."));
    assert!(!is_label("6:17-23") && !is_label("A starts") && !is_label("1.5") && !is_label("a: x"));
}

proptest! {
    /// Reading never panics, whatever the text (the records of a game are
    /// tested with the contract kit's race in `tests/integration/record.rs`).
    #[test]
    fn reading_any_text_never_panics(text in "\\PC{0,80}", extra in "[\\[\\]{};\"\\\\\n A-Za-z0-9.:]{0,60}") {
        let _ = read(&text);
        let _ = read(&extra);
    }
}
