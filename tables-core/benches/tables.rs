//! Benchmarks: random games per second and move generation per position.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use board_core::sim::{random_playout, random_step, SplitMix64};
use board_core::{ActionBuffer, Game, Node};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tables_core::{Position, Tables};

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

fn bench(c: &mut Criterion) {
    for game in [Tables::seys_dos_e_as(), Tables::backgammon()] {
        let name = game.name();
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(1));
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
