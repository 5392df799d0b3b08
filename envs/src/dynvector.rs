//! The vector environment's erased interface.

use super::{Afterstates, Outputs, VectorSnapshot};

/// A batch of environments with the game type erased: one virtual call per
/// batch.
pub trait DynVector: Send + Sync {
    /// The number of environments.
    fn num_envs(&self) -> usize;
    /// Starts a new episode in every environment; `seed` reseeds the
    /// generators first.
    fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>);
    /// Steps every environment with its action (ignored where the episode
    /// ended at the previous step: that environment resets instead).
    fn step(&mut self, actions: &[i64], out: Outputs<'_>);
    /// The notation of an environment's current state.
    fn notation(&self, env: usize) -> Option<String>;
    /// The caller's seat in an environment (with opponents), else `None`.
    fn seat(&self, env: usize) -> Option<usize>;
    /// Writes a uniformly random legal action for each environment (0 where
    /// the episode has ended), drawn from a generator of its own, so that a
    /// random policy costs no Python work (benchmarks, baselines).
    fn random_actions(&mut self, out: &mut [i64]);
    /// Resets now, rather than at the next step, every environment whose
    /// episode ended at the last step (same-step autoreset), rewriting
    /// their rows of the outputs.
    fn reset_ended(&mut self, out: Outputs<'_>);
    /// Everything that decides how the environments go on: states,
    /// generators, seats, opponents.
    fn snapshot(&self) -> VectorSnapshot;
    /// Puts the environments back as `snapshot` found them and rewrites
    /// the masks in `out` (whose other rows are the caller's to restore);
    /// the continuation is then identical. Checks everything first: on an
    /// error nothing has changed.
    ///
    /// # Errors
    ///
    /// A snapshot that does not fit this batch ([`crate::errors::SnapshotError`]); nothing has changed.
    fn restore(
        &mut self,
        snapshot: &VectorSnapshot,
        out: Outputs<'_>,
    ) -> Result<(), crate::errors::SnapshotError>;
    /// Replaces `out` with the afterstates of every environment's legal
    /// actions, or with `turns` of its ply's ends (see [`Afterstates`]);
    /// only of the environments flagged in `wanted`, where given (one
    /// placeholder entry for each of the others).
    fn afterstates(&self, out: &mut Afterstates, turns: bool, wanted: Option<&[bool]>);
}
