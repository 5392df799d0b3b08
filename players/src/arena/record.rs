//! Games kept as records: one game between players, and a match whose
//! every game is recorded.

use std::sync::Mutex;

use racegames_board::record::Record;
use racegames_board::sim::SplitMix64;
use racegames_board::{Action, FromParams, Game};

use super::{play_checked, play_loop, start_match, ArenaConfig, ArenaError, ArenaResult, Control};
use crate::{Interrupt, Player};

/// Makes a game's record from the names of the players by seat, the seed
/// of its dice, its actions, its final state, and whether it was stopped.
pub(crate) type RecordFn<'a, G> =
    dyn Fn(&[&str], u64, Vec<Action>, &<G as Game>::State, bool) -> Record + Sync + 'a;

/// Where the records of a match go: `sink(k, record)` for game `k`, called
/// from the thread that played it as the game ends (not in game order).
pub type RecordSink<'a> = dyn Fn(usize, Record) + Sync + 'a;

/// How a match records its games.
pub(crate) struct Recorder<'a, G: Game> {
    pub(crate) make: &'a RecordFn<'a, G>,
    pub(crate) sink: &'a RecordSink<'a>,
}

/// A record of `game` with its options, players, seed, actions and result.
pub(crate) fn make_record<G: Game + FromParams>(
    game: &G,
    names: &[&str],
    seed: u64,
    actions: Vec<Action>,
    end: &G::State,
    stopped: bool,
) -> Record {
    let mut rec = Record::of(game);
    for (s, name) in names.iter().enumerate() {
        let letter = racegames_board::Seat::new(s as u8).letter();
        rec.set_tag(&format!("Player{letter}"), *name);
    }
    rec.set_tag("Seed", seed.to_string());
    rec.set_tag("Date", utc_date(std::time::SystemTime::now()));
    rec.actions = actions;
    rec.finish(game, end, stopped);
    rec
}

