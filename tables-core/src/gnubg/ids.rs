//! gnubg's Position ID and Match ID: bit keys in base64 (gnubg's
//! `positionid.c` and `matchid.c`).

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use racegames_board::Seat;

use super::{check_game, check_seat, sides, throw_of, GnubgError, IdKind, Side};
use crate::cube::Offer;
use crate::position::{Phase, Position};
use crate::setup::{Pieces, Setup, Turn};
use crate::Tables;

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Writes the low `8 * nbytes` bits of `key` (least significant first, as
/// bytes) in base64 without padding.
fn write_b64(f: &mut fmt::Formatter<'_>, key: u128, nbytes: usize, nchars: usize) -> fmt::Result {
    let mut bytes = [0u8; 12];
    for (i, b) in bytes.iter_mut().enumerate().take(nbytes) {
        *b = (key >> (8 * i)) as u8;
    }
    for c in 0..nchars {
        // Character c holds bits 6c..6c+5 of the bytes read big-endian.
        let (byte, shift) = (6 * c / 8, 6 * c % 8);
        let pair = (u16::from(bytes[byte]) << 8) | u16::from(bytes[byte + 1]);
        let v = (pair >> (10 - shift)) & 63;
        fmt::Write::write_char(f, char::from(B64[usize::from(v)]))?;
    }
    Ok(())
}

/// The key of an ID: `8 * nbytes` bits, least significant first.
fn read_b64(text: &str, kind: IdKind, nbytes: usize) -> Result<u128, GnubgError> {
    let bad = GnubgError::NotBase64 { kind };
    if text.len() != kind.chars() {
        return Err(bad);
    }
    let mut bytes = [0u8; 12];
    for (c, ch) in text.bytes().enumerate() {
        let v = B64
            .iter()
            .position(|&b| b == ch)
            .ok_or_else(|| bad.clone())? as u16;
        let (byte, shift) = (6 * c / 8, 6 * c % 8);
        let bits = v << (10 - shift);
        bytes[byte] |= (bits >> 8) as u8;
        bytes[byte + 1] |= bits as u8;
    }
    Ok(bytes[..nbytes]
        .iter()
        .enumerate()
        .fold(0, |key, (i, &b)| key | u128::from(b) << (8 * i)))
}

/// gnubg's Position ID: the checkers of both players, checked (at most 15
/// each, no point held by both).
///
/// The key is, for the player not on roll and then for the player on roll
/// (gnubg's `anBoard[0]` and `anBoard[1]`), from the ace point to the
/// 24-point and the bar, a 1 per checker and a 0 per point; 80 bits, least
/// significant first, in base64 (14 characters).
///
/// ```
/// use racegames_tables::gnubg::PositionId;
/// let pid: PositionId = "4HPwATDgc/ABMA".parse().unwrap();
/// let start = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
/// assert_eq!(pid.boards(), &[start, start]);
/// assert_eq!(PositionId::new([start, start]).unwrap().to_string(), "4HPwATDgc/ABMA");
/// assert!("4HPwATDgc/AB!A".parse::<PositionId>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionId {
    boards: [Side; 2],
}

impl PositionId {
    /// The ID of these boards: the player not on roll's, then the player
    /// on roll's, each from its own side.
    ///
    /// # Errors
    ///
    /// [`GnubgError::OverFifteen`] and [`GnubgError::SamePoint`].
    pub fn new(boards: [Side; 2]) -> Result<PositionId, GnubgError> {
        for (player, side) in boards.iter().enumerate() {
            if side.iter().map(|&n| u32::from(n)).sum::<u32>() > 15 {
                return Err(GnubgError::OverFifteen {
                    player: player as u8,
                });
            }
        }
        if (0..24).any(|i| boards[0][i] > 0 && boards[1][23 - i] > 0) {
            return Err(GnubgError::SamePoint);
        }
        Ok(PositionId { boards })
    }

    /// The boards: the player not on roll's, then the player on roll's.
    pub fn boards(&self) -> &[Side; 2] {
        &self.boards
    }

    /// The ID of a backgammon position with `on_roll` on roll (see
    /// [`super::default_on_roll`] for gnubg's choice).
    ///
    /// # Errors
    ///
    /// [`GnubgError::NotBackgammon`], and [`GnubgError::BadSeat`] for a
    /// seat other than A and B.
    pub fn of_position(
        game: &Tables,
        pos: &Position,
        on_roll: Seat,
    ) -> Result<PositionId, GnubgError> {
        let seat = check_seat(on_roll, "on_roll")?.index();
        let [a, b] = sides(game, pos)?;
        let both = [a, b];
        PositionId::new([both[1 - seat], both[seat]])
    }

