//! The games that start with every piece off the board: Doze canes (fill
//! the last quarter), Pareia de entrada (throw again on equal dice) and
//! Buffa de baldrac (enter everything first, exact bearing off).

use super::common;

use common::*;
use racegames_board::{Game, Node, ParamValue, Seat};

const EMPTY: &str = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.";

#[test]
fn doze_canes_has_twelve_pieces_each_waiting_for_the_shared_first_table() {
    let g = game("doze_canes", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        format!("{EMPTY} A12@1,B12@1 0/0 - - 0")
    );
    // Two dice by default, three as an option.
    assert_eq!(g.max_chance_outcomes(), 21);
    assert_eq!(
        game("doze_canes", &[("dice", ParamValue::Int(3))]).max_chance_outcomes(),
        56
    );
}

#[test]
fn doze_canes_entry_is_forced_at_route_point_d_and_hits_a_blot() {
    let g = game("doze_canes", &[]);
    let mut p = g.new_initial_state();
    play_all(
        &g,
        &mut p,
        &["roll-off A", "roll 31", "1:bar-1", "3:bar-3", "roll 32"],
    );
    // B must enter; the 3 hits A's blot on 3, which goes back to wait.
    assert_eq!(moves(&g, &p), vec!["2:bar-2", "3:bar-3*"]);
    play(&g, &mut p, "3:bar-3*");
    assert!(text(&g, &p).starts_with("A1,.,B1,"), "{}", text(&g, &p));
    assert!(text(&g, &p).contains("A11@1,B11@1"), "{}", text(&g, &p));
}

#[test]
fn doze_canes_option_free_entry_lets_a_die_move_a_piece_on_the_board() {
    let g = game("doze_canes", &[("entry", ParamValue::Str("free"))]);
    let b = board(&[(1, "A1"), (24, "B1")]);
    let p = pos(&g, &format!("{b} A11@1,B11@1 0/0 A 2 2"));
    assert_eq!(moves(&g, &p), vec!["2:1-3", "2:bar-2"]);
    let forced = game("doze_canes", &[]);
    let p = pos(&forced, &format!("{b} A11@1,B11@1 0/0 A 2 2"));
    assert_eq!(moves(&forced, &p), vec!["2:bar-2"]);
}

#[test]
fn doze_canes_is_won_by_two_pieces_on_each_point_of_the_last_table() {
    let g = game("doze_canes", &[]);
    let b = board(&[
        (18, "A1"),
        (19, "A1"),
        (20, "A2"),
        (21, "A2"),
        (22, "A2"),
        (23, "A2"),
        (24, "A2"),
        (1, "B12"),
    ]);
    let mut p = pos(&g, &format!("{b} - 0/0 A 1 40"));
    play(&g, &mut p, "1:18-19");
    assert_eq!(p.winner(), Some(Seat::new(0)));
    // The board shows the winner: the turn is a plain `-`.
    assert_eq!(
        text(&g, &p),
        format!(
            "{} - 0/0 - - 41",
            board(&[
                (19, "A2"),
                (20, "A2"),
                (21, "A2"),
                (22, "A2"),
                (23, "A2"),
                (24, "A2"),
                (1, "B12")
            ])
        )
    );
}

#[test]
fn doze_canes_has_no_bearing_off_and_a_die_past_point_24_cannot_be_used() {
    let g = game("doze_canes", &[]);
    let b = board(&[
        (19, "A3"),
        (20, "A1"),
        (21, "A2"),
        (22, "A2"),
        (23, "A2"),
        (24, "A2"),
        (1, "B12"),
    ]);
    let e = g.parse_position(&format!("{b} - 0/0 A 6 40")).unwrap_err();
    assert!(e.to_string().contains("can use none"), "{e}");
    let p = pos(&g, &format!("{b} - 0/0 A 5 40"));
    assert_eq!(moves(&g, &p), vec!["5:19-24"]);
}

#[test]
fn doze_canes_three_on_a_point_of_the_last_table_is_not_the_goal() {
    let g = game("doze_canes", &[]);
    let b = board(&[
        (19, "A3"),
        (20, "A1"),
        (21, "A2"),
        (22, "A2"),
        (23, "A2"),
        (24, "A2"),
        (1, "B12"),
    ]);
    let p = pos(&g, &format!("{b} - 0/0 A 1 40"));
    assert_eq!(p.winner(), None);
    assert_eq!(g.node(&p), Node::Decision(Seat::new(0)));
}

#[test]
fn pareia_de_entrada_enters_everything_into_the_first_table_both_moving_the_same_way() {
    let g = game("pareia_de_entrada", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        format!("{EMPTY} A15@1,B15@1 0/0 - - 0")
    );
    assert_eq!(g.max_chance_outcomes(), 56);
    assert_eq!(
        game("pareia_de_entrada", &[("dice", ParamValue::Int(2))]).max_chance_outcomes(),
        21
    );
}

