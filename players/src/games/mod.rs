//! Each game's playing knowledge: its evaluation and its players.

mod daldos;
mod halma;
mod placeholder;
mod tables;

pub use placeholder::TerminalOnly;
