//! Steps and jump chains of one position, on the jump lattices of
//! [`JumpLattice`].
//!
//! For each jump class the position gives, per direction, the cells a
//! single jump can start from (the hole beyond is occupied, the one after
//! it empty). A piece's chains are then a flood fill that advances its
//! whole frontier with one shift per direction, with no branch on which
//! jumps exist. The moving piece is lifted during its chain, but a chain
//! stays in the piece's class and never jumps over a hole of that class,
//! so lifting only frees the origin, which the fill has already reached.

use core::marker::PhantomData;

use crate::bits::{BitSet, Cells};
use crate::geometry::{Geometry, JumpLattice};
use crate::position::Position;

/// The jump starts of one position, class by class.
struct Starts<C: Cells> {
    /// `by_direction[c][d]`: the cells of class `c` with a single jump in
    /// direction `d`.
    by_direction: [[C; 8]; 4],
    /// `any[c]`: the cells of class `c` with some single jump.
    any: [C; 4],
}

impl<C: Cells> Starts<C> {
    /// The jump starts of the occupied holes `occ` (with constant indices,
    /// so that every shift is by a constant).
    #[inline(never)]
    fn new<G: Geometry<Cells = C>>(occ: G::Bits) -> Starts<C> {
        let l = G::LATTICE;
        let class_occ = class_cells::<G>(occ);
        let mut by_direction = [[C::ZERO; 8]; 4];
        let mut any = [C::ZERO; 4];
        for c in 0..4 {
            let empty = C::from_u128(l.valid[c]) & !class_occ[c];
            for (d, starts) in by_direction[c][..G::DIRECTIONS].iter_mut().enumerate() {
                let over = class_occ[usize::from(l.over_class[c][d] & 3)];
                // Bit x: the hole jumped over from x is occupied, and the
                // landing hole is empty.
                *starts = over.shifted(-l.over_step[c][d]) & empty.shifted(-l.step[d]);
                any[c] |= *starts;
            }
        }
        Starts { by_direction, any }
    }
}

/// The occupancy of one position; the jump starts are worked out when a
/// jump is first asked for (steps need none).
pub(crate) struct Lattice<G: Geometry> {
    occ: G::Bits,
    starts: Option<Starts<G::Cells>>,
    _board: PhantomData<G>,
}

impl<G: Geometry> Lattice<G> {
    const L: &'static JumpLattice = G::LATTICE;

    /// The lattices of `pos`.
    #[inline]
    pub(crate) fn of(pos: &Position<G>) -> Lattice<G> {
        Lattice {
            occ: pos.occupied(),
            starts: None,
            _board: PhantomData,
        }
    }

    /// The occupied holes.
    #[inline]
    pub(crate) fn occupied(&self) -> G::Bits {
        self.occ
    }

    /// The empty neighbours of `from`.
    #[inline]
    pub(crate) fn steps_from(&self, from: usize) -> G::Bits {
        crate::movegen::steps_from::<G>(from, self.occ)
    }

    /// Every hole the piece on `from` can reach by a chain of one or more
    /// single jumps.
    #[inline]
    pub(crate) fn jump_reach(&mut self, from: usize) -> G::Bits {
        let (c, cells) = self.jump_cells(from);
        let mut out = G::Bits::EMPTY;
        cells.for_each_cell(|x| out.insert(hole_of::<G>(c, x)));
        out
    }

    /// [`Lattice::jump_reach`] as cells: the jump class of `from`, and the
    /// cells of that class's grid its chains reach. Always inlined: a
    /// returned pair goes through memory, in halves that the `u128` load
    /// after the call then waits on.
    #[inline(always)]
    pub(crate) fn jump_cells(&mut self, from: usize) -> (usize, G::Cells) {
        let h = from & 0xff;
        let c = usize::from(Self::L.class[h] & 3);
        let occ = self.occ;
        let all = self.starts.get_or_insert_with(|| Starts::new::<G>(occ));
        let origin = G::Cells::single(usize::from(Self::L.cell[h]));
        if all.any[c] & origin == G::Cells::ZERO {
            return (c, G::Cells::ZERO);
        }
        let any = all.any[c];
        let starts = &all.by_direction[c];
        let mut reached = origin;
        let mut frontier = origin;
        loop {
            let mut next = G::Cells::ZERO;
            for (d, &start) in starts[..G::DIRECTIONS].iter().enumerate() {
                next |= (frontier & start).shifted(Self::L.step[d]);
            }
            next &= !reached;
            reached |= next;
            // Stop as soon as no new cell can jump on (usually one round
            // before the frontier would come out empty).
            if next & any == G::Cells::ZERO {
                break;
            }
            frontier = next;
        }
        (c, reached & !origin)
    }
}

