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

/// The width of MCTS's `own_progress` curve, in steps of the evaluation's
/// cost: about two moves' gain.
const OWN_PROGRESS_WIDTH: f64 = 5.0;

/// The search players' settings when not given, chosen by the decision
/// time they take (`cargo bench -p racegames-players --bench decide`).
/// Random play never ends these games, so the evaluation cuts the playouts
/// short.
fn defaults<G: Distance>(game: &Halma<G>) -> Defaults
where
    Halma<G>: board_core::Game,
{
    // Every ply has a hundred ends or more, so a full-width tree stays
    // about one ply deep. Modelling each opponent as playing its
    // evaluation's best ply (opponent_breadth 1) spends the budget on the
    // searcher's own next turns instead: on the star the arena's score
    // against greedy rose from 80% to 89% at three seats and from 61% to
    // 95% at six. Where two searchers face each other across the board
    // (the arena seats them so at two and four seats), searchers that also
    // valued the others' losses walled each other's pieces in, and games
    // ran into the turn limit. On the square board with four seats, valuing
    // each seat by its own progress (own_progress) ends that: 90% against
    // greedy over 40 games, every game against random finished.
    let seats = board_core::Game::num_players(game);
    let opposite_seats = seats == 2 || seats == 4;
    let (simulations, opponent_breadth, own_progress) = match (opposite_seats, G::CAMPS, seats) {
        (false, _, _) => (4_000, 1, 0.0),
        (true, 6, _) => (12_000, 0, 0.0),
        // Each opponent's best ply costs a ranking of its hundred ends:
        // 5000 simulations keep the median decision under 100 ms.
        (true, _, 4) => (5_000, 1, OWN_PROGRESS_WIDTH),
        // The square board has about twice the moves of the star.
        (true, _, _) => (10_000, 0, 0.0),
    };
    Defaults {
        // Not offered: expectimax is for two players with dice.
        expectimax: ExpectimaxSettings::DEFAULT,
        mcts: MctsSettings {
            simulations,
            exploration: 0.2,
            rollout_plies: 0,
            breadth: 0,
            opponent_breadth,
            own_progress,
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
