//! The shipped nets: every file under `players/nets` is the net of its
//! game, loads, and the built-in searchers use it; every tables preset's
//! inputs account for all of its pieces.

use std::path::Path;

use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node, ParamValue, Seat};
use racegames_daldos::Daldos;
use racegames_tables::Tables;

use super::*;
use crate::arena::{self, ArenaConfig};
use crate::{Playable, Player};

fn norwegian() -> Daldos {
    Daldos::from_params("daldos", &[("board", ParamValue::Str("norwegian"))]).unwrap()
}

/// The shipped bytes and the evaluator of the game a file is named for.
fn shipped_for(stem: &str) -> (Option<&'static [u8]>, Result<NetEvaluator, NetError>) {
    match stem {
        "daldos" => (
            Daldos::default().shipped_net(),
            NetEvaluator::shipped(&Daldos::default()),
        ),
        "daldos_norwegian" => (
            norwegian().shipped_net(),
            NetEvaluator::shipped(&norwegian()),
        ),
        name => {
            let game = Tables::from_params(name, &[]).unwrap();
            (game.shipped_net(), NetEvaluator::shipped(&game))
        }
    }
}

#[test]
fn every_file_under_nets_is_the_shipped_net_of_its_game() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("nets");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("net") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let bytes = std::fs::read(&path).unwrap();
        let (shipped, eval) = shipped_for(&stem);
        assert_eq!(shipped, Some(&bytes[..]), "{stem} is not wired in");
        assert_eq!(eval.unwrap().net().game(), stem);
        files += 1;
    }
    assert!(files >= 3, "{files} nets under {}", dir.display());
}

/// Expectimax over the net, by default and by `eval=net`, plays a short
/// match against greedy.
fn searchers_use_the_net<G>(game: &G)
where
    G: Playable + NetGame + Sync,
{
    // Depth 1: the net is what is checked, not the search (depth 2 took 40 s).
    let by_net = game
        .make_player(
            "expectimax",
            1,
            &[
                ("eval", ParamValue::Str("net")),
                ("depth", ParamValue::Int(1)),
            ],
        )
        .unwrap();
    let players: [Box<dyn Player<G>>; 2] = [by_net, game.make_player("greedy", 2, &[]).unwrap()];
    let config = ArenaConfig {
        games: 2,
        seed: 3,
        ..ArenaConfig::default()
    };
    let r = arena::play(game, &players, &config).unwrap();
    assert_eq!(r.games, 2);
}

#[test]
fn the_searchers_of_every_game_with_a_net_use_it() {
    let mut with_net = 0;
    for &name in Tables::NAMES {
        let game = Tables::from_params(name, &[]).unwrap();
        let eval = NetEvaluator::shipped(&game);
        let by_net = game.make_player("mcts", 1, &[("eval", ParamValue::Str("net"))]);
        if game.shipped_net().is_some() {
            assert_eq!(eval.unwrap().net().game(), name);
            assert!(by_net.is_ok(), "{name}");
            searchers_use_the_net(&game);
            with_net += 1;
        } else {
            assert!(eval.is_err() && by_net.is_err(), "{name}");
        }
    }
    assert!(with_net >= 2);
    for game in [Daldos::default(), norwegian()] {
        if game.shipped_net().is_some() {
            searchers_use_the_net(&game);
        }
    }
}

/// The pieces the inputs of one seat show: on the route (the truncated
/// unary read back), waiting, and borne off.
fn pieces_seen(game: &Tables, x: &[f32]) -> f32 {
    let len = game.route_len();
    let on: f32 = (0..len)
        .map(|r| x[4 * r] + x[4 * r + 1] + x[4 * r + 2] + 2.0 * x[4 * r + 3])
        .sum();
    let waiting: f32 = (0..4).map(|q| 4.0 * x[4 * len + 1 + 2 * q]).sum();
    on + waiting + 15.0 * x[4 * len + 8]
}

#[test]
fn every_preset_s_inputs_show_all_of_its_pieces() {
    for &name in Tables::NAMES {
        let game = Tables::from_params(name, &[]).unwrap();
        let n = game.net_inputs();
        assert!(n <= MAX_INPUTS, "{name}: {n}");
        let side = 4 * game.route_len() + 9;
        let pieces = f32::from(game.variant().pieces);
        let mut rng = SplitMix64::new(5);
        let mut buf = racegames_board::ActionBuffer::new();
        let mut state = game.new_initial_state();
        let mut seen = 0;
        for _ in 0..400 {
            if game.node(&state) == Node::Terminal {
                state = game.new_initial_state();
            }
            racegames_board::sim::random_step(&game, &mut state, &mut rng, &mut buf);
            let mut x = [0.0f32; MAX_INPUTS];
            let Some(me) = game.net_encode(&state, &mut x) else {
                continue;
            };
            assert_eq!(Some(me), state.turn());
            for s in 0..2 {
                let got = pieces_seen(&game, &x[s * side..(s + 1) * side]);
                assert!((got - pieces).abs() < 1e-4, "{name}: {got} of {pieces}");
            }
            assert!(x[n..].iter().all(|&v| v == 0.0), "{name}");
            seen += 1;
        }
        assert!(seen > 0, "{name}");
    }
}

#[test]
fn doblet_s_inputs_show_the_stacks() {
    let game = Tables::from_params("doblet", &[]).unwrap();
    assert_eq!(game.net_encoding(), "tables-v1-doblet");
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(1);
    while game.node(&state) == Node::Chance {
        let a = game.sample_chance(&state, rng.next_f64()).unwrap();
        game.apply(&mut state, a).unwrap();
    }
    let mut x = [0.0f32; MAX_INPUTS];
    let me: Seat = game.net_encode(&state, &mut x).unwrap();
    let side = 4 * game.route_len() + 9;
    let stacks = &x[2 * side..2 * side + 12];
    for d in 0..6 {
        assert_eq!(stacks[d], f32::from(u8::from(state.is_stacked(me, d + 1))));
        assert_eq!(
            stacks[6 + d],
            f32::from(u8::from(state.is_stacked(me.next(2), d + 1)))
        );
    }
    assert!(stacks.iter().all(|&v| v == 1.0), "all doubled at the start");
}
