//! `racegames-train`: trains a learned evaluation by self-play (or, for
//! backgammon, from gnubg's labels), or measures one. Run with `--help`
//! (or without arguments) for the usage.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use std::sync::Arc;

use racegames_players::expectimax::ExpectimaxPlayer;
use racegames_players::net::{Mlp, NetEvaluator, NetGame};
use racegames_players::Player;
use racegames_train::gnubg;
use racegames_train::td::TdOptions;
use racegames_train::versus::run_versus;
use racegames_train::{run_eval, run_training, TrainConfig};

const USAGE: &str = "usage:
  racegames-train GAME [--games N] [--seed S] [--out PATH] [--hidden H] [--lr A] [--lr-end A]
                       [--lambda L] [--init PATH] [--checkpoint N] [--eval-games N] [--max-seconds S]
  racegames-train eval GAME --net PATH [--opponent random|baseline] [--games N] [--seed S]
  racegames-train versus GAME --net PATH [--opponent PLAYER] [--games N] [--seed S] [--depth D] [--beam B]
                         [--budget W]
  racegames-train games
  racegames-train label [--net PATH] [--games N] [--seed S] [--explore P] [--workers W] [--plies N]
                        [--gnubg PATH] [--server PATH] [--labels LABELS] --out LABELS
  racegames-train fit --labels LABELS (--init PATH [--hidden H] | --hidden H) --out PATH [--epochs E] [--lr A]
                      [--lr-end A] [--seed S] [--holdout F] [--optimizer sgd|adam] [--batch N]
  racegames-train gnubg [--net PATH] [--games N] [--seed S] [--gnubg PATH] [--server PATH] [--plies N]
                        [--player expectimax|net-greedy] [--depth D] [--beam B]
  racegames-train luck --games FILE[,FILE...] [--against FILE[,FILE...]] [--net PATH]
                       [--scoring winloss|backgammons] [--workers W]
  racegames-train --help
GAME is a game of the registry with nets: a tables preset (backgammon, seys_dos_e_as,
quinze_tablas, ...) or daldos (`racegames-train games` lists them), with options written
NAME:KEY=VALUE,... (daldos:board=norwegian; `daldos --board norwegian` says the same).";

/// Prints a line to stdout. A closed stdout (`racegames-train ... | head`)
/// ends the program quietly, where `println!` would panic.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    };
}

fn parse<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    let v = value.ok_or(format!("{flag} needs a value"))?;
    v.parse().map_err(|_| format!("{flag}: cannot read {v:?}"))
}

