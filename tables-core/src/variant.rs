//! The parameters that make a tables game: track geometry, dice, set-up,
//! directions, entry, hitting, bearing off and scoring.
//!
//! Every game of the family is a [`Variant`]; [`Variant::seys_dos_e_as`] and
//! [`Variant::backgammon`] are the two presets. A further game needs no new
//! code, only another value of this struct.

use racegames_board::Seat;

pub use crate::starting_pieces::StartingPieces;

/// The number of points on the standard board.
pub const POINTS: usize = 24;
/// The number of points in a quarter of the standard board.
pub const QUARTER: usize = 6;
/// The number of quarters.
pub const QUARTERS: usize = 4;
/// The number of pieces each player has in the standard games.
pub const PIECES: u8 = 15;
/// The number of faces of each standard die.
pub const FACES: u8 = 6;
/// The most points a board has: four quarters of seven (seven-sided dice).
pub const MAX_POINTS: usize = 28;
/// The most pieces a side may have.
pub const MAX_PIECES: u8 = 20;

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

/// What happens to a player who must enter a piece and finds every point
/// of the quarter it enters closed, when about to throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BlockedEntry {
    /// Nothing: the player throws and passes while he cannot enter.
    Pass,
    /// He loses at once (the *prime* of the Libro).
    Lose,
}

/// What a position in which neither player can move, whatever he throws,
/// does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DeadPosition {
    /// Nothing: play passes until `max_turns` truncates the game.
    Truncate,
    /// The game ends at once, drawn (the *tie* of the Libro).
    Draw,
}

/// When a player throws again within the same turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ExtraThrow {
    /// Never.
    Never,
    /// After a throw whose dice all show one face has been used (Pareia de
    /// entrada); chains are unbounded.
    AllEqual,
}

/// What becomes of dice the thrower cannot use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UnusableDie {
    /// They are lost.
    Forfeit,
    /// The thrower loses at once unless he can use every die (a win counts
    /// as using them all): Fallas.
    Lose,
    /// The thrower loses at once when he can use no die.
    LoseIfNone,
    /// They pass to the opponent, who uses as many of them as he can before
    /// throwing for his own turn (Laquet, Doblet). Dice the opponent cannot
    /// use in turn are lost.
    ToOpponent,
}

/// How waiting pieces enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Entry {
    /// Every waiting piece must enter before any other piece moves.
    Forced,
    /// Each die may enter a waiting piece or move a piece on the board
    /// (bearing off still waits until none waits).
    Free,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Goal {
    /// Bear off every piece.
    BearOff,
    /// Stand exactly two pieces on each point of the route's last quarter
    /// (needs two pieces per point of a quarter); nothing is borne off, and
    /// a die that would carry a piece past the last point cannot be used.
    FillLastQuarter,
}

/// Which points a route runs over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Track {
    /// All four quarters.
    Full,
    /// Two quarters: the seat's first quarter, then the quarter facing it
    /// across the board (Medio emperador). The other two stay empty.
    Half,
}

/// The kind of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mode {
    /// Pieces travel along the route (every game but Doblet).
    Race,
    /// Doblet: pieces never move. Die `d` undoes the doubled stack on the
    /// player's point `d`; once all his stacks are undone, die `d` bears a
    /// piece off from point `d`.
    Doblet,
}

