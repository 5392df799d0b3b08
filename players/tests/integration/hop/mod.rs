//! The contract kit's dice race, in the variant the search tests work out by
//! hand: a throw is 1 with probability 1/2, 2 and 3 with 1/4 each; the
//! player stays (action 0) or moves by the die (action 1, if it does not
//! pass 6); reaching 6 wins (+1, -1); moving by a 3 earns an extra throw;
//! the game is truncated after 60 turns with returns of 0.

use racegames_board::{Game, Node};

pub use racegames_board::testing::{Race, RaceDie, RaceState as HopState};

use racegames_players::Evaluator;

/// The race of these tests.
pub const HOP: Race = Race {
    die: RaceDie::Skewed,
    bonus_throw: true,
    max_turns: 60,
};

/// Each player's lead in squares, in tenths: `(own - other) / 10`.
pub struct Lead;

impl Evaluator<Race> for Lead {
    fn evaluate(&self, game: &Race, s: &HopState, out: &mut [f64]) {
        if game.node(s) == Node::Terminal {
            game.returns(s, out).unwrap();
            return;
        }
        let lead = (f64::from(s.pos[0]) - f64::from(s.pos[1])) / 10.0;
        out[0] = lead;
        out[1] = -lead;
    }
}
