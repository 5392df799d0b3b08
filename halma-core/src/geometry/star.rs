//! The 121-hole star of Chinese checkers, as cube coordinates `(q, r, s)`
//! with `q + r + s = 0` on a triangular lattice.
//!
//! The star is the union of two triangles of side 13, `q, r, s <= 4` and
//! `q, r, s >= -4`; they overlap in the central hexagon `|q|, |r|, |s| <= 4`
//! (61 holes). Row `r` runs from -8 (the top) to 8 (the bottom) and each
//! row is read by increasing `q`. The camps, clockwise from the top, are
//! `r <= -5`, `q >= 5`, `s <= -5`, `r >= 5`, `q <= -5` and `s >= 5`.

use super::{
    jump_lattice, landing_table, neighbour_sets_u128, step_direction_table, Geometry, JumpLattice,
    NONE,
};

/// The six directions as `(dq, dr)`: E, W, NE, SW, NW, SE (opposites paired).
const DIRS: [(i32, i32); 6] = [(1, 0), (-1, 0), (1, -1), (-1, 1), (0, -1), (0, 1)];

const fn in_star(q: i32, r: i32) -> bool {
    if q < -8 || q > 8 || r < -8 || r > 8 {
        return false;
    }
    let s = -q - r;
    (q <= 4 && r <= 4 && s <= 4) || (q >= -4 && r >= -4 && s >= -4)
}

struct Tables {
    coords: [(i8, i8); 121],
    index: [u16; 289],
    neighbours: [[u16; 8]; 121],
    row_lengths: [u8; 17],
    row_starts: [u16; 17],
    /// `rot[k][h]`: `h` turned k sixths of a turn anticlockwise.
    rot: [[u8; 121]; 6],
}

const fn build() -> Tables {
    let mut t = Tables {
        coords: [(0, 0); 121],
        index: [NONE; 289],
        neighbours: [[NONE; 8]; 121],
        row_lengths: [0; 17],
        row_starts: [0; 17],
        rot: [[0; 121]; 6],
    };
    let mut n = 0;
    let mut r = -8;
    while r <= 8 {
        t.row_starts[(r + 8) as usize] = n as u16;
        let mut q = -8;
        while q <= 8 {
            if in_star(q, r) {
                t.coords[n] = (q as i8, r as i8);
                t.index[((r + 8) * 17 + q + 8) as usize] = n as u16;
                t.row_lengths[(r + 8) as usize] += 1;
                n += 1;
            }
            q += 1;
        }
        r += 1;
    }
    let mut h = 0;
    while h < 121 {
        let (q, r) = (t.coords[h].0 as i32, t.coords[h].1 as i32);
        let mut d = 0;
        while d < 6 {
            let (nq, nr) = (q + DIRS[d].0, r + DIRS[d].1);
            if in_star(nq, nr) {
                t.neighbours[h][d] = t.index[((nr + 8) * 17 + nq + 8) as usize];
            }
            d += 1;
        }
        // Rotations: anticlockwise by 60 degrees maps (q, r, s) to (-s, -q, -r).
        let (mut cq, mut cr) = (q, r);
        let mut k = 0;
        while k < 6 {
            t.rot[k][h] = t.index[((cr + 8) * 17 + cq + 8) as usize] as u8;
            let cs = -cq - cr;
            let (nq, nr) = (-cs, -cq);
            cq = nq;
            cr = nr;
            k += 1;
        }
        h += 1;
    }
    t
}

const TABLES: Tables = build();
const NEIGHBOURS: [[u16; 8]; 121] = TABLES.neighbours;
const LANDING: [[u16; 8]; 121] = landing_table(&NEIGHBOURS);
const STEP_DIRECTION: [[u8; 64]; 121] = step_direction_table(&NEIGHBOURS);
const ROW_LENGTHS: [u8; 17] = TABLES.row_lengths;
const ROW_STARTS: [u16; 17] = TABLES.row_starts;
const ROT: [[u8; 121]; 6] = TABLES.rot;

const NEIGHBOUR_SETS: [u128; 121] = neighbour_sets_u128(&NEIGHBOURS);

/// Jump classes `(q mod 2, r mod 2)`; in its class, hole `(q, r)` sits at
/// `(q', r') = (q >> 1, r >> 1)`, both in -4..=4, and at cell
/// `q' + 7 r' + 27` of a grid of rows 7 cells wide. Rows of nine overlap
/// there, but no two holes of a class share a cell and no jump off the
/// star lands on a hole (the lattice tests check both), so every class
/// fits in 64 cells: a `u64`.
const LATTICE: JumpLattice = {
    let mut class = [0u8; 121];
    let mut cell = [0u8; 121];
    let mut h = 0;
    while h < 121 {
        let (q, r) = (TABLES.coords[h].0 as i32, TABLES.coords[h].1 as i32);
        class[h] = (((q & 1) << 1) | (r & 1)) as u8;
        cell[h] = ((q >> 1) + 7 * (r >> 1) + 27) as u8;
        h += 1;
    }
    jump_lattice(&class, &cell, &NEIGHBOURS, &LANDING)
};

/// `PROGRESS[c][h]`: rows from the apex of camp `c` to hole `h`.
const PROGRESS: [[u8; 121]; 6] = {
    let mut p = [[0u8; 121]; 6];
    let mut c = 0;
    while c < 6 {
        let mut h = 0;
        while h < 121 {
            let turned = ROT[c][h] as usize;
            p[c][h] = (TABLES.coords[turned].1 + 8) as u8;
            h += 1;
        }
        c += 1;
    }
    p
};

