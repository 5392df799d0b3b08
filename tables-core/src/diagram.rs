//! A readable multi-line picture of a position, for terminals.

use core::fmt;

use racegames_board::Seat;

use crate::cube::Offer;
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
    /// 1 along the bottom (15 to 28 and 14 to 1 on 28 points; `^` marks a
    /// Doblet stack), then the waiting and borne-off pieces and whose
    /// turn it is.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// let text = game.diagram(&game.new_initial_state()).to_string();
    /// assert!(text.contains("A5"));
    /// assert!(text.contains("before the roll-off"));
    /// ```
    pub fn diagram<'a>(&'a self, pos: &'a Position) -> DiagramDisplay<'a> {
        DiagramDisplay { game: self, pos }
    }

    /// Writes [`Tables::diagram`].
    ///
    /// # Errors
    ///
    /// Only what `out` reports.
    pub fn write_diagram_text(&self, pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
        let cell = |out: &mut dyn fmt::Write, point: usize| -> fmt::Result {
            match pos.point(point) {
                None => write!(out, "{:>4}", "."),
                Some((p, n)) => {
                    let r = self.point_to_route[p.index()][point - 1];
                    let stacked = (r as usize) < self.qlen && pos.is_stacked(p, r as usize + 1);
                    let mark = if stacked { "^" } else { "" };
                    let mut text = racegames_board::notation::StackString::<8>::new();
                    fmt::Write::write_fmt(&mut text, format_args!("{}{n}{mark}", p.letter()))?;
                    write!(out, "{:>4}", text.as_str())
                }
            }
        };
        let q = self.qlen;
        let half = 2 * q;
        let row = |out: &mut dyn fmt::Write,
                   points: &mut dyn Iterator<Item = usize>,
                   numbers: bool|
         -> fmt::Result {
            for (i, pt) in points.enumerate() {
                if i == q {
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
        row(out, &mut (half + 1..=2 * half), true)?;
        row(out, &mut (half + 1..=2 * half), false)?;
        row(out, &mut (1..=half).rev(), false)?;
        row(out, &mut (1..=half).rev(), true)?;
        out.write_str("waiting:")?;
        let mut any = false;
        for p in 0..2u8 {
            let player = Seat::new(p);
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
                None if pos.is_drawn() => {
                    write!(out, "drawn: nobody can move (after {} turns)", pos.turns)
                }
                None => write!(out, "stopped at the turn limit ({} turns)", pos.turns),
            },
            (Phase::Throw, Some(p)) => write!(out, "{} to throw (turn {})", p.letter(), pos.turns),
            (Phase::Cube, Some(p)) => {
                let o = p.next(2).letter();
                match pos.offer() {
                    Offer::Double => write!(out, "{} doubles: {o} to take or drop", p.letter()),
                    Offer::Resign(l) => write!(
                        out,
                        "{} offers to resign {}: {o} to accept or reject",
                        p.letter(),
                        ["a single game", "a gammon", "a backgammon"]
                            [usize::from(l.clamp(1, 3)) - 1]
                    ),
                    _ => write!(out, "{} to roll or double", p.letter()),
                }?;
                write!(out, " (turn {})", pos.turns)
            }
            (_, Some(p)) => {
                write!(out, "{} to play ", p.letter())?;
                if pos.dice_passed() {
                    out.write_str("passed ")?;
                }
                for d in pos.dice() {
                    write!(out, "{d}")?;
                }
                write!(out, " (turn {})", pos.turns)
            }
            (_, None) => Ok(()),
        }?;
        if pos.is_cubeful() {
            write_cube_line(pos, out)?;
        }
        Ok(())
    }
}

/// The cube, its owner, the match score, and how a game ended by an offer.
fn write_cube_line(pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
    write!(out, "\ncube: {}", pos.cube_value())?;
    match pos.cube_owner() {
        Some(s) => write!(out, ", owned by {}", s.letter())?,
        None => out.write_str(", centred")?,
    }
    if pos.match_length() > 0 {
        let [a, b] = pos.match_score();
        write!(out, "; match to {}: A {a}, B {b}", pos.match_length())?;
        if pos.is_crawford_game() {
            out.write_str(" (Crawford game)")?;
        }
    } else {
        out.write_str("; money play")?;
    }
    if pos.phase == Phase::Over {
        match pos.offer() {
            Offer::Double => out.write_str("; the double was dropped")?,
            Offer::Resign(l) => write!(out, "; a resignation of {l} was accepted")?,
            _ => {}
        }
    }
    Ok(())
}
