//! A game's estimate of how a position will end, and the values the
//! search players share: each seat's estimated return at a position, exact
//! where the game is over.

use racegames_board::{Game, Node};

use crate::returns::exact_returns;

/// Which evaluation of positions a player uses (its `eval` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The evaluation written by hand from the game's own logic.
    Hand,
    /// The shipped network (trained by self-play, backgammon's then taught
    /// by gnubg), where the game has one.
    Net,
}

/// An estimate of each seat's return from a position.
///
/// The estimate lies within the game's utilities
/// ([`Game::min_utility`]..=[`Game::max_utility`]); at a terminal state it
/// is the exact result. Evaluators are shared between threads.
pub trait Evaluator<G: Game>: Send + Sync {
    /// Writes each seat's estimated return at `state` into `out`, which
    /// holds [`Game::num_players`] values.
    fn evaluate(&self, game: &G, state: &G::State, out: &mut [f64]);

    /// A key that orders the positions a ply of `seat` can reach, best for
    /// `seat` first when larger: by default `seat`'s estimated return. An
    /// evaluation may answer more cheaply with any key in the same order.
    fn rank(&self, game: &G, state: &G::State, seat: usize) -> f64 {
        let mut out = [0.0; racegames_board::Seat::MAX_SEATS];
        let n = game.num_players().min(out.len());
        estimate(game, self, state, &mut out[..n]);
        out.get(seat).copied().unwrap_or(0.0)
    }
}

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
