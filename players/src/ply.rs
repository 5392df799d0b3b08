//! Whole turns: the positions a player can reach before the turn passes.
//!
//! A *ply* is the run of actions one player takes without a chance node
//! or another player in between: the dice of one throw in the tables
//! games, one move in Daldøs (an extra throw is a chance node, so it starts
//! a new ply) and in the Halma games. Players plan over the distinct
//! positions at the end of a ply and play the first action towards the
//! chosen one; the search players choose again at each decision of the ply,
//! so that the choice depends on the state alone.

use std::collections::HashSet;

use racegames_board::{Action, ActionBuffer, Game, Node};

/// The most end-of-ply positions [`ply_ends`] lists; past it the search
/// stops (reported by [`PlyEnds::complete`]). No game's worst case comes
/// near it: it bounds memory against a game whose turns explode.
pub const MAX_PLY_ENDS: usize = 1 << 16;

/// One position at the end of a ply and the actions that reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyEnd<S> {
    /// The position once the ply is over: a chance node, another player's
    /// decision, or the end of the game.
    pub state: S,
    /// The actions from the start of the ply, in order.
    pub actions: Vec<Action>,
}

/// The distinct end-of-ply positions of a decision node.
#[derive(Clone, Debug)]
pub struct PlyEnds<S> {
    /// Each distinct end, in the order a depth-first search over the legal
    /// actions in increasing order first reaches it (so the same for the
    /// same state).
    pub ends: Vec<PlyEnd<S>>,
    /// False when [`MAX_PLY_ENDS`] cut the list short.
    pub complete: bool,
}

/// Lists the distinct positions that the player to move at `state` can
/// reach at the end of its ply. Empty when `state` is not a decision node.
///
/// Positions reached twice in the middle of a ply are searched once, so
/// the cost is the number of distinct intermediate positions, not of
/// action orders.
pub fn ply_ends<G: Game>(game: &G, state: &G::State) -> PlyEnds<G::State> {
    let mut out = PlyEnds {
        ends: Vec::new(),
        complete: true,
    };
    let Node::Decision(mover) = game.node(state) else {
        return out;
    };
    let mut seen_mid = Seen::default();
    let mut seen_end = Seen::default();
    let mut path = Vec::new();
    search(
        game,
        state,
        mover,
        &mut path,
        &mut seen_mid,
        &mut seen_end,
        &mut out,
    );
    out
}

fn search<G: Game>(
    game: &G,
    state: &G::State,
    mover: racegames_board::Seat,
    path: &mut Vec<Action>,
    seen_mid: &mut Seen<G::State>,
    seen_end: &mut Seen<G::State>,
    out: &mut PlyEnds<G::State>,
) {
    let mut actions = ActionBuffer::new();
    game.legal_actions_into(state, &mut actions);
    // Room for every action to end the ply, so the set grows once.
    seen_end.reserve(actions.len());
    out.ends.reserve(actions.len());
    for &action in &actions {
        if out.ends.len() >= MAX_PLY_ENDS {
            out.complete = false;
            return;
        }
        let mut next = *state;
        game.apply_legal(&mut next, action);
        path.push(action);
        if game.node(&next) == Node::Decision(mover) {
            if seen_mid.insert(next) {
                search(game, &next, mover, path, seen_mid, seen_end, out);
            }
        } else if seen_end.insert(next) {
            out.ends.push(PlyEnd {
                state: next,
                actions: path.clone(),
            });
        }
        path.pop();
    }
}

/// The positions met in one ply enumeration. Searches hash many small
/// states, so a multiply-rotate hash (no defence against chosen keys,
/// which a game's own positions are not) instead of SipHash.
type Seen<S> = HashSet<S, crate::fxhash::FxBuild>;

/// A seed for a decision, from the player's seed and the state, so that
/// the same seed and state always give the same choice.
pub fn decision_seed<S: core::hash::Hash>(seed: u64, state: &S) -> u64 {
    use core::hash::{BuildHasher, BuildHasherDefault};
    let hasher = BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default();
    hasher.hash_one(state) ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A plan for the rest of a ply: the actions still to play, each with the
/// state it is played from.
#[derive(Clone, Debug, Default)]
pub struct Plan<S> {
    steps: Vec<(S, Action)>,
}

impl<S: Copy + Eq> Plan<S> {
    /// An empty plan.
    pub fn new() -> Plan<S> {
        Plan { steps: Vec::new() }
    }

    /// Replaces the plan with `actions` played from `start`.
    pub fn set<G: Game<State = S>>(&mut self, game: &G, start: &S, actions: &[Action]) {
        self.steps.clear();
        let mut state = *start;
        for &action in actions {
            self.steps.push((state, action));
            game.apply_legal(&mut state, action);
        }
        self.steps.reverse();
    }

    /// The next planned action if `state` is where the plan expects to be;
    /// otherwise the plan is dropped and `None` returned.
    pub fn next(&mut self, state: &S) -> Option<Action> {
        match self.steps.pop() {
            Some((expected, action)) if expected == *state => Some(action),
            _ => {
                self.steps.clear();
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use racegames_board::sim::SplitMix64;
    use racegames_tables::Tables;

    fn first_decision<G: Game>(game: &G, seed: u64) -> G::State {
        let mut state = game.new_initial_state();
        let mut rng = SplitMix64::new(seed);
        while game.node(&state) == Node::Chance {
            let outcome = game.sample_chance(&state, rng.next_f64()).unwrap();
            game.apply(&mut state, outcome).unwrap();
        }
        state
    }

    #[test]
    fn every_end_is_reached_by_its_actions_and_ends_the_ply() {
        let game = Tables::backgammon();
        for seed in 0..20 {
            let start = first_decision(&game, seed);
            let Node::Decision(mover) = game.node(&start) else {
                panic!("not a decision")
            };
            let ends = ply_ends(&game, &start);
            assert!(ends.complete && !ends.ends.is_empty());
            let mut distinct = HashSet::new();
            for end in &ends.ends {
                let mut state = start;
                for &a in &end.actions {
                    game.apply(&mut state, a).unwrap();
                }
                assert_eq!(state, end.state);
                assert_ne!(game.node(&state), Node::Decision(mover));
                assert!(distinct.insert(state));
            }
        }
    }

    #[test]
    fn a_plan_is_followed_while_the_states_match() {
        let game = Tables::backgammon();
        let start = first_decision(&game, 3);
        let ends = ply_ends(&game, &start);
        let end = ends.ends.iter().find(|e| e.actions.len() >= 2).unwrap();
        let mut plan = Plan::new();
        plan.set(&game, &start, &end.actions);
        assert_eq!(plan.next(&start), Some(end.actions[0]));
        // A state off the plan drops it.
        assert_eq!(plan.next(&start), None);
        assert_eq!(plan.next(&start), None);
    }
}
