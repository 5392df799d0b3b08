//! Rules of the Halma family on bitboards: Chinese checkers on the 121-hole
//! star ([`ChineseCheckers`], game name `"chinese_checkers"`) and Halma on
//! the 16x16 board ([`SquareHalma`], game name `"halma"`), one rules engine
//! ([`Halma`]) over two [geometries](geometry).
//!
//! ```
//! use racegames_board::{Game, Node};
//! use racegames_halma::ChineseCheckers;
//!
//! let game = ChineseCheckers::default();
//! let mut state = game.new_initial_state();
//! assert_eq!(
//!     state.to_string(),
//!     "1/11/111/1111/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0"
//! );
//! let step = game.parse_action(&state, "d1-e5").unwrap();
//! game.apply(&mut state, step).unwrap();
//! assert!(matches!(game.node(&state), Node::Decision(p) if p.index() == 1));
//! ```
//!
//! # Boards
//!
//! Holes are numbered in reading order (rows top to bottom, each left to
//! right) from 0: 121 holes on the star, stored in a `u128`; 256 on the
//! square board, stored in a [`bits::Bits256`]. Neighbour and jump tables
//! are built at compile time by `const fn`s. Move generation allocates
//! nothing: steps come from neighbour sets, and jump chains from a flood
//! fill on the four [jump lattices](geometry::JumpLattice), where one
//! shift advances every chain of a piece by one jump in one direction (a
//! `u64` shift on the star, whose classes fit in 64 cells; a `u128` shift
//! on the square board). On the star, camps are numbered
//! clockwise from the top (0 top, 1 upper-right, 2 lower-right, 3 bottom,
//! 4 lower-left, 5 upper-left) and seats take them as OpenSpiel does (2
//! players: top, bottom; 3: top, lower-right, lower-left; 4: top,
//! upper-right, bottom, lower-left; 6: clockwise from the top). On the
//! square board the camps are the corners clockwise from the top-left;
//! 2 players take top-left and bottom-right, 4 players all four. Each
//! seat's target is the opposite camp. Seat 0 moves first, then seats in
//! increasing order. There are no chance nodes.
//!
//! # Action encoding
//!
//! A whole move is one action, named by its start and end holes
//! ([`Halma::action`], [`Halma::decode`]; the [`action`] module gives the
//! details): `from * slots + d` for a step in direction `d`, and
//! `from * slots + D + r` for a move by jumps to the hole of rank `r` in
//! `from`'s jump class (a jump never leaves its class, a step always does).
//! `num_distinct_actions` is 121 × 43 = 5203 on the star and 256 × 72 =
//! 18432 on the square board, a third and a quarter of `from * HOLES + to`.
//! Moves reaching the same end hole from the same start hole by different
//! paths are the same move.
//! Legal actions are listed in increasing order, read straight off the
//! jump lattices: piece by piece, its steps by direction, then its jumps
//! cell by cell (a class's cell order is its rank order).
//!
//! The worst case of the legal-action count ([`racegames_board::Game::max_legal_actions`])
//! is `pieces * min(holes - all pieces, J - 1 + D)`, where `D` is the number
//! of directions and `J` the largest jump class: a jump moves an even number
//! of lattice steps along a direction, so it keeps `(q mod 2, r mod 2)` on
//! the star and `(row mod 2, column mod 2)` on the square board (also with
//! long jumps); a piece reaches by jumps only the other holes of its class
//! (the largest class has 37 holes on the star, 64 on the square) and by
//! a step at most `D` holes. That gives 10 × 42 = 420 for Chinese checkers
//! with 10 pieces, 15 × 42 = 630 with 15, and 19 × 71 = 1349 for 2-player
//! Halma (13 × 71 = 923 with 4 players), far below
//! [`racegames_board::ACTION_BUFFER_CAPACITY`] (4096).
//!
//! # Move strings
//!
//! Holes are written as row letter (`a` = top row) and position in the row
//! from 1, left to right (see [`notation`]). A move string is its hop path
//! joined by `-`: `d1-e5` for a step, `c1-e3-e5` for a chain. Where several
//! chains reach the same hole, the string shows the shortest, and among
//! those the first in hole order (compared hole by hole). Parsing accepts
//! the printed string, the short `from-to`, or any other valid hop path of
//! the same move.
//!
//! # Positions, setups and notation
//!
//! A [`Setup`] ([`StarSetup`], [`SquareSetup`]) is a plain arrangement:
//! each seat's holes, the seat to move, the finishers and the turn counter,
//! read from the one-line notation ([`notation`]) and written back, not
//! checked against any game. [`Halma::position`] checks a setup against the
//! game's rules and makes a [`Position`] (or says which field is wrong, as
//! a [`racegames_board::SetupError`]); [`Halma::setup`] goes back.
//! [`Halma::parse_position`] reads a notation for the game (what
//! [`racegames_board::Game::parse_notation`] does), [`Halma::notation`]
//! and [`Halma::diagram`] write the one-line notation and a text board.
//! A [`Position`] also implements `Display` (the notation) and `FromStr`,
//! which reads it with the options the text shows (the seats with pieces,
//! the pieces per seat; see `TryFrom<Setup>` for [`Position`]).
//!
//! ```
//! use racegames_board::Game;
//! use racegames_halma::{ChineseCheckers, Rules, StarPosition, StarSetup};
//!
//! let game = ChineseCheckers::new(Rules::chinese_checkers(3)).unwrap();
//! let text = game.notation(&game.new_initial_state()).to_string();
//! let setup: StarSetup = text.parse().unwrap();
//! let pos = game.position(&setup).unwrap();
//! assert_eq!(pos, game.parse_position(&text).unwrap());
//! assert_eq!(text.parse::<StarPosition>().unwrap(), pos);
//! assert_eq!(pos.to_string(), text);
//! assert!(game.diagram(&pos).to_string().contains("seat 1 to move"));
//! ```
//!
//! # Observation
//!
//! See [`observation`]: a flat vector of `n * H + 2n + 2` floats for `n`
//! seats on `H` holes (one plane per seat, then the seat to move, the seats
//! finished, the turn count and the vacate rule), the same for every seat,
//! turned and relabelled so that the observer is seat 0 in camp 0.
//!
//! # Rule readings
//!
//! The rules are those of `docs/games/chinese-checkers.md` and
//! `docs/games/halma.md`; where the source (the French Wikipedia article
//! *Dames chinoises*) leaves a choice, this crate reads it as follows.
//!
//! - **Options** (`FromParams`): Chinese checkers takes `players` (2, 3, 4, 6;
//!   default 2), `pieces` (10, or 15 with 2 or 3 players), `long_jumps`
//!   (false), `wing_rule` (true), `vacate_rule` (true), `spoiling_win`
//!   (false), `finish` (`"first"` or `"all"`) and `max_turns` (1000; 0 = no
//!   limit). Halma takes `players` (2 with 19 pieces, 4 with 13), `finish`
//!   and `max_turns`; it has no wing or vacate rule.
//! - **The moving piece is lifted**: during a chain its origin counts as
//!   empty (it can be passed by a long jump, never landed on or jumped over).
//! - **Zones with 15 pieces**: the start camp and target camp are the
//!   side-5 triangles everywhere (setup, wing rule, vacate rule, winning).
//! - **Wing rule**: the allowed end holes are the 10-hole own camp and
//!   target camp plus the hexagon (the 15-piece zones add only hexagon holes).
//! - **Vacate rule**: Q's moves are judged under the movement and wing rules
//!   (not the vacate rule itself, which would recurse). "A move that ends
//!   outside its start camp" is read as the seed's "un pion doit quitter son
//!   triangle": when the rule binds, P must move a piece from its start camp
//!   to a hole outside it, if it can; otherwise it moves freely. The rule
//!   does not apply once Q has finished, and not with 3 players (no seat is
//!   opposite another).
//! - **Finishing**: after each move the mover is checked first, then the
//!   other seats in turn order (a spoiling win can be completed by another
//!   seat's move). With `finish = first` the first finisher wins; with
//!   `all`, finished seats are skipped and the game ends when one seat is
//!   left, who takes the last place. The notation's `<finished>` field lists
//!   the winner also with `finish = first`.
//! - **Passing**: a seat with no legal move is skipped at once; a pass is
//!   not a turn (the counter counts moves). If no seat can move, the game
//!   ends with returns 0 (not a truncation).
//! - **Truncation**: when the counter reaches `max_turns` and the game is
//!   not decided, it ends with returns 0 and `is_truncated` is true.
//!
//! # Feature flags
//!
//! - `std` (default): `std::error::Error` for the error types, through
//!   `racegames-board/std`; implies `alloc`.
//! - `alloc`: nothing here needs the heap; it enables `racegames-board/alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Position`] and [`Setup`],
//!   the geometries, [`bits::Bits256`], [`Rules`] and [`Finish`]. A position
//!   or a setup serializes as its notation string (a stable form, the one
//!   of `docs/games/halma-family.md`; no bitboards or internal fields) and
//!   deserializes through `FromStr`, so it is checked exactly as parsing
//!   checks it: a position with the options the text shows, a setup for
//!   its form only. JSON, for example:
//!   `"1/11/111/1111/............./............/.........../........../........./........../.........../............/............./2222/222/22/2 1 - 0"`.
//!
//! Without default features the crate is `no_std` and allocation-free.
#![no_std]
// docs.rs builds with `--cfg docsrs` (Cargo.toml): mark feature-gated items.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Every public function returning a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]

#[cfg(any(feature = "std", test))]
extern crate std;

pub mod action;
pub mod bits;
pub mod diagram;
mod from_setup;
mod game;
pub mod geometry;
mod lattice;
mod move_string;
mod movegen;
pub mod notation;
pub mod observation;
mod position;
mod rules;
mod setup;

pub use game::{ChineseCheckers, Halma, SquareHalma};
pub use geometry::{Geometry, Square, Star};
pub use movegen::MAX_PATH;
pub use position::Position;
pub use rules::{Finish, Rules};
pub use setup::{Setup, SquareSetup, StarSetup};

/// The state of a game of Chinese checkers.
pub type StarPosition = Position<Star>;
/// The state of a game of Halma.
pub type SquarePosition = Position<Square>;
