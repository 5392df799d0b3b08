//! Prints positions at a player's throw from seeded random games:
//! `cargo run --release --example sample_positions -- <game> <seed> <turn>...`.

use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game};
use racegames_tables::{Phase, Tables};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = Tables::from_params(args.first().map_or("seys_dos_e_as", String::as_str), &[])
        .expect("a tables game");
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let turns: Vec<u32> = args[2.min(args.len())..]
        .iter()
        .filter_map(|t| t.parse().ok())
        .collect();
    let mut rng = SplitMix64::new(seed);
    let mut pos = game.new_initial_state();
    let mut buf = ActionBuffer::new();
    while random_step(&game, &mut pos, &mut rng, &mut buf).is_some() {
        if pos.phase() == Phase::Throw && turns.contains(&pos.turns()) {
            println!("{}", game.notation(&pos));
        }
    }
}
