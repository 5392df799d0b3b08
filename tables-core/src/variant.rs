//! The parameters that make a tables game: track geometry, dice, set-up,
//! directions, entry, hitting, bearing off and scoring.
//!
//! Every game of the family is a [`Variant`]; [`Variant::seys_dos_e_as`] and
//! [`Variant::backgammon`] are the two presets. A further game needs no new
//! code, only another value of this struct.

use board_core::Player;

/// The number of points on the track.
pub const POINTS: usize = 24;
/// The number of points in a quarter.
pub const QUARTER: usize = 6;
/// The number of quarters.
pub const QUARTERS: usize = 4;
/// The number of pieces each player has.
pub const PIECES: u8 = 15;
/// The number of faces of each die.
pub const FACES: u8 = 6;

/// The way a player's pieces travel along the points of the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// From point 1 towards point 24.
    Forward,
    /// From point 24 towards point 1.
    Backward,
}

impl Direction {
    /// The point index (0 for point 1) of the player's route index `r`
    /// (0 for the player's first point; taken modulo 24).
    #[inline]
    pub const fn to_point(self, r: usize) -> usize {
        let r = r % POINTS;
        match self {
            Direction::Forward => r,
            Direction::Backward => POINTS - 1 - r,
        }
    }

    /// The quarter of the notation (0 for Q1) of the player's route quarter
    /// (taken modulo 4).
    #[inline]
    pub const fn to_quarter(self, q: usize) -> usize {
        let q = q % QUARTERS;
        match self {
            Direction::Forward => q,
            Direction::Backward => QUARTERS - 1 - q,
        }
    }
}

/// Where a hit piece waits to re-enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reentry {
    /// In the quarter diagonally opposite the one where it was hit (Q1↔Q3,
    /// Q2↔Q4): Seys dos e as.
    Opposite,
    /// In the first quarter of its route, as Ludii plays Seys dos e as and as
    /// backgammon's bar works.
    Start,
}

/// When a die carries a piece past the last point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BearOff {
    /// Any die that carries a piece past the last point bears it off.
    Any,
    /// Only a die that carries the piece exactly one point past the last.
    Exact,
    /// Exactly, or with a higher die from the rearmost point (backgammon).
    ExactOrHigher,
}

/// How many dice a player must use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DiceRule {
    /// As many dice as possible; when fewer can be used the player chooses
    /// which. Bearing off the last piece wins at once and counts as using
    /// every die (Seys dos e as).
    MostDice,
    /// As many as possible, and when only one die of several can be used, the
    /// largest that can (backgammon). A win counts only the dice it used: a
    /// play that bears off the last piece with one die is refused when
    /// another play uses both (say, by hitting with the small die before
    /// bearing off with the large one), as in OpenSpiel and GNU Backgammon.
    MostDiceThenLarger,
}

impl DiceRule {
    /// True when bearing off the last piece counts as using every die.
    #[inline]
    pub const fn win_uses_every_die(self) -> bool {
        matches!(self, DiceRule::MostDice)
    }
}

/// What a double throw gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Doubles {
    /// The dice as thrown.
    AsThrown,
    /// Two equal dice are played four times (backgammon; only with 2 dice).
    Twice,
}

/// How the first player is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RollOff {
    /// Two outcomes, ½ each: seat A wins (outcome 0) or seat B wins
    /// (outcome 1). The winner then throws for its first turn.
    Coin,
    /// One die each (2 dice only): 30 outcomes, the ordered pairs of different
    /// faces (A's die, B's die); the higher starts and plays both dice.
    OpeningThrow,
}

/// How a won game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scoring {
    /// ±1.
    WinLoss,
    /// ±2 when the loser has borne off nothing (a gammon), else ±1.
    Gammons,
    /// As gammons, and ±3 when the gammoned loser still has a piece waiting or
    /// in the winner's last quarter (a backgammon).
    Backgammons,
}

/// One side's pieces at the start, along its own route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SetUp {
    /// Pieces on each route point (index 0 is the side's first point).
    pub points: [u8; POINTS],
    /// Pieces waiting off the board to enter each route quarter.
    pub waiting: [u8; QUARTERS],
}

