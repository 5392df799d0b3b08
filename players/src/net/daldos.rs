//! Daldøs's inputs (encoding `daldos-v1`).
//!
//! From the point of view of the seat whose turn it is, with the holes
//! renumbered as its observation does (its own home row first, then the
//! middle row, then the enemy's home row), `H` holes:
//!
//! | values | meaning |
//! |---|---|
//! | `0..H` | an undalled piece of the seat |
//! | `H..2H` | a dalled piece of the seat |
//! | `2H..3H` | an undalled enemy piece |
//! | `3H..4H` | a dalled enemy piece |
//! | `4H`, `4H + 1` | the seat's pieces and the enemy's, ÷ the row length |
//!
//! One output: the seat's win probability; the return is `2p − 1`.

use racegames_board::{Game, Seat};
use racegames_daldos::{Board, Daldos, Hole, Phase, Position};

use super::NetGame;

static DALDOS_NET: &[u8] = include_bytes!("../../nets/daldos.net");
static DALDOS_NORWEGIAN_NET: &[u8] = include_bytes!("../../nets/daldos_norwegian.net");

impl NetGame for Daldos {
    fn net_encoding(&self) -> &'static str {
        match self.options().board {
            Board::Danish => "daldos-v1-danish",
            Board::Norwegian => "daldos-v1-norwegian",
        }
    }

    fn net_inputs(&self) -> usize {
        4 * self.options().board.num_holes() + 2
    }

    fn net_encode(&self, state: &Position, x: &mut [f32]) -> Option<Seat> {
        let n = self.net_inputs();
        if matches!(state.phase(), Phase::RollOff | Phase::Over) || x.len() < n {
            return None;
        }
        let me = state.to_move()?;
        let board = state.board();
        let holes = board.num_holes();
        x[..n].fill(0.0);
        for (side, seat) in [(0, me), (1, me.next(2))] {
            let mut set = state.pieces_of(seat);
            while set != 0 {
                let Some(hole) = Hole::new(set.trailing_zeros() as u8) else {
                    break;
                };
                set &= set - 1;
                let seen = if me.index() == 0 {
                    hole
                } else {
                    board.mirror(hole)
                };
                let dalled = state.piece_at(hole).is_some_and(|p| p.dalled);
                if let Some(v) = x.get_mut((2 * side + usize::from(dalled)) * holes + seen.index())
                {
                    *v = 1.0;
                }
            }
        }
        let row = board.row_len() as f32;
        x[4 * holes] = state.count(me) as f32 / row;
        x[4 * holes + 1] = state.count(me.next(2)) as f32 / row;
        Some(me)
    }

    fn net_utility(&self, probs: &[f32]) -> f64 {
        let p = f64::from(probs.first().copied().unwrap_or(0.5));
        (2.0 * p - 1.0).clamp(self.min_utility(), self.max_utility())
    }

    fn net_outcome(&self, state: &Position, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let mut r = [0.0; 2];
        // Daldøs has two seats: `r` fits.
        let _ = self.returns(state, &mut r);
        if let Some(o) = out.first_mut() {
            *o = ((r[seat.index() & 1] + 1.0) * 0.5) as f32;
        }
    }

    fn shipped_net(&self) -> Option<&'static [u8]> {
        Some(match self.options().board {
            Board::Danish => DALDOS_NET,
            Board::Norwegian => DALDOS_NORWEGIAN_NET,
        })
    }
}
