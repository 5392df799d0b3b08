//! The Halma games: Chinese checkers and Halma.

use std::sync::Arc;

use halma_core::{Geometry, Halma};

use crate::builtin::build_player;
use crate::games::placeholder::TerminalOnly;
use crate::{Evaluator, Params, Playable, Player, PlayerError};

/// The evaluation every Halma-game player uses.
fn evaluator<G: Geometry>(_game: &Halma<G>) -> Arc<dyn Evaluator<Halma<G>>>
where
    Halma<G>: board_core::Game,
{
    Arc::new(TerminalOnly)
}

impl<G: Geometry + Send + Sync + 'static> Playable for Halma<G>
where
    Halma<G>: board_core::Game,
    <Halma<G> as board_core::Game>::State: Send + Sync,
{
    fn player_names(&self) -> Vec<&'static str> {
        vec!["greedy", "random"]
    }

    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &Params<'_>,
    ) -> Result<Box<dyn Player<Self>>, PlayerError> {
        build_player(self, &self.player_names(), name, seed, params, evaluator)
    }
}
