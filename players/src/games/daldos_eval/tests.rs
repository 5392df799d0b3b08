use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, Game, Node, Seat};
use racegames_daldos::{Daldos, Options, Position};

use super::*;
use crate::Evaluator;

fn value_of_a(game: &Daldos, text: &str) -> f64 {
    let pos = game.parse_position(text).unwrap();
    let mut out = [0.0; 2];
    DaldosEval::default().evaluate(game, &pos, &mut out);
    assert!(out.iter().all(|v| (-1.0..=1.0).contains(v)), "{out:?}");
    assert_eq!(out[0], -out[1]);
    out[0]
}

/// The enemy pieces each throw can remove, by the engine: every legal move
/// of `attacker` with those dice, and what it removes.
fn engine_captures(game: &Daldos, pos: &Position, attacker: Seat, high: u8, low: u8) -> u64 {
    let mut probe = *pos;
    probe.set_to_move(attacker).unwrap();
    probe.set_dice(&[high, low]).unwrap();
    let enemy = pos.pieces_of(other(attacker));
    let mut caps = 0;
    game.for_each_move(&probe, |_, after| {
        caps |= enemy & !after.pieces_of(other(attacker))
    });
    caps
}

fn model_captures(game: &Daldos, pos: &Position, attacker: Seat, high: u8, low: u8) -> u64 {
    let mut probe = *pos;
    probe.set_to_move(attacker).unwrap();
    probe.set_dice(&[high, low]).unwrap();
    let t = threats(game, &probe, attacker);
    (0..64)
        .filter(|&h| t.hit[h] > 0.0)
        .fold(0, |m, h| m | 1 << h)
}

#[test]
fn a_blot_one_hole_ahead_of_an_enemy_is_hit_by_any_throw_with_a_dal() {
    let game = Daldos::default();
    let pos = game
        .parse_position(".............BBB/..BA............./a............... B - 0")
        .unwrap();
    let t = threats(&game, &pos, Seat::new(1));
    let m3 = racegames_daldos::Board::Danish
        .hole(racegames_daldos::Row::Middle, 3)
        .unwrap();
    // Throws holding a 1: 7 of 16.
    assert!((t.hit[m3.index()] - 7.0 / 16.0).abs() < 1e-12);
    // The crate's exact odds add only the extra throws after a dal-dal.
    let exact = racegames_daldos::analysis::capture_odds(&game, &pos, m3).unwrap();
    assert!(exact.probability >= t.hit[m3.index()]);
    assert!(exact.probability - t.hit[m3.index()] < 1.0 / 16.0);
}

#[test]
fn the_one_throw_model_agrees_with_the_engine_on_random_positions() {
    for options in [
        Options::default(),
        Options::default()
            .with_jumping(racegames_daldos::Jumping::Forbidden)
            .with_dalling(racegames_daldos::Dalling::SternOnly)
            .with_board(racegames_daldos::Board::Norwegian),
    ] {
        let game = Daldos::new(options);
        let mut rng = SplitMix64::new(5);
        let mut buf = ActionBuffer::new();
        let (mut cases, mut equal) = (0, 0);
        for _ in 0..30 {
            let mut pos = game.new_initial_state();
            while random_step(&game, &mut pos, &mut rng, &mut buf).is_some() {
                if game.node(&pos) != Node::Chance || game.turn_owner(&pos).is_none() {
                    continue;
                }
                for attacker in [Seat::new(0), Seat::new(1)] {
                    for &(high, low, _) in &THROWS {
                        let engine = engine_captures(&game, &pos, attacker, high, low);
                        let model = model_captures(&game, &pos, attacker, high, low);
                        cases += 1;
                        equal += usize::from(engine == model);
                    }
                }
            }
        }
        assert!(equal * 100 >= cases * 97, "{equal} of {cases}");
    }
}

#[test]
fn an_exposed_piece_is_worse_than_a_safe_one() {
    let game = Daldos::default();
    // B to throw; A's dalled piece one hole ahead of B's (exposed) or ten
    // holes ahead (out of reach of one throw).
    let exposed = value_of_a(
        &game,
        ".............BBB/..BA............./a.a............. B - 3",
    );
    let safe = value_of_a(
        &game,
        ".............BBB/..B.........A..../a.a............. B - 3",
    );
    assert!(exposed < safe, "{exposed} {safe}");
}

#[test]
fn threatening_an_enemy_piece_is_better_than_not() {
    let game = Daldos::default();
    // A to throw, its piece one hole behind B's (threat) or ten behind.
    let threat = value_of_a(
        &game,
        "........BBB...../..AB............./a.a............. A - 3",
    );
    let idle = value_of_a(
        &game,
        "........BBB...../..A.........B..../a.a............. A - 3",
    );
    assert!(threat > idle, "{threat} {idle}");
}

#[test]
fn material_counts_and_counts_more_when_pieces_are_few() {
    let game = Daldos::default();
    let even = value_of_a(
        &game,
        "................/.A.........B...../................ A - 9",
    );
    let up_one = value_of_a(
        &game,
        "................/.A.A.......B...../................ A - 9",
    );
    let up_one_of_many = value_of_a(
        &game,
        "bbbbbbbbbbbbbbb./.A.A.......B...../aaaaaaaaaaaaaa.. A - 9",
    );
    assert!(even.abs() < 0.05, "{even}");
    assert!(up_one > even + 0.2, "{up_one}");
    assert!(
        up_one > up_one_of_many && up_one_of_many > even,
        "{up_one_of_many}"
    );
}

#[test]
fn a_finished_game_gets_its_result() {
    let game = Daldos::default();
    assert_eq!(
        value_of_a(
            &game,
            "................/.A.............../................ - - 40"
        ),
        1.0
    );
    assert_eq!(
        value_of_a(
            &game,
            "................/.B.............../................ - - 40"
        ),
        -1.0
    );
}
