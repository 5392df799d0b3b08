//! Hole sets as bitboards: a `u128` for the 121-hole star, [`Bits256`] for
//! the 256-hole square board.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of holes, one bit per hole, with the few operations the rules need.
pub trait BitSet: Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static {
    /// The empty set.
    const EMPTY: Self;
    /// The set holding only `hole`.
    fn single(hole: usize) -> Self;
    /// True when `hole` is in the set.
    fn has(&self, hole: usize) -> bool;
    /// Adds `hole`.
    fn insert(&mut self, hole: usize);
    /// Removes `hole`.
    fn remove(&mut self, hole: usize);
    /// The union.
    fn or(self, other: Self) -> Self;
    /// The intersection.
    fn and(self, other: Self) -> Self;
    /// The holes of `self` not in `other`.
    fn minus(self, other: Self) -> Self;
    /// True when the set is empty.
    fn is_empty(&self) -> bool;
    /// The number of holes in the set.
    fn count(&self) -> u32;
    /// The lowest hole, if any.
    fn first(&self) -> Option<usize>;
    /// Removes and returns the lowest hole.
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        let h = self.first()?;
        self.remove(h);
        Some(h)
    }
    /// The set with `from` taken out and `to` put in (a piece's move).
    #[inline]
    fn moved(self, from: usize, to: usize) -> Self {
        self.minus(Self::single(from)).or(Self::single(to))
    }
    /// True when every hole of `self` is in `other`.
    #[inline]
    fn is_subset(self, other: Self) -> bool {
        self.minus(other).is_empty()
    }
    /// Calls `f` for each hole, lowest first.
    #[inline]
    fn for_each(mut self, mut f: impl FnMut(usize)) {
        while let Some(h) = self.pop_first() {
            f(h);
        }
    }
}

impl BitSet for u128 {
    const EMPTY: u128 = 0;
    #[inline]
    fn single(hole: usize) -> u128 {
        1u128 << hole
    }
    #[inline]
    fn has(&self, hole: usize) -> bool {
        (*self >> hole) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, hole: usize) {
        *self |= 1u128 << hole;
    }
    #[inline]
    fn remove(&mut self, hole: usize) {
        *self &= !(1u128 << hole);
    }
    #[inline]
    fn or(self, other: u128) -> u128 {
        self | other
    }
    #[inline]
    fn and(self, other: u128) -> u128 {
        self & other
    }
    #[inline]
    fn minus(self, other: u128) -> u128 {
        self & !other
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn count(&self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn first(&self) -> Option<usize> {
        if *self == 0 {
            None
        } else {
            Some(self.trailing_zeros() as usize)
        }
    }
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let h = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(h)
    }
    #[inline]
    fn moved(self, from: usize, to: usize) -> u128 {
        // Whole-set values from a table, so that the set is updated and
        // stored as one 128-bit value: the halves a shift makes are stored
        // apart, and a whole-set load soon after (the win checks) waits for
        // both.
        self ^ (SINGLES[from & 127] | SINGLES[to & 127])
    }
    #[inline]
    fn for_each(self, f: impl FnMut(usize)) {
        // Word by word: a 64-bit scan is a single instruction.
        for_each_in_words(&[self as u64, (self >> 64) as u64], f);
    }
}

/// `SINGLES[h]`: the `u128` with only bit `h` set.
const SINGLES: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut h = 0;
    while h < 128 {
        t[h] = 1 << h;
        h += 1;
    }
    t
};

/// The cells of one jump class's grid (see [`crate::geometry::JumpLattice`]),
/// one bit each: a `u64` where every class fits in 64 cells (the star),
/// whose shifts and masks are single instructions, else a `u128`.
pub trait Cells:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No cell.
    const ZERO: Self;
    /// Only cell `x`.
    fn single(x: usize) -> Self;
    /// Every cell moved by `by` (up if positive); cells moved off the
    /// grid are dropped.
    fn shifted(self, by: i32) -> Self;
    /// The cells of a lattice table's `u128` (which has none past the
    /// width of `Self`).
    fn from_u128(x: u128) -> Self;
    /// The cells of two 64-bit halves, low first.
    fn from_halves(low: u64, high: u64) -> Self;
    /// Calls `f` for each cell, lowest first.
    fn for_each_cell(self, f: impl FnMut(usize));
}

