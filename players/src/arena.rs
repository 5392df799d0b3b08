//! The arena: many games between players, played natively on several
//! threads, and the statistics that say who is stronger.
//!
//! - [`play`] plays a match: the same players, seats rotating between
//!   games, and reports wins, draws and mean returns per player with
//!   Wilson 95% intervals ([`ArenaResult`]).
//! - [`round_robin`] plays a match between every pair of a list of players
//!   and fits Elo ratings to the table ([`RoundRobin`], [`stats::elo`]).
//! - [`luck::game_luck`] takes the dice's share out of a game already
//!   played: its result less what each chance outcome gave, as an
//!   evaluation judges it, with the result's expectation and less noise.
//!
//! Results depend on the seed alone, never on the number of threads: game
//! `k` of an `n`-seat match draws its dice from a generator seeded from
//! `(seed, k / n)`, each game starts from fresh copies of the players
//! ([`Player::clone_box`]), and the per-game results are summed in game
//! order.
//!
//! The `n` games of one rotation of the seats share their generator, so
//! each deal of the dice is played once from every seat: luck in the dice
//! favours no player, and a match between two players gives the same
//! score whichever is named first.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use racegames_board::sim::SplitMix64;
use racegames_board::{Action, Game, Node};

use crate::{Interrupt, Player, PlayerError};

pub mod luck;
mod matches;
mod record;
mod round_robin;
pub mod stats;

pub use matches::{play_matches, MatchGame, MatchesConfig, MatchesResult, MAX_GAMES_PER_MATCH};
use racegames_board::record::Record;
use record::Recorder;
pub use record::{play_game, play_recorded, play_recorded_with, RecordSink};
pub use round_robin::{round_robin, round_robin_with, RoundRobin};
pub use stats::{elo, wilson, Interval};

/// The most games a match (or each pairing of a round robin) may ask for.
/// Nothing is allocated per game, so this bounds time, not memory: ten
/// million games of random players take minutes.
pub const MAX_GAMES: usize = 10_000_000;

/// The most threads a match may use (as many as a `VectorEnv` may).
pub const MAX_THREADS: usize = 64;

/// The turns after which the arena stops a game still going, as a draw
/// ([`ArenaConfig::turn_limit`]'s default).
pub const TURN_LIMIT: u32 = 100_000;

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The number of games (1 to [`MAX_GAMES`]), rounded up to a multiple
    /// of the number of seats so that every rotation of the seats is
    /// played equally often.
    pub games: usize,
    /// The seed of the dice.
    pub seed: u64,
    /// The threads that play games (1 to [`MAX_THREADS`]).
    pub threads: usize,
    /// A game still going after this many turns is stopped and counted as
    /// a draw with zero returns. The games' own `max_turns` usually ends
    /// them first; this bounds games built with `max_turns = 0`.
    pub turn_limit: u32,
    /// Uniformly random decisions played at the start of each game, drawn
    /// from the game's own generator, before the players take over. Games
    /// without dice between deterministic players are otherwise the same
    /// in every game of a rotation; a few random openings make them differ.
    pub opening: u32,
}

