//! One test per rule sentence of `docs/games/seys-dos-e-as.md` (the default
//! reading), named after it.

use super::common;

use common::*;
use racegames_board::{FromParams, Game, Node, ParamValue, Seat};
use racegames_tables::{variant, Phase, Tables};

fn seys() -> Tables {
    Tables::seys_dos_e_as()
}

fn after_roll_off(winner: u32) -> (Tables, racegames_tables::Position) {
    let g = seys();
    let mut p = g.new_initial_state();
    g.apply(&mut p, winner).unwrap();
    (g, p)
}

#[test]
fn equipment_24_points_in_four_quarters_q1_1_6_q2_7_12_q3_13_18_q4_19_24() {
    assert_eq!(variant::POINTS, 24);
    assert_eq!(variant::QUARTER, 6);
    let g = seys();
    // The notation has exactly 24 points.
    let bad23 = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 - - 0";
    assert!(g.parse_position(bad23).is_err());
    // Quarters decide re-entry: a blot hit on 13 (first point of Q3) and on
    // 18 (last point of Q3) both wait for Q1.
    for (from, hit) in [(12, 13), (17, 18), (18, 19), (6, 7), (12, 12 + 1)] {
        let b = board(&[(1, "A14"), (from, "A1"), (hit, "B1"), (24, "B14")]);
        let mut p = pos(&g, &format!("{b} - 0/0 A 1 3"));
        play(&g, &mut p, &format!("1:{from}-{hit}*"));
        let expect = match (hit - 1) / 6 {
            0 => 3,
            1 => 4,
            2 => 1,
            _ => 2,
        };
        assert!(
            text(&g, &p).contains(&format!("B1@{expect}")),
            "{}",
            text(&g, &p)
        );
    }
}

#[test]
fn equipment_15_pieces_each() {
    let (g, p) = after_roll_off(0);
    for pl in [Seat::new(0), Seat::new(1)] {
        let on: u32 = (1..=24).map(|pt| u32::from(p.count(pl, pt))).sum();
        assert_eq!(on, 15);
    }
    // 14 pieces for A is rejected.
    let t = "A2,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A - 0";
    assert!(g.parse_position(t).is_err());
}

#[test]
fn equipment_three_six_sided_dice() {
    let (g, p) = after_roll_off(0);
    assert_eq!(g.node(&p), Node::Chance);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&p, |a, pr| outcomes.push((a, pr)));
    assert_eq!(outcomes.len(), 56);
    let total: f64 = outcomes.iter().map(|o| o.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let prob = |s: &str| {
        let a = g.parse_action(&p, s).unwrap();
        outcomes.iter().find(|o| o.0 == a).unwrap().1
    };
    assert_eq!(prob("roll 666"), 1.0 / 216.0);
    assert_eq!(prob("roll 621"), 6.0 / 216.0);
    assert_eq!(prob("roll 661"), 3.0 / 216.0);
    let mut q = p;
    play(&g, &mut q, "roll 621");
    assert_eq!(q.dice(), &[6, 2, 1]);
}

#[test]
fn setup_the_roll_off_is_a_chance_node_half_each() {
    let g = seys();
    let p = g.new_initial_state();
    assert_eq!(g.node(&p), Node::Chance);
    assert_eq!(g.turn_owner(&p), None);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&p, |a, pr| outcomes.push((a, pr)));
    assert_eq!(outcomes, vec![(0, 0.5), (1, 0.5)]);
    assert_eq!(
        text(&g, &p),
        ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 - - 0"
    );
}

#[test]
fn setup_its_winner_places_8_on_point_6_4_on_point_2_and_3_on_point_1_the_other_5_on_3_4_5() {
    let (g, p) = after_roll_off(0);
    assert_eq!(
        text(&g, &p),
        "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A - 0"
    );
    let (g, p) = after_roll_off(1);
    assert_eq!(
        text(&g, &p),
        "B3,B4,A5,A5,A5,B8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 B - 0"
    );
}

#[test]
fn setup_the_roll_off_winner_moves_first() {
    for w in 0..2 {
        let (g, mut p) = after_roll_off(w);
        assert_eq!(g.turn_owner(&p), Some(Seat::new(w as u8)));
        assert_eq!(p.phase(), Phase::Throw);
        play(&g, &mut p, "roll 654");
        assert_eq!(g.node(&p), Node::Decision(Seat::new(w as u8)));
    }
}

