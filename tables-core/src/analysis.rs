//! Hit odds and shots (feature `alloc`).
//!
//! # Method
//!
//! [`Tables::hit_probability`] runs
//! [`racegames_board::analysis::turn_event_probability`] over the thrower's turn:
//! the mean over every throw (with its exact probability) of the best play's
//! value, where a play that hits the blot is worth 1. Only Pareia de
//! entrada has extra throws: there the search follows at most two throws of
//! the turn and `error_bound` bounds what lies beyond; in every other game
//! the result is exact (`error_bound` is 0).

use arrayvec::ArrayVec;
use racegames_board::analysis::{
    turn_event_probability, AnalysisError, EventProbability, SearchLimits,
};
use racegames_board::Seat;

use crate::game::Tables;
use crate::position::{Phase, Position};

/// One throw per turn; the positions of one turn's play, for every throw,
/// fit well within the node budget (which bounds the memory).
const LIMITS: SearchLimits = SearchLimits {
    max_throws: 1,
    max_nodes: 1 << 21,
    tolerance: 0.0,
};

/// The chance that one blot is hit next turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shot {
    /// The blot's point, 1 to 24.
    pub point: u8,
    /// The probability that the opponent, about to throw, can hit it.
    pub probability: f64,
}

impl Tables {
    /// The exact probability that the player whose turn it is in `pos` can
    /// hit the enemy blot on `point` (1 to 24) this turn, playing to that
    /// end. It is 0 when `point` holds no enemy blot. `pos` is usually at the
    /// player's throw; at its decision the dice are those left to use.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::NoTurn`] when nobody's turn it is in `pos` (a point
    /// without an enemy blot is no error: its probability is 0).
    ///
    /// ```
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// // B to throw, A's blot 6 points ahead of B's pieces on point 1.
    /// let pos = game
    ///     .parse_position("B15,.,.,.,.,.,A1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A14 - 0/0 B - 4")
    ///     .unwrap();
    /// let p = game.hit_probability(&pos, 7).unwrap();
    /// assert!((p.probability - 17.0 / 36.0).abs() < 1e-12);
    /// ```
    pub fn hit_probability(
        &self,
        pos: &Position,
        point: usize,
    ) -> Result<EventProbability, AnalysisError> {
        let actor = pos.turn().ok_or(AnalysisError::NoTurn)?;
        let Some(i) = point.checked_sub(1).filter(|&i| i < self.board_len) else {
            return Ok(EventProbability {
                probability: 0.0,
                error_bound: 0.0,
            });
        };
        let enemy_sign: i8 = if actor.index() == 0 { -1 } else { 1 };
        if pos.board[i] * enemy_sign != 1 {
            return Ok(EventProbability {
                probability: 0.0,
                error_bound: 0.0,
            });
        }
        turn_event_probability(self, pos, LIMITS, |before, _, after| {
            before.board[i] * enemy_sign == 1 && after.board[i] * enemy_sign != 1
        })
    }

    /// The shots against each blot of `victim`: for every point where the
    /// victim has exactly one piece, the probability that the opponent, about
    /// to throw from this board, hits it in its turn.
    pub fn shots(&self, pos: &Position, victim: Seat) -> ArrayVec<Shot, 15> {
        let mut out = ArrayVec::new();
        let attacker = 1 - (victim.index() & 1);
        let mut h = *pos;
        h.turn = attacker as u8;
        h.phase = Phase::Throw;
        h.dice = [0; 4];
        h.max_use = 0;
        h.flags = 0;
        let sign: i8 = if victim.index() == 0 { 1 } else { -1 };
        for i in 0..self.board_len {
            if pos.board[i] * sign == 1 {
                let probability = self
                    .hit_probability(&h, i + 1)
                    .map_or(0.0, |e| e.probability);
                let _ = out.try_push(Shot {
                    point: i as u8 + 1,
                    probability,
                });
            }
        }
        out
    }
}
