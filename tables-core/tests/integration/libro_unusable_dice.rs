//! What becomes of dice that cannot be used: Fallas (the thrower loses),
//! Laquet and Doblet (they pass to the opponent); Doblet's unstacking.

use super::common;

use common::*;
use racegames_board::{Game, Node, ParamValue, Seat};

#[test]
fn fallas_sets_up_two_on_the_opponents_ace_and_thirteen_on_the_own_six_point() {
    let g = game("fallas", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        "B2,.,.,.,.,A13,.,.,.,.,.,.,.,.,.,.,.,.,B13,.,.,.,.,A2 - 0/0 - - 0"
    );
}

/// B's two back men on 1 face A's closed 6 and 7; B's thirteen on 19
/// face A's closed 20-24. A 1 can move a back man to 2, and nothing can
/// use a 5.
fn fallas_board() -> String {
    board(&[
        (1, "B2"),
        (6, "A2"),
        (7, "A2"),
        (12, "A1"),
        (19, "B13"),
        (20, "A2"),
        (21, "A2"),
        (22, "A2"),
        (23, "A2"),
        (24, "A2"),
    ])
}

#[test]
fn fallas_a_throw_that_cannot_be_used_whole_loses_at_once() {
    let g = game("fallas", &[]);
    // B to throw; from point 1 a 5 or 6 lands on A's closed 6 or 7.
    let b = fallas_board();
    let mut p = pos(&g, &format!("{b} - 0/0 B - 8"));
    play(&g, &mut p, "roll 551");
    // Only the 1 can be used: B loses.
    assert_eq!(g.node(&p), Node::Terminal);
    assert_eq!(p.winner(), Some(Seat::new(0)));
    assert_eq!(p.turns(), 9);
    let t = text(&g, &p);
    assert!(t.contains(" -A - 9"), "{t}");
    assert_eq!(g.parse_position(&t).unwrap(), p);
}

#[test]
fn fallas_a_throw_used_whole_goes_on() {
    let g = game("fallas", &[]);
    let b = fallas_board();
    let mut p = pos(&g, &format!("{b} - 0/0 B - 8"));
    play(&g, &mut p, "roll 431");
    assert_eq!(g.node(&p), Node::Decision(Seat::new(1)));
}

#[test]
fn fallas_bearing_off_the_last_piece_counts_as_using_every_die() {
    let g = game("fallas", &[]);
    let b = board(&[(24, "B1"), (1, "A15")]);
    let mut p = pos(&g, &format!("{b} - 0/14 B - 50"));
    play(&g, &mut p, "roll 651");
    assert_eq!(g.node(&p), Node::Decision(Seat::new(1)));
    play(&g, &mut p, "6:24-off");
    assert_eq!(p.winner(), Some(Seat::new(1)));
}

#[test]
fn fallas_a_piece_that_cannot_re_enter_has_failed() {
    let g = game("fallas", &[]);
    let b = board(&[
        (19, "A2"),
        (20, "A2"),
        (21, "A2"),
        (22, "A2"),
        (23, "A2"),
        (24, "A2"),
        (10, "A3"),
        (5, "B14"),
    ]);
    // B's piece waits for Q1... A's closed points are in Q4 (B's entry is
    // route Q1 = points 1-6, open): use A's own entry instead.
    let b2 = board(&[
        (19, "B2"),
        (20, "B2"),
        (21, "B2"),
        (22, "B2"),
        (23, "B2"),
        (24, "B2"),
        (10, "B3"),
        (5, "A14"),
    ]);
    let mut p = pos(&g, &format!("{b2} A1@4 0/0 A - 8"));
    play(&g, &mut p, "roll 111");
    assert_eq!(p.winner(), Some(Seat::new(1)));
    let _ = b;
}

#[test]
fn fallas_option_lose_if_none_loses_only_when_no_die_can_be_used() {
    let g = game(
        "fallas",
        &[("unusable_die", ParamValue::Str("lose_if_none"))],
    );
    let b = fallas_board();
    let mut p = pos(&g, &format!("{b} - 0/0 B - 8"));
    play(&g, &mut p, "roll 551");
    assert_eq!(g.node(&p), Node::Decision(Seat::new(1)));
    let b2 = board(&[
        (19, "B2"),
        (20, "B2"),
        (21, "B2"),
        (22, "B2"),
        (23, "B2"),
        (24, "B2"),
        (10, "B3"),
        (5, "A14"),
    ]);
    let mut p = pos(&g, &format!("{b2} A1@4 0/0 A - 8"));
    play(&g, &mut p, "roll 111");
    assert_eq!(p.winner(), Some(Seat::new(1)));
}

