//! Each seat's exact return where the game is over, as the players and
//! evaluations read it (`eval::estimate` adds the estimate elsewhere).

use racegames_board::Game;

/// Writes the game's returns at `state` into `out`, which holds one value
/// per seat by the [`Evaluator`](crate::Evaluator) contract. A caller that breaks it gets
/// zeros rather than a partial write (and a failed assertion in debug
/// builds).
pub(crate) fn exact_returns<G: Game>(game: &G, state: &G::State, out: &mut [f64]) {
    let written = game.returns(state, out);
    debug_assert!(written.is_ok(), "{written:?}");
    if written.is_err() {
        out.fill(0.0);
    }
}
