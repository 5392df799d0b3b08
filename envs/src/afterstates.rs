//! The afterstates of a batch: for every environment, the observation of
//! the position each legal action leads to, seen by the seat that acts.
//! A policy that scores positions rather than action numbers (the same
//! capture is one idea wherever it happens on the board) reads these.
//! With `turns`, the positions are those at the end of the acting seat's
//! ply instead (both dice of a tables throw), each with the first action
//! towards it.

use racegames_board::{ActionBuffer, Game, Node};
use racegames_players::ply::ply_ends;
use racegames_players::policy::{observe_afterstate, observe_position, Afterstate};

use super::Shard;

/// Afterstates of a batch, environment by environment: each environment's
/// legal actions in increasing order, or with `turns` the distinct ends of
/// its ply in the order [`ply_ends`] lists them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Afterstates {
    /// How many afterstates each environment has: its legal actions (or
    /// ply ends), or 1 where it was not asked for or
    /// (action 0, a zero observation) where the episode has just ended, as
    /// its mask shows.
    pub counts: Vec<u32>,
    /// The action leading to each afterstate (the first of the ply, with
    /// `turns`: several ends may share it).
    pub actions: Vec<i64>,
    /// The observations, `observation_len` values per afterstate (zeros
    /// where the game is over).
    pub obs: Vec<f32>,
    /// The acting seat's return where the action ends the game, else NaN.
    pub terminal: Vec<f32>,
    /// How many actions reach each afterstate: 1, or with `turns` the
    /// length of the ply's path to it.
    pub plan_lens: Vec<u32>,
    /// Those actions, afterstate after afterstate.
    pub plans: Vec<i64>,
}

impl Afterstates {
    /// Empties the lists, keeping their memory for the next batch.
    pub fn clear(&mut self) {
        self.counts.clear();
        self.actions.clear();
        self.obs.clear();
        self.terminal.clear();
        self.plan_lens.clear();
        self.plans.clear();
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
    /// Appends the afterstates of this shard's environments to `out`: the
    /// position after each legal action, or with `turns` each end of the
    /// ply.
    ///
    /// `wanted`, where given, has one flag per environment of this shard;
    /// an environment not wanted gets one placeholder entry, as an ended
    /// episode does.
    pub(super) fn afterstates(&self, out: &mut Afterstates, turns: bool, wanted: Option<&[bool]>) {
        let game = &*self.game;
        let mut actions = ActionBuffer::new();
        let mut buffer = [0.0f64; 8];
        let returns = &mut buffer[..self.num_players.min(8)];
        for env in 0..self.len() {
            let state = &self.states[env];
            let wanted = wanted.map_or(true, |w| w.get(env).copied().unwrap_or(true));
            let actor = match game.node(state) {
                Node::Decision(p) if !self.done[env] && wanted => p,
                _ => {
                    // An ended episode: its mask allows action 0 alone.
                    out.counts.push(1);
                    out.push(&[0], self.obs_len, returns, |_, _| Afterstate::Unobservable);
                    continue;
                }
            };
            if turns {
                let ends = ply_ends(game, state);
                out.counts.push(ends.ends.len() as u32);
                for end in &ends.ends {
                    let seen = |row: &mut [f32], returns: &mut [f64]| {
                        observe_position(game, &end.state, actor, row, returns)
                    };
                    out.push(&end.actions, self.obs_len, returns, seen);
                }
            } else {
                game.legal_actions_into(state, &mut actions);
                out.counts.push(actions.len() as u32);
                for &a in actions.iter() {
                    let seen = |row: &mut [f32], returns: &mut [f64]| {
                        observe_afterstate(game, state, actor, a, row, returns)
                    };
                    out.push(&[a], self.obs_len, returns, seen);
                }
            }
        }
    }
}

impl Afterstates {
    /// Appends one afterstate reached by `plan` (at least one action),
    /// observed by `seen`.
    fn push(
        &mut self,
        plan: &[racegames_board::Action],
        obs_len: usize,
        returns: &mut [f64],
        seen: impl FnOnce(&mut [f32], &mut [f64]) -> Afterstate,
    ) {
        self.actions.push(plan.first().map_or(0, |&a| i64::from(a)));
        self.plan_lens.push(plan.len() as u32);
        self.plans.extend(plan.iter().map(|&a| i64::from(a)));
        let start = self.obs.len();
        self.obs.resize(start + obs_len, 0.0);
        let row = &mut self.obs[start..];
        let terminal = match seen(row, returns) {
            Afterstate::Over(r) => r as f32,
            Afterstate::Observed => f32::NAN,
            Afterstate::Unobservable => {
                row.fill(0.0);
                f32::NAN
            }
        };
        self.terminal.push(terminal);
    }
}
