//! One test per rule sentence and option of the Daldøs rules
//! (`docs/games/daldos.md`), named after it: the board, the route, the dice,
//! the start, dalling, moving and capture (`rules_play.rs` has the rest).
//! Positions are built with the notation.

use super::rules_support;

use racegames_board::{Game, Node, Seat};
use racegames_daldos::{Board, Capture, Daldos, Dalling, Jumping, Phase, Row};
use rules_support::*;

// Board

#[test]
fn board_has_three_rows_the_middle_one_hole_longer() {
    for (board, n) in [(Board::Danish, 16), (Board::Norwegian, 12)] {
        assert_eq!(board.row_len(), n);
        assert_eq!(board.num_holes(), 3 * n + 1);
        assert!(board.hole(Row::A, n - 1).is_some() && board.hole(Row::A, n).is_none());
        assert!(board.hole(Row::Middle, n).is_some() && board.hole(Row::Middle, n + 1).is_none());
        assert!(board.hole(Row::B, n - 1).is_some() && board.hole(Row::B, n).is_none());
    }
}

#[test]
fn board_option_danish_has_16_pieces_each_norwegian_12() {
    let danish = Daldos::default().new_initial_state();
    assert_eq!(danish.count(Seat::new(0)), 16);
    assert_eq!(danish.count(Seat::new(1)), 16);
    let norwegian = game_with(|o| o.board = Board::Norwegian).new_initial_state();
    assert_eq!(norwegian.count(Seat::new(0)), 12);
    assert_eq!(norwegian.count(Seat::new(1)), 12);
    assert_eq!(
        norwegian.to_string(),
        "bbbbbbbbbbbb/............./aaaaaaaaaaaa - - 0"
    );
}

#[test]
fn board_extra_middle_hole_is_at_the_prow() {
    // A piece at the prow end of the middle row (index n) next enters row B
    // at its prow end (index n - 1).
    let board = Board::Danish;
    let prow = board.hole(Row::Middle, 16).unwrap();
    assert_eq!(
        board.next(Seat::new(0), prow),
        board.hole(Row::B, 15).unwrap()
    );
    assert_eq!(
        board.next(Seat::new(1), prow),
        board.hole(Row::A, 15).unwrap()
    );
}

// Route

#[test]
fn route_a_runs_home_row_to_stern_then_middle_to_prow_then_row_b_then_middle_again() {
    let board = Board::Danish;
    let a = Seat::new(0);
    let name = |h| board.hole_name(h).to_string();
    let mut hole = board.hole(Row::A, 15).unwrap();
    let mut path = vec![name(hole)];
    for _ in 0..(16 + 17 + 16 + 1) {
        hole = board.next(a, hole);
        path.push(name(hole));
    }
    let expected: Vec<String> = (0..16)
        .rev()
        .map(|i| format!("a{i}"))
        .chain((0..=16).map(|i| format!("m{i}")))
        .chain((0..16).rev().map(|i| format!("b{i}")))
        .chain(["m0".to_string(), "m1".to_string()])
        .collect();
    assert_eq!(path, expected);
}

#[test]
fn route_never_returns_to_the_home_row() {
    for board in Board::ALL {
        for p in [Seat::new(0), Seat::new(1)] {
            let home = if p.index() == 0 { Row::A } else { Row::B };
            let mut hole = board.hole(Row::Middle, 0).unwrap();
            for _ in 0..500 {
                hole = board.next(p, hole);
                assert_ne!(board.locate(hole).0, home);
            }
        }
    }
}

#[test]
fn route_b_is_the_mirror_image_of_a() {
    for board in Board::ALL {
        for i in 0..board.num_holes() {
            let h = racegames_daldos::Hole::new(i as u8).unwrap();
            let via_b = board.next(Seat::new(1), h);
            let via_a = board.mirror(board.next(Seat::new(0), board.mirror(h)));
            assert_eq!(via_b, via_a);
        }
    }
}

// Dice

#[test]
fn dice_throw_has_16_equally_likely_ordered_outcomes_listed_as_10_unordered() {
    let game = Daldos::default();
    let p = pos(&game, DANISH_OPENING);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&p, |a, prob| outcomes.push((a, prob)));
    assert_eq!(outcomes.len(), 10);
    let total: f64 = outcomes.iter().map(|o| o.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    for (a, prob) in outcomes {
        let mut s = String::new();
        game.write_action(&p, a, &mut s).unwrap();
        let faces: Vec<char> = s.trim_start_matches("throw ").chars().collect();
        let expected = if faces[0] == faces[1] { 1.0 } else { 2.0 } / 16.0;
        assert_eq!(prob, expected, "{s}");
    }
}

// Start

