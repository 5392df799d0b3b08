//! The racegames environments without Python.
//!
//! - [`erased`]: the game contract with its types erased ([`erased::DynRules`],
//!   [`erased::DynState`]), implemented for every registered game, so that
//!   one interface serves all games;
//! - [`dynplayer`]: the built-in players with types erased and the arena's
//!   seats (built-in players, or players from outside Rust through
//!   [`dynplayer::ExternalPlayer`]);
//! - [`dyngame`]: the whole erased game ([`dyngame::DynGame`]): the
//!   contract and the factories built on it, its players, the arena, luck,
//!   drivers and vectors;
//! - [`registry`]: the games, one line per game type;
//! - [`dynanalysis`]: the analysis of positions and games (evaluate,
//!   hint, rollout, analyse), types erased;
//! - [`driver`]: the one opponent driver, which plays chance and the
//!   opponents' seats for every environment form;
//! - [`episode`]: one seat's step of a single environment (the Gymnasium,
//!   PettingZoo and RLlib adapters), by the vector step's rules;
//! - [`vector`]: the native batched environment, monomorphised per game,
//!   stepped on [`workers`] of its own, with [`shaping`] for the progress
//!   reward;
//! - [`facts`]: what the environments and pictures need to know of each
//!   game beyond its rules;
//! - [`records`]: an arena match's records written in game order;
//! - [`errors`]: the crate's error types.
//!
//! The Python package `racegames` is thin glue over this crate.
//!
//! ```
//! use std::sync::Arc;
//! use racegames_env::registry;
//! use racegames_env::vector::{OutputBuffers, SeatChoice, VectorConfig};
//!
//! let game = (registry::find("backgammon").unwrap())("backgammon", &[]).unwrap();
//! let config = VectorConfig {
//!     num_envs: 4,
//!     seed: 7,
//!     opponents: true,
//!     seat: SeatChoice::Fixed(0),
//!     threads: 1,
//!     progress_reward: false,
//! };
//! let mut envs = Arc::clone(&game).new_vector(config);
//! let mut out = OutputBuffers::for_dyn_game(&*game, 4);
//! envs.reset(None, out.out());
//! let mut actions = vec![0i64; 4];
//! envs.random_actions(&mut actions);
//! envs.step(&actions, out.out());
//! assert_eq!(out.current.len(), 4);
//! ```

#![deny(missing_docs)]
// Every public function returning a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]

pub mod driver;
pub mod dynanalysis;
pub mod dyngame;
pub mod dynplayer;
pub mod episode;
pub mod erased;
pub mod errors;
pub mod facts;
pub mod record_games;
pub mod records;
pub mod registry;
pub mod shaping;
pub mod vector;
pub mod workers;
