//! The tables games: every [`Tables`] variant, presets and custom rules.

use std::sync::Arc;

use racegames_board::{Game, Node, Seat};

use racegames_tables::{Tables, Variant};

use crate::analysis::CubeAnalysis;
use crate::builtin::{build_player, Defaults, Evaluation};
use crate::cube::Outcomes;
use crate::expectimax::ExpectimaxSettings;
use crate::games::tables_cube::CubelessPlayer;
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
            root_filter: 0.0,
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

/// A preset's variant.
type Preset = fn() -> Variant;

/// The ladder's order (`py/scripts/ladder.py`, docs/players.md: each
/// player against the next over 200 games, seats alternating) for the
/// presets where it differs from [`rule_order`]. A preset with any option
/// changed follows the rule.
static MEASURED_ORDER: &[(Preset, [&str; 4])] = &[
    // Over the net, MCTS is level with expectimax and ahead on the measured
    // score (50.5%).
    (Variant::laquet, ["mcts", "expectimax", "greedy", "random"]),
    // Likewise in Buffa de baldrac, over its 10,000-game net (expectimax
    // 46.5%).
    (
        Variant::buffa_de_baldrac,
        ["mcts", "expectimax", "greedy", "random"],
    ),
    // The game ends in a tie unless one side fills its goal first: nearly
    // every game is drawn, and MCTS is level with greedy and behind it on
    // the measured score (greedy 54.2%).
    (
        Variant::doze_canes,
        ["expectimax", "greedy", "mcts", "random"],
    ),
];

/// The order where nothing was measured otherwise. Greedy evaluates by
/// hand; the searchers use the shipped net where there is one. With three
/// dice and no net the tree grows too fast for MCTS's budget, and greedy
/// beats it.
fn rule_order(game: &Tables) -> Vec<&'static str> {
    if game.max_chance_outcomes() <= 36 || game.shipped_net().is_some() {
        vec!["expectimax", "mcts", "greedy", "random"]
    } else {
        vec!["expectimax", "greedy", "mcts", "random"]
    }
}

impl Playable for Tables {
    fn player_names(&self) -> Vec<&'static str> {
        if self.variant().is_cubeful() {
            return self.cubeless().player_names();
        }
        match MEASURED_ORDER
            .iter()
            .find(|(preset, _)| preset() == *self.variant())
        {
            Some((_, order)) => order.to_vec(),
            None => rule_order(self),
        }
    }

    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &Params<'_>,
    ) -> Result<Box<dyn Player<Self>>, PlayerError> {
        if self.variant().is_cubeful() {
            // Checker play as without the cube (tables_cube.rs).
            let inner = self.cubeless().make_player(name, seed, params)?;
            return Ok(Box::new(CubelessPlayer::new(inner, self)));
        }
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

    fn outcomes(&self, state: &Self::State) -> Option<(Outcomes, Seat)> {
        if self.variant().is_cubeful() {
            return net_outcomes(&self.cubeless(), &self.cubeless_position(state));
        }
        net_outcomes(self, state)
    }

    fn cube_analysis(&self, state: &Self::State) -> Option<CubeAnalysis> {
        crate::games::tables_cube::cube_analysis(self, state)
    }
}

/// The shipped net's outcome chances at `state` for the seat to act
/// (seat 0 at a terminal state), in the analysis' order (win, win gammon, win backgammon, lose gammon,
/// lose backgammon); `None` where
/// the game has no five-output net or before the first turn.
fn net_outcomes<G: crate::net::NetGame>(game: &G, state: &G::State) -> Option<(Outcomes, Seat)> {
    let net = crate::net::NetEvaluator::shipped(game).ok()?;
    if net.net().outputs() != 5 {
        return None;
    }
    let mut p = [0.0f32; crate::net::MAX_OUTPUTS];
    let seat = if game.node(state) == Node::Terminal {
        game.net_outcome(state, Seat::FIRST, &mut p);
        Seat::FIRST
    } else {
        net.probabilities(game, state, &mut p)?
    };
    // The net's order: win, win gammon, lose gammon, win bg, lose bg.
    let o = [p[0], p[1], p[3], p[2], p[4]].map(f64::from);
    Some((Outcomes::from_array(o), seat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measured_preset_lists_its_ladder_and_a_changed_one_the_rule() {
        let laquet = Tables::new(Variant::laquet()).unwrap();
        assert_eq!(laquet.player_names()[..2], ["mcts", "expectimax"]);
        let mut three = Variant::laquet();
        three.dice = 3;
        let changed = Tables::new(three).unwrap();
        assert_eq!(changed.player_names(), rule_order(&changed));
        let named =
            <Tables as racegames_board::FromParams>::from_params("doze_canes", &[]).unwrap();
        assert_eq!(named.player_names()[..2], ["expectimax", "greedy"]);
        for (preset, order) in MEASURED_ORDER {
            let game = Tables::new(preset()).unwrap();
            let mut listed = game.player_names();
            let mut rule = rule_order(&game);
            assert_eq!(listed, order.to_vec());
            listed.sort_unstable();
            rule.sort_unstable();
            assert_eq!(listed, rule, "the same players, in another order");
        }
    }
}
