//! The tie (`Variant::dead_position = Draw`, most Libro games): a position
//! where neither player can use any die, whatever he throws, ends drawn.
//! It is near only when one side already has no face it can play (read off
//! the engine, [`Tables::usable_dice`]): the other side is then forced to
//! play its few faces and may lock itself too. The chance is taken as a
//! quarter per face the other side can still play (a quarter with one
//! face left, a sixteenth with two), and the estimate shrinks towards the
//! draw by that much, so the side ahead keeps a way out and the side
//! behind welcomes the lock. A race, where every side can always play
//! some face, has no tie.

use racegames_board::Seat;
use racegames_tables::{DeadPosition, Position, Tables};

/// The chance that `pos` ends in a tie, times `weight` (at most 1).
pub(crate) fn chance(game: &Tables, pos: &Position, weight: f64) -> f64 {
    let v = game.variant();
    if v.dead_position != DeadPosition::Draw || weight == 0.0 {
        return 0.0;
    }
    let usable = |x: u8| {
        (1..=v.faces)
            .filter(|&d| game.usable_dice(pos, Seat::new(x), &[d]) > 0)
            .count() as i32
    };
    let first = usable(0);
    let other = if first == 0 {
        usable(1)
    } else if usable(1) == 0 {
        first
    } else {
        return 0.0;
    };
    (weight * 0.25f64.powi(other)).clamp(0.0, 1.0)
}
