//! The state of a tables game: a small `Copy` value.

use racegames_board::Seat;

use crate::variant::{Direction, Variant, MAX_POINTS, POINTS, QUARTERS};

/// What the position waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Phase {
    /// The roll-off is still to come (a chance node).
    RollOff,
    /// The player to move must throw (a chance node).
    Throw,
    /// The player to move has dice to use (a decision node).
    Move,
    /// The game is over: won, or truncated by `max_turns`.
    Over,
    /// A decision before the throw, in games with the cube or resignation
    /// (a decision node): the player on roll rolls, doubles or offers to
    /// resign; or the opponent takes or drops a double, accepts or rejects
    /// a resignation ([`Position::offer`]).
    Cube,
}

pub(crate) const NO_TURN: u8 = 2;

/// How a finished game ended (`Position::result`).
pub(crate) const UNDECIDED: u8 = 0;
/// A won (B won is `A_WON + 1`).
pub(crate) const A_WON: u8 = 1;
/// Drawn by the tie.
pub(crate) const DRAWN: u8 = 3;

/// Flag: the dice to use are the opponent's, passed on.
pub(crate) const PASSED: u8 = 1;
/// Flag: the player throws again once these dice are used.
pub(crate) const AGAIN: u8 = 2;

/// `Position::form`: the board has 28 points (else 24).
pub(crate) const FORM_28: u8 = 1;
/// `Position::form`: seat A goes backward; `FORM_A_BACKWARD << 1` for B.
pub(crate) const FORM_A_BACKWARD: u8 = 2;
/// `Position::form`: the game has the cube, resignation or match play, so
/// the notation writes the cube's fields.
pub(crate) const FORM_CUBEFUL: u8 = 16;
/// `Position::form`: the game is the Crawford game of its match.
pub(crate) const FORM_CRAWFORD: u8 = 32;
/// `Position::form`: the bits that come from the game.
pub(crate) const FORM_GAME: u8 =
    FORM_28 | FORM_A_BACKWARD | FORM_A_BACKWARD << 1 | FORM_CUBEFUL | FORM_CRAWFORD;
/// `Position::form`: the game ended by a rule the board does not show, so
/// the result follows the turn's `-` in the notation.
pub(crate) const FORM_RESULT_WRITTEN: u8 = 8;

/// A position of a tables game.
///
/// The board is kept along the notation's points (point 1 at index 0); A's
/// pieces count positive and B's negative. Waiting pieces are kept per
/// seat along that seat's own route quarters. The dice still to use are
/// kept highest first. The whole value is 60 bytes and `Copy`: 28 points
/// (seven-sided tables), and a few bytes for the rules of the other Libro
/// games (the Doblet stacks, passed dice, extra throws, a game decided by a
/// rule rather than by bearing off), and the cube, the match score and
/// an offer under way where the game has them.
///
/// It also carries the little of its game that its notation needs (the
/// board's length and the seats' directions), so that `Display` writes the
/// notation of any game's position. `FromStr` (and serde) reads a position
/// of the first preset game that can be in it, Seys dos e as
/// (`Tables::default()`) first, so that every preset's positions read back
/// as the notation they write; to play a position in a given game, read it
/// with that game's [`Tables::parse_position`](crate::Tables::parse_position),
/// which keeps what the notation does not say.
///
/// ```
/// use racegames_board::Game;
/// use racegames_tables::{Position, Tables};
/// // Any game's position writes its notation.
/// let game = Tables::backgammon();
/// let pos = game.new_initial_state();
/// let text = pos.to_string();
/// assert_eq!(game.parse_position(&text), Ok(pos));
/// // Reading without a game reads the first preset that fits, Seys dos e as first.
/// // Backgammon's opening is no position of Seys dos e as: it is backgammon's.
/// assert_eq!(text.parse::<Position>(), Ok(pos));
/// let seys: Position = "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 621 0"
///     .parse()
///     .unwrap();
/// assert_eq!(seys.dice(), &[6, 2, 1]);
/// ```
///
/// Positions are made and read through [`crate::Tables`]: its
/// `new_initial_state`, `apply`, `position` (from a [`crate::Setup`]) and
/// `parse_position`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    pub(crate) board: [i8; MAX_POINTS],
    pub(crate) waiting: [[u8; QUARTERS]; 2],
    pub(crate) off: [u8; 2],
    pub(crate) dice: [u8; 4],
    pub(crate) turns: u32,
    pub(crate) turn: u8,
    pub(crate) phase: Phase,
    /// The number of dice that can still be used this turn (look-ahead
    /// result, kept so that move generation need not redo it).
    pub(crate) max_use: u8,
    /// How the game ended: `UNDECIDED` (also while it goes on, and when
    /// truncated), `A_WON`, `A_WON + 1`, `DRAWN`.
    pub(crate) result: u8,
    /// Doblet: each side's doubled stacks, bit `r` for its route point `r`.
    pub(crate) stacks: [u8; 2],
    /// `PASSED` and `AGAIN`.
    pub(crate) flags: u8,
    /// What the notation needs of the game (`FORM_28`, `FORM_A_BACKWARD`
    /// and the next bit, `FORM_CUBEFUL`, `FORM_CRAWFORD`), and
    /// `FORM_RESULT_WRITTEN`.
    pub(crate) form: u8,
    /// The cube: log2 of its value in bits 0–3, its owner in bits 4–5
    /// (0 centred, 1 A, 2 B).
    pub(crate) cube: u8,
    /// The decision under way before the throw ([`crate::cube`]'s
    /// `OFFER_*`); in a finished game, a dropped double or an accepted
    /// resignation.
    pub(crate) offer: u8,
    /// The match length (0 for money play) and the score before this game,
    /// from the game, for the notation.
    pub(crate) match_len: u8,
    pub(crate) score: [u8; 2],
}