/// The gnubg server script, checked before gnubg is started: gnubg given a
/// missing script ends at once, which says nothing of why.
fn server_script(path: String) -> Result<String, String> {
    if std::path::Path::new(&path).is_file() {
        Ok(path)
    } else {
        Err(format!(
            "--server: no file {path:?} (gnubg_server.py is py/bench/gnubg_server.py, \
             found from the repository's root; --server PATH names it elsewhere)"
        ))
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    // Asked for, the usage is the answer (stdout, success), as
    // `python -m racegames.arena --help` gives it.
    if args.iter().any(|a| a == "--help" || a == "-h") {
        say!("{USAGE}");
        return Ok(());
    }
    let mut it = args.into_iter();
    let first = it.next().ok_or(USAGE)?;
    if first == "gnubg" {
        return run_gnubg(it.collect());
    }
    if first == "label" || first == "fit" {
        return run_distil(&first, it.collect());
    }
    if first == "luck" {
        return run_luck(it.collect());
    }
    if first == "games" {
        say!("{}", racegames_train::game_names().join("\n"));
        return Ok(());
    }
    let evaluating = first == "eval";
    let versus = first == "versus";
    let game = if evaluating || versus {
        it.next().ok_or(USAGE)?
    } else {
        first
    };
    let mut cfg = TrainConfig {
        out: PathBuf::from(format!("{}.net", racegames_train::net_name(&game))),
        game,
        td: TdOptions::default(),
        hidden: 80,
        init: None,
        checkpoint: 1000,
        eval_games: 0,
        max_seconds: 0,
    };
    let (mut net, mut opponent, mut games) = (None, None::<String>, 400u32);
    let mut search = racegames_train::versus::SearchOverrides::default();
    let measuring = evaluating || versus;
    while let Some(flag) = it.next() {
        let v = it.next();
        match flag.as_str() {
            "--games" if measuring => games = parse(&flag, v)?,
            "--games" => cfg.td.games = parse(&flag, v)?,
            "--seed" => cfg.td.seed = parse(&flag, v)?,
            "--out" => cfg.out = parse(&flag, v)?,
            "--hidden" => cfg.hidden = parse(&flag, v)?,
            "--lr" => cfg.td.lr = parse(&flag, v)?,
            "--lr-end" => cfg.td.lr_end = parse(&flag, v)?,
            "--lambda" => cfg.td.lambda = parse(&flag, v)?,
            "--init" => cfg.init = Some(parse(&flag, v)?),
            "--checkpoint" => cfg.checkpoint = parse(&flag, v)?,
            "--eval-games" => cfg.eval_games = parse(&flag, v)?,
            "--max-seconds" => cfg.max_seconds = parse(&flag, v)?,
            "--net" => net = Some(parse::<PathBuf>(&flag, v)?),
            "--opponent" => opponent = Some(parse(&flag, v)?),
            "--depth" if versus => search.depth = Some(parse(&flag, v)?),
            "--beam" if versus => search.beam = Some(parse(&flag, v)?),
            "--budget" if versus => search.budget = Some(parse(&flag, v)?),
            "--board" if cfg.game == "daldos" => {
                let board: String = parse(&flag, v)?;
                match board.as_str() {
                    "danish" => {}
                    "norwegian" => cfg.game = String::from("daldos:board=norwegian"),
                    _ => return Err(format!("--board: danish or norwegian, not {board:?}")),
                }
                if cfg.out == std::path::Path::new("daldos.net") {
                    cfg.out =
                        PathBuf::from(format!("{}.net", racegames_train::net_name(&cfg.game)));
                }
            }
            _ => return Err(format!("unknown option {flag:?}\n{USAGE}")),
        }
    }
    if measuring {
        let path = net.ok_or("eval and versus need --net PATH")?;
        let net = Mlp::from_path(&path).map_err(|e| e.to_string())?;
        let line = if versus {
            let opponent = opponent.unwrap_or_else(|| String::from("greedy"));
            let seed = cfg.td.seed;
            run_versus(&cfg.game, &net, &opponent, games, seed, search)?
        } else {
            let opponent = opponent.unwrap_or_else(|| String::from("baseline"));
            run_eval(&cfg.game, &net, &opponent, games, cfg.td.seed)?
        };
        say!("{line}");
    } else {
        let net = run_training(&cfg, &mut std::io::stdout())?;
        say!(
            "wrote {} ({} games)",
            cfg.out.display(),
            net.trained_games()
        );
    }
    Ok(())
}

fn run_gnubg(args: Vec<String>) -> Result<(), String> {
    let (mut net, mut games, mut seed, mut plies) = (None, 200u32, 1u64, 0u32);
    let mut player_name = String::from("expectimax");
    let mut settings = racegames_players::expectimax::ExpectimaxSettings::DEFAULT;
    let mut gnubg = String::from("/usr/games/gnubg");
    let mut server = String::from("py/bench/gnubg_server.py");
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let v = it.next();
        match flag.as_str() {
            "--net" => net = Some(parse::<PathBuf>(&flag, v)?),
            "--games" => games = parse(&flag, v)?,
            "--seed" => seed = parse(&flag, v)?,
            "--plies" => plies = parse(&flag, v)?,
            "--gnubg" => gnubg = parse(&flag, v)?,
            "--server" => server = parse(&flag, v)?,
            "--player" => player_name = parse(&flag, v)?,
            "--depth" => settings.depth = parse(&flag, v)?,
            "--beam" => settings.beam = parse(&flag, v)?,
            _ => return Err(format!("unknown option {flag:?}\n{USAGE}")),
        }
    }
    let game = racegames_tables::Tables::backgammon();
    let net = match net {
        Some(path) => Mlp::from_path(&path).map_err(|e| e.to_string())?,
        None => NetEvaluator::shipped(&game)
            .map_err(|e| e.to_string())?
            .net()
            .clone(),
    };
    let mut player: Box<dyn Player<racegames_tables::Tables>> = match player_name.as_str() {
        "net-greedy" => Box::new(racegames_train::player::NetGreedy::new(net)),
        "expectimax" => {
            let eval = NetEvaluator::new(&game, net).map_err(|e| e.to_string())?;
            Box::new(ExpectimaxPlayer::new(seed, Arc::new(eval), settings))
        }
        _ => {
            return Err(format!(
                "unknown player {player_name:?}: expectimax or net-greedy"
            ))
        }
    };
    let server = server_script(server)?;
    let mut engine = gnubg::Gnubg::start(&gnubg, &server, plies)?;
    let what = match player_name.as_str() {
        "expectimax" => format!(
            "expectimax depth {} beam {} over the net",
            settings.depth, settings.beam
        ),
        _ => player_name.clone(),
    };
    say!("racegames {what} against gnubg {plies}-ply, {games} games, seats alternating");
    let res = gnubg::play_bench(player.as_mut(), &mut engine, games, seed, |g, r| {
        if g % 10 == 0 {
            say!("{}", gnubg::result_line(r));
        }
    })?;
    say!("final: {}", gnubg::result_line(&res));
    Ok(())
}

