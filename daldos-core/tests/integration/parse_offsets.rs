//! Every parse error points inside the text it read: its offset is a char
//! boundary in `0..=len`, so `&text[e.offset..]` shows where it went wrong.

use proptest::prelude::*;
use racegames_board::{Game, ParseError};
use racegames_daldos::{Board, Daldos, Options, Position, Setup};

/// Every reader of the notation, each error checked against `text`.
fn check_every_reader(text: &str) -> Result<(), TestCaseError> {
    let check = |e: ParseError| -> Result<(), TestCaseError> {
        prop_assert!(e.offset <= text.len(), "{text:?}: {e}");
        prop_assert!(text.is_char_boundary(e.offset), "{text:?}: {e}");
        let _ = &text[e.offset..];
        Ok(())
    };
    if let Err(e) = text.parse::<Setup>() {
        check(e)?;
    }
    if let Err(e) = text.parse::<Position>() {
        check(e)?;
    }
    for board in Board::ALL {
        let game = Daldos::new(Options::default().with_board(board));
        if let Err(e) = game.parse_notation(text) {
            check(e)?;
        }
    }
    Ok(())
}

#[test]
fn a_missing_row_is_reported_at_the_end_of_the_board_field() {
    let e = "garbage".parse::<Setup>().unwrap_err();
    assert_eq!((e.field, e.offset), ("middle row", 7), "{e}");
    let e = "a/b".parse::<Setup>().unwrap_err();
    assert_eq!((e.field, e.offset), ("row A", 3), "{e}");
    let e = "a/b A - 0".parse::<Setup>().unwrap_err();
    assert_eq!((e.field, e.offset), ("row A", 3), "{e}");
    for text in ["garbage", "x/", "é", "ü/ö", "", " ", "/", "//", "///"] {
        check_every_reader(text).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn offsets_of_any_text_lie_inside_it(text in any::<String>()) {
        check_every_reader(&text)?;
    }

    /// Text made of the notation's own characters reaches the later fields.
    #[test]
    fn offsets_of_near_notation_lie_inside_it(
        text in "[ab.AB/ \u{e9}\u{2003}0-9-]{0,80}",
    ) {
        check_every_reader(&text)?;
    }

    /// A well-formed board followed by anything.
    #[test]
    fn offsets_after_a_board_lie_inside_the_text(
        norwegian in any::<bool>(),
        tail in "[AB \u{e9}\u{2003}0-9-]{0,20}",
    ) {
        let rows = if norwegian {
            "bbbbbbbbbbbb/............./aaaaaaaaaaaa"
        } else {
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa"
        };
        check_every_reader(&format!("{rows}{tail}"))?;
        check_every_reader(&format!("{rows} {tail}"))?;
    }
}
