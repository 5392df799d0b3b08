//! [`Setup`]: a plain arrangement, read from and written as the one-line
//! notation (`docs/games/tables.md`), checked against no game.
//!
//! `<points> <waiting> <off> <turn> <dice> <turns>`, then in games with
//! the cube ` <cube> <offer> [<match>]` (`cube_setup.rs`); see the crate
//! docs.
//! A game makes a [`Position`] of it with [`Tables::position`], which checks
//! everything the notation cannot.
//!
//! [`Position`]: crate::Position
//! [`Tables::position`]: crate::Tables::position

use core::fmt;
use core::str::FromStr;

use arrayvec::{ArrayString, ArrayVec};
use racegames_board::notation::{parse_u32, Fields, ParseError, Problem};
use racegames_board::Seat;

use crate::cube_setup::CubeSetup;
use crate::variant::{MAX_POINTS, QUARTERS};

/// The most dice a setup holds (a double played twice).
pub const MAX_DICE: usize = 4;

/// The pieces on one point: whose, how many, and (Doblet) whether they
/// still stand doubled, written `^`.
///
/// ```
/// use racegames_board::Seat;
/// use racegames_tables::{Pieces, Setup};
/// let setup: Setup = "A2^,B3,. - 0/0 A - 0".parse().unwrap();
/// let stack = Pieces { seat: Seat::new(0), count: 2, stacked: true };
/// assert_eq!(setup.points[0], Some(stack));
/// assert_eq!(setup.points[2], None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pieces {
    /// The owner.
    pub seat: Seat,
    /// How many (written 1 or more).
    pub count: u8,
    /// Doblet: a doubled pair not yet undone (`^`).
    pub stacked: bool,
}

/// The turn field: whose turn it is, or that nobody's is.
///
/// ```
/// use racegames_board::Seat;
/// use racegames_tables::{Setup, Turn};
/// let setup: Setup = "A1,. - 0/0 -B - 9".parse().unwrap();
/// assert_eq!(setup.turn, Turn::Won(Seat::new(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// `A` or `B`: this seat throws, or uses the dice shown.
    Seat(Seat),
    /// `-`: before the roll-off, or a game over whose result the board
    /// shows (or that the turn limit stopped).
    Nobody,
    /// `-A`, `-B`: over, won by this seat through a rule that the board does
    /// not show (the prime, a failed throw).
    Won(Seat),
    /// `-=`: over, drawn (the tie).
    Drawn,
}

/// A position as its notation writes it: any arrangement, legal or not.
///
/// `FromStr` reads the notation and checks only its form, with errors
/// naming the field and the byte offset; `Display` writes it back. A game
/// checks the rest when it makes a position of it
/// ([`Tables::position`](crate::Tables::position)). (Not to be confused
/// with [`StartingPieces`](crate::StartingPieces), a side's pieces at the start of a game, one
/// of a [`Variant`](crate::Variant)'s parameters.)
///
/// ```
/// use racegames_board::Seat;
/// use racegames_tables::{Setup, Tables, Turn};
/// let text = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 31 0";
/// let mut setup: Setup = text.parse().unwrap();
/// assert_eq!(setup.turn, Turn::Seat(Seat::new(1)));
/// assert_eq!(setup.to_string(), text);
/// // Any arrangement is a setup; backgammon refuses this one.
/// setup.off = [9, 0];
/// assert_eq!(Tables::backgammon().position(&setup).unwrap_err().field, "points");
/// assert_eq!("B2,.,. x".parse::<Setup>().unwrap_err().field, "waiting");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The points in the notation's order, point 1 first (24 of them, or 28
    /// with seven-point quarters): the pieces on each, `None` when empty.
    pub points: ArrayVec<Option<Pieces>, MAX_POINTS>,
    /// The pieces waiting to enter, per seat (A first) and per quarter of
    /// the notation (Q1 first).
    pub waiting: [[u8; QUARTERS]; 2],
    /// The pieces borne off, A's then B's.
    pub off: [u8; 2],
    /// Whose turn it is, or how the game ended.
    pub turn: Turn,
    /// The dice still to use, highest first (empty: none).
    pub dice: ArrayVec<u8, MAX_DICE>,
    /// `p` before the dice: the opponent passed them on.
    pub passed: bool,
    /// `+` after the dice: the player throws again once they are used.
    pub again: bool,
    /// Completed turns.
    pub turns: u32,
    /// The cube, an offer under way and the match score, in games with the
    /// cube, resignation or match play (written after the turns); `None`
    /// in the others.
    pub cube: Option<CubeSetup>,
}

