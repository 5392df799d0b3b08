//! A `no_std` static library that plays a few moves of each game, so the
//! linker must resolve everything the rules crates use.
#![no_std]

use board_core::{sim::SplitMix64, Game, Node};

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

fn play<G: Game>(game: &G, seed: u64) -> u32 {
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let mut buf = board_core::ActionBuffer::new();
    let mut steps = 0;
    while steps < 200 && game.node(&state) != Node::Terminal {
        board_core::sim::random_step(game, &mut state, &mut rng, &mut buf);
        steps += 1;
    }
    game.turn_count(&state)
}

/// Plays a few random steps of every game; returns the turns reached.
#[no_mangle]
pub extern "C" fn racegames_no_std_smoke(seed: u64) -> u32 {
    play(&daldos_core::Daldos::default(), seed)
        + play(&tables_core::Tables::backgammon(), seed)
        + play(&tables_core::Tables::seys_dos_e_as(), seed)
        + play(&halma_core::ChineseCheckers::default(), seed)
        + play(&halma_core::SquareHalma::default(), seed)
}
