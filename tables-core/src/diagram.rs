//! A readable multi-line picture of a position, for terminals.

use core::fmt;

use board_core::Player;

use crate::game::Tables;
use crate::position::{Phase, Position};

/// A position drawn as a board: `format!("{}", game.diagram(&pos))`.
#[derive(Clone, Copy, Debug)]
pub struct DiagramDisplay<'a> {
    game: &'a Tables,
    pos: &'a Position,
}

impl fmt::Display for DiagramDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.write_diagram_text(self.pos, f)
    }
}

impl Tables {
    /// The position drawn as a board: points 13 to 24 along the top, 12 to
    /// 1 along the bottom, then the waiting and borne-off pieces and whose
    /// turn it is.
    ///
    /// ```
    /// use board_core::Game;
    /// use tables_core::Tables;
    /// let game = Tables::backgammon();
    /// let text = game.diagram(&game.new_initial_state()).to_string();
    /// assert!(text.contains("A5"));
    /// assert!(text.contains("before the roll-off"));
    /// ```
    pub fn diagram<'a>(&'a self, pos: &'a Position) -> DiagramDisplay<'a> {
        DiagramDisplay { game: self, pos }
    }

    /// Writes [`Tables::diagram`].
    pub fn write_diagram_text(&self, pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
        let cell = |out: &mut dyn fmt::Write, point: usize| -> fmt::Result {
            match pos.point(point) {
                None => write!(out, "{:>4}", "."),
                Some((p, n)) if n < 10 => write!(out, "  {}{n}", p.letter()),
                Some((p, n)) => write!(out, " {}{n}", p.letter()),
            }
        };
        let row = |out: &mut dyn fmt::Write,
                   points: &mut dyn Iterator<Item = usize>,
                   numbers: bool|
         -> fmt::Result {
            for (i, pt) in points.enumerate() {
                if i == 6 {
                    out.write_str(" |")?;
                }
                if numbers {
                    write!(out, "{pt:>4}")?;
                } else {
                    cell(out, pt)?;
                }
            }
            out.write_char('\n')
        };
        row(out, &mut (13..=24), true)?;
        row(out, &mut (13..=24), false)?;
        row(out, &mut (1..=12).rev(), false)?;
        row(out, &mut (1..=12).rev(), true)?;
        out.write_str("waiting:")?;
        let mut any = false;
        for p in 0..2u8 {
            let player = Player::new(p);
            let dir = self.variant.directions[p as usize];
            for quarter in 0..4 {
                let n = pos.waiting(player, dir.to_quarter(quarter));
                if n > 0 {
                    any = true;
                    write!(out, " {}{n} for Q{}", player.letter(), quarter + 1)?;
                }
            }
        }
        if !any {
            out.write_str(" none")?;
        }
        writeln!(out, "; borne off: A {}, B {}", pos.off[0], pos.off[1])?;
        match (pos.phase, pos.turn()) {
            (Phase::RollOff, _) => write!(out, "before the roll-off"),
            (Phase::Over, _) => match pos.winner() {
                Some(w) => write!(out, "{} has won (after {} turns)", w.letter(), pos.turns),
                None => write!(out, "stopped at the turn limit ({} turns)", pos.turns),
            },
            (Phase::Throw, Some(p)) => write!(out, "{} to throw (turn {})", p.letter(), pos.turns),
            (_, Some(p)) => {
                write!(out, "{} to play ", p.letter())?;
                for d in pos.dice() {
                    write!(out, "{d}")?;
                }
                write!(out, " (turn {})", pos.turns)
            }
            (_, None) => Ok(()),
        }
    }
}
