//! The tables family of race games as one engine: a game is a set of
//! parameters ([`Variant`]) plus the little code every game shares.
//!
//! The named games, all through [`racegames_board::FromParams`]
//! ([`Tables::NAMES`](racegames_board::FromParams::NAMES)):
//! - `seys_dos_e_as`: Seys dos e as from Alfonso X's *Libro de los juegos*
//!   (1283), as `docs/games/seys-dos-e-as.md` reads it; option `reentry =
//!   opposite | start`;
//! - `backgammon`: standard backgammon; options `scoring = winloss |
//!   gammons | backgammons`, and the doubling cube, resignation and match
//!   play: `cube`, `jacoby`, `resign`, `match_length`, `score_a`,
//!   `score_b`, `crawford_game` ([`cube`]; fields of [`Variant`] for any
//!   tables game);
//! - the other tables games of the *Libro*, each a preset of
//!   [`Variant`] (`Variant::quinze_tablas` …): `quinze_tablas`,
//!   `doze_canes`, `doblet`, `fallas`, `emperador`, `medio_emperador`,
//!   `pareia_de_entrada`, `cab_e_quinal`, `todas_tablas`, `laquet`,
//!   `buffa_de_baldrac`, `reencontrar` and `tablas_de_siete` (the tables
//!   with seven-sided dice). Their options and rules are in the project's
//!   docs (`docs/games/libro/`).
//!
//! All take `max_turns` (default 500, 0 = no limit). Any other tables
//! game is a [`Variant`] value given to [`Tables::new`].
//!
//! # The Libro's rules as parameters
//!
//! Beyond track, dice, set-ups, entry, hitting and bearing off, a
//! [`Variant`] sets: the pieces per side; the *prime*
//! ([`BlockedEntry::Lose`]: a player about to throw who cannot enter
//! anywhere loses); the *tie* ([`DeadPosition::Draw`]: nobody can use any
//! die: drawn); an extra throw after equal dice ([`ExtraThrow`]); what
//! becomes of unusable dice ([`UnusableDie`]: lost, a lost game, or passed
//! to the opponent); free or forced entry ([`Entry`]); the goal
//! ([`Goal::FillLastQuarter`]: two pieces on each point of the last
//! quarter); the half track ([`Track::Half`]); a fixed third die; a stack
//! limit; seven-sided dice with seven-point quarters (28 points); and
//! Doblet's unstacking ([`Mode::Doblet`]). Each is a field of the one
//! engine; the defaults are the standard games' rules. Their extensions of
//! the notation: passed dice `p64`, dice followed by an extra throw `44+`,
//! a doubled Doblet pair `B2^`, and a result the board does not show after
//! the turn's `-` (`-A`, `-B`, `-=` for drawn).
//!
//! ```
//! use racegames_board::{Game, FromParams, ParamValue, Node};
//! use racegames_board::sim::{random_playout, SplitMix64};
//! use racegames_tables::Tables;
//!
//! let game = Tables::from_params("seys_dos_e_as", &[("reentry", ParamValue::Str("start"))]).unwrap();
//! let mut pos = game.new_initial_state();
//! random_playout(&game, &mut pos, &mut SplitMix64::new(1));
//! assert_eq!(game.node(&pos), Node::Terminal);
//! println!("{}", game.notation(&pos));
//! ```
//!
//! # Positions as text
//!
//! One face, as in every racegames rules crate: the notation is read into a
//! plain [`Setup`] (any arrangement, checked for form only), and a game
//! makes a [`Position`] of it through a `Result` that says what is wrong.
//!
//! - [`Setup`]: `FromStr` (errors name the field and the byte offset) and
//!   `Display`, both the one-line notation;
//! - [`Tables::position`] (`&Setup` to `Result<Position, SetupError>`) and
//!   back, [`Tables::setup`];
//! - [`Tables::parse_position`] (the two steps at once, also
//!   [`racegames_board::Game::parse_notation`]), [`Tables::notation`] and
//!   [`Tables::diagram`], a multi-line board;
//! - [`Position`] implements `Display` (its notation, in any game: it
//!   carries its board's length and directions) and `FromStr`, which reads
//!   a position of the first preset game that can be in it (Seys dos e as
//!   first), so every preset's positions read back; play a position in its
//!   own game by reading it with that game's [`Tables::parse_position`].
//!
//! ```
//! use racegames_board::Game;
//! use racegames_tables::{Position, Setup, Tables};
//!
//! let game = Tables::backgammon();
//! let text = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 31 0";
//! let setup: Setup = text.parse().unwrap();
//! let pos = game.position(&setup).unwrap();
//! assert_eq!(pos, game.parse_position(text).unwrap());
//! assert_eq!(pos.to_string(), text);
//! println!("{}", game.diagram(&pos));
//!
//! // A position of the default game reads without one.
//! let seys: Position = "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 621 0"
//!     .parse()
//!     .unwrap();
//! assert_eq!(seys, Tables::default().parse_position(&seys.to_string()).unwrap());
//! // So does any preset's, such as backgammon's opening before its roll-off.
//! let opening = game.new_initial_state().to_string();
//! assert_eq!(opening.parse::<Position>().unwrap().to_string(), opening);
//! ```
//!
//! # Modules
//!
//! - [`variant`]: geometry (24 points in 4 quarters of 6) and the parameters;
//! - [`Position`]: the state, a 60-byte `Copy` value;
//! - the presets of the named games, and the flow of a turn (passed dice,
//!   extra throws, the prime and the tie);
//! - move generation (`movegen`), one die at a time with look-ahead;
//! - [`action`]: the fixed action space;
//! - [`cube`]: the doubling cube, resignation and match play, and their
//!   actions, numbered after the cubeless ones;
//! - [`Setup`], the notation and move strings;
//! - [`observation`]: the observation tensor;
//! - a text diagram of the board ([`Tables::diagram`]);
//! - analysis ([`Tables::hit_probability`], [`Tables::shots`]) and
//!   [`Tables::perft`] / [`Tables::turn_successors`], with feature `alloc`;
//! - [`gnubg`]: GNU Backgammon's Position ID and Match ID, and (with
//!   feature `alloc`) its `.mat` match files, written and read.
//!
//! # Feature flags
//!
//! - `std` (default): implements `std::error::Error` through
//!   `core::error::Error`; implies `alloc`.
//! - `alloc`: [`Tables::hit_probability`], [`Tables::shots`],
//!   [`Tables::perft`] and gnubg's match files, which use the heap.
//! - `serde`: `Serialize`/`Deserialize` for [`Setup`], [`Position`],
//!   [`Move`] and the parameter types. Every combination of the three
//!   builds.
//!
//! Without default features the crate is `no_std` and allocation-free; play
//! never allocates in any configuration.
//!
//! # Serialized form
//!
//! A [`Setup`] and a [`Position`] serialize as their notation string (the
//! one `Display` writes; stable: it is the documented notation), never as
//! internal fields. Deserializing a `Setup` reads the notation as `FromStr`
//! does; deserializing a `Position` then checks it as `FromStr` does, in
//! the first preset game that can be in it (Seys dos e as first), so
//! nothing it accepts can make a later call fail. To read a position of a
//! given game, deserialize the `Setup` and call that game's
//! [`Tables::position`].
//!
//! # Geometry
//!
//! 24 points in four quarters, Q1 = 1–6, Q2 = 7–12, Q3 = 13–18, Q4 =
//! 19–24, numbered as in the notation. Each seat has a [`Direction`]: its
//! *route* runs from its route point 0 to 23 (from 1 to 24 going forward,
//! from 24 to 1 going backward). In Seys dos e as both seats go forward; in
//! backgammon A goes backward and B forward, as the notation has it.
//! Route quarters are the quarters along a seat's route.
//!
//! # Action encoding
//!
//! One die at a time: action `source * 6 + (die − 1)`, 168 actions, where
//! `source` is 0–23 for a piece on the mover's own route point (0 = its
//! first point) and 24–27 for a piece waiting to enter the mover's route
//! quarter 0–3 (see [`action`]). Dice added on one piece are consecutive
//! actions on that piece, so every intermediate point is a landing point,
//! must be open, and hits a blot.
//!
//! "Use as many dice as possible" is enforced by look-ahead: when the dice
//! are thrown the engine computes the most dice the player can use (a
//! depth-first search over the [`Position`]'s own pieces that stops as soon
//! as every die is used, kept in the position), and a move is legal only if
//! the remaining dice can still be used to that count. In backgammon, when
//! only one die of two can be used, only moves of the largest such die are
//! legal.
//!
//! Chance actions: the Seys dos e as roll-off has outcomes 0 (A wins) and 1
//! (B wins), ½ each. The backgammon roll-off has 30 outcomes, `i` ↦ (A's
//! die, B's die) by [`Tables::opening_throw`]: A's die is `i / 5 + 1` and
//! B's die the `(i % 5)`-th other face; the higher starts and plays both.
//! A throw's outcome is the index of the unordered throw in
//! [`racegames_board::dice::DiceSpec::for_each_throw`]'s order (56 for three
//! dice, 21 for two) with its exact probability.
//!
//! Move strings are `<die>:<from>-<to>`, with points numbered as in the
//! notation, `bar` for a waiting piece, `off` for bearing off, and `*` after
//! a hit: `3:13-16`, `5:bar-15*`, `6:22-off`. Chance outcomes are written
//! `roll-off A`, `roll-off A5 B3` and `roll 631`.
//!
//! # Observation
//!
//! Shape `[7, 24]`, the same for both seats, along the observer's own route;
//! planes are listed in [`observation`]. It includes the dice still to use.
//!
//! # Notation
//!
//! The tables notation `<points> <waiting> <off> <turn> <dice> <turns>`
//! (`docs/games/tables.md`),
//! with the Libro extensions above (28 points with seven-point quarters).
//! [`Setup`]'s `FromStr` checks the form; [`Tables::position`] checks that
//! each player has all its pieces (15, or the game's number), that every
//! piece stands on its owner's route, that the dice are a possible rest of
//! a throw and can be used, and that `-` as the turn means a finished game
//! (somebody has reached the goal, a result that a rule of the game gives
//! follows the `-`, or the turn limit is reached) or the roll-off (counter
//! 0 and the board before the roll-off).
//!
//! # Rule readings
//!
//! - **Turns.** A player who can use no die passes at once (no pass
//!   action). The counter counts completed turns; the roll-off is not a
//!   turn; the winning turn counts. When a turn ends with the counter at
//!   `max_turns` (non-zero) and nobody has won, the game is over, truncated,
//!   with returns 0.
//! - **Set-up.** When both sides' set-ups are equal (backgammon) the pieces
//!   stand before the roll-off; otherwise (Seys dos e as) the board is empty
//!   until the roll-off, whose winner takes set-up 0 (6-2-1) and moves first.
//! - **Entering.** A player with pieces waiting may only enter them, each
//!   with one die into its quarter: at route point `6q + d − 1` for die `d`
//!   and quarter `q`. Once none waits, the remaining dice move any piece,
//!   the entered ones included. If none can enter, the turn ends.
//! - **Hitting.** A blot is hit by a piece landing on it, including at a
//!   point reached with one die of several added on that piece. The hit
//!   piece waits for the quarter diagonally opposite the one it was hit in,
//!   counted along its own route (Seys `reentry = opposite`), or for its
//!   first quarter (`start`, and backgammon's bar).
//! - **Bearing off** is allowed while none of the player's pieces waits and
//!   all its pieces on the board are in the last quarter of its route; a hit
//!   piece therefore stops it until the piece is back there. In Seys dos e
//!   as any die that carries a piece past point 24 bears it off, even from a
//!   rear point while pieces stand further back; in backgammon a higher die
//!   bears off only from the rearmost point.
//! - **Dice.** Seys dos e as: as many dice as possible, free choice among
//!   plays that use that many. Backgammon: both if possible, otherwise the
//!   larger one that can be played; doubles give four moves. In Seys dos
//!   e as bearing off the last piece wins at once and counts as using
//!   every die, so a winning play is never refused for using fewer dice
//!   than another play. In backgammon a win counts only the dice it used
//!   (the strict rule, as OpenSpiel and GNU Backgammon play it): with 2-1
//!   and the last piece on the 2-point, if the 1 can hit a blot on the
//!   1-point first, bearing off with the 2 alone is refused.
//! - **Scoring** (backgammon): a gammon is a win while the loser has borne
//!   off nothing; a backgammon is a gammon where the loser also has a piece
//!   on the bar or in the winner's home (last) quarter.
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

