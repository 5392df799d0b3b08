//! gnubg's match files: reading, every move replayed and checked.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use racegames_board::{Action, Game, Node, Seat};

use super::mat::{action_points, short, MatError};
use super::{check_game, sides, Side};
use crate::position::{Phase, Position};
use crate::Tables;

/// One entry of a match file as written: a player's throw and gnubg's move
/// text (`8/5 6/5`, `24/18*/13`, `13/7(2)`, `bar/22`; empty when it cannot
/// move), with the line it comes from (0: none) for messages.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatEntry {
    /// A (the left column) or B (the right column).
    pub player: Seat,
    /// The throw, as written.
    pub dice: [u8; 2],
    /// The move text.
    pub text: String,
    /// The line of the file (0: none).
    pub line: usize,
}

pub(crate) fn err(message: String) -> MatError {
    MatError::Read(message)
}

/// (from, to) pairs of gnubg's move text.
fn parse_move_text(text: &str, at: &str) -> Result<Vec<(u8, u8)>, MatError> {
    let mut pairs = Vec::new();
    for token in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        let mut token = token;
        let mut repeat = 1;
        if let Some(body) = token.strip_suffix(')') {
            if let Some((head, n)) = body.rsplit_once('(') {
                if n.chars().count() == 1 && n.chars().all(char::is_numeric) {
                    repeat = n.parse::<usize>().unwrap_or(0);
                    if !(1..=4).contains(&repeat) {
                        return Err(err(format!("{at}: bad repetition in {}", short(text))));
                    }
                    token = head;
                }
            }
        }
        let parts: Vec<&str> = token.split('/').collect();
        if parts.len() < 2 {
            return Err(err(format!(
                "{at}: {} is not a move such as 8/5",
                short(token)
            )));
        }
        let mut chain = Vec::new();
        for part in parts {
            let word = part.strip_suffix('*').unwrap_or(part).to_ascii_lowercase();
            let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
            if !(digits || word == "bar" || word == "off") {
                return Err(err(format!(
                    "{at}: {} in {} is not a point",
                    short(part),
                    short(token)
                )));
            }
            if digits && word.trim_start_matches('0').len() > 2 {
                return Err(err(format!(
                    "{at}: point {} in {} is not a point",
                    short(&word),
                    short(token)
                )));
            }
            let value: u8 = match word.as_str() {
                "bar" => 25,
                "off" => 0,
                w => w.parse().unwrap_or(99),
            };
            if value > 25 {
                return Err(err(format!("{at}: point {value} in {}", short(token))));
            }
            chain.push(value);
        }
        for w in chain.windows(2) {
            let (start, end) = (w[0], w[1]);
            if start <= end || start == 0 || end == 25 {
                return Err(err(format!(
                    "{at}: {} does not move towards home",
                    short(token)
                )));
            }
            pairs.extend(core::iter::repeat((start, end)).take(repeat));
        }
    }
    if pairs.len() > 4 {
        return Err(err(format!(
            "{at}: more than four checker moves in {}",
            short(text)
        )));
    }
    Ok(pairs)
}

/// The boards after `mover` plays `pairs` on `boards` (A's and B's sides).
fn apply_pairs(
    boards: &[Side; 2],
    mover: usize,
    pairs: &[(u8, u8)],
    at: &str,
) -> Result<[Side; 2], MatError> {
    let (mut own, mut opp) = (boards[mover], boards[1 - mover]);
    let letter = Seat::new(mover as u8).letter();
    for &(start, end) in pairs {
        let s = usize::from(start) - 1;
        if own[s] == 0 {
            return Err(err(format!(
                "{at}: no checker of {letter} on its point {start}"
            )));
        }
        own[s] -= 1;
        if end > 0 {
            let there = usize::from(24 - end);
            if opp[there] >= 2 {
                return Err(err(format!("{at}: point {end} is held by the opponent")));
            }
            if opp[there] == 1 {
                opp[there] = 0;
                opp[24] += 1;
            }
            own[usize::from(end) - 1] += 1;
        }
    }
    Ok(if mover == 0 { [own, opp] } else { [opp, own] })
}

/// Actions that end `mover`'s turn on `target`, trying the written order first.
fn find_play(
    game: &Tables,
    pos: &Position,
    mover: Seat,
    target: &[Side; 2],
    hint: &[(u8, u8)],
    failed: &mut BTreeSet<Position>,
) -> Option<Vec<Action>> {
    if game.node(pos) != Node::Decision(mover) {
        return (sides(game, pos).ok()? == *target).then(Vec::new);
    }
    if failed.contains(pos) {
        return None;
    }
    let mut actions = Vec::new();
    game.legal_actions(pos, |a| actions.push(a));
    let rank = |a: &Action| {
        let mv = action_points(*a);
        // A bear-off does not say its die: the exact one first, then the larger.
        let die = if u32::from(mv.0 - mv.1) == a % 6 + 1 {
            -7
        } else {
            -((a % 6) as i32)
        };
        match hint.iter().position(|h| *h == mv) {
            Some(i) => (i, die),
            None => (
                if hint.iter().any(|h| h.0 == mv.0) {
                    4
                } else {
                    5
                },
                die,
            ),
        }
    };
    actions.sort_by_key(rank);
    for a in actions {
        let mut child = *pos;
        game.apply_legal(&mut child, a);
        let mv = action_points(a);
        let mut rest = hint.to_vec();
        if let Some(i) = rest.iter().position(|h| *h == mv) {
            rest.remove(i);
        }
        if let Some(mut found) = find_play(game, &child, mover, target, &rest, failed) {
            found.insert(0, a);
            return Some(found);
        }
    }
    failed.insert(*pos);
    None
}

