//! The one-line notation (`docs/games/tables.md`) and the move strings.
//!
//! `<points> <waiting> <off> <turn> <dice> <turns>`; see the crate docs.
//! The fields are read into a [`crate::Setup`] (`setup.rs`), checked by
//! the game (`validate.rs`).

use core::fmt;
use core::str::FromStr;

use racegames_board::notation::{ParseError, Problem, StackString};
use racegames_board::{Action, Seat};

use crate::action::{Move, Source};
use crate::game::Tables;
use crate::position::{Phase, Position};
use crate::validate::setup_of;
use crate::variant::{Mode, RollOff};

/// A position written in its notation: `format!("{}", game.notation(&pos))`,
/// the same as the position's own `Display`.
#[derive(Clone, Copy, Debug)]
pub struct NotationDisplay<'a> {
    pos: &'a Position,
}

impl fmt::Display for NotationDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.pos, f)
    }
}

/// The one-line notation (`docs/games/tables.md`), of any game's position:
/// the position carries its board's length and the seats' directions.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&setup_of(self), f)
    }
}

/// Reads a position of the first preset game, with its default options,
/// that can be in it: Seys dos e as (`Tables::default()`) first, then the
/// others in [`racegames_board::FromParams::NAMES`] order. So every preset's
/// positions read back, with the notation they were written in; a position
/// to play in a given game is read with that game's
/// [`Tables::parse_position`], which also keeps what the notation does not
/// say (the seats' directions, the game's rules).
impl FromStr for Position {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Position, ParseError> {
        let setup: crate::Setup = text.parse()?;
        Tables::position_of_any_preset(&setup).map_err(|e| crate::validate::locate(text, e))
    }
}

/// A move written as its string: `format!("{}", game.move_text(&pos, mv))`.
#[derive(Clone, Copy, Debug)]
pub struct MoveDisplay<'a> {
    game: &'a Tables,
    pos: &'a Position,
    mv: Move,
}

impl fmt::Display for MoveDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.write_move(self.pos, self.mv, f)
    }
}

fn err(field: &'static str, offset: usize, problem: Problem) -> ParseError {
    ParseError::new(field, offset, problem)
}

impl Tables {
    /// The position's notation, as a value that implements `Display` (the
    /// same as the position's `Display`).
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_tables::Tables;
    /// let game = Tables::seys_dos_e_as();
    /// let pos = game.new_initial_state();
    /// assert_eq!(game.notation(&pos).to_string(), pos.to_string());
    /// ```
    pub fn notation<'a>(&self, pos: &'a Position) -> NotationDisplay<'a> {
        NotationDisplay { pos }
    }

    /// The string of a move in `pos`, as a value that implements `Display`.
    pub fn move_text<'a>(&'a self, pos: &'a Position, mv: Move) -> MoveDisplay<'a> {
        MoveDisplay {
            game: self,
            pos,
            mv,
        }
    }

    /// Writes a move as `<die>:<from>-<to>`, with points numbered as in the
    /// notation, `bar` for a waiting piece, `off` for bearing off, and `*`
    /// after a hit: `3:13-16`, `5:bar-15*`, `6:22-off`.
    pub(crate) fn write_move(
        &self,
        pos: &Position,
        mv: Move,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let player = pos.turn().unwrap_or(Seat::new(0));
        if self.checked_action_of(mv).is_none() {
            // A hand-made move no action of this game names (die 0, point 30).
            return write!(out, "{mv:?}");
        }
        write!(out, "{}:", mv.die)?;
        match mv.source {
            Source::Point(r) => match self.route_point(player, r as usize) {
                Some(point) => write!(out, "{point}")?,
                None => return write!(out, "{mv:?}"),
            },
            Source::Waiting(_) => out.write_str("bar")?,
        }
        match self.landing(pos, player, mv) {
            None => out.write_str("-off"),
            // Doblet: the stack on the point is undone.
            Some(_) if self.variant.mode == Mode::Doblet => out.write_char('^'),
            Some(pt) => {
                write!(out, "-{}", pt + 1)?;
                let v = pos.board[pt];
                let enemy = if player.index() == 0 { v == -1 } else { v == 1 };
                if enemy && self.variant.closes_at > 1 {
                    out.write_char('*')?;
                }
                Ok(())
            }
        }
    }

    pub(crate) fn write_action_text(
        &self,
        pos: &Position,
        action: Action,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match pos.phase {
            Phase::RollOff => match self.variant.roll_off {
                RollOff::Coin if action < 2 => {
                    write!(out, "roll-off {}", Seat::new(action as u8).letter())
                }
                RollOff::OpeningThrow if (action as usize) < crate::game::OPENING_THROWS => {
                    let (a, b) = Tables::opening_throw(action as usize);
                    write!(out, "roll-off A{a} B{b}")
                }
                _ => write!(out, "outcome {action}"),
            },
            Phase::Throw => match self.throws.get(action as usize) {
                Some((faces, _)) => {
                    out.write_str("roll ")?;
                    // The dice as thrown: a double played twice shows two.
                    for &d in faces.iter().take(self.variant.dice_thrown()) {
                        write!(out, "{d}")?;
                    }
                    Ok(())
                }
                None => write!(out, "outcome {action}"),
            },
            Phase::Move | Phase::Over | Phase::Cube => {
                if let Some(a) = self.cube_action(action) {
                    return out.write_str(a.as_str());
                }
                match self.move_of(action) {
                    Some(mv) => self.write_move(pos, mv, out),
                    None => write!(out, "action {action}"),
                }
            }
        }
    }

    pub(crate) fn parse_action_text(
        &self,
        pos: &Position,
        text: &str,
    ) -> Result<Action, ParseError> {
        let text = text.trim();
        let bare = text.strip_suffix('*').unwrap_or(text);
        let mut found = None;
        let mut check = |a: Action| {
            let mut buf = StackString::<32>::new();
            if found.is_none() && self.write_action_text(pos, a, &mut buf).is_ok() {
                let s = buf.as_str();
                if s == text || s.strip_suffix('*').unwrap_or(s) == bare {
                    found = Some(a);
                }
            }
        };
        match pos.phase {
            Phase::RollOff | Phase::Throw => {
                use racegames_board::Game;
                self.chance_outcomes(pos, |a, _| check(a));
            }
            Phase::Move => self.for_each_legal(pos, |m| check(self.action_of(m))),
            Phase::Cube => {
                let base = self.num_actions();
                self.for_each_cube_action(pos, |a| check((base + a as usize) as Action));
            }
            Phase::Over => {}
        }
        found.ok_or(err(
            "action",
            0,
            Problem::Invalid("no action that applies here is written this way"),
        ))
    }
}
