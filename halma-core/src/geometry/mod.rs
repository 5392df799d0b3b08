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

use crate::bits::BitSet;

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
    /// The observation grid: (height, width).
    const GRID: (usize, usize);
    /// `GRID_CELL[h]`: the cell of hole `h` in the observation grid (row-major).
    const GRID_CELL: &'static [u16];
    /// `PADDED_CELL[h]`: the cell of hole `h` in the padded grid that move
    /// generation uses: the board's grid with a border two cells wide, so
    /// that a step or a jump from any hole stays inside the grid.
    const PADDED_CELL: &'static [u16];
    /// `PADDED_HOLE[c]`: the hole at padded cell `c`, or [`NONE`].
    const PADDED_HOLE: &'static [u16; PADDED_CELLS];
    /// The padded grid of the empty board: 0 on holes, 2 elsewhere.
    const PADDED_EMPTY: &'static [u8; PADDED_CELLS];
    /// `PADDED_STEP[d]`: the padded-cell offset of direction `d` (the
    /// directions of [`Geometry::NEIGHBOURS`]).
    const PADDED_STEP: [isize; 8];

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

/// The size of the padded grid (both boards fit: the star's 21 x 21 and
/// the square's 20 x 20), a power of two so that masked indices need no
/// bounds check.
pub const PADDED_CELLS: usize = 512;

/// The inverse of a hole-to-padded-cell table.
pub(crate) const fn padded_holes(cell_of: &[u16]) -> [u16; PADDED_CELLS] {
    let mut t = [NONE; PADDED_CELLS];
    let mut h = 0;
    while h < cell_of.len() {
        t[cell_of[h] as usize] = h as u16;
        h += 1;
    }
    t
}

/// The padded grid of the empty board, from [`padded_holes`].
pub(crate) const fn padded_empty(hole_at: &[u16; PADDED_CELLS]) -> [u8; PADDED_CELLS] {
    let mut t = [crate::grid::OFF_BOARD; PADDED_CELLS];
    let mut c = 0;
    while c < PADDED_CELLS {
        if hole_at[c] != NONE {
            t[c] = crate::grid::EMPTY;
        }
        c += 1;
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
