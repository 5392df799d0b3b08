//! Matches of a net file inside the built-in searchers against the
//! built-in players, before the net is shipped: expectimax over the net
//! (at the settings the game's built-in expectimax takes with a net)
//! against any player `Playable::make_player` builds, in the players
//! crate's arena.

use std::sync::Arc;

use racegames_board::Game;
use racegames_players::arena::{self, ArenaConfig};
use racegames_players::expectimax::{ExpectimaxPlayer, ExpectimaxSettings};
use racegames_players::net::{Mlp, NetEvaluator, NetGame};
use racegames_players::{Playable, Player};

use crate::{game_of, TrainGame};

/// The settings of the built-in expectimax of `game` when it has a net
/// (as `racegames_players::games`' defaults choose them).
pub fn net_expectimax_settings(game: &TrainGame) -> ExpectimaxSettings {
    match game {
        TrainGame::Tables(g) if g.max_chance_outcomes() <= 36 => ExpectimaxSettings {
            depth: 2,
            beam: 8,
            prune: true,
            budget: 0,
            root_filter: 0.0,
        },
        // Three dice: a second ply costs seconds a game in the Libro games.
        TrainGame::Tables(_) => ExpectimaxSettings {
            depth: 1,
            beam: 4,
            prune: true,
            budget: 0,
            root_filter: 0.0,
        },
        TrainGame::Daldos(_) => ExpectimaxSettings {
            depth: 3,
            beam: 12,
            prune: true,
            budget: 150_000,
            root_filter: 0.0,
        },
    }
}

/// A player written `NAME` or `NAME:KEY=VALUE,...`, as the arena command
/// reads it (values: integers, `true`/`false` or words).
fn built_in<G>(game: &G, spec: &str, seed: u64) -> Result<Box<dyn Player<G>>, String>
where
    G: Playable,
{
    let (name, params) =
        racegames_board::params::parse_spec(spec).map_err(|e| format!("player {spec:?}: {e}"))?;
    game.make_player(name, seed, &params)
        .map_err(|e| e.to_string())
}

fn play<G>(
    game: &G,
    net: &Mlp,
    settings: ExpectimaxSettings,
    opponent: &str,
    games: u32,
    seed: u64,
) -> Result<String, String>
where
    G: NetGame + Playable + Sync + 'static,
{
    let eval = NetEvaluator::new(game, net.clone()).map_err(|e| e.to_string())?;
    let players: [Box<dyn Player<G>>; 2] = [
        Box::new(ExpectimaxPlayer::new(seed, Arc::new(eval), settings)),
        built_in(game, opponent, seed ^ 0x0B0E)?,
    ];
    let config = ArenaConfig {
        games: games as usize,
        seed,
        threads: 1,
        ..ArenaConfig::default()
    };
    let start = std::time::Instant::now();
    let r = arena::play(game, &players, &config).map_err(|e| e.to_string())?;
    let score = r.score(0).ok_or("no games played")?;
    Ok(format!(
        "expectimax(net, depth {} beam {} budget {}) vs {opponent}: {} wins {} losses {} draws of {}, score {:.1}% (Wilson 95% {:.1}-{:.1}%), {:.3} s a game",
        settings.depth,
        settings.beam,
        settings.budget,
        r.wins[0],
        r.wins[1],
        r.draws,
        r.games,
        100.0 * score.rate,
        100.0 * score.low,
        100.0 * score.high,
        start.elapsed().as_secs_f64() / r.games.max(1) as f64
    ))
}

/// Settings that replace those of [`net_expectimax_settings`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOverrides {
    /// Plies searched.
    pub depth: Option<u32>,
    /// Moves searched deeper at each decision.
    pub beam: Option<u32>,
    /// The iterative deepening's work budget.
    pub budget: Option<u32>,
}

/// Plays expectimax over `net` against the built-in `opponent` (for
/// example `greedy` or `expectimax:eval=hand`) in `game`, seats
/// alternating, and returns the result line.
///
/// ```
/// use racegames_board::FromParams;
/// use racegames_players::net::{Mlp, NetGame};
/// use racegames_tables::Tables;
/// use racegames_train::versus::{run_versus, SearchOverrides};
/// let game = Tables::from_params("fallas", &[]).unwrap();
/// let net = Mlp::new_random("fallas", game.net_encoding(), [game.net_inputs(), 4, 1], 1, 0.1).unwrap();
/// let line = run_versus("fallas", &net, "random", 2, 1, SearchOverrides::default()).unwrap();
/// assert!(line.contains("of 2"));
/// ```
///
/// # Errors
///
/// An unknown game or player, or a net that does not fit the game.
pub fn run_versus(
    game: &str,
    net: &Mlp,
    opponent: &str,
    games: u32,
    seed: u64,
    overrides: SearchOverrides,
) -> Result<String, String> {
    let g = game_of(game, false)?;
    let mut settings = net_expectimax_settings(&g);
    settings.depth = overrides.depth.unwrap_or(settings.depth);
    settings.beam = overrides.beam.unwrap_or(settings.beam);
    settings.budget = overrides.budget.unwrap_or(settings.budget);
    match g {
        TrainGame::Tables(g) => play(&*g, net, settings, opponent, games, seed),
        TrainGame::Daldos(g) => play(&g, net, settings, opponent, games, seed),
    }
}