/// The parameters of one tables game. See the crate docs for how each one
/// is played.
///
/// ```
/// use racegames_tables::{Variant, Tables, StartingPieces};
/// // Seys dos e as on two dice, with 5-5-5 set-ups.
/// let mut v = Variant::seys_dos_e_as();
/// v.name = "seys_two_dice";
/// v.dice = 2;
/// v.setup = [
///     StartingPieces::from_points(&[(1, 5), (2, 5), (6, 5)]).unwrap(),
///     StartingPieces::from_points(&[(3, 5), (4, 5), (5, 5)]).unwrap(),
/// ];
/// assert!(Tables::new(v).is_ok());
/// // Both sides on the same points cannot be set up.
/// v.setup[1] = v.setup[0];
/// assert!(Tables::new(v).is_err());
/// ```
///
/// More parameters will come (the cube, matches): outside this crate a
/// variant starts from a preset or [`Variant::STANDARD`] and sets fields,
/// never built by a struct literal:
///
/// ```compile_fail
/// let v = racegames_tables::Variant { dice: 2, ..racegames_tables::Variant::STANDARD };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
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
    pub setup: [StartingPieces; 2],
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
    /// Pieces per side (every set-up must hold this many).
    pub pieces: u8,
    /// Faces of each die (6, or 7 for the seven-sided dice).
    pub faces: u8,
    /// Points per quarter (6, or 7 with seven-sided dice); the board has
    /// four quarters.
    pub quarter_len: u8,
    /// The points a route runs over.
    pub track: Track,
    /// A player unable to enter, about to throw (the prime).
    pub blocked_entry: BlockedEntry,
    /// A position where nobody can move (the tie).
    pub dead_position: DeadPosition,
    /// Extra throws.
    pub extra_throw: ExtraThrow,
    /// Dice the thrower cannot use.
    pub unusable_die: UnusableDie,
    /// Forced or free entry.
    pub entry: Entry,
    /// How the game is won.
    pub goal: Goal,
    /// 0, or the value `k` of a third die added to every throw (with 2 dice).
    pub fixed_die: u8,
    /// 0, or the most pieces of one side a point may hold.
    pub stack_limit: u8,
    /// Race or Doblet.
    pub mode: Mode,
    /// Doblet: whether dice pass to a player still unstacking from one who
    /// is bearing off (the later English game says no).
    pub pass_to_unstacker: bool,
    /// The doubling cube: before throwing, the player on roll may double
    /// while the cube is centred or theirs (see the crate docs).
    #[cfg_attr(feature = "serde", serde(default))]
    pub cube: bool,
    /// The Jacoby rule (money play with the cube only): gammons and
    /// backgammons count as single games while the cube is still at 1.
    #[cfg_attr(feature = "serde", serde(default = "default_jacoby"))]
    pub jacoby: bool,
    /// The player on roll may offer to resign a single game, a gammon or a
    /// backgammon before doubling or throwing.
    #[cfg_attr(feature = "serde", serde(default))]
    pub resign: bool,
    /// 0 for money play, else the length of the match this game belongs to
    /// (at most [`MAX_MATCH_LENGTH`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub match_length: u8,
    /// The match score before this game, A's then B's (each below
    /// `match_length`; 0 in money play).
    #[cfg_attr(feature = "serde", serde(default))]
    pub score: [u8; 2],
    /// This game is the Crawford game of its match: nobody may double.
    #[cfg_attr(feature = "serde", serde(default))]
    pub crawford_game: bool,
}

/// The longest match, as GNU Backgammon plays them.
pub const MAX_MATCH_LENGTH: u8 = 64;

#[cfg(feature = "serde")]
fn default_name() -> &'static str {
    "tables"
}

#[cfg(feature = "serde")]
fn default_jacoby() -> bool {
    true
}

/// A [`Variant`] that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The dice count is outside 1 to 4, or doubles are played twice with
    /// other than 2 dice.
    #[error("a tables game throws 1 to 4 dice, and plays doubles twice only with 2 dice")]
    Dice,
    /// A set-up does not hold exactly 15 pieces.
    #[error("each set-up must hold exactly 15 pieces")]
    StartingPieces,
    /// `closes_at` is not 1 or 2.
    #[error("closes_at must be 1 (no hitting) or 2 (blots can be hit)")]
    ClosesAt,
    /// The opening-throw roll-off needs exactly 2 dice.
    #[error("the opening-throw roll-off needs exactly 2 dice")]
    RollOff,
    /// A set-up puts pieces of both sides on one point.
    #[error("the two set-ups put pieces of both players on point {0}")]
    Overlap(u8),
    /// The geometry (faces, quarter length, track) does not fit together.
    #[error("a tables board has quarters of 6 or 7 points, dice of at most that many faces, and a half track only with re-entry at the start")]
    Geometry,
    /// The pieces per side are outside 1 to 20.
    #[error("a side has 1 to 20 pieces")]
    Pieces,
    /// A rule is given with parameters it cannot work with.
    #[error("incompatible rules: {0}")]
    Rules(&'static str),
}

impl Variant {
    /// Seys dos e as, as `docs/games/seys-dos-e-as.md` reads it: 3 dice, 6-2-1 against
    /// 3-4-5 by the roll-off, both sides moving from 1 to 24, re-entry in the
    /// diagonally opposite quarter, bearing off with any die past 24.
    pub const fn seys_dos_e_as() -> Variant {
        Variant {
            name: "seys_dos_e_as",
            dice: 3,
            doubles: Doubles::AsThrown,
            directions: [Direction::Forward, Direction::Forward],
            setup: [
                StartingPieces::preset(&[(6, 8), (2, 4), (1, 3)]),
                StartingPieces::preset(&[(3, 5), (4, 5), (5, 5)]),
            ],
            roll_off: RollOff::Coin,
            reentry: Reentry::Opposite,
            closes_at: 2,
            bear_off: BearOff::Any,
            dice_rule: DiceRule::MostDice,
            scoring: Scoring::WinLoss,
            max_turns: 500,
            ..Variant::STANDARD
        }
    }

