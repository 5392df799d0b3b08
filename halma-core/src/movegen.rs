//! Move generation: steps, and jump chains found by a flood fill over the
//! jump graph of the current occupancy, without allocating.
//!
//! A move is identified by its start and end holes. The destinations of a
//! piece are its empty neighbours plus every hole reachable by a chain of
//! jumps; a chain never revisits a hole, which does not change the set of
//! reachable holes (any walk contains a simple path), but the origin itself
//! is excluded. While it jumps, the moving piece has left its origin, so the
//! origin counts as empty.

use arrayvec::ArrayVec;

use crate::bits::{BitSet, Cells};
use crate::geometry::{Geometry, NONE};
use crate::lattice::Lattice;
use crate::position::Position;
use crate::Halma;

/// The holes one jump from `x` can land on, given the occupied holes `occ`
/// (which must not include the moving piece).
#[inline]
pub(crate) fn jumps_from<G: Geometry>(x: usize, occ: G::Bits, long: bool) -> G::Bits {
    let mut out = G::Bits::EMPTY;
    let nb = &G::NEIGHBOURS[x];
    if !long {
        let land = &G::LANDING[x];
        for (&o, &l) in nb[..G::DIRECTIONS].iter().zip(&land[..G::DIRECTIONS]) {
            if l != NONE && occ.has(o as usize) && !occ.has(l as usize) {
                out.insert(l as usize);
            }
        }
        return out;
    }
    for (d, &first) in nb[..G::DIRECTIONS].iter().enumerate() {
        // Walk to the first piece along the ray, at distance k.
        let mut cur = first;
        let mut k = 1;
        while cur != NONE && !occ.has(cur as usize) {
            cur = G::NEIGHBOURS[cur as usize][d];
            k += 1;
        }
        if cur == NONE {
            continue;
        }
        // Then k more holes, all empty: the k-1 beyond the piece and the landing.
        let mut ok = true;
        for _ in 0..k {
            cur = G::NEIGHBOURS[cur as usize][d];
            if cur == NONE || occ.has(cur as usize) {
                ok = false;
                break;
            }
        }
        if ok {
            out.insert(cur as usize);
        }
    }
    out
}

/// The empty neighbours of `from`.
#[inline]
pub(crate) fn steps_from<G: Geometry>(from: usize, occ: G::Bits) -> G::Bits {
    G::NEIGHBOUR_SETS
        .get(from)
        .map_or(G::Bits::EMPTY, |&n| n.minus(occ))
}

/// Every hole the piece on `from` can reach by a chain of one or more
/// jumps (`occ` includes the piece itself).
#[inline]
pub(crate) fn jump_reach<G: Geometry>(from: usize, occ: G::Bits, long: bool) -> G::Bits {
    let occ = occ.minus(G::Bits::single(from));
    let mut visited = G::Bits::single(from);
    let mut frontier = visited;
    while let Some(x) = frontier.pop_first() {
        let new = jumps_from::<G>(x, occ, long).minus(visited);
        visited = visited.or(new);
        frontier = frontier.or(new);
    }
    visited.minus(G::Bits::single(from))
}

/// The holes a piece on `from` reaches by jump chains, on `lattice`: the
/// jump-lattice flood fill for single jumps, the bitboard one for long
/// jumps.
#[inline]
pub(crate) fn reach<G: Geometry>(lattice: &mut Lattice<G>, from: usize, long: bool) -> G::Bits {
    if long {
        jump_reach::<G>(from, lattice.occupied(), long)
    } else {
        lattice.jump_reach(from)
    }
}

/// Every hole the piece on `from` can end a move on, before the wing and
/// vacate rules.
#[inline]
pub(crate) fn destinations<G: Geometry>(
    lattice: &mut Lattice<G>,
    from: usize,
    long: bool,
) -> G::Bits {
    lattice.steps_from(from).or(reach(lattice, from, long))
}

/// The longest hop path kept for a move string.
pub const MAX_PATH: usize = 128;

