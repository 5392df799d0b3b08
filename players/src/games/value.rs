//! Shared by the hand-written evaluations: turning a score into returns.

use racegames_board::{Game, Node};

/// Writes the exact returns and answers true when `state` is terminal.
pub(crate) fn terminal<G: Game>(game: &G, state: &G::State, out: &mut [f64]) -> bool {
    if game.node(state) == Node::Terminal {
        crate::returns::exact_returns(game, state, out);
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

/// How much of a squashed value is kept strictly increasing where the
/// smooth part rounds to its limit.
pub(crate) const TIE_BREAK: f64 = 1e-6;

/// A score to a value in `(-1, 1)`: `tanh`, plus a sliver that keeps
/// growing with the score where `tanh` has rounded to ±1 in floating point
/// (past |x| ≈ 19), so that a player far ahead still tells its moves apart.
#[inline]
pub(crate) fn squash(x: f64) -> f64 {
    (1.0 - TIE_BREAK) * x.tanh() + TIE_BREAK * x / (1.0 + x.abs())
}
