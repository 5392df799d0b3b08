//! The options of a game: seat count, pieces, and the rule switches
//! (`docs/games/chinese-checkers.md`).

use core::fmt;
use core::str::FromStr;

/// When the game ends (option `finish`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Finish {
    /// The first player to finish wins and the game ends (`"first"`, the default).
    #[default]
    First,
    /// Play goes on without the finished players until all but one have
    /// finished (`"all"`); place k gets (n-1-2k)/(n-1).
    All,
}

impl Finish {
    /// The option's word.
    pub const fn word(self) -> &'static str {
        match self {
            Finish::First => "first",
            Finish::All => "all",
        }
    }
}

impl fmt::Display for Finish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Finish {
    type Err = ();
    fn from_str(s: &str) -> Result<Finish, ()> {
        match s {
            "first" => Ok(Finish::First),
            "all" => Ok(Finish::All),
            _ => Err(()),
        }
    }
}

/// Every option of a Halma-family game. Build one through
/// [`racegames_board::FromParams`] or start from [`Rules::chinese_checkers`] /
/// [`Rules::halma`] and change fields; [`crate::Halma::new`] checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Seats: 2, 3, 4 or 6 on the star; 2 or 4 on the square board.
    pub players: u8,
    /// Pieces per seat: 10 or 15 on the star (15 only with 2 or 3 players);
    /// 19 (2 players) or 13 (4 players) on the square board.
    pub pieces: u8,
    /// `long_jumps`: a jump may pass one piece at distance k over empty holes.
    pub long_jumps: bool,
    /// `wing_rule`: a move may end only in the own camp, the central hexagon
    /// or the target camp (star only).
    pub wing_rule: bool,
    /// `vacate_rule`: the anti-blocking rule (star only).
    pub vacate_rule: bool,
    /// `spoiling_win`: a player also wins when its target camp is full and
    /// holds at least one of its own pieces.
    pub spoiling_win: bool,
    /// `finish`: first or all.
    pub finish: Finish,
    /// `max_turns`: turns before truncation; 0 means no limit.
    pub max_turns: u32,
}

impl Rules {
    /// The defaults of Chinese checkers for `players` seats (10 pieces, wing
    /// and vacate rules on, 1000 turns).
    pub const fn chinese_checkers(players: u8) -> Rules {
        Rules {
            players,
            pieces: 10,
            long_jumps: false,
            wing_rule: true,
            vacate_rule: true,
            spoiling_win: false,
            finish: Finish::First,
            max_turns: 1000,
        }
    }

    /// The defaults of Halma for `players` seats (2 with 19 pieces or 4 with
    /// 13; no wing or vacate rule, 1000 turns).
    pub const fn halma(players: u8) -> Rules {
        Rules {
            players,
            pieces: if players == 4 { 13 } else { 19 },
            long_jumps: false,
            wing_rule: false,
            vacate_rule: false,
            spoiling_win: false,
            finish: Finish::First,
            max_turns: 1000,
        }
    }
}