#[test]
fn pareia_de_entrada_throws_again_after_three_equal_dice_in_the_same_turn() {
    let g = game("pareia_de_entrada", &[]);
    let mut p = g.new_initial_state();
    play_all(&g, &mut p, &["roll-off A", "roll 444"]);
    assert!(p.throws_again());
    play(&g, &mut p, "4:bar-4");
    // The rest of the triple is written with a `+`.
    assert_eq!(
        text(&g, &p),
        format!("{} A14@1,B15@1 0/0 A 44+ 0", board(&[(4, "A1")]))
    );
    assert_eq!(g.parse_position(&text(&g, &p)).unwrap(), p);
    play_all(&g, &mut p, &["4:bar-4", "4:bar-4"]);
    // Same player, same turn, to throw.
    assert_eq!(g.node(&p), Node::Chance);
    assert_eq!(p.turn(), Some(Seat::new(0)));
    assert_eq!(p.turns(), 0);
    play_all(&g, &mut p, &["roll 421", "4:bar-4", "2:bar-2", "1:bar-1"]);
    assert_eq!(p.turn(), Some(Seat::new(1)));
    assert_eq!(p.turns(), 1);
}

#[test]
fn pareia_de_entrada_a_pair_among_three_dice_gives_no_extra_throw() {
    let g = game("pareia_de_entrada", &[]);
    let mut p = g.new_initial_state();
    play_all(&g, &mut p, &["roll-off A", "roll 443"]);
    assert!(!p.throws_again());
    play_all(&g, &mut p, &["4:bar-4", "4:bar-4", "3:bar-3"]);
    assert_eq!(p.turn(), Some(Seat::new(1)));
}

#[test]
fn pareia_de_entrada_with_two_dice_a_doublet_throws_again() {
    let g = game("pareia_de_entrada", &[("dice", ParamValue::Int(2))]);
    let mut p = g.new_initial_state();
    play_all(&g, &mut p, &["roll-off B", "roll 66", "6:bar-6", "6:bar-6"]);
    assert_eq!(p.turn(), Some(Seat::new(1)));
    assert_eq!(p.turns(), 0);
}

#[test]
fn pareia_de_entrada_an_extra_throw_follows_even_when_the_triple_cannot_be_used() {
    let g = game("pareia_de_entrada", &[]);
    // A waits for Q1, closed at 6 by B: a triple of sixes is lost, and A
    // throws again.
    let b = board(&[(6, "B2"), (7, "B13")]);
    let mut p = pos(&g, &format!("{b} A15@1 0/0 A - 3"));
    play(&g, &mut p, "roll 666");
    assert_eq!(g.node(&p), Node::Chance);
    assert_eq!(p.turn(), Some(Seat::new(0)));
    assert_eq!(p.turns(), 3);
}

#[test]
fn pareia_de_entrada_option_free_entry() {
    let g = game("pareia_de_entrada", &[("entry", ParamValue::Str("free"))]);
    let b = board(&[(3, "A1"), (10, "B1")]);
    let p = pos(&g, &format!("{b} A14@1,B14@1 0/0 A 1 2"));
    assert_eq!(moves(&g, &p), vec!["1:3-4", "1:bar-1"]);
}

#[test]
fn buffa_de_baldrac_enters_in_the_own_table_moving_in_opposite_directions() {
    let g = game("buffa_de_baldrac", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        format!("{EMPTY} A15@4,B15@1 0/0 - - 0")
    );
    let mut p = g.new_initial_state();
    play_all(&g, &mut p, &["roll-off A", "roll 631"]);
    assert_eq!(moves(&g, &p), vec!["1:bar-24", "3:bar-22", "6:bar-19"]);
}

#[test]
fn buffa_de_baldrac_every_waiting_piece_enters_before_any_piece_moves() {
    let g = game("buffa_de_baldrac", &[]);
    let b = board(&[(24, "A1"), (1, "B1")]);
    let p = pos(&g, &format!("{b} A14@4,B14@1 0/0 A 2 2"));
    assert_eq!(moves(&g, &p), vec!["2:bar-23"]);
}

#[test]
fn buffa_de_baldrac_entering_onto_a_blot_hits_it() {
    let g = game("buffa_de_baldrac", &[]);
    let b = board(&[(22, "B1"), (20, "A1")]);
    let mut p = pos(&g, &format!("{b} A14@4,B14@1 0/0 A 3 2"));
    play(&g, &mut p, "3:bar-22*");
    assert!(text(&g, &p).contains("B15@1"), "{}", text(&g, &p));
}

#[test]
fn buffa_de_baldrac_bears_off_exactly_by_default() {
    let g = game("buffa_de_baldrac", &[]);
    let b = board(&[(2, "A1"), (24, "B1")]);
    // From A's 2-point only a 2 bears off; a 6 cannot be used at all.
    assert!(g.parse_position(&format!("{b} - 14/14 A 6 90")).is_err());
    let p = pos(&g, &format!("{b} - 14/14 A 2 90"));
    assert_eq!(moves(&g, &p), vec!["2:2-off"]);
    let any = game("buffa_de_baldrac", &[("bear_off", ParamValue::Str("any"))]);
    let p = pos(&any, &format!("{b} - 14/14 A 6 90"));
    assert_eq!(moves(&any, &p), vec!["6:2-off"]);
}
