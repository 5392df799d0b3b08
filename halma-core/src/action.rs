//! The action encoding: one action per whole move, named by its start hole
//! and its end hole.
//!
//! A step changes a hole's jump class ([`Geometry::jump_class`]) and a
//! chain of jumps never does, so the end of a move from `from` is either
//! one of its `D` neighbours or another hole of its class. Each start hole
//! therefore has `slots = D + J` actions, where `J` is the size of the
//! largest class:
//!
//! | action | move |
//! |---|---|
//! | `from * slots + d`, for `d < D` | the step to the neighbour in direction `d` ([`Geometry::NEIGHBOURS`]) |
//! | `from * slots + D + r` | the move (by jumps) to the hole of rank `r` in `from`'s class |
//!
//! The rank of a hole is the number of holes of its class before it in
//! hole order. Slots with no hole behind them (off the board, past the end
//! of a smaller class, or `from` itself) are never legal.
//!
//! | board | `D` | `J` | slots | actions |
//! |---|---|---|---|---|
//! | star (Chinese checkers) | 6 | 37 | 43 | 121 × 43 = 5203 |
//! | square (Halma) | 8 | 64 | 72 | 256 × 72 = 18432 |
//!
//! This is a third of the plain `from * holes + to` on the star and a
//! quarter on the square board, for exactly the same moves: a smaller
//! legal-action mask for learners, and less memory to write it.
//!
//! ```
//! use racegames_halma::action::{decode, encode, num_actions};
//! use racegames_halma::Star;
//!
//! assert_eq!(num_actions::<Star>(), 5203);
//! // d1 (hole 6) to e5 (hole 14) is a step; c1 (3) to e3 (12) a jump.
//! for (from, to) in [(6, 14), (3, 12)] {
//!     let action = encode::<Star>(from, to).unwrap();
//!     assert_eq!(decode::<Star>(action), Some((from, to)));
//! }
//! // No move goes from a1 (hole 0) to c2 (hole 4): it is neither a
//! // neighbour nor a hole of a1's jump class.
//! assert_eq!(encode::<Star>(0, 4), None);
//! ```

use racegames_board::Action;

use crate::geometry::{Geometry, NONE};

/// The number of actions per start hole: directions plus the largest jump
/// class.
pub const fn slots<G: Geometry>() -> usize {
    G::DIRECTIONS + G::LATTICE.largest_class as usize
}

/// The size of the action space: holes times [`slots`].
pub const fn num_actions<G: Geometry>() -> usize {
    G::HOLES * slots::<G>()
}

/// The action of the move from hole `from` to hole `to`, if some move
/// could join them (a neighbour, or another hole of `from`'s jump class).
pub fn encode<G: Geometry>(from: usize, to: usize) -> Option<Action> {
    if from >= G::HOLES || to >= G::HOLES || from == to {
        return None;
    }
    let l = G::LATTICE;
    let base = from * slots::<G>();
    if l.class[from] == l.class[to] {
        return Some(jump_at::<G>(base, l.rank[to]));
    }
    let d = direction::<G>(from, to);
    (d < G::DIRECTIONS).then(|| step(base, d))
}

/// The direction from `from` to `to`, or a value of at least
/// [`Geometry::DIRECTIONS`] when `to` is not a neighbour.
#[inline]
pub(crate) fn direction<G: Geometry>(from: usize, to: usize) -> usize {
    // The table answers for neighbours only; anything else is checked.
    let d = step_direction::<G>(from, to);
    if d < G::DIRECTIONS && usize::from(G::NEIGHBOURS[from][d]) == to {
        d
    } else {
        usize::MAX
    }
}

/// The direction from `from` to `to`, known to be one of its neighbours.
#[inline]
pub(crate) fn step_direction<G: Geometry>(from: usize, to: usize) -> usize {
    usize::from(G::STEP_DIRECTION[from & 0xff][to.wrapping_sub(from) % 64])
}

/// The start and end holes of `action`, if it names a move on the board.
pub fn decode<G: Geometry>(action: Action) -> Option<(usize, usize)> {
    let slots = slots::<G>();
    let a = action as usize;
    let from = a / slots;
    if from >= G::HOLES {
        return None;
    }
    let slot = a % slots;
    let l = G::LATTICE;
    let to = match slot.checked_sub(G::DIRECTIONS) {
        None => G::NEIGHBOURS[from][slot],
        Some(rank) => l.by_rank[usize::from(l.class[from] & 3)][rank],
    };
    if to == NONE || usize::from(to) == from {
        None
    } else {
        Some((from, usize::from(to)))
    }
}

/// The step in direction `d` from the start hole whose first action is
/// `base` (`from * slots`).
#[inline]
pub(crate) fn step(base: usize, d: usize) -> Action {
    (base + d) as Action
}

/// The move to the hole of rank `rank` in the class of the start hole
/// whose first action is `base`. Jump slots follow the step slots.
#[inline]
pub(crate) fn jump_at<G: Geometry>(base: usize, rank: u8) -> Action {
    (base + G::DIRECTIONS + usize::from(rank)) as Action
}
