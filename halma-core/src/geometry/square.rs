//! The 16x16 Halma board: hole `16 * row + column`, eight directions, four
//! corner camps (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left).

use super::{jump_lattice, landing_table, step_direction_table, Geometry, JumpLattice, NONE};
use crate::bits::Bits256;

/// The eight directions as `(drow, dcol)`: E, W, S, N, SE, NW, SW, NE
/// (opposites paired).
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

const NEIGHBOURS: [[u16; 8]; 256] = {
    let mut t = [[NONE; 8]; 256];
    let mut h = 0;
    while h < 256 {
        let (r, c) = ((h / 16) as i32, (h % 16) as i32);
        let mut d = 0;
        while d < 8 {
            let (nr, nc) = (r + DIRS[d].0, c + DIRS[d].1);
            if nr >= 0 && nr < 16 && nc >= 0 && nc < 16 {
                t[h][d] = (nr * 16 + nc) as u16;
            }
            d += 1;
        }
        h += 1;
    }
    t
};

const LANDING: [[u16; 8]; 256] = landing_table(&NEIGHBOURS);
const STEP_DIRECTION: [[u8; 64]; 256] = step_direction_table(&NEIGHBOURS);

/// `ROT[k][h]`: `h` turned k quarter turns anticlockwise.
const ROT: [[u8; 256]; 4] = {
    let mut t = [[0u8; 256]; 4];
    let mut h = 0;
    while h < 256 {
        let (mut r, mut c) = (h / 16, h % 16);
        let mut k = 0;
        while k < 4 {
            t[k][h] = (r * 16 + c) as u8;
            let (nr, nc) = (15 - c, r);
            r = nr;
            c = nc;
            k += 1;
        }
        h += 1;
    }
    t
};

const ROW_LENGTHS: [u8; 16] = [16; 16];
const ROW_STARTS: [u16; 16] = {
    let mut t = [0u16; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = (i * 16) as u16;
        i += 1;
    }
    t
};

const NEIGHBOUR_SETS: [Bits256; 256] = {
    let mut t = [Bits256([0; 4]); 256];
    let mut h = 0;
    while h < 256 {
        let mut d = 0;
        while d < 8 {
            let n = NEIGHBOURS[h][d];
            if n != NONE {
                t[h].0[(n / 64) as usize] |= 1 << (n % 64);
            }
            d += 1;
        }
        h += 1;
    }
    t
};

/// Jump classes `(row mod 2, column mod 2)`; in its class, hole
/// `(row, column)` sits at `(row >> 1, column >> 1)`, on a grid of rows 9
/// cells wide (the ninth is the spare column).
const LATTICE: JumpLattice = {
    let mut class = [0u8; 256];
    let mut cell = [0u8; 256];
    let mut h = 0;
    while h < 256 {
        let (r, c) = (h / 16, h % 16);
        class[h] = (((r & 1) << 1) | (c & 1)) as u8;
        cell[h] = ((r >> 1) * 9 + (c >> 1)) as u8;
        h += 1;
    }
    jump_lattice(&class, &cell, &NEIGHBOURS, &LANDING)
};

/// The rows of a camp counted from its corner: 19 pieces (2 players) or
/// 13 pieces (4 players).
const CAMP_ROWS_19: [usize; 5] = [5, 5, 4, 3, 2];
const CAMP_ROWS_13: [usize; 4] = [4, 4, 3, 2];

const fn top_left_zone(rows: &[usize]) -> Bits256 {
    let mut b = [0u64; 4];
    let mut r = 0;
    while r < rows.len() {
        let mut c = 0;
        while c < rows[r] {
            let h = r * 16 + c;
            b[h / 64] |= 1 << (h % 64);
            c += 1;
        }
        r += 1;
    }
    Bits256(b)
}

const fn turned_zone(camp: usize, rows: &[usize]) -> Bits256 {
    let tl = top_left_zone(rows);
    let mut b = [0u64; 4];
    let mut h = 0;
    while h < 256 {
        let t = ROT[camp][h] as usize;
        if (tl.0[t / 64] >> (t % 64)) & 1 != 0 {
            b[h / 64] |= 1 << (h % 64);
        }
        h += 1;
    }
    Bits256(b)
}

const ZONES: [[Bits256; 2]; 4] = {
    let mut z = [[Bits256([0; 4]); 2]; 4];
    let mut c = 0;
    while c < 4 {
        z[c][0] = turned_zone(c, &CAMP_ROWS_13);
        z[c][1] = turned_zone(c, &CAMP_ROWS_19);
        c += 1;
    }
    z
};

/// The 16x16 Halma board: 256 holes in a [`Bits256`], eight directions,
/// four corner camps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square;

impl Geometry for Square {
    type Bits = Bits256;
    type Cells = u128;
    type Pieces = [Bits256; 4];

    const GAME: &'static str = "halma";
    const DISPLAY_NAME: &'static str = "Halma";
    const HOLES: usize = 256;
    const DIRECTIONS: usize = 8;
    const CAMPS: usize = 4;
    const NEIGHBOURS: &'static [[u16; 8]] = &NEIGHBOURS;
    const LANDING: &'static [[u16; 8]] = &LANDING;
    const STEP_DIRECTION: &'static [[u8; 64]] = &STEP_DIRECTION;
    const ROW_LENGTHS: &'static [u8] = &ROW_LENGTHS;
    const ROW_STARTS: &'static [u16] = &ROW_STARTS;
    const ALL: Bits256 = Bits256([u64::MAX; 4]);
    const NEIGHBOUR_SETS: &'static [Bits256] = &NEIGHBOUR_SETS;
    const LATTICE: &'static JumpLattice = &LATTICE;

    fn jump_class(hole: usize) -> usize {
        usize::from(LATTICE.class[hole & 0xff])
    }

    fn seat_camp(players: usize, seat: usize) -> usize {
        match players {
            2 => [0, 2][seat % 2],
            _ => seat % 4,
        }
    }

    fn opposite(camp: usize) -> usize {
        (camp + 2) % 4
    }

    fn zone(camp: usize, pieces: usize) -> Bits256 {
        ZONES[camp % 4][usize::from(pieces == 19)]
    }

    fn wing_allowed(_camp: usize, _target: usize) -> Bits256 {
        Self::ALL
    }

    fn progress(camp: usize, hole: usize) -> u8 {
        let t = ROT[camp % 4][hole] as usize;
        (t / 16 + t % 16) as u8
    }

    fn rotate_to_first(camp: usize, hole: usize) -> usize {
        ROT[camp % 4][hole] as usize
    }

    fn valid_setup(players: usize, pieces: usize) -> bool {
        matches!((players, pieces), (2, 19) | (4, 13))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::BitSet;

    #[test]
    fn square_camps() {
        for c in 0..4 {
            assert_eq!(Square::zone(c, 19).count(), 19);
            assert_eq!(Square::zone(c, 13).count(), 13);
        }
        assert!(Square::zone(1, 13).has(15));
        assert!(Square::zone(2, 19).has(255));
        assert!(Square::zone(3, 19).has(240));
        assert_eq!(Square::rotate_to_first(1, 15), 0);
    }
}
