//! Stacking limits (`Variant::stack_limit`, Quinze tablas' option): a
//! point holding the limit of one side's pieces is closed to that side's
//! own moves. The shots and reach of the other terms then treat it like an
//! enemy point, so a blot behind the attacker's full point is safer.

use racegames_tables::Variant;

use super::SideView;

/// The route points of `side` closed to its own moves by the limit.
pub(crate) fn own_full(v: &Variant, side: &SideView) -> u32 {
    if v.stack_limit == 0 {
        return 0;
    }
    side.counts
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n >= v.stack_limit)
        .fold(0, |m, (r, _)| m | 1 << r)
}