#[test]
fn setup_both_players_move_in_the_same_direction_from_1_towards_24() {
    for w in 0..2u32 {
        let (g, mut p) = after_roll_off(w);
        play(&g, &mut p, "roll 654");
        for a in actions(&g, &p) {
            let mut s = String::new();
            g.write_action(&p, a, &mut s).unwrap();
            let (_, rest) = s.split_once(':').unwrap();
            let (from, to) = rest.split_once('-').unwrap();
            let to: u32 = to.trim_end_matches('*').parse().unwrap();
            assert!(to > from.parse().unwrap(), "{s}");
        }
    }
}

#[test]
fn using_the_dice_one_at_a_time_one_die_per_piece() {
    let (g, mut p) = after_roll_off(0);
    play(&g, &mut p, "roll 531");
    let m = moves(&g, &p);
    for want in ["1:1-2", "5:1-6", "5:2-7", "1:6-7", "3:6-9", "5:6-11"] {
        assert!(m.contains(&want.to_string()), "{m:?}");
    }
    play_all(&g, &mut p, &["5:6-11", "3:6-9", "1:6-7"]);
    assert_eq!(
        text(&g, &p),
        "A3,A4,B5,B5,B5,A5,A1,.,A1,.,A1,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 B - 1"
    );
}

#[test]
fn using_the_dice_two_or_three_dice_added_on_one_piece() {
    let (g, mut p) = after_roll_off(0);
    play(&g, &mut p, "roll 531");
    play_all(&g, &mut p, &["5:6-11", "3:11-14", "1:14-15"]);
    assert_eq!(
        text(&g, &p),
        "A3,A4,B5,B5,B5,A7,.,.,.,.,.,.,.,.,A1,.,.,.,.,.,.,.,.,. - 0/0 B - 1"
    );
}

#[test]
fn using_the_dice_each_intermediate_point_must_be_a_legal_landing_point() {
    let g = seys();
    // 1 + 3 = 4 and 1 + 2 = 3 are closed, so the piece on 1 cannot reach 6.
    let b = board(&[(1, "A1"), (3, "B2"), (4, "B2"), (7, "A14"), (10, "B11")]);
    let p = pos(&g, &format!("{b} - 0/0 A 32 4"));
    assert!(moves(&g, &p).iter().all(|m| !m.contains(":1-")));
    for end in turn_ends(&g, &p) {
        assert!(end.starts_with("A1,"), "{end}");
    }
}

#[test]
fn using_the_dice_a_blot_on_an_intermediate_point_is_hit() {
    let g = seys();
    let b = board(&[(1, "A1"), (4, "B1"), (10, "B14"), (24, "A14")]);
    let mut p = pos(&g, &format!("{b} - 0/0 A 32 4"));
    play_all(&g, &mut p, &["3:1-4*", "2:4-6"]);
    let b = board(&[(6, "A1"), (10, "B14"), (24, "A14")]);
    assert_eq!(text(&g, &p), format!("{b} B1@3 0/0 B - 5"));
}

#[test]
fn using_the_dice_a_player_must_use_as_many_dice_as_possible() {
    let g = seys();
    // 1:17-18 can be played but leaves the 2 unplayable (20 is closed and
    // 18 is not in Q4, so nothing bears off); 2:17-19 lets the 1 bear off.
    let b = board(&[(1, "B13"), (17, "A1"), (20, "B2"), (24, "A14")]);
    let mut p = pos(&g, &format!("{b} - 0/0 A 21 5"));
    assert_eq!(moves(&g, &p), vec!["2:17-19"]);
    assert_eq!(p.dice_to_use(), 2);
    play(&g, &mut p, "2:17-19");
    assert_eq!(moves(&g, &p), vec!["1:24-off"]);
}

#[test]
fn using_the_dice_when_fewer_can_be_used_the_player_chooses_which() {
    let g = seys();
    // Either die can be played from 1, but not both (9 is closed).
    let b = board(&[(1, "A1"), (9, "B2"), (12, "B13"), (24, "A14")]);
    let p = pos(&g, &format!("{b} - 0/0 A 53 5"));
    assert_eq!(p.dice_to_use(), 1);
    assert_eq!(moves(&g, &p), vec!["3:1-4", "5:1-6"]);
    let mut q = p;
    play(&g, &mut q, "3:1-4");
    assert_eq!(q.phase(), Phase::Throw);
    assert_eq!(q.turn(), Some(Seat::new(1)));
}

#[test]
fn blocking_a_point_with_two_or_more_enemy_pieces_is_closed() {
    let g = seys();
    let b = board(&[(1, "A1"), (4, "B2"), (12, "B13"), (24, "A14")]);
    // The only piece that could use the 3 would land on the closed point 4,
    // so A cannot hold that die (a player who can do nothing passes at once).
    assert!(g.parse_position(&format!("{b} - 0/0 A 3 5")).is_err());
    let b = board(&[(1, "A1"), (4, "B2"), (12, "B13"), (24, "A14")]);
    let p = pos(&g, &format!("{b} - 0/0 A 2 5"));
    assert_eq!(moves(&g, &p), vec!["2:1-3"]);
}

