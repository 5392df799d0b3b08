#![doc = include_str!("../README.md")]
//!
//! # Layout
//!
//! - [`Player`]: decides an action at a decision node; [`Playable`] names
//!   and builds a game's built-in players.
//! - [`ply`]: the end-of-turn positions a player chooses among (a turn may
//!   be several actions: one die at a time, or a jump chain).
//! - [`Evaluator`]: a game's estimate of each seat's return.
//! - [`greedy`], [`expectimax`], [`mcts`]: the search players, which know
//!   no game; [`random`]: the uniform player.
//! - [`builtin`]: a named player built from a game's evaluation, options
//!   and defaults.
//! - `games/`: each game's evaluation and its list of players.
//! - [`net`]: learned evaluations for the dice games, evaluated natively.
//! - [`Interrupt`]: the flag that stops long work early (Ctrl-C).
//! - [`analysis`]: what a position is worth, the plays ranked, rollouts,
//!   a played game's mistakes, backgammon's bear-off distributions.
//! - [`arena`]: matches between players on several threads, Wilson
//!   intervals, round robins with Elo ratings.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Every public function returning a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]

pub mod analysis;
pub mod arena;
pub mod builtin;
mod eval;
pub mod expectimax;
mod fxhash;
pub mod games;
pub mod greedy;
mod interrupt;
pub mod limit;
pub mod mcts;
pub mod net;
mod player;
pub mod ply;
pub mod policy;
pub mod random;
mod registry;
mod returns;

pub use eval::Evaluator;
pub use interrupt::{interrupt_requested, with_interrupt, Interrupt};
pub use player::{Player, PlayerError};
pub use registry::{Params, Playable};