    /// The parameters every game shares unless it says otherwise: 15
    /// pieces, six-sided dice, 24 points, and none of the rules of the other
    /// Libro games (the first value of each of their parameters). The
    /// other fields (name, dice, directions, set-ups…) are placeholders that
    /// each preset sets.
    pub const STANDARD: Variant = Variant {
        name: "tables",
        dice: 3,
        doubles: Doubles::AsThrown,
        directions: [Direction::Forward, Direction::Forward],
        setup: [StartingPieces::all_waiting(), StartingPieces::all_waiting()],
        roll_off: RollOff::Coin,
        reentry: Reentry::Start,
        closes_at: 2,
        bear_off: BearOff::Any,
        dice_rule: DiceRule::MostDice,
        scoring: Scoring::WinLoss,
        max_turns: 500,
        pieces: PIECES,
        faces: FACES,
        quarter_len: QUARTER as u8,
        track: Track::Full,
        blocked_entry: BlockedEntry::Pass,
        dead_position: DeadPosition::Truncate,
        extra_throw: ExtraThrow::Never,
        unusable_die: UnusableDie::Forfeit,
        entry: Entry::Forced,
        goal: Goal::BearOff,
        fixed_die: 0,
        stack_limit: 0,
        mode: Mode::Race,
        pass_to_unstacker: true,
        cube: false,
        jacoby: true,
        resign: false,
        match_length: 0,
        score: [0, 0],
        crawford_game: false,
    };

