//! The rules engine: [`Daldos`] and its [`racegames_board::Game`] contract.

use core::fmt;

use racegames_board::{
    dice::DiceSpec,
    params::{FromParams, ParamError, ParamValue},
    Action, Game, IllegalAction, Node, ObservationError, ParseError, ReturnsError, Seat,
};

use crate::{moves::Move, options::GAME, Options, Phase, Position};

/// Two four-sided long dice.
pub const DICE: DiceSpec = match DiceSpec::new(2, 4) {
    Some(dice) => dice,
    None => panic!("two four-sided dice are a valid DiceSpec"),
};
/// The number of distinct unordered throws of [`DICE`].
pub const NUM_THROWS: usize = 10;
/// The throws of [`DICE`] in its order, highest face first.
const THROWS: [(u8, u8); NUM_THROWS] = [
    (4, 4),
    (4, 3),
    (4, 2),
    (4, 1),
    (3, 3),
    (3, 2),
    (3, 1),
    (2, 2),
    (2, 1),
    (1, 1),
];
/// Values after the four hole planes of an observation.
const EXTRA_FEATURES: usize = 8;

/// Daldøs with its options fixed: the rules engine.
///
/// ```
/// use racegames_board::{Game, Node};
/// use racegames_daldos::Daldos;
///
/// let game = Daldos::default();
/// let mut state = game.new_initial_state();
/// assert_eq!(game.node(&state), Node::Chance); // the roll-off
/// game.apply(&mut state, 0).unwrap(); // A starts
/// let throw_31 = game.parse_action(&state, "throw 31").unwrap();
/// game.apply(&mut state, throw_31).unwrap();
/// let mut moves = Vec::new();
/// game.legal_actions(&state, |a| moves.push(a));
/// // Dal the stern-most piece and move it 3 more: a0 to m3.
/// let m = game.parse_action(&state, "a0-m0-m3").unwrap();
/// assert!(moves.contains(&m));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Daldos {
    pub(crate) options: Options,
    shape: [usize; 1],
}

impl Default for Daldos {
    fn default() -> Daldos {
        Daldos::new(Options::default())
    }
}

