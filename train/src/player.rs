//! Players that choose a whole turn at once: the end of the ply best by a
//! score (the net's expected return, or a hand-made baseline), played
//! action by action.

use racegames_board::{Action, Game, Node, Seat};
use racegames_players::net::{Mlp, NetGame};
use racegames_players::ply::{ply_ends, Plan, PlyEnd};
use racegames_players::{Player, PlayerError};

use crate::td::greedy_choice;

/// How a [`PlyGreedy`] player picks an end of its turn.
pub trait EndChooser<G: Game>: Clone + Send + 'static {
    /// The player's name.
    fn name(&self) -> &str;
    /// The index in `ends` (never empty) of the end `mover` heads for.
    fn choose(&self, game: &G, mover: Seat, ends: &[PlyEnd<G::State>]) -> usize;
}

/// Chooses, at the start of each ply, the end its [`EndChooser`] picks,
/// and plays that end's actions.
#[derive(Clone, Debug)]
pub struct PlyGreedy<S, C> {
    chooser: C,
    plan: Plan<S>,
}

impl<S: Copy + Eq, C> PlyGreedy<S, C> {
    /// A player that picks its ends with `chooser`.
    pub fn with(chooser: C) -> PlyGreedy<S, C> {
        PlyGreedy {
            chooser,
            plan: Plan::new(),
        }
    }
}

impl<G, C> Player<G> for PlyGreedy<G::State, C>
where
    G: Game,
    G::State: Send + 'static,
    C: EndChooser<G>,
{
    fn name(&self) -> &str {
        self.chooser.name()
    }

    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let Node::Decision(mover) = game.node(state) else {
            return Err(PlayerError::NotADecision);
        };
        if let Some(a) = self.plan.next(state) {
            return Ok(a);
        }
        let ends = ply_ends(game, state).ends;
        let end = ends
            .get(self.chooser.choose(game, mover, &ends))
            .ok_or(PlayerError::NotADecision)?;
        self.plan.set(game, state, &end.actions);
        self.plan.next(state).ok_or(PlayerError::NotADecision)
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(PlyGreedy::<G::State, C>::with(self.chooser.clone()))
    }
}

/// The net's greedy (1-ply) choice: the end with the best expected return
/// by the net (ties to the first end listed).
#[derive(Clone, Debug)]
pub struct NetChoice(pub Mlp);

impl<G: NetGame> EndChooser<G> for NetChoice {
    fn name(&self) -> &str {
        "net-greedy"
    }

    fn choose(&self, game: &G, mover: Seat, ends: &[PlyEnd<G::State>]) -> usize {
        greedy_choice(game, &self.0, mover, ends).0
    }
}

/// Plays the net's greedy choice (ties to the first end listed).
pub type NetGreedy<S> = PlyGreedy<S, NetChoice>;

impl<S: Copy + Eq> NetGreedy<S> {
    /// A greedy player with this net.
    pub fn new(net: Mlp) -> NetGreedy<S> {
        PlyGreedy::with(NetChoice(net))
    }
}
