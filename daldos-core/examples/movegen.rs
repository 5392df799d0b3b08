//! Generates moves in positions met in random games, for profiling:
//! `cargo run --release -p racegames-daldos --example movegen -- 200`

use racegames_board::{sim::SplitMix64, ActionBuffer, Game, Node};
use racegames_daldos::Daldos;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let game = Daldos::default();
    let mut positions = Vec::new();
    for seed in 0..20 {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        let mut buf = ActionBuffer::new();
        while racegames_board::sim::random_step(&game, &mut state, &mut rng, &mut buf).is_some() {
            if matches!(game.node(&state), Node::Decision(_)) {
                positions.push(state);
            }
        }
    }
    let mut total = 0usize;
    let mut buf = ActionBuffer::new();
    for _ in 0..rounds {
        for p in &positions {
            game.legal_actions_into(p, &mut buf);
            total += buf.len();
        }
    }
    println!(
        "{} positions x {rounds} rounds, {total} actions",
        positions.len()
    );
}
