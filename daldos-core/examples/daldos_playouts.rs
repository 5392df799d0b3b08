//! Plays random games, for profiling: `cargo run --release -p daldos-core --example daldos_playouts -- 200`

use board_core::{sim::SplitMix64, Game};
use daldos_core::Daldos;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let game = Daldos::default();
    let mut decisions = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        decisions += board_core::sim::random_playout(&game, &mut state, &mut rng);
    }
    println!("{games} games, {decisions} decisions");
}
