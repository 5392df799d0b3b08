//! Shared pieces of the racegames examples: two simple players.
//!
//! The module [`guide`] holds the Rust guide of the docs site
//! (`docs/rust.md`), so that its code blocks run as doctests.

use racegames_board::{sim::SplitMix64, Action, ActionBuffer, Game, Node};

/// Plays uniformly at random among the legal actions.
pub fn random_player<G: Game>(game: &G, state: &G::State, rng: &mut SplitMix64) -> Action {
    let mut actions = ActionBuffer::new();
    game.legal_actions_into(state, &mut actions);
    actions[rng.below(actions.len())]
}

/// Plays the action that leaves the opponents with the fewest pieces, as a
/// count returned by `material`, breaking ties at random.
pub fn greedy_player<G: Game>(
    game: &G,
    state: &G::State,
    rng: &mut SplitMix64,
    material: impl Fn(&G::State) -> i64,
) -> Action {
    let mut actions = ActionBuffer::new();
    game.legal_actions_into(state, &mut actions);
    let mut best = Vec::new();
    let mut best_score = i64::MIN;
    for &a in &actions {
        let mut next = *state;
        if game.apply(&mut next, a).is_err() {
            continue;
        }
        let score = material(&next);
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(a);
        }
    }
    best[rng.below(best.len())]
}

/// Samples a chance outcome, or returns `None` away from a chance node.
pub fn throw<G: Game>(game: &G, state: &G::State, rng: &mut SplitMix64) -> Option<Action> {
    match game.node(state) {
        Node::Chance => game.sample_chance(state, rng.next_f64()),
        _ => None,
    }
}

/// The Rust guide of the documentation site (`docs/rust.md`), included here
/// so that `cargo test` runs its code blocks.
#[doc = include_str!("../../docs/rust.md")]
pub mod guide {}

/// The game records page of the documentation site (`docs/records.md`),
/// included here so that `cargo test` runs its Rust example.
#[doc = include_str!("../../docs/records.md")]
pub mod records_guide {}
