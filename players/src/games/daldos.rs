//! Daldøs.

use std::sync::Arc;

use daldos_core::Daldos;

use crate::builtin::build_player;
use crate::games::placeholder::TerminalOnly;
use crate::{Evaluator, Params, Playable, Player, PlayerError};

/// The evaluation every Daldøs player uses.
fn evaluator(_game: &Daldos) -> Arc<dyn Evaluator<Daldos>> {
    Arc::new(TerminalOnly)
}

impl Playable for Daldos {
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
