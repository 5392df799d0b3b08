//! A round robin: a match between every pair of players, and Elo ratings.

use racegames_board::Game;

use super::{checked_games, play_checked, stats, ArenaConfig, ArenaError, Control};
use crate::Player;

/// The virtual drawn games added to every pair for the Elo fit, so that a
/// clean sweep gives a finite gap (see [`stats::elo`]).
pub const PRIOR_DRAWS: f64 = 1.0;

/// The table of a round robin, indexed by the players' order.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRobin {
    /// Each player's name.
    pub names: Vec<String>,
    /// `games[i][j]`: games between `i` and `j`.
    pub games: Vec<Vec<usize>>,
    /// `wins[i][j]`: games `i` won against `j`.
    pub wins: Vec<Vec<usize>>,
    /// `draws[i][j]`: games between `i` and `j` that nobody won alone.
    pub draws: Vec<Vec<usize>>,
    /// `truncated[i][j]`: games between `i` and `j` ended by a turn limit.
    pub truncated: Vec<Vec<usize>>,
    /// Elo ratings fitted to the table (maximum likelihood with one
    /// virtual draw per pair), averaging 0.
    pub elo: Vec<f64>,
}

impl RoundRobin {
    /// `i`'s score against `j` (a draw counts half) over their games.
    pub fn score(&self, i: usize, j: usize) -> f64 {
        let games = self.games[i][j];
        if games == 0 {
            return 0.0;
        }
        (self.wins[i][j] as f64 + self.draws[i][j] as f64 / 2.0) / games as f64
    }
}

/// The seatings of a pairing of `a` and `b` at a table of `seats`: the two
/// alternate round the table. With an even number of seats the arena's
/// rotations already swap them; with an odd one the swapped seating is
/// played too, so that each gets the extra seat equally often.
fn seatings(seats: usize, a: usize, b: usize) -> Vec<Vec<usize>> {
    let alternate = |x, y| (0..seats).map(|s| if s % 2 == 0 { x } else { y }).collect();
    if seats % 2 == 0 {
        vec![alternate(a, b)]
    } else {
        vec![alternate(a, b), alternate(b, a)]
    }
}

/// Plays `config.games` games between every pair of `players` (each
/// pairing from the same seed) and fits Elo ratings to the results.
///
/// In a game for more than two, the pair shares the seats alternately, and
/// a game is won by the side whose seat has the highest return, alone.
///
/// # Errors
///
/// As [`play`](super::play)'s.
pub fn round_robin<G>(
    game: &G,
    players: &[Box<dyn Player<G>>],
    config: &ArenaConfig,
) -> Result<RoundRobin, ArenaError>
where
    G: Game + Sync,
{
    round_robin_with(game, players, config, &Control::default())
}

/// [`round_robin`], watched and stoppable through `control` (its total
/// counts the games of every pairing).
///
/// # Errors
///
/// As [`play`](super::play)'s, and [`ArenaError::Interrupted`].
pub fn round_robin_with<G>(
    game: &G,
    players: &[Box<dyn Player<G>>],
    config: &ArenaConfig,
    control: &Control,
) -> Result<RoundRobin, ArenaError>
where
    G: Game + Sync,
{
    let n = players.len();
    let seats = game.num_players();
    if seats > racegames_board::Seat::MAX_SEATS {
        return Err(ArenaError::WrongPlayerCount { seats, found: n });
    }
    // Every count checked, and the total known, before any game.
    let lineups = seatings(seats, 0, 1).len();
    let per_lineup = ArenaConfig {
        games: config.games.div_ceil(lineups),
        ..*config
    };
    checked_games(config, seats)?;
    let games = checked_games(&per_lineup, seats)?;
    let pairs = n * n.saturating_sub(1) / 2;
    control.set_total(pairs * lineups * games);
    let mut table = RoundRobin {
        names: players.iter().map(|p| p.name().to_owned()).collect(),
        games: vec![vec![0; n]; n],
        wins: vec![vec![0; n]; n],
        draws: vec![vec![0; n]; n],
        truncated: vec![vec![0; n]; n],
        elo: vec![0.0; n],
    };
    for a in 0..n {
        for b in a + 1..n {
            for lineup in seatings(seats, a, b) {
                let team: Vec<Box<dyn Player<G>>> =
                    lineup.iter().map(|&i| players[i].clone_box()).collect();
                let r = play_checked(game, &team, &per_lineup, games, control, None)?;
                let won = |who: usize| -> usize {
                    lineup
                        .iter()
                        .zip(&r.wins)
                        .filter(|(&i, _)| i == who)
                        .map(|(_, w)| w)
                        .sum()
                };
                table.wins[a][b] += won(a);
                table.wins[b][a] += won(b);
                for (x, y) in [(a, b), (b, a)] {
                    table.games[x][y] += r.games;
                    table.draws[x][y] += r.draws;
                    table.truncated[x][y] += r.truncated;
                }
            }
        }
    }
    let score: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| table.wins[i][j] as f64 + table.draws[i][j] as f64 / 2.0)
                .collect()
        })
        .collect();
    let games: Vec<Vec<f64>> = table
        .games
        .iter()
        .map(|row| row.iter().map(|&g| g as f64).collect())
        .collect();
    table.elo = stats::elo(&score, &games, PRIOR_DRAWS);
    Ok(table)
}
