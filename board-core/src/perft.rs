//! Perft for any [`Game`] (feature `alloc`): the number of distinct states
//! reached after exactly `k` steps, over every chance outcome and every
//! legal action.
//!
//! A step is a whole turn ([`Step::Turn`]) or one throw and its use
//! ([`Step::Throw`]): games where a throw can earn another throw count
//! throws, since the states at the end of one whole turn are then unbounded.
//! A finished game has no successors, so games that end early drop out of
//! the later counts.
//!
//! ```
//! use racegames_board::perft::{perft, Step};
//! use racegames_board::Game;
//! # #[cfg(feature = "testing")] {
//! use racegames_board::testing::Race;
//! let game = Race::default();
//! let start = game.new_initial_state();
//! assert_eq!(perft(&game, &start, 0, Step::Turn), 1);
//! // Three throws, then stay or move: (0,0) stayed, and 1, 2 or 3 moved.
//! assert_eq!(perft(&game, &start, 1, Step::Turn), 4);
//! # }
//! ```

use alloc::collections::BTreeSet;
use alloc::vec::Vec;

use crate::{Action, Game, Node};

/// What one step of [`perft`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A whole turn: it ends when [`Game::turn_count`] grows or the game
    /// ends. A turn in progress at the start counts as the first turn; a
    /// roll-off is not a turn.
    Turn,
    /// One throw of the dice and its use: it ends at the next chance node
    /// or when the game ends. A throw already made at the start counts as
    /// the first throw.
    Throw,
}

impl Step {
    /// True when `state`, reached from `start` by at least one action, ends
    /// the step begun at `start`.
    fn ends<G: Game>(self, game: &G, start: &G::State, state: &G::State) -> bool {
        match game.node(state) {
            Node::Terminal => true,
            Node::Chance if self == Step::Throw => true,
            _ => self == Step::Turn && game.turn_count(state) > game.turn_count(start),
        }
    }
}

/// The number of distinct states reached after exactly `depth` steps from
/// `start`.
///
/// ```
/// use racegames_board::perft::{perft, Step};
/// # #[cfg(feature = "testing")] {
/// use racegames_board::{testing::Race, Game};
/// let game = Race::default();
/// let start = game.new_initial_state();
/// assert!(perft(&game, &start, 2, Step::Throw) > perft(&game, &start, 1, Step::Throw));
/// # }
/// ```
pub fn perft<G: Game>(game: &G, start: &G::State, depth: u32, step: Step) -> u64 {
    let mut level = BTreeSet::new();
    level.insert(*start);
    for _ in 0..depth {
        let mut next = BTreeSet::new();
        for s in &level {
            step_ends_at_most(game, s, step, &mut next, usize::MAX);
        }
        level = next;
    }
    level.len() as u64
}

/// Adds to `out` every state at the end of the step under way in `state`,
/// stopping once it has met more than `max` states (ends and states within
/// the step together); returns false if it stopped short. A finished game
/// adds nothing. Some steps reach very many states (a turn with unlimited
/// extra throws), hence the limit.
///
/// ```
/// use std::collections::BTreeSet;
/// use racegames_board::perft::{step_ends_at_most, Step};
/// # #[cfg(feature = "testing")] {
/// use racegames_board::{testing::Race, Game};
/// let game = Race::default();
/// let mut ends = BTreeSet::new();
/// assert!(step_ends_at_most(&game, &game.new_initial_state(), Step::Turn, &mut ends, 100));
/// assert_eq!(ends.len(), 4);
/// assert!(!step_ends_at_most(&game, &game.new_initial_state(), Step::Turn, &mut BTreeSet::new(), 2));
/// # }
/// ```
pub fn step_ends_at_most<G: Game>(
    game: &G,
    state: &G::State,
    step: Step,
    out: &mut BTreeSet<G::State>,
    max: usize,
) -> bool {
    if game.node(state) == Node::Terminal {
        return true;
    }
    let mut seen = BTreeSet::new();
    let mut stack = Vec::new();
    stack.push(*state);
    let mut children: Vec<Action> = Vec::new();
    while let Some(s) = stack.pop() {
        children.clear();
        match game.node(&s) {
            Node::Chance => game.chance_outcomes(&s, |a, _| children.push(a)),
            Node::Decision(_) => game.legal_actions(&s, |a| children.push(a)),
            Node::Terminal => continue,
        }
        for &a in &children {
            let mut c = s;
            if game.apply(&mut c, a).is_err() {
                continue;
            }
            if step.ends(game, state, &c) {
                out.insert(c);
            } else if seen.insert(c) {
                stack.push(c);
            }
            if out.len().saturating_add(seen.len()) > max {
                return false;
            }
        }
    }
    true
}
