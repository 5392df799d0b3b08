//! gnubg's match files (`.mat`, the Jellyfish format gnubg imports with
//! `import mat` and writes with `export match mat`): writing, and the
//! checker moves of a turn.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use racegames_board::{Action, Game, Node, Seat};

use super::{check_game, sides, GnubgError, Side};
use crate::cube::CubeAction;
use crate::position::Position;
use crate::Tables;

/// One checker move in gnubg's numbering, the mover's points: 25 the bar,
/// 1 to 24, 0 off; written `24/18`, `*` after a hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CheckerMove {
    /// The point it leaves (25: the bar).
    pub from: u8,
    /// The point it reaches (0: off).
    pub to: u8,
    /// Whether it hits a blot there.
    pub hit: bool,
}

impl fmt::Display for CheckerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}{}",
            self.from,
            self.to,
            if self.hit { "*" } else { "" }
        )
    }
}

/// (from, to) of a backgammon checker action, in the mover's numbering.
pub(crate) fn action_points(action: Action) -> (u8, u8) {
    let (source, die) = (action / 6, action % 6);
    let start = if source >= 24 { 25 } else { 24 - source as u8 };
    (start, start.saturating_sub(die as u8 + 1))
}

impl CheckerMove {
    /// The checker move of racegames action `action` (a legal move of the
    /// player to move in `pos`, a backgammon position), with its hit.
    pub fn of_action(sides: &[Side; 2], mover: Seat, action: Action) -> CheckerMove {
        let (from, to) = action_points(action);
        let theirs = &sides[1 - (mover.index() & 1)];
        let hit = to > 0 && theirs[usize::from(24 - to)] == 1;
        CheckerMove { from, to, hit }
    }
}

/// One entry of a match file: a player's throw and the checker moves it
/// played (none when it cannot move).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatTurn {
    /// A (the left column) or B (the right column).
    pub player: Seat,
    /// The throw, highest first.
    pub dice: [u8; 2],
    /// The checker moves, in the order played.
    pub moves: Vec<CheckerMove>,
}

impl MatTurn {
    /// gnubg's move text: `8/5 6/5`, `25/20* 13/7`; empty when it cannot move.
    pub fn move_text(&self) -> String {
        let mut out = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            let sep = if i > 0 { " " } else { "" };
            let _ = write!(out, "{sep}{m}");
        }
        out
    }
}

/// One entry of a match file: a turn (its throw and moves) or a cube
/// action, in the column of the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatAction {
    /// A throw and the moves played with it.
    Turn(MatTurn),
    /// `Doubles => value`: the doubler and the cube's new value.
    Double(Seat, u32),
    /// `Takes`: the taker.
    Take(Seat),
    /// `Drops`: the player who drops.
    Drop(Seat),
}

impl MatAction {
    /// The player (the column) of the entry.
    pub fn player(&self) -> Seat {
        match self {
            MatAction::Turn(t) => t.player,
            MatAction::Double(p, _) | MatAction::Take(p) | MatAction::Drop(p) => *p,
        }
    }

    /// The entry's text, as gnubg writes it: `52: 13/8 13/11`,
    /// ` Doubles => 2`, ` Takes`, ` Drops`.
    pub fn text(&self) -> String {
        match self {
            MatAction::Turn(t) => format!("{}{}: {}", t.dice[0], t.dice[1], t.move_text()),
            MatAction::Double(_, v) => format!(" Doubles => {v}"),
            MatAction::Take(_) => " Takes".into(),
            MatAction::Drop(_) => " Drops".into(),
        }
    }
}

/// Why a game cannot be written to a match file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatError {
    /// Not a backgammon game.
    #[error(transparent)]
    Gnubg(#[from] GnubgError),
    /// Action `index` is not legal where it comes.
    #[error("action {index}: {problem}")]
    Action {
        /// Its index in the game's actions.
        index: usize,
        /// What is wrong.
        problem: String,
    },
    /// A player's name a match file cannot hold (see [`check_name`]).
    #[error("{0}")]
    Name(String),
    /// A match file that cannot be read: the message names the line.
    #[error("{0}")]
    Read(String),
    /// Games that cannot be written as one match file: the message says why.
    #[error("{0}")]
    Match(String),
}

