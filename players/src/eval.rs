//! A game's estimate of how a position will end.

use board_core::Game;

/// An estimate of each seat's return from a position.
///
/// The estimate lies within the game's utilities
/// ([`Game::min_utility`]..=[`Game::max_utility`]); at a terminal state it
/// is the exact result. Evaluators are shared between threads.
pub trait Evaluator<G: Game>: Send + Sync {
    /// Writes each seat's estimated return at `state` into `out`, which
    /// holds [`Game::num_players`] values.
    fn evaluate(&self, game: &G, state: &G::State, out: &mut [f64]);
}