impl Default for ArenaConfig {
    fn default() -> ArenaConfig {
        ArenaConfig {
            games: 1000,
            seed: 7,
            threads: 1,
            turn_limit: TURN_LIMIT,
            opening: 0,
        }
    }
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// The number of players is not the game's number of seats.
    #[error("this game has {seats} seats, but {found} players were given")]
    WrongPlayerCount {
        /// The game's seats.
        seats: usize,
        /// The players given.
        found: usize,
    },
    /// A setting is out of range.
    #[error("{0}")]
    BadConfig(&'static str),
    /// The match was stopped through its [`Interrupt`] before it ended.
    #[error("the match was interrupted")]
    Interrupted,
    /// A player failed to act.
    #[error("player {index} ({name}) failed in game {game}: {error}")]
    Player {
        /// The player's index in the list given.
        index: usize,
        /// Its name.
        name: String,
        /// The game's index in the match.
        game: usize,
        /// What it reported (boxed: errors stay small).
        error: Box<PlayerError>,
    },
    /// A player returned an action that is not legal.
    #[error("player {index} ({name}) played the illegal action {action} in game {game}")]
    IllegalAction {
        /// The player's index in the list given.
        index: usize,
        /// Its name.
        name: String,
        /// The game's index in the match.
        game: usize,
        /// The action.
        action: Action,
    },
    /// The rules refused one of their own chance outcomes (a bug).
    #[error("the rules refused a chance outcome in game {0}")]
    Chance(usize),
    /// A game's record could not be written (a game whose move strings do
    /// not fit the record format: a bug).
    #[error("a game's record could not be written: {0}")]
    Record(#[from] racegames_board::record::WriteError),
    /// The records could not be saved (the file or stream failed).
    #[error("the game records could not be saved: {0}")]
    RecordOutput(#[from] std::io::Error),
}

/// The result of a match, per player in the order given.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    /// Games played.
    pub games: usize,
    /// Games each player won: it had the highest return, alone.
    pub wins: Vec<usize>,
    /// Games nobody won alone (shared highest return, or stopped by a
    /// turn limit with equal returns).
    pub draws: usize,
    /// Games ended by a turn limit (the game's `max_turns` or the arena's).
    pub truncated: usize,
    /// Each player's mean return.
    pub mean_returns: Vec<f64>,
    /// Wins by seat (whoever sat there), for the first-move advantage.
    pub seat_wins: Vec<usize>,
}

impl ArenaResult {
    /// Player `i`'s share of wins with its Wilson 95% interval (`None`
    /// for a player not in the match).
    pub fn win_rate(&self, i: usize) -> Option<Interval> {
        Some(wilson(*self.wins.get(i)? as f64, self.games))
    }

    /// Player `i`'s score, a draw counting half, with its Wilson interval.
    pub fn score(&self, i: usize) -> Option<Interval> {
        let wins = *self.wins.get(i)? as f64;
        Some(wilson(wins + self.draws as f64 / 2.0, self.games))
    }
}

/// How the caller watches and stops a running match: its stop flag and
/// its count of games done, both shared with clones.
///
/// ```
/// use racegames_players::arena::{self, ArenaConfig, Control};
/// use racegames_players::{random::RandomPlayer, Player};
/// use racegames_daldos::Daldos;
/// let game = Daldos::default();
/// let players: Vec<Box<dyn Player<Daldos>>> =
///     vec![Box::new(RandomPlayer::new(1)), Box::new(RandomPlayer::new(2))];
/// let control = Control::default();
/// let config = ArenaConfig { games: 10, ..ArenaConfig::default() };
/// let r = arena::play_with(&game, &players, &config, &control).unwrap();
/// assert_eq!((r.games, control.done(), control.total()), (10, 10, 10));
/// control.interrupt.interrupt();
/// assert!(arena::play_with(&game, &players, &config, &control).is_err());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Control {
    /// Set from another thread to stop the match between decisions; the
    /// match then returns [`ArenaError::Interrupted`].
    pub interrupt: Interrupt,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
}

impl Control {
    /// Games finished so far (over all the matches of a round robin).
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// Games planned (over all the matches of a round robin), known once
    /// the match has started; 0 before.
    pub fn total(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    fn set_total(&self, total: usize) {
        self.total.store(total, Ordering::Relaxed);
    }
}

/// Checks a match's players and counts before it starts and returns its
/// games (also given to `control` as its total, unless one is set).
fn start_match(
    seats: usize,
    players: usize,
    config: &ArenaConfig,
    control: &Control,
) -> Result<usize, ArenaError> {
    if players != seats || seats > racegames_board::Seat::MAX_SEATS {
        return Err(ArenaError::WrongPlayerCount {
            seats,
            found: players,
        });
    }
    let games = checked_games(config, seats)?;
    if control.total() == 0 {
        control.set_total(games);
    }
    Ok(games)
}

/// Checks the counts of `config` for `seats` seats and returns the games
/// the match will play (rounded up to a multiple of `seats`).
fn checked_games(config: &ArenaConfig, seats: usize) -> Result<usize, ArenaError> {
    if !(1..=MAX_GAMES).contains(&config.games) {
        return Err(ArenaError::BadConfig("games must be from 1 to 10000000"));
    }
    if !(1..=MAX_THREADS).contains(&config.threads) {
        return Err(ArenaError::BadConfig("threads must be from 1 to 64"));
    }
    Ok(config.games.div_ceil(seats.max(1)) * seats.max(1))
}

/// The most finished games that wait for an earlier one to be summed:
/// threads pause rather than run further ahead of a slow game.
const MAX_WAITING: usize = 4096;

/// The outcomes of finished games, summed in game order whatever order
/// they finish in: those that finish early wait (only they are stored,
/// at most [`MAX_WAITING`]).
struct Tally {
    next: usize,
    waiting: BTreeMap<usize, Outcome>,
    result: ArenaResult,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            next: 0,
            waiting: BTreeMap::new(),
            result: ArenaResult {
                games: 0,
                wins: vec![0; seats],
                draws: 0,
                truncated: 0,
                mean_returns: vec![0.0; seats],
                seat_wins: vec![0; seats],
            },
        }
    }