#[test]
fn start_roll_off_is_a_chance_node_of_two_outcomes_half_each() {
    let game = Daldos::default();
    let start = game.new_initial_state();
    assert_eq!(game.node(&start), Node::Chance);
    assert_eq!(
        start.to_string(),
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0"
    );
    let mut outcomes = Vec::new();
    game.chance_outcomes(&start, |a, p| outcomes.push((a, p)));
    assert_eq!(outcomes, vec![(0, 0.5), (1, 0.5)]);
    for (a, who) in [(0, "A"), (1, "B")] {
        let mut s = start;
        game.apply(&mut s, a).unwrap();
        // The roll-off throw is not used to move: the winner throws afresh.
        assert_eq!(game.node(&s), Node::Chance);
        assert_eq!(s.phase(), Phase::Throw);
        assert_eq!(
            s.to_string(),
            format!("bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa {who} - 0")
        );
    }
}

// Dalling

#[test]
fn dalling_all_pieces_start_undalled_filling_the_home_row() {
    let s = Daldos::default().new_initial_state();
    for i in 0..16 {
        let a = s.piece_at(Board::Danish.hole(Row::A, i).unwrap()).unwrap();
        let b = s.piece_at(Board::Danish.hole(Row::B, i).unwrap()).unwrap();
        assert!(!a.dalled && !b.dalled);
        assert_eq!((a.owner.index(), b.owner.index()), (0, 1));
    }
}

#[test]
fn dalling_a_one_turns_a_piece_and_moves_it_one_hole_ahead() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../................./a............... A - 0",
        "21",
    );
    // The dal alone is impossible (both dice must be used), but dal + 2 on
    // the same piece shows the dal's hole: a0 -> m0 -> m2.
    assert_eq!(move_names(&game, &p), vec!["a0-m0-m2"]);
    let p = thrown(
        &game,
        "b.............../................./aa.............. A - 0",
        "11",
    );
    let after = play(&game, &p, "a0-m0 a1-a0");
    assert_eq!(
        after.to_string(),
        "b.............../A................/A............... A - 0"
    );
}

#[test]
fn dalling_only_if_the_hole_ahead_holds_no_friendly_piece() {
    let game = Daldos::default();
    // At the start only the stern-most piece can be dalled, into m0.
    let p = thrown(&game, DANISH_OPENING, "42");
    assert!(move_names(&game, &p).is_empty() || game.node(&p) != Node::Decision(Seat::new(0)));
    let p = thrown(&game, DANISH_OPENING, "41");
    let names = move_names(&game, &p);
    assert_eq!(names, vec!["a0-m0-m4"]);
    // The dal alone would leave the 4 unused; with a 4 impossible elsewhere,
    // the added move is the only way to use both dice.
    let p = thrown(
        &game,
        "b.............../................./a.a............. A - 0",
        "11",
    );
    let names = move_names(&game, &p);
    // a2 can be dalled (a1 is empty), and so can a0.
    assert!(names.contains(&"a0-m0 a2-a1".to_string()), "{names:?}");
}

#[test]
fn dalling_option_stern_only_turns_only_the_piece_nearest_the_stern() {
    let free = Daldos::default();
    let stern = game_with(|o| o.dalling = Dalling::SternOnly);
    let text = "b.............../A................/.a.a............ A - 0";
    let free_moves = move_names(&free, &thrown(&free, text, "31"));
    let stern_moves = move_names(&stern, &thrown(&stern, text, "31"));
    assert!(
        free_moves.iter().any(|m| m.contains("a3-a2")),
        "{free_moves:?}"
    );
    assert!(
        !stern_moves.iter().any(|m| m.contains("a3-a2")),
        "{stern_moves:?}"
    );
    assert!(
        stern_moves.iter().any(|m| m.contains("a1-a0")),
        "{stern_moves:?}"
    );
}

// Moving

#[test]
fn moving_only_dalled_pieces_move_by_the_dice_and_a_one_moves_a_dalled_piece() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../...A............./aa.............. A - 0",
        "32",
    );
    // Undalled pieces cannot use a 3 or a 2; the dalled piece takes both.
    assert_eq!(move_names(&game, &p), vec!["m3-m6-m8"]);
    let p = thrown(
        &game,
        "b.............../...A............./................ A - 0",
        "11",
    );
    assert_eq!(move_names(&game, &p), vec!["m3-m4-m5"]);
}

#[test]
fn moving_dice_used_separately_on_two_pieces_or_added_on_one() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../A.....A........../................ A - 0",
        "31",
    );
    let names = move_names(&game, &p);
    for expected in ["m0-m3 m6-m7", "m6-m9 m0-m1", "m0-m3-m4", "m6-m9-m10"] {
        assert!(
            names.contains(&expected.to_string()),
            "{expected} missing from {names:?}"
        );
    }
    assert_eq!(names.len(), 4, "{names:?}");
}

#[test]
fn moving_dal_then_the_same_piece_with_the_other_die_is_an_added_move() {
    // The Wikipedia example of a dal and a three: (i) dal one piece and move
    // another three, (ii) dal one and move it four, (iii) two dalled pieces,
    // (iv) one dalled piece four.
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../......A........../a............... A - 0",
        "31",
    );
    let names = move_names(&game, &p);
    for expected in ["m6-m9 a0-m0", "a0-m0-m3", "m6-m9-m10"] {
        assert!(
            names.contains(&expected.to_string()),
            "{expected} missing from {names:?}"
        );
    }
}

