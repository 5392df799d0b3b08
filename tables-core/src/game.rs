//! [`Tables`]: a tables game with its parameters fixed, implementing
//! [`racegames_board::Game`] and [`racegames_board::FromParams`].

use core::fmt;

use arrayvec::ArrayVec;
use racegames_board::dice::DiceSpec;
use racegames_board::{
    Action, Game, IllegalAction, Node, ObservationError, ParseError, ReturnsError, Seat,
};

use crate::action::Move;
use crate::position::{Phase, Position, A_WON, FORM_GAME, FORM_RESULT_WRITTEN, NO_TURN, UNDECIDED};
use crate::variant::{
    Doubles, Mode, RollOff, Scoring, UnusableDie, Variant, VariantError, MAX_POINTS,
};

/// The number of outcomes of the opening-throw roll-off.
pub const OPENING_THROWS: usize = 30;

/// A tables game: a [`Variant`] with the tables derived from it.
///
/// ```
/// use racegames_board::{Game, Node};
/// use racegames_tables::Tables;
/// let game = Tables::seys_dos_e_as();
/// let mut pos = game.new_initial_state();
/// assert_eq!(game.node(&pos), Node::Chance);
/// game.apply(&mut pos, 0).unwrap(); // A wins the roll-off
/// assert_eq!(
///     game.notation(&pos).to_string(),
///     "A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A - 0"
/// );
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    pub(crate) variant: Variant,
    /// Route index to point index (0 for point 1), per seat.
    pub(crate) route_to_point: [[u8; MAX_POINTS]; 2],
    /// Point index to route index per seat; `OFF_ROUTE` where the route
    /// does not pass (the half track).
    pub(crate) point_to_route: [[u8; MAX_POINTS]; 2],
    /// Points on a route (24, 28, or 12 on the half track).
    pub(crate) route_len: usize,
    /// Points per quarter.
    pub(crate) qlen: usize,
    /// Points on the board (24 or 28).
    pub(crate) board_len: usize,
    /// Route points before the last quarter, as bits.
    pub(crate) before_last: u32,
    pub(crate) throws: ArrayVec<([u8; 4], f64), 210>,
    pub(crate) initial: Position,
    pub(crate) setup_first: bool,
    pub(crate) observation_shape: [usize; 2],
    /// Every option with its value in canonical form (see
    /// [`racegames_board::FromParams::params`]).
    pub(crate) options: racegames_board::ParamList,
}

/// `Tables::point_to_route` where the route does not pass.
pub(crate) const OFF_ROUTE: u8 = u8::MAX;

impl Tables {
    /// The game with these parameters.
    ///
    /// # Errors
    ///
    /// [`VariantError`] for parameters that make no game
    /// ([`Variant::validate`]).
    pub fn new(variant: Variant) -> Result<Tables, VariantError> {
        variant.validate()?;
        let route_len = variant.route_len();
        let qlen = usize::from(variant.quarter_len);
        let board_len = variant.board_len();
        let mut route_to_point = [[0; MAX_POINTS]; 2];
        let mut point_to_route = [[OFF_ROUTE; MAX_POINTS]; 2];
        for (p, (map, inverse)) in route_to_point
            .iter_mut()
            .zip(point_to_route.iter_mut())
            .enumerate()
        {
            for (r, slot) in map.iter_mut().take(route_len).enumerate() {
                let pt = variant.route_to_point(p, r);
                *slot = pt as u8;
                inverse[pt] = r as u8;
            }
        }
        let mut throws = ArrayVec::new();
        let dice = DiceSpec::new(variant.dice, variant.faces).ok_or(VariantError::Dice)?;
        dice.for_each_throw(|_, t, p| {
            let mut faces = [0u8; 4];
            faces[..t.len()].copy_from_slice(t.faces());
            if variant.doubles == Doubles::Twice && t.is_double() {
                faces = [t.faces()[0]; 4];
            }
            if variant.fixed_die > 0 {
                faces[t.len()] = variant.fixed_die;
                faces.sort_unstable_by(|a, b| b.cmp(a));
            }
            throws.push((faces, p));
        });
        let setup_first = variant.setup[0] == variant.setup[1];
        // Games with the Libro's extra state (stacks, passed dice, extra
        // throws) show it in an eighth plane.
        let extra_plane = variant.mode == Mode::Doblet
            || variant.unusable_die == UnusableDie::ToOpponent
            || variant.extra_throw != crate::variant::ExtraThrow::Never;
        let mut game = Tables {
            variant,
            route_to_point,
            point_to_route,
            route_len,
            qlen,
            board_len,
            before_last: (1u32 << (route_len - qlen)) - 1,
            throws,
            initial: Position::EMPTY,
            setup_first,
            // The cube, its owner and the match score in one more plane
            // (`observation.rs`).
            observation_shape: [
                7 + usize::from(extra_plane) + usize::from(variant.is_cubeful()),
                board_len,
            ],
            options: crate::presets::default_options(&variant),
        };
        let mut initial = Position::EMPTY;
        initial.form = crate::position::game_form(&variant);
        initial.match_len = variant.match_length;
        initial.score = variant.score;
        if setup_first {
            game.place_setup(&mut initial, 0);
        }
        game.initial = initial;
        Ok(game)
    }

