//! The uniformly random player.

use racegames_board::sim::SplitMix64;
use racegames_board::{Action, ActionBuffer, Game, Node};

use crate::ply::decision_seed;
use crate::{Player, PlayerError};

/// Plays a uniformly random legal action, drawn from its seed and the state.
#[derive(Clone, Copy, Debug)]
pub struct RandomPlayer {
    seed: u64,
}

impl RandomPlayer {
    /// A random player with this seed.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { seed }
    }
}

impl<G: Game> Player<G> for RandomPlayer
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        if !matches!(game.node(state), Node::Decision(_)) {
            return Err(PlayerError::NotADecision);
        }
        let mut actions = ActionBuffer::new();
        game.legal_actions_into(state, &mut actions);
        let mut rng = SplitMix64::new(decision_seed(self.seed, state));
        Ok(actions[rng.below(actions.len())])
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(*self)
    }
}