/// `luck`: luck-adjusted results of `gnubg_match.py`'s games.
fn run_luck(args: Vec<String>) -> Result<(), String> {
    use racegames_train::luck;
    let (mut files, mut against, mut net) = (Vec::new(), Vec::new(), None::<PathBuf>);
    let mut scoring = String::from("backgammons");
    let mut workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let v = it.next();
        let list = |v: Option<String>| -> Result<Vec<PathBuf>, String> {
            let v: String = parse(&flag, v)?;
            Ok(v.split(',').map(PathBuf::from).collect())
        };
        match flag.as_str() {
            "--games" => files = list(v)?,
            "--against" => against = list(v)?,
            "--net" => net = Some(parse(&flag, v)?),
            "--workers" => workers = parse::<usize>(&flag, v)?.clamp(1, 64),
            "--scoring" => scoring = parse(&flag, v)?,
            _ => return Err(format!("unknown option {flag:?}\n{USAGE}")),
        }
    }
    if files.is_empty() {
        return Err(format!("luck needs --games FILE\n{USAGE}"));
    }
    let game = luck::backgammon_scored(&scoring)?;
    let judge = match &net {
        Some(path) => NetEvaluator::new(&game, Mlp::from_path(path).map_err(|e| e.to_string())?),
        None => NetEvaluator::shipped(&game),
    }
    .map_err(|e| e.to_string())?;
    let read = |paths: &[PathBuf]| -> Result<Vec<luck::MatchGame>, String> {
        let mut all = Vec::new();
        for p in paths {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            all.extend(luck::read_match(&text).map_err(|e| format!("{}: {e}", p.display()))?);
        }
        Ok(all)
    };
    let judged = luck::judge_games(&game, &judge, &read(&files)?, workers)?;
    let wins = scoring == "winloss";
    let name = if wins {
        "winloss (a win is 1)"
    } else {
        "backgammons"
    };
    say!(
        "{} games, judged by the net {}, results as {name} counts them",
        judged.len(),
        net.as_ref()
            .map_or(String::from("shipped"), |p| p.display().to_string())
    );
    report_luck(&judged, wins);
    if !against.is_empty() {
        let other = luck::judge_games(&game, &judge, &read(&against)?, workers)?;
        let by_game: std::collections::HashMap<u64, luck::Judged> =
            other.iter().map(|j| (j.game, *j)).collect();
        let paired: Vec<luck::Judged> = judged
            .iter()
            .filter_map(|j| {
                by_game.get(&j.game).map(|o| luck::Judged {
                    game: j.game,
                    result: j.result - o.result,
                    adjusted: j.adjusted - o.adjusted,
                })
            })
            .collect();
        say!(
            "against {} games: {} with the same numbers, game by game, --games minus --against",
            other.len(),
            paired.len()
        );
        report_luck(&paired, false);
    }
    Ok(())
}

/// The raw and the luck-adjusted mean, with the share of games won when
/// `wins` (a result of ±1: the share is half the mean plus one half).
fn report_luck(judged: &[racegames_train::luck::Judged], wins: bool) {
    use racegames_train::luck::mean_interval;
    let raw: Vec<f64> = judged.iter().map(|j| j.result).collect();
    let adjusted: Vec<f64> = judged.iter().map(|j| j.adjusted).collect();
    let (m, h) = mean_interval(&raw);
    let (am, ah) = mean_interval(&adjusted);
    let width = if h > 0.0 { 100.0 * ah / h } else { 0.0 };
    say!("  result:         {m:+.4} ± {h:.4} a game (95%)");
    say!("  luck-adjusted:  {am:+.4} ± {ah:.4} a game (95%; {width:.0}% of the raw interval's width)");
    if wins {
        let share = |m: f64, h: f64| format!("{:.1}% ± {:.1}%", 50.0 * (1.0 + m), 50.0 * h);
        say!(
            "  games won:      {} raw, {} luck-adjusted",
            share(m, h),
            share(am, ah)
        );
    }
}

