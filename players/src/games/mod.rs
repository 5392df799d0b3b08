//! Each game's playing knowledge: its evaluation and its players.

mod daldos;
pub mod daldos_eval;
mod halma;
pub mod halma_eval;
// Only the unit tests of generic players use it.
pub mod bearoff;
#[cfg(test)]
mod placeholder;
#[cfg(feature = "testing")]
mod race;
mod tables;
mod tables_cube;
pub mod tables_eval;
mod value;

#[cfg(test)]
pub use placeholder::TerminalOnly;
