//! The observation tensor, from the observer's point of view.
//!
//! A flat `f32` vector of `4·H + 8` values (`H` holes: 204 Danish, 156
//! Norwegian). Holes are renumbered for the observer: its own home row first
//! (`0..n`, from the stern), then the middle row, then the enemy's home row,
//! so seat B sees the board with rows A and B swapped and both seats get the
//! same picture of the same situation.
//!
//! | values | meaning |
//! |---|---|
//! | `0..H` | 1 where an undalled piece of the observer stands |
//! | `H..2H` | 1 where a dalled piece of the observer stands |
//! | `2H..3H` | 1 where an undalled enemy piece stands |
//! | `3H..4H` | 1 where a dalled enemy piece stands |
//! | `4H + f − 1`, `f = 1..4` | dice showing `f` still to use, divided by 2 |
//! | `4H + 4` | 1 when the player to move must throw |
//! | `4H + 5` | 1 when the observer is the player to throw or move |
//! | `4H + 6` | the observer's pieces left, divided by `n` |
//! | `4H + 7` | the enemy's pieces left, divided by `n` |

use racegames_board::{Game, ObservationError, Seat};

use crate::{moves::bits, Daldos, Phase, Position};

/// Writes the observation of `observer` into `out`.
pub(crate) fn write(
    game: &Daldos,
    pos: &Position,
    observer: Seat,
    out: &mut [f32],
) -> Result<(), ObservationError> {
    if observer.index() > 1 {
        return Err(ObservationError::NoSuchPlayer {
            player: observer.index(),
            num_players: 2,
        });
    }
    let expected = game.observation_len();
    if out.len() != expected {
        return Err(ObservationError::WrongLength {
            expected,
            found: out.len(),
        });
    }
    out.fill(0.0);
    // The game's board sizes the tensor; a position built by hand for
    // another board, or with dice no throw gives, writes only what fits.
    let board = game.options().board;
    let holes = board.num_holes();
    let me = observer.index();
    for (side, owner) in [(0, me), (1, 1 - me)] {
        let set = pos.pieces[owner] & board_mask(holes);
        for hole in bits(set) {
            let seen = if me == 0 { hole } else { board.mirror(hole) };
            let dalled = pos.dalled & (1u64 << hole.index()) != 0;
            let plane = 2 * side + usize::from(dalled);
            out[plane * holes + seen.index()] = 1.0;
        }
    }
    let extra = &mut out[4 * holes..];
    for &d in pos.dice() {
        if let Some(v) = extra
            .get_mut(usize::from(d).wrapping_sub(1))
            .filter(|_| d <= 4)
        {
            *v += 0.5;
        }
    }
    extra[4] = f32::from(u8::from(pos.phase() == Phase::Throw));
    extra[5] = f32::from(u8::from(pos.to_move() == Some(observer)));
    let n = board.row_len() as f32;
    extra[6] = pos.pieces[me].count_ones() as f32 / n;
    extra[7] = pos.pieces[1 - me].count_ones() as f32 / n;
    Ok(())
}

/// The holes of a board of `holes` holes, as a bit set.
const fn board_mask(holes: usize) -> u64 {
    (1u64 << holes) - 1
}