impl Daldos {
    /// The game with these options.
    pub fn new(options: Options) -> Daldos {
        let holes = options.board.num_holes();
        Daldos {
            options,
            shape: [4 * holes + EXTRA_FEATURES],
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The player who has lost by the board alone: the one with no pieces
    /// (or, under `lose_at_one`, at most one). When both are that low, the
    /// one with fewer pieces, whose last but one piece was just taken; `None`
    /// when neither has lost, or both have as many.
    pub fn loser(&self, pos: &Position) -> Option<Seat> {
        let limit = u32::from(self.options.lose_at_one);
        let (a, b) = (pos.count(Seat::new(0)), pos.count(Seat::new(1)));
        match (a <= limit, b <= limit) {
            (true, false) => Some(Seat::new(0)),
            (false, true) => Some(Seat::new(1)),
            (true, true) if a < b => Some(Seat::new(0)),
            (true, true) if b < a => Some(Seat::new(1)),
            _ => None,
        }
    }

    /// A multi-line text picture of `pos`: the three rows under hole
    /// numbers, then whose turn it is, the dice, the turn and the pieces
    /// left.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_daldos::Daldos;
    /// let game = Daldos::default();
    /// let text = game.diagram(&game.new_initial_state()).to_string();
    /// assert_eq!(text.lines().count(), 5);
    /// assert!(text.ends_with("roll-off to decide who starts; turn 0; pieces A 16, B 16"));
    /// ```
    pub fn diagram(&self, pos: &Position) -> impl fmt::Display {
        crate::diagram::Diagram(*pos)
    }

    /// Ends the current throw: an extra throw after a dal-dal, otherwise the
    /// turn passes on (or the game stops at the turn limit). A turn that wins
    /// counts as a completed turn, as in the other games.
    fn end_throw(&self, pos: &mut Position, dal_dal: bool) {
        pos.dice = [0, 0];
        if self.loser(pos).is_some() {
            pos.turns = pos.turns.saturating_add(1);
            self.finish(pos);
            return;
        }
        if !dal_dal {
            pos.turns = pos.turns.saturating_add(1);
            pos.to_move = Seat::new((pos.to_move.index() as u8 & 1) ^ 1);
            if self.options.max_turns > 0 && pos.turns >= self.options.max_turns {
                self.finish(pos);
                return;
            }
        }
        pos.phase = Phase::Throw;
    }

    /// Ends the game. Nobody is to move, which the notation shows as `-`;
    /// the seat field is reset so that equal notations are equal states.
    fn finish(&self, pos: &mut Position) {
        pos.phase = Phase::Over;
        pos.to_move = Seat::new(0);
    }

    fn throw_of(action: Action) -> Option<(u8, u8)> {
        THROWS.get(action as usize).copied()
    }
}

impl FromParams for Daldos {
    const NAMES: &'static [&'static str] = &["daldos"];

    fn from_params(name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Daldos, ParamError> {
        if name != GAME {
            return Err(ParamError::unknown_game(GAME, name, "the game daldos"));
        }
        let mut options = Options::default();
        for &(k, v) in params {
            options.set(k, v)?;
        }
        Ok(Daldos::new(options))
    }

    fn params(&self) -> racegames_board::ParamList {
        self.options.params()
    }
}

impl Game for Daldos {
    type State = Position;

    fn name(&self) -> &'static str {
        GAME
    }
    fn display_name(&self) -> &'static str {
        "Daldøs"
    }
    fn family(&self) -> &'static str {
        GAME
    }
    /// Every plane holds 0/1 flags.
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, 1.0)
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        let h = self.options.board.num_holes();
        h * h + 3 * h
    }
    fn max_chance_outcomes(&self) -> usize {
        NUM_THROWS
    }
    fn max_legal_actions(&self) -> usize {
        let n = self.options.board.row_len();
        n * (n + 1)
    }
    fn min_utility(&self) -> f64 {
        -1.0
    }
    fn max_utility(&self) -> f64 {
        1.0
    }
    fn observation_shape(&self) -> &[usize] {
        &self.shape
    }

    fn new_initial_state(&self) -> Position {
        Position::opening(self.options.board)
    }

    fn node(&self, pos: &Position) -> Node {
        match pos.phase {
            Phase::RollOff | Phase::Throw => Node::Chance,
            Phase::Move => Node::Decision(pos.to_move),
            Phase::Over => Node::Terminal,
        }
    }

    fn turn_owner(&self, pos: &Position) -> Option<Seat> {
        pos.to_move()
    }

    fn turn_count(&self, pos: &Position) -> u32 {
        pos.turns
    }

    fn is_truncated(&self, pos: &Position) -> bool {
        pos.phase == Phase::Over && self.loser(pos).is_none()
    }

    fn chance_outcomes(&self, pos: &Position, mut f: impl FnMut(Action, f64)) {
        match pos.phase {
            Phase::RollOff => {
                f(0, 0.5);
                f(1, 0.5);
            }
            Phase::Throw => {
                for (i, &(hi, lo)) in THROWS.iter().enumerate() {
                    f(i as Action, if hi == lo { 1.0 / 16.0 } else { 2.0 / 16.0 });
                }
            }
            _ => {}
        }
    }

    fn legal_actions(&self, pos: &Position, mut f: impl FnMut(Action)) {
        let board = self.options.board;
        self.for_each_move(pos, |mv, _| f(mv.to_action(board)));
    }

    fn is_legal(&self, pos: &Position, action: Action) -> bool {
        let mut probe = *pos;
        self.apply(&mut probe, action).is_ok()
    }

    fn apply(&self, pos: &mut Position, action: Action) -> Result<(), IllegalAction> {
        match pos.phase {
            Phase::Over => Err(IllegalAction::GameOver),
            Phase::RollOff => {
                if action > 1 {
                    return Err(IllegalAction::OutOfRange { action, limit: 2 });
                }
                pos.to_move = Seat::new(action as u8);
                pos.phase = Phase::Throw;
                Ok(())
            }
            Phase::Throw => {
                let (hi, lo) = Self::throw_of(action).ok_or(IllegalAction::OutOfRange {
                    action,
                    limit: NUM_THROWS as u32,
                })?;
                pos.dice = [hi, lo];
                pos.phase = Phase::Move;
                if !self.has_move(pos) {
                    self.end_throw(pos, hi == 1 && lo == 1);
                }
                Ok(())
            }
            Phase::Move => {
                let limit = self.num_distinct_actions() as u32;
                let mv = Move::from_action(action, self.options.board)
                    .filter(|_| action < limit)
                    .ok_or(IllegalAction::OutOfRange { action, limit })?;
                let mut next = self
                    .legal_result(pos, mv)
                    .ok_or(IllegalAction::NotLegal { action })?;
                let dal_dal = pos.dice == [1, 1];
                self.end_throw(&mut next, dal_dal);
                *pos = next;
                Ok(())
            }
        }
    }

    fn for_each_successor(&self, pos: &Position, mut f: impl FnMut(Action, &Position)) {
        let board = self.options.board;
        let dal_dal = pos.dice == [1, 1];
        self.for_each_move(pos, |mv, result| {
            let mut next = *result;
            self.end_throw(&mut next, dal_dal);
            f(mv.to_action(board), &next);
        });
    }

    /// Skips the check that no move uses more dice, which costs a second
    /// move generation for single-die moves.
    fn apply_legal(&self, pos: &mut Position, action: Action) {
        let mv = (pos.phase == Phase::Move)
            .then(|| Move::from_action(action, self.options.board))
            .flatten();
        match mv.and_then(|mv| self.move_result(pos, mv)) {
            Some(mut next) => {
                let dal_dal = pos.dice == [1, 1];
                self.end_throw(&mut next, dal_dal);
                *pos = next;
            }
            None => {
                let _ = self.apply(pos, action);
            }
        }
    }

    fn returns(&self, pos: &Position, out: &mut [f64]) -> Result<(), ReturnsError> {
        ReturnsError::check(2, out)?;
        out.fill(0.0);
        if pos.phase != Phase::Over {
            return Ok(());
        }
        if let Some(loser) = self.loser(pos) {
            if let Some(r) = out.get_mut(loser.index()) {
                *r = -1.0;
            }
            if let Some(r) = out.get_mut(1 - loser.index()) {
                *r = 1.0;
            }
        }
        Ok(())
    }

    fn observe(
        &self,
        pos: &Position,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        crate::observation::write(self, pos, player, out)
    }

    fn write_action(
        &self,
        pos: &Position,
        action: Action,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match pos.phase {
            Phase::RollOff => match action {
                0 | 1 => write!(out, "{} starts", Seat::new(action as u8).letter()),
                _ => write!(out, "roll-off outcome {action}"),
            },
            Phase::Throw => match DICE.throw(action as usize) {
                Some(t) => write!(out, "throw {t}"),
                None => write!(out, "throw outcome {action}"),
            },
            Phase::Move => match Move::from_action(action, self.options.board) {
                Some(mv) => self.write_move(pos, mv, out),
                None => write!(out, "action {action}"),
            },
            Phase::Over => write!(out, "action {action}"),
        }
    }

    fn write_notation(&self, pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", self.notation(pos))
    }

    fn parse_notation(&self, text: &str) -> Result<Position, ParseError> {
        self.parse_position(text)
    }

    fn write_diagram(&self, pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", self.diagram(pos))
    }
}
