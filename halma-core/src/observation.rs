//! The observation vector, from the observer's point of view.
//!
//! A flat vector of `n * H + 2n + 2` floats for `n` seats on a board of `H`
//! holes (121 on the star, 256 on the square board), the same for every
//! seat. The board is turned so that the observer's camp is camp 0 (the
//! top, or the top-left corner), and seats are relabelled so that the
//! observer is seat 0 and the others follow in turn order. Holes are
//! numbered as in [`crate::notation`] (row by row from the top), on the
//! turned board.
//!
//! | entries | meaning |
//! |---|---|
//! | `i * H + h`, for relative seat `i` in `0..n` | 1 where seat `i` has a piece on hole `h` |
//! | `n * H + i` | 1 when seat `i` is to move |
//! | `n * H + n + i` | 1 when seat `i` has finished |
//! | `n * H + 2n` | `turns / max_turns` (0 without a limit) |
//! | `n * H + 2n + 1` | 1 when the vacate rule binds the seat to move |
//!
//! The first `n * H` entries are `n` planes of one value per hole; on the
//! square board each reshapes to the 16x16 grid, row by row.
//!
//! ```
//! use racegames_board::{Game, Seat};
//! use racegames_halma::ChineseCheckers;
//!
//! let game = ChineseCheckers::default(); // 2 players
//! assert_eq!(game.observation_shape(), [2 * 121 + 2 * 2 + 2]);
//! let mut obs = vec![0.0; game.observation_len()];
//! game.observe(&game.new_initial_state(), Seat::new(1), &mut obs).unwrap();
//! // Seat 1's ten pieces fill the top camp (holes 0 to 9) of its view.
//! assert!(obs[..10].iter().all(|&v| v == 1.0));
//! assert_eq!(obs[..121].iter().sum::<f32>(), 10.0);
//! // Seat 0 (relative seat 1) is to move.
//! assert_eq!(obs[2 * 121 + 1], 1.0);
//! ```

use racegames_board::{Game, ObservationError, Seat};

use crate::bits::BitSet;
use crate::game::seat_after;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::Halma;

/// The length of the observation for `players` seats.
pub(crate) const fn observation_len<G: Geometry>(players: usize) -> usize {
    players * G::HOLES + 2 * players + 2
}

/// Checks the observer and the length of `out`.
fn check<G: Geometry>(game: &Halma<G>, player: Seat, out: &[f32]) -> Result<(), ObservationError> {
    let n = game.num_players();
    if player.index() >= n {
        return Err(ObservationError::NoSuchPlayer {
            player: player.index(),
            num_players: n,
        });
    }
    let expected = observation_len::<G>(n);
    if out.len() != expected {
        return Err(ObservationError::WrongLength {
            expected,
            found: out.len(),
        });
    }
    Ok(())
}

/// Writes the scalar entries (everything after the piece planes).
fn write_scalars<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    player: Seat,
    vacate: bool,
    out: &mut [f32],
) {
    let n = game.num_players();
    let me = player.index();
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    // Seats as bits, turned so that bit `i` is relative seat `i`: a shift
    // per set rather than a seat computed per entry.
    let relative = |bits: u32| ((bits >> me) | (bits << (n - me))) & ((1 << n) - 1);
    let to_move = relative(pos.to_move().map_or(0, |p| 1 << p.index()));
    let finished = relative(
        pos.finished()
            .iter()
            .fold(0u32, |bits, &s| bits | 1 << (s & 7)),
    );
    let scalars = &mut out[n * G::HOLES..];
    let (to_move_flags, rest) = scalars.split_at_mut(n);
    for (i, (moves, done)) in to_move_flags.iter_mut().zip(&mut rest[..n]).enumerate() {
        *moves = flag(to_move >> i & 1 == 1);
        *done = flag(finished >> i & 1 == 1);
    }
    let max = game.rules.max_turns;
    scalars[2 * n] = if max > 0 {
        pos.turns as f32 / max as f32
    } else {
        0.0
    };
    scalars[2 * n + 1] = flag(vacate);
}

/// Writes `value` at the holes `holes(seat)` of each seat's plane, as
/// `player` sees them.
fn write_pieces<G: Geometry>(
    game: &Halma<G>,
    player: Seat,
    holes: impl Fn(usize) -> G::Bits,
    value: f32,
    out: &mut [f32],
) {
    let n = game.num_players();
    let camp = game.camp_of(player);
    let planes = &mut out[..n * G::HOLES];
    for (i, plane) in planes.chunks_exact_mut(G::HOLES).enumerate() {
        holes(seat_after(player.index(), i, n))
            .for_each(|h| plane[G::rotate_to_first(camp, h)] = value);
    }
}

pub(crate) fn observe<G: Geometry>(
    game: &Halma<G>,
    pos: &Position<G>,
    player: Seat,
    out: &mut [f32],
) -> Result<(), ObservationError> {
    check(game, player, out)?;
    out.fill(0.0);
    write_pieces(game, player, |seat| pos.pieces(seat), 1.0, out);
    write_scalars(game, pos, player, game.must_vacate(pos), out);
    Ok(())
}

/// [`racegames_board::Game::observe_update`]: rewrites the scalars, and the piece
/// entries that changed: for the same observer those of the pieces that
/// moved, else all of the planes (cleared, then `state`'s pieces set).
pub(crate) fn observe_update<G: Geometry>(
    game: &Halma<G>,
    before: &Position<G>,
    before_player: Seat,
    state: &Position<G>,
    player: Seat,
    out: &mut [f32],
) -> Result<(), ObservationError> {
    check(game, player, out)?;
    let n = game.num_players();
    if before_player.index() >= n {
        // Not an observation this game writes: start afresh.
        return observe(game, state, player, out);
    }
    if before_player == player {
        let left = |seat| before.pieces(seat).minus(state.pieces(seat));
        let arrived = |seat| state.pieces(seat).minus(before.pieces(seat));
        write_pieces(game, player, left, 0.0, out);
        write_pieces(game, player, arrived, 1.0, out);
    } else {
        // Another observer sees every piece elsewhere. Clearing the planes
        // whole (a few kilobytes at memory speed) is cheaper than finding
        // each old piece's entry, with 60 pieces as with 20.
        out[..n * G::HOLES].fill(0.0);
        write_pieces(game, player, |seat| state.pieces(seat), 1.0, out);
    }
    write_scalars(game, state, player, game.must_vacate(state), out);
    Ok(())
}