impl SetUp {
    /// A set-up from `(route point from 1, count)` pairs; `None` for a
    /// point outside 1 to 24 or more than 255 pieces on one point.
    ///
    /// ```
    /// use tables_core::SetUp;
    /// assert_eq!(SetUp::from_points(&[(1, 10), (1, 5)]).unwrap().points[0], 15);
    /// assert_eq!(SetUp::from_points(&[(0, 15)]), None);
    /// assert_eq!(SetUp::from_points(&[(25, 15)]), None);
    /// assert_eq!(SetUp::from_points(&[(3, 200), (3, 100)]), None);
    /// ```
    pub const fn from_points(list: &[(u8, u8)]) -> Option<SetUp> {
        let mut points = [0u8; POINTS];
        let mut i = 0;
        while i < list.len() {
            let (point, count) = list[i];
            if point == 0 || point as usize > POINTS {
                return None;
            }
            points[point as usize - 1] = match points[point as usize - 1].checked_add(count) {
                Some(n) => n,
                None => return None,
            };
            i += 1;
        }
        Some(SetUp {
            points,
            waiting: [0; QUARTERS],
        })
    }

    /// A preset's set-up, known to be valid.
    const fn preset(list: &[(u8, u8)]) -> SetUp {
        match SetUp::from_points(list) {
            Some(setup) => setup,
            None => panic!("a preset's set-up lists points 1 to 24"),
        }
    }

    /// All 15 pieces off the board, waiting to enter the first quarter.
    pub const fn all_waiting() -> SetUp {
        SetUp {
            points: [0; POINTS],
            waiting: [PIECES, 0, 0, 0],
        }
    }

    /// The number of pieces in the set-up.
    pub const fn total(&self) -> u32 {
        let mut t = 0;
        let mut i = 0;
        while i < POINTS {
            t += self.points[i] as u32;
            i += 1;
        }
        let mut q = 0;
        while q < QUARTERS {
            t += self.waiting[q] as u32;
            q += 1;
        }
        t
    }
}

/// The parameters of one tables game. See the crate docs for how each one
/// is played.
///
/// ```
/// use tables_core::{Variant, Tables, SetUp};
/// // Seys dos e as on two dice, with 5-5-5 set-ups.
/// let mut v = Variant::seys_dos_e_as();
/// v.name = "seys_two_dice";
/// v.dice = 2;
/// v.setup = [
///     SetUp::from_points(&[(1, 5), (2, 5), (6, 5)]).unwrap(),
///     SetUp::from_points(&[(3, 5), (4, 5), (5, 5)]).unwrap(),
/// ];
/// assert!(Tables::new(v).is_ok());
/// // Both sides on the same points cannot be set up.
/// v.setup[1] = v.setup[0];
/// assert!(Tables::new(v).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Variant {
    /// The game's name, as `list_games()` shows it.
    #[cfg_attr(feature = "serde", serde(skip_deserializing, default = "default_name"))]
    pub name: &'static str,
    /// The number of six-sided dice thrown (1 to 4; 2 with [`Doubles::Twice`]).
    pub dice: u8,
    /// What a double gives.
    pub doubles: Doubles,
    /// The direction of each seat along the notation's points.
    pub directions: [Direction; 2],
    /// The set-ups of the roll-off winner (index 0) and of the other player
    /// (index 1), each along its own route. When both are equal the pieces
    /// stand before the roll-off; otherwise the board is empty until it.
    pub setup: [SetUp; 2],
    /// How the first player is chosen.
    pub roll_off: RollOff,
    /// Where hit pieces re-enter.
    pub reentry: Reentry,
    /// The number of enemy pieces that close a point (2: a single piece is a
    /// blot that can be hit; 1: nothing is ever hit).
    pub closes_at: u8,
    /// When a die bears a piece off (always only once every piece of the
    /// player is in its last quarter and none is waiting).
    pub bear_off: BearOff,
    /// How many dice must be used.
    pub dice_rule: DiceRule,
    /// How a win is scored.
    pub scoring: Scoring,
    /// Truncate after this many completed turns, with returns 0; 0 = no limit.
    pub max_turns: u32,
}

#[cfg(feature = "serde")]
fn default_name() -> &'static str {
    "tables"
}

