//! The geometry of the routes, read off the variant: the route's length
//! (24 points, 28 with seven-point quarters, 12 on Medio emperador's half
//! board), the quarter's length, and where each route point lies on the
//! board (`Variant::route_to_point`). Every other term works along routes,
//! so a half-board game's crossing from its first table to the facing one
//! is one pip, as the rules count it, not thirteen.

use racegames_board::Seat;
use racegames_tables::{Position, Tables};

use super::stack_limit;

/// The longest route (four quarters of seven points).
pub(crate) const MAX_ROUTE: usize = 28;
/// No route point (a board point off a seat's route).
const OFF_ROUTE: u8 = u8::MAX;

/// One side's pieces along its own route (point 0 is its first).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SideView {
    pub counts: [u8; MAX_ROUTE],
    pub mask: u32,
    pub waiting: [u8; 4],
    pub off: u8,
}

/// Both sides, and what each side's moves meet.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sides {
    pub seat: [SideView; 2],
    /// In seat `x`'s route: the points it cannot land on (the other side's
    /// closed points, and its own points at the stacking limit).
    pub closed_to: [u32; 2],
    /// In seat `x`'s route: the other side's pieces it can hit.
    pub blots_seen_by: [u32; 2],
    /// The points of a route.
    pub len: usize,
    /// The points of a quarter.
    pub qlen: usize,
    /// Board point (0 for point 1) of each seat's route point.
    to_point: [[u8; MAX_ROUTE]; 2],
    /// Route point of each seat for each board point ([`OFF_ROUTE`] when
    /// the board point is off its route).
    from_point: [[u8; MAX_ROUTE]; 2],
}

impl Sides {
    pub(crate) fn new(game: &Tables, pos: &Position) -> Sides {
        let v = game.variant();
        let len = v.route_len().min(MAX_ROUTE);
        let board_len = v.board_len().min(MAX_ROUTE);
        let mut board = [[0u8; MAX_ROUTE]; 2];
        for (i, pair) in (0..board_len).map(|i| (i, pos.point(i + 1))) {
            if let Some((p, n)) = pair {
                board[p.index() & 1][i] = n;
            }
        }
        let mut sides = Sides {
            seat: [SideView::default(); 2],
            closed_to: [0; 2],
            blots_seen_by: [0; 2],
            len,
            qlen: usize::from(v.quarter_len),
            to_point: [[0; MAX_ROUTE]; 2],
            from_point: [[OFF_ROUTE; MAX_ROUTE]; 2],
        };
        for x in 0..2 {
            for r in 0..len {
                let i = v.route_to_point(x, r).min(MAX_ROUTE - 1);
                sides.to_point[x][r] = i as u8;
                sides.from_point[x][i] = r as u8;
            }
        }
        for x in 0..2 {
            let y = 1 - x;
            let player = Seat::new(x as u8);
            let s = &mut sides.seat[x];
            for r in 0..len {
                let i = usize::from(sides.to_point[x][r]);
                s.counts[r] = board[x][i];
                s.mask |= u32::from(board[x][i] > 0) << r;
                sides.closed_to[x] |= u32::from(board[y][i] >= v.closes_at) << r;
                if v.closes_at == 2 && board[y][i] == 1 {
                    sides.blots_seen_by[x] |= 1 << r;
                }
            }
            sides.closed_to[x] |= stack_limit::own_full(v, s);
            for (q, w) in s.waiting.iter_mut().enumerate() {
                *w = pos.waiting(player, q);
            }
            s.off = pos.borne_off(player);
        }
        sides
    }

    /// Seat `to`'s route point of seat `from`'s route point `r` (`None`
    /// when it is off `to`'s route).
    #[inline]
    pub(crate) fn convert(&self, from: usize, to: usize, r: usize) -> Option<usize> {
        let i = usize::from(*self.to_point[from & 1].get(r)?);
        let t = self.from_point[to & 1][i];
        (t != OFF_ROUTE).then_some(usize::from(t))
    }

    /// The board point, 1 for the first, of seat `x`'s route point `r`.
    #[cfg(test)]
    pub(crate) fn board_point(&self, x: usize, r: usize) -> usize {
        usize::from(self.to_point[x & 1][r]) + 1
    }

    /// Every point of a route, as a mask.
    #[inline]
    pub(crate) fn route_mask(&self) -> u32 {
        ((1u64 << self.len) - 1) as u32
    }

    /// The mask of quarter `q` of a route.
    #[inline]
    pub(crate) fn quarter_mask(&self, q: usize) -> u32 {
        ((((1u64 << self.qlen) - 1) << (self.qlen * q)) as u32) & self.route_mask()
    }
}