    /// Seys dos e as with its default options.
    pub fn seys_dos_e_as() -> Tables {
        Tables::new(Variant::seys_dos_e_as()).expect("the preset is valid")
    }

    /// Backgammon with its default options.
    pub fn backgammon() -> Tables {
        Tables::new(Variant::backgammon()).expect("the preset is valid")
    }

    /// The parameters.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The point (1 to 24, or 28) of `player`'s route point `r` (0 first);
    /// `None` for a seat other than A and B, or `r` past the route's end
    /// ([`Tables::route_len`]).
    ///
    /// ```
    /// use racegames_board::Seat;
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// // A goes from point 24 to point 1.
    /// assert_eq!(game.route_point(Seat::new(0), 0), Some(24));
    /// assert_eq!(game.route_point(Seat::new(0), 23), Some(1));
    /// assert_eq!(game.route_point(Seat::new(0), 24), None);
    /// assert_eq!(game.route_point(Seat::new(2), 0), None);
    /// ```
    pub fn route_point(&self, player: Seat, r: usize) -> Option<usize> {
        let route = self.route_to_point.get(player.index())?;
        (r < self.route_len).then(|| route[r] as usize + 1)
    }

    /// The number of points on the board (24, or 28 with seven-point
    /// quarters).
    pub fn board_len(&self) -> usize {
        self.board_len
    }

    /// The number of points on a route (the board, or 12 on the half track).
    pub fn route_len(&self) -> usize {
        self.route_len
    }

    pub(crate) fn place_setup(&self, pos: &mut Position, winner: usize) {
        for seat in 0..2 {
            let setup = &self.variant.setup[usize::from(seat != winner)];
            let sign: i8 = if seat == 0 { 1 } else { -1 };
            for r in 0..self.route_len {
                let n = setup.points[r] as i8;
                if n > 0 {
                    pos.board[self.route_to_point[seat][r] as usize] = sign * n;
                }
            }
            pos.waiting[seat] = setup.waiting;
            if self.variant.mode == Mode::Doblet {
                pos.stacks[seat] = ((1u16 << self.qlen) - 1) as u8;
            }
        }
    }

    /// The dice (A's, B's) of opening-throw roll-off outcome `i` (0 to 29).
    pub fn opening_throw(i: usize) -> (u8, u8) {
        let a = (i / 5 % 6) as u8 + 1;
        let j = (i % 5) as u8 + 1;
        let b = if j < a { j } else { j + 1 };
        (a, b)
    }

    fn num_chance_outcomes(&self, pos: &Position) -> usize {
        match pos.phase {
            Phase::RollOff => match self.variant.roll_off {
                RollOff::Coin => 2,
                RollOff::OpeningThrow => OPENING_THROWS,
            },
            Phase::Throw => self.throws.len(),
            _ => 0,
        }
    }

