//! The prime (`Variant::blocked_entry = Lose`, Quinze tablas and
//! Emperador): a player about to throw with a piece waiting to enter a
//! quarter whose every point is closed to him loses at once. The threat
//! grows with the share of his entry quarter the other side has closed (to
//! the fourth power: five points of six are worth about half of six), times
//! the chance he has a piece to enter: one waiting, or a blot the other
//! side's next throw hits. Where hit pieces re-enter at the start, a side's
//! entry quarter is the other side's home in the games of opposite
//! directions, so this is the worth of closing one's home while the other
//! side still has pieces to be hit.

use racegames_tables::{BlockedEntry, Reentry, Variant};

use super::Sides;

/// The chance that seat `x` is primed soon, times `weight`; `exposed` is
/// the chance that the other side's next throw hits one of `x`'s blots.
pub(crate) fn chance(v: &Variant, sides: &Sides, x: usize, exposed: f64, weight: f64) -> f64 {
    if v.blocked_entry != BlockedEntry::Lose || weight == 0.0 {
        return 0.0;
    }
    let me = &sides.seat[x];
    let share = |q: usize| {
        let quarter = sides.quarter_mask(q);
        f64::from((sides.closed_to[x] & quarter).count_ones()) / sides.qlen as f64
    };
    let waiting = (0..4)
        .filter(|&q| me.waiting[q] > 0)
        .map(share)
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.max(s))));
    let threat = match (waiting, v.reentry) {
        (Some(s), _) => s.powi(4),
        (None, Reentry::Start) => share(0).powi(4) * exposed,
        // Where a hit piece enters depends on where it is hit (Seys).
        (None, Reentry::Opposite) => 0.0,
    };
    (threat * weight).min(1.0)
}
