#![doc = include_str!("../README.md")]
//!
//! # Rules
//!
//! The rules as the project's reference (`docs/games/daldos.md`) gives them,
//! with its defaults; each other reading is an [`Options`] field of the same
//! name:
//!
//! - **Board**: row A (A's home row, `n` holes), the middle row (`n + 1`,
//!   the extra hole at the prow) and row B, indexed from the stern. Danish
//!   `n = 16`, Norwegian `n = 12`; one piece per home-row hole.
//! - **Route**: A runs its home row towards the stern, the middle row to the
//!   prow, row B towards the stern, then the middle row and row B again,
//!   forever, never home. B runs the mirror image. See [`Board::next`].
//! - **Dice**: two four-sided long dice, 1 (the dal) to 4. A throw is a chance
//!   node of 10 unordered outcomes (doubles 1/16, others 2/16). The roll-off
//!   is a chance node of two outcomes, ½ each.
//! - **Dalling**: a 1 turns an undalled piece and moves it one hole on, if
//!   that hole holds no friendly piece (`dalling = stern_only`: only the
//!   undalled piece nearest the stern).
//! - **Moving**: dalled pieces move by the dice, used on two different pieces
//!   or added on one (a dal and a further die on the same piece is an added
//!   move). Enemy pieces may be jumped (`jumping = forbidden`: no piece may
//!   be), friendly pieces never, and no piece lands on a friendly one.
//! - **Capture**: an enemy piece on the hole where a move ends is removed,
//!   undalled or not. An added move removes only the enemy on its final hole
//!   (`capture = intermediate`: also the one on the hole the first die
//!   reaches).
//! - **Using the dice**: both if possible, else one (the player's choice
//!   when either could be used), else the throw is lost. A dal-dal (1 + 1)
//!   gives an extra throw once it is used or lost.
//! - **End**: a player with no pieces loses (`lose_at_one`: a player reduced
//!   to one piece loses). `max_turns` (default 1000, 0 for none) stops the
//!   game with returns of 0.
//!
//! Readings this crate had to choose, where the source (the Wikipedia
//! article *Daldøs*) leaves room:
//!
//! - When both dice go to two different pieces, the pieces may move in
//!   either order; the move is legal if some order is (one piece may clear
//!   the way for the other). Both orders give the same position.
//! - With `capture = final`, an added move is one move of the summed length:
//!   with `jumping = forbidden` every hole it passes must be empty, and a
//!   dal followed by a move is such a move (the dal's hole is passed, not
//!   landed on).
//! - A position whose notation shows a single die (`4`) is accepted: only
//!   that die is used, and it never gives an extra throw.
//!
//! # Positions, setups and the notation
//!
//! A [`Position`] is what the game plays on. One made by the game (its
//! moves, [`Daldos::parse_position`], [`Daldos::position`], `FromStr`,
//! serde) is always one the rules allow; one built by hand with
//! [`Position::put`] and the setters is only that once [`Daldos::check`]
//! accepts it (the game never panics on it either way). A [`Setup`] is any
//! arrangement the one-line notation can write (see [`notation`]), possible
//! or not, with public fields:
//!
//! - `text.parse::<Setup>()` reads the notation and `setup.to_string()`
//!   writes it; errors name the field and the byte offset;
//! - [`Daldos::position`] makes a position of a setup, or says which field
//!   is impossible ([`racegames_board::SetupError`]); [`Daldos::setup`] goes
//!   back;
//! - [`Daldos::parse_position`] does both steps; [`Daldos::notation`] and
//!   [`Daldos::diagram`] write a position as one line or as a picture.
//!
//! `Position` implements `FromStr` (under the default rules on the board the
//! notation shows) and `Display` (the notation).
//!
//! The second example above shows each step.
//!
//! # Actions and observations
//!
//! One action is the whole use of one throw; see [`moves`] for the index of
//! each move and [`observation`] for the tensor, which is written from the
//! observer's point of view. Chance actions are the roll-off winner (0 = A,
//! 1 = B) and the index of a throw in [`DICE`]'s order (`44` is 0, `11` is 9).
//!
//! # Feature flags
//!
//! - `std` (default): `std::error::Error` for the error types; enables `alloc`.
//! - `alloc`: the capture odds in [`analysis`], which memoise positions.
//! - `serde`: `Serialize`/`Deserialize` for positions, setups, moves and
//!   options.
//!
//! With no default features the crate is `no_std` and never allocates.
//!
//! # Serialized form
//!
//! A [`Position`] and a [`Setup`] serialize as their notation string, such
//! as `"bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0"`: the form
//! is the notation and stays stable. Deserializing a position reads the
//! string as `FromStr` does, checking it under the default rules on its
//! board, so nothing impossible gets in; for a game with other options,
//! deserialize a `Setup` and make the position with that game's
//! [`Daldos::position`].
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
mod board;
mod diagram;
mod game;
pub mod moves;
pub mod notation;
pub mod observation;
mod options;
mod position;
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;

pub use board::{BadHoleName, BadHoleNumber, Board, Hole, HoleName, Row, MAX_HOLES};
pub use game::{Daldos, DICE, NUM_THROWS};
pub use moves::{Die, Move, MAX_MOVES};
pub use options::{Capture, Dalling, Jumping, Options};
pub use position::{Phase, Piece, Position};
pub use setup::Setup;