fn laquet_start() -> String {
    board(&[
        (7, "A2"),
        (8, "A3"),
        (9, "A3"),
        (10, "A3"),
        (11, "A3"),
        (12, "B14"),
        (13, "B1"),
        (24, "A1"),
    ])
}

#[test]
fn laquet_the_roll_off_winner_leads_with_the_light_set_up_on_three_tables() {
    let g = game("laquet", &[]);
    let mut p = g.new_initial_state();
    play(&g, &mut p, "roll-off A");
    assert_eq!(text(&g, &p), format!("{} - 0/0 A - 0", laquet_start()));
    let stack = game("laquet", &[("leader", ParamValue::Str("stack"))]);
    let mut p = stack.new_initial_state();
    play(&stack, &mut p, "roll-off A");
    assert_eq!(
        text(&stack, &p),
        format!(
            "{} - 0/0 A - 0",
            board(&[
                (7, "B2"),
                (8, "B3"),
                (9, "B3"),
                (10, "B3"),
                (11, "B3"),
                (12, "A14"),
                (13, "A1"),
                (24, "B1")
            ])
        )
    );
}

#[test]
fn laquet_a_single_piece_closes_a_point_and_nothing_is_hit() {
    let g = game("laquet", &[]);
    let p = pos(&g, &format!("{} - 0/0 A 21 0", laquet_start()));
    // 11 + 2 = 13 and 11 + 1 = 12 are B's: closed.
    let m = moves(&g, &p);
    assert!(!m.iter().any(|s| s.contains('*')));
    assert!(!m.contains(&"2:11-13".to_string()));
    assert!(!m.contains(&"1:11-12".to_string()));
}

#[test]
fn laquet_dice_that_cannot_be_used_pass_to_the_opponent() {
    let g = game("laquet", &[]);
    // A: one piece on 23 and the rest borne off but one on 18; a 6 cannot
    // be used by A (not all home: 18 is outside Q4; 18+6 = 24 is open...).
    let b = board(&[(17, "A1"), (23, "B2"), (24, "B11"), (21, "B1"), (5, "A1")]);
    let _ = b;
    // A simpler case: A's only piece off the last quarter is blocked.
    let b = board(&[
        (10, "A1"),
        (11, "B1"),
        (12, "B1"),
        (13, "B1"),
        (14, "B1"),
        (15, "B1"),
        (16, "B1"),
        (24, "A14"),
        (20, "B9"),
    ]);
    let mut p = pos(&g, &format!("{b} - 0/0 A - 5"));
    play(&g, &mut p, "roll 64");
    // A can use neither die: both pass to B, who must use them first.
    assert!(p.dice_passed());
    assert_eq!(p.turn(), Some(Seat::new(1)));
    assert_eq!(p.turns(), 6);
    let t = text(&g, &p);
    assert!(t.ends_with(" B p64 6"), "{t}");
    assert_eq!(g.parse_position(&t).unwrap(), p);
    play(&g, &mut p, "6:11-17");
    play(&g, &mut p, "4:12-16");
    // Then B throws for his own turn, still turn 6.
    assert_eq!(g.node(&p), Node::Chance);
    assert_eq!(p.turn(), Some(Seat::new(1)));
    assert_eq!(p.turns(), 6);
}

#[test]
fn laquet_option_forfeit_loses_the_unusable_dice() {
    let g = game("laquet", &[("unusable_die", ParamValue::Str("forfeit"))]);
    let b = board(&[
        (10, "A1"),
        (11, "B1"),
        (12, "B1"),
        (13, "B1"),
        (14, "B1"),
        (15, "B1"),
        (16, "B1"),
        (24, "A14"),
        (20, "B9"),
    ]);
    let mut p = pos(&g, &format!("{b} - 0/0 A - 5"));
    play(&g, &mut p, "roll 64");
    assert!(!p.dice_passed());
    assert_eq!(g.node(&p), Node::Chance);
    assert!(g.parse_position(&format!("{b} - 0/0 B p64 6")).is_err());
}

#[test]
fn doblet_sets_up_doubled_pairs_on_the_six_points_of_each_own_table() {
    let g = game("doblet", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        "B2^,B2^,B2^,B2^,B2^,B2^,.,.,.,.,.,.,.,.,.,.,.,.,A2^,A2^,A2^,A2^,A2^,A2^ - 0/0 - - 0"
    );
    assert_eq!(g.observation_shape(), &[8, 24]);
}