    fn add(&mut self, k: usize, outcome: Outcome) {
        self.waiting.insert(k, outcome);
        while let Some(o) = self.waiting.remove(&self.next) {
            self.next += 1;
            let r = &mut self.result;
            r.games += 1;
            match (o.winner, o.winner_seat) {
                (Some(i), Some(s)) => {
                    r.wins[i] += 1;
                    r.seat_wins[s] += 1;
                }
                _ => r.draws += 1,
            }
            r.truncated += usize::from(o.truncated);
            // Sums of returns, divided by the games at the end.
            for (sum, v) in r.mean_returns.iter_mut().zip(o.returns) {
                *sum += v;
            }
        }
    }

    fn finish(mut self) -> ArenaResult {
        let games = self.result.games.max(1) as f64;
        for sum in &mut self.result.mean_returns {
            *sum /= games;
        }
        self.result
    }
}

/// One game's result, per player.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    returns: [f64; racegames_board::Seat::MAX_SEATS],
    winner: Option<usize>,
    winner_seat: Option<usize>,
    truncated: bool,
}

/// The generator seed of game `k` of a match with `seats` seats:
/// SplitMix64 of `(seed, k / seats)`, so that the games of one rotation
/// share their dice and neighbouring deals do not share a shifted stream.
fn game_seed(seed: u64, k: usize, seats: usize) -> u64 {
    let deal = (k / seats.max(1)) as u64;
    let mut mix = SplitMix64::new(seed ^ deal.wrapping_mul(0xD1B5_4A32_D192_ED03));
    mix.next_u64()
}

/// Plays a match between `players`, one per seat, natively on
/// `config.threads` threads; player `i` takes seat `(i + k) mod n` in game
/// `k`. See the module docs for determinism.
///
/// # Errors
///
/// [`ArenaError`] for a wrong number of players, games or threads out of
/// range ([`MAX_GAMES`], [`MAX_THREADS`]), or a player that fails or plays
/// an illegal action.
pub fn play<G>(
    game: &G,
    players: &[Box<dyn Player<G>>],
    config: &ArenaConfig,
) -> Result<ArenaResult, ArenaError>
where
    G: Game + Sync,
{
    play_with(game, players, config, &Control::default())
}