/// The `Position::form` bits of a game.
pub(crate) const fn game_form(variant: &Variant) -> u8 {
    let mut form = 0;
    if variant.board_len() == MAX_POINTS {
        form |= FORM_28;
    }
    if variant.is_cubeful() {
        form |= FORM_CUBEFUL;
    }
    if variant.crawford_game {
        form |= FORM_CRAWFORD;
    }
    let mut p = 0;
    while p < 2 {
        if matches!(variant.directions[p], Direction::Backward) {
            form |= FORM_A_BACKWARD << p;
        }
        p += 1;
    }
    form
}

impl Position {
    pub(crate) const EMPTY: Position = Position {
        board: [0; MAX_POINTS],
        waiting: [[0; QUARTERS]; 2],
        off: [0; 2],
        dice: [0; 4],
        turns: 0,
        turn: NO_TURN,
        phase: Phase::RollOff,
        max_use: 0,
        result: UNDECIDED,
        stacks: [0; 2],
        flags: 0,
        form: 0,
        cube: 0,
        offer: 0,
        match_len: 0,
        score: [0; 2],
    };

    /// What the position waits for.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player whose turn it is (also while throwing); `None` before the
    /// roll-off and once the game is over.
    #[inline]
    pub fn turn(&self) -> Option<Seat> {
        (self.turn < 2).then_some(Seat::new(self.turn))
    }

    /// Completed turns.
    #[inline]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The owner and count of the pieces on `point` (1 to 24, or 28); `None` for an
    /// empty point or a point outside the board.
    pub fn point(&self, point: usize) -> Option<(Seat, u8)> {
        let v = *self.board.get(point.checked_sub(1)?)?;
        match v {
            0 => None,
            v if v > 0 => Some((Seat::new(0), v as u8)),
            v => Some((Seat::new(1), v.unsigned_abs())),
        }
    }

    /// The pieces of `player` on `point` (1 to 24).
    pub fn count(&self, player: Seat, point: usize) -> u8 {
        match self.point(point) {
            Some((p, n)) if p == player => n,
            _ => 0,
        }
    }

    /// The pieces of `player` waiting to enter the player's route quarter
    /// `q` (0 for the first quarter of its route).
    pub fn waiting(&self, player: Seat, q: usize) -> u8 {
        self.waiting
            .get(player.index())
            .and_then(|w| w.get(q))
            .copied()
            .unwrap_or(0)
    }

    /// All pieces of `player` waiting, in any quarter.
    pub fn waiting_total(&self, player: Seat) -> u8 {
        self.waiting
            .get(player.index())
            .map_or(0, |w| w.iter().sum())
    }

