//! The tables games: every [`Tables`] variant, presets and custom rules.

use std::sync::Arc;

use tables_core::Tables;

use crate::builtin::build_player;
use crate::games::placeholder::TerminalOnly;
use crate::{Evaluator, Params, Playable, Player, PlayerError};

/// The evaluation every tables player uses.
fn evaluator(_game: &Tables) -> Arc<dyn Evaluator<Tables>> {
    Arc::new(TerminalOnly)
}

impl Playable for Tables {
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