fn read_labels_file(
    game: &racegames_tables::Tables,
    path: &std::path::Path,
) -> Result<Vec<racegames_train::distil::Labelled>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    racegames_train::distil::read_labels(game, &mut std::io::BufReader::new(file))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// `label` and `fit`: backgammon's net taught by gnubg (`distil`).
fn run_distil(command: &str, args: Vec<String>) -> Result<(), String> {
    use racegames_train::distil;
    let (mut net, mut games, mut explore, mut workers, mut plies) = (None, 5000u64, 0.1f64, 16, 0);
    let (mut out, mut labels, mut hidden) = (None::<PathBuf>, None::<PathBuf>, None::<usize>);
    let mut gnubg = String::from("/usr/games/gnubg");
    let mut server = String::from("py/bench/gnubg_server.py");
    let mut fit = distil::FitOptions {
        epochs: 8,
        lr: 0.02,
        lr_end: 0.002,
        seed: 1,
        holdout: 0.05,
        optimizer: distil::Optimizer::Sgd,
        batch: 256,
    };
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let v = it.next();
        match flag.as_str() {
            "--net" | "--init" => net = Some(parse::<PathBuf>(&flag, v)?),
            "--games" => games = parse(&flag, v)?,
            "--seed" => fit.seed = parse(&flag, v)?,
            "--explore" => explore = parse(&flag, v)?,
            "--workers" => workers = parse(&flag, v)?,
            "--plies" => plies = parse(&flag, v)?,
            "--gnubg" => gnubg = parse(&flag, v)?,
            "--server" => server = parse(&flag, v)?,
            "--out" => out = Some(parse(&flag, v)?),
            "--labels" => labels = Some(parse(&flag, v)?),
            "--hidden" => hidden = Some(parse(&flag, v)?),
            "--epochs" => fit.epochs = parse(&flag, v)?,
            "--lr" => fit.lr = parse(&flag, v)?,
            "--lr-end" => fit.lr_end = parse(&flag, v)?,
            "--holdout" => fit.holdout = parse(&flag, v)?,
            "--optimizer" => fit.optimizer = parse(&flag, v)?,
            "--batch" => fit.batch = parse(&flag, v)?,
            _ => return Err(format!("unknown option {flag:?}\n{USAGE}")),
        }
    }
    let out = out.ok_or(format!("{command} needs --out PATH"))?;
    if command == "label" && hidden.is_some() {
        return Err("--hidden is for fit: label plays with the net as it is".into());
    }
    let game = racegames_tables::Tables::backgammon();
    let net = match net {
        Some(path) => {
            let mut net = Mlp::from_path(&path).map_err(|e| e.to_string())?;
            // `--init` with `--hidden`: the net widened, its values unchanged.
            if let (Some(h), "fit") = (hidden, command) {
                net.widen(h, fit.seed, 0.1).map_err(|e| e.to_string())?;
            }
            net
        }
        None if command == "label" => NetEvaluator::shipped(&game)
            .map_err(|e| e.to_string())?
            .net()
            .clone(),
        None => match hidden {
            Some(h) => Mlp::new_random(
                "backgammon",
                game.net_encoding(),
                [game.net_inputs(), h, 5],
                fit.seed,
                0.1,
            )
            .map_err(|e| e.to_string())?,
            None => return Err("fit needs --init PATH or --hidden H, the net to start from".into()),
        },
    };
    let started = std::time::Instant::now();
    if command == "label" {
        if !(0.0..=1.0).contains(&explore) {
            return Err(format!("--explore: a probability, not {explore}"));
        }
        let server = server_script(server)?;
        // The positions of a labels file (labelled again, at other plies),
        // or of self-play.
        let positions: Vec<_> = match &labels {
            Some(path) => read_labels_file(&game, path)?
                .into_iter()
                .map(|row| row.position)
                .collect(),
            None => distil::self_play_positions(&game, &net, games, fit.seed, explore),
        };
        say!("{} positions; labelling at {plies}-ply", positions.len());
        let rows =
            distil::label_positions(&game, &positions, &gnubg, &server, plies, workers, |n| {
                say!("{n} labelled ({:.0} s)", started.elapsed().as_secs_f64());
            })?;
        let file = std::fs::File::create(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        let mut file = std::io::BufWriter::new(file);
        distil::write_labels(&game, &rows, &mut file).map_err(|e| e.to_string())?;
        file.flush().map_err(|e| e.to_string())?;
        say!(
            "wrote {} ({} positions, {:.0} s)",
            out.display(),
            rows.len(),
            started.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let rows = read_labels_file(&game, &labels.ok_or("fit needs --labels LABELS")?)?;
    let (train, held) = distil::split_rows(&rows, fit.holdout);
    let mut net = net;
    let before = distil::fit_error(&game, &net, held);
    say!(
        "{} rows, {} held out; before: excess cross-entropy {:.5}, utility error {:.4}",
        train.len(),
        held.len(),
        before.excess_cross_entropy,
        before.utility
    );
    distil::fit(&game, &mut net, &rows, &fit, |epoch, err| {
        say!(
            "epoch {epoch}: excess cross-entropy {:.5}, utility error {:.4} ({:.0} s)",
            err.excess_cross_entropy,
            err.utility,
            started.elapsed().as_secs_f64()
        );
        true
    })?;
    std::fs::write(&out, net.to_bytes()).map_err(|e| format!("{}: {e}", out.display()))?;
    say!("wrote {}", out.display());
    Ok(())
}

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
