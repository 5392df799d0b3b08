//! The flow of a turn: the dice thrown, what becomes of dice that cannot
//! be used (lost, passed to the opponent, or a lost game), extra throws, and
//! the checks made when a player is about to throw (the prime) or when the
//! board changes hands (the tie).

use racegames_board::Seat;

use crate::game::Tables;
use crate::position::{Phase, Position, DRAWN, PASSED, UNDECIDED};
use crate::variant::{BlockedEntry, DeadPosition, UnusableDie};

impl Tables {
    /// Sets the dice of the player to move (his own throw) and goes on: to
    /// his decision or, when no die can be used, to what follows.
    pub(crate) fn start_move(&self, pos: &mut Position, dice: [u8; 4]) {
        pos.dice = dice;
        pos.phase = Phase::Move;
        let n = pos.dice_len();
        let p = pos.turn as usize;
        let side = self.side(pos, Seat::new(pos.turn));
        pos.max_use = self.max_use(&side, &pos.dice, n, n) as u8;
        let fails = match self.variant.unusable_die {
            UnusableDie::Lose => usize::from(pos.max_use) < n,
            UnusableDie::LoseIfNone => pos.max_use == 0,
            UnusableDie::Forfeit | UnusableDie::ToOpponent => false,
        };
        if fails {
            // The failed throw is his turn, and the game's last.
            pos.turns = pos.turns.saturating_add(1);
            self.win(pos, 1 - p);
        } else if pos.max_use == 0 {
            self.dice_done(pos);
        }
    }

    /// The player to move has used every die he can of the dice before him.
    pub(crate) fn dice_done(&self, pos: &mut Position) {
        let p = pos.turn as usize;
        if pos.flags != 0 {
            // Passed dice are used (the rest are lost), or an extra throw
            // is due: the same player throws, in the same turn. After
            // passed dice his own turn's throw is due: the cube first.
            let own_turn_starts = pos.flags & PASSED != 0;
            pos.flags = 0;
            pos.dice = [0; 4];
            pos.max_use = 0;
            pos.phase = Phase::Throw;
            self.before_throw(pos);
            if own_turn_starts {
                self.offer_cube(pos);
            }
            return;
        }
        let left = pos.dice;
        pos.turns = pos.turns.saturating_add(1);
        pos.dice = [0; 4];
        pos.max_use = 0;
        let o = 1 - p;
        pos.turn = o as u8;
        pos.phase = Phase::Throw;
        let giver_bears_off = pos.stacks[p] == 0;
        let passes = self.variant.unusable_die == UnusableDie::ToOpponent
            && left[0] != 0
            && (self.variant.pass_to_unstacker || pos.stacks[o] == 0 || !giver_bears_off);
        let mut passed = false;
        if passes {
            pos.dice = left;
            let side = self.side(pos, Seat::new(o as u8));
            let n = pos.dice_len();
            let usable = self.max_use(&side, &pos.dice, n, n) as u8;
            if usable > 0 {
                pos.phase = Phase::Move;
                pos.max_use = usable;
                pos.flags = PASSED;
                passed = true;
            } else {
                pos.dice = [0; 4];
            }
        }
        if !passed {
            self.before_throw(pos);
            self.offer_cube(pos);
        }
        let limit = self.variant.max_turns;
        if pos.phase != Phase::Over && limit > 0 && pos.turns >= limit {
            self.finish(pos, UNDECIDED);
        }
    }

    /// The checks made when the player to move is about to throw: the prime
    /// (he cannot enter anywhere: he loses), then the tie (nobody can move
    /// whatever he throws: drawn).
    pub(crate) fn before_throw(&self, pos: &mut Position) {
        let p = pos.turn as usize;
        if self.variant.blocked_entry == BlockedEntry::Lose && self.is_primed(pos, p) {
            self.win(pos, 1 - p);
        } else if self.variant.dead_position == DeadPosition::Draw && self.is_dead(pos) {
            self.finish(pos, DRAWN);
        }
    }

    /// True when `seat` has a piece waiting for a quarter whose every point
    /// is closed to it.
    pub(crate) fn is_primed(&self, pos: &Position, seat: usize) -> bool {
        let side = self.side(pos, Seat::new(seat as u8));
        let quarter = (1u32 << self.qlen) - 1;
        (0..4).any(|q| {
            let bits = quarter << (q * self.qlen);
            pos.waiting[seat][q] > 0 && side.closed_points() & bits == bits
        })
    }

    /// True when neither player could use a single die of any face.
    pub(crate) fn is_dead(&self, pos: &Position) -> bool {
        (0..2).all(|p| {
            let side = self.side(pos, Seat::new(p));
            (1..=self.variant.faces).all(|d| self.sources(&side, d) == 0)
        })
    }
}