    /// The racegames setup of this ID with `on_roll` on roll: before its
    /// throw without `dice`, else about to play them; a board where a
    /// player has no checker left is the game over. `turns` is the turn
    /// counter.
    ///
    /// # Errors
    ///
    /// [`GnubgError::NoChecker`], [`GnubgError::BadSeat`] and
    /// [`GnubgError::BadDice`].
    pub fn setup(
        &self,
        on_roll: Seat,
        dice: Option<[u8; 2]>,
        turns: u32,
    ) -> Result<Setup, GnubgError> {
        let seat = check_seat(on_roll, "on_roll")?.index();
        if let Some(d) = dice {
            if !d.iter().all(|f| (1..=6).contains(f)) {
                return Err(GnubgError::BadDice(d));
            }
        }
        let (first, second) = (self.boards[0], self.boards[1]);
        let own = if seat == 0 {
            [second, first]
        } else {
            [first, second]
        };
        let mut setup = Setup::default();
        for (i, point) in setup.points.iter_mut().enumerate() {
            let (a, b) = (own[0][i], own[1][23 - i]);
            *point = match (a, b) {
                (0, 0) => None,
                (0, n) => Some(Pieces {
                    seat: Seat::new(1),
                    count: n,
                    stacked: false,
                }),
                (n, _) => Some(Pieces {
                    seat: Seat::new(0),
                    count: n,
                    stacked: false,
                }),
            };
        }
        // A enters B's home (Q4 of the notation), B enters A's (Q1).
        setup.waiting[0][3] = own[0][24];
        setup.waiting[1][0] = own[1][24];
        let left = own.map(|side| side.iter().map(|&n| u32::from(n)).sum::<u32>());
        if left == [0, 0] {
            return Err(GnubgError::NoChecker);
        }
        setup.off = left.map(|n| 15 - n as u8);
        setup.turns = turns;
        if left.contains(&0) {
            return Ok(setup);
        }
        setup.turn = Turn::Seat(Seat::new(seat as u8));
        if let Some([d1, d2]) = dice {
            let (hi, lo) = (d1.max(d2), d1.min(d2));
            let n = if hi == lo { 4 } else { 2 };
            setup.dice = [hi, lo, hi, lo]
                .into_iter()
                .take(n)
                .collect::<ArrayVec<u8, 4>>();
        }
        Ok(setup)
    }

    /// The backgammon position of this ID (see [`PositionId::setup`]).
    ///
    /// # Errors
    ///
    /// Those of [`PositionId::setup`], [`GnubgError::NotBackgammon`], and
    /// [`GnubgError::Position`] when the game cannot be there (dice that
    /// cannot be played, the turn limit passed).
    pub fn to_position(
        &self,
        game: &Tables,
        on_roll: Seat,
        dice: Option<[u8; 2]>,
        turns: u32,
    ) -> Result<Position, GnubgError> {
        check_game(game)?;
        Ok(game.position(&self.setup(on_roll, dice, turns)?)?)
    }

    fn key(&self) -> u128 {
        let mut key = 0u128;
        let mut bit = 0;
        for side in &self.boards {
            for &count in side {
                key |= ((1u128 << count) - 1) << bit;
                bit += u32::from(count) + 1;
            }
        }
        key
    }
}

impl fmt::Display for PositionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_b64(f, self.key(), 10, 14)
    }
}

impl FromStr for PositionId {
    type Err = GnubgError;

    /// Reads an ID as gnubg does (the last character's four low bits are
    /// not part of the key), refusing what gnubg refuses.
    fn from_str(text: &str) -> Result<PositionId, GnubgError> {
        let key = read_b64(text, IdKind::Position, 10)?;
        let mut boards = [[0u8; 25]; 2];
        let (mut player, mut point) = (0, 0);
        for i in 0..80 {
            let bit = key >> i & 1 == 1;
            if player == 2 {
                if key >> i != 0 {
                    return Err(GnubgError::BitsLeft);
                }
                break;
            }
            if bit {
                // At most 80 ones: no overflow of a u8.
                boards[player][point] += 1;
            } else {
                point += 1;
                if point == 25 {
                    (player, point) = (player + 1, 0);
                }
            }
        }
        if player < 2 {
            return Err(GnubgError::TooManyCheckers);
        }
        PositionId::new(boards)
    }
}

