//! Criterion benchmarks: move generation per position and random games.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use racegames_board::sim::{random_playout, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, ParamValue};
use racegames_halma::{ChineseCheckers, SquareHalma};

/// Positions after `plies` random moves from the opening.
fn sample_positions<G: Game>(game: &G, count: usize, plies: usize) -> Vec<G::State> {
    let mut rng = SplitMix64::new(7);
    let mut buf = ActionBuffer::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut s = game.new_initial_state();
        for _ in 0..plies {
            if racegames_board::sim::random_step(game, &mut s, &mut rng, &mut buf).is_none() {
                break;
            }
        }
        if matches!(game.node(&s), racegames_board::Node::Decision(_)) {
            out.push(s);
        }
    }
    out
}

fn movegen<G: Game>(c: &mut Criterion, label: &str, game: &G) {
    let positions = sample_positions(game, 64, 40);
    let mut buf = ActionBuffer::new();
    c.bench_with_input(BenchmarkId::new("movegen", label), &positions, |b, ps| {
        b.iter(|| {
            let mut total = 0;
            for p in ps {
                game.legal_actions_into(black_box(p), &mut buf);
                total += buf.len();
            }
            total
        })
    });
}

fn playouts<G: Game>(c: &mut Criterion, label: &str, game: &G) {
    let mut rng = SplitMix64::new(1);
    c.bench_function(&format!("random_game/{label}"), |b| {
        b.iter(|| {
            let mut s = game.new_initial_state();
            random_playout(game, &mut s, &mut rng)
        })
    });
}

fn cc(players: i64) -> ChineseCheckers {
    ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(players))])
        .expect("valid")
}

fn benches(c: &mut Criterion) {
    for players in [2, 3, 4, 6] {
        let g = cc(players);
        movegen(c, &format!("cc{players}"), &g);
    }
    movegen(c, "halma2", &SquareHalma::default());
    for players in [2, 6] {
        let g = cc(players);
        playouts(c, &format!("cc{players}"), &g);
    }
    playouts(c, "halma2", &SquareHalma::default());
}

criterion_group! {
    name = halma;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(halma);
