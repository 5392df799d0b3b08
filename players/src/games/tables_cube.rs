//! The built-in players in games with the cube, resignation or match
//! play: checker play as in the same game without them, and a fixed cube
//! policy (a cube strategy is to come): never double, always take, never
//! offer to resign, and accept a resignation only of the most the game
//! can score.

use racegames_board::{Action, Game, Node};
use racegames_tables::{CubeAction, Offer, Phase, Position, Tables};

use crate::{Player, PlayerError};

/// A player of the cubeless game, playing a cubeful one.
pub(crate) struct CubelessPlayer {
    inner: Box<dyn Player<Tables>>,
    cubeless: Tables,
}

impl CubelessPlayer {
    /// `inner`, a player of `game.cubeless()`, for `game`.
    pub(crate) fn new(inner: Box<dyn Player<Tables>>, game: &Tables) -> CubelessPlayer {
        CubelessPlayer {
            inner,
            cubeless: game.cubeless(),
        }
    }
}

/// The fixed answer at a cube decision.
fn cube_choice(game: &Tables, state: &Position) -> CubeAction {
    match state.offer() {
        Offer::Double => CubeAction::Take,
        Offer::Resign(level) if f64::from(level) >= game.variant().max_score() => {
            CubeAction::Accept
        }
        Offer::Resign(_) => CubeAction::Reject,
        _ => CubeAction::Roll,
    }
}

impl Player<Tables> for CubelessPlayer {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn act(&mut self, game: &Tables, state: &Position) -> Result<Action, PlayerError> {
        if !matches!(game.node(state), Node::Decision(_)) {
            return Err(PlayerError::NotADecision);
        }
        if state.phase() == Phase::Cube {
            return game
                .action_of_cube(cube_choice(game, state))
                .ok_or(PlayerError::NotADecision);
        }
        self.inner
            .act(&self.cubeless, &game.cubeless_position(state))
    }

    fn clone_box(&self) -> Box<dyn Player<Tables>> {
        Box::new(CubelessPlayer {
            inner: self.inner.clone_box(),
            cubeless: self.cubeless.clone(),
        })
    }
}
