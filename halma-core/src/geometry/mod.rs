//! Board geometries: the hole numbering, neighbour and jump tables, camps
//! and symmetries of the [`Star`] and the [`Square`] board.
//!
//! Holes are numbered in reading order: rows from top to bottom, each row
//! from left to right, from 0. All tables are built at compile time by
//! `const fn`s.

mod square;
mod star;

use core::fmt::Debug;
use core::hash::Hash;

pub use square::Square;
pub use star::Star;

use crate::bits::{BitSet, Cells};

/// Marks a missing neighbour in the tables.
pub const NONE: u16 = u16::MAX;

/// A board: its holes, directions, camps and symmetries.
///
/// Camps are numbered clockwise; [`Geometry::seat_camp`] says which camp
/// each seat starts in, and its target is [`Geometry::opposite`] of it.
pub trait Geometry:
    Copy + Clone + Debug + Default + PartialEq + Eq + PartialOrd + Ord + Hash + Send + Sync + 'static
{
    /// A set of holes.
    type Bits: BitSet;
    /// The cells of one class of [`Geometry::LATTICE`].
    type Cells: Cells;
    /// One hole set per seat, as many as the board's most seats.
    type Pieces: Copy
        + Eq
        + Ord
        + Hash
        + Debug
        + Default
        + Send
        + Sync
        + AsRef<[Self::Bits]>
        + AsMut<[Self::Bits]>;

    /// The name of the game played on this board, as `list_games()` gives it.
    const GAME: &'static str;
    /// The game's name for people ("Chinese checkers").
    const DISPLAY_NAME: &'static str;
    /// The number of holes.
    const HOLES: usize;
    /// The number of directions a piece moves in (6 or 8).
    const DIRECTIONS: usize;
    /// The number of camps (6 or 4).
    const CAMPS: usize;
    /// `NEIGHBOURS[h][d]`: the hole next to `h` in direction `d`, or [`NONE`].
    /// Directions come in opposite pairs: `d ^ 1` is the opposite of `d`.
    const NEIGHBOURS: &'static [[u16; 8]];
    /// `LANDING[h][d]`: the hole two steps from `h` in direction `d` (where
    /// a single jump lands), or [`NONE`].
    const LANDING: &'static [[u16; 8]];
    /// The length of each notation row, top to bottom.
    const ROW_LENGTHS: &'static [u8];
    /// The first hole of each row.
    const ROW_STARTS: &'static [u16];
    /// Every hole.
    const ALL: Self::Bits;
    /// `NEIGHBOUR_SETS[h]`: the holes next to `h`.
    const NEIGHBOUR_SETS: &'static [Self::Bits];
    /// The jump lattices of the board, for move generation.
    const LATTICE: &'static JumpLattice;
    /// `STEP_DIRECTION[h][(n - h) % 64]`: the direction from `h` to its
    /// neighbour `n` (no two neighbours of a hole are 64 holes apart).
    const STEP_DIRECTION: &'static [[u8; 64]];

    /// The camp seat `seat` starts in, at a table of `players`.
    fn seat_camp(players: usize, seat: usize) -> usize;
    /// The camp opposite `camp`.
    fn opposite(camp: usize) -> usize;
    /// The zone of `camp` for a game with `pieces` pieces per seat: where
    /// the pieces start (and where the opposite seat must bring its own).
    fn zone(camp: usize, pieces: usize) -> Self::Bits;
    /// The class of `hole` that jumps keep: jumps move by an even number of
    /// steps along a lattice direction, so they never change it (4 classes).
    fn jump_class(hole: usize) -> usize;
    /// The holes where a piece of a seat starting in `camp` may end a move
    /// under the wing rule.
    fn wing_allowed(camp: usize, target: usize) -> Self::Bits;
    /// The progress of `hole` for a seat starting in `camp`: rows from the
    /// apex (corner) of that camp, 0 at the apex.
    fn progress(camp: usize, hole: usize) -> u8;
    /// The hole `hole` moves to when the board is turned so that `camp`
    /// becomes camp 0 (the top, or the top-left corner).
    fn rotate_to_first(camp: usize, hole: usize) -> usize;
    /// True when the piece counts per seat are allowed with `players`.
    fn valid_setup(players: usize, pieces: usize) -> bool;
}

/// The most cells of one jump lattice: the tables hold a `u128`, one bit
/// per cell; a board whose classes fit in 64 cells works on
/// [`Geometry::Cells`] = `u64`.
pub const LATTICE_CELLS: usize = 128;