/// The hole at cell `x` of class `c`'s grid (`x` must be a hole's cell).
#[inline]
pub(crate) fn hole_of<G: Geometry>(c: usize, x: usize) -> usize {
    usize::from(G::LATTICE.hole[c & 3][x & 127])
}

/// The cells of `holes`, class by class.
#[inline]
pub(crate) fn class_cells<G: Geometry>(holes: G::Bits) -> [G::Cells; 4] {
    let l = G::LATTICE;
    // Gathered in 64-bit halves: or-ing single bits into `u128`s in memory
    // compiles to 32-bit stores, which the 64-bit loads after them then
    // wait on.
    let mut halves = [0u64; 8];
    holes.for_each(|h| {
        let h = h & 0xff;
        halves[usize::from(l.half[h] & 7)] |= l.half_bit[h];
    });
    core::array::from_fn(|c| G::Cells::from_halves(halves[2 * c], halves[2 * c + 1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Square, Star, LATTICE_CELLS, NONE};

    /// Every hole's neighbours and landings sit at the lattice's offsets,
    /// and where a hole has none, the offset cell is not a hole.
    fn lattice_fits<G: Geometry>() {
        let l = G::LATTICE;
        let at = |class: usize, cell: i32| -> u16 {
            if (0..LATTICE_CELLS as i32).contains(&cell) {
                l.hole[class][cell as usize]
            } else {
                NONE
            }
        };
        for h in 0..G::HOLES {
            let (c, x) = (usize::from(l.class[h]), i32::from(l.cell[h]));
            assert_eq!(G::jump_class(h), c);
            let half = usize::from(l.half[h]);
            assert_eq!((half / 2, half % 2), (c, x as usize / 64));
            assert_eq!(l.half_bit[h], 1 << (x % 64));
            assert_eq!(usize::from(l.hole[c][x as usize]), h);
            assert!(
                (x as usize) < 8 * core::mem::size_of::<G::Cells>(),
                "hole {h}: cell {x} past the width of the cells"
            );
            for d in 0..G::DIRECTIONS {
                let oc = usize::from(l.over_class[c][d]);
                assert_eq!(
                    at(oc, x + l.over_step[c][d]),
                    G::NEIGHBOURS[h][d],
                    "hole {h} dir {d}"
                );
                if G::NEIGHBOURS[h][d] != NONE {
                    assert_eq!(at(c, x + l.step[d]), G::LANDING[h][d], "hole {h} dir {d}");
                }
                let set = G::NEIGHBOUR_SETS[h];
                let n = G::NEIGHBOURS[h][d];
                assert!(n == NONE || set.has(usize::from(n)));
            }
            assert_eq!(
                G::NEIGHBOUR_SETS[h].count() as usize,
                G::NEIGHBOURS[h][..G::DIRECTIONS]
                    .iter()
                    .filter(|&&n| n != NONE)
                    .count()
            );
        }
    }

    /// `class_cells` and `hole_of` are inverse.
    fn cells_round_trip<G: Geometry>() {
        let cells = class_cells::<G>(G::ALL);
        let mut holes = 0;
        for (c, &set) in cells.iter().enumerate() {
            assert_eq!(
                set & !G::Cells::from_u128(G::LATTICE.valid[c]),
                G::Cells::ZERO
            );
            set.for_each_cell(|x| {
                assert_eq!(G::jump_class(hole_of::<G>(c, x)), c);
                holes += 1;
            });
        }
        assert_eq!(holes, G::HOLES);
    }

    /// Cells in increasing order are the class's holes in increasing order,
    /// ranked 0, 1, 2, ...: jump actions listed cell by cell are sorted.
    fn cell_order_is_rank_order<G: Geometry>() {
        let l = G::LATTICE;
        for c in 0..4 {
            let mut next = 0u8;
            let mut last = None;
            Cells::for_each_cell(G::Cells::from_u128(l.valid[c]), |x| {
                let h = hole_of::<G>(c, x);
                assert!(last < Some(h), "class {c} cell {x}");
                assert_eq!((l.cell_rank[c][x], l.rank[h]), (next, next));
                assert_eq!(usize::from(l.by_rank[c][usize::from(next)]), h);
                last = Some(h);
                next += 1;
            });
            assert_eq!(l.class_size[c], next);
        }
        assert_eq!(l.largest_class, *l.class_size.iter().max().unwrap());
    }

    #[test]
    fn cells_in_order_are_holes_in_order() {
        cell_order_is_rank_order::<Star>();
        cell_order_is_rank_order::<Square>();
    }

    #[test]
    fn cells_and_holes_correspond() {
        cells_round_trip::<Star>();
        cells_round_trip::<Square>();
    }

    #[test]
    fn the_lattices_match_the_neighbour_tables() {
        lattice_fits::<Star>();
        lattice_fits::<Square>();
    }
}
