//! Whole matches of a tables game played for points (backgammon with the
//! cube): games follow each other with the score carried, the Crawford
//! rule applied (the game after a side first reaches 1 point away is
//! played without the cube, the later ones with it), until a side has the
//! match's length.

use racegames_board::record::Record;
use racegames_board::sim::SplitMix64;
use racegames_tables::{Tables, MAX_MATCH_LENGTH};

use super::record::make_record;
use super::stats::{wilson, Interval};
use super::{play_loop, ArenaConfig, ArenaError, Control, MAX_GAMES, MAX_THREADS};
use crate::Player;

/// The most games one match may take before it is given up as endless
/// (every game ended by the turn limit, say).
pub const MAX_GAMES_PER_MATCH: usize = 1_000;

/// What [`play_matches`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchesConfig {
    /// Matches to play (1 to [`MAX_GAMES`]); the players change seats from
    /// one match to the next.
    pub matches: usize,
    /// Points to win a match (1 to 64).
    pub match_length: u8,
    /// The seed of every match's dice.
    pub seed: u64,
    /// Threads (1 to [`MAX_THREADS`]): matches are shared among them; the
    /// result does not depend on their number.
    pub threads: usize,
    /// Turns after which a game is stopped, as in [`ArenaConfig`].
    pub turn_limit: u32,
}

impl Default for MatchesConfig {
    fn default() -> Self {
        Self {
            matches: 100,
            match_length: 7,
            seed: 7,
            threads: 1,
            turn_limit: super::TURN_LIMIT,
        }
    }
}

/// The result of [`play_matches`], per player in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchesResult {
    /// Matches played.
    pub matches: usize,
    /// Matches each player won.
    pub wins: [usize; 2],
    /// Games played in all.
    pub games: usize,
    /// Points each player scored in all.
    pub points: [u64; 2],
}

impl MatchesResult {
    /// Player `i`'s share of the matches and its Wilson 95% interval.
    pub fn win_rate(&self, i: usize) -> Option<Interval> {
        Some(wilson(*self.wins.get(i)? as f64, self.matches))
    }
}

/// One game of a match: the game as it was played (its options hold the
/// score before it and the Crawford flag) and its record.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// The game, with the match's length and score.
    pub game: Tables,
    /// The game's record.
    pub record: Record,
}

/// One match's outcome: the winner (index in the players given), its
/// games' points by player, and its games.
struct Played {
    winner: usize,
    points: [u64; 2],
    records: Vec<MatchGame>,
}

