//! gnubg's match files: reading a whole file, each game replayed with its
//! cube actions, drops and resignations, and checked against the points
//! and scores the file states.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use racegames_board::{Action, Game, Node, Seat};

use super::check_game;
use super::mat::MatError;
use super::mat_lines::{parse_file, Written};
use super::mat_read::{err, play_entry, MatEntry};
use crate::cube::{CubeAction, Offer, MAX_CUBE_LOG2};
use crate::position::{Phase, Position};
use crate::variant::Scoring;
use crate::Tables;

/// One entry of a game in a match file, in the order written; `player` is
/// its column (A left, B right) and `line` its line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatEvent {
    /// A throw and the move played with it.
    Throw(MatEntry),
    /// `Doubles => value` (`None`: the value is not written).
    Double {
        /// The doubler.
        player: Seat,
        /// The cube's new value, as written.
        value: Option<u32>,
        /// The line.
        line: usize,
    },
    /// `Takes`.
    Take {
        /// The taker.
        player: Seat,
        /// The line.
        line: usize,
    },
    /// `Drops`.
    Drop {
        /// The player who drops.
        player: Seat,
        /// The line.
        line: usize,
    },
    /// `Wins <points> point(s)`: the game's end, or the opponent's
    /// resignation while it is under way.
    Wins {
        /// The winner.
        player: Seat,
        /// The points written.
        points: u32,
        /// The line.
        line: usize,
    },
}

impl MatEvent {
    fn line(&self) -> usize {
        match self {
            MatEvent::Throw(e) => e.line,
            MatEvent::Double { line, .. }
            | MatEvent::Take { line, .. }
            | MatEvent::Drop { line, .. }
            | MatEvent::Wins { line, .. } => *line,
        }
    }

    fn is_cube(&self) -> bool {
        matches!(
            self,
            MatEvent::Double { .. } | MatEvent::Take { .. } | MatEvent::Drop { .. }
        )
    }
}

/// How a game of a match file ends. (A record's `Termination` tag says
/// it in words: the tables game's `Game::termination`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatEnd {
    /// Not over (the last game of a match stopped early).
    Unfinished,
    /// Played out: the winner bore off every checker.
    PlayedOut,
    /// A double was dropped.
    Dropped,
    /// The loser resigned and the winner accepted.
    Resigned,
}

impl MatEnd {
    /// How the game of `pos` ended.
    pub fn of(pos: &Position) -> MatEnd {
        match (pos.phase(), pos.offer()) {
            (Phase::Over, Offer::Double) => MatEnd::Dropped,
            (Phase::Over, Offer::Resign(_)) => MatEnd::Resigned,
            (Phase::Over, _) if pos.winner().is_some() => MatEnd::PlayedOut,
            _ => MatEnd::Unfinished,
        }
    }
}

/// A game read from a match file: its players (the score line's names),
/// its racegames actions, chance included, and the game they are actions
/// of, with the options the file implies (the cube, resignation, the
/// match's length, this game's score and Crawford flag).
#[derive(Clone, Debug, PartialEq)]
pub struct MatGame {
    /// The names of A (left) and B (right).
    pub names: [String; 2],
    /// The racegames action ids from the initial position.
    pub actions: Vec<Action>,
    /// The game played, with its options.
    pub game: Tables,
    /// The score before this game, as its score line states it (in money
    /// play, the points won so far in the session).
    pub score: [u32; 2],
    /// The match length (0: money play).
    pub match_length: u32,
    /// Whether this is the Crawford game.
    pub crawford: bool,
    /// How the game ends.
    pub end: MatEnd,
    /// The winner and the points won (`None` for an unfinished game).
    pub result: Option<(Seat, u32)>,
}

/// A game's events replayed: its actions, the final position, the `Wins`
/// written; `needs_resign` when a resignation came in a game without it.
struct Replayed {
    actions: Vec<Action>,
    pos: Position,
    wins: Option<(Seat, u32, usize)>,
    needs_resign: bool,
}

