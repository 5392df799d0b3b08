//! Learned evaluations for the dice games: a small net evaluated natively.
//!
//! The net ([`Mlp`]) reads a game's position through the game's own input
//! encoding ([`NetGame`]) from the point of view of the seat whose turn it
//! is, and gives probabilities for that seat (winning; for backgammon also
//! the gammons and backgammons); [`NetEvaluator`] turns them into each
//! seat's expected return under the game's scoring. The shipped nets
//! (`players/nets/*.net`, trained by self-play with the `racegames-train`
//! crate, backgammon's then fitted to GNU Backgammon's evaluations) are
//! built into the crate; [`Mlp::from_path`] loads another. Value
//! nets and policies share one file format: see [`file`](mod@file).
//!
//! A state at a decision node is read as if its dice were not yet thrown:
//! players evaluate the positions at the end of a turn, where the next
//! player is about to throw.
//!
//! ```
//! use racegames_board::{Game, Node};
//! use racegames_players::net::NetEvaluator;
//! use racegames_players::Evaluator;
//! use racegames_tables::Tables;
//!
//! let game = Tables::backgammon();
//! let eval = NetEvaluator::shipped(&game).unwrap();
//! let mut state = game.new_initial_state();
//! game.apply(&mut state, 7).unwrap(); // the opening throw
//! let mut value = [0.0; 2];
//! eval.evaluate(&game, &state, &mut value);
//! assert!(value[0].abs() <= 1.0 && (value[0] + value[1]).abs() < 1e-9);
//! ```

mod daldos;
pub(crate) mod dense;
pub mod file;
mod mlp;
mod tables;
mod tables_contact;

pub(crate) use tables::shipped_depth;

use std::sync::Arc;

use racegames_board::{Game, Node, Seat};

pub use file::{FileError, NetFile, NetKind, MAGIC, VERSION};
pub use mlp::{sigmoid, Mlp, NetError, MAX_HIDDEN, MAX_INPUTS, MAX_OUTPUTS};
pub use tables::TABLES_INPUTS;

use crate::Evaluator;

/// A game a net can evaluate: its input encoding and how the net's
/// probabilities make a return.
pub trait NetGame: Game {
    /// The encoding's name, stored in the weight file so that a net is
    /// never read with inputs it was not trained on.
    fn net_encoding(&self) -> &'static str;
    /// The number of inputs (at most [`MAX_INPUTS`]).
    fn net_inputs(&self) -> usize;
    /// Writes the inputs of `state` into `x[..net_inputs()]` and returns
    /// the seat they are seen from (the seat whose turn it is); `None`
    /// (and nothing written) before the first turn, at a terminal state,
    /// or when `x` is too short.
    fn net_encode(&self, state: &Self::State, x: &mut [f32]) -> Option<Seat>;
    /// The return of the seat the inputs were seen from, from the net's
    /// outputs, within the game's utilities.
    fn net_utility(&self, probs: &[f32]) -> f64;
    /// The outputs a perfect net would give at the terminal `state` for
    /// `seat`: the training target (½ a win for a truncated game).
    fn net_outcome(&self, state: &Self::State, seat: Seat, out: &mut [f32]);
    /// The weight file shipped for this game and its options, if any.
    fn shipped_net(&self) -> Option<&'static [u8]>;
    /// Outputs known exactly at `state`, written into `out` as the net's
    /// would be (as many as fit), and the seat they are for, or `None`
    /// (the default) where the net is asked: backgammon's bear-off
    /// ([`crate::bearoff`]).
    fn exact_outputs(&self, _state: &Self::State, _out: &mut [f32]) -> Option<Seat> {
        None
    }
}

/// Rewrites a seat's outputs as the other seat's: a win becomes a loss,
/// and the gammon and backgammon pairs swap.
pub fn flip_outputs(probs: &mut [f32]) {
    if let Some(p) = probs.first_mut() {
        *p = 1.0 - *p;
    }
    for pair in probs.get_mut(1..).unwrap_or_default().chunks_exact_mut(2) {
        pair.swap(0, 1);
    }
}

