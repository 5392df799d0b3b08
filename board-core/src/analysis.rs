//! The exact probability that the player about to throw can make an event
//! happen before play passes on.
//!
//! # Method
//!
//! The turn is searched as an expectimax tree: at the player's own chance
//! nodes (the first throw and any extra throw) the value is the
//! probability-weighted mean of the outcomes; at the player's decision nodes
//! it is the best action's value, where an action that makes the event
//! happen is worth 1; once play passes to another player, or the game ends,
//! the value is 0. Positions are memoised, so positions reached by several
//! orders of play are searched once.
//!
//! A turn with unbounded extra throws is cut after `max_throws` throws. Each
//! cut branch counts as 0, and the probability of reaching a cut (under the
//! chosen play) is returned as [`EventProbability::error_bound`]: the true
//! value lies in `[probability, probability + error_bound]`. In Daldøs an
//! extra throw comes with probability 1/16, so 9 throws bound the error by
//! 16⁻⁸ < 2.4·10⁻¹⁰.

use alloc::collections::BTreeMap;

use crate::{Action, ActionBuffer, Game, Node, Player};

/// The result of [`turn_event_probability`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EventProbability {
    /// The probability, a lower bound within `error_bound` of the exact value.
    pub probability: f64,
    /// The probability of reaching the throw limit under the chosen play.
    pub error_bound: f64,
}

/// Why the analysis could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// Nobody's turn: before the roll-off, or the game is over.
    #[error("no player's turn in this state (before the roll-off, or the game is over)")]
    NoTurn,
}

/// The probability that the player whose turn it is in `state` can make
/// `event` happen before play passes on, playing to that end; extra throws
/// count. `event(before, action, after)` says whether applying `action` made
/// it happen.
///
/// ```
/// # // See daldos-core's capture odds for a real use.
/// use board_core::analysis::AnalysisError;
/// let _: Option<AnalysisError> = None;
/// ```
pub fn turn_event_probability<G: Game>(
    game: &G,
    state: &G::State,
    max_throws: u32,
    mut event: impl FnMut(&G::State, Action, &G::State) -> bool,
) -> Result<EventProbability, AnalysisError> {
    let actor = game.turn_owner(state).ok_or(AnalysisError::NoTurn)?;
    let mut search = Search {
        game,
        actor,
        max_throws,
        memo: BTreeMap::new(),
        event: &mut event,
    };
    let (probability, error_bound) = search.value(state, 0);
    Ok(EventProbability {
        probability,
        error_bound,
    })
}

struct Search<'a, G: Game, F> {
    game: &'a G,
    actor: Player,
    max_throws: u32,
    memo: BTreeMap<(u32, G::State), (f64, f64)>,
    event: &'a mut F,
}

impl<G: Game, F: FnMut(&G::State, Action, &G::State) -> bool> Search<'_, G, F> {
    fn value(&mut self, state: &G::State, throws: u32) -> (f64, f64) {
        if self.game.turn_owner(state) != Some(self.actor) {
            return (0.0, 0.0);
        }
        if let Some(&v) = self.memo.get(&(throws, *state)) {
            return v;
        }
        let v = match self.game.node(state) {
            Node::Terminal => (0.0, 0.0),
            Node::Chance if throws >= self.max_throws => (0.0, 1.0),
            Node::Chance => {
                let mut outcomes = ActionBuffer::new();
                let mut probs = [0.0f64; 64];
                self.game.chance_outcomes(state, |a, p| {
                    if outcomes.len() < probs.len() {
                        probs[outcomes.len()] = p;
                        outcomes.push(a);
                    }
                });
                let (mut value, mut error) = (0.0, 0.0);
                for (i, &a) in outcomes.iter().enumerate() {
                    let mut child = *state;
                    if self.game.apply(&mut child, a).is_ok() {
                        let (v, e) = self.value(&child, throws + 1);
                        value += probs[i] * v;
                        error += probs[i] * e;
                    }
                }
                (value, error)
            }
            Node::Decision(_) => {
                let mut actions = ActionBuffer::new();
                self.game.legal_actions_into(state, &mut actions);
                let mut best = (0.0, 0.0);
                for &a in &actions {
                    let mut child = *state;
                    if self.game.apply(&mut child, a).is_err() {
                        continue;
                    }
                    let v = if (self.event)(state, a, &child) {
                        (1.0, 0.0)
                    } else {
                        self.value(&child, throws)
                    };
                    if v.0 > best.0 || (v.0 == best.0 && v.1 < best.1) {
                        best = v;
                    }
                    if best.0 >= 1.0 {
                        break;
                    }
                }
                best
            }
        };
        self.memo.insert((throws, *state), v);
        v
    }
}
