//! The Halma games: Chinese checkers and Halma.

use std::sync::Arc;

use halma_core::Halma;

use crate::builtin::{build_player, Defaults, Evaluation};
use crate::expectimax::ExpectimaxSettings;
use crate::games::halma_eval::{Distance, HalmaEval};
use crate::mcts::MctsSettings;
use crate::{Evaluator, Params, Playable, Player, PlayerError};

/// The Halma games' evaluation: written by hand (no net is shipped).
fn evaluator<G: Distance>(
    _game: &Halma<G>,
    kind: Evaluation,
) -> Option<Arc<dyn Evaluator<Halma<G>>>>
where
    Halma<G>: board_core::Game,
{
    match kind {
        Evaluation::Hand => Some(Arc::new(HalmaEval::default())),
        Evaluation::Net => None,
    }
}

/// The search players' settings when not given, chosen by the decision
/// time they take (`cargo bench -p racegames-players --bench decide`).
/// Random play never ends these games, so the evaluation cuts the playouts
/// short.
fn defaults<G: Distance>(_game: &Halma<G>) -> Defaults {
    // The square board has about twice the moves of the star. With fewer
    // simulations MCTS was level with greedy at four and six seats (the
    // arena: 53% over 100 games at four seats with 4000, 66% with 12000).
    let simulations = if G::CAMPS == 6 { 12_000 } else { 10_000 };
    Defaults {
        // Not offered: expectimax is for two players with dice.
        expectimax: ExpectimaxSettings::DEFAULT,
        mcts: MctsSettings {
            simulations,
            exploration: 0.2,
            rollout_plies: 0,
        },
    }
}

impl<G: Distance + Send + Sync + 'static> Playable for Halma<G>
where
    Halma<G>: board_core::Game,
    <Halma<G> as board_core::Game>::State: Send + Sync,
{
    fn player_names(&self) -> Vec<&'static str> {
        // As the arena measured them (docs/players.md): with its default
        // budget MCTS beats greedy on every board and at every number of
        // seats.
        vec!["mcts", "greedy", "random"]
    }

    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &Params<'_>,
    ) -> Result<Box<dyn Player<Self>>, PlayerError> {
        build_player(
            self,
            &self.player_names(),
            name,
            seed,
            params,
            &defaults(self),
            evaluator,
        )
    }
}
