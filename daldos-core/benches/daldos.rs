//! Move generation and random games, with criterion.
//!
//! `cargo bench -p racegames-daldos`

// criterion_group! generates a function without docs.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use racegames_board::{sim::SplitMix64, ActionBuffer, Game, Node};
use racegames_daldos::{Daldos, Position};

/// Decision positions met in random games.
fn decision_positions(game: &Daldos, count: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        let mut buf = ActionBuffer::new();
        let mut step = 0;
        while racegames_board::sim::random_step(game, &mut state, &mut rng, &mut buf).is_some() {
            step += 1;
            if matches!(game.node(&state), Node::Decision(_)) && step % 17 == 0 {
                out.push(state);
            }
        }
        seed += 1;
    }
    out.truncate(count);
    out
}

fn move_generation(c: &mut Criterion) {
    let game = Daldos::default();
    let positions = decision_positions(&game, 256);
    let mut group = c.benchmark_group("daldos");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_actions/256 positions", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for p in &positions {
                game.legal_actions(p, |a| total += a as usize);
            }
            black_box(total)
        })
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let game = Daldos::default();
    let mut group = c.benchmark_group("daldos");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = SplitMix64::new(seed);
            let mut state = game.new_initial_state();
            black_box(racegames_board::sim::random_playout(
                &game, &mut state, &mut rng,
            ))
        })
    });
    group.finish();
}

fn capture_odds(c: &mut Criterion) {
    let game = Daldos::default();
    let pos = game
        .parse_position(".............BBB/........B...A..../...............a B - 0")
        .unwrap();
    let target = racegames_daldos::Board::Danish
        .hole(racegames_daldos::Row::Middle, 12)
        .unwrap();
    c.bench_function("daldos/capture_odds distance 4", |b| {
        b.iter(|| black_box(racegames_daldos::analysis::capture_odds(&game, &pos, target).unwrap()))
    });
}

criterion_group!(benches, move_generation, random_games, capture_odds);
criterion_main!(benches);
