//! The observation tensor: shape `[7, 24]`, from the observer's point of
//! view, along the observer's own route (column 0 is the observer's first
//! point, column 23 its last), for both seats alike. On 28 points it is
//! `[7, 28]`; on the half track the columns past the route's 12 points stay
//! 0. Counts are divided by the pieces per side (15 in the standard games).
//!
//! | plane | meaning |
//! |---|---|
//! | 0 | the observer's pieces on the point, divided by 15 |
//! | 1 | 1 if the observer has exactly one piece there (a blot) |
//! | 2 | 1 if the observer has two or more there |
//! | 3 | the opponent's pieces on the point, divided by 15 |
//! | 4 | 1 if the opponent has exactly one piece there |
//! | 5 | 1 if the opponent has two or more there |
//! | 6 | global features, by column (below) |
//!
//! Plane 6: columns 0–3 the observer's waiting pieces for each of its route
//! quarters, ÷15; 4–7 the opponent's waiting pieces by the quarter they
//! will enter, counted along the observer's route, ÷15; 8 the observer's
//! borne-off pieces ÷15; 9 the opponent's ÷15; 10–15 how many of the dice
//! still to use show 1 to 6, ÷4; 16 1 if it is the observer's turn; 17 1 if
//! it is the opponent's; 18 1 at a decision node (dice to use); 19 1 before
//! the roll-off; 20 1 once the game is over; 21 the dice still to be used
//! this turn under the "as many dice as possible" rule, ÷4; 22 the turn
//! counter divided by `max_turns` (0 without a limit); 23 always 0. With
//! seven-sided dice the dice take columns 10–16 and every later column
//! moves one to the right.
//!
//! Games with the Libro's further state have an eighth plane (shape `[8,
//! n]`): columns 0–5 1 where the observer's stack on its route point 1–6
//! still stands doubled (Doblet), 6–11 the same for the opponent's stacks
//! on its own points 1–6; the last column but one 1 when the dice to use
//! were passed on by the opponent; the last 1 when the player to move
//! throws again after these dice.
//!
//! Games with the cube, resignation or match play have one more plane,
//! the last (shape `[8, n]`, or `[9, n]` with the Libro's plane):
//! column 0 log2 of the cube's value ÷ 15; 1 1 while the cube is centred;
//! 2 1 if the observer owns it; 3 1 if the opponent does; 4 1 in match
//! play; 5 the points the observer still needs to win the match ÷ the
//! match length (0 in money play); 6 the same for the opponent; 7 1 in
//! the Crawford game; 8 1 while a double is offered; 9 the level of an
//! offer to resign under way (1 to 3) ÷ 3; 10 1 when the offer (double or
//! resignation) is the observer's; 11 1 while the player on roll decides
//! before throwing; 12 1 once he has had an offer to resign rejected this
//! turn.

use racegames_board::{ObservationError, Seat};

use crate::game::Tables;
use crate::position::{Phase, Position, AGAIN, PASSED};
use crate::variant::{MAX_POINTS, POINTS, QUARTERS};

/// The observation's shape: 7 planes of 24 points.
pub const OBSERVATION_SHAPE: [usize; 2] = [7, POINTS];
/// The number of values in an observation.
pub const OBSERVATION_LEN: usize = 7 * POINTS;

/// `n / 15` for `n` in 0..=15, the same values as the division (a division
/// per point made the observation several times slower).
const FIFTEENTHS: [f32; 16] = [
    0.0 / 15.0,
    1.0 / 15.0,
    2.0 / 15.0,
    3.0 / 15.0,
    4.0 / 15.0,
    5.0 / 15.0,
    6.0 / 15.0,
    7.0 / 15.0,
    8.0 / 15.0,
    9.0 / 15.0,
    10.0 / 15.0,
    11.0 / 15.0,
    12.0 / 15.0,
    13.0 / 15.0,
    14.0 / 15.0,
    1.0,
];

/// The six point planes' values for a point holding `v` pieces from the
/// observer's side (negative: the opponent's), at index `v + 15`: own
/// count / 15, own blot, own closed point, then the same for the opponent.
const POINT_PLANES: [[f32; 6]; 31] = {
    let mut t = [[0.0f32; 6]; 31];
    let mut i = 0;
    while i < 31 {
        if i > 15 {
            t[i][0] = FIFTEENTHS[i - 15];
        }
        if i == 16 {
            t[i][1] = 1.0;
        }
        if i >= 17 {
            t[i][2] = 1.0;
        }
        if i < 15 {
            t[i][3] = FIFTEENTHS[15 - i];
        }
        if i == 14 {
            t[i][4] = 1.0;
        }
        if i <= 13 {
            t[i][5] = 1.0;
        }
        i += 1;
    }
    t
};

