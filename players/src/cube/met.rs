//! A match-equity table, computed from a model of the game.

use super::live::{MatchGame, Side};
use super::CubeError;

/// Where a game stands in the match with respect to the Crawford rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Neither side has been 1 point away yet: either may double.
    PreCrawford,
    /// The game after a side first reached 1 point away: no one may double.
    Crawford,
    /// The games after the Crawford game: doubling is allowed again.
    PostCrawford,
}

/// Each score's chance to win a match, at the start of a game.
///
/// Computed here, from the model GNU Backgammon calls Zadeh's (N. Zadeh,
/// "On doubling in tournament backgammon", Management Science, 1977):
/// - every game starts even, and a fixed share of the wins are gammons
///   (backgammons are left out);
/// - after the Crawford game, the trailer doubles at once and the leader
///   takes or drops, whichever wins more matches;
/// - before it, the cube is played perfectly by the continuous model:
///   each side doubles at the other's take point.
///
/// ```
/// use racegames_players::cube::{MatchEquityTable, Stage};
///
/// let met = MatchEquityTable::computed(7, 0.26)?;
/// assert_eq!(met.win_chance(3, 3, Stage::PreCrawford)?, 0.5);
/// // The Crawford game at 1-away, 2-away: the leader wins unless the
/// // trailer wins this game and the next (gammons aside).
/// let leader = met.win_chance(1, 2, Stage::Crawford)?;
/// assert!((leader - (0.5 + 0.25 * (1.0 - 0.26))).abs() < 1e-12);
/// # Ok::<(), racegames_players::cube::CubeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEquityTable {
    max_away: i32,
    gammon_rate: f64,
    /// `[a][b]` (from 1 away): the chance of the side `a` away at the
    /// start of a game before the Crawford game; with a side 1 away, of
    /// the Crawford game.
    pre: Vec<f64>,
    /// `[n]`: the chance of the side 1 away after the Crawford game, the
    /// other `n` away (`[0]` unused).
    post: Vec<f64>,
}

/// The longest match the table is computed for.
pub const MAX_AWAY: u32 = 64;

impl MatchEquityTable {
    /// The share of wins that are gammons in the default table: about a
    /// quarter, as in money play from the opening.
    pub const DEFAULT_GAMMON_RATE: f64 = 0.26;

    /// The table up to `max_away` points away for each side, with this
    /// share of gammons among the wins.
    ///
    /// # Errors
    ///
    /// [`CubeError::BadParameter`] where `max_away` is not in
    /// `1..=`[`MAX_AWAY`] or the gammon rate not in `[0, 1)`.
    pub fn computed(max_away: u32, gammon_rate: f64) -> Result<Self, CubeError> {
        if !(1..=MAX_AWAY).contains(&max_away) {
            return Err(CubeError::BadParameter(format!(
                "a match-equity table runs from 1 to {MAX_AWAY} points away, not {max_away}"
            )));
        }
        if !(0.0..1.0).contains(&gammon_rate) {
            return Err(CubeError::BadParameter(format!(
                "the gammon rate is a share of the wins in [0, 1), not {gammon_rate}"
            )));
        }
        let n = max_away as i32;
        let g = gammon_rate;
        let mut post = vec![0.0; n as usize + 1];
        let leader = |post: &[f64], k: i32| if k <= 0 { 0.0 } else { post[k as usize] };
        post[1] = 0.5;
        for k in 2..=n {
            let take = 0.5 + 0.5 * ((1.0 - g) * leader(&post, k - 2) + g * leader(&post, k - 4));
            post[k as usize] = take.max(post[k as usize - 1]);
        }
        let mut table = Self {
            max_away: n,
            gammon_rate,
            pre: vec![0.5; (n * n) as usize],
            post,
        };
        for k in 2..=n {
            let crawford = 0.5
                + 0.5 * ((1.0 - g) * leader(&table.post, k - 1) + g * leader(&table.post, k - 2));
            table.set(1, k, crawford);
            table.set(k, 1, 1.0 - crawford);
        }
        // Before the Crawford game, by increasing total: every score a
        // game leads to is already in the table.
        for total in 4..=2 * n {
            for a in (total - n).max(2)..=(total - 2).min(n) {
                let game = MatchGame {
                    after: |x: i32, y: i32| table.after(x, y, false),
                    away: [a, total - a],
                    kinds: [[1.0 - g, g, 0.0]; 2],
                };
                let chance = game.centred(Side::Me, 1, 0.5);
                table.set(a, total - a, chance);
            }
        }
        Ok(table)
    }

    /// The longest match (points away for a side) in the table.
    pub fn max_away(&self) -> u32 {
        self.max_away as u32
    }

    /// The share of wins that are gammons in the model.
    pub fn gammon_rate(&self) -> f64 {
        self.gammon_rate
    }

    /// The chance that the side `my_away` points from winning wins the
    /// match against a side `their_away` away, at the start of a game of
    /// this stage. The stage counts only where one side is 1 away and the
    /// other is not; there [`Stage::PreCrawford`] reads as the Crawford game
    /// (the game after a side reaches 1 away).
    ///
    /// # Errors
    ///
    /// [`CubeError::BadParameter`] where a side is 0 or more than
    /// [`max_away`](Self::max_away) points away.
    pub fn win_chance(
        &self,
        my_away: u32,
        their_away: u32,
        stage: Stage,
    ) -> Result<f64, CubeError> {
        for away in [my_away, their_away] {
            if away == 0 || away > self.max_away() {
                return Err(CubeError::BadParameter(format!(
                    "points away run from 1 to {} in this table, not {away}",
                    self.max_away
                )));
            }
        }
        Ok(self.after(
            my_away as i32,
            their_away as i32,
            stage == Stage::PostCrawford,
        ))
    }

    /// The chance of the side `a` away against `b` away at the start of the
    /// next game; `post_crawford`: the Crawford game has been played. A
    /// side at 0 or less has won.
    pub(crate) fn after(&self, a: i32, b: i32, post_crawford: bool) -> f64 {
        if a <= 0 {
            return 1.0;
        }
        if b <= 0 {
            return 0.0;
        }
        let (a, b) = (a.min(self.max_away), b.min(self.max_away));
        match (a, b, post_crawford) {
            (1, 1, _) => 0.5,
            (1, b, true) => self.post[b as usize],
            (a, 1, true) => 1.0 - self.post[a as usize],
            _ => self.pre[self.at(a, b)],
        }
    }

    fn at(&self, a: i32, b: i32) -> usize {
        ((a - 1) * self.max_away + (b - 1)) as usize
    }

    fn set(&mut self, a: i32, b: i32, chance: f64) {
        let at = self.at(a, b);
        self.pre[at] = chance;
    }
}