/// The hop path of the move `from` to `to` in `pos`: `[from, to]` for a
/// step, else the shortest jump chain, and among those the first in hole
/// order (compared hole by hole). `None` if no such move exists.
pub(crate) fn hop_path<G: Geometry>(
    pos: &Position<G>,
    from: usize,
    to: usize,
    long: bool,
) -> Option<ArrayVec<u16, MAX_PATH>> {
    let occ = pos.occupied();
    if from >= G::HOLES || to >= G::HOLES || !occ.has(from) || occ.has(to) || from == to {
        return None;
    }
    let mut path = ArrayVec::new();
    path.push(from as u16);
    if steps_from::<G>(from, occ).has(to) {
        path.push(to as u16);
        return Some(path);
    }
    let lifted = occ.minus(G::Bits::single(from));
    // Breadth-first layers from `to`; jumps are symmetric.
    let mut layers: ArrayVec<G::Bits, MAX_PATH> = ArrayVec::new();
    let mut seen = G::Bits::single(to);
    layers.push(seen);
    loop {
        let last = *layers.last()?;
        if last.has(from) {
            break;
        }
        let mut next = G::Bits::EMPTY;
        last.for_each(|x| next = next.or(jumps_from::<G>(x, lifted, long)));
        next = next.minus(seen);
        if next.is_empty() || layers.is_full() {
            return None;
        }
        seen = seen.or(next);
        layers.push(next);
    }
    let mut cur = from;
    for depth in (0..layers.len() - 1).rev() {
        cur = jumps_from::<G>(cur, lifted, long)
            .and(layers[depth])
            .first()?;
        path.try_push(cur as u16).ok()?;
    }
    Some(path)
}

impl<G: Geometry> Halma<G> {
    /// The end holes allowed to `seat` (wing rule).
    #[inline]
    pub(crate) fn allowed_ends(&self, seat: usize) -> G::Bits {
        self.allowed[seat]
    }

    /// True when some move of `seat` increases the progress of the piece it
    /// moves (movement and wing rules only); `lattice` holds `pos`.
    pub(crate) fn can_progress(
        &self,
        pos: &Position<G>,
        seat: usize,
        lattice: &mut Lattice<G>,
    ) -> bool {
        let camp = usize::from(self.camp[seat]);
        let allowed = self.allowed_ends(seat);
        // Steps first (cheap, and usually enough), then jump chains.
        let mut mine = pos.pieces(seat);
        while let Some(from) = mine.pop_first() {
            let p = G::progress(camp, from);
            let mut steps = lattice.steps_from(from).and(allowed);
            while let Some(to) = steps.pop_first() {
                if G::progress(camp, to) > p {
                    return true;
                }
            }
        }
        let mut mine = pos.pieces(seat);
        while let Some(from) = mine.pop_first() {
            let p = G::progress(camp, from);
            let mut jumps = reach(lattice, from, self.rules.long_jumps).and(allowed);
            while let Some(to) = jumps.pop_first() {
                if G::progress(camp, to) > p {
                    return true;
                }
            }
        }
        false
    }

    /// True when the vacate rule binds `seat` in `pos`: its rival is stuck
    /// outside its target camp, `seat` still has a piece in its start camp,
    /// and it can move one of those pieces out. Such a move is then required.
    pub(crate) fn vacate_forced(&self, pos: &Position<G>, seat: usize) -> bool {
        self.vacate_forced_on(pos, seat, &mut Lattice::of(pos))
    }

    /// [`Halma::vacate_forced`] with the lattice of `pos` at hand, read
    /// from `pos` where it knows the answer (for the seat to move).
    fn vacate_forced_on(&self, pos: &Position<G>, seat: usize, lattice: &mut Lattice<G>) -> bool {
        if pos.derived.known && usize::from(pos.to_move) == seat {
            return pos.derived.vacate;
        }
        self.vacate_worked_out(pos, seat, lattice)
    }

    /// Sets what `pos` derives from its pieces and turn (see
    /// [`crate::position::Derived`]).
    pub(crate) fn derive(&self, pos: &mut Position<G>) {
        pos.derived.vacate = match pos.to_move() {
            Some(p) => self.vacate_worked_out(pos, p.index(), &mut Lattice::of(pos)),
            None => false,
        };
        pos.derived.known = true;
    }

    /// [`Halma::vacate_forced_on`] worked out from the pieces.
    pub(crate) fn vacate_worked_out(
        &self,
        pos: &Position<G>,
        seat: usize,
        lattice: &mut Lattice<G>,
    ) -> bool {
        if !self.rules.vacate_rule {
            return false;
        }
        let rival = self.rival[seat];
        if rival == crate::position::NOBODY {
            return false;
        }
        let rival = usize::from(rival);
        let start = self.start[seat];
        let home = pos.pieces(seat).and(start);
        if home.is_empty()
            || pos.has_finished(rival)
            || pos.pieces(rival).is_subset(self.target[rival])
            || self.can_progress(pos, rival, lattice)
        {
            return false;
        }
        let allowed = self.allowed_ends(seat).minus(start);
        let mut home = home;
        while let Some(from) = home.pop_first() {
            if !destinations(lattice, from, self.rules.long_jumps)
                .and(allowed)
                .is_empty()
            {
                return true;
            }
        }
        false
    }

