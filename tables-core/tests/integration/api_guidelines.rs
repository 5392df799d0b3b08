//! What the Rust API guidelines ask of the tables crate: an unknown game
//! is named as a game, out-of-range input is refused rather than wrapped,
//! and the value types have `Default`, `Eq` and `Hash` as the other
//! games' have.

use std::collections::HashSet;

use racegames_board::{FromParams, Game, ParamError, Seat};
use racegames_tables::{Setup, Tables};

#[test]
fn an_unknown_game_is_an_unknown_game() {
    let e = Tables::from_params("chess", &[]).unwrap_err();
    assert!(matches!(e, ParamError::UnknownGame { .. }), "{e:?}");
    let text = e.to_string();
    assert!(text.starts_with("unknown game \"chess\""), "{text}");
    assert!(!text.contains("parameter"), "{text}");
    // An unknown option of a known game is still an unknown parameter.
    let e = Tables::from_params(
        "backgammon",
        &[("colour", racegames_board::ParamValue::Int(1))],
    )
    .unwrap_err();
    assert!(matches!(e, ParamError::Unknown { .. }), "{e:?}");
}

#[test]
fn route_points_out_of_range_are_refused() {
    let bg = Tables::backgammon();
    for seat in 0..2 {
        let points: Vec<usize> = (0..bg.route_len())
            .map(|r| bg.route_point(Seat::new(seat), r).unwrap())
            .collect();
        let mut sorted = points.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=24).collect::<Vec<_>>());
    }
    assert_eq!(bg.route_point(Seat::new(0), 24), None);
    assert_eq!(bg.route_point(Seat::new(1), usize::MAX), None);
    assert_eq!(bg.route_point(Seat::new(2), 0), None);
    // The half track has 12 route points.
    let half = Tables::from_params("medio_emperador", &[]).unwrap();
    assert_eq!(half.route_len(), 12);
    assert!(half.route_point(Seat::new(0), 11).is_some());
    assert_eq!(half.route_point(Seat::new(0), 12), None);
}

#[test]
fn games_and_setups_have_default_eq_and_hash() {
    let mut games = HashSet::new();
    for name in Tables::NAMES {
        assert!(
            games.insert(Tables::from_params(name, &[]).unwrap()),
            "{name}"
        );
    }
    assert!(games.contains(&Tables::default()));
    assert!(!games.insert(Tables::backgammon()));
    let setup = Setup::default();
    let game = Tables::default();
    assert_eq!(setup, game.setup(&game.new_initial_state()));
    assert_eq!(game.position(&setup), Ok(game.new_initial_state()));
    let setups: HashSet<Setup> = [setup.clone(), setup].into_iter().collect();
    assert_eq!(setups.len(), 1);
}
