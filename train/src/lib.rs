//! Self-play training of the racegames learned evaluations, and the
//! matches that measure them.
//!
//! The command (see the README of this crate):
//!
//! ```text
//! cargo run --release -p racegames-train -- backgammon --games 200000 --seed 1 --out players/nets/backgammon.net
//! cargo run --release -p racegames-train -- eval backgammon --net players/nets/backgammon.net --opponent baseline --games 400
//! ```
//!
//! Training uses self-play ([`td`]), and for backgammon's shipped net the
//! evaluations of GNU Backgammon ([`distil`]); measuring uses the net's
//! greedy play against random play and a hand-made greedy
//! ([`mod@matches`]).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod adam;
pub mod backprop;
pub mod distil;
pub mod gnubg;
pub mod luck;
pub mod matches;
pub mod player;
pub mod td;
pub mod versus;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use racegames_board::params::parse_spec;
use racegames_board::{FromParams, ParamValue};
use racegames_daldos::Daldos;
use racegames_players::net::{Mlp, NetGame};
use racegames_tables::Tables;

use matches::{play_match, wilson, Baseline, Side};
use td::TdOptions;

/// Every game a net can be trained for: the names the game registry's
/// tables and Daldøs types answer to ([`FromParams::NAMES`]: the tables
/// presets, then `daldos`), each with its default options. Other options
/// are given as a spec, `daldos:board=norwegian` ([`game_of`]).
pub fn game_names() -> Vec<&'static str> {
    <Tables as FromParams>::NAMES
        .iter()
        .chain(<Daldos as FromParams>::NAMES)
        .copied()
        .collect()
}

/// The name a net trained for the game `spec` is stored under (and its
/// file named after): the game's name, then each option's value, joined
/// by `_`, so that `daldos:board=norwegian` gives the shipped
/// `daldos_norwegian`.
///
/// ```
/// use racegames_train::net_name;
/// assert_eq!(net_name("daldos:board=norwegian"), "daldos_norwegian");
/// assert_eq!(net_name("backgammon"), "backgammon");
/// ```
pub fn net_name(spec: &str) -> String {
    let Ok((name, options)) = parse_spec(spec) else {
        return spec.to_string();
    };
    let mut out = name.to_string();
    for (_, value) in options {
        out.push('_');
        match value {
            ParamValue::Str(word) => out += word,
            other => out += &other.to_string(),
        }
    }
    out
}

/// A training run.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// The game: a name of [`game_names`], with options as a spec
    /// ([`game_of`]).
    pub game: String,
    /// The TD settings.
    pub td: TdOptions,
    /// Hidden units of a new net.
    pub hidden: usize,
    /// A net to go on training instead of a new one.
    pub init: Option<PathBuf>,
    /// Where the net is written (at each checkpoint and at the end).
    pub out: PathBuf,
    /// Games between checkpoints (0: only at the end).
    pub checkpoint: u64,
    /// Games of the greedy net against the baseline at each checkpoint.
    pub eval_games: u32,
    /// Stop at the first checkpoint after this many seconds (0: never),
    /// so that a run stays within a time budget; the net is written there.
    pub max_seconds: u64,
}

/// A game a net is trained for, with its rules as trained.
#[derive(Clone, Debug)]
pub enum TrainGame {
    /// A tables game (backgammon with gammons and backgammons counted, so
    /// that its net learns them: its five outputs serve every scoring).
    Tables(Box<Tables>),
    /// Daldøs on one of its boards.
    Daldos(Daldos),
}

/// The game of a spec, `NAME` or `NAME:KEY=VALUE,...` with a name of
/// [`game_names`], as trained (`training`: backgammon counting gammons,
/// unless its scoring is given) or as played.
///
/// # Errors
///
/// A name that is not a game of [`game_names`], in words with the list, or
/// options the game refuses.
///
/// ```
/// use racegames_train::{game_of, TrainGame};
/// assert!(matches!(game_of("doze_canes", false), Ok(TrainGame::Tables(_))));
/// assert!(matches!(game_of("daldos:board=norwegian", false), Ok(TrainGame::Daldos(_))));
/// assert!(game_of("daldos_norwegian", false).is_err());
/// assert!(game_of("chess", false).is_err());
/// ```
pub fn game_of(spec: &str, training: bool) -> Result<TrainGame, String> {
    let unknown = || format!("unknown game {spec:?}; the games are {:?}", game_names());
    let (name, mut options) = parse_spec(spec).map_err(|e| format!("game {spec:?}: {e}"))?;
    let backgammons = ("scoring", ParamValue::Str("backgammons"));
    if training && name == "backgammon" && !options.iter().any(|(k, _)| *k == "scoring") {
        options.push(backgammons);
    }
    if <Daldos as FromParams>::NAMES.contains(&name) {
        Daldos::from_params(name, &options)
            .map(TrainGame::Daldos)
            .map_err(|e| e.to_string())
    } else if <Tables as FromParams>::NAMES.contains(&name) {
        Tables::from_params(name, &options)
            .map(|g| TrainGame::Tables(Box::new(g)))
            .map_err(|e| e.to_string())
    } else {
        Err(unknown())
    }
}

/// The number of outputs each game's net has.
fn outputs_of(spec: &str) -> usize {
    if parse_spec(spec).is_ok_and(|(name, _)| name == "backgammon") {
        5
    } else {
        1
    }
}

