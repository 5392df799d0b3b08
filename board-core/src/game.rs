//! The contract every racegames game implements.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{notation::ParseError, Seat};

/// An action index, in `0..num_distinct_actions()` at a decision node and in
/// `0..max_chance_outcomes()` at a chance node (OpenSpiel's convention).
pub type Action = u32;

/// Room for the legal actions of any racegames position; each game states
/// and tests its own worst case, which is well below this.
pub const ACTION_BUFFER_CAPACITY: usize = 4096;

/// A fixed-capacity list of actions, filled without allocating.
pub type ActionBuffer = ArrayVec<Action, ACTION_BUFFER_CAPACITY>;

/// What happens next in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Node {
    /// Chance acts: a throw of the dice or a roll-off.
    Chance,
    /// This player chooses an action.
    Decision(Seat),
    /// The game is over (won, lost or truncated).
    Terminal,
}

/// Why an action could not be applied. The state is unchanged.
///
/// More kinds will come (the cube's actions): a `match` outside this crate
/// needs a `_` arm.
///
/// ```compile_fail
/// use racegames_board::IllegalAction;
/// fn why(e: IllegalAction) -> &'static str {
///     match e {
///         IllegalAction::OutOfRange { .. } => "out of range",
///         IllegalAction::NotLegal { .. } => "not legal",
///         IllegalAction::GameOver => "over",
///     }
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalAction {
    /// The index is outside the action space of this kind of node.
    #[error("action {action} is out of range: this node has actions 0 to {}", .limit - 1)]
    OutOfRange {
        /// The action given.
        action: Action,
        /// The size of the node's action space.
        limit: u32,
    },
    /// The index is in range but not legal in this state.
    #[error("action {action} is not legal in this state")]
    NotLegal {
        /// The action given.
        action: Action,
    },
    /// The game is over; no action applies.
    #[error("the game is over: no action can be applied")]
    GameOver,
}

/// Why an observation could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ObservationError {
    /// The observer is not a seat of this game.
    #[error("player {player} is not a seat of this game ({num_players} players)")]
    NoSuchPlayer {
        /// The seat asked for.
        player: usize,
        /// The number of seats.
        num_players: usize,
    },
    /// The output slice does not have the observation's length.
    #[error("the observation has {expected} values but the buffer has {found}")]
    WrongLength {
        /// The length of the observation.
        expected: usize,
        /// The length of the buffer given.
        found: usize,
    },
}

/// Why [`Game::returns`] could not write the returns.
///
/// ```
/// use racegames_board::ReturnsError;
/// let e = ReturnsError::WrongLength { expected: 2, found: 1 };
/// assert_eq!(e.to_string(), "the game has 2 seats but the returns buffer has 1 values");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReturnsError {
    /// The output slice does not hold one value per seat.
    #[error("the game has {expected} seats but the returns buffer has {found} values")]
    WrongLength {
        /// The number of seats.
        expected: usize,
        /// The length of the buffer given.
        found: usize,
    },
}

impl ReturnsError {
    /// `Ok` when `out` holds exactly `seats` values, else
    /// [`ReturnsError::WrongLength`]: the check every
    /// [`Game::returns`] makes before writing.
    ///
    /// # Errors
    ///
    /// [`ReturnsError::WrongLength`] when `out` does not hold one value per
    /// seat.
    ///
    /// ```
    /// use racegames_board::ReturnsError;
    /// assert_eq!(ReturnsError::check(2, &[0.0; 2]), Ok(()));
    /// assert!(ReturnsError::check(2, &[0.0; 3]).is_err());
    /// ```
    pub fn check(seats: usize, out: &[f64]) -> Result<(), ReturnsError> {
        if out.len() == seats {
            Ok(())
        } else {
            Err(ReturnsError::WrongLength {
                expected: seats,
                found: out.len(),
            })
        }
    }
}

/// A game's rules with their options fixed: everything needed to play a
/// [`Game::State`], which is a small `Copy` value.
///
/// The trait follows OpenSpiel's names so that code written for OpenSpiel's
/// state API reads the same. Chance is explicit: a state at a
/// [`Node::Chance`] lists its outcomes with exact probabilities, and the
/// caller picks one. A player who can do nothing passes at once, so a
/// decision node always has at least one legal action.
pub trait Game {
    /// A position with everything needed to continue play.
    type State: Copy + Eq + Ord + core::hash::Hash + fmt::Debug;