fn at(line: usize, k: usize) -> String {
    if line > 0 {
        format!("line {line}")
    } else {
        format!("entry {k}")
    }
}

/// Applies cube action `a` for `who`, who must be the one to decide.
fn decide(
    game: &Tables,
    pos: &mut Position,
    actions: &mut Vec<Action>,
    who: Seat,
    a: CubeAction,
    at: &str,
) -> Result<(), MatError> {
    let legal = game
        .action_of_cube(a)
        .filter(|&x| game.node(pos) == Node::Decision(who) && game.is_legal(pos, x));
    let Some(x) = legal else {
        return Err(err(format!(
            "{at}: {} {}: {}",
            who.letter(),
            a.as_str(),
            why_not(game, pos, who, a)
        )));
    };
    game.apply_legal(pos, x);
    actions.push(x);
    Ok(())
}

/// Why `who` may not play cube action `a` at `pos`.
fn why_not(game: &Tables, pos: &Position, who: Seat, a: CubeAction) -> &'static str {
    let v = &game.variant;
    match a {
        _ if pos.phase() == Phase::Over => "the game is already over",
        CubeAction::Double if !v.cube => "this game has no cube",
        CubeAction::Double if v.crawford_game => "no one doubles in the Crawford game",
        CubeAction::Double if pos.cube_owner().is_some_and(|o| o != who) => {
            "the cube is the opponent's"
        }
        CubeAction::Double if pos.cube_value() >= 1 << MAX_CUBE_LOG2 => {
            "the cube is at 32768, the largest gnubg's Match ID holds"
        }
        CubeAction::Take | CubeAction::Drop => "no double is offered to this player",
        CubeAction::ResignSingle | CubeAction::ResignGammon | CubeAction::ResignBackgammon
            if pos.turn() != Some(who) || pos.phase() != Phase::Cube =>
        {
            "racegames takes an offer to resign only from the player on roll, before the throw"
        }
        _ => "not at this point of the game",
    }
}

/// Replays one game's events in `game`.
fn replay(game: &Tables, events: &[MatEvent]) -> Result<Replayed, MatError> {
    let mut pos = game.new_initial_state();
    let mut actions = Vec::new();
    let mut wins = None;
    for (k, ev) in events.iter().enumerate() {
        let at = at(ev.line(), k);
        if wins.is_some() {
            return Err(err(format!("{at}: an entry after the game's 'Wins'")));
        }
        let rolls_first = |who: Seat, pos: &Position| {
            pos.phase() == Phase::Cube
                && pos.offer() != Offer::Double
                && game.node(pos) == Node::Decision(who)
        };
        match ev {
            MatEvent::Throw(entry) => {
                if rolls_first(entry.player, &pos) {
                    decide(
                        game,
                        &mut pos,
                        &mut actions,
                        entry.player,
                        CubeAction::Roll,
                        &at,
                    )?;
                }
                let resigns_next = matches!(events.get(k + 1), Some(MatEvent::Wins { .. }));
                if entry.text.trim().is_empty() && resigns_next {
                    let mut probe = pos;
                    let mut scratch = Vec::new();
                    if play_entry(game, &mut probe, &mut scratch, entry, &at).is_err() {
                        return Err(err(format!(
                            "{at}: {} resigns after throwing {}{}: racegames takes an offer to resign only before the throw",
                            entry.player.letter(),
                            entry.dice[0],
                            entry.dice[1]
                        )));
                    }
                }
                play_entry(game, &mut pos, &mut actions, entry, &at)?;
            }
            MatEvent::Double { player, value, .. } => {
                let new = pos.cube_value().saturating_mul(2);
                if value.is_some_and(|v| v != new) && pos.phase() != Phase::Over {
                    return Err(err(format!(
                        "{at}: 'Doubles => {}', but the cube is at {}",
                        value.unwrap_or(0),
                        pos.cube_value()
                    )));
                }
                decide(
                    game,
                    &mut pos,
                    &mut actions,
                    *player,
                    CubeAction::Double,
                    &at,
                )?;
            }
            MatEvent::Take { player, .. } => {
                decide(game, &mut pos, &mut actions, *player, CubeAction::Take, &at)?;
            }
            MatEvent::Drop { player, .. } => {
                decide(game, &mut pos, &mut actions, *player, CubeAction::Drop, &at)?;
            }
            MatEvent::Wins {
                player,
                points,
                line,
            } => {
                if pos.phase() != Phase::Over {
                    if !game.variant.resign {
                        return Ok(Replayed {
                            actions,
                            pos,
                            wins: None,
                            needs_resign: true,
                        });
                    }
                    let cube = pos.cube_value();
                    let level = points / cube;
                    let offer = match level {
                        1 => CubeAction::ResignSingle,
                        2 => CubeAction::ResignGammon,
                        3 => CubeAction::ResignBackgammon,
                        _ => CubeAction::Accept,
                    };
                    if offer == CubeAction::Accept || level * cube != *points {
                        return Err(err(format!(
                            "{at}: {} wins {points} points before the end: a resignation gives 1, 2 or 3 times the cube ({cube})",
                            player.letter()
                        )));
                    }
                    let loser = player.next(2);
                    decide(game, &mut pos, &mut actions, loser, offer, &at)?;
                    decide(
                        game,
                        &mut pos,
                        &mut actions,
                        *player,
                        CubeAction::Accept,
                        &at,
                    )?;
                }
                wins = Some((*player, *points, *line));
            }
        }
    }
    Ok(Replayed {
        actions,
        pos,
        wins,
        needs_resign: false,
    })
}