/// [`play`], watched and stoppable through `control`: its count of games
/// done grows as games end, and its interrupt stops the match between
/// decisions with [`ArenaError::Interrupted`].
///
/// # Errors
///
/// As [`play`]'s, and [`ArenaError::Interrupted`].
pub fn play_with<G>(
    game: &G,
    players: &[Box<dyn Player<G>>],
    config: &ArenaConfig,
    control: &Control,
) -> Result<ArenaResult, ArenaError>
where
    G: Game + Sync,
{
    let games = start_match(game.num_players(), players.len(), config, control)?;
    play_checked(game, players, config, games, control, None)
}

/// Plays `games` games; the counts are checked. With `record`, hands
/// each game's record to its sink as the game ends.
fn play_checked<G>(
    game: &G,
    players: &[Box<dyn Player<G>>],
    config: &ArenaConfig,
    games: usize,
    control: &Control,
    record: Option<&Recorder<'_, G>>,
) -> Result<ArenaResult, ArenaError>
where
    G: Game + Sync,
{
    let seats = players.len();
    let threads = config.threads.min(games);
    let next = AtomicUsize::new(0);
    let folded = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let tally = Mutex::new(Tally::new(seats));
    let first_error: Mutex<Option<(usize, ArenaError)>> = Mutex::new(None);
    // Player is Send but not Sync: each thread gets copies of its own.
    let teams: Vec<Vec<Box<dyn Player<G>>>> = (0..threads)
        .map(|_| players.iter().map(|p| p.clone_box()).collect())
        .collect();
    std::thread::scope(|scope| {
        for team in teams {
            let (next, folded, failed) = (&next, &folded, &failed);
            let (tally, first_error) = (&tally, &first_error);
            scope.spawn(move || {
                while !failed.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= games {
                        break;
                    }
                    // Bounds the games waiting in the tally behind a slow one.
                    while k >= folded.load(Ordering::Relaxed) + MAX_WAITING
                        && !failed.load(Ordering::Relaxed)
                        && !control.interrupt.is_interrupted()
                    {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    let make = record.map(|r| r.make);
                    match play_one(game, &team, k, config, &control.interrupt, make) {
                        Ok((outcome, rec)) => {
                            if let (Some(rec), Some(r)) = (rec, record) {
                                (r.sink)(k, rec);
                            }
                            let mut tally = tally.lock().unwrap_or_else(|p| p.into_inner());
                            tally.add(k, outcome);
                            folded.store(tally.next, Ordering::Relaxed);
                            control.done.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            let mut slot = first_error.lock().unwrap_or_else(|p| p.into_inner());
                            // The earliest game's error, whatever the threads.
                            if slot.as_ref().map_or(true, |(g, _)| k < *g) {
                                *slot = Some((k, e));
                            }
                        }
                    }
                }
            });
        }
    });
    if let Some((_, e)) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        // An interrupt can reach a later game first: it wins over errors.
        if control.interrupt.is_interrupted() {
            return Err(ArenaError::Interrupted);
        }
        return Err(e);
    }
    Ok(tally
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .finish())
}

