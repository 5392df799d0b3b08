//! The contract kit (feature `testing`, which needs `alloc`): what every
//! rules crate's tests, and the tests of generic code, share.
//!
//! - [`check_game`]: the [`Game`] contract checked along seeded random
//!   games (chance, legal actions, legality, observations, successors,
//!   notation and action strings), with a [`ContractError`] that names the
//!   game, the seed and the state.
//! - [`check_perft_data`]: the shared perft data files
//!   (`<crate>/tests/data/*_perft.txt`) read and counted with
//!   [`perft`].
//! - [`Race`]: a tiny dice game for tests of searches and environments.
//! - Small helpers: [`random_states`], [`legal_actions`], [`notation`],
//!   [`action_string`].
//!
//! Not for play: the feature is meant for `[dev-dependencies]`.
//!
//! ```
//! use racegames_board::testing::{check_game, Race};
//! let checked = check_game(&Race::default(), 0..4).unwrap();
//! assert!(checked > 4);
//! ```

mod check;
mod data;
mod race;

use alloc::string::String;
use alloc::vec::Vec;

pub use crate::perft::{perft, Step};
pub use check::{check_game, check_game_with, check_state, CheckOptions, ContractError};
pub use data::{check_perft_data, PerftLine, PerftSummary};
pub use race::{Race, RaceDie, RaceState};

use crate::sim::{random_step, SplitMix64};
use crate::{Action, ActionBuffer, Game};

/// The states of one random game from the start, the start included, at
/// most `limit` of them: chance by its probabilities, decisions uniform.
///
/// ```
/// use racegames_board::testing::{random_states, Race};
/// let states = random_states(&Race::default(), 7, 5);
/// assert_eq!(states.len(), 5);
/// assert_eq!(random_states(&Race::default(), 7, 5), states);
/// ```
pub fn random_states<G: Game>(game: &G, seed: u64, limit: usize) -> Vec<G::State> {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    let mut buf = ActionBuffer::new();
    let mut states = Vec::new();
    if limit > 0 {
        states.push(state);
    }
    while states.len() < limit && random_step(game, &mut state, &mut rng, &mut buf).is_some() {
        states.push(state);
    }
    states
}

/// The legal actions of `state`, in [`Game::legal_actions`]'s order.
///
/// ```
/// use racegames_board::testing::{legal_actions, Race};
/// use racegames_board::Game;
/// let game = Race::default();
/// let state = game.parse_notation("5 0 0 3 4").unwrap();
/// assert_eq!(legal_actions(&game, &state), [0]); // a 3 would pass 6
/// ```
pub fn legal_actions<G: Game>(game: &G, state: &G::State) -> Vec<Action> {
    let mut v = Vec::new();
    game.legal_actions(state, |a| v.push(a));
    v
}

/// The notation of `state`, as [`Game::write_notation`] writes it (empty
/// if the game fails to write).
///
/// ```
/// use racegames_board::testing::{notation, Race};
/// use racegames_board::Game;
/// let game = Race::default();
/// assert_eq!(notation(&game, &game.new_initial_state()), "0 0 0 0 0");
/// ```
pub fn notation<G: Game>(game: &G, state: &G::State) -> String {
    let mut text = String::new();
    let _ = game.write_notation(state, &mut text);
    text
}

/// The string of `action` in `state`, as [`Game::write_action`] writes it
/// (empty if the game fails to write).
///
/// ```
/// use racegames_board::testing::{action_string, Race};
/// use racegames_board::Game;
/// let game = Race::default();
/// assert_eq!(action_string(&game, &game.new_initial_state(), 1), "throw 2");
/// let thrown = game.parse_notation("0 0 0 2 0").unwrap();
/// assert_eq!(action_string(&game, &thrown, 1), "move");
/// ```
pub fn action_string<G: Game>(game: &G, state: &G::State, action: Action) -> String {
    let mut text = String::new();
    let _ = game.write_action(state, action, &mut text);
    text
}
