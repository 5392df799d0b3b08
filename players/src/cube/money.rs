//! The cube in money play, by Rick Janowski's general model.
//!
//! With `W` the average value of a win and `L` that of a loss (1 for a
//! single game, more where gammons and backgammons count), a perfectly
//! efficient ("live") cube makes the equity a broken line of the chance to
//! win `p`: the player takes up to their take point
//! `TP = (L - 1/2) / (W + L + 1/2)` and the opponent drops from the cash
//! point `CP = (L + 1) / (W + L + 1/2)` on. Between those points the line
//! joins the values of being doubled out (-1) and of cashing (+1); owning
//! the cube, the player's line runs from `-L` at `p = 0` to the cash point;
//! with the cube the opponent's, from the take point to `W` at `p = 1`.
//! The cubeful equity is `x` times that live equity plus `1 - x` times the
//! cubeless one, `x` being the cube's efficiency.

use super::{check_efficiency, CubeDecision, CubeError, CubeOwner, Outcomes, DEFAULT_EFFICIENCY};

/// Cube decisions in money play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoneyCube {
    efficiency: f64,
    jacoby: bool,
}

impl Default for MoneyCube {
    /// GNU Backgammon's defaults: an efficiency of 0.68, the Jacoby rule on.
    fn default() -> Self {
        Self {
            efficiency: DEFAULT_EFFICIENCY,
            jacoby: true,
        }
    }
}

/// Chances this close to 0 or 1 leave the cube dead.
const EDGE: f64 = 1e-7;

impl MoneyCube {
    /// A model with this cube efficiency (0: the cube is dead, 1: perfectly
    /// efficient) and Jacoby rule (gammons count only once the cube has
    /// been turned).
    ///
    /// # Errors
    ///
    /// [`CubeError::BadParameter`] where the efficiency is not in `[0, 1]`.
    pub fn new(efficiency: f64, jacoby: bool) -> Result<Self, CubeError> {
        Ok(Self {
            efficiency: check_efficiency(efficiency)?,
            jacoby,
        })
    }

    /// The cube efficiency.
    pub fn efficiency(&self) -> f64 {
        self.efficiency
    }

    /// Whether the Jacoby rule is on.
    pub fn jacoby(&self) -> bool {
        self.jacoby
    }

    /// The cubeful equity of the player whose chances are given, in points
    /// for a cube of 1 (multiply by the cube's value), before their throw.
    pub fn equity(&self, chances: &Outcomes, owner: CubeOwner) -> f64 {
        let dead = self.dead_equity(chances, owner);
        let p = chances.win();
        if p <= EDGE || p >= 1.0 - EDGE {
            return dead;
        }
        let w = 1.0 + (chances.win_gammon() + chances.win_backgammon()) / p;
        let l = 1.0 + (chances.lose_gammon() + chances.lose_backgammon()) / (1.0 - p);
        let live = self.live_equity(w, l, p, owner);
        dead * (1.0 - self.efficiency) + live * self.efficiency
    }

    /// The values of doubling and not doubling for the player on roll, in
    /// points for the cube's present value.
    ///
    /// `owner` is the cube's place before the double: centred or the
    /// player's own. The opponent's cube leaves no double: then the three
    /// values are all the equity of not doubling.
    pub fn decide(&self, chances: &Outcomes, owner: CubeOwner) -> CubeDecision {
        let no_double = self.equity(chances, owner);
        if owner == CubeOwner::Theirs {
            return CubeDecision {
                no_double,
                double_take: no_double,
                double_drop: no_double,
            };
        }
        CubeDecision {
            no_double,
            // Taken, the cube is the opponent's at twice the value.
            double_take: 2.0 * self.equity(chances, CubeOwner::Theirs),
            double_drop: 1.0,
        }
    }

    /// The cubeless equity, gammons left out while the Jacoby rule holds.
    fn dead_equity(&self, chances: &Outcomes, owner: CubeOwner) -> f64 {
        if self.jacoby && owner == CubeOwner::Centred {
            2.0 * chances.win() - 1.0
        } else {
            chances.cubeless_equity()
        }
    }

    /// The equity with a perfectly efficient cube.
    fn live_equity(&self, w: f64, l: f64, p: f64, owner: CubeOwner) -> f64 {
        let take_point = (l - 0.5) / (w + l + 0.5);
        let cash_point = (l + 1.0) / (w + l + 0.5);
        match owner {
            CubeOwner::Centred => {
                if p < take_point {
                    if self.jacoby {
                        -1.0
                    } else {
                        -l + (l - 1.0) * p / take_point
                    }
                } else if p < cash_point {
                    -1.0 + 2.0 * (p - take_point) / (cash_point - take_point)
                } else if self.jacoby {
                    1.0
                } else {
                    1.0 + (w - 1.0) * (p - cash_point) / (1.0 - cash_point)
                }
            }
            CubeOwner::Mine => {
                if p < cash_point {
                    -l + (1.0 + l) * p / cash_point
                } else {
                    1.0 + (w - 1.0) * (p - cash_point) / (1.0 - cash_point)
                }
            }
            CubeOwner::Theirs => {
                if p < take_point {
                    -l + (l - 1.0) * p / take_point
                } else {
                    -1.0 + (w + 1.0) * (p - take_point) / (1.0 - take_point)
                }
            }
        }
    }
}
