//! Times `capture_odds` and `threat_map` over positions sampled from random
//! games (every position at a throw, one in `stride`), and prints the median,
//! the 90th percentile and the worst case, with the widest error bound.
//!
//! Run: `cargo run --release -p daldos-core --example analysis_speed -- <games> <stride>`

use std::time::{Duration, Instant};

use board_core::{sim::SplitMix64, ActionBuffer, Game, Player};
use daldos_core::{
    analysis::{capture_odds, threat_map},
    Daldos, Phase, Position,
};

fn sample(game: &Daldos, games: u64, stride: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut buf = ActionBuffer::new();
    let mut seen = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        while board_core::sim::random_step(game, &mut state, &mut rng, &mut buf).is_some() {
            if state.phase() == Phase::Throw {
                seen += 1;
                if seen % stride == 0 {
                    out.push(state);
                }
            }
        }
    }
    out
}

fn report(what: &str, mut times: Vec<Duration>, widest: f64, inexact: usize) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{what}: {} calls, median {:?}, p90 {:?}, p99 {:?}, worst {:?}; widest error bound {widest:.3e}, {inexact} above 1e-9",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        times[times.len() - 1],
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let stride: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(25);
    let game = Daldos::default();
    let positions = sample(&game, games, stride);
    let (mut odds_times, mut map_times) = (Vec::new(), Vec::new());
    let (mut widest, mut inexact) = (0.0f64, 0);
    for pos in &positions {
        let Some(attacker) = pos.to_move() else {
            continue;
        };
        let defender = Player::new(1 - attacker.index() as u8);
        for hole in (0..pos.board().num_holes() as u8).map(daldos_core::Hole::new) {
            if pos.piece_at(hole).is_some_and(|p| p.owner == defender) {
                let start = Instant::now();
                let e = capture_odds(&game, pos, hole).expect("a defender piece");
                odds_times.push(start.elapsed());
                widest = widest.max(e.error_bound);
                inexact += usize::from(e.error_bound > 1e-9);
            }
        }
        let start = Instant::now();
        let map = threat_map(&game, pos).expect("a position in play");
        map_times.push(start.elapsed());
        std::hint::black_box(map);
    }
    println!("{} positions from {games} random games", positions.len());
    report("capture_odds", odds_times, widest, inexact);
    report("threat_map", map_times, widest, inexact);
}