#[test]
fn blocking_a_single_enemy_piece_is_hit_by_landing_on_it() {
    let g = seys();
    let b = board(&[(1, "A1"), (4, "B1"), (12, "B14"), (24, "A14")]);
    let mut p = pos(&g, &format!("{b} - 0/0 A 3 5"));
    assert_eq!(moves(&g, &p), vec!["3:1-4*"]);
    play(&g, &mut p, "3:1-4");
    assert_eq!(p.count(Seat::new(0), 4), 1);
    assert_eq!(p.waiting_total(Seat::new(1)), 1);
}

#[test]
fn reentry_a_hit_piece_reenters_in_the_diagonally_opposite_quarter() {
    let g = seys();
    for (hit, quarter) in [(4, 3), (10, 4), (16, 1), (22, 2)] {
        let b = board(&[(hit - 1, "A1"), (hit, "B1"), (24, "A14"), (hit + 1, "B14")]);
        let b = if hit == 22 {
            board(&[(21, "A1"), (22, "B1"), (24, "A14"), (12, "B14")])
        } else {
            b
        };
        let mut p = pos(&g, &format!("{b} - 0/0 A 1 7"));
        play(&g, &mut p, &format!("1:{}-{hit}*", hit - 1));
        assert!(
            text(&g, &p).contains(&format!(" B1@{quarter} ")),
            "{}",
            text(&g, &p)
        );
    }
}

#[test]
fn reentry_with_die_d_it_enters_at_first_point_of_the_quarter_minus_1_plus_d() {
    let g = seys();
    let b = board(&[(1, "B14"), (24, "A15")]);
    for (q, first) in [(1, 1), (2, 7), (3, 13), (4, 19)] {
        let p = pos(&g, &format!("{b} B1@{q} 0/0 B 421 7"));
        let want: Vec<String> = [1, 2, 4]
            .iter()
            .map(|d| format!("{d}:bar-{}", first - 1 + d))
            .collect();
        assert_eq!(moves(&g, &p), want);
    }
}

#[test]
fn reentry_waiting_pieces_must_all_enter_before_any_other_piece_moves() {
    let g = seys();
    let b = board(&[(1, "B13"), (24, "A15")]);
    let mut p = pos(&g, &format!("{b} B2@3 0/0 B 421 7"));
    assert!(moves(&g, &p).iter().all(|m| m.contains(":bar-")));
    play(&g, &mut p, "4:bar-16");
    assert!(moves(&g, &p).iter().all(|m| m.contains(":bar-")));
    play(&g, &mut p, "2:bar-14");
    // Now none waits: any piece may use the 1.
    assert!(moves(&g, &p).contains(&"1:1-2".to_string()));
}

#[test]
fn reentry_where_they_cannot_enter_the_turn_ends() {
    let g = seys();
    // Q1 is closed: B's waiting piece can never enter, and B passes at once.
    let b = board(&[
        (1, "A2"),
        (2, "A2"),
        (3, "A2"),
        (4, "A2"),
        (5, "A2"),
        (6, "A2"),
        (12, "B14"),
        (24, "A3"),
    ]);
    let p = pos(&g, &format!("{b} B1@1 0/0 B - 7"));
    g.chance_outcomes(&p, |a, _| {
        let mut q = p;
        g.apply(&mut q, a).unwrap();
        assert_eq!(q.turn(), Some(Seat::new(0)));
        assert_eq!(q.phase(), Phase::Throw);
        assert_eq!(q.turns(), 8);
    });
    // Two waiting, one enters with the 6; the other cannot enter with the
    // 2 or the 1, so the turn ends although B's other pieces could move.
    let b = board(&[
        (1, "A2"),
        (2, "A2"),
        (3, "A2"),
        (4, "A2"),
        (5, "A2"),
        (12, "B13"),
        (24, "A5"),
    ]);
    let mut p = pos(&g, &format!("{b} B2@1 0/0 B 621 7"));
    assert_eq!(moves(&g, &p), vec!["6:bar-6"]);
    play(&g, &mut p, "6:bar-6");
    assert_eq!(p.turn(), Some(Seat::new(0)));
    assert_eq!(p.phase(), Phase::Throw);
}