#[test]
fn doblet_die_d_undoes_the_pair_on_point_d() {
    let g = game("doblet", &[]);
    let mut p = g.new_initial_state();
    play_all(&g, &mut p, &["roll-off B", "roll 531"]);
    assert_eq!(moves(&g, &p), vec!["1:1^", "3:3^", "5:5^"]);
    play(&g, &mut p, "3:3^");
    assert!(
        text(&g, &p).starts_with("B2^,B2^,B2,B2^"),
        "{}",
        text(&g, &p)
    );
    assert!(!p.is_stacked(Seat::new(1), 3));
    assert!(p.is_stacked(Seat::new(1), 5));
}

#[test]
fn doblet_a_die_whose_pair_is_undone_cannot_be_used_while_unstacking_and_passes() {
    let g = game("doblet", &[]);
    let t = "B2^,B2^,B2,B2^,B2^,B2^,.,.,.,.,.,.,.,.,.,.,.,.,A2^,A2^,A2^,A2^,A2^,A2^ - 0/0 B - 1";
    let mut p = pos(&g, t);
    play(&g, &mut p, "roll 331");
    // Only the 1 undoes a pair; the two 3s pass to A.
    play(&g, &mut p, "1:1^");
    assert!(p.dice_passed());
    assert_eq!(p.turn(), Some(Seat::new(0)));
    assert_eq!(moves(&g, &p), vec!["3:22^"]);
}

#[test]
fn doblet_bears_off_from_point_d_once_every_pair_is_undone_and_never_moves_along() {
    let g = game("doblet", &[]);
    let b = board(&[
        (1, "B2"),
        (2, "B2"),
        (3, "B2"),
        (4, "B2"),
        (5, "B1"),
        (6, "B1"),
        (19, "A2^"),
        (24, "A2^"),
    ]);
    let mut p = pos(&g, &format!("{b} - 8/2 B 641 9"));
    assert_eq!(moves(&g, &p), vec!["1:1-off", "4:4-off", "6:6-off"]);
    play(&g, &mut p, "6:6-off");
    assert_eq!(p.borne_off(Seat::new(1)), 3);
}

#[test]
fn doblet_the_last_pair_undone_lets_the_remaining_dice_bear_off() {
    let g = game("doblet", &[]);
    let b = board(&[
        (1, "B2"),
        (2, "B2"),
        (3, "B2"),
        (4, "B2"),
        (5, "B2"),
        (6, "B2^"),
        (19, "A2^"),
        (24, "A2^"),
    ]);
    let mut p = pos(&g, &format!("{b} - 8/0 B 62 9"));
    play(&g, &mut p, "6:6^");
    assert_eq!(moves(&g, &p), vec!["2:2-off"]);
}

#[test]
fn doblet_the_first_to_bear_off_all_twelve_wins() {
    let g = game("doblet", &[]);
    let b = board(&[(2, "B1"), (19, "A2^"), (24, "A2^")]);
    let mut p = pos(&g, &format!("{b} - 8/11 B 2 20"));
    play(&g, &mut p, "2:2-off");
    assert_eq!(p.winner(), Some(Seat::new(1)));
    assert_eq!(g.node(&p), Node::Terminal);
}

#[test]
fn doblet_option_no_passing_from_a_player_bearing_off_to_one_unstacking() {
    let b = board(&[
        (1, "B2"),
        (2, "B2"),
        (3, "B2"),
        (4, "B2"),
        (5, "B2"),
        (6, "B2"),
        (19, "A2^"),
        (24, "A2^"),
    ]);
    let text_before = format!("{b} - 8/0 B 55 9");
    // B bears off with nothing on 5... B has two on 5: use a 6-6-... B
    // can bear off one 5 and one 5: to leave a die, throw three fives.
    let _ = text_before;
    let g = game("doblet", &[("pass_to_unstacker", ParamValue::Bool(false))]);
    let b = board(&[
        (1, "B2"),
        (2, "B2"),
        (3, "B2"),
        (4, "B2"),
        (5, "B1"),
        (19, "A2^"),
        (24, "A2^"),
    ]);
    let mut p = pos(&g, &format!("{b} - 8/3 B 55 9"));
    play(&g, &mut p, "5:5-off");
    assert!(!p.dice_passed());
    assert_eq!(g.node(&p), Node::Chance);
    let on = game("doblet", &[]);
    let mut p = pos(&on, &format!("{b} - 8/3 B 55 9"));
    play(&on, &mut p, "5:5-off");
    // A still unstacks: A's point 5 is notation 20, with no pair: the 5
    // is passed but A cannot use it, so A throws.
    assert_eq!(on.node(&p), Node::Chance);
}

#[test]
fn doblet_the_diagram_marks_the_doubled_pairs() {
    let g = game("doblet", &[]);
    let d = g.diagram(&g.new_initial_state()).to_string();
    assert!(d.contains(" B2^"), "{d}");
    assert!(d.contains(" A2^"), "{d}");
}