/// An [`Evaluator`] from a net: each seat's expected return.
#[derive(Clone, Debug, PartialEq)]
pub struct NetEvaluator {
    net: Mlp,
}

impl NetEvaluator {
    /// Evaluates `game` with `net`.
    ///
    /// # Errors
    ///
    /// [`NetError::Mismatch`] when the net reads another encoding or input
    /// count, [`NetError::Outputs`] when it does not have 1 or 5 outputs.
    pub fn new<G: NetGame>(game: &G, net: Mlp) -> Result<NetEvaluator, NetError> {
        if net.encoding() != game.net_encoding() || net.inputs() != game.net_inputs() {
            return Err(NetError::Mismatch {
                expected: game.net_encoding().to_owned(),
                expected_inputs: game.net_inputs(),
                found: net.encoding().to_owned(),
                found_inputs: net.inputs(),
            });
        }
        if !matches!(net.outputs(), 1 | 5) {
            return Err(NetError::Outputs(net.outputs()));
        }
        Ok(NetEvaluator { net })
    }

    /// The net shipped for this game, if it has one (`players/nets/`: the
    /// games whose net beat the hand-written evaluation in the searchers,
    /// listed in `train/README.md`).
    ///
    /// # Errors
    ///
    /// [`NetError::Mismatch`] when the game has no shipped net, or as
    /// [`NetEvaluator::new`].
    pub fn shipped<G: NetGame>(game: &G) -> Result<NetEvaluator, NetError> {
        let bytes = game.shipped_net().ok_or_else(|| NetError::Mismatch {
            expected: game.net_encoding().to_owned(),
            expected_inputs: game.net_inputs(),
            found: "no shipped net for this game".to_owned(),
            found_inputs: 0,
        })?;
        NetEvaluator::new(game, Mlp::from_bytes(bytes)?)
    }

    /// The net.
    pub fn net(&self) -> &Mlp {
        &self.net
    }

    /// The net's outputs at a non-terminal `state`, written into `out`
    /// (at least the net's output count), and the seat they are for;
    /// `None` before the first turn and at a terminal state. Where the
    /// game knows them exactly ([`NetGame::exact_outputs`]: backgammon's
    /// bear-off), the exact values instead of the net's.
    pub fn probabilities<G: NetGame>(
        &self,
        game: &G,
        state: &G::State,
        out: &mut [f32],
    ) -> Option<Seat> {
        if let Some(seat) = game.exact_outputs(state, out) {
            return Some(seat);
        }
        let mut x = [0.0f32; MAX_INPUTS];
        let mut h = [0.0f32; MAX_HIDDEN];
        let seat = game.net_encode(state, &mut x)?;
        self.net.forward(&x[..self.net.inputs()], &mut h, out);
        Some(seat)
    }
}

/// The shipped net's evaluator for `game`, ready for the search players;
/// `None` when the game (with these options) has no shipped net.
pub fn shipped_evaluator<G: NetGame + Sync + 'static>(game: &G) -> Option<Arc<dyn Evaluator<G>>> {
    let eval = NetEvaluator::shipped(game).ok()?;
    Some(Arc::new(eval))
}

impl<G: NetGame + Sync> Evaluator<G> for NetEvaluator {
    fn evaluate(&self, game: &G, state: &G::State, out: &mut [f64]) {
        if game.node(state) == Node::Terminal {
            crate::returns::exact_returns(game, state, out);
            return;
        }
        let mut probs = [0.0f32; MAX_OUTPUTS];
        out.fill(0.0);
        // Before the first turn the seats are alike: 0 each.
        if let Some(seat) = self.probabilities(game, state, &mut probs) {
            let u = game.net_utility(&probs[..self.net.outputs()]);
            let me = seat.index();
            if let Some(o) = out.get_mut(me) {
                *o = u;
            }
            if let Some(o) = out.get_mut(1 - me) {
                *o = -u;
            }
        }
    }
}

#[cfg(test)]
mod points_tests;
#[cfg(test)]
mod shipped_tests;
#[cfg(test)]
mod tests;
