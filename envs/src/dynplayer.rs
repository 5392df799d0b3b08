//! Players with the game type erased, as [`crate::erased`] does for games.
//!
//! A built-in player of any game is a [`DynPlayer`] ([`Typed`] wraps the
//! player of a game type); a player from outside Rust is an
//! [`ExternalPlayer`] (the Python package's callables), which
//! [`External`] makes a player of a game type. The arena takes [`Seat`]s:
//! one or the other.

use std::any::Any;
use std::sync::Arc;

use crate::errors::ExternalError;

use racegames_board::{Action, Game};
use racegames_players::{Player, PlayerError};

use crate::erased::{DynState, Erasable, Held};

/// A built-in player with its game type erased.
pub trait DynPlayer: Send {
    /// The player's name.
    fn name(&self) -> &str;
    /// A legal action at `state`, a decision node of the player's game type.
    ///
    /// # Errors
    ///
    /// The player's own failure (a search interrupted, a policy that fails).
    fn act(&mut self, state: &dyn DynState) -> Result<Action, PlayerError>;
    /// A fresh copy with the same settings and seed.
    fn clone_dyn(&self) -> Box<dyn DynPlayer>;
    /// For downcasting to [`Typed`].
    fn as_any(&self) -> &dyn Any;
}

/// A player of the game type `G`.
pub struct Typed<G: Game>(pub Box<dyn Player<G>>);

impl<G> DynPlayer for Typed<G>
where
    G: Game + Send + Sync + 'static,
    G::State: Send + Sync + 'static,
{
    fn name(&self) -> &str {
        self.0.name()
    }
    fn act(&mut self, state: &dyn DynState) -> Result<Action, PlayerError> {
        let held = state
            .as_any()
            .downcast_ref::<Held<G>>()
            .ok_or_else(|| PlayerError::BadParameter("the state is of another game".into()))?;
        self.0.act(&held.game, &held.state)
    }
    fn clone_dyn(&self) -> Box<dyn DynPlayer> {
        Box::new(Typed(self.0.clone_box()))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A player from outside Rust (in the Python package, a callable `state ->
/// action`), asked with the erased state.
pub trait ExternalPlayer: Send + Sync {
    /// A legal action at `state`, a decision node; an error message when
    /// the player failed (the caller keeps the failure itself, if it wants
    /// to raise it again).
    ///
    /// # Errors
    ///
    /// The player's failure, as its message.
    fn act(&self, state: &dyn DynState) -> Result<Action, ExternalError>;
}

/// A seat of an arena match.
pub enum Seat {
    /// A built-in player, played natively.
    Native(Box<dyn DynPlayer>),
    /// A player from outside Rust.
    External(Arc<dyn ExternalPlayer>),
}

/// An [`ExternalPlayer`] as a player of `G`.
pub(crate) struct External<G: Game> {
    player: Arc<dyn ExternalPlayer>,
    game: Arc<G>,
}

impl<G: Game> External<G> {
    /// `player` playing `game`.
    pub(crate) fn new(player: Arc<dyn ExternalPlayer>, game: Arc<G>) -> Self {
        External { player, game }
    }
}

impl<G: Erasable> Player<G> for External<G> {
    fn name(&self) -> &str {
        "external"
    }
    fn act(&mut self, _game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let held = Held {
            game: Arc::clone(&self.game),
            state: *state,
        };
        self.player
            .act(&held)
            .map_err(|e| PlayerError::BadParameter(e.0))
    }
    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(External {
            player: Arc::clone(&self.player),
            game: Arc::clone(&self.game),
        })
    }
}
