//! One test per rule sentence and option of Chinese checkers
//! (`docs/games/chinese-checkers.md`), named after it.

use super::common;

use common::{build, cc, ends_from, legal, names, notation};
use racegames_board::{FromParams, Game, Node, ParamError, ParamValue, ReturnsError, Seat};
use racegames_halma::bits::BitSet;
use racegames_halma::notation::parse_hole;
use racegames_halma::{ChineseCheckers, Geometry, Star, StarPosition};

fn pos(game: &ChineseCheckers, text: &str) -> StarPosition {
    game.parse_notation(text)
        .unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn h(name: &str) -> usize {
    parse_hole::<Star>(name).expect("hole")
}

fn play(game: &ChineseCheckers, s: &mut StarPosition, text: &str) {
    let a = game
        .parse_action(s, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(s, a).expect("legal");
}

fn returns(game: &ChineseCheckers, s: &StarPosition) -> Vec<f64> {
    let mut r = vec![9.0; game.num_players()];
    game.returns(s, &mut r).unwrap();
    r
}

#[test]
fn returns_take_one_value_per_seat_and_refuse_other_lengths() {
    for seats in [2, 3, 4, 6] {
        let game = ChineseCheckers::from_params(
            "chinese_checkers",
            &[("players", ParamValue::Int(seats))],
        )
        .unwrap();
        let s = game.new_initial_state();
        let n = seats as usize;
        assert_eq!(returns(&game, &s), vec![0.0; n]);
        for len in [0, 1, n - 1, n + 1, 6] {
            if len == n {
                continue;
            }
            let mut out = vec![7.0; len];
            assert_eq!(
                game.returns(&s, &mut out),
                Err(ReturnsError::WrongLength {
                    expected: n,
                    found: len
                })
            );
            assert!(out.iter().all(|&v| v == 7.0));
        }
    }
}

const TOP: [&str; 10] = ["a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4"];
const BOTTOM: [&str; 10] = ["n1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"];

#[test]
fn board_has_121_holes_a_central_hexagon_of_61_and_six_camps_of_10() {
    assert_eq!(Star::HOLES, 121);
    let mut camps = 0u128;
    for c in 0..6 {
        let z = Star::zone(c, 10);
        assert_eq!(z.count(), 10);
        assert_eq!(camps & z, 0);
        camps |= z;
    }
    assert_eq!((Star::ALL & !camps).count(), 61);
}

#[test]
fn two_three_four_or_six_players_with_ten_pieces_each() {
    for p in [2, 3, 4, 6] {
        let g = cc(&format!("players={p}"));
        let s = g.new_initial_state();
        for seat in 0..p {
            assert_eq!(s.pieces(seat).count(), 10);
        }
    }
    for p in [0, 1, 5, 7] {
        let r =
            ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(p))]);
        assert!(
            matches!(
                r,
                Err(ParamError::BadValue {
                    name: "players",
                    ..
                })
            ),
            "{p}"
        );
    }
}

#[test]
fn each_player_starts_in_a_camp_and_must_reach_the_opposite_one() {
    for p in [2, 3, 4, 6] {
        let g = cc(&format!("players={p}"));
        let s = g.new_initial_state();
        for seat in 0..p {
            let player = Seat::new(seat as u8);
            let camp = g.camp_of(player);
            assert_eq!(s.pieces(seat), Star::zone(camp, 10));
            assert_eq!(g.target_zone(player), Star::zone((camp + 3) % 6, 10));
        }
    }
}

#[test]
fn pieces_15_is_for_2_or_3_players() {
    for p in [2, 3] {
        let g = cc(&format!("players={p},pieces=15"));
        assert_eq!(g.new_initial_state().pieces(0).count(), 15);
    }
    for p in [4, 6] {
        let r = ChineseCheckers::from_params(
            "chinese_checkers",
            &[
                ("players", ParamValue::Int(p)),
                ("pieces", ParamValue::Int(15)),
            ],
        );
        assert!(matches!(
            r,
            Err(ParamError::BadValue { name: "pieces", .. })
        ));
    }
    let r = ChineseCheckers::from_params("chinese_checkers", &[("pieces", ParamValue::Int(12))]);
    assert!(r.is_err());
}

