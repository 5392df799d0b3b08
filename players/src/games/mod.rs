//! Each game's playing knowledge: its evaluation and its players.

/// Backgammon's bear-off tables, public for the analysis.
pub mod bearoff;
mod daldos;
pub mod daldos_eval;
mod halma;
pub mod halma_eval;
#[cfg(test)]
mod placeholder;
#[cfg(feature = "testing")]
mod race;
mod tables;
pub mod tables_eval;
mod value;

#[cfg(test)]
pub use placeholder::TerminalOnly;
