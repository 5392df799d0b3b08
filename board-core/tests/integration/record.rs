//! Records of the contract kit's toy race: written, read back and replayed.
//! (The reader's own tests, which need no game, are unit tests of `record`.)
#![cfg(feature = "testing")]

use proptest::prelude::*;
use racegames_board::record::{read, Comment, Record, ReplayError, WriteError};
use racegames_board::testing::{Race, RaceState};
use racegames_board::{Game, ParamValue};

#[test]
fn unwritable_tags_and_comments_are_refused() {
    let game = Race::default();
    let mut rec = Record::for_game("race", &[]);
    rec.set_tag("Bad Name", "x");
    assert!(matches!(rec.to_text(&game), Err(WriteError::BadTag(_))));
    let mut rec = Record::for_game("race", &[]);
    rec.set_tag("Event", "two\nlines");
    assert!(matches!(rec.to_text(&game), Err(WriteError::BadTag(_))));
    let mut rec = Record::for_game("race", &[]);
    rec.comments.push(Comment {
        before: 0,
        text: "a } b".to_string(),
    });
    assert!(matches!(rec.to_text(&game), Err(WriteError::BadComment(_))));
    assert!(matches!(
        Record::default().to_text(&game),
        Err(WriteError::BadTag(_))
    ));
}

#[test]
fn a_finished_game_says_who_won_and_an_illegal_move_is_named() {
    let game = Race::default();
    let mut rec = Record::for_game("race", &[]);
    // A throws 3 and moves; B throws 1 and stays; A throws 3 and moves to 6.
    rec.actions = vec![2, 1, 0, 0, 2, 1];
    let end = rec.replay(&game).unwrap();
    rec.finish(&game, &end, false);
    assert_eq!(rec.tag("Result"), Some("A"));
    assert_eq!(rec.tag("Returns"), Some("1 -1"));
    assert_eq!(rec.tag("Termination"), Some("win"));
    let text = rec.to_text(&game).unwrap();
    let mut unchecked = String::new();
    rec.write_unchecked(&game, &mut unchecked).unwrap();
    assert_eq!(unchecked, text);
    assert!(
        text.contains("\n1. A: throw 3; move\n2. B: throw 1; stay\n3. A: throw 3; move\n"),
        "{text}"
    );
    rec.actions.push(0);
    let e = rec.replay(&game).unwrap_err();
    assert!(matches!(e, ReplayError::Illegal { index: 6, .. }));
    assert!(e.to_string().starts_with("move 7 ("), "{e}");
    let mut start = Record::for_game("race", &[]);
    start.set_tag("Position", "5 3 0 1 4");
    start.actions.push(1);
    let after = start.replay(&game).unwrap();
    assert_eq!(after.pos, [6, 3]);
    assert_eq!(game.node(&after), racegames_board::Node::Terminal);
}

fn tag_value() -> impl Strategy<Value = String> {
    "[ -~\u{e6}\u{f8}]{0,12}"
}

proptest! {
    /// Any record of legal moves, chance included, with any tags and
    /// comments, reads back equal to itself.
    #[test]
    fn write_then_read_gives_the_same_record(
        actions in proptest::collection::vec(0u32..3, 0..12),
        values in proptest::collection::vec(tag_value(), 0..4),
        comments in proptest::collection::vec((0usize..14, "[^}]{0,10}"), 0..4),
    ) {
        let game = Race::default();
        let mut rec = Record::for_game("race", &[("max_turns", ParamValue::Int(40))]);
        for (i, v) in values.iter().enumerate() {
            rec.set_tag(&format!("Tag{i}"), v.clone());
        }
        let mut state: RaceState = game.new_initial_state();
        for a in actions {
            if game.apply(&mut state, a).is_ok() {
                rec.actions.push(a);
            }
        }
        let mut comments: Vec<Comment> = comments
            .into_iter()
            .map(|(b, text)| Comment { before: b.min(rec.actions.len()), text })
            .collect();
        comments.sort_by_key(|c| c.before);
        rec.comments = comments;
        rec.finish(&game, &state, false);
        let text = rec.to_text(&game).unwrap();
        let twice = format!("{text}{text}");
        let games = read(&twice).unwrap();
        prop_assert_eq!(games.len(), 2);
        for g in &games {
            prop_assert_eq!(&g.to_record(&game).unwrap(), &rec);
        }
    }

    /// Reading never panics, whatever the text, nor does turning what was
    /// read into a record of the race.
    #[test]
    fn reading_any_text_never_panics(text in "\\PC{0,80}", extra in "[\\[\\]{};\"\\\\\n A-Za-z0-9.:]{0,60}") {
        let _ = read(&text);
        if let Ok(games) = read(&extra) {
            for g in games {
                let _ = g.to_record(&Race::default());
            }
        }
    }
}
