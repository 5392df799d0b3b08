//! A readable text picture of a position.

use core::fmt;

use crate::{Phase, Position, Row};

/// The diagram of a position, as [`crate::Daldos::diagram`] gives it.
pub(crate) struct Diagram(pub(crate) Position);

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(&self.0, f)
    }
}

/// Writes the board as three rows under hole numbers, stern on the left,
/// then whose turn it is and the dice:
///
/// ```text
///      0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16
/// b    b  b  b  b  b  b  b  b  b  b  b  b  b  b  b  b
/// m    .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
/// a    a  a  a  a  a  a  a  a  a  a  a  a  a  a  a  a
/// A to move, dice 31; turn 0; pieces A 16, B 16
/// ```
///
/// Lower-case letters are undalled pieces, capitals dalled ones.
pub(crate) fn write(pos: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
    let board = pos.board();
    let n = board.row_len();
    out.write_str("    ")?;
    for i in 0..=n {
        write!(out, "{i:>3}")?;
    }
    out.write_char('\n')?;
    for row in [Row::B, Row::Middle, Row::A] {
        write!(out, "{}   ", row.letter())?;
        let len = if row == Row::Middle { n + 1 } else { n };
        for i in 0..len {
            let c = match board.hole(row, i).and_then(|h| pos.piece_at(h)) {
                None => '.',
                Some(p) => match (p.owner.index(), p.dalled) {
                    (0, false) => 'a',
                    (0, true) => 'A',
                    (_, false) => 'b',
                    (_, true) => 'B',
                },
            };
            write!(out, "{c:>3}")?;
        }
        out.write_char('\n')?;
    }
    match pos.phase() {
        Phase::RollOff => out.write_str("roll-off to decide who starts")?,
        Phase::Over => out.write_str("game over")?,
        Phase::Throw => write!(out, "{} to throw", pos.to_move.letter())?,
        Phase::Move => {
            write!(out, "{} to move, dice ", pos.to_move.letter())?;
            for d in pos.dice() {
                write!(out, "{d}")?;
            }
        }
    }
    write!(
        out,
        "; turn {}; pieces A {}, B {}",
        pos.turns(),
        pos.pieces[0].count_ones(),
        pos.pieces[1].count_ones()
    )
}
