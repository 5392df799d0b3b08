//! An unknown game is named as a game, not as an unknown parameter.

use racegames_board::{FromParams, ParamError};
use racegames_halma::{ChineseCheckers, SquareHalma};

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
