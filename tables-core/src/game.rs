//! [`Tables`]: a tables game with its parameters fixed, implementing
//! [`board_core::Game`] and [`board_core::FromParams`].

use core::fmt;

use arrayvec::ArrayVec;
use board_core::dice::DiceSpec;
use board_core::params::{expect_count, expect_word};
use board_core::{
    Action, FromParams, Game, IllegalAction, Node, ObservationError, ParamError, ParamValue,
    ParseError, Player,
};

use crate::action::{Move, NUM_ACTIONS};
use crate::observation::OBSERVATION_SHAPE;
use crate::position::{Phase, Position};
use crate::variant::{Doubles, RollOff, Scoring, Variant, VariantError, PIECES, POINTS, QUARTER};

/// The number of outcomes of the opening-throw roll-off.
pub const OPENING_THROWS: usize = 30;

/// A tables game: a [`Variant`] with the tables derived from it.
///
/// ```
/// use board_core::{Game, Node};
/// use tables_core::Tables;
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
    /// Route index to point index (0 for point 1), per seat. Each map is its
    /// own inverse, so it also takes a point index to the seat's route index.
    pub(crate) route_to_point: [[u8; POINTS]; 2],
    pub(crate) throws: ArrayVec<([u8; 4], f64), 126>,
    pub(crate) initial: Position,
    pub(crate) setup_first: bool,
}

impl Tables {
    /// The game with these parameters.
    pub fn new(variant: Variant) -> Result<Tables, VariantError> {
        variant.validate()?;
        let mut route_to_point = [[0; POINTS]; 2];
        for (p, map) in route_to_point.iter_mut().enumerate() {
            for (r, pt) in map.iter_mut().enumerate() {
                *pt = variant.directions[p].to_point(r) as u8;
            }
        }
        let mut throws = ArrayVec::new();
        let dice = DiceSpec::new(variant.dice, 6).ok_or(VariantError::Dice)?;
        dice.for_each_throw(|_, t, p| {
            let mut faces = [0u8; 4];
            faces[..t.len()].copy_from_slice(t.faces());
            if variant.doubles == Doubles::Twice && t.is_double() {
                faces = [t.faces()[0]; 4];
            }
            throws.push((faces, p));
        });
        let setup_first = variant.setup[0] == variant.setup[1];
        let mut game = Tables {
            variant,
            route_to_point,
            throws,
            initial: Position::EMPTY,
            setup_first,
        };
        let mut initial = Position::EMPTY;
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

    /// The point (1 to 24) of `player`'s route point `r` (0 to 23).
    pub fn route_point(&self, player: Player, r: usize) -> usize {
        self.route_to_point[player.index() & 1][r % POINTS] as usize + 1
    }

    pub(crate) fn place_setup(&self, pos: &mut Position, winner: usize) {
        for seat in 0..2 {
            let setup = &self.variant.setup[usize::from(seat != winner)];
            let sign: i8 = if seat == 0 { 1 } else { -1 };
            for r in 0..POINTS {
                let n = setup.points[r] as i8;
                if n > 0 {
                    pos.board[self.route_to_point[seat][r] as usize] = sign * n;
                }
            }
            pos.waiting[seat] = setup.waiting;
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
            _ => self.start_move(pos, self.throws[outcome].0),
        }
    }

    /// The score of the winner of a finished game (0 if truncated).
    pub fn score(&self, pos: &Position) -> f64 {
        let Some(w) = pos.winner() else { return 0.0 };
        let l = 1 - w.index();
        if pos.off[l] > 0 || self.variant.scoring == Scoring::WinLoss {
            return 1.0;
        }
        if self.variant.scoring == Scoring::Gammons {
            return 2.0;
        }
        let waiting = pos.waiting[l].iter().any(|&n| n > 0);
        // The winner's last quarter, along the winner's route.
        let sign: i8 = if l == 0 { 1 } else { -1 };
        let in_home = (3 * QUARTER..POINTS)
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
            on + w + u32::from(pos.off[p]) == u32::from(PIECES)
        })
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

