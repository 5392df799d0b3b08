//! An unknown game is named as a game, not as an unknown parameter; the
//! rules (`#[non_exhaustive]`) are built with one setter per option.

use racegames_board::{FromParams, ParamError, ParamValue};
use racegames_halma::{ChineseCheckers, Finish, Rules, SquareHalma};

#[test]
fn the_setters_give_the_rules_the_options_give() {
    let set = Rules::chinese_checkers(2)
        .with_players(3)
        .with_pieces(15)
        .with_long_jumps(true)
        .with_wing_rule(false)
        .with_vacate_rule(false)
        .with_spoiling_win(true)
        .with_finish(Finish::All)
        .with_max_turns(9);
    let named = ChineseCheckers::from_params(
        "chinese_checkers",
        &[
            ("players", ParamValue::Int(3)),
            ("pieces", ParamValue::Int(15)),
            ("long_jumps", ParamValue::Bool(true)),
            ("wing_rule", ParamValue::Bool(false)),
            ("vacate_rule", ParamValue::Bool(false)),
            ("spoiling_win", ParamValue::Bool(true)),
            ("finish", ParamValue::Str("all")),
            ("max_turns", ParamValue::Int(9)),
        ],
    )
    .unwrap();
    assert_eq!(ChineseCheckers::new(set).unwrap(), named);
    assert_eq!(Rules::halma(4).with_max_turns(0).pieces, 13);
}

#[test]
fn an_unknown_game_is_an_unknown_game() {
    for e in [
        ChineseCheckers::from_params("chess", &[]).unwrap_err(),
        SquareHalma::from_params("chess", &[]).unwrap_err(),
    ] {
        assert!(matches!(e, ParamError::UnknownGame { .. }), "{e:?}");
        assert!(e.to_string().starts_with("unknown game \"chess\""), "{e}");
    }
}
