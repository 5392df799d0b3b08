//! The one-line notation of a position (`docs/games/daldos.md`):
//! `<row B>/<middle>/<row A> <turn> <dice> <turns>`.
//!
//! - Each row lists its holes from the stern (index 0) to the prow: `.` for
//!   an empty hole, `a`/`A` for an undalled/dalled piece of player A, `b`/`B`
//!   for player B.
//! - `<turn>` is `A` or `B`, or `-` before the roll-off and when the game is
//!   over (the board tells the two apart: only the untouched opening at turn
//!   0 is before the roll-off).
//! - `<dice>` is `-` when the player to move must throw; otherwise the dice
//!   still to use, highest first (`31`, `4`, `11`).
//! - `<turns>` counts completed turns; it is optional when parsing.
//!
//! ```
//! use racegames_daldos::{Board, Phase, Position};
//! let text = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0";
//! let pos: Position = text.parse().unwrap();
//! assert_eq!(pos.board(), Board::Danish);
//! assert_eq!(pos.phase(), Phase::Throw);
//! assert_eq!(pos.to_string(), text);
//! ```
//!
//! Parsing checks the text alone; [`crate::Daldos::parse_position`] also
//! checks it against the game's options (board size, whether the game is
//! over).

use core::{fmt, str::FromStr};

use racegames_board::{
    notation::{parse_u32, Fields, Problem},
    ParseError, Seat,
};

use crate::{Board, Hole, Phase, Piece, Position, Row};

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board;
        for (i, row) in [Row::B, Row::Middle, Row::A].into_iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let len = if row == Row::Middle {
                board.row_len() + 1
            } else {
                board.row_len()
            };
            for index in 0..len {
                let hole = board.hole(row, index).ok_or(fmt::Error)?;
                f.write_str(match self.piece_at(hole) {
                    None => ".",
                    Some(p) => match (p.owner.index(), p.dalled) {
                        (0, false) => "a",
                        (0, true) => "A",
                        (_, false) => "b",
                        (_, true) => "B",
                    },
                })?;
            }
        }
        match self.to_move() {
            Some(p) => write!(f, " {}", p.letter())?,
            None => f.write_str(" -")?,
        }
        if self.dice().is_empty() {
            f.write_str(" -")?;
        } else {
            f.write_str(" ")?;
            for d in self.dice() {
                write!(f, "{d}")?;
            }
        }
        write!(f, " {}", self.turns)
    }
}

fn err(field: &'static str, offset: usize, problem: Problem) -> ParseError {
    ParseError::new(field, offset, problem)
}

impl FromStr for Position {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Position, ParseError> {
        let mut fields = Fields::new(text);
        let (rows, rows_at) = fields.next_field("board")?;
        let mut parts = rows.split('/');
        let mut row_texts = [("", 0usize); 3];
        let mut offset = rows_at;
        for (i, name) in ["row B", "middle row", "row A"].into_iter().enumerate() {
            let part = parts.next().ok_or(err(name, offset, Problem::Missing))?;
            row_texts[i] = (part, offset);
            offset += part.len() + 1;
        }
        if parts.next().is_some() {
            return Err(err(
                "board",
                offset - 1,
                Problem::Invalid("the board has more than three rows"),
            ));
        }
        let (row_b, b_at) = row_texts[0];
        let n = row_b.chars().count();
        let board = Board::from_row_len(n).ok_or(err(
            "row B",
            b_at,
            Problem::Invalid("a home row has 16 holes (Danish) or 12 (Norwegian)"),
        ))?;
        let mut pos = Position::empty(board, Seat::new(0));
        for (i, (row, name)) in [
            (Row::B, "row B"),
            (Row::Middle, "middle row"),
            (Row::A, "row A"),
        ]
        .into_iter()
        .enumerate()
        {
            let (part, at) = row_texts[i];
            let len = if row == Row::Middle { n + 1 } else { n };
            let found = part.chars().count();
            if found != len {
                return Err(err(
                    name,
                    at,
                    Problem::WrongLength {
                        expected: len,
                        found,
                    },
                ));
            }
            for (index, (byte, c)) in part.char_indices().enumerate() {
                let piece = match c {
                    '.' => None,
                    'a' | 'A' | 'b' | 'B' => Some(Piece {
                        owner: Seat::new(u8::from(c.eq_ignore_ascii_case(&'b'))),
                        dalled: c.is_ascii_uppercase(),
                    }),
                    other => return Err(err(name, at + byte, Problem::Unexpected(other))),
                };
                if let Some(p) = piece {
                    let home = if p.owner.index() == 0 { Row::A } else { Row::B };
                    if !p.dalled && row != home {
                        return Err(err(
                            name,
                            at + byte,
                            Problem::Invalid("an undalled piece can only stand in its home row"),
                        ));
                    }
                }
                let hole: Hole = board.hole(row, index).ok_or(err(
                    name,
                    at + byte,
                    Problem::Invalid("no such hole"),
                ))?;
                pos.put(hole, piece);
            }
        }

        let (turn, turn_at) = fields.next_field("turn")?;
        let to_move = match turn {
            "-" => None,
            "A" => Some(Seat::new(0)),
            "B" => Some(Seat::new(1)),
            _ => {
                return Err(err(
                    "turn",
                    turn_at,
                    Problem::Invalid("the turn is A, B or -"),
                ))
            }
        };
        let (dice, dice_at) = fields.next_field("dice")?;
        let dice = parse_dice(dice, dice_at)?;
        let turns = match fields.next_optional() {
            Some((t, at)) => parse_u32(t, "turns", at)?,
            None => 0,
        };
        fields.finish()?;

        pos.turns = turns;
        match to_move {
            Some(p) => {
                pos.to_move = p;
                pos.set_dice(&dice[..usize::from(dice[0] != 0) + usize::from(dice[1] != 0)]);
            }
            None => {
                if dice[0] != 0 {
                    return Err(err(
                        "dice",
                        dice_at,
                        Problem::Invalid("no dice can be waiting when nobody is to move"),
                    ));
                }
                let opening = Position::opening(board);
                pos.phase =
                    if turns == 0 && pos.pieces == opening.pieces && pos.dalled == opening.dalled {
                        Phase::RollOff
                    } else {
                        Phase::Over
                    };
            }
        }
        for player in [Seat::new(0), Seat::new(1)] {
            if pos.count(player) as usize > n {
                return Err(err(
                    "board",
                    rows_at,
                    Problem::Invalid("a player has more pieces than a home row has holes"),
                ));
            }
        }
        Ok(pos)
    }
}

fn parse_dice(text: &str, at: usize) -> Result<[u8; 2], ParseError> {
    if text == "-" {
        return Ok([0, 0]);
    }
    let mut dice = [0u8; 2];
    for (count, (i, c)) in text.char_indices().enumerate() {
        let value = match c {
            '1'..='4' => c as u8 - b'0',
            other => return Err(err("dice", at + i, Problem::Unexpected(other))),
        };
        if count == 2 {
            return Err(err(
                "dice",
                at + i,
                Problem::Invalid("at most two dice can be waiting"),
            ));
        }
        dice[count] = value;
    }
    if dice[1] > dice[0] {
        return Err(err(
            "dice",
            at,
            Problem::Invalid("the dice are written highest first"),
        ));
    }
    Ok(dice)
}
