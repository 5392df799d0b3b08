//! The doubling cube: whether to double, take or drop, from a position's
//! cubeless outcome chances.
//!
//! The players' evaluations give a position's cubeless chances
//! ([`Outcomes`]: winning, and winning or losing a gammon or a backgammon).
//! A cube decision compares three cubeful values of the player on roll:
//! not doubling, doubling and being taken, doubling and being dropped
//! ([`CubeDecision`]).
//!
//! - [`money`]: money play, by Rick Janowski's model ("Take-Points in Money
//!   Games", 1993), as GNU Backgammon's 0-ply evaluation does it: the cubeful
//!   equity is the cubeless one where the cube is dead, the equity of a
//!   perfectly efficient cube where it is live, and a blend of the two
//!   weighted by the cube's efficiency in between.
//! - [`MatchEquityTable`]: each score's chance to win the match, computed
//!   here from a model of the game (see its page), and [`match_play`]: the
//!   decisions in match-winning chances, by the same live-cube model.
//!
//! ```
//! use racegames_players::cube::{money::MoneyCube, CubeOwner, Outcomes};
//!
//! // 70% to win, one win in seven a gammon: a double and a take.
//! let chances = Outcomes::new(0.70, 0.10, 0.0, 0.04, 0.0)?;
//! let decision = MoneyCube::default().decide(&chances, CubeOwner::Centred);
//! assert!(decision.double_is_right() && decision.take_is_right());
//! # Ok::<(), racegames_players::cube::CubeError>(())
//! ```

mod analysis;
mod live;
pub mod match_play;
mod met;
pub mod money;

pub use analysis::{CubeAnalysis, CubeChoice, CubeUnit, CubeVerdict};
pub use met::{MatchEquityTable, Stage, MAX_AWAY};

/// The cubeless chances of a game from one player's side, as GNU
/// Backgammon gives them: `win_gammon` counts the backgammons too, and
/// `lose_gammon` likewise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcomes {
    win: f64,
    win_gammon: f64,
    win_backgammon: f64,
    lose_gammon: f64,
    lose_backgammon: f64,
}

/// Why a cube computation was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CubeError {
    /// The chances are not probabilities, or not nested (a backgammon is a
    /// gammon, a gammon is a win or a loss).
    #[error("bad outcome chances: {0}")]
    BadOutcomes(&'static str),
    /// A parameter is out of its range.
    #[error("{0}")]
    BadParameter(String),
}

/// Slack for rounding in the chances a net gives.
const SLACK: f64 = 1e-9;

impl Outcomes {
    /// The chances of winning, of winning a gammon (or a backgammon), of
    /// winning a backgammon, and the same two for losing.
    ///
    /// # Errors
    ///
    /// [`CubeError::BadOutcomes`] where a value is not in `[0, 1]` or the
    /// chances are not nested: `win_backgammon <= win_gammon <= win` and
    /// `lose_backgammon <= lose_gammon <= 1 - win`.
    pub fn new(
        win: f64,
        win_gammon: f64,
        win_backgammon: f64,
        lose_gammon: f64,
        lose_backgammon: f64,
    ) -> Result<Self, CubeError> {
        let all = [
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        ];
        if all.iter().any(|p| !p.is_finite() || *p < 0.0 || *p > 1.0) {
            return Err(CubeError::BadOutcomes("every chance lies in [0, 1]"));
        }
        if win_backgammon > win_gammon + SLACK || win_gammon > win + SLACK {
            return Err(CubeError::BadOutcomes(
                "win_backgammon <= win_gammon <= win",
            ));
        }
        if lose_backgammon > lose_gammon + SLACK || lose_gammon > 1.0 - win + SLACK {
            return Err(CubeError::BadOutcomes(
                "lose_backgammon <= lose_gammon <= 1 - win",
            ));
        }
        Ok(Self::clamped(
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        ))
    }

    /// The nearest consistent chances to five estimates (a net's outputs):
    /// each clamped into `[0, 1]` and under the one that contains it. Not
    /// a number counts as 0.
    pub fn clamped(
        win: f64,
        win_gammon: f64,
        win_backgammon: f64,
        lose_gammon: f64,
        lose_backgammon: f64,
    ) -> Self {
        let unit = |p: f64| if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
        let win = unit(win);
        let win_gammon = unit(win_gammon).min(win);
        let lose_gammon = unit(lose_gammon).min(1.0 - win);
        Self {
            win,
            win_gammon,
            win_backgammon: unit(win_backgammon).min(win_gammon),
            lose_gammon,
            lose_backgammon: unit(lose_backgammon).min(lose_gammon),
        }
    }

