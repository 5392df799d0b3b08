//! What the Rust API guidelines ask of the Daldøs crate: an unknown game
//! is named as a game, options read from serde take their defaults for
//! what is left out, still refusing what is no option, and the options
//! (`#[non_exhaustive]`) are built with one setter per option.

use racegames_board::{FromParams, ParamError, ParamValue};
use racegames_daldos::{Board, Capture, Daldos, Dalling, Jumping, Options};

#[test]
fn each_setter_sets_its_option_and_no_other() {
    let all = Options::default()
        .with_board(Board::Norwegian)
        .with_dalling(Dalling::SternOnly)
        .with_capture(Capture::Intermediate)
        .with_jumping(Jumping::Forbidden)
        .with_lose_at_one(true)
        .with_max_turns(7);
    // The same options set by name, as `make_game` sets them.
    let mut named = Options::default();
    for (key, value) in [
        ("board", ParamValue::Str("norwegian")),
        ("dalling", ParamValue::Str("stern_only")),
        ("capture", ParamValue::Str("intermediate")),
        ("jumping", ParamValue::Str("forbidden")),
        ("lose_at_one", ParamValue::Bool(true)),
        ("max_turns", ParamValue::Int(7)),
    ] {
        named.set(key, value).unwrap();
    }
    assert_eq!(all, named);
    // One setter changes one entry of `params()`.
    let defaults = Options::default().params();
    let one = Options::default()
        .with_capture(Capture::Intermediate)
        .params();
    let changed: Vec<_> = defaults.iter().zip(&one).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0].1 .0, "capture");
}

#[test]
fn an_unknown_game_is_an_unknown_game() {
    let e = Daldos::from_params("chess", &[]).unwrap_err();
    assert!(matches!(e, ParamError::UnknownGame { .. }), "{e:?}");
    assert!(e.to_string().starts_with("unknown game \"chess\""), "{e}");
}

#[cfg(feature = "serde")]
#[test]
fn options_left_out_of_serde_take_their_defaults() {
    let o: Options = serde_json::from_str("{}").unwrap();
    assert_eq!(o, Options::default());
    let o: Options = serde_json::from_str(r#"{"board": "Norwegian", "max_turns": 0}"#).unwrap();
    assert_eq!(
        o,
        Options::default()
            .with_board(Board::Norwegian)
            .with_max_turns(0)
    );
    // Every option written reads back.
    let all = serde_json::to_string(&o).unwrap();
    assert_eq!(serde_json::from_str::<Options>(&all).unwrap(), o);
    // Still checked: a misspelt option, a bad value.
    assert!(serde_json::from_str::<Options>(r#"{"bord": "Norwegian"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"board": "Round"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"max_turns": -1}"#).is_err());
}
