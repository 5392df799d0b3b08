//! Quinze tablas, Emperador and the seven-sided tables: the set-ups, the
//! prime (a player who cannot enter loses) and the tie (nobody can move:
//! drawn), exact bearing off, the stack limit option, 28 points.

use super::common;

use common::*;
use racegames_board::{Game, Node, ParamValue, Seat};

fn quinze() -> racegames_tables::Tables {
    game("quinze_tablas", &[])
}

#[test]
fn quinze_tablas_sets_up_two_on_route_points_1_to_7_and_one_on_8_before_the_roll_off() {
    let g = quinze();
    assert_eq!(
        text(&g, &g.new_initial_state()),
        "B2,B2,B2,B2,B2,B2,B2,B1,.,.,.,.,.,.,.,.,A1,A2,A2,A2,A2,A2,A2,A2 - 0/0 - - 0"
    );
    assert_eq!(g.max_chance_outcomes(), 56);
}

#[test]
fn quinze_tablas_rolls_off_by_coin_and_throws_three_dice() {
    let g = quinze();
    let mut p = g.new_initial_state();
    let mut outcomes = vec![];
    g.chance_outcomes(&p, |a, pr| outcomes.push((a, pr)));
    assert_eq!(outcomes, vec![(0, 0.5), (1, 0.5)]);
    play_all(&g, &mut p, &["roll-off B", "roll 631"]);
    assert_eq!(p.dice(), &[6, 3, 1]);
}

#[test]
fn a_player_who_cannot_enter_loses_at_once_the_prime() {
    let g = quinze();
    // B's piece waits for Q1, where A holds every point: B, about to
    // throw after A's turn, loses.
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
    assert_eq!(g.node(&p), Node::Terminal);
    assert_eq!(p.winner(), Some(Seat::new(0)));
    let mut r = [0.0; 2];
    g.returns(&p, &mut r).unwrap();
    assert_eq!(r, [1.0, -1.0]);
    assert!(!g.is_truncated(&p));
    // The result is written after the turn's `-`, and reads back.
    let t = text(&g, &p);
    assert!(t.contains(" -A - 31"), "{t}");
    assert_eq!(g.parse_position(&t).unwrap(), p);
}

#[test]
fn the_prime_needs_every_point_of_the_entry_quarter_closed() {
    let g = quinze();
    // Point 6 holds a single A piece: B can still enter with a 6.
    let b = board(&[
        (1, "A2"),
        (2, "A2"),
        (3, "A2"),
        (4, "A2"),
        (5, "A2"),
        (6, "A1"),
        (10, "A4"),
        (24, "B14"),
    ]);
    let mut p = pos(&g, &format!("{b} B1@1 0/0 A 1 30"));
    play(&g, &mut p, "1:10-9");
    assert_eq!(g.node(&p), Node::Chance);
    assert_eq!(p.turn(), Some(Seat::new(1)));
}

/// Doze canes: A's twelve stand on point 24 (they cannot go further, and
/// nothing is borne off); B has eleven on 23 and one on 22, to play a 1.
fn nearly_dead(g: &racegames_tables::Tables) -> racegames_tables::Position {
    let b = board(&[(22, "B1"), (23, "B11"), (24, "A12")]);
    pos(g, &format!("{b} - 0/0 B 1 30"))
}

#[test]
fn neither_player_able_to_move_is_a_tie_and_a_draw() {
    let g = game("doze_canes", &[]);
    let mut q = nearly_dead(&g);
    // After 22 -> 23 no die of either side can ever be used.
    play(&g, &mut q, "1:22-23");
    assert_eq!(g.node(&q), Node::Terminal);
    assert!(q.is_drawn());
    assert_eq!(q.winner(), None);
    assert!(!g.is_truncated(&q));
    let mut r = [9.0; 2];
    g.returns(&q, &mut r).unwrap();
    assert_eq!(r, [0.0, 0.0]);
    let t = text(&g, &q);
    assert!(t.contains(" -= - 31"), "{t}");
    assert_eq!(g.parse_position(&t).unwrap(), q);
}

#[test]
fn without_the_tie_a_dead_position_passes_until_truncation() {
    let mut v = *game("doze_canes", &[]).variant();
    v.dead_position = racegames_tables::DeadPosition::Truncate;
    let g = racegames_tables::Tables::new(v).unwrap();
    let mut q = nearly_dead(&g);
    play(&g, &mut q, "1:22-23");
    assert_eq!(g.node(&q), Node::Chance);
}

#[test]
fn the_prime_is_checked_before_the_tie() {
    let g = quinze();
    // After A's move B is primed and nobody could move: B loses, no draw.
    let b = board(&[
        (1, "A2"),
        (2, "A2"),
        (3, "A2"),
        (4, "A2"),
        (5, "A2"),
        (6, "A2"),
        (7, "A1"),
        (8, "A1"),
        (19, "B2"),
        (20, "B2"),
        (21, "B2"),
        (22, "B2"),
        (23, "B2"),
        (24, "B2"),
    ]);
    // A: 14 on 1..8, one more to place: 1 borne off. B: 12 on 19..24, 1
    // waiting, 2 off. A's 8 -> 7 leaves A unable to move (1..6 is home,
    // bearing off is exact: route 24 -> off needs... A is not all home).
    let mut p = pos(&g, &format!("{b} B1@1 1/2 A 1 40"));
    play(&g, &mut p, "1:8-7");
    assert_eq!(p.winner(), Some(Seat::new(0)));
    assert!(!p.is_drawn());
}