/// A [`Variant`] that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The dice count is outside 1 to 4, or doubles are played twice with
    /// other than 2 dice.
    #[error("a tables game throws 1 to 4 dice, and plays doubles twice only with 2 dice")]
    Dice,
    /// A set-up does not hold exactly 15 pieces.
    #[error("each set-up must hold exactly 15 pieces")]
    SetUp,
    /// `closes_at` is not 1 or 2.
    #[error("closes_at must be 1 (no hitting) or 2 (blots can be hit)")]
    ClosesAt,
    /// The opening-throw roll-off needs exactly 2 dice.
    #[error("the opening-throw roll-off needs exactly 2 dice")]
    RollOff,
    /// A set-up puts pieces of both sides on one point.
    #[error("the two set-ups put pieces of both players on point {0}")]
    Overlap(u8),
}

impl Variant {
    /// Seys dos e as, default reading of RULES.md: 3 dice, 6-2-1 against
    /// 3-4-5 by the roll-off, both sides moving from 1 to 24, re-entry in the
    /// diagonally opposite quarter, bearing off with any die past 24.
    pub const fn seys_dos_e_as() -> Variant {
        Variant {
            name: "seys_dos_e_as",
            dice: 3,
            doubles: Doubles::AsThrown,
            directions: [Direction::Forward, Direction::Forward],
            setup: [
                SetUp::preset(&[(6, 8), (2, 4), (1, 3)]),
                SetUp::preset(&[(3, 5), (4, 5), (5, 5)]),
            ],
            roll_off: RollOff::Coin,
            reentry: Reentry::Opposite,
            closes_at: 2,
            bear_off: BearOff::Any,
            dice_rule: DiceRule::MostDice,
            scoring: Scoring::WinLoss,
            max_turns: 500,
        }
    }

    /// Backgammon without the cube: A moves from 24 to 1, B from 1 to 24.
    pub const fn backgammon() -> Variant {
        let setup = SetUp::preset(&[(1, 2), (12, 5), (17, 3), (19, 5)]);
        Variant {
            name: "backgammon",
            dice: 2,
            doubles: Doubles::Twice,
            directions: [Direction::Backward, Direction::Forward],
            setup: [setup, setup],
            roll_off: RollOff::OpeningThrow,
            reentry: Reentry::Start,
            closes_at: 2,
            bear_off: BearOff::ExactOrHigher,
            dice_rule: DiceRule::MostDiceThenLarger,
            scoring: Scoring::WinLoss,
            max_turns: 500,
        }
    }

    /// Checks that the parameters make a playable game.
    pub fn validate(&self) -> Result<(), VariantError> {
        if self.dice == 0 || self.dice > 4 || (self.doubles == Doubles::Twice && self.dice != 2) {
            return Err(VariantError::Dice);
        }
        if self.setup.iter().any(|s| s.total() != u32::from(PIECES)) {
            return Err(VariantError::SetUp);
        }
        if !(1..=2).contains(&self.closes_at) {
            return Err(VariantError::ClosesAt);
        }
        if self.roll_off == RollOff::OpeningThrow && self.dice != 2 {
            return Err(VariantError::RollOff);
        }
        // Either seat may win the roll-off: check both assignments.
        for winner in 0..2 {
            let mut owner = [None; POINTS];
            for seat in 0..2 {
                let role = if seat == winner { 0 } else { 1 };
                for r in 0..POINTS {
                    if self.setup[role].points[r] > 0 {
                        let p = self.directions[seat].to_point(r);
                        match owner[p] {
                            Some(o) if o != seat => return Err(VariantError::Overlap(p as u8 + 1)),
                            _ => owner[p] = Some(seat),
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The largest number of dice one throw gives to play.
    pub const fn max_dice(&self) -> usize {
        match self.doubles {
            Doubles::Twice => 4,
            Doubles::AsThrown => self.dice as usize,
        }
    }

    /// The direction of `player`.
    #[inline]
    pub const fn direction(&self, player: Player) -> Direction {
        self.directions[player.index() & 1]
    }

    /// The largest return a win can give.
    pub const fn max_score(&self) -> f64 {
        match self.scoring {
            Scoring::WinLoss => 1.0,
            Scoring::Gammons => 2.0,
            Scoring::Backgammons => 3.0,
        }
    }
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::seys_dos_e_as()
    }
}

/// The parameters of a tables game (another name for [`Variant`]).
pub type TablesParams = Variant;
