//! The doubling cube in the analysis: the cubeful equity and the cube
//! action of a position before the throw, and the take or drop of a player
//! facing a double, from the models of this module (Janowski's in money
//! play, the match-equity table in match play).
//!
//! A game with a cube (the tables games with `cube=true`) says where a cube
//! decision stands through `Playable::cube_analysis`;
//! the analysis's `evaluate` reports it and its `hint` ranks the cube
//! actions at a cube decision.
//!
//! ```
//! use racegames_players::analysis::{CubeAnalysis, CubeVerdict, CubeUnit};
//! use racegames_players::cube::{money::MoneyCube, CubeOwner, Outcomes};
//!
//! // 70% to win, a few gammons: a double and a take.
//! let chances = Outcomes::new(0.70, 0.10, 0.0, 0.04, 0.0)?;
//! let decision = MoneyCube::default().decide(&chances, CubeOwner::Centred);
//! let verdict = CubeVerdict::of(&decision, true);
//! assert_eq!(verdict, CubeVerdict::DoubleTake);
//! assert_eq!(verdict.name(), "double/take");
//!
//! // A sure single win: double, and the opponent drops (not "too good").
//! let sure = Outcomes::new(1.0, 0.0, 0.0, 0.0, 0.0)?;
//! let d = MoneyCube::default().decide(&sure, CubeOwner::Centred);
//! assert_eq!(CubeVerdict::of(&d, true), CubeVerdict::DoubleDrop);
//! # Ok::<(), racegames_players::cube::CubeError>(())
//! ```

use racegames_board::{Action, Seat};

use super::{CubeDecision, Outcomes};

/// The right cube action of the player on roll, before the throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeVerdict {
    /// Not doubling is right (or the player may not double).
    NoDouble,
    /// Doubling is right, and the opponent should take.
    DoubleTake,
    /// Doubling is right, and the opponent should drop.
    DoubleDrop,
    /// Too good to double: the opponent would drop, and playing on for the
    /// gammons is worth strictly more than the cube's value.
    TooGood,
}

impl CubeVerdict {
    /// The verdict of `decision` for a player who may double or not.
    pub fn of(decision: &CubeDecision, may_double: bool) -> CubeVerdict {
        if !may_double {
            return CubeVerdict::NoDouble;
        }
        if decision.double_is_right() {
            return if decision.take_is_right() {
                CubeVerdict::DoubleTake
            } else {
                CubeVerdict::DoubleDrop
            };
        }
        if decision.take_is_right() {
            CubeVerdict::NoDouble
        } else if decision.no_double > decision.double_drop {
            CubeVerdict::TooGood
        } else if decision.no_double == decision.double_drop {
            // Playing on is worth the cube and no more (a sure single
            // win): cash it, as gnubg says (double, pass).
            CubeVerdict::DoubleDrop
        } else {
            CubeVerdict::NoDouble
        }
    }

    /// As gnubg writes it: `no double`, `double/take`, `double/drop`,
    /// `too good`.
    pub fn name(self) -> &'static str {
        match self {
            CubeVerdict::NoDouble => "no double",
            CubeVerdict::DoubleTake => "double/take",
            CubeVerdict::DoubleDrop => "double/drop",
            CubeVerdict::TooGood => "too good",
        }
    }
}

/// The unit of a cube analysis' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeUnit {
    /// Money play: points for a cube of 1 (gnubg's normalized equity);
    /// multiply by the cube's value for the points at stake.
    Points,
    /// Match play: the chance to win the match.
    MatchChance,
}

/// One cube action of the player to act at a cube decision, valued.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeChoice {
    /// The game's action.
    pub action: Action,
    /// Its value for the player to act: in money play the points at stake
    /// (the cube's value included), in match play the chance to win the
    /// match; the opponent's answer to a double or an offer to resign is
    /// taken to be the right one.
    pub value: f64,
}

/// A cube decision's figures, from the side of the player on roll (the
/// doubler, or the player who may double).
#[derive(Clone, Debug, PartialEq)]
pub struct CubeAnalysis {
    /// The player on roll: who decides whether to double, or who doubled.
    pub doubler: Seat,
    /// The cubeless chances of [`CubeAnalysis::doubler`] before the
    /// throw, as the game's net gives them one ply deep (the players' cube chances).
    pub outcomes: Outcomes,
    /// The three values of the doubler: no double, double/take,
    /// double/drop, in [`CubeAnalysis::unit`]. Where the doubler may not
    /// double, all three are the value of playing on.
    pub decision: CubeDecision,
    /// The unit of [`CubeAnalysis::decision`] and
    /// [`CubeAnalysis::equity`].
    pub unit: CubeUnit,
    /// The cube's value.
    pub cube_value: u32,
    /// Whether the doubler may double now (or has doubled).
    pub may_double: bool,
    /// Whether a double is on the table, awaiting the opponent's take or
    /// drop.
    pub doubled: bool,
    /// The doubler's cubeful equity with the cube played right on both
    /// sides.
    pub equity: f64,
    /// The doubler's right action.
    pub verdict: CubeVerdict,
    /// Whether taking is right for the opponent.
    pub take: bool,
    /// The cube actions of the player to act, valued (empty away from a
    /// cube decision, before a throw where no one may double).
    pub choices: Vec<CubeChoice>,
}

impl CubeAnalysis {
    /// The figures of `decision` for `doubler`; `choices` are the valued
    /// actions of the player to act.
    #[allow(clippy::too_many_arguments)] // one each of the figures
    pub fn new(
        doubler: Seat,
        outcomes: Outcomes,
        decision: CubeDecision,
        unit: CubeUnit,
        cube_value: u32,
        may_double: bool,
        doubled: bool,
        choices: Vec<CubeChoice>,
    ) -> CubeAnalysis {
        let verdict = CubeVerdict::of(&decision, may_double);
        let equity = if may_double {
            decision.value()
        } else {
            decision.no_double
        };
        CubeAnalysis {
            doubler,
            outcomes,
            decision,
            unit,
            cube_value,
            may_double,
            doubled,
            equity,
            verdict,
            take: decision.take_is_right(),
            choices,
        }
    }

    /// The right answer to a double: `take` or `drop`.
    pub fn answer(&self) -> &'static str {
        if self.take {
            "take"
        } else {
            "drop"
        }
    }

    /// The text of the right action of the player to act: the verdict
    /// with the answer (`double/take`, `no double`, ...), or for a player
    /// facing a double `take` or `drop`.
    pub fn action_text(&self) -> String {
        if self.doubled {
            self.answer().to_string()
        } else {
            self.verdict.name().to_string()
        }
    }
}