    fn num_players(&self) -> usize {
        2
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn max_chance_outcomes(&self) -> usize {
        let roll = match self.variant.roll_off {
            RollOff::Coin => 2,
            RollOff::OpeningThrow => OPENING_THROWS,
        };
        roll.max(self.throws.len())
    }

    /// 15 pieces on 15 points times the distinct dice (3 for Seys dos e as,
    /// 2 for backgammon); entries give at most 4 quarters times the dice.
    fn max_legal_actions(&self) -> usize {
        usize::from(PIECES) * usize::from(self.variant.dice.min(6))
    }

    fn min_utility(&self) -> f64 {
        -self.variant.max_score()
    }

    fn max_utility(&self) -> f64 {
        self.variant.max_score()
    }

    fn observation_shape(&self) -> &[usize] {
        &OBSERVATION_SHAPE
    }

    fn new_initial_state(&self) -> Position {
        self.initial
    }

    fn node(&self, pos: &Position) -> Node {
        match pos.phase {
            Phase::RollOff | Phase::Throw => Node::Chance,
            Phase::Move => Node::Decision(Player::new(pos.turn)),
            Phase::Over => Node::Terminal,
        }
    }

    fn turn_owner(&self, pos: &Position) -> Option<Player> {
        pos.turn()
    }

    fn turn_count(&self, pos: &Position) -> u32 {
        pos.turns
    }

    fn is_truncated(&self, pos: &Position) -> bool {
        pos.phase == Phase::Over && pos.winner().is_none()
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
        self.for_each_legal(pos, |m| {
            if let Some(a) = m.action() {
                f(a);
            }
        });
    }

    fn is_legal(&self, pos: &Position, action: Action) -> bool {
        match pos.phase {
            Phase::RollOff | Phase::Throw => (action as usize) < self.num_chance_outcomes(pos),
            Phase::Move => Move::from_action(action).is_some_and(|m| self.is_legal_move(pos, m)),
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
            Phase::Move => {
                let Some(mv) = Move::from_action(action) else {
                    return Err(IllegalAction::OutOfRange {
                        action,
                        limit: NUM_ACTIONS as u32,
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

    fn returns(&self, pos: &Position, out: &mut [f64]) {
        let mut r = [0.0; 2];
        if pos.phase == Phase::Over {
            if let Some(w) = pos.winner() {
                let s = self.score(pos);
                r[w.index()] = s;
                r[1 - w.index()] = -s;
            }
        }
        for (o, v) in out.iter_mut().zip(r) {
            *o = v;
        }
    }

    fn observe(
        &self,
        pos: &Position,
        player: Player,
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
        self.write_notation_text(pos, out)
    }

    fn parse_notation(&self, text: &str) -> Result<Position, ParseError> {
        self.parse_notation_text(text)
    }

    fn write_diagram(&self, pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_diagram_text(pos, out)
    }
}

impl FromParams for Tables {
    const NAMES: &'static [&'static str] = &["seys_dos_e_as", "backgammon"];

    fn from_params(name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Tables, ParamError> {
        let (mut v, known) = match name {
            "seys_dos_e_as" => (Variant::seys_dos_e_as(), "reentry, max_turns"),
            "backgammon" => (Variant::backgammon(), "scoring, max_turns"),
            _ => {
                return Err(ParamError::unknown(
                    "tables",
                    name,
                    "the games seys_dos_e_as, backgammon",
                ))
            }
        };
        let game = v.name;
        for &(key, value) in params {
            match key {
                "max_turns" => {
                    v.max_turns =
                        expect_count(game, "max_turns", value, u32::MAX, "an integer >= 0")?;
                }
                "reentry" if game == "seys_dos_e_as" => {
                    let i = expect_word(
                        game,
                        "reentry",
                        value,
                        &["opposite", "start"],
                        "\"opposite\" or \"start\"",
                    )?;
                    v.reentry = [crate::Reentry::Opposite, crate::Reentry::Start][i];
                }
                "scoring" if game == "backgammon" => {
                    let i = expect_word(
                        game,
                        "scoring",
                        value,
                        &["winloss", "gammons", "backgammons"],
                        "\"winloss\", \"gammons\" or \"backgammons\"",
                    )?;
                    v.scoring = [Scoring::WinLoss, Scoring::Gammons, Scoring::Backgammons][i];
                }
                _ => return Err(ParamError::unknown(game, key, known)),
            }
        }
        Ok(Tables::new(v).expect("the presets with their options are valid"))
    }
}
