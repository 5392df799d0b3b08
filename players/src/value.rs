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
        game.returns(state, out);
    } else {
        evaluator.evaluate(game, state, out);
    }
}
