#![doc = include_str!("../README.md")]
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

use alloc::format;
use alloc::string::String;

mod cube;
pub mod daldos;
pub mod halma;
pub mod scene;
pub mod tables;

pub use scene::{Anchor, Color, Font, Scene, Shape, Stroke};

/// A picture of a game without a drawing of its own: its notation in one
/// line of monospace text.
pub fn notation_scene(notation: &str) -> Scene {
    let mut s = Scene::new(12 + 8 * notation.chars().count(), 32, 0xffffff);
    s.shapes.push(Shape::Text {
        x: 6.0,
        y: 20.0,
        text: notation.into(),
        size: 12.0,
        fill: Color(0x000000),
        anchor: Anchor::Start,
        font: Font::Mono,
    });
    s
}

/// How a finished game ended, in words: who won, or that it was stopped.
/// Seats are `A`, `B` in the two-player families and `seat 1` … in the
/// Halma family (`family` is [`racegames_board::Game::family`]).
pub fn result_line(family: &str, returns: &[f64], truncated: bool) -> String {
    if truncated {
        return "Game over: stopped at the turn limit, no winner".into();
    }
    let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut winners = returns.iter().enumerate().filter(|&(_, &r)| r == best);
    match (winners.next(), winners.next()) {
        (Some((seat, _)), None) if family == "halma" => {
            format!("Game over: seat {} wins", seat + 1)
        }
        (Some((seat, _)), None) => {
            let letter = char::from_u32(u32::from(b'A') + seat as u32).unwrap_or('?');
            format!("Game over: {letter} wins")
        }
        _ => "Game over: a draw".into(),
    }
}

#[cfg(test)]
mod tests;