/// The game of one match-file game: `base` with the file's options.
fn options(
    base: &Tables,
    rules: (bool, bool, bool),
    length: u32,
    written: &Written,
    crawford: bool,
) -> Result<Tables, MatError> {
    let (cube, resign, jacoby) = rules;
    let mut v = base.variant;
    if cube || resign {
        // gnubg's rules: gammons and backgammons count.
        v.scoring = Scoring::Backgammons;
    }
    v.cube = cube;
    v.resign = resign;
    v.jacoby = jacoby;
    v.match_length = length as u8;
    v.score = [0, 0];
    v.crawford_game = crawford;
    if length > 0 {
        let [a, b] = written.score;
        if a >= length || b >= length {
            return Err(err(format!(
                "line {}: the score {a}-{b} has already won the {length}-point match",
                written.score_line
            )));
        }
        v.score = [a as u8, b as u8];
    }
    Tables::new(v).map_err(|e| err(format!("line {}: {e}", written.score_line)))
}

/// The games of a match file's text, each with its players, its score,
/// its racegames actions and the game they are actions of.
///
/// The games are `game`'s, with the options the file implies: the cube
/// where the file is a match or doubles, resignation where a game ends by
/// one (a `Wins` before the end: the opponent, on roll before his throw,
/// resigned that many points over the cube's value), gammons and
/// backgammons counted (gnubg's rules) with either; in a match its length,
/// each game's score (its score line) and the Crawford game (the first
/// where one player alone stands a point from winning, as gnubg reads
/// it). In money play, the file's points tell whether a gammon counted
/// while the cube was centred (the Jacoby rule); where no game shows it,
/// `game`'s `jacoby` holds.
///
/// Every move and cube action is replayed and checked, every `Wins` must
/// be the points the game gives its winner, and every score line the sum
/// of the points before it.
///
/// # Errors
///
/// [`MatError::Read`] naming the line of the first entry that racegames
/// cannot represent or that is not legal: beavers and raccoons, a cube
/// past 32768, a double by a player who may not double, a resignation
/// after the throw or by the player not on roll, points or scores that do
/// not add up, a match longer than 64 points.
pub fn read_match(game: &Tables, text: &str) -> Result<Vec<MatGame>, MatError> {
    check_game(game)?;
    // The length is at most MAX_MATCH_LENGTH: parse_file refuses longer.
    let (length, written) = parse_file(text)?;
    let cube = game.variant.cube
        || length > 0
        || written
            .iter()
            .any(|w| w.events.iter().any(MatEvent::is_cube));
    let mut crawford = Vec::new();
    let mut post = false;
    for w in &written {
        let c = length > 0 && !post && ((w.score[0] + 1 == length) ^ (w.score[1] + 1 == length));
        post |= c;
        crawford.push(c);
    }
    let (mut resign, mut jacoby) = (game.variant.resign, game.variant.jacoby);
    // Where a game showed whether the Jacoby rule holds: (rule, line).
    let mut shown: Option<(bool, usize)> = None;
    'passes: loop {
        let mut out = Vec::new();
        for (w, &c) in written.iter().zip(&crawford) {
            let one = options(game, (cube, resign, jacoby), length, w, c)?;
            let r = replay(&one, &w.events)?;
            if r.needs_resign {
                resign = true;
                continue 'passes;
            }
            if let (Some(rule), Some((_, _, line))) = (jacoby_shown(&one, &r), r.wins) {
                match shown {
                    Some((other, first)) if other != rule => {
                        return Err(err(format!(
                            "line {line}: this game counts a gammon {} the Jacoby rule, line {first}'s {}",
                            if rule { "under" } else { "without" },
                            if other { "under it" } else { "without it" }
                        )))
                    }
                    _ => shown = Some((rule, line)),
                }
                if rule != jacoby {
                    jacoby = rule;
                    continue 'passes;
                }
            }
            out.push((w, one, r));
        }
        return finish(out, length, &crawford);
    }
}