    /// Calls `f(from, ends)` for each piece of `seat` with at least one
    /// legal move, in increasing `from` order.
    #[inline]
    pub(crate) fn for_each_piece_moves(
        &self,
        pos: &Position<G>,
        seat: usize,
        mut f: impl FnMut(usize, G::Bits),
    ) {
        let mut lattice = Lattice::<G>::of(pos);
        let forced = self.vacate_forced_on(pos, seat, &mut lattice);
        let start = self.start[seat];
        let allowed = self.allowed_ends(seat);
        let mut mine = pos.pieces(seat);
        if forced {
            mine = mine.and(start);
        }
        let long = self.rules.long_jumps;
        while let Some(from) = mine.pop_first() {
            let mut ends = destinations(&mut lattice, from, long).and(allowed);
            if forced {
                ends = ends.minus(start);
            }
            if !ends.is_empty() {
                f(from, ends);
            }
        }
    }

    /// Like [`Halma::for_each_piece_moves`] for single jumps, but each
    /// piece's ends come as `f(from, steps, class, jumps)`: its legal step
    /// ends, and its legal jump ends as cells of its class's grid (see
    /// [`crate::lattice::hole_of`]), which saves turning them into holes.
    #[inline]
    pub(crate) fn for_each_piece_moves_by_kind(
        &self,
        pos: &Position<G>,
        seat: usize,
        mut f: impl FnMut(usize, G::Bits, usize, G::Cells),
    ) {
        debug_assert!(!self.rules.long_jumps);
        let mut lattice = Lattice::<G>::of(pos);
        let forced = self.vacate_forced_on(pos, seat, &mut lattice);
        let mut mine = pos.pieces(seat);
        let (mut steps_allowed, mut jumps_allowed) = (self.allowed[seat], self.allowed_cells[seat]);
        if forced {
            let start = self.start[seat];
            mine = mine.and(start);
            steps_allowed = steps_allowed.minus(start);
            for (cells, start) in jumps_allowed.iter_mut().zip(self.start_cells[seat]) {
                *cells &= !start;
            }
        }
        while let Some(from) = mine.pop_first() {
            let steps = lattice.steps_from(from).and(steps_allowed);
            let (class, cells) = lattice.jump_cells(from);
            let jumps = cells & jumps_allowed[class & 3];
            if !steps.is_empty() || jumps != G::Cells::ZERO {
                f(from, steps, class, jumps);
            }
        }
    }

    /// True when moving the piece on `from` to `to` is legal for `seat`, the
    /// seat to move. The vacate rule is consulted only when the move does not
    /// already leave the start camp.
    pub(crate) fn is_legal_move(
        &self,
        pos: &Position<G>,
        seat: usize,
        from: usize,
        to: usize,
    ) -> bool {
        let occ = pos.occupied();
        if from >= G::HOLES
            || to >= G::HOLES
            || !pos.pieces(seat).has(from)
            || occ.has(to)
            || !self.allowed_ends(seat).has(to)
        {
            return false;
        }
        let mut lattice = Lattice::<G>::of(pos);
        if !lattice.steps_from(from).has(to)
            && !reach(&mut lattice, from, self.rules.long_jumps).has(to)
        {
            return false;
        }
        let start = self.start[seat];
        (start.has(from) && !start.has(to)) || !self.vacate_forced_on(pos, seat, &mut lattice)
    }

    /// True when `seat` has any legal move (the vacate rule never removes
    /// the last one, so it is not consulted).
    pub(crate) fn has_any_move(&self, pos: &Position<G>, seat: usize) -> bool {
        let allowed = self.allowed_ends(seat);
        let mut lattice = Lattice::<G>::of(pos);
        let mut mine = pos.pieces(seat);
        while let Some(from) = mine.pop_first() {
            if !lattice.steps_from(from).and(allowed).is_empty() {
                return true;
            }
        }
        let mut mine = pos.pieces(seat);
        while let Some(from) = mine.pop_first() {
            if !reach(&mut lattice, from, self.rules.long_jumps)
                .and(allowed)
                .is_empty()
            {
                return true;
            }
        }
        false
    }
}