    /// The game's short name, as `racegames.list_games()` gives it.
    fn name(&self) -> &'static str;
    /// The game's name for people, as pictures and pages write it
    /// ("Seys dos e as", "Daldøs"). The default is [`Game::name`].
    fn display_name(&self) -> &'static str {
        self.name()
    }
    /// The family of games this one belongs to (`"daldos"`, `"tables"`,
    /// `"halma"`): the games of a family share a notation and a drawing.
    /// The default is [`Game::name`], a family of its own.
    fn family(&self) -> &'static str {
        self.name()
    }
    /// The least and the greatest value an observation holds: every value
    /// of [`Game::observe`]'s tensor lies in them, in every position. The
    /// default is unbounded.
    fn observation_bounds(&self) -> (f32, f32) {
        (f32::NEG_INFINITY, f32::INFINITY)
    }
    /// The number of seats.
    fn num_players(&self) -> usize;
    /// The size of the action space at decision nodes.
    fn num_distinct_actions(&self) -> usize;
    /// The largest number of outcomes of any chance node.
    fn max_chance_outcomes(&self) -> usize;
    /// The worst case of [`Game::legal_actions`]'s count in any position.
    fn max_legal_actions(&self) -> usize;
    /// The lowest return any player can get.
    fn min_utility(&self) -> f64;
    /// The highest return any player can get.
    fn max_utility(&self) -> f64;
    /// The shape of [`Game::observe`]'s tensor.
    fn observation_shape(&self) -> &[usize];
    /// The number of values in an observation: the product of the shape.
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// The state at the start of the game, before any roll-off.
    fn new_initial_state(&self) -> Self::State;
    /// What happens next.
    fn node(&self, state: &Self::State) -> Node;
    /// The player whose turn it is, also at the chance node of that player's
    /// throw; `None` before the roll-off and once the game is over.
    fn turn_owner(&self, state: &Self::State) -> Option<Seat>;
    /// Turns completed since the start; `max_turns` counts against it.
    fn turn_count(&self, state: &Self::State) -> u32;
    /// True for a terminal state reached through the `max_turns` limit.
    fn is_truncated(&self, state: &Self::State) -> bool;
    /// How a terminal state's game ended, where the rules end games in more
    /// ways than a win, a draw or the turn limit: a record's `Termination`
    /// word (backgammon's `dropped` for a double dropped, `resigned` for a
    /// resignation accepted). `None` (the default) elsewhere and for every
    /// other state.
    fn termination(&self, state: &Self::State) -> Option<&'static str> {
        let _ = state;
        None
    }

    /// Calls `f(action, probability)` for each outcome of a chance node, in
    /// increasing action order; calls nothing elsewhere. The probabilities
    /// sum to 1 within 1e-12.
    fn chance_outcomes(&self, state: &Self::State, f: impl FnMut(Action, f64));
    /// Calls `f(action)` once for each legal action at a decision node, in
    /// increasing order, without allocating; calls nothing elsewhere.
    fn legal_actions(&self, state: &Self::State, f: impl FnMut(Action));
    /// Calls `f(action)` once for each legal action, like
    /// [`Game::legal_actions`] but in an order of the game's choosing (the
    /// same each time for the same state), for uses where order does not
    /// matter: masks, sampling. A game may list faster this way. The
    /// default calls [`Game::legal_actions`].
    fn legal_actions_unordered(&self, state: &Self::State, f: impl FnMut(Action)) {
        self.legal_actions(state, f);
    }
    /// Calls `f(action, after)` for each legal action at a decision node, in
    /// [`Game::legal_actions`]'s order, with the state the action leads to;
    /// calls nothing elsewhere. Searches use it; a game that builds the
    /// result while listing moves may override it to skip [`Game::apply`]'s
    /// work. The default lists the actions and applies each.
    fn for_each_successor(&self, state: &Self::State, mut f: impl FnMut(Action, &Self::State)) {
        let mut actions = ActionBuffer::new();
        self.legal_actions(state, |a| {
            let _ = actions.try_push(a);
        });
        for a in actions {
            let mut next = *state;
            self.apply_legal(&mut next, a);
            f(a, &next);
        }
    }
    /// True when `action` applies to `state`: a legal action at a decision
    /// node, or an outcome at a chance node.
    fn is_legal(&self, state: &Self::State, action: Action) -> bool;
    /// Applies a legal action or a chance outcome. On error the state is
    /// unchanged.
    ///
    /// # Errors
    ///
    /// [`IllegalAction`] when `action` is out of range, not legal here, or
    /// the game is over; the state is then unchanged.
    fn apply(&self, state: &mut Self::State, action: Action) -> Result<(), IllegalAction>;
    /// Applies an action the caller knows to be legal: one that
    /// [`Game::legal_actions`] listed for this very `state`, or a chance
    /// outcome of it. Games may skip the legality check that
    /// [`Game::apply`] makes; the default calls `apply`.
    ///
    /// Passing anything else is a logic error: the state may then break the
    /// rules, but nothing panics and nothing is unsafe.
    #[inline]
    fn apply_legal(&self, state: &mut Self::State, action: Action) {
        let _ = self.apply(state, action);
    }
    /// Writes each player's return into `out`: the final result at a
    /// terminal state, zeros before.
    ///
    /// # Errors
    ///
    /// [`ReturnsError::WrongLength`] (and `out` untouched) unless `out`
    /// holds exactly [`Game::num_players`] values, as [`Game::observe`]
    /// refuses a buffer of the wrong length.
    fn returns(&self, state: &Self::State, out: &mut [f64]) -> Result<(), ReturnsError>;
    /// Writes the observation of `player` into `out`, from that player's point
    /// of view; `out` has [`Game::observation_len`] values.
    ///
    /// # Errors
    ///
    /// [`ObservationError`] for a buffer of another length than
    /// [`Game::observation_len`] or a seat the game does not have.
    fn observe(
        &self,
        state: &Self::State,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError>;
    /// Rewrites an observation in place: `out` holds `before`'s observation
    /// by `before_player` (as written by [`Game::observe`] or
    /// `observe_update`); afterwards it holds `state`'s observation by
    /// `player`, exactly as [`Game::observe`] writes it. Games that know how
    /// write only what differs (batched environments rewrite observations
    /// every step, and their memory traffic matters); the default calls
    /// [`Game::observe`].
    ///
    /// If `out` holds anything else, what is written is unspecified (but
    /// nothing panics). Errors are [`Game::observe`]'s.
    ///
    /// # Errors
    ///
    /// [`ObservationError`], as [`Game::observe`].
    fn observe_update(
        &self,
        before: &Self::State,
        before_player: Seat,
        state: &Self::State,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        let _ = (before, before_player);
        self.observe(state, player, out)
    }

    /// Writes a readable string for `action` in `state` (a move at a decision
    /// node, a throw at a chance node). Actions that do not apply still get a
    /// string, made from the index alone.
    ///
    /// # Errors
    ///
    /// Only what `out` reports.
    fn write_action(
        &self,
        state: &Self::State,
        action: Action,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result;
    /// Reads an action written by [`Game::write_action`] in this state. The
    /// default compares the text with the string of every action that
    /// applies.
    ///
    /// # Errors
    ///
    /// [`ParseError`] for text that names no legal action of `state`, or
    /// more than one.
    fn parse_action(&self, state: &Self::State, text: &str) -> Result<Action, ParseError> {
        let text = text.trim();
        let mut found = None;
        let mut check = |a: Action| {
            let mut buf = arrayvec::ArrayString::<128>::new();
            if found.is_none()
                && self.write_action(state, a, &mut buf).is_ok()
                && buf.as_str() == text
            {
                found = Some(a);
            }
        };
        match self.node(state) {
            Node::Chance => self.chance_outcomes(state, |a, _| check(a)),
            Node::Decision(_) => self.legal_actions(state, check),
            Node::Terminal => {}
        }
        found.ok_or(ParseError::new(
            "action",
            0,
            crate::notation::Problem::Invalid("no action that applies here is written this way"),
        ))
    }
    /// Writes the one-line notation of `state`.
    ///
    /// # Errors
    ///
    /// Only what `out` reports.
    fn write_notation(&self, state: &Self::State, out: &mut dyn fmt::Write) -> fmt::Result;
    /// Reads a state from its notation. Never panics, whatever the text.
    ///
    /// # Errors
    ///
    /// [`ParseError`] naming the field at fault and its byte offset.
    fn parse_notation(&self, text: &str) -> Result<Self::State, ParseError>;
    /// Writes a readable multi-line picture of the board, for terminals and
    /// `str(state)` in Python. The default writes the notation.
    ///
    /// # Errors
    ///
    /// Only what `out` reports.
    fn write_diagram(&self, state: &Self::State, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_notation(state, out)
    }

    /// Fills `buf` with the legal actions, in increasing order.
    fn legal_actions_into(&self, state: &Self::State, buf: &mut ActionBuffer) {
        buf.clear();
        // `try_push`: a game that broke its own bound loses actions, never panics.
        self.legal_actions(state, |a| {
            let _ = buf.try_push(a);
        });
    }

    /// The chance outcome at which the cumulative probability passes `u`, for
    /// `u` in `[0, 1)`: how environments sample a throw. `None` away from a
    /// chance node.
    fn sample_chance(&self, state: &Self::State, u: f64) -> Option<Action> {
        let mut acc = 0.0;
        let mut chosen = None;
        let mut last = None;
        self.chance_outcomes(state, |a, p| {
            acc += p;
            last = Some(a);
            if chosen.is_none() && u < acc {
                chosen = Some(a);
            }
        });
        chosen.or(last)
    }
}
