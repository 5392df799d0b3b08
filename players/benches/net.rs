//! The learned evaluation's speed: one evaluation of an end-of-turn
//! position by each shipped net.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, Game, Node};
use racegames_daldos::Daldos;
use racegames_players::net::NetEvaluator;
use racegames_players::Evaluator;
use racegames_tables::Tables;

/// Positions at chance nodes (the ends of turns) from random games.
fn positions<G: Game>(game: &G, n: usize) -> Vec<G::State> {
    let mut out = Vec::new();
    let mut rng = SplitMix64::new(7);
    let mut buf = ActionBuffer::new();
    while out.len() < n {
        let mut state = game.new_initial_state();
        while random_step(game, &mut state, &mut rng, &mut buf).is_some() {
            if game.node(&state) == Node::Chance && game.turn_owner(&state).is_some() {
                out.push(state);
            }
        }
    }
    out.truncate(n);
    out
}

fn bench_game<G: racegames_players::net::NetGame + Sync>(c: &mut Criterion, name: &str, game: &G) {
    let eval = NetEvaluator::shipped(game).expect("a shipped net");
    let states = positions(game, 256);
    let mut out = [0.0; 2];
    let mut i = 0;
    c.bench_function(&format!("net evaluate {name}"), |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            eval.evaluate(game, black_box(&states[i]), &mut out);
            black_box(out[0])
        })
    });
}

fn net(c: &mut Criterion) {
    bench_game(c, "backgammon", &Tables::backgammon());
    bench_game(c, "seys_dos_e_as", &Tables::seys_dos_e_as());
    bench_game(c, "daldos", &Daldos::default());
}

criterion_group!(benches, net);
criterion_main!(benches);
