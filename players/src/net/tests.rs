use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node};
use racegames_daldos::Daldos;
use racegames_tables::{Tables, Variant};

use super::*;

fn first_throw<G: Game>(game: &G, seed: u64) -> G::State {
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let mut buf = racegames_board::ActionBuffer::new();
    // Play a few random steps, stopping at a chance node after the roll-off.
    for _ in 0..40 {
        racegames_board::sim::random_step(game, &mut state, &mut rng, &mut buf);
    }
    while game.node(&state) != Node::Chance && game.node(&state) != Node::Terminal {
        racegames_board::sim::random_step(game, &mut state, &mut rng, &mut buf);
    }
    state
}

#[test]
fn every_shipped_net_loads_for_its_game() {
    let tables = [Tables::backgammon(), Tables::seys_dos_e_as()];
    for game in &tables {
        let eval = NetEvaluator::shipped(game).unwrap();
        assert_eq!(eval.net().game(), game.name());
    }
    let daldos = Daldos::default();
    assert_eq!(
        NetEvaluator::shipped(&daldos).unwrap().net().game(),
        "daldos"
    );
}

#[test]
fn only_games_with_a_shipped_net_get_an_evaluator() {
    assert!(shipped_evaluator(&Tables::backgammon()).is_some());
    assert!(shipped_evaluator(&Daldos::default()).is_some());
    let norwegian = Daldos::new(
        racegames_daldos::Options::default().with_board(racegames_daldos::Board::Norwegian),
    );
    assert_eq!(
        NetEvaluator::shipped(&norwegian).unwrap().net().game(),
        "daldos_norwegian"
    );
    let mut v = Variant::seys_dos_e_as();
    v.name = "custom";
    let custom = Tables::new(v).unwrap();
    assert!(shipped_evaluator(&custom).is_none());
}

#[test]
fn a_net_for_other_inputs_is_refused() {
    let net = Mlp::new_random("daldos", "daldos-v1-danish", [198, 4, 1], 1, 0.1).unwrap();
    let err = NetEvaluator::new(&Tables::backgammon(), net).unwrap_err();
    assert!(matches!(err, NetError::Mismatch { .. }));
    // Backgammon reads tables-v2, which begins with tables-v1's inputs.
    let v1 = Mlp::new_random("backgammon", "tables-v1", [TABLES_INPUTS, 4, 5], 1, 0.1).unwrap();
    let err = NetEvaluator::new(&Tables::backgammon(), v1).unwrap_err();
    assert!(matches!(err, NetError::Mismatch { .. }));
    let net =
        Mlp::new_random("backgammon", "tables-v2", [TABLES_INPUTS + 7, 4, 3], 1, 0.1).unwrap();
    assert_eq!(
        NetEvaluator::new(&Tables::backgammon(), net),
        Err(NetError::Outputs(3))
    );
}

#[test]
fn the_backgammon_opening_is_encoded_along_each_route() {
    let game = Tables::backgammon();
    let mut state = game.new_initial_state();
    // Roll-off outcome 0: A throws 1, B 2, so B moves; play B's turn.
    game.apply(&mut state, 0).unwrap();
    let end = crate::ply::ply_ends(&game, &state).ends[0].state;
    let mut x = [0.0; MAX_INPUTS];
    let seat = game.net_encode(&end, &mut x).unwrap();
    assert_eq!(seat, racegames_board::Seat::new(0));
    // A has not moved: the set-up along its route, 2 on point 1, 5 on 12.
    assert_eq!(x[0..4], [1.0, 1.0, 0.0, 0.0]);
    assert_eq!(x[44..48], [1.0, 1.0, 1.0, 1.0]);
    assert_eq!(x[64..68], [1.0, 1.0, 1.0, 0.0]);
    let a_pieces: f32 = (0..24)
        .map(|r| x[4 * r] + x[4 * r + 1] + x[4 * r + 2] + 2.0 * x[4 * r + 3])
        .sum();
    assert_eq!(a_pieces, 15.0);
    // B has moved 3 pips: still 15 pieces on its side of the inputs.
    let b = &x[105..];
    let b_pieces: f32 = (0..24)
        .map(|r| b[4 * r] + b[4 * r + 1] + b[4 * r + 2] + 2.0 * b[4 * r + 3])
        .sum();
    assert_eq!(b_pieces, 15.0);
}