#[test]
fn reentry_option_start_every_hit_piece_reenters_at_q1() {
    let g = Tables::from_params("seys_dos_e_as", &[("reentry", ParamValue::Str("start"))]).unwrap();
    for hit in [4, 10, 16, 22] {
        let b = board(&[(hit - 1, "A1"), (hit, "B1"), (24, "A14"), (12, "B14")]);
        let b = if hit == 10 {
            board(&[(9, "A1"), (10, "B1"), (24, "A14"), (2, "B14")])
        } else {
            b
        };
        let mut p = pos(&g, &format!("{b} - 0/0 A 1 7"));
        play(&g, &mut p, &format!("1:{}-{hit}", hit - 1));
        assert!(text(&g, &p).contains(" B1@1 "), "{}", text(&g, &p));
    }
    // Pieces never wait for another quarter under this option.
    let b = board(&[(1, "B14"), (24, "A15")]);
    assert!(g.parse_position(&format!("{b} B1@3 0/0 B - 7")).is_err());
}

#[test]
fn bearing_off_only_when_none_waits_and_all_pieces_on_the_board_are_in_q4() {
    let g = seys();
    let b = board(&[(18, "A1"), (24, "A14"), (1, "B15")]);
    let p = pos(&g, &format!("{b} - 0/0 A 6 7"));
    assert_eq!(moves(&g, &p), vec!["6:18-24"]);
    let b = board(&[(19, "A1"), (24, "A14"), (1, "B15")]);
    let p = pos(&g, &format!("{b} - 0/0 A 6 7"));
    assert_eq!(moves(&g, &p), vec!["6:19-off", "6:24-off"]);
    let b = board(&[(24, "A14"), (1, "B15")]);
    let p = pos(&g, &format!("{b} A1@2 0/0 A 6 7"));
    assert_eq!(moves(&g, &p), vec!["6:bar-12"]);
}

#[test]
fn bearing_off_any_die_that_carries_a_piece_past_24_bears_it_off_not_exact() {
    let g = seys();
    let b = board(&[(19, "A1"), (22, "A1"), (24, "A13"), (1, "B15")]);
    let p = pos(&g, &format!("{b} - 0/0 A 6 7"));
    assert_eq!(moves(&g, &p), vec!["6:19-off", "6:22-off", "6:24-off"]);
}

#[test]
fn bearing_off_a_piece_hit_while_bearing_off_stops_it_until_back_in_q4() {
    let g = seys();
    let b = board(&[(22, "A1"), (24, "A10"), (20, "B1"), (1, "B14")]);
    let mut p = pos(&g, &format!("{b} - 4/0 B 2 7"));
    play(&g, &mut p, "2:20-22*");
    assert!(text(&g, &p).contains(" A1@2 4/0 A - 8"), "{}", text(&g, &p));
    let mut q = p;
    play(&g, &mut q, "roll 621");
    assert!(moves(&g, &q).iter().all(|m| m.contains(":bar-")));
    for end in turn_ends(&g, &q) {
        assert!(end.contains(" 4/0 "), "{end}");
    }
}

#[test]
fn end_the_first_player_to_bear_off_all_15_pieces_wins() {
    let g = seys();
    let b = board(&[(24, "A1"), (1, "B15")]);
    let mut p = pos(&g, &format!("{b} - 14/0 A 1 7"));
    play(&g, &mut p, "1:24-off");
    assert_eq!(g.node(&p), Node::Terminal);
    let mut r = [0.0; 2];
    g.returns(&p, &mut r).unwrap();
    assert_eq!(r, [1.0, -1.0]);
    assert_eq!(
        text(&g, &p),
        format!("{} - 15/0 - - 8", board(&[(1, "B15")]))
    );
    assert!(!g.is_truncated(&p));
}

#[test]
fn end_max_turns_truncates_with_the_default_500() {
    let g = seys();
    assert_eq!(g.variant().max_turns, 500);
    let b = board(&[(1, "A15"), (24, "B15")]);
    let p = pos(&g, &format!("{b} - 0/0 - - 500"));
    assert_eq!(g.node(&p), Node::Terminal);
    assert!(g.is_truncated(&p));
}

#[test]
fn end_bearing_off_the_last_piece_wins_at_once_and_counts_as_using_every_die() {
    let g = seys();
    // 6:19-off then 1:24-off wins with two of the three dice; it stays legal
    // although 1-1-6 from 19 would use all three.
    let b = board(&[(19, "A1"), (24, "A1"), (1, "B15")]);
    let mut p = pos(&g, &format!("{b} - 13/0 A 611 7"));
    assert!(moves(&g, &p).contains(&"6:19-off".to_string()));
    play_all(&g, &mut p, &["6:19-off", "1:24-off"]);
    assert_eq!(g.node(&p), Node::Terminal);
    assert_eq!(p.winner(), Some(Seat::new(0)));
}