    fn apply_chance(&self, pos: &mut Position, outcome: usize) {
        match pos.phase {
            Phase::RollOff => match self.variant.roll_off {
                RollOff::Coin => {
                    if !self.setup_first {
                        self.place_setup(pos, outcome);
                    }
                    pos.turn = outcome as u8;
                    pos.phase = Phase::Throw;
                    self.before_throw(pos);
                }
                RollOff::OpeningThrow => {
                    let (a, b) = Tables::opening_throw(outcome);
                    let winner = usize::from(b > a);
                    if !self.setup_first {
                        self.place_setup(pos, winner);
                    }
                    pos.turn = winner as u8;
                    self.start_move(pos, [a.max(b), a.min(b), 0, 0]);
                }
            },
            _ => {
                let dice = self.throws[outcome].0;
                let n = self.variant.dice_thrown();
                if self.variant.extra_throw != crate::variant::ExtraThrow::Never
                    && n >= 2
                    && dice[..n].iter().all(|&d| d == dice[0])
                {
                    pos.flags |= crate::position::AGAIN;
                }
                self.start_move(pos, dice)
            }
        }
    }

    /// The score of the winner of a finished game (0 if truncated).
    pub fn score(&self, pos: &Position) -> f64 {
        let Some(w) = pos.winner() else { return 0.0 };
        let l = 1 - w.index();
        if pos.off[l] > 0
            || self.variant.scoring == Scoring::WinLoss
            || pos.off[w.index()] < self.variant.pieces
        {
            return 1.0;
        }
        if self.variant.scoring == Scoring::Gammons {
            return 2.0;
        }
        let waiting = pos.waiting[l].iter().any(|&n| n > 0);
        // The winner's last quarter, along the winner's route.
        let sign: i8 = if l == 0 { 1 } else { -1 };
        let in_home = (self.route_len - self.qlen..self.route_len)
            .any(|r| pos.board[self.route_to_point[w.index()][r] as usize] * sign > 0);
        if waiting || in_home {
            3.0
        } else {
            2.0
        }
    }

    /// The legal moves, in increasing action order.
    pub fn legal_moves(&self, pos: &Position) -> ArrayVec<Move, 64> {
        let mut v = ArrayVec::new();
        self.for_each_legal(pos, |m| {
            let _ = v.try_push(m);
        });
        v
    }

    /// Checks a parsed position for things no game can reach.
    pub(crate) fn check_counts(&self, pos: &Position) -> bool {
        (0..2).all(|p| {
            let sign: i8 = if p == 0 { 1 } else { -1 };
            let on: u32 = pos
                .board
                .iter()
                .map(|&v| if v * sign > 0 { (v * sign) as u32 } else { 0 })
                .sum();
            let w: u32 = pos.waiting[p].iter().map(|&n| u32::from(n)).sum();
            on + w + u32::from(pos.off[p]) == u32::from(self.variant.pieces)
        })
    }

    /// The winner that the board shows: a side that has borne off every
    /// piece, or filled its last quarter (Doze canes).
    pub(crate) fn board_winner(&self, pos: &Position) -> Option<usize> {
        (0..2).find(|&p| {
            pos.off[p] >= self.variant.pieces
                || (self.variant.goal == crate::variant::Goal::FillLastQuarter
                    && self.side(pos, Seat::new(p as u8)).filled(self))
        })
    }

    /// Ends the game with `result` (`UNDECIDED` when truncated).
    pub(crate) fn finish(&self, pos: &mut Position, result: u8) {
        // The notation writes a result that the board does not show.
        pos.form &= FORM_GAME;
        if result != UNDECIDED && self.board_winner(pos).is_none() {
            pos.form |= FORM_RESULT_WRITTEN;
        }
        pos.phase = Phase::Over;
        pos.turn = NO_TURN;
        pos.result = result;
        pos.dice = [0; 4];
        pos.max_use = 0;
        pos.flags = 0;
        pos.offer = crate::cube::OFFER_NONE;
    }

    /// Ends the game won by `seat`.
    pub(crate) fn win(&self, pos: &mut Position, seat: usize) {
        self.finish(pos, A_WON + seat as u8);
    }
}