pub mod action;
#[cfg(feature = "alloc")]
mod analysis;
pub mod cube;
mod cube_options;
mod cube_setup;
mod diagram;
mod game;
pub mod gnubg;
mod movegen;
mod notation;
pub mod observation;
#[cfg(feature = "alloc")]
mod perft;
mod position;
mod preset_options;
mod presets;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod starting_pieces;
mod turn;
mod validate;
pub mod variant;

pub use action::{Move, Source};
#[cfg(feature = "alloc")]
pub use analysis::Shot;
pub use cube::{CubeAction, Offer};
pub use cube_setup::{CubeSetup, MatchScore};
pub use diagram::DiagramDisplay;
pub use game::{Tables, OPENING_THROWS};
pub use notation::{MoveDisplay, NotationDisplay};
pub use observation::{OBSERVATION_LEN, OBSERVATION_SHAPE};
pub use position::{Phase, Position};
pub use setup::{Pieces, Setup, Turn, MAX_DICE};
pub use variant::{
    BearOff, BlockedEntry, DeadPosition, DiceRule, Direction, Doubles, Entry, ExtraThrow, Goal,
    Mode, Reentry, RollOff, Scoring, StartingPieces, Track, UnusableDie, Variant, VariantError,
    MAX_MATCH_LENGTH,
};