/// Runs a training, logging a line per checkpoint into `log`.
///
/// # Errors
///
/// An unknown game, a net that cannot be read or does not fit, or a file
/// that cannot be written.
pub fn run_training(cfg: &TrainConfig, log: &mut dyn Write) -> Result<Mlp, String> {
    match game_of(&cfg.game, true)? {
        TrainGame::Tables(g) => train_game(&*g, cfg, log),
        TrainGame::Daldos(g) => train_game(&g, cfg, log),
    }
}

/// Plays a net against an opponent (`random` or `baseline`) and returns
/// the result line.
///
/// # Errors
///
/// An unknown game or opponent, or a net that does not fit.
pub fn run_eval(
    game: &str,
    net: &Mlp,
    opponent: &str,
    games: u32,
    seed: u64,
) -> Result<String, String> {
    match game_of(game, false)? {
        TrainGame::Tables(g) => eval_line(&*g, net, opponent, games, seed),
        TrainGame::Daldos(g) => eval_line(&g, net, opponent, games, seed),
    }
}

fn eval_line<G>(
    game: &G,
    net: &Mlp,
    opponent: &str,
    games: u32,
    seed: u64,
) -> Result<String, String>
where
    G: NetGame + Baseline + Sync,
    G::State: Send + 'static,
{
    racegames_players::net::NetEvaluator::new(game, net.clone()).map_err(|e| e.to_string())?;
    let other = match opponent {
        "random" => Side::Random(seed ^ 0x5EED),
        "baseline" => Side::Baseline,
        _ => return Err(format!("unknown opponent {opponent:?}: random or baseline")),
    };
    let r = play_match(game, Side::Net(net), other, games, seed)?;
    let (lo, hi) = wilson(r.wins, r.games());
    Ok(format!(
        "net vs {opponent}: {} wins {} losses {} draws of {} ({:.1}%, Wilson 95% {:.1}-{:.1}%), mean return {:+.3}",
        r.wins,
        r.losses,
        r.draws,
        r.games(),
        100.0 * f64::from(r.wins) / f64::from(r.games().max(1)),
        100.0 * lo,
        100.0 * hi,
        r.points / f64::from(r.games().max(1))
    ))
}

/// Writes `net` to `path` through a temporary file, so that a reader never
/// sees half a file.
///
/// # Errors
///
/// The I/O error, as text.
pub fn save(net: &Mlp, path: &Path) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, net.to_bytes()).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Encodings that begin with another's inputs: a net of the first goes on
/// training under the second, its new inputs starting at zero weight.
const ENCODING_EXTENSIONS: &[(&str, &str)] = &[("tables-v1", "tables-v2")];

fn train_game<G>(game: &G, cfg: &TrainConfig, log: &mut dyn Write) -> Result<Mlp, String>
where
    G: NetGame + Baseline + Sync,
    G::State: Send + 'static,
{
    let mut net = match &cfg.init {
        Some(path) => {
            // A start from another game's net (of the same encoding) is
            // named for the game it is trained for now.
            let mut net = Mlp::from_path(path).map_err(|e| e.to_string())?;
            net.set_game(&net_name(&cfg.game))
                .map_err(|e| e.to_string())?;
            if ENCODING_EXTENSIONS.contains(&(net.encoding(), game.net_encoding())) {
                net.extend_inputs(game.net_encoding(), game.net_inputs())
                    .map_err(|e| e.to_string())?;
            }
            net
        }
        None => Mlp::new_random(
            &net_name(&cfg.game),
            game.net_encoding(),
            [game.net_inputs(), cfg.hidden, outputs_of(&cfg.game)],
            cfg.td.seed,
            0.1,
        )
        .map_err(|e| e.to_string())?,
    };
    racegames_players::net::NetEvaluator::new(game, net.clone()).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut failure = None;
    td::train(game, &mut net, &cfg.td, |g, net| {
        let secs = start.elapsed().as_secs_f64();
        let out_of_time = cfg.max_seconds > 0 && secs >= cfg.max_seconds as f64;
        let last = g == cfg.td.games;
        let at_checkpoint = cfg.checkpoint > 0 && g % cfg.checkpoint == 0;
        if failure.is_some() || !(last || at_checkpoint || (out_of_time && cfg.checkpoint == 0)) {
            return failure.is_none();
        }
        if let Err(e) = save(net, &cfg.out) {
            failure = Some(e);
            return false;
        }
        let mut line = format!(
            "{} games ({} in all), {:.0} s, {:.1} games/s",
            g,
            net.trained_games(),
            secs,
            g as f64 / secs.max(1e-9)
        );
        if cfg.eval_games > 0 {
            match play_match(game, Side::Net(net), Side::Baseline, cfg.eval_games, g) {
                Ok(r) => {
                    let (lo, hi) = wilson(r.wins, r.games());
                    line += &format!(
                        "; vs baseline {}/{} won ({:.0}-{:.0}%)",
                        r.wins,
                        r.games(),
                        100.0 * lo,
                        100.0 * hi
                    );
                }
                Err(e) => line += &format!("; vs baseline not measured: {e}"),
            }
        }
        if out_of_time && !last {
            line += "; out of time, stopped";
        }
        let _ = writeln!(log, "{line}");
        let _ = log.flush();
        !out_of_time
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(net),
    }
}