#[test]
fn quinze_tablas_bears_off_only_with_the_exact_die_by_default() {
    let g = quinze();
    let b = board(&[(3, "A1"), (24, "B15")]);
    let p = pos(&g, &format!("{b} - 14/0 A 31 50"));
    // 1:3-2 would leave the 3 unusable (2 + 3 is not exact).
    assert_eq!(moves(&g, &p), vec!["3:3-off"]);
    let any = game("quinze_tablas", &[("bear_off", ParamValue::Str("any"))]);
    let p = pos(&any, &format!("{b} - 14/0 A 64 50"));
    assert_eq!(moves(&any, &p), vec!["4:3-off", "6:3-off"]);
}

#[test]
fn stack_limit_2_keeps_a_third_piece_off_a_point() {
    let g = game("quinze_tablas", &[("stack_limit", ParamValue::Int(2))]);
    let p = pos(
        &g,
        &format!(
            "{} - 0/0 B 1 0",
            g.notation(&g.new_initial_state())
                .to_string()
                .split(' ')
                .next()
                .unwrap()
        ),
    );
    // Every B point 1..7 holds two: a 1 moves 7 -> 8 (8 then holds two)
    // or 8 -> 9, and nothing else.
    assert_eq!(moves(&g, &p), vec!["1:7-8", "1:8-9"]);
    let plain = quinze();
    let p = pos(
        &plain,
        &format!(
            "{} - 0/0 B 1 0",
            text(&plain, &plain.new_initial_state())
                .split(' ')
                .next()
                .unwrap()
        ),
    );
    assert_eq!(moves(&plain, &p).len(), 8);
}

#[test]
fn emperador_sets_up_fifteen_on_each_first_point_with_the_prime_and_the_tie() {
    let g = game("emperador", &[]);
    assert_eq!(
        text(&g, &g.new_initial_state()),
        "B15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A15 - 0/0 - - 0"
    );
    let v = g.variant();
    assert_eq!(v.blocked_entry, racegames_tables::BlockedEntry::Lose);
    assert_eq!(v.dead_position, racegames_tables::DeadPosition::Draw);
    assert_eq!(v.bear_off, racegames_tables::BearOff::Any);
}

#[test]
fn a_hit_piece_returns_to_the_table_where_it_was_first_placed() {
    let g = game("emperador", &[]);
    let b = board(&[(1, "B14"), (5, "B1"), (24, "A14"), (8, "A1")]);
    let mut p = pos(&g, &format!("{b} - 0/0 A 3 10"));
    play(&g, &mut p, "3:8-5*");
    assert!(text(&g, &p).contains("B1@1"), "{}", text(&g, &p));
}

#[test]
fn the_seven_sided_tables_have_28_points_17_pieces_and_three_seven_sided_dice() {
    let g = game("tablas_de_siete", &[]);
    let start = text(&g, &g.new_initial_state());
    assert_eq!(
        start,
        "B2,B2,B2,B2,B2,B2,B2,B2,B1,.,.,.,.,.,.,.,.,.,.,A1,A2,A2,A2,A2,A2,A2,A2,A2 - 0/0 - - 0"
    );
    assert_eq!(g.board_len(), 28);
    assert_eq!(g.num_distinct_actions(), 32 * 7);
    assert_eq!(g.observation_shape(), &[7, 28]);
    // 84 unordered throws of three seven-sided dice, all faces alike.
    let mut p = g.new_initial_state();
    play(&g, &mut p, "roll-off A");
    let mut total = 0.0;
    let mut n = 0;
    g.chance_outcomes(&p, |_, pr| {
        total += pr;
        n += 1;
    });
    assert_eq!(n, 84);
    assert!((total - 1.0).abs() < 1e-12);
    play(&g, &mut p, "roll 777");
    // A moves from 28 towards 1, along its route.
    let mut m = moves(&g, &p);
    m.reverse();
    assert_eq!(
        m,
        vec![
            "7:20-13", "7:21-14", "7:22-15", "7:23-16", "7:24-17", "7:25-18", "7:26-19", "7:27-20",
            "7:28-21"
        ]
    );
}

#[test]
fn the_seven_sided_tables_bear_off_exactly_past_point_28() {
    let g = game("tablas_de_siete", &[]);
    let b = board_of(28, &[(27, "B1"), (1, "A17")]);
    let p = pos(&g, &format!("{b} - 0/16 B 72 80"));
    assert_eq!(moves(&g, &p), vec!["2:27-off"]);
    assert!(g
        .parse_position(&format!(
            "{} - 0/0 A - 0",
            board(&[(1, "B15"), (24, "A15")])
        ))
        .is_err());
}

#[test]
fn the_seven_sided_tables_draw_28_points_in_rows_of_fourteen() {
    let g = game("tablas_de_siete", &[]);
    let d = g.diagram(&g.new_initial_state()).to_string();
    let first = d.lines().next().unwrap();
    assert!(first.trim_start().starts_with("15"), "{d}");
    assert!(first.trim_end().ends_with("28"), "{d}");
}
