//! Benchmarks of the hand-written evaluations: one evaluation, and one
//! greedy decision (every end of the ply evaluated), on positions met in
//! random games.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Node, ParamValue};
use racegames_daldos::Daldos;
use racegames_halma::{ChineseCheckers, SquareHalma};
use racegames_players::games::daldos_eval::DaldosEval;
use racegames_players::games::halma_eval::HalmaEval;
use racegames_players::games::tables_eval::TablesEval;
use racegames_players::ply::ply_ends;
use racegames_players::Evaluator;
use racegames_tables::Tables;

/// Every fourth decision position of a few random games.
fn decisions<G: Game>(game: &G, n: usize) -> Vec<G::State> {
    let mut out = Vec::new();
    let mut rng = SplitMix64::new(99);
    let mut buf = ActionBuffer::new();
    while out.len() < n {
        let mut state = game.new_initial_state();
        while random_step(game, &mut state, &mut rng, &mut buf).is_some() {
            if matches!(game.node(&state), Node::Decision(_)) && rng.below(4) == 0 {
                out.push(state);
            }
        }
    }
    out.truncate(n);
    out
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, game: &G, eval: &dyn Evaluator<G>) {
    let mut group = c.benchmark_group(name);
    let positions = decisions(game, 200);
    // The positions a greedy player evaluates: the ends of the plies.
    let ends: Vec<G::State> = positions
        .iter()
        .take(20)
        .flat_map(|s| ply_ends(game, s).ends.into_iter().map(|e| e.state))
        .take(1000)
        .collect();
    let mut out = vec![0.0; game.num_players()];
    group.throughput(Throughput::Elements(ends.len() as u64));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            for s in &ends {
                eval.evaluate(game, s, &mut out);
            }
            black_box(out[0])
        })
    });
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sample_size(10);
    group.bench_function("greedy_decision", |b| {
        b.iter(|| {
            let mut best = f64::NEG_INFINITY;
            for s in &positions {
                let Node::Decision(p) = game.node(s) else {
                    continue;
                };
                for end in ply_ends(game, s).ends {
                    eval.evaluate(game, &end.state, &mut out);
                    best = best.max(out[p.index()]);
                }
            }
            black_box(best)
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let players = |n: i64| [("players", ParamValue::Int(n))];
    bench_game(c, "daldos", &Daldos::default(), &DaldosEval::default());
    bench_game(
        c,
        "seys_dos_e_as",
        &Tables::seys_dos_e_as(),
        &TablesEval::default(),
    );
    bench_game(
        c,
        "backgammon",
        &Tables::backgammon(),
        &TablesEval::default(),
    );
    for n in [2, 3, 4, 6] {
        let game = ChineseCheckers::from_params("chinese_checkers", &players(n)).unwrap();
        bench_game(
            c,
            &format!("chinese_checkers_{n}"),
            &game,
            &HalmaEval::default(),
        );
    }
    for n in [2, 4] {
        let game = SquareHalma::from_params("halma", &players(n)).unwrap();
        bench_game(c, &format!("halma_{n}"), &game, &HalmaEval::default());
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
