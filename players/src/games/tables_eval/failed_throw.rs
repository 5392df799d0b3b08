//! The failed throw (`Variant::unusable_die`, Fallas): a player who cannot
//! use every die of his throw (`Lose`), or any die (`LoseIfNone`), loses at
//! once. The term is the chance of that on a side's next throw from the
//! board as it stands, each throw's fate read off the engine
//! ([`Tables::usable_dice`]) over the exact dice distribution. The
//! evaluation counts it as a loss that comes before the race.

use racegames_board::Seat;
use racegames_tables::{Position, Tables, UnusableDie};

use super::shots::Throws;

/// The chance that seat `x`'s next throw fails, times `weight`.
pub(crate) fn chance(game: &Tables, pos: &Position, x: usize, throws: &Throws, weight: f64) -> f64 {
    let all = match game.variant().unusable_die {
        UnusableDie::Lose => true,
        UnusableDie::LoseIfNone => false,
        UnusableDie::Forfeit | UnusableDie::ToOpponent => return 0.0,
    };
    if weight == 0.0 {
        return 0.0;
    }
    let player = Seat::new(x as u8);
    let mut p = 0.0;
    for t in &throws.list {
        let dice = &t.faces[..t.len];
        let need = if all { t.len } else { 1 };
        if game.usable_dice(pos, player, dice) < need {
            p += t.probability;
        }
    }
    (p * weight).min(1.0)
}