impl Tables {
    /// The cube plane (see the module docs), for observer `me`.
    fn write_cube_plane(&self, pos: &Position, me: usize, x: &mut [f32]) {
        use crate::cube::{OFFER_DECIDING_AFTER_REJECTION, OFFER_DOUBLE, OFFER_RESIGN};
        x[0] = f32::from(pos.cube & 15) / 15.0;
        match pos.cube_owner() {
            None => x[1] = 1.0,
            Some(s) if s.index() == me => x[2] = 1.0,
            Some(_) => x[3] = 1.0,
        }
        let n = pos.match_len;
        if n > 0 {
            x[4] = 1.0;
            x[5] = f32::from(n - pos.score[me]) / f32::from(n);
            x[6] = f32::from(n - pos.score[1 - me]) / f32::from(n);
        }
        x[7] = f32::from(u8::from(pos.is_crawford_game()));
        if pos.phase == Phase::Cube {
            x[8] = f32::from(u8::from(pos.offer == OFFER_DOUBLE));
            if pos.offer >= OFFER_RESIGN {
                x[9] = f32::from(pos.offer - OFFER_RESIGN + 1) / 3.0;
            }
            let offered = pos.offer >= OFFER_DOUBLE;
            x[10] = f32::from(u8::from(offered && usize::from(pos.turn) == me));
            x[11] = f32::from(u8::from(!offered));
            x[12] = f32::from(u8::from(pos.offer == OFFER_DECIDING_AFTER_REJECTION));
        }
    }

    pub(crate) fn write_observation(
        &self,
        pos: &Position,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        let me = player.index();
        if me >= 2 {
            return Err(ObservationError::NoSuchPlayer {
                player: me,
                num_players: 2,
            });
        }
        let [planes, w] = self.observation_shape;
        let len = planes * w;
        if out.len() != len {
            return Err(ObservationError::WrongLength {
                expected: len,
                found: out.len(),
            });
        }
        // Built on the stack and copied once: the caller's buffer (a row of
        // a large batch in the vector environment) is written in one pass.
        let mut obs = [0.0f32; 9 * MAX_POINTS];
        let you = 1 - me;
        let sign: i8 = if me == 0 { 1 } else { -1 };
        let pieces = self.variant.pieces;
        if pieces == 15 {
            // Branch-free: every point writes all six planes from a table
            // indexed by its signed count (random boards would mispredict
            // an "owned by whom" branch half the time).
            for r in 0..self.route_len {
                let v = pos.board[self.route_to_point[me][r] as usize] * sign;
                let e = &POINT_PLANES[(i32::from(v) + 15).clamp(0, 30) as usize];
                for (plane, &x) in e.iter().enumerate() {
                    obs[plane * w + r] = x;
                }
            }
        } else {
            let scale = 1.0 / f32::from(pieces);
            for r in 0..self.route_len {
                let v = pos.board[self.route_to_point[me][r] as usize] * sign;
                let (n, base) = if v > 0 { (v, 0) } else { (-v, 3) };
                if n > 0 {
                    obs[base * w + r] = f32::from(n as u8) * scale;
                    obs[(base + if n == 1 { 1 } else { 2 }) * w + r] = 1.0;
                }
            }
        }
        let scale = 1.0 / f32::from(pieces);
        let shift = usize::from(self.variant.faces) - 6;
        let g = &mut obs[6 * w..7 * w];
        let (my_dir, your_dir) = (self.variant.directions[me], self.variant.directions[you]);
        for q in 0..QUARTERS {
            g[q] = f32::from(pos.waiting[me][q]) * scale;
            let mine = my_dir.to_quarter(your_dir.to_quarter(q));
            g[4 + mine] = f32::from(pos.waiting[you][q]) * scale;
        }
        g[8] = f32::from(pos.off[me]) * scale;
        g[9] = f32::from(pos.off[you]) * scale;
        for &d in pos.dice() {
            g[9 + d as usize] += 0.25;
        }
        match pos.turn() {
            Some(p) if p.index() == me => g[16 + shift] = 1.0,
            Some(_) => g[17 + shift] = 1.0,
            None => {}
        }
        g[18 + shift] = f32::from(u8::from(pos.phase == Phase::Move));
        g[19 + shift] = f32::from(u8::from(pos.phase == Phase::RollOff));
        g[20 + shift] = f32::from(u8::from(pos.phase == Phase::Over));
        g[21 + shift] = f32::from(pos.max_use) / 4.0;
        if self.variant.max_turns > 0 {
            g[22 + shift] = (f64::from(pos.turns) / f64::from(self.variant.max_turns)) as f32;
        }
        let cubeful = self.variant.is_cubeful();
        if planes == 8 + usize::from(cubeful) {
            let x = &mut obs[7 * w..8 * w];
            for r in 0..6 {
                x[r] = f32::from(pos.stacks[me] >> r & 1);
                x[6 + r] = f32::from(pos.stacks[you] >> r & 1);
            }
            x[w - 2] = f32::from(u8::from(pos.flags & PASSED != 0));
            x[w - 1] = f32::from(u8::from(pos.flags & AGAIN != 0));
        }
        if cubeful {
            self.write_cube_plane(pos, me, &mut obs[(planes - 1) * w..planes * w]);
        }
        out.copy_from_slice(&obs[..len]);
        Ok(())
    }
}