impl Default for Setup {
    /// The default game's opening before its roll-off: Seys dos e as's
    /// empty 24 points, nobody to move.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_tables::{Setup, Tables};
    /// let game = Tables::default();
    /// assert_eq!(Setup::default(), game.setup(&game.new_initial_state()));
    /// ```
    fn default() -> Setup {
        Setup {
            points: (0..crate::variant::POINTS).map(|_| None).collect(),
            waiting: [[0; QUARTERS]; 2],
            off: [0; 2],
            turn: Turn::Nobody,
            dice: ArrayVec::new(),
            passed: false,
            again: false,
            turns: 0,
            cube: None,
        }
    }
}

fn err(field: &'static str, offset: usize, problem: Problem) -> ParseError {
    ParseError::new(field, offset, problem)
}

/// Reads a count of 0 to 255.
fn parse_u8(text: &str, field: &'static str, offset: usize) -> Result<u8, ParseError> {
    let n = parse_u32(text, field, offset)?;
    u8::try_from(n).map_err(|_| err(field, offset, Problem::BadNumber))
}

/// Reads `A` or `B`, the first character of `entry`.
fn read_seat(entry: &str, field: &'static str, offset: usize) -> Result<Seat, ParseError> {
    match entry.chars().next() {
        Some('A') => Ok(Seat::new(0)),
        Some('B') => Ok(Seat::new(1)),
        Some(c) => Err(err(field, offset, Problem::Unexpected(c))),
        None => Err(err(field, offset, Problem::Missing)),
    }
}

/// One point: `.`, or `A3`, `B12`, with `^` after a Doblet stack.
fn read_point(entry: &str, offset: usize) -> Result<Option<Pieces>, ParseError> {
    if entry == "." {
        return Ok(None);
    }
    let (entry, stacked) = match entry.strip_suffix('^') {
        Some(e) => (e, true),
        None => (entry, false),
    };
    let seat = read_seat(entry, "points", offset)?;
    // The letter is one byte.
    let count = parse_u8(&entry[1..], "points", offset + 1)?;
    if count == 0 {
        return Err(err("points", offset + 1, Problem::BadNumber));
    }
    Ok(Some(Pieces {
        seat,
        count,
        stacked,
    }))
}

/// The points field, comma-separated.
fn read_points(field: &str, at: usize) -> Result<ArrayVec<Option<Pieces>, MAX_POINTS>, ParseError> {
    let mut points = ArrayVec::new();
    let mut offset = at;
    for entry in field.split(',') {
        let point = read_point(entry, offset)?;
        if points.try_push(point).is_err() {
            return Err(err(
                "points",
                offset,
                Problem::Invalid("a board has at most 28 points"),
            ));
        }
        offset += entry.len() + 1;
    }
    Ok(points)
}

/// The waiting field: `-`, or entries `A2@3` (two of A's pieces wait for
/// Q3), sorted by letter then quarter.
fn read_waiting(field: &str, at: usize) -> Result<[[u8; QUARTERS]; 2], ParseError> {
    let mut waiting = [[0; QUARTERS]; 2];
    if field == "-" {
        return Ok(waiting);
    }
    let mut last: Option<(usize, usize)> = None;
    let mut offset = at;
    for entry in field.split(',') {
        let seat = read_seat(entry, "waiting", offset)?.index();
        let Some((n, q)) = entry[1..].split_once('@') else {
            return Err(err(
                "waiting",
                offset,
                Problem::Invalid("expected <letter><count>@<quarter>"),
            ));
        };
        let count = parse_u8(n, "waiting", offset + 1)?;
        if count == 0 {
            return Err(err("waiting", offset + 1, Problem::BadNumber));
        }
        let q_at = offset + 2 + n.len();
        let quarter = parse_u32(q, "waiting", q_at)? as usize;
        if !(1..=QUARTERS).contains(&quarter) {
            return Err(err("waiting", q_at, Problem::BadNumber));
        }
        if last.is_some_and(|l| l >= (seat, quarter)) {
            return Err(err(
                "waiting",
                offset,
                Problem::Invalid("entries must be sorted by letter, then quarter, once each"),
            ));
        }
        last = Some((seat, quarter));
        waiting[seat][quarter - 1] = count;
        offset += entry.len() + 1;
    }
    Ok(waiting)
}

