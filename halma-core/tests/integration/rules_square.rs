//! One test per rule sentence of Halma on the square board
//! (`docs/games/halma.md`).

use super::common;

use common::{build, ends_from, halma, notation};
use racegames_board::{FromParams, Game, Node, ParamError, ParamValue, Seat};
use racegames_halma::bits::BitSet;
use racegames_halma::{Geometry, Square, SquareHalma, SquarePosition};

const TL19: [&str; 19] = [
    "a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "c1", "c2", "c3", "c4", "d1", "d2",
    "d3", "e1", "e2",
];
const BR19: [&str; 19] = [
    "p16", "p15", "p14", "p13", "p12", "o16", "o15", "o14", "o13", "o12", "n16", "n15", "n14",
    "n13", "m16", "m15", "m14", "l16", "l15",
];

fn pos(game: &SquareHalma, text: &str) -> SquarePosition {
    game.parse_notation(text)
        .unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_board_is_16_by_16() {
    assert_eq!(Square::HOLES, 256);
    assert_eq!(Square::ROW_LENGTHS, [16; 16]);
}

#[test]
fn two_players_with_19_pieces_each_in_opposite_corner_camps_of_rows_5_5_4_3_2() {
    let g = halma("players=2");
    let s = g.new_initial_state();
    let mut tl = common::names::<Square>(s.pieces(0));
    let mut expected: Vec<String> = TL19.iter().map(|x| x.to_string()).collect();
    tl.sort();
    expected.sort();
    assert_eq!(tl, expected);
    assert_eq!(s.pieces(1).count(), 19);
    assert_eq!(g.target_zone(Seat::new(0)), s.pieces(1));
    assert_eq!(g.target_zone(Seat::new(1)), s.pieces(0));
}

#[test]
fn four_players_with_13_pieces_each_in_camps_of_rows_4_4_3_2() {
    let g = halma("players=4");
    let s = g.new_initial_state();
    for seat in 0..4 {
        assert_eq!(s.pieces(seat).count(), 13);
        let target = g.target_zone(Seat::new(seat as u8));
        assert_eq!(target, s.pieces((seat + 2) % 4));
    }
}

#[test]
fn other_player_counts_and_unknown_options_are_refused() {
    for p in [1, 3, 5, 6] {
        let r = SquareHalma::from_params("halma", &[("players", ParamValue::Int(p))]);
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
    let r = SquareHalma::from_params("halma", &[("wing_rule", ParamValue::Bool(true))]);
    assert!(matches!(r, Err(ParamError::Unknown { .. })));
}

/// A 2-player position with the given pieces, filled up from each seat's
/// own corner.
fn setup(game: &SquareHalma, p0: &[&str], p1: &[&str]) -> SquarePosition {
    let fill = |mine: &[&str], camp: [&str; 19]| -> Vec<String> {
        let mut v: Vec<String> = mine.iter().map(|x| x.to_string()).collect();
        for c in camp {
            if v.len() < 19 && !p0.contains(&c) && !p1.contains(&c) {
                v.push(c.to_string());
            }
        }
        v
    };
    let a = fill(p0, TL19);
    let b = fill(p1, BR19);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let b: Vec<&str> = b.iter().map(String::as_str).collect();
    pos(game, &build::<Square>(&[&a, &b], "1", "-", 0))
}

#[test]
fn steps_go_in_8_directions() {
    let g = halma("players=2");
    let s = setup(&g, &["h8"], &[]);
    let mut ends = ends_from(&g, &s, "h8");
    ends.sort();
    assert_eq!(ends, ["g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"]);
}

#[test]
fn chained_jumps_in_8_directions_over_pieces_of_any_colour_with_no_captures() {
    let g = halma("players=2");
    // h8 jumps diagonally over i9 (other colour) to j10, then over j11 (own) to j12.
    let mut s = setup(&g, &["h8", "j11"], &["i9"]);
    let ends = ends_from(&g, &s, "h8");
    assert!(
        ends.contains(&"j10".to_string()) && ends.contains(&"j12".to_string()),
        "{ends:?}"
    );
    let a = g.parse_action(&s, "h8-j12").unwrap();
    let mut out = String::new();
    g.write_action(&s, a, &mut out).unwrap();
    assert_eq!(out, "h8-j10-j12");
    g.apply(&mut s, a).unwrap();
    assert_eq!(s.pieces(1).count(), 19);
    assert_eq!(s.pieces(0).count(), 19);
}

#[test]
fn a_player_wins_by_filling_the_opposite_corner_camp_with_its_own_pieces() {
    let g = halma("players=2");
    let mut mine: Vec<&str> = BR19.to_vec();
    mine.retain(|x| *x != "l15");
    mine.push("k14");
    let s0 = build::<Square>(
        &[
            &mine,
            &[
                "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "h10", "i1", "i2", "i3",
                "i4", "i5", "i6", "i7", "i8", "i9",
            ],
        ],
        "1",
        "-",
        99,
    );
    let mut s = pos(&g, &s0);
    let a = g.parse_action(&s, "k14-l15").unwrap();
    g.apply(&mut s, a).unwrap();
    assert_eq!(g.node(&s), Node::Terminal);
    let mut r = [0.0; 2];
    g.returns(&s, &mut r).unwrap();
    assert_eq!(r, [1.0, -1.0]);
}

#[test]
fn notation_two_player_opening_is_exactly_that_of_rules_md() {
    let g = halma("players=2");
    assert_eq!(
        notation(&g, &g.new_initial_state()),
        "11111.........../11111.........../1111............/111............./11............../................/................/................/................/................/................/..............22/.............222/............2222/...........22222/...........22222 1 - 0"
    );
}

#[test]
fn notation_four_player_camps_go_clockwise_from_the_top_left() {
    let g = halma("players=4");
    assert_eq!(
        notation(&g, &g.new_initial_state()),
        "1111........2222/1111........2222/111..........222/11............22/................/................/................/................/................/................/................/................/44............33/444..........333/4444........3333/4444........3333 1 - 0"
    );
}

#[test]
fn four_player_returns_and_finish_all() {
    let g = halma("players=4,finish=all");
    assert_eq!(g.rules().finish, racegames_halma::Finish::All);
    assert_eq!(g.min_utility(), -1.0);
}

/// The square board has no long jumps, wing rule, vacate rule or spoiling
/// win: `Halma::new` refuses each (it once accepted all but the wing rule).
#[test]
fn halma_new_refuses_switches_the_square_board_does_not_have() {
    use racegames_halma::{Halma, Rules};
    type SwitchOn = fn(&mut Rules);
    let cases: [(&str, SwitchOn); 4] = [
        ("long_jumps", |r| r.long_jumps = true),
        ("wing_rule", |r| r.wing_rule = true),
        ("vacate_rule", |r| r.vacate_rule = true),
        ("spoiling_win", |r| r.spoiling_win = true),
    ];
    for (name, switch_on) in cases {
        let mut rules = Rules::halma(2);
        switch_on(&mut rules);
        match Halma::<Square>::new(rules) {
            Err(ParamError::BadValue { name: n, .. }) => assert_eq!(n, name),
            other => panic!("{name}: {other:?}"),
        }
        // The star has every one of them.
        let mut star = Rules::chinese_checkers(2);
        switch_on(&mut star);
        assert!(Halma::<racegames_halma::Star>::new(star).is_ok(), "{name}");
    }
    assert!(Halma::<Square>::new(Rules::halma(4)).is_ok());
}
