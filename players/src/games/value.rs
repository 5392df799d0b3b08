//! Shared by the hand-written evaluations: turning a score into returns.

use board_core::{Game, Node};

/// Writes the exact returns and answers true when `state` is terminal.
pub(crate) fn terminal<G: Game>(game: &G, state: &G::State, out: &mut [f64]) -> bool {
    if game.node(state) == Node::Terminal {
        game.returns(state, out);
        true
    } else {
        false
    }
}

/// Writes a two-player zero-sum estimate: `value` for seat 0 (clamped to
/// `-limit..=limit`) and its negation for seat 1.
pub(crate) fn two_player(value: f64, limit: f64, out: &mut [f64]) {
    let v = if value.is_nan() {
        0.0
    } else {
        value.clamp(-limit, limit)
    };
    if let Some(o) = out.get_mut(0) {
        *o = v;
    }
    if let Some(o) = out.get_mut(1) {
        *o = -v;
    }
}

/// The logistic function: a score to a probability.
#[inline]
pub(crate) fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}
