//! The options of a game: seat count, pieces, and the rule switches
//! (`docs/games/chinese-checkers.md`), and reading them from named
//! parameters ([`FromParams`]).

use core::fmt;
use core::str::FromStr;

use racegames_board::params::{expect_bool, expect_count, expect_word};
use racegames_board::{FromParams, ParamError, ParamList, ParamValue};

use crate::geometry::{Square, Star};
use crate::Halma;

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
/// [`Rules::halma`] and change fields (or chain the `with_` methods);
/// [`crate::Halma::new`] checks it. Options will grow, so the struct is
/// `#[non_exhaustive]`: outside this crate it is built that way, not as a
/// struct literal.
///
/// ```
/// use racegames_halma::{ChineseCheckers, Finish, Rules};
/// let rules = Rules::chinese_checkers(3).with_finish(Finish::All).with_max_turns(500);
/// assert_eq!((rules.players, rules.pieces, rules.finish), (3, 10, Finish::All));
/// assert!(ChineseCheckers::new(rules).is_ok());
/// assert!(ChineseCheckers::new(rules.with_pieces(12)).is_err());
/// ```
///
/// ```compile_fail,E0639
/// use racegames_halma::Rules;
/// let rules = Rules { max_turns: 10, ..Rules::halma(2) };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
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

/// Chained setters, one per option: `rules.with_x(v)` is `rules` with
/// `x = v` (checked by [`crate::Halma::new`], not here).
impl Rules {
    /// These rules with `players` seats (the other options as they are).
    #[must_use]
    pub const fn with_players(mut self, players: u8) -> Rules {
        self.players = players;
        self
    }

    /// These rules with `pieces` per seat.
    #[must_use]
    pub const fn with_pieces(mut self, pieces: u8) -> Rules {
        self.pieces = pieces;
        self
    }

    /// These rules with `long_jumps`.
    #[must_use]
    pub const fn with_long_jumps(mut self, long_jumps: bool) -> Rules {
        self.long_jumps = long_jumps;
        self
    }

    /// These rules with `wing_rule`.
    #[must_use]
    pub const fn with_wing_rule(mut self, wing_rule: bool) -> Rules {
        self.wing_rule = wing_rule;
        self
    }

    /// These rules with `vacate_rule`.
    #[must_use]
    pub const fn with_vacate_rule(mut self, vacate_rule: bool) -> Rules {
        self.vacate_rule = vacate_rule;
        self
    }

    /// These rules with `spoiling_win`.
    #[must_use]
    pub const fn with_spoiling_win(mut self, spoiling_win: bool) -> Rules {
        self.spoiling_win = spoiling_win;
        self
    }

    /// These rules with `finish`.
    #[must_use]
    pub const fn with_finish(mut self, finish: Finish) -> Rules {
        self.finish = finish;
        self
    }

    /// These rules with `max_turns` (0: no limit).
    #[must_use]
    pub const fn with_max_turns(mut self, max_turns: u32) -> Rules {
        self.max_turns = max_turns;
        self
    }
}

const MAX_TURNS_LIMIT: u32 = 1_000_000_000;
const CC_KNOWN: &str =
    "players, pieces, long_jumps, wing_rule, vacate_rule, spoiling_win, finish, max_turns";
const HALMA_KNOWN: &str = "players, finish, max_turns";

/// The words of `finish`, in the order of [`Finish`]'s variants.
const FINISH_WORDS: [&str; 2] = ["first", "all"];

fn read_finish(game: &'static str, v: ParamValue<'_>) -> Result<Finish, ParamError> {
    let i = expect_word(game, "finish", v, &FINISH_WORDS, "\"first\" or \"all\"")?;
    Ok(if i == 0 { Finish::First } else { Finish::All })
}

/// The seat count, read before the other options because their defaults
/// depend on it.
fn read_players(
    game: &'static str,
    params: &[(&str, ParamValue<'_>)],
    max: u32,
    expected: &'static str,
) -> Result<u8, ParamError> {
    let mut players = 2;
    for (k, v) in params {
        if *k == "players" {
            players = expect_count(game, "players", *v, max, expected)? as u8;
        }
    }
    Ok(players)
}

/// Reads an option both boards have into `rules`; `false` for any other
/// name (`players` counts as read: [`read_players`] took it).
fn read_shared_option(
    game: &'static str,
    rules: &mut Rules,
    key: &str,
    v: ParamValue<'_>,
) -> Result<bool, ParamError> {
    match key {
        "players" => {}
        "finish" => rules.finish = read_finish(game, v)?,
        "max_turns" => {
            rules.max_turns = expect_count(
                game,
                "max_turns",
                v,
                MAX_TURNS_LIMIT,
                "a count from 0 to 1000000000, 0 for no limit",
            )?
        }
        _ => return Ok(false),
    }
    Ok(true)
}

impl FromParams for Halma<Star> {
    const NAMES: &'static [&'static str] = &["chinese_checkers"];

    fn from_params(name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Self, ParamError> {
        const G: &str = "chinese_checkers";
        if name != G {
            return Err(ParamError::unknown_game(
                G,
                name,
                "the game chinese_checkers",
            ));
        }
        let mut rules = Rules::chinese_checkers(read_players(G, params, 6, "2, 3, 4 or 6")?);
        for &(k, v) in params {
            if read_shared_option(G, &mut rules, k, v)? {
                continue;
            }
            match k {
                "pieces" => rules.pieces = expect_count(G, "pieces", v, 15, "10 or 15")? as u8,
                "long_jumps" => rules.long_jumps = expect_bool(G, "long_jumps", v)?,
                "wing_rule" => rules.wing_rule = expect_bool(G, "wing_rule", v)?,
                "vacate_rule" => rules.vacate_rule = expect_bool(G, "vacate_rule", v)?,
                "spoiling_win" => rules.spoiling_win = expect_bool(G, "spoiling_win", v)?,
                other => return Err(ParamError::unknown(G, other, CC_KNOWN)),
            }
        }
        Halma::new(rules)
    }

    fn params(&self) -> ParamList {
        let r = &self.rules;
        let mut out = shared_params(r);
        out.extend([
            ("pieces", ParamValue::Int(i64::from(r.pieces))),
            ("long_jumps", ParamValue::Bool(r.long_jumps)),
            ("wing_rule", ParamValue::Bool(r.wing_rule)),
            ("vacate_rule", ParamValue::Bool(r.vacate_rule)),
            ("spoiling_win", ParamValue::Bool(r.spoiling_win)),
        ]);
        out
    }
}

impl FromParams for Halma<Square> {
    const NAMES: &'static [&'static str] = &["halma"];

    fn from_params(name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Self, ParamError> {
        const G: &str = "halma";
        if name != G {
            return Err(ParamError::unknown_game(G, name, "the game halma"));
        }
        let mut rules = Rules::halma(read_players(G, params, 4, "2 or 4")?);
        for &(k, v) in params {
            if !read_shared_option(G, &mut rules, k, v)? {
                return Err(ParamError::unknown(G, k, HALMA_KNOWN));
            }
        }
        Halma::new(rules)
    }

    fn params(&self) -> ParamList {
        shared_params(&self.rules)
    }
}

/// The options both boards have, with their values.
fn shared_params(r: &Rules) -> ParamList {
    [
        ("players", ParamValue::Int(i64::from(r.players))),
        ("finish", ParamValue::Str(FINISH_WORDS[r.finish as usize])),
        ("max_turns", ParamValue::Int(i64::from(r.max_turns))),
    ]
    .into_iter()
    .collect()
}