/// A game's turns as match-file entries, and the position it ends in
/// (the cube actions left out: see [`game_entries`]).
///
/// # Errors
///
/// Those of [`game_entries`].
pub fn game_turns(game: &Tables, actions: &[Action]) -> Result<(Vec<MatTurn>, Position), MatError> {
    let (entries, pos) = game_entries(game, actions)?;
    let turns = entries
        .into_iter()
        .filter_map(|e| match e {
            MatAction::Turn(t) => Some(t),
            _ => None,
        })
        .collect();
    Ok((turns, pos))
}

/// A game's entries in a match file (its turns, doubles, takes and
/// drops), and the position it ends in. `actions` are racegames action
/// ids from the initial position, chance included; each is checked. The
/// decision to throw without doubling, an offer to resign and its answer
/// write no entry: the file shows an accepted resignation by its `Wins`
/// line, and has no place for a rejected one.
///
/// # Errors
///
/// [`MatError::Action`] naming the first action that does not apply, and
/// [`GnubgError::NotBackgammon`].
pub fn game_entries(
    game: &Tables,
    actions: &[Action],
) -> Result<(Vec<MatAction>, Position), MatError> {
    check_game(game)?;
    let mut pos = game.new_initial_state();
    let mut entries: Vec<MatAction> = Vec::new();
    let mut turn: Option<usize> = None;
    for (index, &action) in actions.iter().enumerate() {
        let bad = |problem: String| MatError::Action { index, problem };
        match game.node(&pos) {
            Node::Terminal => return Err(bad("the game is already over".into())),
            Node::Chance => {
                if !game.is_legal(&pos, action) {
                    return Err(bad(format!("{action} is not a chance outcome here")));
                }
                let mut text = String::new();
                let _ = game.write_action(&pos, action, &mut text);
                let thrower = pos.turn();
                game.apply_legal(&mut pos, action);
                let mut faces: Vec<u8> = text
                    .bytes()
                    .filter(u8::is_ascii_digit)
                    .map(|b| b - b'0')
                    .collect();
                faces.sort_unstable_by(|a, b| b.cmp(a));
                // A throw that cannot be played passes at once; after the
                // roll-off the turn owner is the player who plays it.
                let Some(player) = thrower.or(pos.turn()) else {
                    return Err(bad("a throw with no player to move".into()));
                };
                let (&hi, &lo) = (faces.first().unwrap_or(&0), faces.get(1).unwrap_or(&0));
                turn = Some(entries.len());
                entries.push(MatAction::Turn(MatTurn {
                    player,
                    dice: [hi, lo],
                    moves: Vec::new(),
                }));
            }
            Node::Decision(mover) => {
                if !game.is_legal(&pos, action) {
                    let mut shown = String::new();
                    let _ = game.write_notation(&pos, &mut shown);
                    return Err(bad(format!("{action} is not legal in {shown:?}")));
                }
                match game.cube_action(action) {
                    Some(CubeAction::Double) => {
                        entries.push(MatAction::Double(mover, pos.cube_value() * 2));
                    }
                    Some(CubeAction::Take) => entries.push(MatAction::Take(mover)),
                    Some(CubeAction::Drop) => entries.push(MatAction::Drop(mover)),
                    Some(_) => {}
                    None => {
                        let mv = CheckerMove::of_action(&sides(game, &pos)?, mover, action);
                        if let Some(MatAction::Turn(t)) = turn.and_then(|i| entries.get_mut(i)) {
                            t.moves.push(mv);
                        }
                    }
                }
                game.apply_legal(&mut pos, action);
            }
        }
    }
    Ok((entries, pos))
}

/// The winner of a finished game and gnubg's count of it: 1 single, 2
/// gammon, 3 backgammon; `None` for a game not over or cut by the turn
/// limit.
pub fn game_points(game: &Tables, pos: &Position) -> Option<(Seat, u8)> {
    let winner = pos.winner()?;
    let loser = sides(game, pos).ok()?[1 - (winner.index() & 1)];
    let points = if loser.iter().map(|&n| u32::from(n)).sum::<u32>() < 15 {
        1
    } else if loser[24] > 0 || loser[18..24].iter().any(|&n| n > 0) {
        3
    } else {
        2
    };
    Some((winner, points))
}