/// The actions of the player to move in `pos` that play gnubg's checker
/// moves `pairs` (from, to: 25 the bar, 0 off, in the mover's numbering),
/// in any order racegames' rules allow, to the end of the turn: the play
/// that ends on the board those moves give.
///
/// # Errors
///
/// [`MatError::Read`] when the pairs are not a legal play there.
pub fn play_checker_moves(
    game: &Tables,
    pos: &Position,
    pairs: &[(u8, u8)],
) -> Result<Vec<Action>, MatError> {
    check_game(game)?;
    let Node::Decision(mover) = game.node(pos) else {
        return Err(err("the move: nobody is to move".into()));
    };
    if pairs.len() > 4
        || pairs
            .iter()
            .any(|&(f, t)| !(1..=25).contains(&f) || t >= f || t > 24)
    {
        return Err(err(format!("the move: {pairs:?} are not checker moves")));
    }
    let target = apply_pairs(&sides(game, pos)?, mover.index() & 1, pairs, "the move")?;
    find_play(game, pos, mover, &target, pairs, &mut BTreeSet::new())
        .ok_or_else(|| err(format!("the move: {pairs:?} is not a legal play")))
}

/// The racegames actions of one game's match-file entries, chance
/// included. The first entry gives the roll-off (its player throws the
/// higher die); each later one must be the player whose turn it is. A move
/// is matched to the racegames play that ends on the same position, so
/// gnubg's consolidated moves (`13/7/1`, `24/18(2)`) read too.
///
/// # Errors
///
/// [`MatError::Read`] naming the line (else the entry) of the first entry
/// that is not legal.
pub fn entries_to_actions(game: &Tables, entries: &[MatEntry]) -> Result<Vec<Action>, MatError> {
    check_game(game)?;
    let mut pos = game.new_initial_state();
    let mut actions = Vec::new();
    for (number, entry) in entries.iter().enumerate() {
        let at = if entry.line > 0 {
            format!("line {}", entry.line)
        } else {
            format!("turn {number}")
        };
        play_entry(game, &mut pos, &mut actions, entry, &at)?;
    }
    Ok(actions)
}

/// Plays one entry at `pos` (a throw due): the throw, then the move
/// written, matched to the racegames play that ends on the same position.
/// `at` names the entry in errors.
pub(crate) fn play_entry(
    game: &Tables,
    pos: &mut Position,
    actions: &mut Vec<Action>,
    entry: &MatEntry,
    at: &str,
) -> Result<(), MatError> {
    let p = entry.player.index();
    if p > 1 {
        return Err(err(format!("{at}: the player is 0 (A) or 1 (B), got {p}")));
    }
    let (hi, lo) = (
        entry.dice[0].max(entry.dice[1]),
        entry.dice[0].min(entry.dice[1]),
    );
    if !(1..=6).contains(&lo) || hi > 6 {
        return Err(err(format!(
            "{at}: dice ({}, {}) are not a throw",
            entry.dice[0], entry.dice[1]
        )));
    }
    match game.node(pos) {
        Node::Terminal => return Err(err(format!("{at}: the game is already over"))),
        Node::Decision(_) if pos.phase() == Phase::Cube => {
            return Err(err(format!(
                "{at}: a throw where a cube decision is due (a double to take or drop)"
            )))
        }
        Node::Decision(_) => {
            return Err(err(format!("{at}: expected the rest of the previous turn")))
        }
        Node::Chance => {}
    }
    let throw = match pos.turn() {
        None if hi == lo => {
            return Err(err(format!(
                "{at}: the opening throw {hi}{lo} is a double; the roll-off gives two faces"
            )))
        }
        None => {
            let (a, b) = if p == 0 { (hi, lo) } else { (lo, hi) };
            format!("roll-off A{a} B{b}")
        }
        Some(owner) if owner.index() != p => {
            return Err(err(format!(
                "{at}: {} is to move, not {}",
                owner.letter(),
                entry.player.letter()
            )))
        }
        Some(_) => format!("roll {hi}{lo}"),
    };
    let chance = game
        .parse_action(pos, &throw)
        .map_err(|_| err(format!("{at}: dice {hi}{lo} are not a throw here")))?;
    game.apply_legal(pos, chance);
    actions.push(chance);
    let pairs = parse_move_text(&entry.text, at)?;
    let mover = entry.player;
    let letter = mover.letter();
    if game.node(pos) != Node::Decision(mover) {
        if !pairs.is_empty() {
            return Err(err(format!(
                "{at}: {letter} cannot move with {hi}{lo}, but the file plays {}",
                short(&entry.text)
            )));
        }
        return Ok(());
    }
    if pairs.is_empty() {
        return Err(err(format!(
            "{at}: {letter} has a move with {hi}{lo}, but none is written"
        )));
    }
    let target = apply_pairs(&sides(game, pos)?, p, &pairs, at)?;
    let play =
        find_play(game, pos, mover, &target, &pairs, &mut BTreeSet::new()).ok_or_else(|| {
            err(format!(
                "{at}: {} with {hi}{lo} is not a legal play for {letter}",
                short(&entry.text)
            ))
        })?;
    for &a in &play {
        game.apply_legal(pos, a);
    }
    actions.extend(play);
    Ok(())
}