    /// The five chances in GNU Backgammon's order: win, win a gammon, win
    /// a backgammon, lose a gammon, lose a backgammon.
    ///
    /// ```
    /// use racegames_players::cube::Outcomes;
    /// let o = Outcomes::clamped(0.6, 0.2, 0.05, 0.1, 0.01);
    /// assert_eq!(o.to_array(), [0.6, 0.2, 0.05, 0.1, 0.01]);
    /// assert_eq!(o.flipped().to_array()[0], 1.0 - 0.6);
    /// ```
    pub fn to_array(&self) -> [f64; 5] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
    }

    /// [`Outcomes::clamped`] of five chances in [`Outcomes::to_array`]'s
    /// order.
    pub fn from_array(chances: [f64; 5]) -> Self {
        let [w, wg, wbg, lg, lbg] = chances;
        Self::clamped(w, wg, wbg, lg, lbg)
    }

    /// The chance to win.
    pub fn win(&self) -> f64 {
        self.win
    }

    /// The chance to win a gammon or a backgammon.
    pub fn win_gammon(&self) -> f64 {
        self.win_gammon
    }

    /// The chance to win a backgammon.
    pub fn win_backgammon(&self) -> f64 {
        self.win_backgammon
    }

    /// The chance to lose a gammon or a backgammon.
    pub fn lose_gammon(&self) -> f64 {
        self.lose_gammon
    }

    /// The chance to lose a backgammon.
    pub fn lose_backgammon(&self) -> f64 {
        self.lose_backgammon
    }

    /// The same game from the opponent's side.
    pub fn flipped(&self) -> Self {
        Self {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// The cubeless equity, in points for a cube of 1: gammons count 2 and
    /// backgammons 3.
    pub fn cubeless_equity(&self) -> f64 {
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon
            - self.lose_backgammon
    }

    /// The chances of a single game, a gammon and a backgammon among the
    /// wins (each 1/3 where no win is possible).
    pub(crate) fn win_kinds(&self) -> [f64; 3] {
        kinds(self.win, self.win_gammon, self.win_backgammon)
    }

    /// The same among the losses.
    pub(crate) fn loss_kinds(&self) -> [f64; 3] {
        kinds(1.0 - self.win, self.lose_gammon, self.lose_backgammon)
    }
}

/// A single game, a gammon and a backgammon as shares of `all`.
fn kinds(all: f64, gammon: f64, backgammon: f64) -> [f64; 3] {
    if all <= SLACK {
        return [1.0, 0.0, 0.0];
    }
    let gammon_only = (gammon - backgammon).max(0.0);
    let single = (all - gammon).max(0.0);
    [single / all, gammon_only / all, backgammon / all]
}

/// Who holds the cube, from the side of the player whose chances are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeOwner {
    /// In the middle: either player may double.
    Centred,
    /// This player's: only they may double.
    Mine,
    /// The opponent's: only the opponent may double.
    Theirs,
}

/// The three values of a cube decision for the player on roll: in points
/// for the cube's present value (money play) or in chances to win the
/// match (match play).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeDecision {
    /// Not doubling (and rolling).
    pub no_double: f64,
    /// Doubling, and the opponent takes.
    pub double_take: f64,
    /// Doubling, and the opponent drops.
    pub double_drop: f64,
}

impl CubeDecision {
    /// Whether doubling is right: the opponent's best answer to a double
    /// leaves the doubler more than not doubling does.
    pub fn double_is_right(&self) -> bool {
        self.double_take.min(self.double_drop) > self.no_double
    }

    /// Whether taking a double is right: the taker's share is the doubler's
    /// loss, so a take is right where it leaves the doubler no more than a
    /// drop does.
    pub fn take_is_right(&self) -> bool {
        self.double_take <= self.double_drop
    }

    /// The value of the position with the cube played well on both sides.
    pub fn value(&self) -> f64 {
        if self.double_is_right() {
            self.double_take.min(self.double_drop)
        } else {
            self.no_double
        }
    }
}

/// Checks a cube efficiency (the weight of the live cube).
fn check_efficiency(efficiency: f64) -> Result<f64, CubeError> {
    if (0.0..=1.0).contains(&efficiency) {
        Ok(efficiency)
    } else {
        Err(CubeError::BadParameter(format!(
            "the cube efficiency is a number from 0 to 1, not {efficiency}"
        )))
    }
}

/// GNU Backgammon's cube efficiency in contact positions.
pub const DEFAULT_EFFICIENCY: f64 = 0.68;

#[cfg(test)]
mod tests;
