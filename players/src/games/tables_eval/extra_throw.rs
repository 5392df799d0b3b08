//! Extra throws (`Variant::extra_throw`, Pareia de entrada): a throw whose
//! dice all show one face is played, then the same player throws again,
//! without end. A turn is then worth `1 / (1 - p)` throws, `p` the chance
//! of all equal dice: the race is counted in turns of that many pips, the
//! other side's shots come that many times, and being on roll is worth as
//! much more. (When a player throws again, the engine leaves the turn with
//! him, so the evaluation already gives him the throw.)

use racegames_tables::{ExtraThrow, Variant};

use super::shots::Throws;

/// What one turn holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Turn {
    /// Throws per turn, on average.
    pub per_turn: f64,
    /// Mean pips per turn.
    pub pips: f64,
    /// The worth of being on roll, as a multiple of one throw's.
    pub on_roll: f64,
    /// The chance of a hit over the turn, as a multiple of one throw's.
    pub shots: f64,
}

impl Turn {
    /// The turn of `v`, its extra throws counted with `weight` (0: as if
    /// there were none).
    pub(crate) fn new(v: &Variant, throws: &Throws, weight: f64) -> Turn {
        let again = match v.extra_throw {
            ExtraThrow::Never => 0.0,
            ExtraThrow::AllEqual => (throws.all_equal * weight).clamp(0.0, 0.9),
        };
        let per_turn = 1.0 / (1.0 - again);
        Turn {
            per_turn,
            pips: throws.mean_pips * per_turn,
            on_roll: per_turn,
            shots: per_turn,
        }
    }
}
