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

/// Checks the observer and the length of `out`; returns the size of a plane.
fn check<G: Geometry>(
    game: &Halma<G>,
    player: Player,
    out: &[f32],
) -> Result<usize, ObservationError> {
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
    Ok(plane)
}

/// The cell of `hole` in the observation grid, the board turned so that
/// `camp` is camp 0.
#[inline]
fn cell<G: Geometry>(camp: usize, hole: usize) -> usize {
    usize::from(G::GRID_CELL[G::rotate_to_first(camp, hole)])
}

/// The value of each uniform plane, indexed by plane: `n + i` (to move) and
/// `2n + i` (finished) for each relative seat `i`, `3n + 1` and `3n + 2`
/// (`vacate`, given because it costs a move generation). The other entries
/// (the piece planes and the board shape) are unused.
fn uniform_values<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    player: Player,
    vacate: bool,
) -> [f32; crate::game::plane_count(6)] {
    let n = game.num_players();
    let me = player.index();
    let to_move = pos.to_move().map(Player::index);
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let mut values = [0.0; crate::game::plane_count(6)];
    for i in 0..n {
        let seat = (me + i) % n;
        values[n + i] = flag(to_move == Some(seat));
        values[2 * n + i] = flag(pos.has_finished(seat));
    }
    let max = game.rules.max_turns;
    values[3 * n + 1] = if max > 0 {
        pos.turns as f32 / max as f32
    } else {
        0.0
    };
    values[3 * n + 2] = flag(vacate);
    values
}

/// Applies `f(plane, cell)` to the piece cells of `pos` seen by `player`.
fn for_each_piece_cell<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    player: Player,
    mut f: impl FnMut(usize, usize),
) {
    let n = game.num_players();
    let camp = game.camp_of(player);
    for i in 0..n {
        pos.pieces((player.index() + i) % n)
            .for_each(|h| f(i, cell::<G>(camp, h)));
    }
}

pub(crate) fn observe<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    player: Player,
    out: &mut [f32],
) -> Result<(), ObservationError> {
    let plane = check(game, player, out)?;
    let n = game.num_players();
    // Each plane is written once (the batch environments write many
    // observations per step, so memory traffic matters).
    let values = uniform_values(game, pos, player, game.must_vacate(pos));
    for (p, chunk) in out.chunks_exact_mut(plane).enumerate() {
        let uniform = p >= n && p != 3 * n;
        chunk.fill(if uniform { values[p] } else { 0.0 });
    }
    for_each_piece_cell(game, pos, player, |i, c| out[i * plane + c] = 1.0);
    // Any camp will do: turning the board permutes the holes, so the board
    // shape is the same for every observer.
    let base = 3 * n * plane;
    for h in 0..G::HOLES {
        out[base + cell::<G>(0, h)] = 1.0;
    }
    Ok(())
}

/// [`board_core::Game::observe_update`]: rewrites the uniform planes whose
/// value changed, and the piece cells that changed: for the same observer
/// those of the pieces that moved, else all of `before`'s (cleared) and
/// `state`'s (set). The board shape is the same for every observer, so it
/// stays.
pub(crate) fn observe_update<G: Geometry>(
    game: &Halma<G>,
    before: &Position<G>,
    before_player: Player,
    state: &Position<G>,
    player: Player,
    out: &mut [f32],
) -> Result<(), ObservationError> {
    let plane = check(game, player, out)?;
    let n = game.num_players();
    if before_player.index() >= n {
        // Not an observation this game writes: start afresh.
        return observe(game, state, player, out);
    }
    // The old vacate value is read back rather than recomputed (that needs
    // a move generation); the other old values are cheap to compute, and
    // reading them would cost a cache miss each.
    let shown_vacate = out[(3 * n + 2) * plane] != 0.0;
    let old = uniform_values(game, before, before_player, shown_vacate);
    let new = uniform_values(game, state, player, game.must_vacate(state));
    for (p, chunk) in out.chunks_exact_mut(plane).enumerate() {
        let uniform = p >= n && p != 3 * n;
        if uniform && old[p] != new[p] {
            chunk.fill(new[p]);
        }
    }
    if before_player == player {
        let camp = game.camp_of(player);
        for i in 0..n {
            let seat = (player.index() + i) % n;
            let (was, is) = (before.pieces(seat), state.pieces(seat));
            let base = i * plane;
            was.minus(is)
                .for_each(|h| out[base + cell::<G>(camp, h)] = 0.0);
            is.minus(was)
                .for_each(|h| out[base + cell::<G>(camp, h)] = 1.0);
        }
    } else {
        for_each_piece_cell(game, before, before_player, |i, c| {
            out[i * plane + c] = 0.0;
        });
        for_each_piece_cell(game, state, player, |i, c| out[i * plane + c] = 1.0);
    }
    Ok(())
}
