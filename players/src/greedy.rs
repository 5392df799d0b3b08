//! The greedy player: the best end of its ply by the game's evaluation.

use std::sync::Arc;

use racegames_board::sim::SplitMix64;
use racegames_board::{Action, ActionBuffer, Game, Node};

use crate::eval::estimate;
use crate::ply::{decision_seed, ply_ends};
use crate::{Evaluator, Player, PlayerError};

/// Plays the end-of-ply position whose estimated return for the player to
/// move is highest (in games of more than two players, its own return, not
/// a margin over the others). Equal values are broken by a draw from the
/// seed and the state. A ply of several actions is chosen again at each of
/// its decisions, so that the choice depends on the state alone.
pub struct GreedyPlayer<G: Game> {
    seed: u64,
    evaluator: Arc<dyn Evaluator<G>>,
}

impl<G: Game> GreedyPlayer<G> {
    /// A greedy player with this seed and evaluation.
    pub fn new(seed: u64, evaluator: Arc<dyn Evaluator<G>>) -> GreedyPlayer<G> {
        GreedyPlayer { seed, evaluator }
    }
}

/// Values within this of the best count as equal (sums of floats).
const TIE: f64 = 1e-12;

impl<G: Game + 'static> Player<G> for GreedyPlayer<G>
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "greedy"
    }

    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let Node::Decision(mover) = game.node(state) else {
            return Err(PlayerError::NotADecision);
        };
        let ends = ply_ends(game, state);
        if ends.ends.is_empty() {
            // Only when every path of the ply loops back: play any action.
            return Ok(first_legal(game, state));
        }
        let mut out = vec![0.0; game.num_players()];
        let mut best = f64::NEG_INFINITY;
        let mut tied = Vec::new();
        for (i, end) in ends.ends.iter().enumerate() {
            estimate(game, &*self.evaluator, &end.state, &mut out);
            let value = out[mover.index()];
            if value > best + TIE {
                best = value;
                tied.clear();
            }
            if value >= best - TIE {
                tied.push(i);
            }
        }
        let mut rng = SplitMix64::new(decision_seed(self.seed, state));
        let chosen = &ends.ends[tied[rng.below(tied.len())]];
        // The first action of the chosen ply; the next decision searches
        // again, so that the choice depends on the state alone.
        Ok(chosen
            .actions
            .first()
            .copied()
            .unwrap_or_else(|| first_legal(game, state)))
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(GreedyPlayer::new(self.seed, Arc::clone(&self.evaluator)))
    }
}

/// The lowest legal action of a decision node.
pub(crate) fn first_legal<G: Game>(game: &G, state: &G::State) -> Action {
    let mut actions = ActionBuffer::new();
    game.legal_actions_into(state, &mut actions);
    actions.first().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TerminalOnly;
    use racegames_tables::Tables;

    /// An arbitrary but fixed value per position (a hash of its notation):
    /// enough to make the greedy choice depend on the position.
    struct Notation;
    impl Evaluator<Tables> for Notation {
        fn evaluate(&self, game: &Tables, state: &<Tables as Game>::State, out: &mut [f64]) {
            let mut text = String::new();
            game.write_notation(state, &mut text).unwrap();
            let h = decision_seed(0, &text) % 1000;
            out[0] = h as f64 / 1000.0;
            out[1] = -out[0];
        }
    }

    #[test]
    fn greedy_plays_a_whole_ply_to_its_best_end() {
        let game = Tables::backgammon();
        let mut rng = SplitMix64::new(5);
        let mut state = game.new_initial_state();
        while game.node(&state) == Node::Chance {
            let o = game.sample_chance(&state, rng.next_f64()).unwrap();
            game.apply(&mut state, o).unwrap();
        }
        let Node::Decision(mover) = game.node(&state) else {
            panic!()
        };
        let eval: Arc<dyn Evaluator<Tables>> = Arc::new(Notation);
        let mut player = GreedyPlayer::new(3, Arc::clone(&eval));
        let start = state;
        while game.node(&state) == Node::Decision(mover) {
            let a = player.act(&game, &state).unwrap();
            game.apply(&mut state, a).unwrap();
        }
        let mut out = [0.0; 2];
        let best = ply_ends(&game, &start)
            .ends
            .iter()
            .map(|e| {
                eval.evaluate(&game, &e.state, &mut out);
                out[mover.index()]
            })
            .fold(f64::NEG_INFINITY, f64::max);
        eval.evaluate(&game, &state, &mut out);
        assert_eq!(out[mover.index()], best);
    }

    #[test]
    fn greedy_refuses_chance_nodes() {
        let game = Tables::backgammon();
        let mut p = GreedyPlayer::new(1, Arc::new(TerminalOnly));
        let s = game.new_initial_state();
        assert_eq!(p.act(&game, &s), Err(PlayerError::NotADecision));
    }
}
