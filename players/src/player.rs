//! The player contract.

use racegames_board::{Action, Game, ParamError};

/// Why a player could not be built or could not act.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerError {
    /// No built-in player has this name for this game.
    #[error("no player named {name:?} for this game; it has {known}")]
    UnknownPlayer {
        /// The name given.
        name: String,
        /// The names it knows, comma-separated.
        known: String,
    },
    /// A parameter of the player is unknown or out of range.
    #[error("{0}")]
    BadParameter(String),
    /// A real number given where the player takes none: for a count, an
    /// on/off or a word, or for an option it does not have (Python raises
    /// a `TypeError` for it, as `range(1.5)` does).
    #[error("{0}")]
    WrongType(String),
    /// The state is not a decision node (chance or terminal).
    #[error("the state is not a decision node")]
    NotADecision,
    /// A parameter of the game was refused.
    #[error(transparent)]
    Game(#[from] ParamError),
}

/// Something that decides actions at the decision nodes of a game.
///
/// A player is deterministic: with the same settings and seed, the same
/// state gives the same action, whatever it was asked before. A player that
/// chooses among whole turns (several actions) chooses again at each
/// decision of the turn, so that it does not depend on the turn's start.
pub trait Player<G: Game>: Send {
    /// The player's name, as `make_player` takes it.
    fn name(&self) -> &str;
    /// A legal action at the decision node `state`.
    ///
    /// # Errors
    ///
    /// [`PlayerError::NotADecision`] at a chance node or a terminal state.
    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError>;
    /// A fresh player with the same settings and seed (for the arena's
    /// threads and each environment of a vector environment).
    fn clone_box(&self) -> Box<dyn Player<G>>;
}
