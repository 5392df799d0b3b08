//! The doubling cube, resignation and match play (options `cube`,
//! `resign`, `match_length`): the decisions before the throw, their
//! actions, and the points a game is worth.
//!
//! The actions are numbered after every cubeless action
//! ([`Tables::num_actions`]), in [`CubeAction`]'s order, so a game without
//! these options keeps its action space. At the start of a turn (never the
//! first, which the roll-off throws), the player on roll decides first
//! when he may double or offer to resign: `roll` (throw now), `double`,
//! `resign single`, `resign gammon`, `resign backgammon`. After `double`
//! the opponent chooses `take` (the cube doubles and is his) or `drop`
//! (the doubler wins the cube's value); after an offer to resign, `accept`
//! (the resigner loses that many points times the cube) or `reject` (the
//! turn goes on, without a second offer).

use core::fmt;

use racegames_board::{Action, Seat};

use crate::game::Tables;
use crate::position::{Phase, Position, A_WON};

/// The most doublings: the cube's value is at most 2^15 (GNU Backgammon's
/// Match ID holds no more).
pub const MAX_CUBE_LOG2: u8 = 15;

/// The number of cube and resignation actions.
pub const CUBE_ACTIONS: usize = 9;

/// `Position::offer`: nothing is under way.
pub(crate) const OFFER_NONE: u8 = 0;
/// The player on roll decides before the throw.
pub(crate) const OFFER_DECIDING: u8 = 1;
/// The same, after a rejected offer to resign this turn.
pub(crate) const OFFER_DECIDING_AFTER_REJECTION: u8 = 2;
/// A double is offered (in a finished game: dropped).
pub(crate) const OFFER_DOUBLE: u8 = 3;
/// An offer to resign 1 point times the cube; +1, +2 for a gammon and a
/// backgammon (in a finished game: accepted).
pub(crate) const OFFER_RESIGN: u8 = 4;

/// The decision under way before the throw ([`Position::offer`]); in a
/// finished game, `Double` and `Resign` tell that it ended by a dropped
/// double or an accepted resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offer {
    /// Nothing (notation `-`).
    None,
    /// The player on roll decides before throwing: roll, double, or offer
    /// to resign (notation `?`).
    Deciding,
    /// The same after the opponent rejected his offer to resign this turn:
    /// no second offer (notation `?r`).
    DecidingAfterRejection,
    /// The player on roll has doubled; the opponent takes or drops
    /// (notation `D`).
    Double,
    /// The player on roll offers to resign 1 (a single game), 2 (a gammon)
    /// or 3 (a backgammon) times the cube; the opponent accepts or rejects
    /// (notation `R1`, `R2`, `R3`).
    Resign(u8),
}

impl Offer {
    pub(crate) fn from_code(code: u8) -> Offer {
        match code {
            OFFER_DECIDING => Offer::Deciding,
            OFFER_DECIDING_AFTER_REJECTION => Offer::DecidingAfterRejection,
            OFFER_DOUBLE => Offer::Double,
            c if (OFFER_RESIGN..OFFER_RESIGN + 3).contains(&c) => {
                Offer::Resign(c - OFFER_RESIGN + 1)
            }
            _ => Offer::None,
        }
    }

    /// The code kept in a position; `None` for a resignation level outside
    /// 1 to 3.
    pub(crate) fn code(self) -> Option<u8> {
        Some(match self {
            Offer::None => OFFER_NONE,
            Offer::Deciding => OFFER_DECIDING,
            Offer::DecidingAfterRejection => OFFER_DECIDING_AFTER_REJECTION,
            Offer::Double => OFFER_DOUBLE,
            Offer::Resign(l) if (1..=3).contains(&l) => OFFER_RESIGN + l - 1,
            Offer::Resign(_) => return None,
        })
    }
}

impl fmt::Display for Offer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offer::None => f.write_str("-"),
            Offer::Deciding => f.write_str("?"),
            Offer::DecidingAfterRejection => f.write_str("?r"),
            Offer::Double => f.write_str("D"),
            Offer::Resign(l) => write!(f, "R{l}"),
        }
    }
}

/// A cube or resignation action, in the order of their numbers after the
/// cubeless actions ([`Tables::cube_action`], [`Tables::action_of_cube`]).
///
/// ```
/// use racegames_board::{FromParams, ParamValue};
/// use racegames_tables::{CubeAction, Tables};
/// let game = Tables::from_params("backgammon", &[("cube", ParamValue::Bool(true))]).unwrap();
/// let double = game.action_of_cube(CubeAction::Double).unwrap();
/// assert_eq!(double as usize, game.num_actions() + 1);
/// assert_eq!(game.cube_action(double), Some(CubeAction::Double));
/// assert_eq!(CubeAction::Double.as_str(), "double");
/// // A game without the cube has no such action.
/// assert_eq!(Tables::backgammon().action_of_cube(CubeAction::Double), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CubeAction {
    /// Throw without doubling.
    Roll,
    /// Double.
    Double,
    /// Take the double: the cube doubles and is the taker's.
    Take,
    /// Drop the double: the doubler wins the cube's value.
    Drop,
    /// Offer to resign a single game.
    ResignSingle,
    /// Offer to resign a gammon.
    ResignGammon,
    /// Offer to resign a backgammon.
    ResignBackgammon,
    /// Accept the offer to resign: the game ends.
    Accept,
    /// Reject it: the turn goes on.
    Reject,
}

