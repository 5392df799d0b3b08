//! A `no_std` static library that plays a few moves of each game, so the
//! linker must resolve everything the rules crates use.
#![no_std]

use racegames_board::{sim::SplitMix64, Game, Node};

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

fn play<G: Game>(game: &G, seed: u64) -> u32 {
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let mut buf = racegames_board::ActionBuffer::new();
    let mut steps = 0;
    while steps < 200 && game.node(&state) != Node::Terminal {
        racegames_board::sim::random_step(game, &mut state, &mut rng, &mut buf);
        steps += 1;
    }
    game.turn_count(&state)
}

/// Plays a few random steps of every game; returns the turns reached.
#[no_mangle]
pub extern "C" fn racegames_no_std_smoke(seed: u64) -> u32 {
    play(&racegames_daldos::Daldos::default(), seed)
        + play(&racegames_tables::Tables::backgammon(), seed)
        + play(&racegames_tables::Tables::seys_dos_e_as(), seed)
        + play(&racegames_halma::ChineseCheckers::default(), seed)
        + play(&racegames_halma::SquareHalma::default(), seed)
}
