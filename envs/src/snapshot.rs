//! Snapshots of a batch: what a pickled `VectorEnv` keeps, so that the
//! batch rebuilt from it goes on exactly as the original would.
//!
//! The states travel as their notation; the generators as their 64-bit
//! state; the opponents as the league member each episode drew (players
//! keep nothing between decisions, so a fresh copy plays the same).

use racegames_board::sim::SplitMix64;
use racegames_board::{Game, Node};

use crate::errors::SnapshotError;

use super::{Outputs, Shard, VecCore};

/// One environment as a snapshot keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvSnapshot {
    /// The state's notation.
    pub notation: String,
    /// The state of the dice and opponents' generator.
    pub dice: u64,
    /// The state of the generator of `random_actions`.
    pub policy: u64,
    /// The caller's seat (with opponents).
    pub seat: u8,
    /// The league member playing the other seats (0 without a league).
    pub pick: u8,
    /// The episode ended at the last step: the next step resets it.
    pub done: bool,
}

/// A whole batch, environment by environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VectorSnapshot {
    /// The next step goes through the environments last to first.
    pub backward: bool,
    /// One entry per environment.
    pub envs: Vec<EnvSnapshot>,
}

impl<G: Game> Shard<G> {
    /// Appends the snapshot of each environment.
    pub(super) fn snapshot_into(&self, out: &mut Vec<EnvSnapshot>) {
        for env in 0..self.len() {
            let mut notation = String::new();
            // A notation that fails to write stays empty, and a restore
            // refuses it.
            let _ = self.game.write_notation(&self.states[env], &mut notation);
            out.push(EnvSnapshot {
                notation,
                dice: self.rngs[env].state(),
                policy: self.policy_rngs[env].state(),
                seat: self.seats[env],
                pick: self.picks[env],
                done: self.done[env],
            });
        }
    }

    /// The state of environment `env` (its index in the batch) from its
    /// snapshot, checked against this batch's setup.
    fn check(&self, env: usize, snap: &EnvSnapshot) -> Result<G::State, SnapshotError> {
        let unfit = |reason: String| SnapshotError::Env { env, reason };
        let state = self
            .game
            .parse_notation(&snap.notation)
            .map_err(|e| unfit(e.to_string()))?;
        if usize::from(snap.seat) >= self.num_players {
            return Err(unfit(format!(
                "seat {} of a {}-player game",
                snap.seat, self.num_players
            )));
        }
        let league = self
            .league
            .lock()
            .map_or_else(|p| p.into_inner().len(), |l| l.len());
        if usize::from(snap.pick) >= league.max(1) {
            return Err(unfit(format!(
                "opponent {} of a league of {}",
                snap.pick,
                league.max(1)
            )));
        }
        if !snap.done {
            let waits = match self.game.node(&state) {
                Node::Decision(p) => !self.config.opponents || p.index() == usize::from(snap.seat),
                _ => false,
            };
            if !waits {
                return Err(unfit(
                    "a live episode must wait at a decision of the caller".into(),
                ));
            }
        }
        Ok(state)
    }

    /// Puts environment `env` back as `snap` has it, with its mask row in
    /// `mask` (this shard's rows) written afresh.
    fn put(&mut self, env: usize, snap: &EnvSnapshot, state: G::State, mask: &mut [i8]) {
        self.states[env] = state;
        self.rngs[env] = SplitMix64::new(snap.dice);
        self.policy_rngs[env] = SplitMix64::new(snap.policy);
        self.seats[env] = snap.seat;
        self.picks[env] = snap.pick;
        self.done[env] = snap.done;
        let league = self.league.get_mut().unwrap_or_else(|p| p.into_inner());
        if let Some(player) = league.get(usize::from(snap.pick)) {
            let opponents = self.opponents.get_mut().unwrap_or_else(|p| p.into_inner());
            opponents[env] = player.clone_box();
        }
        // The observation row is the caller's: written whole at the next
        // step. The mask row is cleared whole and listed afresh, in the
        // order `random_actions` draws from.
        self.shown_viewer[env] = None;
        self.prev_len[env] = u32::MAX;
        self.clear_mask(env, mask);
        if snap.done {
            self.set_finished_mask(env, mask);
        } else {
            self.set_mask(env, mask);
        }
    }
}

/// [`super::DynVector::restore`] for a monomorphised batch.
pub(super) fn restore<G: Game>(
    core: &mut VecCore<G>,
    snapshot: &VectorSnapshot,
    out: Outputs<'_>,
) -> Result<(), SnapshotError> {
    if snapshot.envs.len() != core.config.num_envs {
        return Err(SnapshotError::Size {
            found: snapshot.envs.len(),
            expected: core.config.num_envs,
        });
    }
    let mut states = Vec::with_capacity(snapshot.envs.len());
    let mut snaps = snapshot.envs.iter().enumerate();
    for shard in &core.shards {
        for (env, snap) in snaps.by_ref().take(shard.len()) {
            states.push(shard.check(env, snap)?);
        }
    }
    let mut rest = out.mask;
    let mut given = snapshot.envs.iter().zip(states);
    for shard in &mut core.shards {
        let (mask, tail) = rest.split_at_mut((shard.len() * core.num_actions).min(rest.len()));
        rest = tail;
        for (local, (snap, state)) in given.by_ref().take(shard.len()).enumerate() {
            shard.put(local, snap, state, mask);
        }
    }
    core.backward = snapshot.backward;
    Ok(())
}