    /// The pieces `player` has borne off.
    pub fn borne_off(&self, player: Seat) -> u8 {
        self.off.get(player.index()).copied().unwrap_or(0)
    }

    /// The dice still to use, highest first (empty unless at
    /// [`Phase::Move`]).
    pub fn dice(&self) -> &[u8] {
        let n = self.dice.iter().take_while(|&&d| d != 0).count();
        &self.dice[..n]
    }

    /// The number of dice the player to move will still use this turn under
    /// the "as many dice as possible" rule.
    pub fn dice_to_use(&self) -> usize {
        self.max_use as usize
    }

    /// The winner of a finished game: by bearing off (or, in Doze canes,
    /// filling the last quarter), or by a rule that makes the other lose.
    pub fn winner(&self) -> Option<Seat> {
        (self.result == A_WON || self.result == A_WON + 1).then(|| Seat::new(self.result - A_WON))
    }

    /// True once the game has ended drawn (the tie).
    pub fn is_drawn(&self) -> bool {
        self.result == DRAWN
    }

    /// True when the dice to use were passed on by the opponent, who could
    /// not use them.
    pub fn dice_passed(&self) -> bool {
        self.flags & PASSED != 0
    }

    /// True when the player to move throws again after these dice (a throw
    /// whose dice all showed one face).
    pub fn throws_again(&self) -> bool {
        self.flags & AGAIN != 0
    }

    /// Doblet: true while `player`'s pieces on its point `d` (1 to 6 along
    /// its route) still stand doubled.
    pub fn is_stacked(&self, player: Seat, d: usize) -> bool {
        let bits = self.stacks.get(player.index()).copied().unwrap_or(0);
        (1..=8).contains(&d) && bits & (1 << (d - 1)) != 0
    }

    /// The cube's value: 1, 2, 4, … up to 2^15 (1 in games without the
    /// cube).
    #[inline]
    pub fn cube_value(&self) -> u32 {
        1 << (self.cube & 15)
    }

    /// The cube's owner, `None` while it is centred.
    #[inline]
    pub fn cube_owner(&self) -> Option<Seat> {
        match self.cube >> 4 {
            1 => Some(Seat::new(0)),
            2 => Some(Seat::new(1)),
            _ => None,
        }
    }

    /// The match score before this game, A's then B's (0 and 0 in money
    /// play).
    #[inline]
    pub fn match_score(&self) -> [u32; 2] {
        [u32::from(self.score[0]), u32::from(self.score[1])]
    }

    /// The match length, 0 in money play.
    #[inline]
    pub fn match_length(&self) -> u32 {
        u32::from(self.match_len)
    }

    /// True in the Crawford game of a match: nobody may double.
    #[inline]
    pub fn is_crawford_game(&self) -> bool {
        self.form & FORM_CRAWFORD != 0
    }

    /// The decision under way before the throw, or how a finished game
    /// ended when a double was dropped or a resignation accepted.
    pub fn offer(&self) -> crate::cube::Offer {
        crate::cube::Offer::from_code(self.offer)
    }

    /// True when the game has the cube, resignation or match play, so that
    /// the notation writes the cube's fields.
    #[inline]
    pub fn is_cubeful(&self) -> bool {
        self.form & FORM_CUBEFUL != 0
    }

    /// The number of points on the board of the position's game.
    pub(crate) fn board_len(&self) -> usize {
        if self.form & FORM_28 != 0 {
            MAX_POINTS
        } else {
            POINTS
        }
    }

    /// The direction of seat `p` (0 or 1) in the position's game.
    pub(crate) fn direction(&self, p: usize) -> Direction {
        if self.form & (FORM_A_BACKWARD << (p & 1)) != 0 {
            Direction::Backward
        } else {
            Direction::Forward
        }
    }

    pub(crate) fn dice_len(&self) -> usize {
        self.dice.iter().take_while(|&&d| d != 0).count()
    }

    pub(crate) fn remove_die(&mut self, d: u8) {
        if let Some(i) = self.dice.iter().position(|&x| x == d) {
            self.dice.copy_within(i + 1.., i);
            self.dice[3] = 0;
        }
    }
}
