//! Measures and tunes the hand-written evaluations: a greedy player (the
//! best end-of-ply position by an evaluation) against random players, or
//! against greedy with other weights, over many games with seats rotated.
//!
//! ```text
//! cargo run --release -p racegames-players --example eval_arena -- GAME GAMES OPPONENT [WEIGHTS] [SEED]
//! ```
//!
//! GAME: daldos, any tables preset (seys_dos_e_as, backgammon, doze_canes,
//! fallas, …), backgammon_gammons, cc2, cc3, cc4, cc6, halma2, halma4. OPPONENT: `random`, or `greedy` with weights
//! `name=value,...` (e.g. `greedy:delayed=0.5`). WEIGHTS: the measured
//! player's weight changes, same form (`-` for none).
//!
//! Prints the measured player's wins with a Wilson 95% interval, its mean
//! return, and the mean and largest number of turns per game. With
//! `SHOW_END` set it also prints each game's last position, with
//! `SHOW_EVERY=N` the position every N turns.

use std::time::Instant;

use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node, ParamValue};
use racegames_daldos::Daldos;
use racegames_halma::{ChineseCheckers, SquareHalma};
use racegames_players::games::daldos_eval::{DaldosEval, DaldosWeights};
use racegames_players::games::halma_eval::{HalmaEval, HalmaWeights};
use racegames_players::games::tables_eval::{TablesEval, TablesWeights};
use racegames_players::ply::{decision_seed, ply_ends, Plan};
use racegames_players::Evaluator;
use racegames_tables::Tables;

/// Who sits in a seat.
enum Agent<'a, G: Game> {
    Random,
    Greedy(&'a dyn Evaluator<G>),
}

/// Plays one game from the opening; returns each seat's return and the
/// number of turns.
fn play<G: Game>(game: &G, agents: &[Agent<'_, G>], seed: u64) -> (Vec<f64>, u32) {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    let mut plan = Plan::new();
    let mut values = vec![0.0; game.num_players()];
    loop {
        match game.node(&state) {
            Node::Terminal => break,
            Node::Chance => {
                let a = game
                    .sample_chance(&state, rng.next_f64())
                    .expect("chance node");
                game.apply_legal(&mut state, a);
            }
            Node::Decision(p) => {
                if let Some(at) = std::env::var_os("SHOW_EVERY") {
                    let every: u32 = at.to_str().and_then(|s| s.parse().ok()).unwrap_or(100);
                    if game.turn_count(&state) % every == 0 {
                        let mut text = String::new();
                        let _ = game.write_notation(&state, &mut text);
                        println!("{text}");
                    }
                }
                let action = match &agents[p.index()] {
                    Agent::Random => {
                        let mut actions = Vec::new();
                        game.legal_actions(&state, |a| actions.push(a));
                        actions[rng.below(actions.len())]
                    }
                    Agent::Greedy(eval) => match plan.next(&state) {
                        Some(a) => a,
                        None => {
                            let ends = ply_ends(game, &state);
                            let mut tie = SplitMix64::new(decision_seed(seed, &state));
                            let mut best = (f64::NEG_INFINITY, 0.0, 0);
                            for (i, end) in ends.ends.iter().enumerate() {
                                eval.evaluate(game, &end.state, &mut values);
                                let key = (values[p.index()], tie.next_f64());
                                if key > (best.0, best.1) {
                                    best = (key.0, key.1, i);
                                }
                            }
                            plan.set(game, &state, &ends.ends[best.2].actions);
                            plan.next(&state).expect("a fresh plan")
                        }
                    },
                };
                game.apply_legal(&mut state, action);
            }
        }
    }
    let mut returns = vec![0.0; game.num_players()];
    game.returns(&state, &mut returns)
        .expect("one value per seat");
    if std::env::var_os("SHOW_END").is_some() {
        let mut text = String::new();
        let _ = game.write_notation(&state, &mut text);
        println!("{text}");
    }
    (returns, game.turn_count(&state))
}

/// Plays `games` games, the measured player in seat `g % n` of game `g`,
/// and prints the summary.
fn measure<G: Game>(
    game: &G,
    me: &dyn Evaluator<G>,
    opponent: Option<&dyn Evaluator<G>>,
    games: usize,
    seed: u64,
) {
    let n = game.num_players();
    let (mut wins, mut total, mut turns, mut max_turns, mut truncated) = (0.0, 0.0, 0u64, 0, 0);
    let start = Instant::now();
    for g in 0..games {
        let seat = g % n;
        let agents: Vec<Agent<'_, G>> = (0..n)
            .map(|s| match (s == seat, opponent) {
                (true, _) => Agent::Greedy(me),
                (false, Some(o)) => Agent::Greedy(o),
                (false, None) => Agent::Random,
            })
            .collect();
        let (returns, t) = play(game, &agents, seed.wrapping_add(g as u64));
        let best = returns.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        if returns[seat] > 0.0 && returns[seat] == best {
            wins += 1.0;
        }
        if returns.iter().all(|&r| r == 0.0) {
            truncated += 1;
        }
        total += returns[seat];
        turns += u64::from(t);
        max_turns = max_turns.max(t);
    }
    let interval = racegames_players::arena::wilson(wins, games);
    let (lo, hi) = (interval.low, interval.high);
    // Of the decided games (the Libro's ties and truncations left out).
    let decided = games - truncated;
    let of_decided = racegames_players::arena::wilson(wins, decided.max(1));
    println!(
        "{}: {} games, wins {:.1}% [{:.1}, {:.1}], of {} decided {:.1}% [{:.1}, {:.1}], mean return {:+.3}, turns mean {:.1} max {}, no result {}, {:.1} s",
        game.name(),
        games,
        100.0 * wins / games as f64,
        100.0 * lo,
        100.0 * hi,
        decided,
        100.0 * wins / decided.max(1) as f64,
        100.0 * of_decided.low,
        100.0 * of_decided.high,
        total / games as f64,
        turns as f64 / games as f64,
        max_turns,
        truncated,
        start.elapsed().as_secs_f64()
    );
}

/// `name=value,...` pairs.
fn pairs(text: &str) -> Vec<(String, f64)> {
    text.split(',')
        .filter(|s| !s.is_empty() && *s != "-")
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("weights are name=value");
            (k.to_string(), v.parse().expect("a number"))
        })
        .collect()
}

