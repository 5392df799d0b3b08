//! A tiny dice race for tests of generic machinery (searches, environments,
//! the contract checks), small enough that values can be worked out by hand
//! and independent of any real game's rules.

use core::fmt;

use crate::notation::{parse_u32, Fields, Problem};
use crate::params::{expect_bool, expect_count, expect_word};
use crate::{
    Action, FromParams, Game, IllegalAction, Node, ObservationError, ParamError, ParamList,
    ParamValue, ParseError, ReturnsError, Seat,
};

/// The square that wins.
const GOAL: u8 = 6;
/// The largest `max_turns` a race takes (the notation's limit too).
const MAX_TURNS_LIMIT: u32 = 200;

/// How the die falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RaceDie {
    /// 1, 2 and 3 are equally likely.
    #[default]
    Even,
    /// 1 with probability 1/2, 2 and 3 with 1/4 each.
    Skewed,
}

/// A two-player dice race from square 0 to square 6.
///
/// A throw is a chance node with outcomes 1, 2 and 3 (actions 0, 1, 2),
/// weighted by [`Race::die`]. The player then stays (action 0, `"stay"`)
/// or moves by the die (action 1, `"move"`, if that does not pass 6); a
/// throw is written `"throw 1"` to `"throw 3"`.
/// Reaching 6 wins (returns +1 and -1). With [`Race::bonus_throw`], moving
/// by a 3 earns another throw in the same turn. The game is truncated, with
/// returns of 0, after [`Race::max_turns`] turns.
///
/// The observation, for either seat, is `[own square / 6, other square / 6,
/// die / 3]`. The notation is five numbers: `a b turn die turns` (the die 0
/// before the throw).
///
/// As a registry game it is `"race"`, with options `die` (`"even"` or
/// `"skewed"`), `bonus_throw` and `max_turns`.
///
/// ```
/// use racegames_board::testing::{Race, RaceDie};
/// use racegames_board::Game;
/// let game = Race::default();
/// let mut state = game.new_initial_state();
/// game.apply(&mut state, 2).unwrap(); // throws a 3
/// game.apply(&mut state, 1).unwrap(); // moves by it
/// assert_eq!(state.to_string(), "3 0 1 0 1");
/// assert_eq!(game.parse_notation("3 0 1 0 1"), Ok(state));
/// let hop = Race { die: RaceDie::Skewed, bonus_throw: true, max_turns: 60 };
/// assert_eq!(hop.name(), "race");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    /// How the die falls.
    pub die: RaceDie,
    /// Whether moving by a 3 earns another throw.
    pub bonus_throw: bool,
    /// Turns after which the game is truncated (at most 200).
    pub max_turns: u32,
}

impl Default for Race {
    /// Even die, no bonus throw, 40 turns.
    fn default() -> Race {
        Race {
            die: RaceDie::Even,
            bonus_throw: false,
            max_turns: 40,
        }
    }
}

/// A position of the [`Race`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RaceState {
    /// Each player's square, 0 to 6.
    pub pos: [u8; 2],
    /// The seat whose turn it is, 0 or 1.
    pub turn: u8,
    /// The die to move by, 0 before the throw.
    pub die: u8,
    /// Turns played.
    pub turns: u32,
}

impl fmt::Display for RaceState {
    /// The notation: `a b turn die turns`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.pos;
        write!(f, "{a} {b} {} {} {}", self.turn, self.die, self.turns)
    }
}

impl Race {
    fn winner(s: &RaceState) -> Option<usize> {
        s.pos.iter().position(|&p| p == GOAL)
    }

    fn probability(&self, outcome: Action) -> f64 {
        match (self.die, outcome) {
            (RaceDie::Even, _) => 1.0 / 3.0,
            (RaceDie::Skewed, 0) => 0.5,
            (RaceDie::Skewed, _) => 0.25,
        }
    }
}

impl FromParams for Race {
    const NAMES: &'static [&'static str] = &["race"];

    fn from_params(_name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Self, ParamError> {
        let mut race = Race::default();
        for &(name, value) in params {
            match name {
                "die" => {
                    let i =
                        expect_word("race", "die", value, &["even", "skewed"], "even or skewed")?;
                    race.die = if i == 0 {
                        RaceDie::Even
                    } else {
                        RaceDie::Skewed
                    };
                }
                "bonus_throw" => race.bonus_throw = expect_bool("race", "bonus_throw", value)?,
                "max_turns" => {
                    let expected = "an integer from 0 to 200";
                    race.max_turns =
                        expect_count("race", "max_turns", value, MAX_TURNS_LIMIT, expected)?;
                }
                other => {
                    return Err(ParamError::unknown(
                        "race",
                        other,
                        "die, bonus_throw, max_turns",
                    ))
                }
            }
        }
        Ok(race)
    }

    fn params(&self) -> ParamList {
        let die = match self.die {
            RaceDie::Even => "even",
            RaceDie::Skewed => "skewed",
        };
        let mut list = ParamList::new();
        list.push(("die", ParamValue::Str(die)));
        list.push(("bonus_throw", ParamValue::Bool(self.bonus_throw)));
        list.push(("max_turns", ParamValue::Int(i64::from(self.max_turns))));
        list
    }
}

