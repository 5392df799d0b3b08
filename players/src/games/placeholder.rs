//! A neutral evaluation for games whose own evaluation is not written yet:
//! the exact result once the game is over, and no preference before.

use racegames_board::Game;

use crate::Evaluator;

/// The game's returns at a terminal state and zero for every seat
/// elsewhere (the middle of every racegames game's range of returns).
#[derive(Clone, Copy, Debug, Default)]
pub struct TerminalOnly;

impl<G: Game> Evaluator<G> for TerminalOnly {
    fn evaluate(&self, game: &G, state: &G::State, out: &mut [f64]) {
        crate::returns::exact_returns(game, state, out);
    }
}
