//! One test per rule sentence and option of the Daldøs rules
//! (`docs/games/daldos.md`), named after it. Positions are built with the notation.

use racegames_board::{Game, IllegalAction, Node, ParamValue, ReturnsError, Seat};
use racegames_daldos::{Board, Capture, Daldos, Dalling, Jumping, Options, Phase, Position, Row};

const DANISH_OPENING: &str = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0";

fn game_with(f: impl FnOnce(&mut Options)) -> Daldos {
    let mut o = Options::default();
    f(&mut o);
    Daldos::new(o)
}

fn pos(game: &Daldos, text: &str) -> Position {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position after throwing `throw` (like "31") in `text`.
fn thrown(game: &Daldos, text: &str, throw: &str) -> Position {
    let mut p = pos(game, text);
    let a = game.parse_action(&p, &format!("throw {throw}")).unwrap();
    game.apply(&mut p, a).unwrap();
    p
}

/// Every legal move of a position, as (move string, notation after).
fn moves(game: &Daldos, p: &Position) -> Vec<(String, String)> {
    let mut out = Vec::new();
    game.legal_actions(p, |a| {
        let mut s = String::new();
        game.write_action(p, a, &mut s).unwrap();
        let mut next = *p;
        game.apply(&mut next, a).unwrap();
        out.push((s, next.to_string()));
    });
    out
}

fn move_names(game: &Daldos, p: &Position) -> Vec<String> {
    moves(game, p).into_iter().map(|(m, _)| m).collect()
}

fn play(game: &Daldos, p: &Position, mv: &str) -> Position {
    let a = game
        .parse_action(p, mv)
        .unwrap_or_else(|e| panic!("{mv} in {p}: {e}; legal: {:?}", move_names(game, p)));
    let mut next = *p;
    game.apply(&mut next, a).unwrap();
    next
}

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

// Using the dice

#[test]
fn using_the_dice_both_must_be_used_if_possible() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "b.............../A................/................ A - 0",
        "21",
    );
    // One piece: only the added move, never a single die.
    assert_eq!(move_names(&game, &p), vec!["m0-m2-m3"]);
}

#[test]
fn using_the_dice_otherwise_one_die_and_the_player_chooses_which() {
    let game = Daldos::default();
    // A's piece at m14 can use a 3 (m17? no: m14+3 = b15) ... make both
    // dice usable singly but not together: friendly piece at m16 blocks the
    // sum 4 = m14 -> b14? Use a blocker instead.
    let p = thrown(
        &game,
        "b.............../A...A............/................ A - 0",
        "41",
    );
    // m0+4 = m4 (friendly), m0+1 = m1, m4+4 = m8, m4+1 = m5: pairs exist.
    assert!(!move_names(&game, &p).is_empty());
    // Only one piece, which can use either die alone but not both:
    // jumping forbidden and an enemy two holes ahead.
    let game = game_with(|o| o.jumping = Jumping::Forbidden);
    let p = thrown(
        &game,
        "b.............../A.B............../................ A - 0",
        "21",
    );
    let names = move_names(&game, &p);
    assert_eq!(names, vec!["m0xm2", "m0-m1"]);
}

#[test]
fn using_the_dice_a_lost_throw_passes_at_once() {
    let game = Daldos::default();
    // No dalled pieces and no dal: the throw is lost and B is to throw.
    let p = thrown(&game, DANISH_OPENING, "43");
    assert_eq!(
        p.to_string(),
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa B - 1"
    );
    assert_eq!(game.node(&p), Node::Chance);
}

#[test]
fn using_the_dice_dal_dal_gives_an_extra_throw_after_both_ones_are_used() {
    let game = Daldos::default();
    let p = thrown(&game, DANISH_OPENING, "11");
    let after = play(&game, &p, "a0-m0-m1");
    assert_eq!(
        after.to_string(),
        "bbbbbbbbbbbbbbbb/.A.............../.aaaaaaaaaaaaaaa A - 0"
    );
    assert_eq!(after.phase(), Phase::Throw);
}