#[test]
fn pieces_15_camps_take_the_adjacent_row_of_5_hexagon_holes_forming_triangles_of_side_5() {
    let g = cc("players=2,pieces=15");
    let top = g.start_zone(Seat::new(0));
    let mut expected: Vec<&str> = TOP.to_vec();
    expected.extend(["e5", "e6", "e7", "e8", "e9"]);
    let mut got = names::<Star>(top);
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
    // The target zone of seat 0 is the bottom triangle of side 5.
    let bottom = g.target_zone(Seat::new(0));
    for row in 0..5u8 {
        let in_row = (0..121)
            .filter(|&x| bottom.has(x) && Star::progress(3, x) == row)
            .count();
        assert_eq!(in_row, usize::from(row) + 1);
    }
}

#[test]
fn pieces_15_with_3_players_neighbouring_zones_share_their_corner_hole() {
    let g = cc("players=3,pieces=15");
    let start0 = g.start_zone(Seat::new(0));
    // Seat 2 (lower-left) targets the upper-right zone, next to the top.
    let target2 = g.target_zone(Seat::new(2));
    assert_eq!(names::<Star>(start0 & target2), ["e9"]);
    let target1 = g.target_zone(Seat::new(1));
    assert_eq!(names::<Star>(start0 & target1), ["e5"]);
    // The shared hole counts in both: seat 2 finishes only with e9 filled.
    assert_eq!(target2.count(), 15);
}

#[test]
fn a_move_is_a_step_to_an_adjacent_empty_hole_in_one_of_six_directions() {
    let g = cc("players=2,wing_rule=false");
    // A lone piece in the middle: exactly six steps, no jumps.
    let s = setup(&g, &["i5"], &["q1"]);
    let mut ends = ends_from(&g, &s, "i5");
    ends.sort();
    assert_eq!(ends, ["h5", "h6", "i4", "i6", "j5", "j6"]);
}

/// A 2-player position with the given pieces, each seat filled up to 10
/// pieces from the far tips of its own camp (top for seat 0, bottom for 1).
fn setup(game: &ChineseCheckers, p0: &[&str], p1: &[&str]) -> StarPosition {
    let fill = |mine: &[&str], camp: [&str; 10]| -> Vec<String> {
        let mut v: Vec<String> = mine.iter().map(|x| x.to_string()).collect();
        for c in camp {
            if v.len() < 10 && !p0.contains(&c) && !p1.contains(&c) {
                v.push(c.to_string());
            }
        }
        v
    };
    let mut bottom = BOTTOM;
    bottom.reverse();
    let a = fill(p0, TOP);
    let b = fill(p1, bottom);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let b: Vec<&str> = b.iter().map(String::as_str).collect();
    pos(game, &build::<Star>(&[&a, &b], "1", "-", 0))
}

#[test]
fn a_jump_goes_over_one_adjacent_piece_of_any_colour_to_the_empty_hole_beyond() {
    let g = cc("players=2,wing_rule=false");
    // i5 next to its own piece i6 and the other seat's h5.
    let s = setup(&g, &["i5", "i6"], &["h5", "q1"]);
    let ends = ends_from(&g, &s, "i5");
    assert!(ends.contains(&"i7".to_string()), "{ends:?}"); // over its own piece
    assert!(ends.contains(&"g5".to_string()), "{ends:?}"); // over the other colour
                                                           // Not over two pieces in a row.
    let s = setup(&g, &["i5", "i6", "i7"], &["q1"]);
    assert!(!ends_from(&g, &s, "i5").contains(&"i8".to_string()));
    assert!(!ends_from(&g, &s, "i5").contains(&"i9".to_string()));
}

#[test]
fn nothing_is_captured() {
    let g = cc("players=2,wing_rule=false");
    let mut s = setup(&g, &["i5"], &["h5", "q1"]);
    play(&g, &mut s, "i5-g5");
    assert_eq!(s.piece_at(h("h5")), Some(Seat::new(1)));
    assert_eq!(s.pieces(1).count(), 10);
}