/// The board split into its four jump classes, each laid out as a small
/// grid of its own in a [`Geometry::Cells`], so that jump chains are
/// flood-filled a whole frontier at a time.
///
/// A single jump moves two steps along a direction, so it keeps the class
/// of a hole (see [`Geometry::jump_class`]), and within a class it is a
/// step of a coarser lattice of the same shape: a constant bit shift. The
/// hole jumped over lies in another class, at a constant offset too. The
/// grids leave no jump off the board landing on a hole (the square's with
/// a spare column, the star's by its shape), so shifts never wrap onto one.
#[derive(Debug)]
pub struct JumpLattice {
    /// `class[h]`: the jump class of hole `h`.
    pub class: [u8; 256],
    /// `cell[h]`: the cell of hole `h` in its class's grid.
    pub cell: [u8; 256],
    /// `hole[c][x]`: the hole at cell `x` of class `c`'s grid, or [`NONE`].
    pub hole: [[u16; LATTICE_CELLS]; 4],
    /// `valid[c]`: the cells of class `c`'s grid that are holes.
    pub valid: [u128; 4],
    /// `step[d]`: the cell offset of a single jump in direction `d`.
    pub step: [i32; 8],
    /// `over_class[c][d]`: the class of the hole a piece of class `c`
    /// jumps over in direction `d`.
    pub over_class: [[u8; 8]; 4],
    /// `over_step[c][d]`: the offset from the jumping piece's cell to the
    /// cell of the hole it jumps over, in that hole's class grid.
    pub over_step: [[i32; 8]; 4],
    /// `half[h]`: the 64-bit half of the class grids holding hole `h`'s
    /// cell, `2 * class + cell / 64`, and `half_bit[h]` its bit there: the
    /// occupancy is split into classes with one or per piece.
    pub half: [u8; 256],
    /// See `half`.
    pub half_bit: [u64; 256],
    /// `rank[h]`: the number of holes of `h`'s class before `h` in hole
    /// order (the jump part of the action encoding, see [`crate::action`]).
    pub rank: [u8; 256],
    /// `cell_rank[c][x]`: the rank of the hole at cell `x` of class `c`.
    pub cell_rank: [[u8; LATTICE_CELLS]; 4],
    /// `by_rank[c][r]`: the hole of rank `r` in class `c`, or [`NONE`].
    pub by_rank: [[u16; LATTICE_CELLS]; 4],
    /// `class_size[c]`: the number of holes of class `c`.
    pub class_size: [u8; 4],
    /// The number of holes of the largest class.
    pub largest_class: u8,
}

/// Builds the jump lattice from each hole's class and cell and the
/// neighbour and landing tables; the offsets are read off the first hole
/// that has each kind of neighbour (tests check they fit every hole).
pub(crate) const fn jump_lattice<const N: usize>(
    class: &[u8; N],
    cell: &[u8; N],
    nb: &[[u16; 8]; N],
    land: &[[u16; 8]; N],
) -> JumpLattice {
    let mut t = JumpLattice {
        class: [0; 256],
        cell: [0; 256],
        hole: [[NONE; LATTICE_CELLS]; 4],
        valid: [0; 4],
        step: [0; 8],
        over_class: [[0; 8]; 4],
        over_step: [[0; 8]; 4],
        half: [0; 256],
        half_bit: [0; 256],
        rank: [0; 256],
        cell_rank: [[0; LATTICE_CELLS]; 4],
        by_rank: [[NONE; LATTICE_CELLS]; 4],
        class_size: [0; 4],
        largest_class: 0,
    };
    let mut found_step = [false; 8];
    let mut found_over = [[false; 8]; 4];
    let mut h = 0;
    while h < N {
        let (c, x) = (class[h] as usize, cell[h] as usize);
        t.class[h] = c as u8;
        t.cell[h] = x as u8;
        t.hole[c][x] = h as u16;
        t.valid[c] |= 1 << x;
        t.half[h] = (2 * c + x / 64) as u8;
        t.half_bit[h] = 1 << (x % 64);
        let r = t.class_size[c];
        t.rank[h] = r;
        t.cell_rank[c][x] = r;
        t.by_rank[c][r as usize] = h as u16;
        t.class_size[c] = r + 1;
        if r + 1 > t.largest_class {
            t.largest_class = r + 1;
        }
        let mut d = 0;
        while d < 8 {
            let o = nb[h][d];
            if o != NONE && !found_over[c][d] {
                found_over[c][d] = true;
                t.over_class[c][d] = class[o as usize];
                t.over_step[c][d] = cell[o as usize] as i32 - x as i32;
            }
            let l = land[h][d];
            if l != NONE && !found_step[d] {
                found_step[d] = true;
                t.step[d] = cell[l as usize] as i32 - x as i32;
            }
            d += 1;
        }
        h += 1;
    }
    t
}

/// The `STEP_DIRECTION` table of a neighbour table (see [`Geometry`]).
pub(crate) const fn step_direction_table<const N: usize>(nb: &[[u16; 8]; N]) -> [[u8; 64]; N] {
    let mut t = [[u8::MAX; 64]; N];
    let mut h = 0;
    while h < N {
        let mut d = 0;
        while d < 8 {
            let n = nb[h][d];
            if n != NONE {
                t[h][(n as usize).wrapping_sub(h) % 64] = d as u8;
            }
            d += 1;
        }
        h += 1;
    }
    t
}

/// The neighbour sets of a neighbour table, with `insert` setting a bit.
pub(crate) const fn neighbour_sets_u128<const N: usize>(nb: &[[u16; 8]; N]) -> [u128; N] {
    let mut t = [0u128; N];
    let mut h = 0;
    while h < N {
        let mut d = 0;
        while d < 8 {
            if nb[h][d] != NONE {
                t[h] |= 1 << nb[h][d];
            }
            d += 1;
        }
        h += 1;
    }
    t
}

/// Row and position in row (both from 0) of `hole`.
pub(crate) fn row_col<G: Geometry>(hole: usize) -> (usize, usize) {
    let mut row = 0;
    while row + 1 < G::ROW_STARTS.len() && G::ROW_STARTS[row + 1] as usize <= hole {
        row += 1;
    }
    (row, hole - G::ROW_STARTS[row] as usize)
}

/// The landing table of a neighbour table: `nb[nb[h][d]][d]`.
pub(crate) const fn landing_table<const N: usize>(nb: &[[u16; 8]; N]) -> [[u16; 8]; N] {
    let mut t = [[NONE; 8]; N];
    let mut h = 0;
    while h < N {
        let mut d = 0;
        while d < 8 {
            let o = nb[h][d];
            if o != NONE {
                t[h][d] = nb[o as usize][d];
            }
            d += 1;
        }
        h += 1;
    }
    t
}
