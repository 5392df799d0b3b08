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
//! - [`net`]: learned evaluations for the dice games, evaluated natively;
//!   [`bearoff`]: backgammon's bear-off, solved, which the net defers to.
//! - [`Interrupt`]: the flag that stops long work early (Ctrl-C).
//! - [`cube`]: doubling, taking and dropping, in money and match play.
//! - [`arena`]: matches between players on several threads, Wilson
//!   intervals, round robins with Elo ratings.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Every public function returning a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]

pub mod arena;
pub mod bearoff;
pub mod builtin;
pub mod cube;
mod eval;
pub mod expectimax;
mod fxhash;
pub mod games;
pub mod greedy;
mod interrupt;
pub mod limit;
pub mod mcts;
pub mod net;
mod params;
mod player;
pub mod ply;
pub mod policy;
pub mod random;
mod registry;
mod returns;

pub use eval::Evaluator;
pub use interrupt::{interrupt_requested, with_interrupt, Interrupt};
pub use params::Params;
pub use player::{Player, PlayerError};
pub use registry::Playable;
