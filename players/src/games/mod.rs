//! Each game's playing knowledge: its evaluation and its players.

mod daldos;
pub mod daldos_eval;
mod halma;
pub mod halma_eval;
// Only the unit tests of generic players use it.
#[cfg(test)]
mod placeholder;
#[cfg(feature = "testing")]
mod race;
mod tables;
pub mod tables_eval;
mod value;

// The bear-off tables moved up beside the nets that use them; this path stays.
pub use crate::bearoff;

#[cfg(test)]
pub use placeholder::TerminalOnly;
