//! A tiny dice race used by the unit tests of the generic machinery, so they
//! do not depend on any real game's rules.
//!
//! Two players race from 0 to 6. A throw is a chance node with outcomes 1..=3
//! (actions 0..=2, equally likely); the player then moves by the die
//! (action 1) or stays (action 0), unless moving would pass 6, when only
//! staying is legal. Reaching 6 wins. The game is truncated after 40 turns.

use core::fmt;

use racegames_board::notation::{parse_u32, Fields, ParseError, Problem};
use racegames_board::{
    Action, FromParams, Game, IllegalAction, Node, ObservationError, ParamError, ParamValue,
    ReturnsError, Seat,
};

#[derive(Clone, Copy, Debug, Default)]
pub struct Race;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RaceState {
    pos: [u8; 2],
    turn: u8,
    die: u8,
    turns: u32,
}

const GOAL: u8 = 6;
const MAX_TURNS: u32 = 40;

impl FromParams for Race {
    const NAMES: &'static [&'static str] = &["race"];
    fn from_params(_name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Self, ParamError> {
        match params.first() {
            Some((name, _)) => Err(ParamError::unknown("race", name, "nothing")),
            None => Ok(Race),
        }
    }
    fn params(&self) -> racegames_board::ParamList {
        racegames_board::ParamList::new()
    }
}

impl Race {
    fn winner(s: &RaceState) -> Option<usize> {
        s.pos.iter().position(|&p| p == GOAL)
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
        if Race::winner(s).is_some() || s.turns >= MAX_TURNS {
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
        Race::winner(s).is_none() && s.turns >= MAX_TURNS
    }
    fn chance_outcomes(&self, s: &RaceState, mut f: impl FnMut(Action, f64)) {
        if self.node(s) == Node::Chance {
            for a in 0..3 {
                f(a, 1.0 / 3.0);
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
                if a == 1 {
                    s.pos[p.index()] += s.die;
                }
                s.die = 0;
                s.turn ^= 1;
                s.turns += 1;
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
    fn write_action(&self, _s: &RaceState, a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(if a == 0 { "stay" } else { "move" })
    }
    fn write_notation(&self, s: &RaceState, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(
            out,
            "{} {} {} {} {}",
            s.pos[0], s.pos[1], s.turn, s.die, s.turns
        )
    }
    fn parse_notation(&self, text: &str) -> Result<RaceState, ParseError> {
        let mut f = Fields::new(text);
        let mut num = |name: &'static str, max: u32| -> Result<u8, ParseError> {
            let (t, at) = f.next_field(name)?;
            let v = parse_u32(t, name, at)?;
            if v > max {
                return Err(ParseError::new(name, at, Problem::BadNumber));
            }
            Ok(v as u8)
        };
        let a = num("a", 6)?;
        let b = num("b", 6)?;
        let turn = num("turn", 1)?;
        let die = num("die", 3)?;
        let turns = u32::from(num("turns", 200)?);
        f.finish()?;
        Ok(RaceState {
            pos: [a, b],
            turn,
            die,
            turns,
        })
    }
}

impl racegames_players::Playable for Race {
    fn player_names(&self) -> Vec<&'static str> {
        vec!["random"]
    }
    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &racegames_players::Params<'_>,
    ) -> Result<Box<dyn racegames_players::Player<Race>>, racegames_players::PlayerError> {
        match (name, params) {
            ("random", []) => Ok(Box::new(racegames_players::random::RandomPlayer::new(seed))),
            _ => Err(racegames_players::PlayerError::BadParameter(name.into())),
        }
    }
}
