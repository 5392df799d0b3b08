//! MCTS on a tiny dice race: it finds the plies that expectimax finds.

use std::sync::Arc;

use crate::hop::{HopState, Lead, HOP};
use racegames_players::expectimax::{decide, ExpectimaxSettings};
use racegames_players::mcts::{MctsPlayer, MctsSettings};
use racegames_players::Player;

fn state(pos: [u8; 2], turn: u8, die: u8) -> HopState {
    HopState {
        pos,
        turn,
        die,
        turns: 0,
    }
}

#[test]
fn mcts_agrees_with_deep_expectimax_where_the_choice_is_clear() {
    let settings = MctsSettings {
        simulations: 3000,
        exploration: 0.2,
        rollout_plies: 0,
        ..MctsSettings::default()
    };
    let deep = ExpectimaxSettings {
        depth: 4,
        beam: 0,
        prune: true,
        budget: 0,
        root_filter: 0.0,
    };
    let cases = [
        state([5, 0], 0, 1), // moving wins at once
        state([0, 0], 0, 3), // moving 3 earns an extra throw
        state([0, 5], 0, 1),
        state([2, 4], 1, 2), // B reaches 6
    ];
    for (i, s) in cases.iter().enumerate() {
        let mut player = MctsPlayer::new(i as u64, Arc::new(Lead), settings);
        let action = player.act(&HOP, s).unwrap();
        let (best, _) = decide(&HOP, &Lead, deep, 0, s).unwrap();
        assert_eq!(vec![action], best, "case {i}");
    }
}
