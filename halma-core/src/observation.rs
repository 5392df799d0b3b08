//! The observation tensor, from the observer's point of view.
//!
//! Shape `[3n + 3, H, W]` for `n` seats, on the board's grid: the star uses
//! a 17x17 axial grid (cell `(r + 8) * 17 + (q + 8)`), the square board its
//! 16x16 holes. The board is turned so that the observer's camp is camp 0
//! (the top, or the top-left corner), and seats are relabelled so that the
//! observer is seat 0 and the others follow in turn order. Planes, for
//! relative seat `i` in `0..n`:
//!
//! - `i`: 1 on the holes of seat `i`'s pieces;
//! - `n + i`: all 1 when seat `i` is to move;
//! - `2n + i`: all 1 when seat `i` has finished;
//! - `3n`: 1 on every hole of the board (the star's shape on its grid);
//! - `3n + 1`: all equal to `turns / max_turns` (0 without a limit);
//! - `3n + 2`: all 1 when the vacate rule binds the seat to move.

use board_core::{Game, ObservationError, Player};

use crate::bits::BitSet;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::Halma;

pub(crate) fn observe<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    player: Player,
    out: &mut [f32],
) -> Result<(), ObservationError> {
    let n = game.num_players();
    if player.index() >= n {
        return Err(ObservationError::NoSuchPlayer {
            player: player.index(),
            num_players: n,
        });
    }
    let plane = G::GRID.0 * G::GRID.1;
    let expected = crate::game::plane_count(n) * plane;
    if out.len() != expected {
        return Err(ObservationError::WrongLength {
            expected,
            found: out.len(),
        });
    }
    // Each plane is written once (the batch environments write many
    // observations per step, so memory traffic matters).
    let me = player.index();
    let camp = game.camp_of(player);
    let cell = |hole: usize| usize::from(G::GRID_CELL[G::rotate_to_first(camp, hole)]);
    let mut fill = |p: usize, v: f32| out[p * plane..(p + 1) * plane].fill(v);
    let to_move = pos.to_move().map(Player::index);
    for i in 0..n {
        let seat = (me + i) % n;
        fill(i, 0.0);
        fill(n + i, if to_move == Some(seat) { 1.0 } else { 0.0 });
        fill(2 * n + i, if pos.has_finished(seat) { 1.0 } else { 0.0 });
    }
    let max = game.rules.max_turns;
    fill(3 * n, 0.0);
    fill(
        3 * n + 1,
        if max > 0 {
            pos.turns as f32 / max as f32
        } else {
            0.0
        },
    );
    fill(3 * n + 2, if game.must_vacate(pos) { 1.0 } else { 0.0 });
    for i in 0..n {
        let base = i * plane;
        pos.pieces((me + i) % n)
            .for_each(|h| out[base + cell(h)] = 1.0);
    }
    let base = 3 * n * plane;
    for h in 0..G::HOLES {
        out[base + cell(h)] = 1.0;
    }
    Ok(())
}
