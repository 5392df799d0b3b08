//! What the Rust API guidelines ask of the Daldøs crate: an unknown game
//! is named as a game, and options read from serde take their defaults for
//! what is left out, still refusing what is no option.
#![cfg(feature = "serde")]

use racegames_board::{FromParams, ParamError};
use racegames_daldos::{Board, Daldos, Options};

#[test]
fn an_unknown_game_is_an_unknown_game() {
    let e = Daldos::from_params("chess", &[]).unwrap_err();
    assert!(matches!(e, ParamError::UnknownGame { .. }), "{e:?}");
    assert!(e.to_string().starts_with("unknown game \"chess\""), "{e}");
}

#[test]
fn options_left_out_of_serde_take_their_defaults() {
    let o: Options = serde_json::from_str("{}").unwrap();
    assert_eq!(o, Options::default());
    let o: Options = serde_json::from_str(r#"{"board": "Norwegian", "max_turns": 0}"#).unwrap();
    assert_eq!(
        o,
        Options {
            board: Board::Norwegian,
            max_turns: 0,
            ..Options::default()
        }
    );
    // Every option written reads back.
    let all = serde_json::to_string(&o).unwrap();
    assert_eq!(serde_json::from_str::<Options>(&all).unwrap(), o);
    // Still checked: a misspelt option, a bad value.
    assert!(serde_json::from_str::<Options>(r#"{"bord": "Norwegian"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"board": "Round"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"max_turns": -1}"#).is_err());
}