/// Whether a played-out money game with the cube centred shows the Jacoby
/// rule (its `Wins` counts a gammon as 1) or not (as 2 or 3).
fn jacoby_shown(game: &Tables, r: &Replayed) -> Option<bool> {
    let v = &game.variant;
    let (_, points, _) = r.wins?;
    let level = game.score(&r.pos) as u32;
    let relevant = v.cube
        && v.match_length == 0
        && MatEnd::of(&r.pos) == MatEnd::PlayedOut
        && r.pos.cube_value() == 1
        && level > 1;
    match points {
        1 if relevant => Some(true),
        p if relevant && p == level => Some(false),
        _ => None,
    }
}

/// The games, once each `Wins` and score line is checked.
fn finish(
    games: Vec<(&Written, Tables, Replayed)>,
    length: u32,
    crawford: &[bool],
) -> Result<Vec<MatGame>, MatError> {
    let mut out: Vec<MatGame> = Vec::new();
    for ((w, one, r), &c) in games.into_iter().zip(crawford) {
        let points = one.points(&r.pos) as u32;
        let result = r.pos.winner().map(|s| (s, points));
        if let Some((player, stated, line)) = r.wins {
            let counts = one.variant.scoring == Scoring::Backgammons;
            match result {
                Some((winner, _)) if winner != player => {
                    return Err(err(format!(
                        "line {line}: the file says {} wins, but {} won the game",
                        player.letter(),
                        winner.letter()
                    )))
                }
                Some((_, p)) if counts && p != stated => {
                    return Err(err(format!(
                        "line {line}: the file says 'Wins {stated}', but the game gives {} {p}",
                        player.letter()
                    )))
                }
                Some(_) => {}
                None => {
                    return Err(err(format!(
                        "line {line}: 'Wins' before the end of the game"
                    )))
                }
            }
        }
        if let Some(prev) = out.last() {
            if let Some((winner, p)) = prev.result.filter(|_| prev.end != MatEnd::Unfinished) {
                let mut expect = prev.score;
                expect[winner.index() & 1] += p;
                if expect != w.score && one.variant.scoring == Scoring::Backgammons {
                    return Err(err(format!(
                        "line {}: the score line says {}-{}, but the games before it make {}-{}",
                        w.score_line, w.score[0], w.score[1], expect[0], expect[1]
                    )));
                }
            }
        }
        out.push(MatGame {
            names: w.names.clone(),
            actions: r.actions,
            end: MatEnd::of(&r.pos),
            game: one,
            score: w.score,
            match_length: length,
            crawford: c,
            result,
        });
    }
    Ok(out)
}
