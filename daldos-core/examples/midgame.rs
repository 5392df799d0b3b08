//! Prints positions reached by random play, at a throw, for test data.
//!
//! Run: `cargo run -p racegames-daldos --example midgame -- <board> <turn> <seed>...`

use racegames_board::{sim::SplitMix64, ActionBuffer, Game, Node, ParamValue};
use racegames_daldos::{Daldos, Phase};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board = args.first().map_or("danish", String::as_str);
    let turn: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let game: Daldos =
        racegames_board::FromParams::from_params("daldos", &[("board", ParamValue::Str(board))])
            .expect("a board name");
    for seed in args.iter().skip(2).filter_map(|s| s.parse::<u64>().ok()) {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        let mut buf = ActionBuffer::new();
        while game.node(&state) != Node::Terminal
            && !(state.phase() == Phase::Throw && state.turns() >= turn)
        {
            racegames_board::sim::random_step(&game, &mut state, &mut rng, &mut buf);
        }
        println!("{state}");
    }
}