    /// Backgammon without the cube: A moves from 24 to 1, B from 1 to 24.
    pub const fn backgammon() -> Variant {
        let setup = StartingPieces::preset(&[(1, 2), (12, 5), (17, 3), (19, 5)]);
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
            ..Variant::STANDARD
        }
    }

    /// Checks that the parameters make a playable game.
    ///
    /// # Errors
    ///
    /// [`VariantError`] naming the first parameter out of range.
    pub fn validate(&self) -> Result<(), VariantError> {
        let dice_thrown = self.dice + u8::from(self.fixed_die > 0);
        if self.dice == 0
            || dice_thrown > 4
            || (self.doubles == Doubles::Twice && (self.dice != 2 || self.fixed_die > 0))
        {
            return Err(VariantError::Dice);
        }
        if !(6..=7).contains(&self.quarter_len)
            || !(2..=self.quarter_len).contains(&self.faces)
            || self.fixed_die > self.faces
            || (self.track == Track::Half && self.reentry != Reentry::Start)
        {
            return Err(VariantError::Geometry);
        }
        if !(1..=MAX_PIECES).contains(&self.pieces) {
            return Err(VariantError::Pieces);
        }
        let route = self.route_len();
        let in_route = |s: &StartingPieces| {
            s.points[route..].iter().all(|&n| n == 0)
                && s.waiting[route / self.quarter_len as usize..]
                    .iter()
                    .all(|&n| n == 0)
        };
        if self
            .setup
            .iter()
            .any(|s| s.total() != u32::from(self.pieces) || !in_route(s))
        {
            return Err(VariantError::StartingPieces);
        }
        if !(1..=2).contains(&self.closes_at) {
            return Err(VariantError::ClosesAt);
        }
        if self.roll_off == RollOff::OpeningThrow && self.dice != 2 {
            return Err(VariantError::RollOff);
        }
        self.validate_rules()?;
        if let Err((_, reason)) = self.check_cube_options() {
            return Err(VariantError::Rules(reason));
        }
        // Either seat may win the roll-off: check both assignments.
        for winner in 0..2 {
            let mut owner = [None; MAX_POINTS];
            for seat in 0..2 {
                let role = if seat == winner { 0 } else { 1 };
                for r in 0..route {
                    if self.setup[role].points[r] > 0 {
                        let p = self.route_to_point(seat, r);
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

    /// The checks of the rules that need particular parameters.
    fn validate_rules(&self) -> Result<(), VariantError> {
        let q = usize::from(self.quarter_len);
        if self.goal == Goal::FillLastQuarter && usize::from(self.pieces) != 2 * q {
            return Err(VariantError::Rules(
                "filling the last quarter needs two pieces per point of a quarter",
            ));
        }
        if self.stack_limit == 1 {
            return Err(VariantError::Rules(
                "a stack limit is 0 (none) or at least 2",
            ));
        }
        if self.mode == Mode::Doblet {
            let stacks = self.setup.iter().all(|s| {
                s.waiting == [0; QUARTERS]
                    && s.points[..q].iter().all(|&n| n == 2)
                    && s.points[q..].iter().all(|&n| n == 0)
            });
            if !stacks || self.track != Track::Full || self.goal != Goal::BearOff {
                return Err(VariantError::Rules(
                    "doblet sets up two pieces on each point of the first quarter",
                ));
            }
        }
        Ok(())
    }

    /// The number of points on the board: four quarters.
    #[inline]
    pub const fn board_len(&self) -> usize {
        4 * self.quarter_len as usize
    }

    /// The number of points on a route: the board, or half of it.
    #[inline]
    pub const fn route_len(&self) -> usize {
        match self.track {
            Track::Full => 4 * self.quarter_len as usize,
            Track::Half => 2 * self.quarter_len as usize,
        }
    }

    /// The point index (0 for point 1) of `seat`'s route index `r`.
    pub const fn route_to_point(&self, seat: usize, r: usize) -> usize {
        let n = self.board_len();
        let q = self.quarter_len as usize;
        let forward = match self.track {
            Track::Full => r,
            // The own first quarter, then the one facing it (the last).
            Track::Half if r < q => r,
            Track::Half => r + 2 * q,
        };
        match self.directions[seat & 1] {
            Direction::Forward => forward,
            Direction::Backward => n - 1 - forward,
        }
    }

    /// The number of dice one throw gives (a fixed die included).
    pub const fn dice_thrown(&self) -> usize {
        self.dice as usize + if self.fixed_die > 0 { 1 } else { 0 }
    }

    /// The largest number of dice one throw gives to play.
    pub const fn max_dice(&self) -> usize {
        match self.doubles {
            Doubles::Twice => 4,
            Doubles::AsThrown => self.dice_thrown(),
        }
    }

    /// The direction of `player`.
    #[inline]
    pub const fn direction(&self, player: Seat) -> Direction {
        self.directions[player.index() & 1]
    }

    /// The largest score of a game played out, before the cube: 1, 2 or
    /// 3 as `scoring` counts gammons and backgammons.
    pub const fn max_score(&self) -> f64 {
        match self.scoring {
            Scoring::WinLoss => 1.0,
            Scoring::Gammons => 2.0,
            Scoring::Backgammons => 3.0,
        }
    }

    /// True when the game has cube or resignation decisions (and their
    /// actions): `cube` or `resign`.
    pub const fn has_cube_actions(&self) -> bool {
        self.cube || self.resign
    }

    /// True when the notation carries the cube fields: `cube`, `resign`
    /// or match play.
    pub const fn is_cubeful(&self) -> bool {
        self.cube || self.resign || self.match_length > 0
    }

    /// Checks the cube and match options together: on error, the option
    /// at fault and what it takes.
    pub(crate) const fn check_cube_options(&self) -> Result<(), (&'static str, &'static str)> {
        let n = self.match_length;
        if n > MAX_MATCH_LENGTH {
            return Err(("match_length", "match_length is 0 (money play) to 64"));
        }
        if n == 0 {
            if self.score[0] > 0 {
                return Err(("score_a", "a score needs match play (match_length above 0)"));
            }
            if self.score[1] > 0 {
                return Err(("score_b", "a score needs match play (match_length above 0)"));
            }
            if self.crawford_game {
                return Err((
                    "crawford_game",
                    "the Crawford game needs match play (match_length above 0)",
                ));
            }
            return Ok(());
        }
        if self.score[0] >= n {
            return Err((
                "score_a",
                "the score before a game is below the match length",
            ));
        }
        if self.score[1] >= n {
            return Err((
                "score_b",
                "the score before a game is below the match length",
            ));
        }
        if self.crawford_game && (self.score[0] == n - 1) == (self.score[1] == n - 1) {
            return Err((
                "crawford_game",
                "the Crawford game is one where exactly one player stands a point from winning the match",
            ));
        }
        Ok(())
    }
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::seys_dos_e_as()
    }
}
