//! A game's estimate of how a position will end.

use racegames_board::Game;

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
        crate::returns::estimate(game, self, state, &mut out[..n]);
        out.get(seat).copied().unwrap_or(0.0)
    }
}