/// `ZONES[c][0]`: camp `c` (10 holes); `ZONES[c][1]`: camp `c` with the
/// adjacent row of five hexagon holes (15 holes).
const ZONES: [[u128; 2]; 6] = {
    let mut z = [[0u128; 2]; 6];
    let mut c = 0;
    while c < 6 {
        let mut h = 0;
        while h < 121 {
            let turned = ROT[c][h] as usize;
            let (q, r) = (
                TABLES.coords[turned].0 as i32,
                TABLES.coords[turned].1 as i32,
            );
            let s = -q - r;
            if r <= -5 {
                z[c][0] |= 1 << h;
            }
            if r <= -4 && q <= 4 && s <= 4 {
                z[c][1] |= 1 << h;
            }
            h += 1;
        }
        c += 1;
    }
    z
};

/// The central hexagon of 61 holes.
pub(crate) const HEXAGON: u128 = {
    let mut m = 0u128;
    let mut h = 0;
    while h < 121 {
        let (q, r) = (TABLES.coords[h].0 as i32, TABLES.coords[h].1 as i32);
        let s = -q - r;
        if q >= -4 && q <= 4 && r >= -4 && r <= 4 && s >= -4 && s <= 4 {
            m |= 1 << h;
        }
        h += 1;
    }
    m
};

/// The star board of Chinese checkers: 121 holes in a `u128`, six
/// directions, six camps (0 top, 1 upper-right, 2 lower-right, 3 bottom,
/// 4 lower-left, 5 upper-left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Star;

impl Star {
    /// The cube coordinates `(q, r)` of `hole` (`s = -q - r`); `None` past
    /// the 121 holes.
    pub const fn coords(hole: usize) -> Option<(i8, i8)> {
        if hole < TABLES.coords.len() {
            Some(TABLES.coords[hole])
        } else {
            None
        }
    }

    /// The hole at cube coordinates `(q, r)`, if it is on the star.
    pub const fn hole_at(q: i32, r: i32) -> Option<usize> {
        if !in_star(q, r) {
            return None;
        }
        Some(TABLES.index[((r + 8) * 17 + q + 8) as usize] as usize)
    }
}

impl Geometry for Star {
    type Bits = u128;
    type Cells = u64;
    type Pieces = [u128; 6];

    const GAME: &'static str = "chinese_checkers";
    const DISPLAY_NAME: &'static str = "Chinese checkers";
    const HOLES: usize = 121;
    const DIRECTIONS: usize = 6;
    const CAMPS: usize = 6;
    const NEIGHBOURS: &'static [[u16; 8]] = &NEIGHBOURS;
    const LANDING: &'static [[u16; 8]] = &LANDING;
    const STEP_DIRECTION: &'static [[u8; 64]] = &STEP_DIRECTION;
    const ROW_LENGTHS: &'static [u8] = &ROW_LENGTHS;
    const ROW_STARTS: &'static [u16] = &ROW_STARTS;
    const ALL: u128 = (1u128 << 121) - 1;
    const NEIGHBOUR_SETS: &'static [u128] = &NEIGHBOUR_SETS;
    const LATTICE: &'static JumpLattice = &LATTICE;

    fn jump_class(hole: usize) -> usize {
        usize::from(LATTICE.class[hole & 0xff])
    }

    fn seat_camp(players: usize, seat: usize) -> usize {
        match players {
            2 => [0, 3][seat % 2],
            3 => [0, 2, 4][seat % 3],
            4 => [0, 1, 3, 4][seat % 4],
            _ => seat % 6,
        }
    }

    fn opposite(camp: usize) -> usize {
        (camp + 3) % 6
    }

    fn zone(camp: usize, pieces: usize) -> u128 {
        ZONES[camp % 6][usize::from(pieces == 15)]
    }

    fn wing_allowed(camp: usize, target: usize) -> u128 {
        HEXAGON | ZONES[camp % 6][0] | ZONES[target % 6][0]
    }

    #[inline]
    fn progress(camp: usize, hole: usize) -> u8 {
        PROGRESS[camp % 6][hole]
    }

    fn rotate_to_first(camp: usize, hole: usize) -> usize {
        ROT[camp % 6][hole] as usize
    }

    fn valid_setup(players: usize, pieces: usize) -> bool {
        matches!((players, pieces), (2 | 3 | 4 | 6, 10) | (2 | 3, 15))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::BitSet;

    #[test]
    fn star_shape() {
        assert_eq!(
            ROW_LENGTHS,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
        assert_eq!(HEXAGON.count(), 61);
        for c in 0..6 {
            assert_eq!(Star::zone(c, 10).count(), 10);
            assert_eq!(Star::zone(c, 15).count(), 15);
            assert_eq!(Star::zone(c, 10) & HEXAGON, 0);
        }
        // Apex of the top camp is hole 0, of the bottom camp hole 120.
        assert_eq!(Star::progress(0, 0), 0);
        assert_eq!(Star::progress(0, 120), 16);
        assert_eq!(Star::progress(3, 120), 0);
        // Neighbour pairs are symmetric.
        for (h, row) in NEIGHBOURS.iter().enumerate() {
            for (d, &n) in row[..6].iter().enumerate() {
                if n != NONE {
                    assert_eq!(NEIGHBOURS[n as usize][d ^ 1] as usize, h);
                }
            }
        }
    }
}
