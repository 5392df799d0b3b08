//! The tables games: every [`Tables`] variant, presets and custom rules.

use std::sync::Arc;

use racegames_board::Game;

use racegames_tables::Tables;

use crate::builtin::{build_player, Defaults, Evaluation};
use crate::expectimax::ExpectimaxSettings;
use crate::games::tables_eval::TablesEval;
use crate::mcts::MctsSettings;
use crate::net::NetGame;
use crate::{Evaluator, Params, Playable, Player, PlayerError};

/// The game's evaluations: the shipped learned net where there is one
/// for the options, and the hand-written evaluation.
fn evaluator(game: &Tables, kind: Evaluation) -> Option<Arc<dyn Evaluator<Tables>>> {
    match kind {
        Evaluation::Net => crate::net::shipped_evaluator(game),
        Evaluation::Hand => Some(Arc::new(TablesEval::default())),
    }
}

/// The search players' settings when not given, chosen by the decision
/// time they take (`cargo bench -p racegames-players --bench decide`).
fn defaults(game: &Tables) -> Defaults {
    // Depth 2 evaluates every reply to every throw: with two dice, 21
    // throws of tens of replies; with three, 56 throws of hundreds, several
    // tenths of a second with the hand-written evaluation. MCTS's
    // simulations cost more with more replies too. The number of outcomes
    // tells the dice apart whatever the variant (21 for two six-sided dice,
    // 56 for three; an opening throw may have 30).
    let two_dice = game.max_chance_outcomes() <= 36;
    // The shipped nets evaluate in about 2 µs, ten times faster than the
    // hand-written evaluation of three dice: in Seys dos e as depth 2 fits
    // with a beam of 4; each net's table says where it does.
    let depth = match crate::net::shipped_depth(game) {
        Some(d) => d,
        None if two_dice => 2,
        None => 1,
    };
    let simulations = if two_dice { 5000 } else { 1200 };
    Defaults {
        expectimax: ExpectimaxSettings {
            depth,
            beam: if two_dice { 8 } else { 4 },
            prune: true,
            budget: 0,
        },
        mcts: MctsSettings {
            simulations,
            exploration: 0.2,
            rollout_plies: 0,
            breadth: 0,
            opponent_breadth: 0,
            own_progress: 0.0,
        },
    }
}

impl Playable for Tables {
    fn player_names(&self) -> Vec<&'static str> {
        // As the arena measured them (docs/players.md). Greedy evaluates by
        // hand; the searchers use the shipped net where there is one. With
        // three dice and no net the tree grows too fast for MCTS's budget,
        // and greedy beats it.
        if self.max_chance_outcomes() <= 36 || self.shipped_net().is_some() {
            vec!["expectimax", "mcts", "greedy", "random"]
        } else {
            vec!["expectimax", "greedy", "mcts", "random"]
        }
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
