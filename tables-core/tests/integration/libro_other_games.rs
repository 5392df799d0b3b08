//! Medio emperador (the half track), Cab e quinal (the fixed third die),
//! Todas tablas (backgammon's set-up, doubles as thrown) and Reencontrar;
//! the options of every Libro game are checked by name and value.

use super::common;

use common::*;
use racegames_board::{FromParams, Game, Node, ParamValue, Seat};
use racegames_tables::Tables;

#[test]
fn medio_emperador_plays_on_two_tables_the_own_first_and_the_one_facing_it() {
    let g = game("medio_emperador", &[]);
    assert_eq!(g.route_len(), 12);
    assert_eq!(g.num_distinct_actions(), 16 * 6);
    let b = g.new_initial_state();
    assert_eq!(
        text(&g, &b),
        "B15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A15 - 0/0 - - 0"
    );
    // B's route: 1..6 then 19..24: from 6 a 1 lands on 19.
    let p = pos(
        &g,
        &format!("{} - 0/0 B 1 3", board(&[(6, "B15"), (24, "A15")])),
    );
    assert_eq!(moves(&g, &p), vec!["1:6-19"]);
    // A's: 24..19 then 6..1.
    let p = pos(
        &g,
        &format!("{} - 0/0 A 2 3", board(&[(1, "B15"), (20, "A15")])),
    );
    assert_eq!(moves(&g, &p), vec!["2:20-6"]);
}

#[test]
fn medio_emperador_throws_two_dice_by_default_three_as_an_option() {
    assert_eq!(game("medio_emperador", &[]).max_chance_outcomes(), 21);
    assert_eq!(
        game("medio_emperador", &[("dice", ParamValue::Int(3))]).max_chance_outcomes(),
        56
    );
}

#[test]
fn medio_emperador_bears_off_from_the_table_facing_the_start_and_has_no_prime() {
    let g = game("medio_emperador", &[]);
    // B home: 19..24 (route Q2); a hit A piece re-enters A's first table.
    let p = pos(
        &g,
        &format!(
            "{} - 0/13 B 61 40",
            board(&[(20, "B1"), (24, "B1"), (3, "A15")])
        ),
    );
    assert!(moves(&g, &p).contains(&"6:20-off".to_string()));
    assert_eq!(
        g.variant().blocked_entry,
        racegames_tables::BlockedEntry::Pass
    );
    assert_eq!(
        g.variant().dead_position,
        racegames_tables::DeadPosition::Draw
    );
}

#[test]
fn medio_emperador_points_of_the_unused_tables_cannot_be_written() {
    let g = game("medio_emperador", &[]);
    let e = g
        .parse_position(&format!(
            "{} - 0/0 B - 3",
            board(&[(6, "B14"), (7, "B1"), (24, "A15")])
        ))
        .unwrap_err();
    assert!(e.to_string().contains("route"), "{e}");
}

#[test]
fn cab_e_quinal_gives_the_roll_off_winner_the_six_point_and_the_other_the_five_point() {
    let g = game("cab_e_quinal", &[]);
    let mut p = g.new_initial_state();
    play(&g, &mut p, "roll-off A");
    assert_eq!(
        text(&g, &p),
        format!("{} - 0/0 A - 0", board(&[(5, "B15"), (6, "A15")]))
    );
    let loser = game("cab_e_quinal", &[("cab", ParamValue::Str("loser"))]);
    let mut p = loser.new_initial_state();
    play(&loser, &mut p, "roll-off A");
    assert_eq!(
        text(&loser, &p),
        format!("{} - 0/0 A - 0", board(&[(5, "A15"), (6, "B15")]))
    );
}

#[test]
fn cab_e_quinal_two_dice_and_a_fixed_third_with_fourteen_and_one_set_ups() {
    let g = game("cab_e_quinal", &[("fixed_die", ParamValue::Int(6))]);
    assert_eq!(g.max_chance_outcomes(), 21);
    let mut p = g.new_initial_state();
    play(&g, &mut p, "roll-off A");
    assert_eq!(
        text(&g, &p),
        format!(
            "{} - 0/0 A - 0",
            board(&[(4, "B1"), (5, "B14"), (6, "A14"), (19, "A1")])
        )
    );
    // Every throw has the fixed 6 beside the two dice thrown.
    play(&g, &mut p, "roll 621");
    assert_eq!(p.dice(), &[6, 2, 1]);
    let mut q = g.new_initial_state();
    play_all(&g, &mut q, &["roll-off B", "roll 666"]);
    assert_eq!(q.dice(), &[6, 6, 6]);
}

#[test]
fn cab_e_quinal_has_the_tie_and_hits_blots() {
    let g = game("cab_e_quinal", &[]);
    assert_eq!(
        g.variant().dead_position,
        racegames_tables::DeadPosition::Draw
    );
    let mut p = g.new_initial_state();
    play_all(
        &g,
        &mut p,
        &[
            "roll-off A",
            "roll 321",
            "3:6-9",
            "2:9-11",
            "1:6-7",
            "roll 211",
        ],
    );
    // B's 5 + 2 lands on A's blot on 7.
    assert!(moves(&g, &p).contains(&"2:5-7*".to_string()));
}