/// What a game is doing (gnubg's `gamestate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// 0: no game started.
    NoGame,
    /// 1: playing.
    Playing,
    /// 2: over.
    Over,
    /// 3: over by a resignation.
    Resigned,
    /// 4: over by a dropped cube.
    Dropped,
}

impl GameState {
    /// gnubg's number, 0 to 4.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The state of gnubg's number; `None` past 4.
    pub const fn from_number(n: u8) -> Option<GameState> {
        match n {
            0 => Some(GameState::NoGame),
            1 => Some(GameState::Playing),
            2 => Some(GameState::Over),
            3 => Some(GameState::Resigned),
            4 => Some(GameState::Dropped),
            _ => None,
        }
    }
}

/// A resignation offered: what it gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resignation {
    /// 1: a single game.
    Single = 1,
    /// 2: a gammon.
    Gammon = 2,
    /// 3: a backgammon.
    Backgammon = 3,
}

/// The fields of a Match ID, any values (see [`MatchId::new`] for the
/// checks). Player numbers 0 and 1 are seats A and B.
///
/// ```
/// use racegames_board::Seat;
/// use racegames_tables::gnubg::{GameState, MatchId, MatchInfo};
/// // gnubg's manual: score 2-4 in a 9 point match, player 0 holds a
/// // 2-cube, player 1 has just rolled 52.
/// let info = MatchInfo {
///     cube: 2,
///     cube_owner: Some(Seat::new(0)),
///     on_roll: Seat::new(1),
///     turn: Seat::new(1),
///     dice: Some([5, 2]),
///     match_length: 9,
///     score: [2, 4],
///     ..MatchInfo::default()
/// };
/// let mid = MatchId::new(info).unwrap();
/// assert_eq!(mid.to_string(), "QYkqASAAIAAA");
/// assert_eq!("QYkqASAAIAAA".parse::<MatchId>().unwrap().info(), &info);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchInfo {
    /// The cube value: 1, 2, 4 … 32768.
    pub cube: u32,
    /// The player who owns the cube; `None` when it is centred.
    pub cube_owner: Option<Seat>,
    /// The player on roll, or who did roll.
    pub on_roll: Seat,
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    /// What the game is doing.
    pub game_state: GameState,
    /// The player who must decide now (differs from `on_roll` after a double).
    pub turn: Seat,
    /// Whether a double is being offered.
    pub doubled: bool,
    /// The resignation offered, if any.
    pub resigned: Option<Resignation>,
    /// The dice rolled, in gnubg's order; `None` before the roll.
    pub dice: Option<[u8; 2]>,
    /// The match length; 0 for money play.
    pub match_length: u16,
    /// The score of players 0 and 1.
    pub score: [u16; 2],
    /// Whether the Jacoby rule holds (gnubg's `fJacoby`, bit 66: on in
    /// money play by default, off in match play).
    pub jacoby: bool,
}

impl Default for MatchInfo {
    /// Money play, cube 1 centred, player 0 on roll in a game under way,
    /// before the roll.
    fn default() -> MatchInfo {
        MatchInfo {
            cube: 1,
            cube_owner: None,
            on_roll: Seat::new(0),
            crawford: false,
            game_state: GameState::Playing,
            turn: Seat::new(0),
            doubled: false,
            resigned: None,
            dice: None,
            match_length: 0,
            score: [0, 0],
            jacoby: true,
        }
    }
}

