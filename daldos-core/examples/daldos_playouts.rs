//! Plays random games, for profiling: `cargo run --release -p racegames-daldos --example daldos_playouts -- 200`

use racegames_board::{sim::SplitMix64, Game};
use racegames_daldos::Daldos;

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
        decisions += racegames_board::sim::random_playout(&game, &mut state, &mut rng);
    }
    println!("{games} games, {decisions} decisions");
}