/// The day of `time` in UTC as a record's `Date` tag writes it,
/// `YYYY.MM.DD` (the civil calendar from the days since 1970, after Howard
/// Hinnant's `civil_from_days`; no date library needed).
pub(crate) fn utc_date(time: std::time::SystemTime) -> String {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Plays one game between `players` (player `i` in seat `i`), the dice
/// drawn from a generator seeded with `seed`, and returns its record: the
/// game and its options, the players, the seed, every action (throws
/// included) and the result. A game still going after
/// [`ArenaConfig::default`]'s turn limit is stopped (a draw).
///
/// The same seed and players give the same game; game `k` of
/// [`play_recorded`] is the game this plays with its `Seed` tag and its
/// players in their seats.
///
/// # Errors
///
/// [`ArenaError`] for a wrong number of players, or a player that fails or
/// plays an illegal action.
///
/// ```
/// use racegames_players::arena::play_game;
/// use racegames_players::{random::RandomPlayer, Player};
/// use racegames_tables::Tables;
/// let game = Tables::backgammon();
/// let mut players: Vec<Box<dyn Player<Tables>>> =
///     vec![Box::new(RandomPlayer::new(1)), Box::new(RandomPlayer::new(2))];
/// let rec = play_game(&game, &mut players, 7).unwrap();
/// assert_eq!(rec.tag("Game"), Some("backgammon"));
/// assert_eq!(rec.tag("Seed"), Some("7"));
/// let end = rec.replay(&game).unwrap();
/// assert!(rec.tag("Result").is_some());
/// let text = rec.to_text(&game).unwrap();
/// let again = racegames_board::record::read(&text).unwrap()[0].to_record(&game).unwrap();
/// assert_eq!((again.replay(&game).unwrap(), again), (end, rec));
/// ```
pub fn play_game<G: Game + FromParams>(
    game: &G,
    players: &mut [Box<dyn Player<G>>],
    seed: u64,
) -> Result<Record, ArenaError> {
    let n = game.num_players();
    if players.len() != n || n > racegames_board::Seat::MAX_SEATS {
        return Err(ArenaError::WrongPlayerCount {
            seats: n,
            found: players.len(),
        });
    }
    let config = ArenaConfig::default();
    let mut rng = SplitMix64::new(seed);
    let mut actions = Vec::new();
    let (end, stopped) = play_loop(
        game,
        players,
        0,
        &mut rng,
        &config,
        &Interrupt::default(),
        0,
        Some(&mut actions),
    )?;
    let names: Vec<&str> = players.iter().map(|p| p.name()).collect();
    Ok(make_record(game, &names, seed, actions, &end, stopped))
}

/// [`super::play_with`], keeping every game: returns the match's result
/// and each game's record, in game order. Each record's `Seed` is its own
/// dice's seed and `Round` its number in the match (from 1), so that
/// [`play_game`] with that seed and the players in their seats plays it
/// again.
///
/// # Errors
///
/// As [`super::play_with`].
///
/// ```
/// use racegames_players::arena::{play_recorded, ArenaConfig, Control};
/// use racegames_players::{random::RandomPlayer, Player};
/// use racegames_daldos::Daldos;
/// let game = Daldos::default();
/// let players: Vec<Box<dyn Player<Daldos>>> =
///     vec![Box::new(RandomPlayer::new(1)), Box::new(RandomPlayer::new(2))];
/// let config = ArenaConfig { games: 4, ..ArenaConfig::default() };
/// let (result, records) = play_recorded(&game, &players, &config, &Control::default()).unwrap();
/// assert_eq!((result.games, records.len()), (4, 4));
/// assert_eq!(records[3].tag("Round"), Some("4"));
/// ```
pub fn play_recorded<G>(
    game: &G,
    players: &[Box<dyn Player<G>>],
    config: &ArenaConfig,
    control: &Control,
) -> Result<(ArenaResult, Vec<Record>), ArenaError>
where
    G: Game + FromParams + Sync,
{
    let records = Mutex::new(Vec::new());
    let sink = |k: usize, rec: Record| {
        records
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((k, rec));
    };
    let result = play_recorded_with(game, players, config, control, &sink)?;
    let mut records = records.into_inner().unwrap_or_else(|p| p.into_inner());
    records.sort_unstable_by_key(|(k, _)| *k);
    Ok((result, records.into_iter().map(|(_, r)| r).collect()))
}

/// [`play_recorded`], handing each game's record to `sink(k, record)` as
/// game `k` ends, from the thread that played it: a caller can write
/// records while the match goes on (on another thread, say) instead of
/// keeping them all.
///
/// # Errors
///
/// As [`super::play_with`].
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use racegames_players::arena::{play_recorded_with, ArenaConfig, Control};
/// use racegames_players::{random::RandomPlayer, Player};
/// use racegames_daldos::Daldos;
/// let game = Daldos::default();
/// let players: Vec<Box<dyn Player<Daldos>>> =
///     vec![Box::new(RandomPlayer::new(1)), Box::new(RandomPlayer::new(2))];
/// let actions = AtomicUsize::new(0);
/// let sink = |_k: usize, rec: racegames_board::record::Record| {
///     actions.fetch_add(rec.actions.len(), Ordering::Relaxed);
/// };
/// let config = ArenaConfig { games: 4, ..ArenaConfig::default() };
/// play_recorded_with(&game, &players, &config, &Control::default(), &sink).unwrap();
/// assert!(actions.into_inner() > 0);
/// ```
pub fn play_recorded_with<G>(
    game: &G,
    players: &[Box<dyn Player<G>>],
    config: &ArenaConfig,
    control: &Control,
    sink: &RecordSink<'_>,
) -> Result<ArenaResult, ArenaError>
where
    G: Game + FromParams + Sync,
{
    let games = start_match(game.num_players(), players.len(), config, control)?;
    let make = |names: &[&str], seed: u64, actions: Vec<Action>, end: &G::State, stopped: bool| {
        make_record(game, names, seed, actions, end, stopped)
    };
    let recorder = Recorder { make: &make, sink };
    play_checked(game, players, config, games, control, Some(&recorder))
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::utc_date;

    #[test]
    fn utc_date_writes_the_civil_day() {
        let at = |secs: u64| utc_date(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970.01.01");
        assert_eq!(at(946_641_600), "1999.12.31");
        assert_eq!(at(951_825_600), "2000.02.29");
        assert_eq!(at(1_795_953_600), "2026.11.29");
        assert_eq!(at(4_107_585_600), "2100.03.01");
    }
}