/// The off field: `<A's count>/<B's count>`.
fn read_off(field: &str, at: usize) -> Result<[u8; 2], ParseError> {
    let Some((a, b)) = field.split_once('/') else {
        return Err(err(
            "off",
            at,
            Problem::Invalid("expected <A's count>/<B's count>"),
        ));
    };
    Ok([
        parse_u8(a, "off", at)?,
        parse_u8(b, "off", at + a.len() + 1)?,
    ])
}

/// The turn field: `A`, `B`, `-`, or `-A`, `-B`, `-=` for a result the
/// board does not show.
fn read_turn(field: &str, at: usize) -> Result<Turn, ParseError> {
    Ok(match field {
        "A" => Turn::Seat(Seat::new(0)),
        "B" => Turn::Seat(Seat::new(1)),
        "-" => Turn::Nobody,
        "-A" => Turn::Won(Seat::new(0)),
        "-B" => Turn::Won(Seat::new(1)),
        "-=" => Turn::Drawn,
        _ => {
            let c = field
                .chars()
                .find(|c| !matches!(c, 'A' | 'B' | '-' | '='))
                .unwrap_or('?');
            return Err(err("turn", at, Problem::Unexpected(c)));
        }
    })
}

/// The dice field: `-`, or the dice highest first, after `p` when they
/// were passed on and before `+` when an extra throw follows.
fn read_dice(field: &str, at: usize) -> Result<(ArrayVec<u8, MAX_DICE>, bool, bool), ParseError> {
    let mut dice = ArrayVec::new();
    if field == "-" {
        return Ok((dice, false, false));
    }
    let (digits, passed, start) = match field.strip_prefix('p') {
        Some(rest) => (rest, true, at + 1),
        None => (field, false, at),
    };
    let (digits, again) = match digits.strip_suffix('+') {
        Some(rest) => (rest, true),
        None => (digits, false),
    };
    if digits.is_empty() {
        return Err(err("dice", start, Problem::Missing));
    }
    for (i, c) in digits.char_indices() {
        let d = match c {
            '1'..='9' => c as u8 - b'0',
            _ => return Err(err("dice", start + i, Problem::Unexpected(c))),
        };
        if dice.last().is_some_and(|&last| last < d) {
            return Err(err(
                "dice",
                start + i,
                Problem::Invalid("dice must be written highest first"),
            ));
        }
        if dice.try_push(d).is_err() {
            return Err(err(
                "dice",
                at,
                Problem::WrongLength {
                    expected: MAX_DICE,
                    found: digits.chars().count(),
                },
            ));
        }
    }
    Ok((dice, passed, again))
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads the notation, checking only its form. Never panics.
    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let mut fields = Fields::new(text);
        let (t, at) = fields.next_field("points")?;
        let points = read_points(t, at)?;
        let (t, at) = fields.next_field("waiting")?;
        let waiting = read_waiting(t, at)?;
        let (t, at) = fields.next_field("off")?;
        let off = read_off(t, at)?;
        let (t, at) = fields.next_field("turn")?;
        let turn = read_turn(t, at)?;
        let (t, at) = fields.next_field("dice")?;
        let (dice, passed, again) = read_dice(t, at)?;
        let turns = match fields.next_optional() {
            Some((t, at)) => parse_u32(t, "turns", at)?,
            None => 0,
        };
        // The cube's fields come at least two together (cube and offer):
        // a lone field after the turns is trailing text.
        let mut ahead = fields.clone();
        let pair = ahead.next_optional().is_some() && ahead.next_optional().is_some();
        let cube = if pair {
            let (t, at) = fields.next_field("cube")?;
            let (value, owner) = crate::cube_setup::read_cube(t, at)?;
            let (t, at) = fields.next_field("offer")?;
            let offer = crate::cube_setup::read_offer(t, at)?;
            let match_score = match fields.next_optional() {
                Some((t, at)) => Some(crate::cube_setup::read_match(t, at)?),
                None => None,
            };
            Some(CubeSetup {
                value,
                owner,
                offer,
                match_score,
            })
        } else {
            None
        };
        fields.finish()?;
        Ok(Setup {
            points,
            waiting,
            off,
            turn,
            dice,
            passed,
            again,
            turns,
            cube,
        })
    }
}

