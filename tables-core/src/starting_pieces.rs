//! One side's pieces at the start of a tables game, a parameter of its
//! [`Variant`](crate::Variant).

use crate::variant::{MAX_POINTS, PIECES, QUARTERS};

/// One side's pieces at the start, along its own route: a parameter of
/// the game. (A position's arrangement as the notation writes it is a
/// [`Setup`](crate::Setup).)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StartingPieces {
    /// Pieces on each route point (index 0 is the side's first point).
    pub points: [u8; MAX_POINTS],
    /// Pieces waiting off the board to enter each route quarter.
    pub waiting: [u8; QUARTERS],
}

impl StartingPieces {
    /// A set-up from `(route point from 1, count)` pairs; `None` for a
    /// point outside 1 to 28 or more than 255 pieces on one point.
    ///
    /// ```
    /// use racegames_tables::StartingPieces;
    /// assert_eq!(StartingPieces::from_points(&[(1, 10), (1, 5)]).unwrap().points[0], 15);
    /// assert_eq!(StartingPieces::from_points(&[(0, 15)]), None);
    /// assert_eq!(StartingPieces::from_points(&[(29, 15)]), None);
    /// assert_eq!(StartingPieces::from_points(&[(3, 200), (3, 100)]), None);
    /// ```
    pub const fn from_points(list: &[(u8, u8)]) -> Option<StartingPieces> {
        let mut points = [0u8; MAX_POINTS];
        let mut i = 0;
        while i < list.len() {
            let (point, count) = list[i];
            if point == 0 || point as usize > MAX_POINTS {
                return None;
            }
            points[point as usize - 1] = match points[point as usize - 1].checked_add(count) {
                Some(n) => n,
                None => return None,
            };
            i += 1;
        }
        Some(StartingPieces {
            points,
            waiting: [0; QUARTERS],
        })
    }

    /// A preset's set-up, known to be valid.
    pub(crate) const fn preset(list: &[(u8, u8)]) -> StartingPieces {
        match StartingPieces::from_points(list) {
            Some(setup) => setup,
            None => panic!("a preset's set-up lists points 1 to 28"),
        }
    }

    /// All 15 pieces off the board, waiting to enter the first quarter.
    pub const fn all_waiting() -> StartingPieces {
        StartingPieces::waiting_to_enter(PIECES)
    }

    /// `pieces` pieces off the board, waiting to enter the first quarter.
    pub const fn waiting_to_enter(pieces: u8) -> StartingPieces {
        StartingPieces {
            points: [0; MAX_POINTS],
            waiting: [pieces, 0, 0, 0],
        }
    }

    /// The number of pieces in the set-up.
    pub const fn total(&self) -> u32 {
        let mut t = 0;
        let mut i = 0;
        while i < MAX_POINTS {
            t += self.points[i] as u32;
            i += 1;
        }
        let mut q = 0;
        while q < QUARTERS {
            t += self.waiting[q] as u32;
            q += 1;
        }
        t
    }
}
