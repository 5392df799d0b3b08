//! Each game's playing knowledge: its evaluation and its players.

mod daldos;
pub mod daldos_eval;
mod halma;
pub mod halma_eval;
mod placeholder;
mod tables;
pub mod tables_eval;
mod value;

pub use placeholder::TerminalOnly;
