//! Passed dice (`Variant::unusable_die = ToOpponent`, Laquet and Doblet):
//! the dice a player cannot use pass to his opponent, who plays them before
//! his own throw. A side's expected unused pips on its next throw (read off
//! the engine, [`Tables::usable_dice`], over the exact dice distribution)
//! are pips for the other side, and dice already passed to the player to
//! move are pips in his hand. So blocking the other side's dice (Laquet's
//! one-piece points) is worth what it passes over.

use racegames_board::Seat;
use racegames_tables::{Position, Tables, UnusableDie};

use super::shots::Throws;

/// Seat `x`'s expected pips, on its next throw, that it cannot use and
/// passes to the other side; 0 when dice are not passed.
pub(crate) fn unused_pips(game: &Tables, pos: &Position, x: usize, throws: &Throws) -> f64 {
    if game.variant().unusable_die != UnusableDie::ToOpponent {
        return 0.0;
    }
    let player = Seat::new(x as u8);
    let mut pips = 0.0;
    for t in &throws.list {
        let dice = &t.faces[..t.len];
        let unused = t.len - game.usable_dice(pos, player, dice).min(t.len);
        if unused > 0 {
            let sum: f64 = dice.iter().map(|&d| f64::from(d)).sum();
            pips += t.probability * sum * unused as f64 / t.len as f64;
        }
    }
    pips
}

/// The pips of the dice passed to the player to move in `pos`, still to
/// play.
pub(crate) fn pending_pips(pos: &Position) -> f64 {
    if pos.dice_passed() {
        pos.dice().iter().map(|&d| f64::from(d)).sum()
    } else {
        0.0
    }
}
