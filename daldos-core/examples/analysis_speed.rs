//! Times `capture_odds` and `threat_map` over positions sampled from random
//! games (every position at a throw, one in `stride`), and prints the median,
//! the 90th percentile and the worst case, with the widest error bound.
//! Times are the thread's CPU time where Linux gives it
//! (`/proc/thread-self/schedstat`), so that a busy machine does not inflate
//! them; wall-clock time elsewhere. That clock advances in scheduler ticks,
//! so each call is repeated until 20 ms have passed and the mean is taken.
//!
//! Run: `cargo run --release -p racegames-daldos --example analysis_speed -- <games> <stride> [max_nodes]`
//! (`max_nodes` times the capture odds under another node budget).

use std::time::{Duration, Instant};

use racegames_board::analysis::{turn_event_probability, SearchLimits};
use racegames_board::{sim::SplitMix64, ActionBuffer, Game, Seat};
use racegames_daldos::{
    analysis::{capture_odds, threat_map, LIMITS, MAX_NODES},
    Daldos, Phase, Position,
};

fn sample(game: &Daldos, games: u64, stride: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut buf = ActionBuffer::new();
    let mut seen = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        while racegames_board::sim::random_step(game, &mut state, &mut rng, &mut buf).is_some() {
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

/// The thread's CPU time so far, or the wall clock where it is unknown.
fn now() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map(Duration::from_nanos)
        .unwrap_or_else(|| EPOCH.with(|e| e.elapsed()))
}

thread_local! {
    static EPOCH: Instant = Instant::now();
}

/// The time of one call of `f`: the mean over repeats filling 20 ms.
fn time_of<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let start = now();
    let mut calls = 0u32;
    loop {
        let value = f();
        calls += 1;
        let spent = now() - start;
        if spent >= Duration::from_millis(20) || calls >= 10_000 {
            return (spent / calls, value);
        }
    }
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
    let limits = SearchLimits {
        max_nodes: args
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or(MAX_NODES),
        ..LIMITS
    };
    let game = Daldos::default();
    let positions = sample(&game, games, stride);
    let (mut odds_times, mut map_times) = (Vec::new(), Vec::new());
    let (mut widest, mut inexact) = (0.0f64, 0);
    for pos in &positions {
        let Some(attacker) = pos.to_move() else {
            continue;
        };
        let defender = Seat::new(1 - attacker.index() as u8);
        for hole in (0..pos.board().num_holes() as u8).filter_map(racegames_daldos::Hole::new) {
            if pos.piece_at(hole).is_some_and(|p| p.owner == defender) {
                let (time, e) = time_of(|| {
                    if limits == LIMITS {
                        capture_odds(&game, pos, hole).expect("a defender piece")
                    } else {
                        turn_event_probability(&game, pos, limits, |_, _, after: &Position| {
                            after.piece_at(hole).is_none()
                        })
                        .expect("a position in play")
                    }
                });
                odds_times.push(time);
                widest = widest.max(e.error_bound);
                inexact += usize::from(e.error_bound > 1e-9);
            }
        }
        let (time, map) = time_of(|| threat_map(&game, pos).expect("a position in play"));
        map_times.push(time);
        std::hint::black_box(map);
    }
    println!("{} positions from {games} random games", positions.len());
    report("capture_odds", odds_times, widest, inexact);
    report("threat_map", map_times, widest, inexact);
}
