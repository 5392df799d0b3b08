//! The live-cube model of one game of a match (Keeler and Spencer's
//! continuous model, as Zadeh applied it to match play).
//!
//! The chance to win drifts without jumps, so a player doubles exactly at
//! the opponent's take point, where taking and dropping are worth the same.
//! Then a side's chance to win the match is a broken line of its chance `p`
//! to win the game:
//! - owning the cube at value `v`, a line from the loss of the game at
//!   `p = 0` to cashing `v` points at its redouble point (one minus the
//!   opponent's take point for a cube of `2v`);
//! - with the cube centred, a line from being doubled out at its own take
//!   point to cashing at the opponent's.
//!
//! A take point is where the taker's line for the cube it would own meets
//! the value of dropping; the lines for higher cubes come first, so the
//! model works down from the cube at which doubling no longer helps.

/// A side's chance to win the match as a line of its chance `p` to win
/// the game: from `at0` at `p = 0` to `at_end` at `p = end`, level after.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    end: f64,
    at0: f64,
    at_end: f64,
}

impl Line {
    pub(crate) fn value(&self, p: f64) -> f64 {
        if p >= self.end {
            self.at_end
        } else {
            self.at0 + (self.at_end - self.at0) * p / self.end
        }
    }

    /// The least `p` at which the line reaches `level` (a taker's take
    /// point, `level` being the value of dropping).
    fn reaches(&self, level: f64) -> f64 {
        if level <= self.at0 {
            0.0
        } else if level >= self.at_end {
            self.end
        } else {
            self.end * (level - self.at0) / (self.at_end - self.at0)
        }
    }
}

/// The two sides of a game: the one whose chances are given, and the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Me,
    Them,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Me => Side::Them,
            Side::Them => Side::Me,
        }
    }
}

/// Redouble points closer to 0 than this count as 0: the owner cashes at once.
const TINY: f64 = 1e-12;

/// One game of a match, as the model sees it.
pub(crate) struct MatchGame<F: Fn(i32, i32) -> f64> {
    /// My chance to win the match at a score after this game (my points
    /// away, theirs; at most 0 for the winner).
    pub after: F,
    /// My points away, and theirs, before the game.
    pub away: [i32; 2],
    /// The shares of single games, gammons and backgammons among my wins,
    /// and among theirs.
    pub kinds: [[f64; 3]; 2],
}

impl<F: Fn(i32, i32) -> f64> MatchGame<F> {
    fn index(side: Side) -> usize {
        match side {
            Side::Me => 0,
            Side::Them => 1,
        }
    }

    /// `side`'s chance to win the match after winning `points`.
    fn won(&self, side: Side, points: i32) -> f64 {
        let [me, them] = self.away;
        match side {
            Side::Me => (self.after)(me - points, them),
            Side::Them => 1.0 - (self.after)(me, them - points),
        }
    }

    /// `side`'s chance after losing `points`.
    fn lost(&self, side: Side, points: i32) -> f64 {
        1.0 - self.won(side.other(), points)
    }

    /// `side`'s chance after the game is played out for a cube of `v`, won
    /// (`won = true`) or lost, gammons and backgammons weighted.
    fn played_out(&self, side: Side, v: i32, won: bool) -> f64 {
        let winner = if won { side } else { side.other() };
        let kinds = self.kinds[Self::index(winner)];
        (1..=3)
            .zip(kinds)
            .map(|(k, share)| {
                let points = k * v;
                share
                    * if won {
                        self.won(side, points)
                    } else {
                        self.lost(side, points)
                    }
            })
            .sum()
    }

    /// The line of a dead cube of value `v`: the game played out.
    pub(crate) fn dead(&self, side: Side, v: i32) -> Line {
        Line {
            end: 1.0,
            at0: self.played_out(side, v, false),
            at_end: self.played_out(side, v, true),
        }
    }

    /// Whether `side` gains anything by doubling a cube of `v`: not where
    /// winning `v` points already wins the match.
    fn may_gain_by_doubling(&self, side: Side, v: i32) -> bool {
        self.away[Self::index(side)] > v
    }

    /// `side`'s take point for a double to `2v`: where its line owning a
    /// cube of `2v` meets the value of dropping (losing `v`).
    fn take_point(&self, side: Side, v: i32) -> f64 {
        self.owning(side, 2 * v).reaches(self.lost(side, v))
    }

    /// `side`'s line owning a cube of value `v`.
    pub(crate) fn owning(&self, side: Side, v: i32) -> Line {
        let dead = self.dead(side, v);
        if !self.may_gain_by_doubling(side, v) {
            return dead;
        }
        let cash = self.won(side, v);
        let end = (1.0 - self.take_point(side.other(), v)).max(TINY);
        if cash <= dead.value(end) {
            return dead;
        }
        Line {
            end,
            at0: dead.at0,
            at_end: cash,
        }
    }

    /// `side`'s chance to win the match at game chance `p`, the cube of
    /// value `v` centred.
    pub(crate) fn centred(&self, side: Side, v: i32, p: f64) -> f64 {
        let dead = self.dead(side, v);
        let other = side.other();
        let (low_p, low) = if self.may_gain_by_doubling(other, v) {
            (self.take_point(side, v), self.lost(side, v))
        } else {
            (0.0, dead.at0)
        };
        let (high_p, high) = if self.may_gain_by_doubling(side, v) {
            (1.0 - self.take_point(other, v), self.won(side, v))
        } else {
            (1.0, dead.at_end)
        };
        if high_p <= low_p {
            return dead.value(p);
        }
        if p <= low_p {
            low
        } else if p >= high_p {
            high
        } else {
            low + (high - low) * (p - low_p) / (high_p - low_p)
        }
    }
}
