//! Daldøs.

use std::sync::Arc;

use racegames_daldos::Daldos;

use crate::builtin::{build_player, Defaults, Evaluation};
use crate::expectimax::ExpectimaxSettings;
use crate::games::daldos_eval::DaldosEval;
use crate::mcts::MctsSettings;
use crate::{Evaluator, Params, Playable, Player, PlayerError};

/// The game's evaluations: the shipped learned net where there is one
/// for the options, and the hand-written evaluation.
fn evaluator(game: &Daldos, kind: Evaluation) -> Option<Arc<dyn Evaluator<Daldos>>> {
    match kind {
        Evaluation::Net => crate::net::shipped_evaluator(game),
        Evaluation::Hand => Some(Arc::new(DaldosEval::default())),
    }
}

/// The search players' settings when not given, chosen by the decision
/// time they take (`cargo bench -p racegames-players --bench decide`).
const DEFAULTS: Defaults = Defaults {
    // At depth 3 with a beam of 12, expectimax was level with MCTS (49.5%
    // over 400 games). Deepening to 4 plies wherever the budget allows
    // gave it a small edge: 55.2% [52.6, 57.8] over 1,400 games, at a
    // median 41 ms a decision.
    expectimax: ExpectimaxSettings {
        depth: 3,
        beam: 12,
        prune: true,
        budget: 150_000,
        root_filter: 0.0,
    },
    mcts: MctsSettings {
        simulations: 5000,
        exploration: 0.2,
        rollout_plies: 0,
        breadth: 0,
        opponent_breadth: 0,
        own_progress: 0.0,
    },
};

impl Playable for Daldos {
    fn player_names(&self) -> Vec<&'static str> {
        vec!["expectimax", "mcts", "greedy", "random"]
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
            &DEFAULTS,
            evaluator,
        )
    }

    fn evaluation(&self, kind: Evaluation) -> Option<Arc<dyn Evaluator<Self>>> {
        evaluator(self, kind)
    }

    fn search_defaults(&self) -> Defaults {
        DEFAULTS
    }
}
