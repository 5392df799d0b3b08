#![doc = include_str!("../README.md")]
//!
//! # Feature flags
//!
//! - `std` (default): implements `std::error::Error` through `core::error::Error`
//!   and enables `alloc`.
//! - `alloc`: enables [`analysis`], which memoises positions on the heap,
//!   [`perft`], which counts the states reached in a number of turns, and
//!   [`record`], game records as text.
//! - `testing` (implies `alloc`): the contract kit of `testing`, for
//!   tests: `check_game`, the perft data files' driver and a toy dice game.
//! - `serde`: `Serialize` and `Deserialize` for [`Seat`], [`Node`] and the
//!   dice types.
//!
//! Without default features the crate is `no_std` and allocation-free.
#![no_std]
// docs.rs builds with `--cfg docsrs` (Cargo.toml): mark feature-gated items.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Every public function returning a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

#[cfg(feature = "alloc")]
pub mod analysis;
pub mod dice;
mod game;
pub mod notation;
pub mod params;
#[cfg(feature = "alloc")]
pub mod perft;
#[cfg(feature = "alloc")]
pub mod record;
mod seat;
pub mod sim;
#[cfg(feature = "testing")]
pub mod testing;

pub use game::{
    Action, ActionBuffer, Game, IllegalAction, Node, ObservationError, ReturnsError,
    ACTION_BUFFER_CAPACITY,
};
pub use notation::{ParseError, SetupError};
pub use params::{FromParams, ParamError, ParamList, ParamValue};
pub use seat::Seat;
