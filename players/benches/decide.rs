//! Decision time of every built-in player at its default settings, for
//! every game: the median, 90th percentile and worst time of the first
//! action of a ply (the whole-ply decision), over positions reached by
//! random play.
//!
//! Each decision is timed three times (a fresh player each time) and the
//! shortest kept, so that other work on a shared machine counts less.
//!
//! `cargo bench -p racegames-players --bench decide [-- FILTER [POSITIONS
//! [NAME=VALUE...]]]` runs the rows whose `game/player` name contains
//! FILTER, over POSITIONS positions, with these options instead of the
//! defaults (integers, or text for other values).

use std::time::{Duration, Instant};

use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Node, ParamValue};
use racegames_daldos::Daldos;
use racegames_halma::{ChineseCheckers, SquareHalma};
use racegames_players::Playable;
use racegames_tables::Tables;

/// A decision node after `plies` random steps from the start (or the
/// last decision node before the end).
fn position<G: Game>(game: &G, seed: u64, steps: usize) -> Option<G::State> {
    let mut rng = SplitMix64::new(seed);
    let mut buf = ActionBuffer::new();
    let mut state = game.new_initial_state();
    let mut last = None;
    for _ in 0..steps {
        if matches!(game.node(&state), Node::Decision(_)) {
            last = Some(state);
        }
        random_step(game, &mut state, &mut rng, &mut buf)?;
    }
    while game.node(&state) == Node::Chance {
        random_step(game, &mut state, &mut rng, &mut buf);
    }
    match game.node(&state) {
        Node::Decision(_) => Some(state),
        _ => last,
    }
}

/// The shortest of three runs of `f` (each a fresh player, so the same
/// work): on a shared machine the shortest is the one least disturbed.
fn timed<T>(mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..3 {
        let start = Instant::now();
        out = Some(f());
        best = best.min(start.elapsed());
    }
    (out.expect("three runs"), best)
}

/// The options given on the command line.
struct Options<'a> {
    filter: &'a str,
    positions: u64,
    params: Vec<(&'a str, ParamValue<'a>)>,
}

fn row<G: Playable>(label: &str, game: &G, options: &Options<'_>, max_steps: usize) {
    for name in game.player_names() {
        let title = format!("{label}/{name}");
        if !title.contains(options.filter) {
            continue;
        }
        let mut times: Vec<Duration> = Vec::new();
        for seed in 0..options.positions {
            let steps = (seed as usize * 7919) % max_steps;
            let Some(state) = position(game, seed, steps) else {
                continue;
            };
            // A fresh player: no plan to follow, so this is a whole decision.
            let (action, took) = timed(|| {
                let mut player = game
                    .make_player(name, seed, &options.params)
                    .expect("a built-in player");
                player.act(game, &state).expect("a decision")
            });
            times.push(took);
            assert!(game.is_legal(&state, action));
        }
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "{title:32} n={:3} median {:>9.3} ms  p90 {:>9.3} ms  max {:>9.3} ms",
            times.len(),
            at(0.5).as_secs_f64() * 1e3,
            at(0.9).as_secs_f64() * 1e3,
            at(1.0).as_secs_f64() * 1e3,
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let options = Options {
        filter: args.first().map(String::as_str).unwrap_or(""),
        positions: args.get(1).and_then(|n| n.parse().ok()).unwrap_or(31),
        params: args
            .iter()
            .skip(2)
            .filter_map(|a| a.split_once('='))
            .map(|(k, v)| match v.parse() {
                Ok(i) => (k, ParamValue::Int(i)),
                Err(_) => (k, ParamValue::Str(v)),
            })
            .collect(),
    };
    let star = |players: i64| {
        ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(players))])
            .expect("a valid seat count")
    };
    let square = |players: i64| {
        SquareHalma::from_params("halma", &[("players", ParamValue::Int(players))])
            .expect("a valid seat count")
    };
    row("daldos", &Daldos::default(), &options, 200);
    row("seys_dos_e_as", &Tables::seys_dos_e_as(), &options, 300);
    row("backgammon", &Tables::backgammon(), &options, 300);
    for players in [2, 3, 4, 6] {
        let label = format!("chinese_checkers_{players}");
        row(&label, &star(players), &options, 600);
    }
    for players in [2, 4] {
        let label = format!("halma_{players}");
        row(&label, &square(players), &options, 600);
    }
}
