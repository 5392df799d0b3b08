//! The Halma games: Chinese checkers and Halma.

use std::sync::Arc;

use racegames_halma::Halma;

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
    Halma<G>: racegames_board::Game,
{
    match kind {
        Evaluation::Hand => Some(Arc::new(HalmaEval::default())),
        Evaluation::Net => None,
    }
}

/// The width of MCTS's `own_progress` curve, in steps of the evaluation's
/// cost: about two moves' gain.
const OWN_PROGRESS_WIDTH: f64 = 5.0;

/// The search players' settings when not given, chosen by the decision
/// time they take (`cargo bench -p racegames-players --bench decide`).
/// Random play never ends these games, so the evaluation cuts the playouts
/// short.
fn defaults<G: Distance>(game: &Halma<G>) -> Defaults
where
    Halma<G>: racegames_board::Game,
{
    // Every ply has a hundred ends or more, so a full-width tree stays
    // about one ply deep. Modelling each opponent as playing its
    // evaluation's best ply (opponent_breadth 1) spends the budget on the
    // searcher's own next turns instead: on the star the arena's score
    // against greedy rose from 80% to 89% at three seats and from 61% to
    // 95% at six. With two and four seats, searchers that also valued the
    // others' losses walled pieces into each other's target camps, and
    // games ran into the turn limit; valuing each seat by its own progress
    // (own_progress) ends that, and against greedy over 40 games it scored
    // 90% (against 65% at full width) with four seats on the star and 90%
    // on the square board (was level), 90% with two on the star (85%) and
    // 95% on the square board (60%). With three and six seats the
    // evaluation's race between the seats played better (95% and 90%,
    // against 81% and 86% with own_progress).
    let seats = racegames_board::Game::num_players(game);
    let own_progress = if seats == 2 || seats == 4 {
        OWN_PROGRESS_WIDTH
    } else {
        0.0
    };
    // Each opponent's best ply costs a ranking of its hundred ends; these
    // keep the median decision under 100 ms. The square board has about
    // twice the moves of the star.
    let simulations = if G::CAMPS == 6 { 4_000 } else { 5_000 };
    Defaults {
        // Not offered: expectimax is for two players with dice.
        expectimax: ExpectimaxSettings::DEFAULT,
        mcts: MctsSettings {
            simulations,
            exploration: 0.2,
            rollout_plies: 0,
            breadth: 0,
            opponent_breadth: 1,
            own_progress,
        },
    }
}

impl<G: Distance + Send + Sync + 'static> Playable for Halma<G>
where
    Halma<G>: racegames_board::Game,
    <Halma<G> as racegames_board::Game>::State: Send + Sync,
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

    fn evaluation(&self, kind: Evaluation) -> Option<Arc<dyn Evaluator<Self>>> {
        evaluator(self, kind)
    }

    fn search_defaults(&self) -> Defaults {
        defaults(self)
    }
}
