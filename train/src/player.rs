//! The net's greedy (1-ply) player: the end of turn with the best expected
//! return by the net, played action by action.

use racegames_board::{Action, Node};
use racegames_players::net::{Mlp, NetGame};
use racegames_players::ply::{ply_ends, Plan};
use racegames_players::{Player, PlayerError};

use crate::td::greedy_choice;

/// Plays the net's greedy choice (ties to the first end listed).
#[derive(Clone, Debug)]
pub struct NetGreedy<S> {
    net: Mlp,
    plan: Plan<S>,
}

impl<S: Copy + Eq> NetGreedy<S> {
    /// A greedy player with this net.
    pub fn new(net: Mlp) -> NetGreedy<S> {
        NetGreedy {
            net,
            plan: Plan::new(),
        }
    }
}

impl<G> Player<G> for NetGreedy<G::State>
where
    G: NetGame,
    G::State: Send + 'static,
{
    fn name(&self) -> &str {
        "net-greedy"
    }

    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let Node::Decision(mover) = game.node(state) else {
            return Err(PlayerError::NotADecision);
        };
        if let Some(a) = self.plan.next(state) {
            return Ok(a);
        }
        let ends = ply_ends(game, state).ends;
        let (i, _) = greedy_choice(game, &self.net, mover, &ends);
        let end = ends.get(i).ok_or(PlayerError::NotADecision)?;
        self.plan.set(game, state, &end.actions);
        self.plan.next(state).ok_or(PlayerError::NotADecision)
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(NetGreedy::new(self.net.clone()))
    }
}