impl CubeAction {
    /// Every cube action, in the order of their numbers.
    pub const ALL: [CubeAction; CUBE_ACTIONS] = [
        CubeAction::Roll,
        CubeAction::Double,
        CubeAction::Take,
        CubeAction::Drop,
        CubeAction::ResignSingle,
        CubeAction::ResignGammon,
        CubeAction::ResignBackgammon,
        CubeAction::Accept,
        CubeAction::Reject,
    ];

    /// The action's string: `roll`, `double`, `take`, `drop`,
    /// `resign single`, `resign gammon`, `resign backgammon`, `accept`,
    /// `reject`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CubeAction::Roll => "roll",
            CubeAction::Double => "double",
            CubeAction::Take => "take",
            CubeAction::Drop => "drop",
            CubeAction::ResignSingle => "resign single",
            CubeAction::ResignGammon => "resign gammon",
            CubeAction::ResignBackgammon => "resign backgammon",
            CubeAction::Accept => "accept",
            CubeAction::Reject => "reject",
        }
    }
}

impl Tables {
    /// The cube or resignation action of `action` in this game (`None` for
    /// a cubeless action, or in a game without these options).
    pub fn cube_action(&self, action: Action) -> Option<CubeAction> {
        if !self.variant.has_cube_actions() {
            return None;
        }
        let k = (action as usize).checked_sub(self.num_actions())?;
        CubeAction::ALL.get(k).copied()
    }

    /// The number of `a` in this game, `None` in a game without the cube
    /// and resignation.
    pub fn action_of_cube(&self, a: CubeAction) -> Option<Action> {
        self.variant
            .has_cube_actions()
            .then(|| (self.num_actions() + a as usize) as Action)
    }

    /// The player who decides at a cube decision: the opponent of the
    /// player on roll when a double or a resignation is offered.
    pub(crate) fn cube_decider(&self, pos: &Position) -> Seat {
        let t = pos.turn & 1;
        match pos.offer {
            OFFER_DOUBLE => Seat::new(1 - t),
            o if o >= OFFER_RESIGN => Seat::new(1 - t),
            _ => Seat::new(t),
        }
    }

    /// True when the player on roll may double now: the cube is on, this
    /// is not the Crawford game, the cube is centred or his, and below its
    /// largest value.
    pub(crate) fn may_double(&self, pos: &Position) -> bool {
        let owner = pos.cube >> 4;
        self.variant.cube
            && !self.variant.crawford_game
            && (pos.cube & 15) < MAX_CUBE_LOG2
            && (owner == 0 || owner == pos.turn + 1)
    }

    /// The highest resignation offered: as `scoring` counts (1, 2 or 3).
    fn max_resign(&self) -> u8 {
        self.variant.max_score() as u8
    }

    /// A new turn's throw is due (`pos` at [`Phase::Throw`]): makes it a
    /// decision first where the player on roll has one.
    pub(crate) fn offer_cube(&self, pos: &mut Position) {
        if pos.phase == Phase::Throw
            && self.variant.has_cube_actions()
            && (self.variant.resign || self.may_double(pos))
        {
            pos.phase = Phase::Cube;
            pos.offer = OFFER_DECIDING;
        }
    }

    /// Calls `f` with each legal cube action at a cube decision, in
    /// increasing order.
    pub(crate) fn for_each_cube_action(&self, pos: &Position, mut f: impl FnMut(CubeAction)) {
        if pos.phase != Phase::Cube {
            return;
        }
        match pos.offer {
            OFFER_DECIDING | OFFER_DECIDING_AFTER_REJECTION => {
                f(CubeAction::Roll);
                if self.may_double(pos) {
                    f(CubeAction::Double);
                }
                if pos.offer == OFFER_DECIDING && self.variant.resign {
                    let levels = [
                        CubeAction::ResignSingle,
                        CubeAction::ResignGammon,
                        CubeAction::ResignBackgammon,
                    ];
                    for &a in &levels[..usize::from(self.max_resign())] {
                        f(a);
                    }
                }
            }
            OFFER_DOUBLE => {
                f(CubeAction::Take);
                f(CubeAction::Drop);
            }
            _ => {
                f(CubeAction::Accept);
                f(CubeAction::Reject);
            }
        }
    }