/// The throws' probabilities are finite, so equality is an equivalence.
impl Eq for Tables {}

/// Equal games have equal parameters, from which all else derives.
impl core::hash::Hash for Tables {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.variant.hash(state);
    }
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::seys_dos_e_as()
    }
}

impl Game for Tables {
    type State = Position;

    fn name(&self) -> &'static str {
        self.variant.name
    }

    fn display_name(&self) -> &'static str {
        crate::presets::display_name(self.variant.name)
    }

    fn family(&self) -> &'static str {
        "tables"
    }

    /// Every plane holds 0/1 flags or counts scaled into `[0, 1]`.
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, 1.0)
    }

    fn num_players(&self) -> usize {
        2
    }

    /// The cubeless actions, then (with the cube or resignation) the
    /// [`crate::CubeAction`]s.
    fn num_distinct_actions(&self) -> usize {
        self.num_actions()
            + if self.variant.has_cube_actions() {
                crate::cube::CUBE_ACTIONS
            } else {
                0
            }
    }

    fn max_chance_outcomes(&self) -> usize {
        let roll = match self.variant.roll_off {
            RollOff::Coin => 2,
            RollOff::OpeningThrow => OPENING_THROWS,
        };
        roll.max(self.throws.len())
    }

    /// 15 pieces on 15 points times the distinct dice (3 for Seys dos e as,
    /// 2 for backgammon); entries give at most 4 quarters times the dice,
    /// and with free entry they add to the pieces on the board.
    fn max_legal_actions(&self) -> usize {
        let pieces = usize::from(self.variant.pieces).min(self.route_len);
        let sources = match self.variant.entry {
            crate::variant::Entry::Forced => pieces.max(4),
            crate::variant::Entry::Free => pieces + 4,
        };
        let moves = sources
            * self
                .variant
                .dice_thrown()
                .min(usize::from(self.variant.faces));
        // Roll, double and three offers to resign.
        moves.max(if self.variant.has_cube_actions() {
            5
        } else {
            0
        })
    }

    fn min_utility(&self) -> f64 {
        -self.max_utility()
    }

    /// The largest score times the largest cube (2^15) with the cube.
    fn max_utility(&self) -> f64 {
        let cube = if self.variant.cube {
            f64::from(1u32 << crate::cube::MAX_CUBE_LOG2)
        } else {
            1.0
        };
        self.variant.max_score() * cube
    }

    fn observation_shape(&self) -> &[usize] {
        &self.observation_shape
    }

    fn new_initial_state(&self) -> Position {
        self.initial
    }

    fn node(&self, pos: &Position) -> Node {
        match pos.phase {
            Phase::RollOff | Phase::Throw => Node::Chance,
            Phase::Move => Node::Decision(Seat::new(pos.turn)),
            Phase::Cube => Node::Decision(self.cube_decider(pos)),
            Phase::Over => Node::Terminal,
        }
    }

    /// The player on roll; while a double or an offer to resign awaits his
    /// opponent's answer, the opponent, who decides.
    fn turn_owner(&self, pos: &Position) -> Option<Seat> {
        if pos.phase == Phase::Cube {
            return Some(self.cube_decider(pos));
        }
        pos.turn()
    }

    fn turn_count(&self, pos: &Position) -> u32 {
        pos.turns
    }

    fn is_truncated(&self, pos: &Position) -> bool {
        pos.phase == Phase::Over && pos.result == crate::position::UNDECIDED
    }

    fn termination(&self, pos: &Position) -> Option<&'static str> {
        match (pos.phase, pos.offer()) {
            (Phase::Over, crate::Offer::Double) => Some("dropped"),
            (Phase::Over, crate::Offer::Resign(_)) => Some("resigned"),
            _ => None,
        }
    }

    fn chance_outcomes(&self, pos: &Position, mut f: impl FnMut(Action, f64)) {
        match pos.phase {
            Phase::RollOff => {
                let n = self.num_chance_outcomes(pos);
                for a in 0..n {
                    f(a as Action, 1.0 / n as f64);
                }
            }
            Phase::Throw => {
                for (a, &(_, p)) in self.throws.iter().enumerate() {
                    f(a as Action, p);
                }
            }
            _ => {}
        }
    }

    fn legal_actions(&self, pos: &Position, mut f: impl FnMut(Action)) {
        if pos.phase == Phase::Cube {
            let base = self.num_actions();
            self.for_each_cube_action(pos, |a| f((base + a as usize) as Action));
            return;
        }
        self.for_each_legal(pos, |m| f(self.action_of(m)));
    }

    fn is_legal(&self, pos: &Position, action: Action) -> bool {
        match pos.phase {
            Phase::RollOff | Phase::Throw => (action as usize) < self.num_chance_outcomes(pos),
            Phase::Move => self
                .move_of(action)
                .is_some_and(|m| self.is_legal_move(pos, m)),
            Phase::Cube => self
                .cube_action(action)
                .is_some_and(|a| self.is_legal_cube(pos, a)),
            Phase::Over => false,
        }
    }

    fn apply(&self, pos: &mut Position, action: Action) -> Result<(), IllegalAction> {
        match pos.phase {
            Phase::Over => Err(IllegalAction::GameOver),
            Phase::RollOff | Phase::Throw => {
                let n = self.num_chance_outcomes(pos);
                if action as usize >= n {
                    return Err(IllegalAction::OutOfRange {
                        action,
                        limit: n as u32,
                    });
                }
                self.apply_chance(pos, action as usize);
                Ok(())
            }
            Phase::Cube => {
                let limit = self.num_distinct_actions();
                if action as usize >= limit {
                    return Err(IllegalAction::OutOfRange {
                        action,
                        limit: limit as u32,
                    });
                }
                match self.cube_action(action) {
                    Some(a) if self.is_legal_cube(pos, a) => {
                        self.apply_cube(pos, a);
                        Ok(())
                    }
                    _ => Err(IllegalAction::NotLegal { action }),
                }
            }
            Phase::Move => {
                let Some(mv) = self.move_of(action) else {
                    let limit = self.num_distinct_actions();
                    if (action as usize) < limit {
                        return Err(IllegalAction::NotLegal { action });
                    }
                    return Err(IllegalAction::OutOfRange {
                        action,
                        limit: limit as u32,
                    });
                };
                if !self.is_legal_move(pos, mv) {
                    return Err(IllegalAction::NotLegal { action });
                }
                self.apply_move_unchecked(pos, mv);
                Ok(())
            }
        }
    }

    /// A move skips `apply`'s legality check (most of its cost: the
    /// dice-use rules) when it can at least be made: its die is thrown and
    /// its source holds a piece of the mover's, so nothing can panic even
    /// if the caller's promise is broken. Anything else goes through
    /// `apply`.
    fn apply_legal(&self, pos: &mut Position, action: Action) {
        if let Some(mv) = self.move_of(action).filter(|&mv| self.can_be_made(pos, mv)) {
            self.apply_move_unchecked(pos, mv);
        } else {
            let _ = self.apply(pos, action);
        }
    }

    fn returns(&self, pos: &Position, out: &mut [f64]) -> Result<(), ReturnsError> {
        ReturnsError::check(2, out)?;
        let mut r = [0.0; 2];
        if pos.phase == Phase::Over {
            if let Some(w) = pos.winner() {
                let s = self.points(pos);
                r[w.index()] = s;
                r[1 - w.index()] = -s;
            }
        }
        out.copy_from_slice(&r);
        Ok(())
    }

    fn observe(
        &self,
        pos: &Position,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        self.write_observation(pos, player, out)
    }

    fn write_action(
        &self,
        pos: &Position,
        action: Action,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        self.write_action_text(pos, action, out)
    }

    fn parse_action(&self, pos: &Position, text: &str) -> Result<Action, ParseError> {
        self.parse_action_text(pos, text)
    }

    fn write_notation(&self, pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", self.notation(pos))
    }

    fn parse_notation(&self, text: &str) -> Result<Position, ParseError> {
        self.parse_position(text)
    }

    fn write_diagram(&self, pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_diagram_text(pos, out)
    }
}