/// Plays `config.matches` matches of `game` (its options, with the match
/// length and score of each game set here) between two players; player
/// `i` sits in seat `(i + m) mod 2` in match `m`. Returns the result and
/// every game with its record, in order (tags `Round`: the match from 1, and the
/// game's options: the score before it and the Crawford flag).
///
/// # Errors
///
/// [`ArenaError::WrongPlayerCount`] unless two players are given,
/// [`ArenaError::BadConfig`] for counts out of range or a game that cannot
/// be played as a match, [`ArenaError::Interrupted`] when `control`'s
/// interrupt is set, and a player's failure.
pub fn play_matches(
    game: &Tables,
    players: &[Box<dyn Player<Tables>>],
    config: &MatchesConfig,
    control: &Control,
) -> Result<(MatchesResult, Vec<MatchGame>), ArenaError> {
    if players.len() != 2 {
        return Err(ArenaError::WrongPlayerCount {
            seats: 2,
            found: players.len(),
        });
    }
    if !(1..=MAX_GAMES).contains(&config.matches) {
        return Err(ArenaError::BadConfig("matches must be from 1 to MAX_GAMES"));
    }
    if !(1..=MAX_THREADS).contains(&config.threads) {
        return Err(ArenaError::BadConfig(
            "threads must be from 1 to MAX_THREADS",
        ));
    }
    if !(1..=MAX_MATCH_LENGTH).contains(&config.match_length) {
        return Err(ArenaError::BadConfig("a match is 1 to 64 points long"));
    }
    with_score(game, config.match_length, [0, 0], false)?;
    let threads = config.threads.min(config.matches);
    let mut played: Vec<(usize, Result<Played, ArenaError>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let mut mine: Vec<Box<dyn Player<Tables>>> =
                    players.iter().map(|p| p.clone_box()).collect();
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for m in (t..config.matches).step_by(threads) {
                        let result = play_match(game, &mut mine, config, control, m);
                        let failed = result.is_err();
                        out.push((m, result));
                        if failed {
                            break;
                        }
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    played.sort_by_key(|(m, _)| *m);
    let mut result = MatchesResult {
        matches: 0,
        wins: [0, 0],
        games: 0,
        points: [0, 0],
    };
    let mut records = Vec::new();
    for (_, match_result) in played {
        let one = match_result?;
        result.matches += 1;
        result.wins[one.winner] += 1;
        result.games += one.records.len();
        for i in 0..2 {
            result.points[i] += one.points[i];
        }
        records.extend(one.records);
    }
    if result.matches != config.matches {
        return Err(ArenaError::Interrupted);
    }
    Ok((result, records))
}

/// `game` as one game of a match of `length` at `score` (seats A, B).
fn with_score(
    game: &Tables,
    length: u8,
    score: [u8; 2],
    crawford: bool,
) -> Result<Tables, ArenaError> {
    let mut variant = *game.variant();
    variant.match_length = length;
    variant.score = score;
    variant.crawford_game = crawford;
    Tables::new(variant).map_err(|_| ArenaError::BadConfig("this game cannot be played as a match"))
}

/// SplitMix64 of `(seed, k)`: a stream per match and per game.
fn mixed(seed: u64, k: u64) -> u64 {
    SplitMix64::new(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

fn play_match(
    game: &Tables,
    players: &mut [Box<dyn Player<Tables>>],
    config: &MatchesConfig,
    control: &Control,
    m: usize,
) -> Result<Played, ArenaError> {
    let length = config.match_length;
    let rotation = m % 2;
    let arena = ArenaConfig {
        turn_limit: config.turn_limit,
        ..ArenaConfig::default()
    };
    let match_seed = mixed(config.seed, m as u64);
    let mut score = [0u8; 2];
    let (mut crawford_next, mut crawford_played) = (false, false);
    let mut points = [0u64; 2];
    let mut records = Vec::new();
    for g in 0..MAX_GAMES_PER_MATCH {
        let one = with_score(game, length, score, crawford_next)?;
        let seed = mixed(match_seed, g as u64);
        let mut rng = SplitMix64::new(seed);
        let mut actions = Vec::new();
        let (end, stopped) = play_loop(
            &one,
            players,
            rotation,
            &mut rng,
            &arena,
            &control.interrupt,
            m,
            Some(&mut actions),
        )?;
        let names: Vec<&str> = (0..2)
            .map(|s| players[(s + 2 - rotation) % 2].name())
            .collect();
        let mut record = make_record(&one, &names, seed, actions, &end, stopped);
        record.set_tag("Round", (m + 1).to_string());
        records.push(MatchGame {
            game: one.clone(),
            record,
        });
        crawford_played |= crawford_next;
        if let Some(winner) = end.winner() {
            let seat = winner.index() & 1;
            let won = one.points(&end).round().max(0.0) as u64;
            score[seat] = (u64::from(score[seat]) + won).min(u64::from(length)) as u8;
            points[(seat + 2 - rotation) % 2] += won;
            if score[seat] >= length {
                return Ok(Played {
                    winner: (seat + 2 - rotation) % 2,
                    points,
                    records,
                });
            }
        }
        crawford_next = !crawford_played && score.iter().any(|&s| s + 1 == length);
    }
    Err(ArenaError::BadConfig(
        "a match took more than MAX_GAMES_PER_MATCH games",
    ))
}

#[cfg(test)]
mod tests;