#[test]
fn todas_tablas_is_backgammons_set_up_with_doubles_as_thrown_and_a_coin() {
    let g = game("todas_tablas", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 - - 0"
    );
    let mut p = g.new_initial_state();
    assert_eq!(g.max_chance_outcomes(), 21);
    play_all(&g, &mut p, &["roll-off B", "roll 55"]);
    assert_eq!(p.dice(), &[5, 5]);
    let twice = game("todas_tablas", &[("doubles", ParamValue::Str("twice"))]);
    let mut p = twice.new_initial_state();
    play_all(&twice, &mut p, &["roll-off B", "roll 55"]);
    assert_eq!(p.dice(), &[5, 5, 5, 5]);
}

#[test]
fn todas_tablas_bears_off_with_any_die_or_as_backgammon_does() {
    let b = board(&[(20, "B1"), (23, "B1"), (1, "A15")]);
    let g = game("todas_tablas", &[]);
    let p = pos(&g, &format!("{b} - 0/13 B 6 40"));
    assert_eq!(moves(&g, &p), vec!["6:20-off", "6:23-off"]);
    let e = game(
        "todas_tablas",
        &[("bear_off", ParamValue::Str("exact_or_higher"))],
    );
    let p = pos(&e, &format!("{b} - 0/13 B 6 40"));
    assert_eq!(moves(&e, &p), vec!["6:20-off"]);
}

#[test]
fn todas_tablas_option_the_larger_die_when_only_one_can_be_used() {
    let g = game(
        "todas_tablas",
        &[("dice_rule", ParamValue::Str("most_dice_then_larger"))],
    );
    assert_eq!(
        g.variant().dice_rule,
        racegames_tables::DiceRule::MostDiceThenLarger
    );
    let plain = game("todas_tablas", &[]);
    assert_eq!(
        plain.variant().dice_rule,
        racegames_tables::DiceRule::MostDice
    );
}

#[test]
fn reencontrar_is_emperadors_geometry_without_the_prime() {
    let g = game("reencontrar", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        "B15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A15 - 0/0 - - 0"
    );
    assert_eq!(
        g.variant().blocked_entry,
        racegames_tables::BlockedEntry::Pass
    );
    // A primed player simply passes.
    let b = board(&[
        (1, "A2"),
        (2, "A2"),
        (3, "A2"),
        (4, "A2"),
        (5, "A2"),
        (6, "A2"),
        (10, "A3"),
        (24, "B14"),
    ]);
    let mut p = pos(&g, &format!("{b} B1@1 0/0 A 1 30"));
    play(&g, &mut p, "1:10-9");
    assert_eq!(g.node(&p), Node::Chance);
    assert_eq!(p.turn(), Some(Seat::new(1)));
}

#[test]
fn reencontrar_option_twelve_pieces() {
    let g = game("reencontrar", &[("pieces", ParamValue::Int(12))]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        "B12,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A12 - 0/0 - - 0"
    );
}

#[test]
fn every_libro_option_is_checked_by_name_and_value() {
    let bad: &[(&str, &str, ParamValue)] = &[
        (
            "quinze_tablas",
            "bear_off",
            ParamValue::Str("exact_or_higher"),
        ),
        ("quinze_tablas", "stack_limit", ParamValue::Int(3)),
        ("doze_canes", "dice", ParamValue::Int(4)),
        ("doze_canes", "entry", ParamValue::Str("random")),
        ("doblet", "pass_to_unstacker", ParamValue::Str("on")),
        ("fallas", "unusable_die", ParamValue::Str("forfeit")),
        ("emperador", "prime", ParamValue::Str("wall")),
        ("medio_emperador", "dice", ParamValue::Int(1)),
        (
            "pareia_de_entrada",
            "doubles",
            ParamValue::Str("with_opposites"),
        ),
        ("cab_e_quinal", "fixed_die", ParamValue::Int(7)),
        ("cab_e_quinal", "cab", ParamValue::Int(1)),
        ("todas_tablas", "scoring", ParamValue::Str("gammons")),
        ("laquet", "route", ParamValue::Str("ludii")),
        ("laquet", "leader", ParamValue::Str("dark")),
        (
            "buffa_de_baldrac",
            "bear_off",
            ParamValue::Str("exact_or_higher"),
        ),
        ("reencontrar", "pieces", ParamValue::Int(17)),
        ("tablas_de_siete", "faces", ParamValue::Int(6)),
    ];
    for (name, key, value) in bad {
        assert!(
            Tables::from_params(name, &[(key, *value)]).is_err(),
            "{name} {key}={value}"
        );
    }
    for name in Tables::NAMES {
        let g = Tables::from_params(name, &[("max_turns", ParamValue::Int(9))]).unwrap();
        assert_eq!(g.variant().max_turns, 9);
        assert_eq!(g.name(), *name);
    }
}
