//! Plays random games and prints how many per second:
//! `cargo run --release -p racegames-tables --example tables_playouts -- <game> <games>`.

use std::time::Instant;

use racegames_board::sim::{random_playout, SplitMix64};
use racegames_board::{FromParams, Game};
use racegames_tables::Tables;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("backgammon", String::as_str);
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let game = Tables::from_params(name, &[]).expect("a tables game");
    let start = Instant::now();
    let mut decisions = 0;
    for seed in 0..n {
        let mut pos = game.new_initial_state();
        decisions += random_playout(&game, &mut pos, &mut SplitMix64::new(seed));
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: {n} games in {secs:.2} s: {:.0} games/s, {:.0} decisions/s",
        n as f64 / secs,
        decisions as f64 / secs
    );
}