/// Plays game `k` of a match with fresh copies of `team`; with `record`,
/// also returns its record.
fn play_one<G: Game>(
    game: &G,
    team: &[Box<dyn Player<G>>],
    k: usize,
    config: &ArenaConfig,
    interrupt: &Interrupt,
    record: Option<&record::RecordFn<'_, G>>,
) -> Result<(Outcome, Option<Record>), ArenaError> {
    let n = team.len();
    let rotation = k % n;
    let mut players: Vec<Box<dyn Player<G>>> = team.iter().map(|p| p.clone_box()).collect();
    let seed = game_seed(config.seed, k, n);
    let mut rng = SplitMix64::new(seed);
    let mut log = Vec::new();
    let (state, stopped) = play_loop(
        game,
        &mut players,
        rotation,
        &mut rng,
        config,
        interrupt,
        k,
        record.map(|_| &mut log),
    )?;
    let mut by_seat = [0.0; racegames_board::Seat::MAX_SEATS];
    if !stopped {
        game.returns(&state, &mut by_seat[..n])
            .map_err(|e| match e {
                racegames_board::ReturnsError::WrongLength { expected, found } => {
                    ArenaError::WrongPlayerCount {
                        seats: expected,
                        found,
                    }
                }
                // The error enum may grow (it is non_exhaustive).
                _ => ArenaError::BadConfig("the game could not give its returns"),
            })?;
    }
    let mut returns = [0.0; racegames_board::Seat::MAX_SEATS];
    for (i, r) in returns.iter_mut().enumerate().take(n) {
        *r = by_seat[(i + rotation) % n];
    }
    let winner_seat = sole_best(&by_seat[..n]);
    let outcome = Outcome {
        returns,
        winner: winner_seat.map(|s| (s + n - rotation) % n),
        winner_seat,
        truncated: stopped || game.is_truncated(&state),
    };
    let record = record.map(|make| {
        let names: Vec<&str> = (0..n)
            .map(|s| team[(s + n - rotation) % n].name())
            .collect();
        let mut rec = make(&names, seed, log, &state, stopped);
        // Before the result tags, in the order docs/records.md gives.
        let at = rec
            .tags
            .iter()
            .position(|(name, _)| name == "Result")
            .unwrap_or(rec.tags.len());
        rec.tags
            .insert(at, ("Round".to_string(), (k + 1).to_string()));
        rec
    });
    Ok((outcome, record))
}

/// Plays from the start until the game ends or reaches
/// `config.turn_limit` (then `stopped`); player `i` sits in seat
/// `(i + rotation) mod n`. Pushes every action to `log`, if given.
#[allow(clippy::too_many_arguments)] // the one loop of every arena game
pub(crate) fn play_loop<G: Game>(
    game: &G,
    players: &mut [Box<dyn Player<G>>],
    rotation: usize,
    rng: &mut SplitMix64,
    config: &ArenaConfig,
    interrupt: &Interrupt,
    k: usize,
    mut log: Option<&mut Vec<Action>>,
) -> Result<(G::State, bool), ArenaError> {
    let n = players.len();
    let mut state = game.new_initial_state();
    let mut opening = config.opening;
    let mut legal = racegames_board::ActionBuffer::new();
    loop {
        if interrupt.is_interrupted() {
            return Err(ArenaError::Interrupted);
        }
        let action = match game.node(&state) {
            Node::Terminal => return Ok((state, false)),
            _ if game.turn_count(&state) >= config.turn_limit => return Ok((state, true)),
            Node::Chance => {
                let outcome = game
                    .sample_chance(&state, rng.next_f64())
                    .ok_or(ArenaError::Chance(k))?;
                game.apply(&mut state, outcome)
                    .map_err(|_| ArenaError::Chance(k))?;
                outcome
            }
            Node::Decision(_) if opening > 0 => {
                opening -= 1;
                game.legal_actions_into(&state, &mut legal);
                let action = legal[rng.below(legal.len())];
                game.apply_legal(&mut state, action);
                action
            }
            Node::Decision(seat) => {
                let i = (seat.index() + n - rotation) % n;
                let player = &mut players[i];
                let action = player
                    .act(game, &state)
                    .map_err(|error| ArenaError::Player {
                        index: i,
                        name: player.name().to_owned(),
                        game: k,
                        error: Box::new(error),
                    })?;
                game.apply(&mut state, action)
                    .map_err(|_| ArenaError::IllegalAction {
                        index: i,
                        name: player.name().to_owned(),
                        game: k,
                        action,
                    })?;
                action
            }
        };
        if let Some(log) = log.as_deref_mut() {
            log.push(action);
        }
    }
}

/// The index of the highest value if no other equals it.
fn sole_best(values: &[f64]) -> Option<usize> {
    let (best, &max) = values
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))?;
    (values.iter().filter(|&&v| v == max).count() == 1).then_some(best)
}

#[cfg(test)]
mod tests;