/// gnubg keeps a player's name in 32 bytes, its end included (`MAX_NAME_LEN`).
pub const MAX_NAME_BYTES: usize = 31;

/// `name` if a match file can hold it so that gnubg and this crate read it
/// back the same: one line (no control character, no line or paragraph
/// separator), no `:` (it ends the name) or `,` (gnubg reads a rating
/// after it), no leading `;` or `#` (a comment), no space at either end,
/// at most 31 bytes of UTF-8 (gnubg cuts the rest). `what` names it in the
/// error.
///
/// ```
/// use racegames_tables::gnubg::check_name;
/// assert!(check_name("Alice", "a player name").is_ok());
/// assert!(check_name("a:b", "a player name").is_err());
/// ```
///
/// # Errors
///
/// [`MatError::Name`], saying why.
pub fn check_name<'a>(name: &'a str, what: &str) -> Result<&'a str, MatError> {
    let shown = short(name);
    if name.trim().is_empty() {
        return Err(MatError::Name(format!("{what} is empty")));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| matches!(c, ':' | ',' | '\u{2028}' | '\u{2029}') || c.is_control())
    {
        return Err(MatError::Name(format!(
            "{what} {shown} holds {c:?}: a match file cannot hold it"
        )));
    }
    if name != name.trim() || name.starts_with([';', '#']) {
        return Err(MatError::Name(format!(
            "{what} {shown} starts or ends with a space, or starts with ';' or '#'"
        )));
    }
    if name.len() > MAX_NAME_BYTES {
        return Err(MatError::Name(format!(
            "{what} {shown} is longer than gnubg's {MAX_NAME_BYTES} bytes"
        )));
    }
    Ok(name)
}

/// `text` quoted, cut short: messages stay readable whatever the file holds.
pub(crate) fn short(text: &str) -> String {
    if text.chars().count() <= 40 {
        format!("'{text}'")
    } else {
        let cut: String = text.chars().take(37).collect();
        format!("'{cut}...'")
    }
}

/// One game as match-file lines, laid out as gnubg's `export match mat`:
/// ` Game <number>`, the players and their score before the game, a
/// numbered line per pair of turns (A's on the left, B's on the right) and
/// `Wins <n> point(s)` under the winner's column; a blank line ends it.
/// Returns the position the game ends in.
///
/// # Errors
///
/// Those of [`game_turns`] and [`check_name`].
pub fn write_game(
    out: &mut String,
    game: &Tables,
    actions: &[Action],
    number: u32,
    names: [&str; 2],
    score: [u32; 2],
) -> Result<Position, MatError> {
    let (entries, pos) = game_entries(game, actions)?;
    check_name(names[0], "names[0]")?;
    check_name(names[1], "names[1]")?;
    // gnubg's layout, with at least one space before the second name (its
    // own puts none after a long first name, and then cannot read it back).
    let first = format!("{} : {}", names[0], score[0]);
    let _ = writeln!(
        out,
        " Game {number}\n {first:<30} {} : {}",
        names[1], score[1]
    );
    let mut row = String::new();
    let mut count = 0;
    for entry in &entries {
        let text = entry.text();
        if entry.player().index() == 0 {
            if !row.is_empty() {
                let _ = writeln!(out, "{}", row.trim_end());
            }
            count += 1;
            row = format!("{count:3}) {text:<27} ");
        } else {
            if row.is_empty() {
                count += 1;
                row = format!("{count:3}) {:<27} ", "");
            }
            let _ = writeln!(out, "{}", format!("{row}{text}").trim_end());
            row.clear();
        }
    }
    if !row.is_empty() {
        let _ = writeln!(out, "{}", row.trim_end());
    }
    if let Some((winner, points)) = points_won(game, &pos) {
        let indent = if winner.index() == 0 { 6 } else { 34 };
        let unit = if points == 1 { "point" } else { "points" };
        let _ = writeln!(out, "{:indent$}Wins {points} {unit}", "");
    }
    out.push('\n');
    Ok(pos)
}