fn daldos_weights(text: &str) -> DaldosEval {
    let mut w = DaldosWeights::default();
    for (k, v) in pairs(text) {
        match k.as_str() {
            "material" => w.material = v,
            "immediate" => w.immediate = v,
            "delayed" => w.delayed = v,
            "dalled" => w.dalled = v,
            "advanced" => w.advanced = v,
            "scale" => w.scale = v,
            _ => panic!("no Daldøs weight {k}"),
        }
    }
    DaldosEval::new(w)
}

fn tables_weights(text: &str) -> TablesEval {
    let mut w = TablesWeights::default();
    for (k, v) in pairs(text) {
        if !w.set(&k, v) {
            panic!("no tables weight {k}");
        }
    }
    TablesEval::new(w)
}

fn halma_weights(text: &str) -> HalmaEval {
    let mut w = HalmaWeights::default();
    for (k, v) in pairs(text) {
        if !w.set(&k, v) {
            panic!("no Halma weight {k}");
        }
    }
    HalmaEval::new(w)
}

/// Splits `greedy:weights` / `random`.
fn opponent(text: &str) -> Option<&str> {
    match text {
        "random" => None,
        t => Some(
            t.strip_prefix("greedy")
                .expect("random or greedy[:weights]")
                .trim_start_matches(':'),
        ),
    }
}

fn run<G: Game>(
    game: &G,
    me: &dyn Evaluator<G>,
    opp: Option<&dyn Evaluator<G>>,
    games: usize,
    seed: u64,
) {
    measure(game, me, opp, games, seed);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("daldos", String::as_str);
    let games: usize = args
        .get(1)
        .map_or(100, |s| s.parse().expect("a number of games"));
    let opp = opponent(args.get(2).map_or("random", String::as_str));
    let mine = args.get(3).map_or("-", String::as_str);
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().expect("a seed"));
    let int = |n: i64| ParamValue::Int(n);
    match name {
        "daldos" => {
            let game = Daldos::default();
            let (me, o) = (daldos_weights(mine), opp.map(daldos_weights));
            run(&game, &me, o.as_ref().map(|e| e as _), games, seed);
        }
        n if n == "backgammon_gammons" || Tables::NAMES.contains(&n) => {
            let game = match name {
                "backgammon_gammons" => {
                    Tables::from_params("backgammon", &[("scoring", ParamValue::Str("gammons"))])
                }
                n => Tables::from_params(n, &[]),
            }
            .expect("a tables game");
            let (me, o) = (tables_weights(mine), opp.map(tables_weights));
            run(&game, &me, o.as_ref().map(|e| e as _), games, seed);
        }
        n if n.starts_with("cc") => {
            let players: i64 = n[2..].parse().expect("cc2, cc3, cc4 or cc6");
            let game =
                ChineseCheckers::from_params("chinese_checkers", &[("players", int(players))])
                    .expect("players");
            let (me, o) = (halma_weights(mine), opp.map(halma_weights));
            run(&game, &me, o.as_ref().map(|e| e as _), games, seed);
        }
        n if n.starts_with("halma") => {
            let players: i64 = n[5..].parse().expect("halma2 or halma4");
            let game =
                SquareHalma::from_params("halma", &[("players", int(players))]).expect("players");
            let (me, o) = (halma_weights(mine), opp.map(halma_weights));
            run(&game, &me, o.as_ref().map(|e| e as _), games, seed);
        }
        other => panic!("unknown game {other}"),
    }
}