#[test]
fn moving_jumps_enemy_pieces_but_never_friendly_ones_nor_lands_on_them() {
    let game = Daldos::default();
    // Enemy pieces at m1 and m2 are jumped.
    let p = thrown(
        &game,
        "b.............../ABB............../................ A - 0",
        "33",
    );
    assert!(move_names(&game, &p).contains(&"m0-m3-m6".to_string()));
    // A friendly piece at m2 blocks m0's 3, and m0 may not land on it with a 2.
    let p = thrown(
        &game,
        "b.............../A.A............../................ A - 0",
        "32",
    );
    // m0 may move only once m2 has cleared the way, and its added move
    // would pass m2: so no added move from m0.
    assert_eq!(
        move_names(&game, &p),
        vec!["m0-m3 m2-m4", "m2-m5 m0-m2", "m2-m5-m7"]
    );
}

// Capture

#[test]
fn capture_enemy_on_the_final_hole_is_removed_also_when_undalled() {
    let game = Daldos::default();
    // B's undalled piece cannot be in row A, so test a dal landing on m0 and
    // a move landing on an undalled enemy piece in row B.
    let p = thrown(
        &game,
        "b.............../B................/a............... A - 0",
        "11",
    );
    let after = play(&game, &p, "a0-m0-m1");
    assert_eq!(after.count(Seat::new(1)), 2);
    let p = thrown(
        &game,
        "b.............../B................/a.a............. A - 0",
        "11",
    );
    let after = play(&game, &p, "a0xm0 a2-a1");
    assert_eq!(
        after.count(Seat::new(1)),
        1,
        "the dal removed B's piece on m0"
    );
    let p = thrown(
        &game,
        "bbb..........b../................A/................ A - 0",
        "21",
    );
    let after = play(&game, &p, "m16-b14xb13");
    assert_eq!(after.count(Seat::new(1)), 3);
}

#[test]
fn capture_added_move_removes_only_the_enemy_on_the_final_hole() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../A..B..B........../................ A - 0",
        "33",
    );
    let after = play(&game, &p, "m0-m3xm6");
    assert_eq!(
        after.to_string(),
        "b.............../...B..A........../................ B - 1"
    );
}

#[test]
fn capture_dal_then_move_captures_only_on_its_final_hole() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../B..B............./a............... A - 0",
        "31",
    );
    let after = play(&game, &p, "a0-m0xm3");
    assert_eq!(
        after.to_string(),
        "b.............../B..A............./................ B - 1"
    );
}

#[test]
fn capture_one_action_is_the_whole_use_of_one_throw() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../A.....A........../................ A - 0",
        "31",
    );
    let mut next = p;
    let a = game.parse_action(&p, "m0-m3 m6-m7").unwrap();
    game.apply(&mut next, a).unwrap();
    // After one action the throw is spent and B is to throw.
    assert_eq!(next.phase(), Phase::Throw);
    assert_eq!(next.to_move(), Some(Seat::new(1)));
    assert!(next.dice().is_empty());
}

#[test]
fn capture_option_intermediate_also_removes_the_enemy_reached_with_the_first_die() {
    let game = game_with(|o| o.capture = Capture::Intermediate);
    let p = thrown(
        &game,
        "b.............../A..B..B........../................ A - 0",
        "33",
    );
    let after = play(&game, &p, "m0xm3xm6");
    assert_eq!(
        after.to_string(),
        "b.............../......A........../................ B - 1"
    );
    // Both orders of an added move are listed when they remove different
    // pieces...
    let p = thrown(
        &game,
        "b.............../AB.B............./................ A - 0",
        "31",
    );
    let names = move_names(&game, &p);
    assert!(
        names.contains(&"m0xm3-m4".to_string()) && names.contains(&"m0xm1-m4".to_string()),
        "{names:?}"
    );
    // ...and once, higher die first, when they give the same position.
    let p = thrown(
        &game,
        "b.............../A.B..B.........../................ A - 0",
        "31",
    );
    let names = move_names(&game, &p);
    assert!(
        names.contains(&"m0-m3-m4".to_string()) && !names.contains(&"m0-m1-m4".to_string()),
        "{names:?}"
    );
}

#[test]
fn capture_option_jumping_forbidden_no_piece_may_be_jumped() {
    let game = game_with(|o| o.jumping = Jumping::Forbidden);
    let p = thrown(
        &game,
        "b.............../AB..............A/................ A - 0",
        "32",
    );
    let names = move_names(&game, &p);
    assert!(
        names
            .iter()
            .all(|m| !m.starts_with("m0-m3") && !m.starts_with("m0-m2")),
        "{names:?}"
    );
    // Landing on the enemy still removes it.
    let p = thrown(
        &game,
        "b.............../AB..............A/................ A - 0",
        "11",
    );
    assert!(move_names(&game, &p).iter().any(|m| m.contains("m0xm1")));
}