#[test]
fn a_move_may_be_a_chain_of_jumps_that_never_revisits_a_hole() {
    let g = cc("players=2,wing_rule=false");
    // Pieces on i6, h6 and h7 make a cycle of jumps i5 -> i7 -> g7 -> i5:
    // the chain may not come back, so the origin is never a destination.
    let s = setup(&g, &["i5"], &["i6", "h6", "h7"]);
    let mut ends = ends_from(&g, &s, "i5");
    ends.sort();
    assert!(!ends.contains(&"i5".to_string()));
    assert!(
        ends.contains(&"i7".to_string()) && ends.contains(&"g7".to_string()),
        "{ends:?}"
    );
    // A chain of two jumps: over i4 to i5, then over h6 to g7.
    let s = setup(&g, &["i3"], &["i4", "h6", "q1"]);
    let ends = ends_from(&g, &s, "i3");
    assert!(ends.contains(&"g7".to_string()), "{ends:?}");
    let a = g.parse_action(&s, "i3-g7").unwrap();
    let mut out = String::new();
    g.write_action(&s, a, &mut out).unwrap();
    assert_eq!(out, "i3-i5-g7");
}

#[test]
fn long_jumps_go_over_a_single_piece_at_distance_k_with_empty_holes_either_side() {
    let on = cc("players=2,wing_rule=false,long_jumps=true");
    let off = cc("players=2,wing_rule=false");
    let s = setup(&on, &["i1"], &["i4", "q1"]);
    // i1 - i2 i3 empty, piece on i4 (k = 3), i5 i6 empty, land on i7.
    assert!(ends_from(&on, &s, "i1").contains(&"i7".to_string()));
    let s = setup(&off, &["i1"], &["i4", "q1"]);
    assert!(!ends_from(&off, &s, "i1").contains(&"i7".to_string()));
    // A piece in the k-1 holes after it blocks the long jump.
    let s = setup(&on, &["i1"], &["i4", "i6", "q1"]);
    assert!(!ends_from(&on, &s, "i1").contains(&"i7".to_string()));
}

#[test]
fn long_jumps_are_off_by_default() {
    assert!(!cc("players=2").rules().long_jumps);
}

#[test]
fn the_move_string_shows_the_shortest_hop_path_then_the_first_in_hole_order() {
    let g = cc("players=2,wing_rule=false");
    // From i3 to i7: over i4 to i5, then over i6 to i7 (2 jumps), or a
    // longer way round; the 2-jump path is shown.
    let s = setup(&g, &["i3"], &["i4", "i6", "h5", "h6", "q1"]);
    let a = g.parse_action(&s, "i3-i7").unwrap();
    let mut out = String::new();
    g.write_action(&s, a, &mut out).unwrap();
    assert_eq!(out, "i3-i5-i7");
    // Two shortest paths from i3 to k7: east then south-east (over i4 and
    // j6, via i5) or south-east then east (over j4 and k6, via k5); the
    // first in hole order goes via i5.
    let s = setup(&g, &["i3"], &["i4", "j6", "j4", "k6"]);
    let a = g.parse_action(&s, "i3-k7").unwrap();
    let mut out = String::new();
    g.write_action(&s, a, &mut out).unwrap();
    assert_eq!(out, "i3-i5-k7");
    // The other path is accepted when parsing, and gives the same move.
    assert_eq!(g.parse_action(&s, "i3-k5-k7"), Ok(a));
    // A path that is not made of jumps is refused.
    assert!(g.parse_action(&s, "i3-i4-k7").is_err());
}

#[test]
fn a_piece_may_end_its_move_only_in_its_start_camp_the_hexagon_or_its_target_camp() {
    let g = cc("players=2");
    // Seat 0 on e9, next to the upper-right camp (e10): it may not step in.
    let s = setup(&g, &["e9"], &["q1"]);
    let ends = ends_from(&g, &s, "e9");
    assert!(!ends.contains(&"e10".to_string()), "{ends:?}");
    assert!(ends.contains(&"e8".to_string()));
}

#[test]
fn a_piece_may_pass_through_other_camps_during_a_chain() {
    let g = cc("players=2");
    // e9 jumps over e10 into e11 (upper-right camp), then over f11 to g11?
    // e11 -> over f11 -> g11 stays in the camp; use a chain that comes back:
    // e8 over e9 to e10 (camp), e10 over f10 to g10 (camp), g10 over g9 to g8.
    let s = setup(&g, &["e8"], &["e9", "f10", "g9", "q1"]);
    let ends = ends_from(&g, &s, "e8");
    assert!(ends.contains(&"g8".to_string()), "{ends:?}");
    assert!(!ends.contains(&"e10".to_string()) && !ends.contains(&"g10".to_string()));
}