impl Game for Race {
    type State = RaceState;
    fn name(&self) -> &'static str {
        "race"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        2
    }
    fn max_chance_outcomes(&self) -> usize {
        3
    }
    fn max_legal_actions(&self) -> usize {
        2
    }
    fn min_utility(&self) -> f64 {
        -1.0
    }
    fn max_utility(&self) -> f64 {
        1.0
    }
    fn observation_shape(&self) -> &[usize] {
        &[3]
    }
    fn new_initial_state(&self) -> RaceState {
        RaceState {
            pos: [0, 0],
            turn: 0,
            die: 0,
            turns: 0,
        }
    }
    fn node(&self, s: &RaceState) -> Node {
        if Race::winner(s).is_some() || s.turns >= self.max_turns {
            Node::Terminal
        } else if s.die == 0 {
            Node::Chance
        } else {
            Node::Decision(Seat::new(s.turn))
        }
    }
    fn turn_owner(&self, s: &RaceState) -> Option<Seat> {
        match self.node(s) {
            Node::Terminal => None,
            _ => Some(Seat::new(s.turn)),
        }
    }
    fn turn_count(&self, s: &RaceState) -> u32 {
        s.turns
    }
    fn is_truncated(&self, s: &RaceState) -> bool {
        Race::winner(s).is_none() && s.turns >= self.max_turns
    }
    fn chance_outcomes(&self, s: &RaceState, mut f: impl FnMut(Action, f64)) {
        if self.node(s) == Node::Chance {
            for a in 0..3 {
                f(a, self.probability(a));
            }
        }
    }
    fn legal_actions(&self, s: &RaceState, mut f: impl FnMut(Action)) {
        if let Node::Decision(p) = self.node(s) {
            f(0);
            if s.pos[p.index()] + s.die <= GOAL {
                f(1);
            }
        }
    }
    fn is_legal(&self, s: &RaceState, a: Action) -> bool {
        let mut ok = false;
        match self.node(s) {
            Node::Chance => self.chance_outcomes(s, |b, _| ok |= a == b),
            _ => self.legal_actions(s, |b| ok |= a == b),
        }
        ok
    }
    fn apply(&self, s: &mut RaceState, a: Action) -> Result<(), IllegalAction> {
        match self.node(s) {
            Node::Terminal => Err(IllegalAction::GameOver),
            Node::Chance if a < 3 => {
                s.die = a as u8 + 1;
                Ok(())
            }
            Node::Chance => Err(IllegalAction::OutOfRange {
                action: a,
                limit: 3,
            }),
            Node::Decision(p) => {
                if !self.is_legal(s, a) {
                    return Err(IllegalAction::NotLegal { action: a });
                }
                let extra = self.bonus_throw && a == 1 && s.die == 3;
                if a == 1 {
                    s.pos[p.index()] += s.die;
                }
                s.die = 0;
                if !extra {
                    s.turn ^= 1;
                    s.turns += 1;
                }
                Ok(())
            }
        }
    }
    fn returns(&self, s: &RaceState, out: &mut [f64]) -> Result<(), ReturnsError> {
        ReturnsError::check(2, out)?;
        out.fill(0.0);
        if let Some(w) = Race::winner(s) {
            out[w] = 1.0;
            out[1 - w] = -1.0;
        }
        Ok(())
    }
    fn observe(
        &self,
        s: &RaceState,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        if player.index() > 1 {
            return Err(ObservationError::NoSuchPlayer {
                player: player.index(),
                num_players: 2,
            });
        }
        if out.len() != 3 {
            return Err(ObservationError::WrongLength {
                expected: 3,
                found: out.len(),
            });
        }
        let me = player.index();
        out[0] = f32::from(s.pos[me]) / 6.0;
        out[1] = f32::from(s.pos[1 - me]) / 6.0;
        out[2] = f32::from(s.die) / 3.0;
        Ok(())
    }
    fn write_action(&self, s: &RaceState, a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        match (self.node(s), a) {
            (Node::Chance, _) => write!(out, "throw {}", u64::from(a) + 1),
            (_, 0) => out.write_str("stay"),
            (_, 1) => out.write_str("move"),
            _ => write!(out, "#{a}"),
        }
    }
    fn write_notation(&self, s: &RaceState, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{s}")
    }
    fn parse_notation(&self, text: &str) -> Result<RaceState, ParseError> {
        let mut f = Fields::new(text);
        let mut num = |name: &'static str, max: u32| -> Result<u32, ParseError> {
            let (t, at) = f.next_field(name)?;
            let v = parse_u32(t, name, at)?;
            if v > max {
                return Err(ParseError::new(name, at, Problem::BadNumber));
            }
            Ok(v)
        };
        let a = num("a", 6)? as u8;
        let b = num("b", 6)? as u8;
        let turn = num("turn", 1)? as u8;
        let die = num("die", 3)? as u8;
        let turns = num("turns", MAX_TURNS_LIMIT)?;
        f.finish()?;
        Ok(RaceState {
            pos: [a, b],
            turn,
            die,
            turns,
        })
    }
}