/// The longest points field: every point holding `A255^`, and commas.
/// Room for the notation but its cube field: six characters a point, and
/// the waiting pieces, borne off, turn, dice and turn count after them.
const POINTS_FIELD: usize = MAX_POINTS * 6 + 96;

/// Appends `c` to the notation being written.
fn push(field: &mut ArrayString<POINTS_FIELD>, c: char) -> fmt::Result {
    field.try_push(c).map_err(|_| fmt::Error)
}

/// Appends `n` in decimal to the notation being written.
fn push_small(field: &mut ArrayString<POINTS_FIELD>, n: u8) -> fmt::Result {
    push_number(field, u32::from(n))
}

/// Appends `n` in decimal to the notation being written.
fn push_number(field: &mut ArrayString<POINTS_FIELD>, n: u32) -> fmt::Result {
    if n >= 10 {
        push_number(field, n / 10)?;
    }
    push(field, char::from(b'0' + (n % 10) as u8))
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The notation (but the cube's field) is made on the stack and
        // written at once: it is written at every step of an environment,
        // and a piece at a time through the formatter costs most of it.
        let mut out = ArrayString::<POINTS_FIELD>::new();
        let text = &mut out;
        for (i, point) in self.points.iter().enumerate() {
            if i > 0 {
                push(text, ',')?;
            }
            match point {
                None => push(text, '.')?,
                Some(p) => {
                    push(text, p.seat.letter())?;
                    push_small(text, p.count)?;
                    if p.stacked {
                        push(text, '^')?;
                    }
                }
            }
        }
        push(text, ' ')?;
        let mut any = false;
        for (seat, quarters) in self.waiting.iter().enumerate() {
            for (q, &n) in quarters.iter().enumerate().filter(|(_, &n)| n > 0) {
                if any {
                    push(text, ',')?;
                }
                any = true;
                push(text, Seat::new(seat as u8).letter())?;
                push_small(text, n)?;
                push(text, '@')?;
                push_number(text, q as u32 + 1)?;
            }
        }
        if !any {
            push(text, '-')?;
        }
        push(text, ' ')?;
        push_small(text, self.off[0])?;
        push(text, '/')?;
        push_small(text, self.off[1])?;
        push(text, ' ')?;
        match self.turn {
            Turn::Seat(s) => push(text, s.letter())?,
            Turn::Nobody => push(text, '-')?,
            Turn::Won(s) => {
                push(text, '-')?;
                push(text, s.letter())?;
            }
            Turn::Drawn => {
                push(text, '-')?;
                push(text, '=')?;
            }
        }
        push(text, ' ')?;
        if self.dice.is_empty() && !self.passed && !self.again {
            push(text, '-')?;
        }
        if self.passed {
            push(text, 'p')?;
        }
        for &d in &self.dice {
            push_small(text, d)?;
        }
        if self.again {
            push(text, '+')?;
        }
        push(text, ' ')?;
        push_number(text, self.turns)?;
        f.write_str(&out)?;
        match &self.cube {
            Some(c) => fmt::Display::fmt(c, f),
            None => Ok(()),
        }
    }
}