#[test]
fn using_the_dice_dal_dal_extra_throw_belongs_to_the_same_turn() {
    // A 1 can always be used while a player has pieces (the piece at the
    // head of any friendly chain has a free hole ahead), so a dal-dal is
    // never forfeited whole; its extra throw stays within the turn.
    let game = Daldos::default();
    let p = thrown(
        &game,
        DANISH_OPENING.replace(" A - 0", " A - 7").as_str(),
        "11",
    );
    assert_eq!(p.phase(), Phase::Move);
    let after = play(&game, &p, "a0-m0-m1");
    assert_eq!(after.turns(), 7);
    assert_eq!(after.to_move(), Some(Seat::new(0)));
    let after_two = play(
        &game,
        &thrown(
            &game,
            "b.............../A.....A........../................ A - 7",
            "11",
        ),
        "m0-m1 m6-m7",
    );
    assert_eq!(
        after_two.to_string(),
        "b.............../.A.....A........./................ A - 7"
    );
}

// End

#[test]
fn end_a_player_with_no_pieces_left_loses() {
    let game = Daldos::default();
    let mut r = [0.0; 2];
    let p = thrown(
        &game,
        "................/A..B............./................ A - 3",
        "21",
    );
    let after = play(&game, &p, "m0-m2xm3");
    // The winning turn is counted.
    assert_eq!(
        after.to_string(),
        "................/...A............./................ - - 4"
    );
    game.returns(&after, &mut r).unwrap();
    assert_eq!(r, [1.0, -1.0]);
    assert!(!game.is_truncated(&after));
}