impl MatchInfo {
    /// The fields of a racegames backgammon position: the cube, its owner,
    /// the match length, the score and the Crawford flag (a centred 1-cube
    /// in money play without the cube), a double or an offer to resign
    /// under way (then `turn` is the opponent, who answers), and a game
    /// ended by a dropped double ([`GameState::Dropped`], the doubler on
    /// roll) or an accepted resignation ([`GameState::Resigned`], with its
    /// level). The player on roll is `on_roll`,
    /// else [`super::default_on_roll`]'s; the dice `dice`, else the
    /// position's throw (none before it is thrown and once the game is
    /// over). The game state is [`GameState::NoGame`] before the roll-off,
    /// [`GameState::Over`] once the game is over, else
    /// [`GameState::Playing`].
    ///
    /// # Errors
    ///
    /// [`GnubgError::NotBackgammon`], [`GnubgError::BadSeat`],
    /// [`GnubgError::BadDice`], and [`GnubgError::MidTurn`] in the middle
    /// of a turn without `dice`.
    pub fn of_position(
        game: &Tables,
        pos: &Position,
        on_roll: Option<Seat>,
        dice: Option<[u8; 2]>,
    ) -> Result<MatchInfo, GnubgError> {
        check_game(game)?;
        let seat = match on_roll {
            Some(s) => check_seat(s, "on_roll")?,
            None => super::default_on_roll(pos),
        };
        let dice = match dice {
            Some(d) if d.iter().all(|f| (1..=6).contains(f)) => {
                Some([d[0].max(d[1]), d[0].min(d[1])])
            }
            Some(d) => return Err(GnubgError::BadDice(d)),
            None => throw_of(pos)?,
        };
        let offer = pos.offer();
        let over = pos.phase() == Phase::Over;
        let game_state = match (pos.phase(), pos.turn(), offer) {
            (Phase::Over, _, Offer::Double) => GameState::Dropped,
            (Phase::Over, _, Offer::Resign(_)) => GameState::Resigned,
            (Phase::Over, _, _) => GameState::Over,
            (_, None, _) => GameState::NoGame,
            _ => GameState::Playing,
        };
        // A dropped double: the doubler was on roll (he won).
        let seat = match (on_roll, game_state, pos.winner()) {
            (None, GameState::Dropped, Some(w)) => w,
            _ => seat,
        };
        let pending = pos.phase() == Phase::Cube;
        let doubled = pending && offer == Offer::Double;
        let resigned = match offer {
            Offer::Resign(1) if pending || over => Some(Resignation::Single),
            Offer::Resign(2) if pending || over => Some(Resignation::Gammon),
            Offer::Resign(3) if pending || over => Some(Resignation::Backgammon),
            _ => None,
        };
        // The opponent answers a double or an offer to resign, and keeps
        // the turn once he has dropped or accepted (gnubg's `fTurn`).
        let answered = matches!(game_state, GameState::Dropped | GameState::Resigned);
        let turn = if answered || (pending && (doubled || resigned.is_some())) {
            seat.next(2)
        } else {
            seat
        };
        // Once a cubeful game is over gnubg's score counts its points, and
        // its Crawford flag tells whether the next game is the Crawford game.
        let [mut a, mut b] = pos.match_score();
        let length = pos.match_length();
        let mut crawford = pos.is_crawford_game();
        if let Some(w) = pos.winner().filter(|_| over && game.variant.is_cubeful()) {
            let pre_crawford = !crawford && a + 1 != length && b + 1 != length;
            let won = game.points(pos) as u32;
            let new = if w.index() == 0 { &mut a } else { &mut b };
            *new += won;
            crawford = length > 0 && pre_crawford && *new + 1 == length;
        }
        Ok(MatchInfo {
            cube: pos.cube_value(),
            cube_owner: pos.cube_owner(),
            on_roll: seat,
            crawford,
            turn,
            game_state,
            doubled,
            resigned,
            dice,
            match_length: pos.match_length() as u16,
            score: [a as u16, b as u16],
            jacoby: pos.match_length() == 0 && game.variant.jacoby,
        })
    }

    /// Checks the fields: what [`MatchId::new`] refuses.
    ///
    /// # Errors
    ///
    /// See [`MatchId::new`].
    pub fn check(&self) -> Result<(), GnubgError> {
        if !self.cube.is_power_of_two() || self.cube > 1 << 15 {
            return Err(GnubgError::BadCube(self.cube));
        }
        if let Some(owner) = self.cube_owner {
            check_seat(owner, "cube_owner")?;
        }
        check_seat(self.on_roll, "on_roll")?;
        check_seat(self.turn, "turn")?;
        if let Some(d) = self.dice {
            if !d.iter().all(|f| (1..=6).contains(f)) {
                return Err(GnubgError::BadDice(d));
            }
        }
        for (field, value) in [
            ("match_length", self.match_length),
            ("score", self.score[0]),
            ("score", self.score[1]),
        ] {
            if value > 0x7FFF {
                return Err(GnubgError::FieldTooWide {
                    field,
                    width: 15,
                    value: u32::from(value),
                });
            }
        }
        // gnubg writes the winning score of a match once its last game is
        // over (and refuses it on reading: see `from_str`).
        let over = matches!(
            self.game_state,
            GameState::Over | GameState::Resigned | GameState::Dropped
        );
        if self.match_length > 0 && !over && self.score.iter().any(|&s| s > self.match_length) {
            return Err(GnubgError::ScoreAboveLength);
        }
        if self.match_length == 0 && self.crawford {
            return Err(GnubgError::CrawfordInMoney);
        }
        Ok(())
    }
}

