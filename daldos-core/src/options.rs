//! The game's options, each a parameter of one rules engine.

use racegames_board::params::{
    expect_bool, expect_count, expect_word, ParamError, ParamList, ParamValue,
};

use crate::Board;

/// Which undalled pieces a dal may turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dalling {
    /// Any undalled piece whose hole ahead holds no friendly piece (default).
    #[default]
    Free,
    /// Only the player's undalled piece nearest the stern.
    SternOnly,
}

/// Which enemy pieces an added move removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Capture {
    /// Only the enemy on the final hole (default).
    #[default]
    Final,
    /// Also the enemy on the hole reached with the first die.
    Intermediate,
}

/// Whether pieces may pass over enemy pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Jumping {
    /// Enemy pieces may be jumped, friendly ones never (default).
    #[default]
    Allowed,
    /// No piece may be jumped (Ludii's reading).
    Forbidden,
}

/// Every option of Daldøs, with its default (`docs/games/daldos.md`).
///
/// With the `serde` feature, a field left out reads as its default, and a
/// field that is no option is an error.
///
/// Options will grow, so the struct is `#[non_exhaustive]`: outside this
/// crate, build one from [`Options::default`] with the `with_` methods (or
/// set its public fields).
///
/// ```
/// use racegames_daldos::{Board, Dalling, Options};
/// let o = Options::default()
///     .with_board(Board::Norwegian)
///     .with_dalling(Dalling::SternOnly);
/// assert_eq!((o.board, o.dalling, o.max_turns), (Board::Norwegian, Dalling::SternOnly, 1000));
/// ```
///
/// A struct literal does not compile outside the crate, even one that takes
/// the rest from the defaults:
///
/// ```compile_fail,E0639
/// use racegames_daldos::{Board, Options};
/// let o = Options { board: Board::Norwegian, ..Options::default() };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct Options {
    /// `board = danish | norwegian`.
    pub board: Board,
    /// `dalling = free | stern_only`.
    pub dalling: Dalling,
    /// `capture = final | intermediate`.
    pub capture: Capture,
    /// `jumping = allowed | forbidden`.
    pub jumping: Jumping,
    /// `lose_at_one`: the first player reduced to one piece loses.
    pub lose_at_one: bool,
    /// `max_turns`: turns after which the game stops with returns of 0; 0
    /// means no limit.
    pub max_turns: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            board: Board::Danish,
            dalling: Dalling::Free,
            capture: Capture::Final,
            jumping: Jumping::Allowed,
            lose_at_one: false,
            max_turns: 1000,
        }
    }
}

pub(crate) const GAME: &str = "daldos";
const KNOWN: &str = "board, dalling, capture, jumping, lose_at_one, max_turns";
// The words of each option, in the order of the enum's variants.
const BOARD_WORDS: [&str; 2] = ["danish", "norwegian"];
const DALLING_WORDS: [&str; 2] = ["free", "stern_only"];
const CAPTURE_WORDS: [&str; 2] = ["final", "intermediate"];
const JUMPING_WORDS: [&str; 2] = ["allowed", "forbidden"];

impl Options {
    /// These options with `board`.
    #[must_use]
    pub const fn with_board(mut self, board: Board) -> Options {
        self.board = board;
        self
    }

    /// These options with `dalling`.
    #[must_use]
    pub const fn with_dalling(mut self, dalling: Dalling) -> Options {
        self.dalling = dalling;
        self
    }

    /// These options with `capture`.
    #[must_use]
    pub const fn with_capture(mut self, capture: Capture) -> Options {
        self.capture = capture;
        self
    }

    /// These options with `jumping`.
    #[must_use]
    pub const fn with_jumping(mut self, jumping: Jumping) -> Options {
        self.jumping = jumping;
        self
    }

    /// These options with `lose_at_one`.
    #[must_use]
    pub const fn with_lose_at_one(mut self, lose_at_one: bool) -> Options {
        self.lose_at_one = lose_at_one;
        self
    }

    /// These options with `max_turns` (0: no limit).
    #[must_use]
    pub const fn with_max_turns(mut self, max_turns: u32) -> Options {
        self.max_turns = max_turns;
        self
    }

    /// Sets one option by its name, as `make_game` passes them.
    ///
    /// # Errors
    ///
    /// [`ParamError`] for an unknown option or a value it does not take; the
    /// options are then unchanged.
    ///
    /// ```
    /// use racegames_board::ParamValue;
    /// use racegames_daldos::{Board, Options};
    /// let mut o = Options::default();
    /// o.set("board", ParamValue::Str("norwegian")).unwrap();
    /// assert_eq!(o.board, Board::Norwegian);
    /// assert!(o.set("colour", ParamValue::Str("red")).is_err());
    /// ```
    pub fn set(&mut self, name: &str, value: ParamValue<'_>) -> Result<(), ParamError> {
        match name {
            "board" => {
                let i = expect_word(
                    GAME,
                    "board",
                    value,
                    &BOARD_WORDS,
                    "\"danish\" or \"norwegian\"",
                )?;
                self.board = Board::ALL[i];
            }
            "dalling" => {
                let i = expect_word(
                    GAME,
                    "dalling",
                    value,
                    &DALLING_WORDS,
                    "\"free\" or \"stern_only\"",
                )?;
                self.dalling = [Dalling::Free, Dalling::SternOnly][i];
            }
            "capture" => {
                let i = expect_word(
                    GAME,
                    "capture",
                    value,
                    &CAPTURE_WORDS,
                    "\"final\" or \"intermediate\"",
                )?;
                self.capture = [Capture::Final, Capture::Intermediate][i];
            }
            "jumping" => {
                let i = expect_word(
                    GAME,
                    "jumping",
                    value,
                    &JUMPING_WORDS,
                    "\"allowed\" or \"forbidden\"",
                )?;
                self.jumping = [Jumping::Allowed, Jumping::Forbidden][i];
            }
            "lose_at_one" => self.lose_at_one = expect_bool(GAME, "lose_at_one", value)?,
            "max_turns" => {
                self.max_turns = expect_count(
                    GAME,
                    "max_turns",
                    value,
                    u32::MAX,
                    "a whole number of turns from 0 to 4294967295, 0 for no limit",
                )?
            }
            other => return Err(ParamError::unknown(GAME, other, KNOWN)),
        }
        Ok(())
    }

    /// Every option with its value, as [`Options::set`] takes them.
    ///
    /// ```
    /// use racegames_board::ParamValue;
    /// use racegames_daldos::Options;
    /// let params = Options::default().params();
    /// assert_eq!(params[0], ("board", ParamValue::Str("danish")));
    /// assert_eq!(params[5], ("max_turns", ParamValue::Int(1000)));
    /// ```
    pub fn params(&self) -> ParamList {
        [
            ("board", ParamValue::Str(BOARD_WORDS[self.board as usize])),
            (
                "dalling",
                ParamValue::Str(DALLING_WORDS[self.dalling as usize]),
            ),
            (
                "capture",
                ParamValue::Str(CAPTURE_WORDS[self.capture as usize]),
            ),
            (
                "jumping",
                ParamValue::Str(JUMPING_WORDS[self.jumping as usize]),
            ),
            ("lose_at_one", ParamValue::Bool(self.lose_at_one)),
            ("max_turns", ParamValue::Int(i64::from(self.max_turns))),
        ]
        .into_iter()
        .collect()
    }
}
