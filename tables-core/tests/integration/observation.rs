//! The observation: one shape for both seats, from the observer's view.

use super::common;

use common::*;
use racegames_board::{Game, ObservationError, Seat};
use racegames_tables::{Tables, OBSERVATION_LEN, OBSERVATION_SHAPE};

fn obs(g: &Tables, p: &racegames_tables::Position, pl: u8) -> Vec<f32> {
    let mut v = vec![0.0; OBSERVATION_LEN];
    g.observe(p, Seat::new(pl), &mut v).unwrap();
    v
}

#[test]
fn the_shape_is_7_planes_of_24_points_for_both_seats() {
    for g in [Tables::seys_dos_e_as(), Tables::backgammon()] {
        assert_eq!(g.observation_shape(), &OBSERVATION_SHAPE);
        assert_eq!(g.observation_len(), 7 * 24);
        let p = g.new_initial_state();
        let mut short = vec![0.0; 10];
        assert!(matches!(
            g.observe(&p, Seat::new(0), &mut short),
            Err(ObservationError::WrongLength { .. })
        ));
        let mut v = vec![0.0; OBSERVATION_LEN];
        assert!(matches!(
            g.observe(&p, Seat::new(2), &mut v),
            Err(ObservationError::NoSuchPlayer { .. })
        ));
    }
}

#[test]
fn mirrored_positions_look_the_same_to_the_player_to_move() {
    // Backgammon's opening is symmetric: A to play 3-1 sees what B sees.
    let g = Tables::backgammon();
    let board = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2";
    let a = pos(&g, &format!("{board} - 0/0 A 31 0"));
    let b = pos(&g, &format!("{board} - 0/0 B 31 0"));
    assert_eq!(obs(&g, &a, 0), obs(&g, &b, 1));
    assert_eq!(obs(&g, &a, 1), obs(&g, &b, 0));
    // Seys dos e as after either roll-off.
    let g = Tables::seys_dos_e_as();
    let a = pos(
        &g,
        "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 621 0",
    );
    let b = pos(
        &g,
        "B3,B4,A5,A5,A5,B8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 B 621 0",
    );
    assert_eq!(obs(&g, &a, 0), obs(&g, &b, 1));
}

#[test]
fn planes_hold_pieces_waiting_borne_off_and_the_dice_to_use() {
    let g = Tables::backgammon();
    let b = board(&[(1, "B1"), (2, "B2"), (24, "A12"), (12, "B8")]);
    let p = pos(&g, &format!("{b} A1@4,B4@1 2/0 A 6666 9"));
    let v = obs(&g, &p, 0);
    let at = |plane: usize, col: usize| v[plane * 24 + col];
    // A's route point 0 is point 24: 12 pieces.
    assert_eq!(at(0, 0), 12.0 / 15.0);
    assert_eq!(at(2, 0), 1.0);
    // B's blot on point 1 is A's route point 23; B's pair on 2 is 22.
    assert_eq!(at(4, 23), 1.0);
    assert_eq!(at(5, 22), 1.0);
    assert_eq!(at(3, 22), 2.0 / 15.0);
    // Globals: A waits for its route quarter 0; B waits for point 1..6,
    // which is A's route quarter 3.
    assert_eq!(at(6, 0), 1.0 / 15.0);
    assert_eq!(at(6, 4 + 3), 4.0 / 15.0);
    assert_eq!(at(6, 8), 2.0 / 15.0);
    assert_eq!(at(6, 10 + 5), 1.0); // four 6s
    assert_eq!(at(6, 16), 1.0);
    assert_eq!(at(6, 18), 1.0);
    assert_eq!(at(6, 21), 1.0);
    // B sees the same game from its side.
    let w = obs(&g, &p, 1);
    assert_eq!(w[6 * 24 + 17], 1.0);
    assert_eq!(w[1], 2.0 / 15.0); // plane 0, B's route point 1
}