impl Cells for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn single(x: usize) -> u64 {
        1 << (x & 63)
    }
    #[inline(always)]
    fn shifted(self, by: i32) -> u64 {
        if by >= 0 {
            self << (by as u32 & 63)
        } else {
            self >> (by.unsigned_abs() & 63)
        }
    }
    #[inline(always)]
    fn from_u128(x: u128) -> u64 {
        debug_assert_eq!(x >> 64, 0, "a lattice wider than 64 cells");
        x as u64
    }
    #[inline(always)]
    fn from_halves(low: u64, high: u64) -> u64 {
        debug_assert_eq!(high, 0, "a lattice wider than 64 cells");
        low
    }
    #[inline]
    fn for_each_cell(self, f: impl FnMut(usize)) {
        for_each_in_words(&[self], f);
    }
}

impl Cells for u128 {
    const ZERO: u128 = 0;
    #[inline(always)]
    fn single(x: usize) -> u128 {
        1 << (x & 127)
    }
    #[inline(always)]
    fn shifted(self, by: i32) -> u128 {
        if by >= 0 {
            self << (by as u32 & 127)
        } else {
            self >> (by.unsigned_abs() & 127)
        }
    }
    #[inline(always)]
    fn from_u128(x: u128) -> u128 {
        x
    }
    #[inline(always)]
    fn from_halves(low: u64, high: u64) -> u128 {
        u128::from(low) | u128::from(high) << 64
    }
    #[inline]
    fn for_each_cell(self, f: impl FnMut(usize)) {
        BitSet::for_each(self, f);
    }
}

/// Calls `f` for each set bit of `words` (bit `b` of word `i` is `64 i + b`),
/// lowest first.
#[inline]
fn for_each_in_words(words: &[u64], mut f: impl FnMut(usize)) {
    for (i, &word) in words.iter().enumerate() {
        let mut w = word;
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// A set of up to 256 holes, as four 64-bit words (hole `h` is bit `h % 64`
/// of word `h / 64`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bits256(pub [u64; 4]);

impl BitSet for Bits256 {
    const EMPTY: Bits256 = Bits256([0; 4]);
    #[inline]
    fn single(hole: usize) -> Bits256 {
        let mut b = Bits256::EMPTY;
        b.insert(hole);
        b
    }
    #[inline]
    fn has(&self, hole: usize) -> bool {
        (self.0[(hole >> 6) & 3] >> (hole & 63)) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, hole: usize) {
        self.0[(hole >> 6) & 3] |= 1u64 << (hole & 63);
    }
    #[inline]
    fn remove(&mut self, hole: usize) {
        self.0[(hole >> 6) & 3] &= !(1u64 << (hole & 63));
    }
    #[inline]
    fn or(self, o: Bits256) -> Bits256 {
        let (a, b) = (self.0, o.0);
        Bits256([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }
    #[inline]
    fn and(self, o: Bits256) -> Bits256 {
        let (a, b) = (self.0, o.0);
        Bits256([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }
    #[inline]
    fn minus(self, o: Bits256) -> Bits256 {
        let (a, b) = (self.0, o.0);
        Bits256([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]])
    }
    #[inline]
    fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline]
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn first(&self) -> Option<usize> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }
    #[inline]
    fn for_each(self, f: impl FnMut(usize)) {
        for_each_in_words(&self.0, f);
    }
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        for i in 0..4 {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits256_iterates_in_order() {
        let mut b = Bits256::EMPTY;
        for h in [255, 0, 64, 130, 63] {
            b.insert(h);
        }
        let mut seen = [0usize; 5];
        let mut i = 0;
        b.for_each(|h| {
            seen[i] = h;
            i += 1;
        });
        assert_eq!(seen, [0, 63, 64, 130, 255]);
        assert_eq!(b.count(), 5);
        assert!(b.has(255) && !b.has(254));
    }
}
