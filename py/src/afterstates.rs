//! The afterstates of a batch: for every environment, the observation of
//! the position each legal action leads to, seen by the seat that acts.
//! A policy that scores positions rather than action numbers (the same
//! capture is one idea wherever it happens on the board) reads these.

use board_core::{ActionBuffer, Game, Node};
use racegames_players::policy::{observe_afterstate, Afterstate};

use super::Shard;

/// Afterstates of a batch, environment by environment, each environment's
/// legal actions in increasing order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Afterstates {
    /// How many afterstates each environment has: its legal actions, or 1
    /// (action 0, a zero observation) where the episode has just ended, as
    /// its mask shows.
    pub counts: Vec<u32>,
    /// The action leading to each afterstate.
    pub actions: Vec<i64>,
    /// The observations, `observation_len` values per afterstate (zeros
    /// where the game is over).
    pub obs: Vec<f32>,
    /// The acting seat's return where the action ends the game, else NaN.
    pub terminal: Vec<f32>,
}

impl Afterstates {
    /// Empties the lists, keeping their memory for the next batch.
    pub fn clear(&mut self) {
        self.counts.clear();
        self.actions.clear();
        self.obs.clear();
        self.terminal.clear();
    }

    /// The number of afterstates listed.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether none are listed.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
}

impl<G: Game> Shard<G> {
    /// Appends the afterstates of this shard's environments to `out`.
    pub(super) fn afterstates(&self, out: &mut Afterstates) {
        let game = &*self.game;
        let mut actions = ActionBuffer::new();
        let mut buffer = [0.0f64; 8];
        let returns = &mut buffer[..self.num_players.min(8)];
        for env in 0..self.len() {
            let state = &self.states[env];
            let actor = match game.node(state) {
                Node::Decision(p) if !self.done[env] => p,
                _ => {
                    // An ended episode: its mask allows action 0 alone.
                    out.counts.push(1);
                    out.actions.push(0);
                    out.obs.resize(out.obs.len() + self.obs_len, 0.0);
                    out.terminal.push(f32::NAN);
                    continue;
                }
            };
            game.legal_actions_into(state, &mut actions);
            out.counts.push(actions.len() as u32);
            for &a in actions.iter() {
                out.actions.push(i64::from(a));
                let start = out.obs.len();
                out.obs.resize(start + self.obs_len, 0.0);
                let row = &mut out.obs[start..];
                let terminal = match observe_afterstate(game, state, actor, a, row, returns) {
                    Afterstate::Over(r) => r as f32,
                    Afterstate::Observed => f32::NAN,
                    Afterstate::Unobservable => {
                        row.fill(0.0);
                        f32::NAN
                    }
                };
                out.terminal.push(terminal);
            }
        }
    }
}
