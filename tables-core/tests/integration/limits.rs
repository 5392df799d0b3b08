//! The state's size and the documented worst case of the legal-action count.

use super::common;

use common::*;
use racegames_board::Game;
use racegames_tables::{Position, Tables};

#[test]
fn the_position_is_a_small_copy_value() {
    fn is_copy<T: Copy>() {}
    is_copy::<Position>();
    assert!(std::mem::size_of::<Position>() <= 64);
    // 28 points (the seven-sided tables), the Libro rules' state, and the
    // cube, an offer and the match score.
    assert_eq!(std::mem::size_of::<Position>(), 60);
}

#[test]
fn the_action_space_is_168_for_every_variant() {
    assert_eq!(Tables::backgammon().num_actions(), 168);
    assert_eq!(Tables::seys_dos_e_as().num_distinct_actions(), 168);
    assert_eq!(Tables::backgammon().num_distinct_actions(), 168);
}

#[test]
fn worst_case_legal_action_count_is_reached() {
    // Seys dos e as: 15 single pieces, three different dice, all open: 45.
    let g = Tables::seys_dos_e_as();
    assert_eq!(g.max_legal_actions(), 45);
    let entries: Vec<(usize, &str)> = (1..=15).map(|p| (p, "A1")).chain([(24, "B15")]).collect();
    let p = pos(&g, &format!("{} - 0/0 A 654 9", board(&entries)));
    assert_eq!(actions(&g, &p).len(), 45);
    // Backgammon: the same with two dice: 30.
    let g = Tables::backgammon();
    assert_eq!(g.max_legal_actions(), 30);
    let entries: Vec<(usize, &str)> = (1..=15).map(|p| (p, "B1")).chain([(24, "A15")]).collect();
    let p = pos(&g, &format!("{} - 0/0 B 65 9", board(&entries)));
    assert_eq!(actions(&g, &p).len(), 30);
    assert!(g.max_legal_actions() <= racegames_board::ACTION_BUFFER_CAPACITY);
}
