#![doc = include_str!("../README.md")]
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

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

#[cfg(test)]
mod tests;