#[test]
fn seys_and_other_variants_are_encoded_with_their_waiting_quarters() {
    let mut v = Variant::seys_dos_e_as();
    v.name = "all_waiting";
    v.setup = [racegames_tables::StartingPieces::all_waiting(); 2];
    let game = Tables::new(v).unwrap();
    let mut state = game.new_initial_state();
    game.apply(&mut state, 1).unwrap();
    let mut x = [0.0; MAX_INPUTS];
    assert_eq!(
        game.net_encode(&state, &mut x),
        Some(racegames_board::Seat::new(1))
    );
    assert_eq!(x[96..98], [1.0, 15.0 / 4.0]);
    assert_eq!(x[105 + 96..105 + 98], [1.0, 15.0 / 4.0]);
}

#[test]
fn values_are_zero_sum_within_the_utilities_and_exact_at_the_end() {
    let games = [
        Tables::backgammon(),
        Tables::from_params(
            "backgammon",
            &[("scoring", racegames_board::ParamValue::Str("backgammons"))],
        )
        .unwrap(),
        Tables::seys_dos_e_as(),
    ];
    for game in &games {
        let eval = NetEvaluator::shipped(game).unwrap();
        for seed in 0..30 {
            let mut state = first_throw(game, seed);
            let mut v = [0.0; 2];
            eval.evaluate(game, &state, &mut v);
            assert!((v[0] + v[1]).abs() < 1e-9);
            assert!(v[0].abs() <= game.max_utility());
            racegames_board::sim::random_playout(game, &mut state, &mut SplitMix64::new(seed));
            eval.evaluate(game, &state, &mut v);
            let mut r = [0.0; 2];
            game.returns(&state, &mut r).unwrap();
            assert_eq!(v, r);
        }
    }
}

#[test]
fn daldos_inputs_see_the_board_from_the_mover() {
    let game = Daldos::default();
    let eval = NetEvaluator::shipped(&game).unwrap();
    for seed in 0..20 {
        let state = first_throw(&game, seed);
        let mut x = [0.0; MAX_INPUTS];
        let Some(seat) = game.net_encode(&state, &mut x) else {
            continue;
        };
        let holes = game.options().board.num_holes();
        let mine: f32 = x[..2 * holes].iter().sum();
        let theirs: f32 = x[2 * holes..4 * holes].iter().sum();
        assert_eq!(mine as u32, state.count(seat));
        assert_eq!(theirs as u32, state.count(seat.next(2)));
        let mut v = [0.0; 2];
        eval.evaluate(&game, &state, &mut v);
        assert!(v[0].abs() <= 1.0 && (v[0] + v[1]).abs() < 1e-9);
    }
}

#[test]
fn outcomes_flip_between_the_seats() {
    let mut p = [0.7, 0.2, 0.1, 0.05, 0.01];
    flip_outputs(&mut p);
    assert_eq!(p, [1.0 - 0.7, 0.1, 0.2, 0.01, 0.05]);
    let game = Tables::from_params("backgammon", &[]).unwrap();
    let mut state = first_throw(&game, 3);
    racegames_board::sim::random_playout(&game, &mut state, &mut SplitMix64::new(9));
    let (mut a, mut b) = ([0.0; 5], [0.0; 5]);
    game.net_outcome(&state, racegames_board::Seat::new(0), &mut a);
    game.net_outcome(&state, racegames_board::Seat::new(1), &mut b);
    flip_outputs(&mut b);
    assert_eq!(a, b);
}
