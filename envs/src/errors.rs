//! The errors of the environments crate, typed so that a caller can tell
//! them apart (each says in words what went wrong, too).

/// A snapshot that does not fit the batch it is restored into.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SnapshotError {
    /// The snapshot has another number of environments than the batch.
    #[error("the snapshot has {found} environments, the batch {expected}")]
    Size {
        /// Environments in the snapshot.
        found: usize,
        /// Environments in the batch.
        expected: usize,
    },
    /// One environment's entry does not fit the batch's setup.
    #[error("environment {env}: {reason}")]
    Env {
        /// The environment's index in the batch.
        env: usize,
        /// What does not fit, in words.
        reason: String,
    },
}

/// A state handed to a driver of another game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the state is of another game")]
pub struct OtherGame;

/// The failure of a player from outside Rust ([`crate::dynplayer::ExternalPlayer`]),
/// as its message (the caller keeps the failure itself, to raise it again).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ExternalError(pub String);
