//! The tables games' inputs (encoding `tables-v1`), read through the
//! [`Variant`](racegames_tables::Variant)'s own routes so that one encoding
//! serves Seys dos e as, backgammon and any other tables game.
//!
//! From the point of view of the seat whose turn it is, then the other
//! seat, 105 values per seat, each seat along its own route (index 0 its
//! first point):
//!
//! | values | meaning |
//! |---|---|
//! | `4r..4r+4`, `r` = 0..24 | pieces on route point `r`, TD-Gammon's truncated unary: `n ≥ 1`, `n ≥ 2`, `n ≥ 3`, `(n − 3) / 2` above 3 |
//! | `96 + 2q`, `97 + 2q`, `q` = 0..4 | pieces waiting to enter route quarter `q`: `n ≥ 1`, `n / 4` |
//! | `104` | pieces borne off, ÷ 15 |
//!
//! Outputs: one (the seat's win probability), or five (also winning a
//! gammon or more, losing one, winning a backgammon, losing one; each
//! probability counts the bigger results too). The return is
//! `2p − 1`, plus the gammon terms the game's scoring counts.

use racegames_board::{Game, Seat};
use racegames_tables::{Phase, Position, Scoring, Tables, Variant};

use super::NetGame;

const PER_SIDE: usize = 105;
/// The number of inputs of encoding `tables-v1`.
pub const TABLES_INPUTS: usize = 2 * PER_SIDE;

static BACKGAMMON_NET: &[u8] = include_bytes!("../../nets/backgammon.net");
static SEYS_NET: &[u8] = include_bytes!("../../nets/seys_dos_e_as.net");

fn encode_side(game: &Tables, pos: &Position, seat: Seat, out: &mut [f32]) {
    for r in 0..24 {
        let n = pos.count(seat, game.route_point(seat, r));
        let o = &mut out[4 * r..4 * r + 4];
        if n >= 1 {
            o[0] = 1.0;
            if n >= 2 {
                o[1] = 1.0;
                if n >= 3 {
                    o[2] = 1.0;
                    o[3] = f32::from(n - 3) * 0.5;
                }
            }
        }
    }
    for q in 0..4 {
        let n = pos.waiting(seat, q);
        out[96 + 2 * q] = f32::from(u8::from(n > 0));
        out[97 + 2 * q] = f32::from(n) * 0.25;
    }
    out[104] = f32::from(pos.borne_off(seat)) / 15.0;
}

/// The scoring of a finished game as if gammons and backgammons counted:
/// 1, 2 or 3 for the winner, 0 when nobody won.
fn full_score(game: &Tables, pos: &Position) -> f64 {
    let v = Variant {
        scoring: Scoring::Backgammons,
        ..*game.variant()
    };
    match Tables::new(v) {
        Ok(g) => g.score(pos),
        Err(_) => game.score(pos),
    }
}

impl NetGame for Tables {
    fn net_encoding(&self) -> &'static str {
        "tables-v1"
    }

    fn net_inputs(&self) -> usize {
        TABLES_INPUTS
    }

    fn net_encode(&self, state: &Position, x: &mut [f32]) -> Option<Seat> {
        if matches!(state.phase(), Phase::RollOff | Phase::Over) || x.len() < TABLES_INPUTS {
            return None;
        }
        let me = state.turn()?;
        x[..TABLES_INPUTS].fill(0.0);
        let (mine, theirs) = x[..TABLES_INPUTS].split_at_mut(PER_SIDE);
        encode_side(self, state, me, mine);
        encode_side(self, state, me.next(2), theirs);
        Some(me)
    }

    fn net_utility(&self, probs: &[f32]) -> f64 {
        let p = |i: usize| f64::from(probs.get(i).copied().unwrap_or(0.0));
        let mut u = 2.0 * p(0) - 1.0;
        if probs.len() >= 5 {
            let scoring = self.variant().scoring;
            if scoring != Scoring::WinLoss {
                u += p(1) - p(2);
            }
            if scoring == Scoring::Backgammons {
                u += p(3) - p(4);
            }
        }
        u.clamp(self.min_utility(), self.max_utility())
    }

    fn net_outcome(&self, state: &Position, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let Some(winner) = state.winner() else {
            if let Some(o) = out.first_mut() {
                *o = 0.5;
            }
            return;
        };
        let won = winner == seat;
        let score = full_score(self, state);
        let flags = [
            won,
            won && score >= 2.0,
            !won && score >= 2.0,
            won && score >= 3.0,
            !won && score >= 3.0,
        ];
        for (o, f) in out.iter_mut().zip(flags) {
            *o = f32::from(u8::from(f));
        }
    }

    fn shipped_net(&self) -> Option<&'static [u8]> {
        match self.variant().name {
            "backgammon" => Some(BACKGAMMON_NET),
            "seys_dos_e_as" => Some(SEYS_NET),
            _ => None,
        }
    }
}