#[test]
fn wing_rule_false_lets_a_piece_stop_in_any_camp() {
    let g = cc("players=2,wing_rule=false");
    let s = setup(&g, &["e9"], &["q1"]);
    assert!(ends_from(&g, &s, "e9").contains(&"e10".to_string()));
    assert!(cc("players=2").rules().wing_rule);
}

#[test]
fn progress_counts_rows_from_the_apex_of_the_start_camp() {
    for c in 0..6 {
        let apex = (0..121).find(|&x| Star::progress(c, x) == 0).unwrap();
        assert!(Star::zone(c, 10).has(apex));
        let far = (0..121).find(|&x| Star::progress(c, x) == 16).unwrap();
        assert!(Star::zone((c + 3) % 6, 10).has(far));
        // The camp's rows have 1, 2, 3, 4 holes; the hexagon starts at 4.
        for row in 0..4u8 {
            let n = (0..121).filter(|&x| Star::zone(c, 10).has(x) && Star::progress(c, x) == row);
            assert_eq!(n.count(), usize::from(row) + 1);
        }
    }
    assert_eq!(Star::progress(0, h("e7")), 4);
    assert_eq!(Star::progress(0, h("i5")), 8);
}

/// Seat 1 (Q) is stuck: nine pieces in the top camp and one on e7 below
/// it, while seat 0 (P) still has d1 at home.
fn vacate_position() -> String {
    build::<Star>(
        &[
            &["d1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
            &["a1", "b1", "b2", "c1", "c2", "c3", "d2", "d3", "d4", "e7"],
        ],
        "1",
        "-",
        20,
    )
}

#[test]
fn vacate_rule_p_must_leave_its_start_camp_when_q_can_only_move_without_progress() {
    let g = cc("players=2");
    let s = pos(&g, &vacate_position());
    assert!(g.must_vacate(&s));
    let moves: Vec<String> = legal(&g, &s)
        .iter()
        .map(|&a| common::action_string(&g, &s, a))
        .collect();
    assert_eq!(moves, ["d1-e5", "d1-e6"]);
}

#[test]
fn vacate_rule_does_not_bind_while_q_can_progress() {
    let g = cc("players=2");
    // Q's a1 is free: b1 or b2 can step into it.
    let text = build::<Star>(
        &[
            &["d1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
            &["i5", "b1", "b2", "c1", "c2", "c3", "d2", "d3", "d4", "e7"],
        ],
        "1",
        "-",
        20,
    );
    let s = pos(&g, &text);
    assert!(!g.must_vacate(&s));
    assert!(legal(&g, &s).len() > 2);
}

#[test]
fn vacate_rule_false_turns_it_off() {
    let g = cc("players=2,vacate_rule=false");
    let s = pos(&g, &vacate_position());
    assert!(!g.must_vacate(&s));
    assert!(legal(&g, &s).len() > 2);
    assert!(cc("players=2").rules().vacate_rule);
}

#[test]
fn vacate_rule_needs_a_seat_opposite_so_never_binds_with_three_players() {
    use racegames_board::sim::{random_step, SplitMix64};
    let g = cc("players=3");
    let mut rng = SplitMix64::new(5);
    let mut buf = racegames_board::ActionBuffer::new();
    for _ in 0..5 {
        let mut s = g.new_initial_state();
        while random_step(&g, &mut s, &mut rng, &mut buf).is_some() {
            assert!(!g.must_vacate(&s));
            if s.turns() > 300 {
                break;
            }
        }
    }
}

fn spoiling_position(turn: &str) -> String {
    // Seat 0's target (bottom camp) holds 8 pieces of seat 1, seat 0's n4,
    // and n1 is empty; seat 0's m5 and seat 1's m6 can both step into n1.
    build::<Star>(
        &[
            &["n4", "m5", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8"],
            &["q1", "p1", "p2", "o1", "o2", "o3", "n2", "n3", "m6", "h5"],
        ],
        turn,
        "-",
        50,
    )
}

#[test]
fn spoiling_win_a_player_also_wins_when_its_target_camp_is_full_and_holds_one_of_its_pieces() {
    let g = cc("players=2,spoiling_win=true");
    let mut s = pos(&g, &spoiling_position("1"));
    play(&g, &mut s, "m5-n1");
    assert_eq!(g.node(&s), Node::Terminal);
    assert_eq!(returns(&g, &s), [1.0, -1.0]);
    assert_eq!(s.finished(), [0]);
    assert!(notation(&g, &s).ends_with(" - 1 51"));
}

#[test]
fn spoiling_win_can_be_completed_by_another_seats_move() {
    let g = cc("players=2,spoiling_win=true");
    let mut s = pos(&g, &spoiling_position("2"));
    play(&g, &mut s, "m6-n1");
    assert_eq!(g.node(&s), Node::Terminal);
    assert_eq!(returns(&g, &s), [1.0, -1.0]);
}

#[test]
fn spoiling_win_is_off_by_default() {
    let g = cc("players=2");
    let mut s = pos(&g, &spoiling_position("1"));
    play(&g, &mut s, "m5-n1");
    assert!(matches!(g.node(&s), Node::Decision(_)));
    assert_eq!(returns(&g, &s), [0.0, 0.0]);
}

#[test]
fn the_first_player_with_all_its_pieces_in_its_target_camp_wins() {
    let g = cc("players=2");
    let mut home: Vec<&str> = BOTTOM.to_vec();
    home.retain(|x| *x != "n1");
    home.push("m5");
    let text = build::<Star>(
        &[
            &home,
            &["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "h5"],
        ],
        "1",
        "-",
        7,
    );
    let mut s = pos(&g, &text);
    play(&g, &mut s, "m5-n1");
    assert_eq!(g.node(&s), Node::Terminal);
    assert!(!g.is_truncated(&s));
    assert_eq!(returns(&g, &s), [1.0, -1.0]);
}

#[test]
fn with_n_players_the_winner_gets_1_and_each_other_minus_1_over_n_minus_1() {
    let g = cc("players=4");
    // Seat 0 one step from home; seats 1-3 at home.
    let mut home: Vec<&str> = BOTTOM.to_vec();
    home.retain(|x| *x != "n1");
    home.push("m5");
    let s0 = g.new_initial_state();
    let mut places: Vec<Vec<String>> = (0..4).map(|seat| names::<Star>(s0.pieces(seat))).collect();
    places[0] = home.iter().map(|x| x.to_string()).collect();
    // Seat 2 (bottom) must make room: put it in the hexagon.
    places[2] = ["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "h5"]
        .iter()
        .map(|x| x.to_string())
        .collect();
    let refs: Vec<Vec<&str>> = places
        .iter()
        .map(|v| v.iter().map(String::as_str).collect())
        .collect();
    let slices: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
    let mut s = pos(&g, &build::<Star>(&slices, "1", "-", 40));
    play(&g, &mut s, "m5-n1");
    let third = -1.0 / 3.0;
    assert_eq!(returns(&g, &s), [1.0, third, third, third]);
}

fn finish_all_position() -> String {
    // Three players: seat 0 (top) has finished in the bottom camp; seat 1
    // (lower-right, target upper-left) is one step from finishing.
    build::<Star>(
        &[
            &BOTTOM,
            &["e1", "e2", "e3", "e4", "f1", "f2", "f3", "g1", "g2", "i1"],
            &["j1", "k1", "k2", "l1", "l2", "l3", "m1", "m2", "m3", "m4"],
        ],
        "2",
        "1",
        30,
    )
}

#[test]
fn finish_all_play_continues_until_all_but_one_have_finished_and_place_k_gets_n_minus_1_minus_2k_over_n_minus_1(
) {
    let g = cc("players=3,finish=all");
    let mut s = pos(&g, &finish_all_position());
    play(&g, &mut s, "i1-h1");
    assert_eq!(g.node(&s), Node::Terminal);
    assert_eq!(s.finished(), [0, 1]);
    assert_eq!(returns(&g, &s), [1.0, 0.0, -1.0]);
    assert!(notation(&g, &s).ends_with(" - 12 31"));
}

#[test]
fn finish_all_skips_the_finished_players() {
    let g = cc("players=3,finish=all");
    let mut s = pos(&g, &finish_all_position());
    // Seat 1 moves elsewhere; then seat 2; then seat 1 again (seat 0 is done).
    play(&g, &mut s, "i1-i2");
    assert_eq!(g.node(&s), Node::Decision(Seat::new(2)));
    let a = legal(&g, &s)[0];
    g.apply(&mut s, a).unwrap();
    assert_eq!(g.node(&s), Node::Decision(Seat::new(1)));
}

#[test]
fn finish_first_is_the_default() {
    assert_eq!(
        cc("players=3").rules().finish,
        racegames_halma::Finish::First
    );
}

#[test]
fn max_turns_truncates_with_returns_zero() {
    let g = cc("players=2,max_turns=3");
    let mut s = g.new_initial_state();
    for _ in 0..3 {
        let a = legal(&g, &s)[0];
        g.apply(&mut s, a).unwrap();
    }
    assert_eq!(g.node(&s), Node::Terminal);
    assert!(g.is_truncated(&s));
    assert_eq!(returns(&g, &s), [0.0, 0.0]);
    assert_eq!(g.turn_count(&s), 3);
}

#[test]
fn max_turns_defaults_to_1000_and_0_means_no_limit() {
    assert_eq!(cc("players=2").rules().max_turns, 1000);
    let g = cc("players=2,max_turns=0");
    let text = build::<Star>(&[&TOP, &BOTTOM], "1", "-", 5000);
    let s = pos(&g, &text);
    assert!(matches!(g.node(&s), Node::Decision(_)));
}

#[test]
fn seat_0_moves_first_and_there_are_no_chance_nodes() {
    for p in [2, 3, 4, 6] {
        let g = cc(&format!("players={p}"));
        let s = g.new_initial_state();
        assert_eq!(g.node(&s), Node::Decision(Seat::new(0)));
        assert_eq!(g.max_chance_outcomes(), 0);
    }
}

#[test]
fn a_player_who_can_do_nothing_passes_at_once() {
    // Seat 1's pieces sit in the tips of foreign camps, where no move may end.
    let g = cc("players=2");
    let text = build::<Star>(
        &[
            &["i3", "i4", "i5", "i6", "i7", "j3", "j4", "j5", "j6", "j7"],
            &[
                "e11", "e13", "g11", "k11", "m11", "m13", "k1", "m1", "m3", "e1",
            ],
        ],
        "1",
        "-",
        10,
    );
    let mut s = pos(&g, &text);
    play(&g, &mut s, "i3-h3");
    assert_eq!(g.node(&s), Node::Decision(Seat::new(0)));
    assert_eq!(g.turn_count(&s), 11);
}

#[test]
fn notation_two_player_opening_is_exactly_that_of_rules_md() {
    let g = cc("players=2");
    assert_eq!(
        notation(&g, &g.new_initial_state()),
        "1/11/111/1111/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0"
    );
}

#[test]
fn notation_camps_by_player_count_top_lower_right_lower_left_and_clockwise() {
    let expect = |p: usize, camps: &[usize]| {
        let g = cc(&format!("players={p}"));
        for (seat, &c) in camps.iter().enumerate() {
            assert_eq!(
                g.camp_of(Seat::new(seat as u8)),
                c,
                "{p} players, seat {seat}"
            );
        }
    };
    expect(2, &[0, 3]);
    expect(3, &[0, 2, 4]);
    expect(4, &[0, 1, 3, 4]);
    expect(6, &[0, 1, 2, 3, 4, 5]);
    let g = cc("players=6");
    assert_eq!(
        notation(&g, &g.new_initial_state()),
        "1/11/111/1111/6666.....2222/666......222/66.......22/6........2/........./5........3/55.......33/555......333/5555.....3333/4444/444/44/4 1 - 0"
    );
}

#[test]
fn notation_turn_counter_is_optional_when_parsing_and_the_game_prints_it_always() {
    let g = cc("players=2");
    let full = notation(&g, &g.new_initial_state());
    let short = full.strip_suffix(" 0").unwrap();
    assert_eq!(pos(&g, short), g.new_initial_state());
}

#[test]
fn notation_errors_say_what_and_where() {
    let g = cc("players=2");
    let e = g.parse_notation("1/11/111/111x/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0").unwrap_err();
    assert_eq!(e.offset, 12);
    assert!(g.parse_notation("").is_err());
    assert!(g.parse_notation("1/11 1 - 0").is_err());
    // Seat 3 does not exist with 2 players.
    let e = g.parse_notation("3/11/111/1111/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0").unwrap_err();
    assert_eq!(e.field, "row");
}