    /// True when `a` is legal at `pos`.
    pub(crate) fn is_legal_cube(&self, pos: &Position, a: CubeAction) -> bool {
        let mut legal = false;
        self.for_each_cube_action(pos, |b| legal |= a == b);
        legal
    }

    /// Applies the legal cube action `a`.
    pub(crate) fn apply_cube(&self, pos: &mut Position, a: CubeAction) {
        let t = pos.turn & 1;
        match a {
            CubeAction::Roll => {
                pos.phase = Phase::Throw;
                pos.offer = OFFER_NONE;
            }
            CubeAction::Double => pos.offer = OFFER_DOUBLE,
            CubeAction::Take => {
                let log2 = (pos.cube & 15) + 1;
                pos.cube = log2 | (2 - t) << 4;
                pos.phase = Phase::Throw;
                pos.offer = OFFER_NONE;
            }
            CubeAction::Drop => {
                self.finish(pos, A_WON + t);
                pos.offer = OFFER_DOUBLE;
            }
            CubeAction::ResignSingle | CubeAction::ResignGammon | CubeAction::ResignBackgammon => {
                pos.offer = OFFER_RESIGN + (a as u8 - CubeAction::ResignSingle as u8);
            }
            CubeAction::Accept => {
                let offer = pos.offer;
                self.finish(pos, A_WON + 1 - t);
                pos.offer = offer;
            }
            CubeAction::Reject => {
                if self.may_double(pos) {
                    pos.offer = OFFER_DECIDING_AFTER_REJECTION;
                } else {
                    pos.phase = Phase::Throw;
                    pos.offer = OFFER_NONE;
                }
            }
        }
    }

    /// The points won by the winner of a finished game: a dropped double
    /// the cube's value, an accepted resignation its level times the cube,
    /// a game played out [`Tables::score`] times the cube, where gammons
    /// count as single games while the Jacoby rule holds (money play with
    /// the cube, which has never been turned). 0 when nobody won.
    ///
    /// ```
    /// use racegames_board::{FromParams, Game, ParamValue};
    /// use racegames_tables::{CubeAction, Tables};
    /// let game = Tables::from_params("backgammon", &[("cube", ParamValue::Bool(true))]).unwrap();
    /// // B wins the roll-off with 3-1 and plays 8/5 6/5; A doubles, B drops.
    /// let mut pos = game.parse_position(
    ///     "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 A - 1 1 ?",
    /// ).unwrap();
    /// for a in [CubeAction::Double, CubeAction::Drop] {
    ///     game.apply(&mut pos, game.action_of_cube(a).unwrap()).unwrap();
    /// }
    /// assert_eq!(game.points(&pos), 1.0);
    /// assert_eq!(pos.to_string(), "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B2,.,B4,B2,.,.,.,A2 - 0/0 -A - 1 1 D");
    /// ```
    pub fn points(&self, pos: &Position) -> f64 {
        if pos.phase != Phase::Over || pos.winner().is_none() {
            return 0.0;
        }
        let cube = f64::from(pos.cube_value());
        let level = match pos.offer {
            OFFER_DOUBLE => 1.0,
            o if o >= OFFER_RESIGN => f64::from(o - OFFER_RESIGN + 1),
            _ => {
                let s = self.score(pos);
                let v = &self.variant;
                if v.cube && v.jacoby && v.match_length == 0 && pos.cube & 15 == 0 {
                    s.min(1.0)
                } else {
                    s
                }
            }
        };
        level * cube
    }
}

impl Tables {
    /// The same game without the cube, resignation and match play: the
    /// game whose checker play a cubeful game shares (its players play the
    /// checkers of [`Tables::cubeless_position`] in it).
    ///
    /// ```
    /// use racegames_board::{FromParams, ParamValue};
    /// use racegames_tables::Tables;
    /// let game = Tables::from_params("backgammon", &[("cube", ParamValue::Bool(true))]).unwrap();
    /// assert_eq!(game.cubeless(), Tables::backgammon());
    /// ```
    pub fn cubeless(&self) -> Tables {
        let mut v = self.variant;
        v.cube = false;
        v.jacoby = true;
        v.resign = false;
        v.match_length = 0;
        v.score = [0, 0];
        v.crawford_game = false;
        Tables::new(v).expect("a valid game stays valid without the cube")
    }

    /// `pos` as a position of [`Tables::cubeless`]: the same board, dice,
    /// turn and result without the cube, offers and match score; a
    /// decision before the throw becomes the throw.
    pub fn cubeless_position(&self, pos: &Position) -> Position {
        use crate::position::{FORM_CRAWFORD, FORM_CUBEFUL};
        let mut p = *pos;
        p.cube = 0;
        p.offer = OFFER_NONE;
        p.match_len = 0;
        p.score = [0, 0];
        p.form &= !(FORM_CUBEFUL | FORM_CRAWFORD);
        if p.phase == Phase::Cube {
            p.phase = Phase::Throw;
        }
        p
    }
}
