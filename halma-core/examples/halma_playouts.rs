//! Plays random games of Chinese checkers and prints turns per second.
//!
//! ```text
//! cargo run --release -p racegames-halma --example halma_playouts -- [players] [games] [openspiel]
//! ```

use std::time::Instant;

use racegames_board::sim::{random_playout, SplitMix64};
use racegames_board::{FromParams, Game, ParamValue};
use racegames_halma::ChineseCheckers;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let players: i64 = args.next().map_or(Ok(2), |a| a.parse())?;
    let games: u32 = args.next().map_or(Ok(2000), |a| a.parse())?;
    let game =
        ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(players))])?;
    let mut rng = SplitMix64::new(1);
    let mut turns = 0u64;
    let start = Instant::now();
    for _ in 0..games {
        let mut state = game.new_initial_state();
        random_playout(&game, &mut state, &mut rng);
        turns += u64::from(game.turn_count(&state));
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{players} players: {games} games, {turns} turns, {:.0} turns/s ({:.3} us/turn)",
        turns as f64 / secs,
        secs * 1e6 / turns as f64
    );
    Ok(())
}
