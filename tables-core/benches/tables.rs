//! Benchmarks: random games per second (and, as the throughput, turns per
//! second) for every named tables game, and move generation per position.
//!
//! A short run of the playouts alone:
//! `cargo bench -p racegames-tables --bench tables -- random_game --warm-up-time 1 --measurement-time 2`
#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use racegames_board::sim::{random_playout, random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Node};
use racegames_tables::{Position, Tables};

/// Decision positions met in a few random games.
fn sample_positions(game: &Tables, n: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut rng = SplitMix64::new(99);
    let mut buf = ActionBuffer::new();
    while out.len() < n {
        let mut pos = game.new_initial_state();
        while random_step(game, &mut pos, &mut rng, &mut buf).is_some() {
            if matches!(game.node(&pos), Node::Decision(_)) && rng.below(4) == 0 {
                out.push(pos);
            }
        }
    }
    out.truncate(n);
    out
}

/// The mean number of turns of a random game, over a fixed set of seeds.
fn mean_turns(game: &Tables) -> u64 {
    let n = 200;
    let total: u64 = (0..n)
        .map(|seed| {
            let mut pos = game.new_initial_state();
            random_playout(game, &mut pos, &mut SplitMix64::new(seed));
            u64::from(pos.turns())
        })
        .sum();
    (total / n).max(1)
}

fn bench(c: &mut Criterion) {
    for name in Tables::NAMES {
        let game = Tables::from_params(name, &[]).unwrap();
        let mut group = c.benchmark_group(*name);
        // Elements are turns: criterion's elem/s is turns per second.
        group.throughput(Throughput::Elements(mean_turns(&game)));
        let mut seed = 0;
        group.bench_function("random_game", |b| {
            b.iter(|| {
                seed += 1;
                let mut pos = game.new_initial_state();
                black_box(random_playout(&game, &mut pos, &mut SplitMix64::new(seed)))
            })
        });
        let positions = sample_positions(&game, 1000);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function("legal_actions_1000_positions", |b| {
            b.iter(|| {
                let mut n = 0u32;
                for p in &positions {
                    game.legal_actions(black_box(p), |a| n = n.wrapping_add(a));
                }
                n
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