#[test]
fn returns_into_a_buffer_of_another_length_is_an_error_and_writes_nothing() {
    let game = Daldos::default();
    let p = thrown(
        &game,
        "................/A..B............./................ A - 3",
        "21",
    );
    let after = play(&game, &p, "m0-m2xm3");
    let mut short = [7.0; 1];
    assert_eq!(
        game.returns(&after, &mut short),
        Err(ReturnsError::WrongLength {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(short, [7.0]);
    let mut long = [7.0; 3];
    assert!(game.returns(&after, &mut long).is_err());
    assert_eq!(long, [7.0; 3]);
    assert!(game.returns(&after, &mut []).is_err());
}

#[test]
fn end_option_lose_at_one_the_first_player_reduced_to_one_piece_loses() {
    let game = game_with(|o| o.lose_at_one = true);
    let p = thrown(
        &game,
        "b.............../A..B............./a............... A - 3",
        "21",
    );
    let after = play(&game, &p, "m0-m2xm3");
    assert_eq!(after.phase(), Phase::Over);
    let mut r = [0.0; 2];
    game.returns(&after, &mut r).unwrap();
    assert_eq!(r, [1.0, -1.0]);
    let plain = Daldos::default();
    let p = thrown(
        &plain,
        "b.............../A..B............./a............... A - 3",
        "21",
    );
    assert_eq!(play(&plain, &p, "m0-m2xm3").phase(), Phase::Throw);
}

#[test]
fn end_max_turns_truncates_with_returns_of_zero() {
    assert_eq!(Options::default().max_turns, 1000);
    let game = game_with(|o| o.max_turns = 4);
    let p = thrown(
        &game,
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 3",
        "43",
    );
    assert_eq!(
        p.to_string(),
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 4"
    );
    assert_eq!(game.node(&p), Node::Terminal);
    assert!(game.is_truncated(&p));
    let mut r = [9.0; 2];
    game.returns(&p, &mut r).unwrap();
    assert_eq!(r, [0.0, 0.0]);
    // max_turns = 0: no limit.
    let unlimited = game_with(|o| o.max_turns = 0);
    let p = thrown(
        &unlimited,
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 4000000",
        "43",
    );
    assert_eq!(p.phase(), Phase::Throw);
}

// Notation

#[test]
fn notation_examples_of_rules_md_round_trip() {
    let game = Daldos::default();
    for text in [
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0",
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0",
    ] {
        assert_eq!(pos(&game, text).to_string(), text);
    }
    assert_eq!(
        game.new_initial_state().to_string(),
        "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - - 0"
    );
}

#[test]
fn notation_dice_highest_first_and_turn_counter_optional() {
    let game = Daldos::default();
    let p = pos(
        &game,
        "b.............../A................/................ A 31",
    );
    assert_eq!(p.dice(), &[3, 1]);
    assert_eq!(p.turns(), 0);
    assert_eq!(
        p.to_string(),
        "b.............../A................/................ A 31 0"
    );
    let err = game
        .parse_position("b.............../A................/................ A 13 0")
        .unwrap_err();
    assert!(err.to_string().contains("dice"), "{err}");
}

#[test]
fn notation_errors_say_what_and_where() {
    let game = Daldos::default();
    let cases = [
        ("", "board"),
        ("bbbb/..../aaaa A - 0", "row B"),
        (
            "bbbbbbbbbbbbbbbb/................/aaaaaaaaaaaaaaaa A - 0",
            "middle row",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaZ A - 0",
            "row A",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa C - 0",
            "turn",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A 5 0",
            "dice",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - x",
            "turns",
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0 extra",
            "end",
        ),
        (
            "bbbbbbbbbbbbbbbb/.......a........./aaaaaaaaaaaaaaa. A - 0",
            "middle row",
        ),
    ];
    for (text, field) in cases {
        let err = game.parse_position(text).unwrap_err();
        assert_eq!(err.field, field, "{text}: {err}");
    }
}

// Common rules

#[test]
fn common_a_player_who_can_do_nothing_passes_at_once() {
    let game = Daldos::default();
    // Every throw from the opening either moves or passes: never a decision
    // node without a legal action.
    let p = pos(&game, DANISH_OPENING);
    game.chance_outcomes(&p, |a, _| {
        let mut s = p;
        game.apply(&mut s, a).unwrap();
        if let Node::Decision(_) = game.node(&s) {
            let mut n = 0;
            game.legal_actions(&s, |_| n += 1);
            assert!(n > 0);
        }
    });
}

#[test]
fn common_illegal_action_is_an_error_and_changes_nothing() {
    let game = Daldos::default();
    let p = thrown(&game, DANISH_OPENING, "41");
    let mut s = p;
    assert!(matches!(
        game.apply(&mut s, 0),
        Err(IllegalAction::NotLegal { .. })
    ));
    assert!(matches!(
        game.apply(&mut s, 1_000_000),
        Err(IllegalAction::OutOfRange { .. })
    ));
    assert_eq!(s, p);
}

#[test]
fn common_unknown_parameter_or_value_is_an_error_naming_it() {
    use racegames_board::FromParams;
    let err = Daldos::from_params("daldos", &[("colour", ParamValue::Str("red"))]).unwrap_err();
    assert!(err.to_string().contains("colour"));
    let err = Daldos::from_params("daldos", &[("board", ParamValue::Str("swedish"))]).unwrap_err();
    assert!(err.to_string().contains("swedish"));
    let err =
        Daldos::from_params("daldos", &[("lose_at_one", ParamValue::Str("yes"))]).unwrap_err();
    assert!(err.to_string().contains("lose_at_one"));
    let ok = Daldos::from_params(
        "daldos",
        &[
            ("board", ParamValue::Str("norwegian")),
            ("dalling", ParamValue::Str("stern_only")),
            ("capture", ParamValue::Str("intermediate")),
            ("jumping", ParamValue::Str("forbidden")),
            ("lose_at_one", ParamValue::Bool(true)),
            ("max_turns", ParamValue::Int(50)),
        ],
    )
    .unwrap();
    assert_eq!(ok.options().board, Board::Norwegian);
    assert_eq!(ok.options().max_turns, 50);
}

#[test]
fn state_is_a_small_copy_value() {
    fn is_copy<T: Copy>() {}
    is_copy::<Position>();
    assert!(
        core::mem::size_of::<Position>() <= 64,
        "{}",
        core::mem::size_of::<Position>()
    );
}

#[test]
fn dice_throw_table_matches_the_dice_spec() {
    // The engine's fixed throw list agrees with racegames-board's enumeration.
    let game = Daldos::default();
    let p = pos(&game, DANISH_OPENING);
    let mut listed = Vec::new();
    game.chance_outcomes(&p, |a, prob| listed.push((a, prob)));
    let mut spec = Vec::new();
    racegames_daldos::DICE.for_each_throw(|i, _, prob| spec.push((i as u32, prob)));
    assert_eq!(listed, spec);
    for (a, _) in listed {
        let mut s = String::new();
        game.write_action(&p, a, &mut s).unwrap();
        assert_eq!(
            s,
            format!(
                "throw {}",
                racegames_daldos::DICE.throw(a as usize).unwrap()
            )
        );
    }
}