/// gnubg's Match ID: a checked [`MatchInfo`], 66 bits (least significant
/// first) in base64, 12 characters.
///
/// Its checks are those of gnubg's reading: a cube that is a power of two
/// up to 32768, seats A and B, dice of faces 1 to 6, match length and
/// scores of 15 bits, no score above the match length, no Crawford game in
/// money play.
///
/// ```
/// use racegames_tables::gnubg::{MatchId, MatchInfo};
/// let money: MatchId = "cAkAAAAAAAAA".parse().unwrap();
/// assert_eq!(money.info().match_length, 0);
/// assert_eq!(money.to_string(), "cAkAAAAAAAAA");
/// assert!("QYkqASAAIAA".parse::<MatchId>().is_err());
/// let crawford = MatchInfo { crawford: true, ..MatchInfo::default() };
/// assert!(MatchId::new(crawford).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    info: MatchInfo,
}

impl MatchId {
    /// The ID of these fields.
    ///
    /// # Errors
    ///
    /// [`GnubgError::BadCube`], [`GnubgError::BadSeat`],
    /// [`GnubgError::BadDice`], [`GnubgError::FieldTooWide`],
    /// [`GnubgError::ScoreAboveLength`], [`GnubgError::CrawfordInMoney`].
    pub fn new(info: MatchInfo) -> Result<MatchId, GnubgError> {
        info.check()?;
        Ok(MatchId { info })
    }

    /// The fields.
    pub fn info(&self) -> &MatchInfo {
        &self.info
    }

    fn key(&self) -> u128 {
        let i = &self.info;
        let dice = i.dice.unwrap_or([0, 0]);
        let fields: [(u32, u32); 14] = [
            (i.cube.trailing_zeros(), 4),
            (i.cube_owner.map_or(3, |s| s.index() as u32), 2),
            (i.on_roll.index() as u32, 1),
            (u32::from(i.crawford), 1),
            (u32::from(i.game_state.number()), 3),
            (i.turn.index() as u32, 1),
            (u32::from(i.doubled), 1),
            (i.resigned.map_or(0, |r| r as u32), 2),
            (u32::from(dice[0]), 3),
            (u32::from(dice[1]), 3),
            (u32::from(i.match_length), 15),
            (u32::from(i.score[0]), 15),
            (u32::from(i.score[1]), 15),
            (u32::from(!i.jacoby), 1),
        ];
        let mut key = 0u128;
        let mut bit = 0;
        for (value, width) in fields {
            key |= u128::from(value & ((1 << width) - 1)) << bit;
            bit += width;
        }
        key
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_b64(f, self.key(), 9, 12)
    }
}

impl FromStr for MatchId {
    type Err = GnubgError;

    /// Reads an ID, refusing what gnubg refuses: dice that are not a throw,
    /// a game state past 4, and [`MatchId::new`]'s checks.
    fn from_str(text: &str) -> Result<MatchId, GnubgError> {
        let key = read_b64(text, IdKind::Match, 9)?;
        let get = |start: u32, width: u32| (key >> start) as u32 & ((1 << width) - 1);
        let seat = |v: u32| Seat::new(v as u8);
        let dice = [get(15, 3) as u8, get(18, 3) as u8];
        if dice.iter().any(|&d| d > 6) || (dice.contains(&0) && dice != [0, 0]) {
            return Err(GnubgError::BadDice(dice));
        }
        let state = get(8, 3) as u8;
        let game_state =
            GameState::from_number(state).ok_or(GnubgError::UnknownGameState(state))?;
        let owner = get(4, 2);
        let resigned = match get(13, 2) {
            1 => Some(Resignation::Single),
            2 => Some(Resignation::Gammon),
            3 => Some(Resignation::Backgammon),
            _ => None,
        };
        let (length, score) = (get(21, 15), [get(36, 15), get(51, 15)]);
        if length > 0 && score.iter().any(|&s| s > length) {
            return Err(GnubgError::ScoreAboveLength);
        }
        MatchId::new(MatchInfo {
            cube: 1 << get(0, 4),
            cube_owner: (owner < 2).then(|| seat(owner)),
            on_roll: seat(get(6, 1)),
            crawford: get(7, 1) == 1,
            game_state,
            turn: seat(get(11, 1)),
            doubled: get(12, 1) == 1,
            resigned,
            dice: (dice != [0, 0]).then_some(dice),
            match_length: get(21, 15) as u16,
            score: [get(36, 15) as u16, get(51, 15) as u16],
            jacoby: get(66, 1) == 0,
        })
    }
}
