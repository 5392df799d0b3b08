//! The notation's cube fields (games with the cube, resignation or match
//! play): ` <cube> <offer> [<match>]` after the turns.
//!
//! - cube: its value, followed by its owner's letter once turned: `1`,
//!   `2A`, `4B`, … up to `32768A`;
//! - offer: `-` nothing; `?` the player on roll decides before throwing
//!   (roll, double or resign); `?r` the same after a rejected offer to
//!   resign; `D` a double offered (in a finished game: dropped); `R1`,
//!   `R2`, `R3` an offer to resign a single game, a gammon or a backgammon
//!   (in a finished game: accepted);
//! - match (match play only): `<length>:<A's score>-<B's score>`, with `C`
//!   after it in the Crawford game: `7:2-6C`.

use core::fmt;

use racegames_board::notation::{parse_u32, ParseError, Problem};
use racegames_board::Seat;

use crate::cube::{Offer, MAX_CUBE_LOG2};

/// The cube's part of a [`crate::Setup`].
///
/// ```
/// use racegames_board::Seat;
/// use racegames_tables::{MatchScore, Offer, Setup};
/// let text = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 A - 12 2B ? 7:2-6C";
/// let setup: Setup = text.parse().unwrap();
/// let cube = setup.cube.unwrap();
/// assert_eq!((cube.value, cube.owner, cube.offer), (2, Some(Seat::new(1)), Offer::Deciding));
/// assert_eq!(cube.match_score, Some(MatchScore { length: 7, score: [2, 6], crawford: true }));
/// assert_eq!(setup.to_string(), text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeSetup {
    /// The cube's value: 1, 2, 4, … (a power of two up to 2^15).
    pub value: u32,
    /// Its owner; `None` while centred.
    pub owner: Option<Seat>,
    /// The decision under way, or how a finished game ended.
    pub offer: Offer,
    /// The match this game belongs to; `None` in money play.
    pub match_score: Option<MatchScore>,
}

impl Default for CubeSetup {
    /// A centred cube at 1, nothing offered, money play.
    fn default() -> CubeSetup {
        CubeSetup {
            value: 1,
            owner: None,
            offer: Offer::None,
            match_score: None,
        }
    }
}

/// The match a game belongs to, as the notation writes it (`7:2-6C`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchScore {
    /// The match length.
    pub length: u8,
    /// The score before this game, A's then B's.
    pub score: [u8; 2],
    /// This is the Crawford game.
    pub crawford: bool,
}

fn err(field: &'static str, offset: usize, problem: Problem) -> ParseError {
    ParseError::new(field, offset, problem)
}

/// Reads a number of 0 to 255.
fn parse_u8(text: &str, field: &'static str, offset: usize) -> Result<u8, ParseError> {
    let n = parse_u32(text, field, offset)?;
    u8::try_from(n).map_err(|_| err(field, offset, Problem::BadNumber))
}

/// The cube field: a power of two, then the owner's letter.
pub(crate) fn read_cube(field: &str, at: usize) -> Result<(u32, Option<Seat>), ParseError> {
    let (digits, owner) = match field.as_bytes().last() {
        Some(b'A') => (&field[..field.len() - 1], Some(Seat::new(0))),
        Some(b'B') => (&field[..field.len() - 1], Some(Seat::new(1))),
        _ => (field, None),
    };
    let value = parse_u32(digits, "cube", at)?;
    if !value.is_power_of_two() || value > 1 << MAX_CUBE_LOG2 {
        return Err(err(
            "cube",
            at,
            Problem::Invalid("the cube shows a power of 2 from 1 to 32768"),
        ));
    }
    Ok((value, owner))
}

/// The offer field.
pub(crate) fn read_offer(field: &str, at: usize) -> Result<Offer, ParseError> {
    Ok(match field {
        "-" => Offer::None,
        "?" => Offer::Deciding,
        "?r" => Offer::DecidingAfterRejection,
        "D" => Offer::Double,
        "R1" => Offer::Resign(1),
        "R2" => Offer::Resign(2),
        "R3" => Offer::Resign(3),
        _ => {
            return Err(err(
                "offer",
                at,
                Problem::Invalid("expected -, ?, ?r, D, R1, R2 or R3"),
            ))
        }
    })
}

/// The match field: `<length>:<a>-<b>`, `C` after it in the Crawford game.
pub(crate) fn read_match(field: &str, at: usize) -> Result<MatchScore, ParseError> {
    let (body, crawford) = match field.strip_suffix('C') {
        Some(b) => (b, true),
        None => (field, false),
    };
    let form = Problem::Invalid(
        "expected <length>:<A's score>-<B's score>, C after it in the Crawford game",
    );
    let Some((length, scores)) = body.split_once(':') else {
        return Err(err("match", at, form));
    };
    let Some((a, b)) = scores.split_once('-') else {
        return Err(err("match", at, form));
    };
    let a_at = at + length.len() + 1;
    Ok(MatchScore {
        length: parse_u8(length, "match", at)?,
        score: [
            parse_u8(a, "match", a_at)?,
            parse_u8(b, "match", a_at + a.len() + 1)?,
        ],
        crawford,
    })
}

impl fmt::Display for CubeSetup {
    /// ` <cube> <offer>` and, in match play, ` <match>` (with the leading
    /// spaces).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, " {}", self.value)?;
        if let Some(s) = self.owner {
            write!(f, "{}", s.letter())?;
        }
        write!(f, " {}", self.offer)?;
        if let Some(m) = self.match_score {
            write!(f, " {}:{}-{}", m.length, m.score[0], m.score[1])?;
            if m.crawford {
                f.write_str("C")?;
            }
        }
        Ok(())
    }
}
