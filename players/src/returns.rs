//! Values the search players share: each seat's estimated return at a
//! position, exact where the game is over.

use racegames_board::{Game, Node};

use crate::Evaluator;

/// Writes each seat's return at `state` into `out`: the game's own returns
/// at a terminal state, the evaluator's estimate elsewhere.
pub(crate) fn estimate<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    evaluator: &E,
    state: &G::State,
    out: &mut [f64],
) {
    if game.node(state) == Node::Terminal {
        exact_returns(game, state, out);
    } else {
        evaluator.evaluate(game, state, out);
    }
}

/// Writes the game's returns at `state` into `out`, which holds one value
/// per seat by the [`Evaluator`] contract. A caller that breaks it gets
/// zeros rather than a partial write (and a failed assertion in debug
/// builds).
pub(crate) fn exact_returns<G: Game>(game: &G, state: &G::State, out: &mut [f64]) {
    let written = game.returns(state, out);
    debug_assert!(written.is_ok(), "{written:?}");
    if written.is_err() {
        out.fill(0.0);
    }
}
