//! The cube in match play: decisions in chances to win the match.
//!
//! The live-cube model of the match-equity table ([`MatchEquityTable`]) is
//! applied to the position's own chances (its gammons and backgammons
//! included), and blended with the dead cube (the game played out for the
//! present cube) by the cube's efficiency, as in money play. Checker play
//! stays cubeless: the players choose their moves by the cubeless
//! evaluation, in money and match play alike.

use super::live::{MatchGame, Side};
use super::DEFAULT_EFFICIENCY;
use super::{
    check_efficiency, CubeDecision, CubeError, CubeOwner, MatchEquityTable, Outcomes, Stage,
};

/// Where a game of a match stands, from the side of the player whose
/// chances are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchScore {
    /// The points this player needs to win the match.
    pub my_away: u32,
    /// The points the opponent needs.
    pub their_away: u32,
    /// The game's place with respect to the Crawford rule.
    pub stage: Stage,
    /// The cube's value: 1, 2, 4, ...
    pub cube: u32,
    /// Who holds the cube.
    pub owner: CubeOwner,
}

/// Cube decisions in match play, by a match-equity table.
#[derive(Clone, Copy, Debug)]
pub struct MatchCube<'a> {
    table: &'a MatchEquityTable,
    efficiency: f64,
}

impl<'a> MatchCube<'a> {
    /// Decisions by this table with GNU Backgammon's cube efficiency.
    pub fn new(table: &'a MatchEquityTable) -> Self {
        Self {
            table,
            efficiency: DEFAULT_EFFICIENCY,
        }
    }

    /// The same with another cube efficiency (0: dead, 1: perfectly live).
    ///
    /// # Errors
    ///
    /// [`CubeError::BadParameter`] where it is not in `[0, 1]`.
    pub fn with_efficiency(
        table: &'a MatchEquityTable,
        efficiency: f64,
    ) -> Result<Self, CubeError> {
        Ok(Self {
            table,
            efficiency: check_efficiency(efficiency)?,
        })
    }

    /// The chance that the player whose chances are given wins the match,
    /// before their throw.
    ///
    /// # Errors
    ///
    /// [`CubeError::BadParameter`] where the score is outside the table,
    /// the cube is not a power of two, or a Crawford game has a cube that
    /// was turned or no side 1 away.
    pub fn equity(&self, chances: &Outcomes, score: &MatchScore) -> Result<f64, CubeError> {
        self.check(score)?;
        Ok(self.value(chances, score, score.cube as i32, score.owner))
    }

    /// The values of doubling and not doubling for the player on roll, in
    /// chances to win the match. Where they may not double (the opponent's
    /// cube, the Crawford game) the three values are the same.
    ///
    /// # Errors
    ///
    /// As [`equity`](Self::equity).
    pub fn decide(
        &self,
        chances: &Outcomes,
        score: &MatchScore,
    ) -> Result<CubeDecision, CubeError> {
        let no_double = self.equity(chances, score)?;
        if score.owner == CubeOwner::Theirs || score.stage == Stage::Crawford {
            return Ok(CubeDecision {
                no_double,
                double_take: no_double,
                double_drop: no_double,
            });
        }
        let v = score.cube as i32;
        let game = self.game(chances, score);
        Ok(CubeDecision {
            no_double,
            double_take: self.value(chances, score, 2 * v, CubeOwner::Theirs),
            double_drop: (game.after)(score.my_away as i32 - v, score.their_away as i32),
        })
    }

    fn check(&self, score: &MatchScore) -> Result<(), CubeError> {
        self.table
            .win_chance(score.my_away, score.their_away, score.stage)?;
        let bad = |why: &str| Err(CubeError::BadParameter(why.to_string()));
        if !score.cube.is_power_of_two() || score.cube > 1 << 15 {
            return bad("the cube's value is a power of two up to 32768");
        }
        if score.stage == Stage::Crawford {
            if score.my_away != 1 && score.their_away != 1 {
                return bad("a Crawford game needs a side 1 point away");
            }
            if score.cube != 1 || score.owner != CubeOwner::Centred {
                return bad("no one doubles in the Crawford game");
            }
        }
        Ok(())
    }

    fn game(
        &self,
        chances: &Outcomes,
        score: &MatchScore,
    ) -> MatchGame<impl Fn(i32, i32) -> f64 + 'a> {
        let table = self.table;
        let post = score.stage != Stage::PreCrawford;
        MatchGame {
            after: move |a: i32, b: i32| table.after(a, b, post),
            away: [score.my_away as i32, score.their_away as i32],
            kinds: [chances.win_kinds(), chances.loss_kinds()],
        }
    }

    /// The blended value for a cube of `v` held by `owner`.
    fn value(&self, chances: &Outcomes, score: &MatchScore, v: i32, owner: CubeOwner) -> f64 {
        let game = self.game(chances, score);
        let p = chances.win();
        let dead = game.dead(Side::Me, v).value(p);
        if score.stage == Stage::Crawford {
            return dead;
        }
        let live = match owner {
            CubeOwner::Centred => game.centred(Side::Me, v, p),
            CubeOwner::Mine => game.owning(Side::Me, v).value(p),
            CubeOwner::Theirs => 1.0 - game.owning(Side::Them, v).value(1.0 - p),
        };
        dead * (1.0 - self.efficiency) + live * self.efficiency
    }
}