/// The winner of a finished game and the points its `Wins` line states:
/// the game's own points with the cube, resignation or a match
/// ([`Tables::points`]), else gnubg's count with a 1-cube
/// ([`game_points`]).
pub fn points_won(game: &Tables, pos: &Position) -> Option<(Seat, u32)> {
    if game.variant.is_cubeful() {
        let winner = pos.winner()?;
        Some((winner, game.points(pos) as u32))
    } else {
        game_points(game, pos).map(|(w, p)| (w, u32::from(p)))
    }
}

/// The text of a match file: the header ` <match_length> point match`
/// (0 for money play) and each game with its players, the score line of
/// each counting the points won before it (see [`points_won`]). Every game
/// is `game`'s; [`write_games`] writes games of their own options.
///
/// ```
/// use racegames_board::sim::{random_playout, SplitMix64};
/// use racegames_board::Game;
/// use racegames_tables::gnubg::write_match;
/// use racegames_tables::Tables;
///
/// let game = Tables::backgammon();
/// let mut pos = game.new_initial_state();
/// let mut actions = Vec::new();
/// let mut rng = SplitMix64::new(7);
/// while let Some(a) = racegames_board::sim::random_step(&game, &mut pos, &mut rng, &mut Default::default()) {
///     actions.push(a);
/// }
/// let text = write_match(&game, &[(actions.as_slice(), ["Alice", "Bob"])], 0).unwrap();
/// assert!(text.starts_with(" 0 point match\n\n Game 1\n Alice : 0"));
/// ```
///
/// # Errors
///
/// Those of [`write_games`].
pub fn write_match(
    game: &Tables,
    games: &[(&[Action], [&str; 2])],
    match_length: u32,
) -> Result<String, MatError> {
    let list: Vec<(&Tables, &[Action], [&str; 2])> =
        games.iter().map(|(a, n)| (game, *a, *n)).collect();
    write_games(&list, match_length)
}

/// The text of a match file of games, each of its own game (options):
/// the games of one match (their `match_length`, each with its score and
/// Crawford flag, the score lines showing them) or of a money session
/// (`match_length` 0; the score lines count the points won before each
/// game). `match_length` 0 takes the games' own.
///
/// # Errors
///
/// Those of [`write_game`]; [`MatError::Match`] for games of different
/// match lengths or another than `match_length`, or a Crawford flag that
/// gnubg would not read from the score lines (it takes the first game
/// where one player alone stands a point from the match's end as the
/// Crawford game: the file must hold the match from that game on).
pub fn write_games(
    games: &[(&Tables, &[Action], [&str; 2])],
    match_length: u32,
) -> Result<String, MatError> {
    let mut length = match_length;
    for (i, (game, _, _)) in games.iter().enumerate() {
        let own = u32::from(game.variant.match_length);
        if own > 0 && length == 0 {
            length = own;
        }
        if own > 0 && own != length {
            return Err(MatError::Match(format!(
                "game {} is of a {own}-point match, not a {length}-point one",
                i + 1
            )));
        }
    }
    let mut out = format!(" {length} point match\n\n");
    let mut score = [0u32; 2];
    let mut post = false;
    for (i, (game, actions, names)) in games.iter().enumerate() {
        let v = &game.variant;
        if v.match_length > 0 {
            score = [u32::from(v.score[0]), u32::from(v.score[1])];
            let crawford = !post && ((score[0] + 1 == length) ^ (score[1] + 1 == length));
            post |= crawford;
            if crawford != v.crawford_game {
                return Err(MatError::Match(format!(
                    "game {} at {}-{} {} the Crawford game, but gnubg would read it {}",
                    i + 1,
                    score[0],
                    score[1],
                    if v.crawford_game { "is" } else { "is not" },
                    if crawford { "as one" } else { "as another" }
                )));
            }
        }
        let pos = write_game(&mut out, game, actions, i as u32 + 1, *names, score)?;
        if let Some((winner, points)) = points_won(game, &pos) {
            score[winner.index() & 1] += points;
        }
    }
    Ok(out)
}
