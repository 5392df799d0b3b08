//! A byte per cell of the padded grid, for move generation.
//!
//! On the padded grid a direction is a constant offset and the border is
//! two cells wide, so a step or a jump from a hole needs no table lookup
//! and no edge test: off-board cells simply never read as empty. Jump
//! chains are flood-filled by marking the holes reached in the grid
//! itself, which makes "empty and not yet reached" a single comparison.

use core::marker::PhantomData;

use crate::bits::BitSet;
#[cfg(test)]
use crate::geometry::NONE;
use crate::geometry::{Geometry, PADDED_CELLS};

/// A hole with no piece (the cell values of [`Geometry::PADDED_EMPTY`]).
pub(crate) const EMPTY: u8 = 0;
const OCCUPIED: u8 = 1;
/// A cell of the border or of the grid's corners that is not a hole.
pub(crate) const OFF_BOARD: u8 = 2;
/// An empty hole already reached by the jump chains being filled.
const REACHED: u8 = 3;

/// Masks a padded index into range (the compiler then drops bounds checks).
#[inline(always)]
const fn at(cell: usize) -> usize {
    cell & (PADDED_CELLS - 1)
}

/// The occupancy of one position on the padded grid of `G`.
pub(crate) struct Grid<G: Geometry> {
    cell: [u8; PADDED_CELLS],
    _board: PhantomData<G>,
}

impl<G: Geometry> Grid<G> {
    /// The grid of the occupied holes `occ`.
    #[inline]
    pub(crate) fn new(occ: G::Bits) -> Grid<G> {
        let mut cell = *G::PADDED_EMPTY;
        occ.for_each(|h| cell[at(usize::from(G::PADDED_CELL[h % G::HOLES]))] = OCCUPIED);
        Grid {
            cell,
            _board: PhantomData,
        }
    }

    #[inline(always)]
    fn cell_of(hole: usize) -> usize {
        usize::from(G::PADDED_CELL[hole % G::HOLES])
    }

    #[inline(always)]
    fn hole_at(cell: usize) -> usize {
        usize::from(G::PADDED_HOLE[at(cell)])
    }

    /// The empty neighbours of `from`.
    #[inline]
    pub(crate) fn steps_from(&self, from: usize) -> G::Bits {
        let x = Self::cell_of(from);
        let mut out = G::Bits::EMPTY;
        for &step in &G::PADDED_STEP[..G::DIRECTIONS] {
            let n = x.wrapping_add_signed(step);
            if self.cell[at(n)] == EMPTY {
                out.insert(Self::hole_at(n));
            }
        }
        out
    }

    /// Every hole the piece on `from` can reach by a chain of one or more
    /// single jumps; the piece is lifted meanwhile, so its origin is
    /// neither jumped over nor landed on.
    #[inline]
    pub(crate) fn jump_reach(&mut self, from: usize) -> G::Bits {
        let origin = Self::cell_of(from);
        let saved = self.cell[at(origin)];
        self.cell[at(origin)] = REACHED;
        // Every reached cell stays in `queue`, so the marks can be undone.
        // Jumps keep a hole's jump class, and no class has over 64 holes.
        let mut queue = [0u16; 64];
        let mut len = 0usize;
        let mut next = 0usize;
        let mut x = origin;
        let mut out = G::Bits::EMPTY;
        loop {
            // The directions with a jump, found without branching (which
            // direction succeeds is unpredictable).
            let mut dirs = 0u32;
            for (d, &step) in G::PADDED_STEP[..G::DIRECTIONS].iter().enumerate() {
                let over = x.wrapping_add_signed(step);
                let land = over.wrapping_add_signed(step);
                let ok = (self.cell[at(over)] == OCCUPIED) & (self.cell[at(land)] == EMPTY);
                dirs |= u32::from(ok) << d;
            }
            while dirs != 0 {
                let step = G::PADDED_STEP[(dirs.trailing_zeros() & 7) as usize];
                dirs &= dirs - 1;
                let land = x.wrapping_add_signed(2 * step);
                self.cell[at(land)] = REACHED;
                queue[len & 63] = land as u16;
                len += 1;
                out.insert(Self::hole_at(land));
            }
            if next == len {
                break;
            }
            x = usize::from(queue[next & 63]);
            next += 1;
        }
        for &c in &queue[..len.min(64)] {
            self.cell[at(usize::from(c))] = EMPTY;
        }
        self.cell[at(origin)] = saved;
        out
    }
}

/// True when the padded tables of `G` agree with its neighbour tables.
#[cfg(test)]
pub(crate) fn padded_tables_agree<G: Geometry>() -> bool {
    (0..G::HOLES).all(|h| {
        let x = usize::from(G::PADDED_CELL[h]);
        usize::from(G::PADDED_HOLE[x]) == h
            && (0..G::DIRECTIONS).all(|d| {
                let step = G::PADDED_STEP[d];
                let n = x.wrapping_add_signed(step);
                let l = n.wrapping_add_signed(step);
                n < PADDED_CELLS
                    && l < PADDED_CELLS
                    && G::PADDED_HOLE[n] == G::NEIGHBOURS[h][d]
                    && (G::NEIGHBOURS[h][d] == NONE || G::PADDED_HOLE[l] == G::LANDING[h][d])
            })
    }) && (0..PADDED_CELLS).all(|c| {
        G::PADDED_EMPTY[c]
            == if G::PADDED_HOLE[c] == NONE {
                OFF_BOARD
            } else {
                EMPTY
            }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Square, Star};

    #[test]
    fn padded_grids_match_the_neighbour_tables() {
        assert!(padded_tables_agree::<Star>());
        assert!(padded_tables_agree::<Square>());
    }
}
