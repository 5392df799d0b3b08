//! A tiny dice race for the unit tests of the search players, small enough
//! that expectimax values can be worked out by hand.
//!
//! Two players race from 0 to 6. A throw is a chance node: 1 with
//! probability 1/2, 2 and 3 with 1/4 each (actions 0, 1, 2). The player
//! then stays (action 0) or moves by the die (action 1, if it does not
//! pass 6). Reaching 6 wins (+1, -1). Moving by a 3 earns an extra throw:
//! the same player throws and moves again. The game is truncated after 60
//! turns with returns of 0.

use core::fmt;

use racegames_board::{
    Action, Game, IllegalAction, Node, ObservationError, ParseError, ReturnsError, Seat,
};

use racegames_players::Evaluator;

/// The race.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hop;

/// A position of the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HopState {
    /// Each player's square.
    pub pos: [u8; 2],
    /// The player whose turn it is.
    pub turn: u8,
    /// The die to move by, 0 before the throw.
    pub die: u8,
    /// Turns played.
    pub turns: u32,
}

const GOAL: u8 = 6;
const MAX_TURNS: u32 = 60;
const PROBS: [f64; 3] = [0.5, 0.25, 0.25];

impl Hop {
    fn winner(s: &HopState) -> Option<usize> {
        s.pos.iter().position(|&p| p == GOAL)
    }
}

impl Game for Hop {
    type State = HopState;
    fn name(&self) -> &'static str {
        "hop"
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
        &[2]
    }
    fn new_initial_state(&self) -> HopState {
        HopState {
            pos: [0, 0],
            turn: 0,
            die: 0,
            turns: 0,
        }
    }
    fn node(&self, s: &HopState) -> Node {
        if Hop::winner(s).is_some() || s.turns >= MAX_TURNS {
            Node::Terminal
        } else if s.die == 0 {
            Node::Chance
        } else {
            Node::Decision(Seat::new(s.turn))
        }
    }
    fn turn_owner(&self, s: &HopState) -> Option<Seat> {
        match self.node(s) {
            Node::Terminal => None,
            _ => Some(Seat::new(s.turn)),
        }
    }
    fn turn_count(&self, s: &HopState) -> u32 {
        s.turns
    }
    fn is_truncated(&self, s: &HopState) -> bool {
        Hop::winner(s).is_none() && s.turns >= MAX_TURNS
    }
    fn chance_outcomes(&self, s: &HopState, mut f: impl FnMut(Action, f64)) {
        if self.node(s) == Node::Chance {
            for (a, p) in PROBS.iter().enumerate() {
                f(a as Action, *p);
            }
        }
    }
    fn legal_actions(&self, s: &HopState, mut f: impl FnMut(Action)) {
        if let Node::Decision(p) = self.node(s) {
            f(0);
            if s.pos[p.index()] + s.die <= GOAL {
                f(1);
            }
        }
    }
    fn is_legal(&self, s: &HopState, a: Action) -> bool {
        let mut ok = false;
        match self.node(s) {
            Node::Chance => self.chance_outcomes(s, |b, _| ok |= a == b),
            _ => self.legal_actions(s, |b| ok |= a == b),
        }
        ok
    }
    fn apply(&self, s: &mut HopState, a: Action) -> Result<(), IllegalAction> {
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
                let extra = a == 1 && s.die == 3;
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
    fn returns(&self, s: &HopState, out: &mut [f64]) -> Result<(), ReturnsError> {
        ReturnsError::check(2, out)?;
        out.fill(0.0);
        if let Some(w) = Hop::winner(s) {
            out[w] = 1.0;
            out[1 - w] = -1.0;
        }
        Ok(())
    }
    fn observe(
        &self,
        s: &HopState,
        _player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        out[0] = f32::from(s.pos[0]);
        out[1] = f32::from(s.pos[1]);
        Ok(())
    }
    fn write_action(&self, _s: &HopState, a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{a}")
    }
    fn write_notation(&self, s: &HopState, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{s:?}")
    }
    fn parse_notation(&self, _text: &str) -> Result<HopState, ParseError> {
        Err(ParseError::new(
            "position",
            0,
            racegames_board::notation::Problem::Invalid("not supported"),
        ))
    }
}

/// Each player's lead in squares, in tenths: `(own - other) / 10`.
pub struct Lead;

impl Evaluator<Hop> for Lead {
    fn evaluate(&self, game: &Hop, s: &HopState, out: &mut [f64]) {
        if game.node(s) == Node::Terminal {
            game.returns(s, out).unwrap();
            return;
        }
        let lead = (f64::from(s.pos[0]) - f64::from(s.pos[1])) / 10.0;
        out[0] = lead;
        out[1] = -lead;
    }
}
