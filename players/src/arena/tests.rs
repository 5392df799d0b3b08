use std::sync::{Arc, Mutex};

use racegames_board::{FromParams, ParamValue};
use racegames_halma::ChineseCheckers;
use racegames_tables::Tables;

use super::*;
use crate::random::RandomPlayer;
use crate::Interrupt;

/// A random player that logs the seat it first acts in, once per copy (the
/// arena gives each game fresh copies).
struct SeatLogger {
    inner: RandomPlayer,
    log: Arc<Mutex<Vec<usize>>>,
    logged: bool,
}

impl<G: Game> Player<G> for SeatLogger
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "seat-logger"
    }
    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        if let (false, Node::Decision(seat)) = (self.logged, game.node(state)) {
            self.log.lock().unwrap().push(seat.index());
            self.logged = true;
        }
        Player::<G>::act(&mut self.inner, game, state)
    }
    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(SeatLogger {
            inner: self.inner,
            log: Arc::clone(&self.log),
            logged: false,
        })
    }
}

/// Always plays action 0, legal or not.
struct Blunderer;

impl<G: Game> Player<G> for Blunderer {
    fn name(&self) -> &str {
        "blunderer"
    }
    fn act(&mut self, _: &G, _: &G::State) -> Result<Action, PlayerError> {
        Ok(u32::MAX)
    }
    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(Blunderer)
    }
}

fn randoms<G: Game>(n: usize) -> Vec<Box<dyn Player<G>>>
where
    G::State: Send,
{
    (0..n)
        .map(|i| Box::new(RandomPlayer::new(i as u64 + 1)) as Box<dyn Player<G>>)
        .collect()
}

fn chinese_checkers(players: i64) -> ChineseCheckers {
    ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(players))])
        .unwrap()
}

#[test]
fn every_rotation_is_played_equally_often_and_games_round_up() {
    let game = chinese_checkers(3);
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut players = randoms(3);
    players[0] = Box::new(SeatLogger {
        inner: RandomPlayer::new(9),
        log: Arc::clone(&log),
        logged: false,
    });
    let config = ArenaConfig {
        games: 7,
        threads: 2,
        turn_limit: 3,
        ..ArenaConfig::default()
    };
    let r = play(&game, &players, &config).unwrap();
    assert_eq!(r.games, 9);
    let mut seats = log.lock().unwrap().clone();
    seats.sort_unstable();
    assert_eq!(seats, vec![0, 0, 0, 1, 1, 1, 2, 2, 2]);
}

#[test]
fn results_depend_on_the_seed_not_the_threads() {
    let game = Tables::backgammon();
    let players = randoms(2);
    let run = |threads, seed| {
        let config = ArenaConfig {
            games: 40,
            seed,
            threads,
            ..ArenaConfig::default()
        };
        play(&game, &players, &config).unwrap()
    };
    let one = run(1, 7);
    assert_eq!(one, run(3, 7));
    assert_eq!(one, run(2, 7));
    assert_ne!(one, run(1, 8));
}

#[test]
fn each_deal_is_played_from_every_seat_so_the_order_of_players_does_not_matter() {
    let game = Tables::backgammon();
    let config = ArenaConfig {
        games: 60,
        threads: 2,
        ..ArenaConfig::default()
    };
    let forward = play(&game, &randoms(2), &config).unwrap();
    let mut backward = randoms(2);
    backward.reverse();
    let backward = play(&game, &backward, &config).unwrap();
    assert_eq!(forward.wins, [backward.wins[1], backward.wins[0]]);
    assert_eq!(forward.seat_wins, backward.seat_wins);
}

#[test]
fn counts_add_up_and_returns_are_zero_sum() {
    let game = Tables::backgammon();
    let config = ArenaConfig {
        games: 30,
        threads: 2,
        ..ArenaConfig::default()
    };
    let r = play(&game, &randoms(2), &config).unwrap();
    assert_eq!(r.wins.iter().sum::<usize>() + r.draws, r.games);
    assert_eq!(r.seat_wins.iter().sum::<usize>() + r.draws, r.games);
    assert!((r.mean_returns[0] + r.mean_returns[1]).abs() < 1e-12);
    let rate = r.win_rate(0).unwrap();
    assert!(rate.low <= rate.rate && rate.rate <= rate.high);
    assert_eq!(rate.rate, r.wins[0] as f64 / r.games as f64);
    assert!(r.win_rate(2).is_none());
}

#[test]
fn the_turn_limit_stops_games_as_draws() {
    let game = chinese_checkers(2);
    let config = ArenaConfig {
        games: 4,
        turn_limit: 2,
        ..ArenaConfig::default()
    };
    let r = play(&game, &randoms(2), &config).unwrap();
    assert_eq!((r.draws, r.truncated), (4, 4));
    assert_eq!(r.mean_returns, vec![0.0, 0.0]);
}

#[test]
fn bad_input_is_an_error() {
    let game = Tables::backgammon();
    let config = ArenaConfig::default();
    assert!(matches!(
        play(&game, &randoms(3), &config),
        Err(ArenaError::WrongPlayerCount { seats: 2, found: 3 })
    ));
    for bad in [
        ArenaConfig { games: 0, ..config },
        ArenaConfig {
            threads: 0,
            ..config
        },
    ] {
        assert!(matches!(
            play(&game, &randoms(2), &bad),
            Err(ArenaError::BadConfig(_))
        ));
    }
    let mut players = randoms(2);
    players[1] = Box::new(Blunderer);
    let e = play(&game, &players, &config).unwrap_err();
    assert!(
        matches!(e, ArenaError::IllegalAction { index: 1, .. }),
        "{e}"
    );
}

#[test]
fn a_round_robin_table_is_consistent() {
    let game = chinese_checkers(3);
    let config = ArenaConfig {
        games: 6,
        turn_limit: 40,
        ..ArenaConfig::default()
    };
    let t = round_robin(&game, &randoms(3), &config).unwrap();
    assert_eq!(t.names, vec!["random"; 3]);
    for i in 0..3 {
        assert_eq!(t.games[i][i], 0);
        for j in 0..3 {
            if i != j {
                // Two seatings of 3 games each (odd table).
                assert_eq!(t.games[i][j], 6);
                assert_eq!(t.games[i][j], t.games[j][i]);
                assert_eq!(t.wins[i][j] + t.wins[j][i] + t.draws[i][j], 6);
                assert!(t.truncated[i][j] <= t.draws[i][j]);
                assert!((t.score(i, j) + t.score(j, i) - 1.0).abs() < 1e-12);
            }
        }
    }
    assert!(t.elo.iter().sum::<f64>().abs() < 1e-6);
}

/// Logs a hash of the first state it is shown, once per copy.
struct StateLogger {
    log: Arc<Mutex<Vec<u64>>>,
    logged: bool,
}

impl<G: Game> Player<G> for StateLogger
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "state-logger"
    }
    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        if !self.logged {
            self.log
                .lock()
                .unwrap()
                .push(crate::ply::decision_seed(0, state));
            self.logged = true;
        }
        Player::<G>::act(&mut RandomPlayer::new(5), game, state)
    }
    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(StateLogger {
            log: Arc::clone(&self.log),
            logged: false,
        })
    }
}

/// Without dice, deterministic players play the same game in every game of
/// a rotation; random openings (from each game's seed) make games differ,
/// and the results still do not depend on the threads.
#[test]
fn random_openings_vary_games_without_dice() {
    let game = chinese_checkers(2);
    let distinct = |opening, threads| {
        let log = Arc::new(Mutex::new(Vec::new()));
        let config = ArenaConfig {
            games: 8,
            opening,
            threads,
            turn_limit: 40,
            ..ArenaConfig::default()
        };
        let mut players = randoms(2);
        players[0] = Box::new(StateLogger {
            log: Arc::clone(&log),
            logged: false,
        });
        let result = play(&game, &players, &config).unwrap();
        let mut seen = log.lock().unwrap().clone();
        seen.sort_unstable();
        seen.dedup();
        (seen.len(), result)
    };
    // Two rotations: the logger starts the game, or answers the same move.
    assert_eq!(distinct(0, 1).0, 2);
    let (count, one) = distinct(4, 1);
    assert!(count > 2, "{count}");
    assert_eq!(one, distinct(4, 2).1);
}

#[test]
fn counts_out_of_range_are_refused_before_anything_is_allocated() {
    let game = Tables::backgammon();
    let players = randoms(2);
    for (games, threads, needle) in [
        (0, 1, "games must be from 1 to 10000000"),
        (MAX_GAMES + 1, 1, "games must be from 1 to 10000000"),
        // Would ask for terabytes if a slot were allocated per game.
        (usize::MAX, 1, "games must be from 1 to 10000000"),
        (usize::MAX - 1, 1, "games must be from 1 to 10000000"),
        (10, 0, "threads must be from 1 to 64"),
        (10, MAX_THREADS + 1, "threads must be from 1 to 64"),
        (10, 20_000, "threads must be from 1 to 64"),
    ] {
        let config = ArenaConfig {
            games,
            threads,
            ..ArenaConfig::default()
        };
        let e = play(&game, &players, &config).unwrap_err();
        assert_eq!(e.to_string(), needle);
        let e = round_robin(&game, &players, &config).unwrap_err();
        assert_eq!(e.to_string(), needle);
    }
    let most = ArenaConfig {
        games: 2,
        threads: MAX_THREADS,
        ..ArenaConfig::default()
    };
    assert_eq!(play(&game, &players, &most).unwrap().games, 2);
}

/// A random player that sets an interrupt at its `after`-th decision
/// (counted over all its copies).
struct Interrupter {
    inner: RandomPlayer,
    calls: Arc<AtomicUsize>,
    after: usize,
    interrupt: Interrupt,
}

impl<G: Game> Player<G> for Interrupter
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "interrupter"
    }
    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        if self.calls.fetch_add(1, Ordering::Relaxed) + 1 == self.after {
            self.interrupt.interrupt();
        }
        Player::<G>::act(&mut self.inner, game, state)
    }
    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(Interrupter {
            inner: self.inner,
            calls: Arc::clone(&self.calls),
            after: self.after,
            interrupt: self.interrupt.clone(),
        })
    }
}

#[test]
fn an_interrupt_stops_the_match_between_decisions_and_the_players_stay_usable() {
    let game = Tables::backgammon();
    let control = Control::default();
    let mut players = randoms(2);
    players[0] = Box::new(Interrupter {
        inner: RandomPlayer::new(3),
        calls: Arc::new(AtomicUsize::new(0)),
        after: 500,
        interrupt: control.interrupt.clone(),
    });
    let config = ArenaConfig {
        games: MAX_GAMES,
        threads: 2,
        ..ArenaConfig::default()
    };
    let e = play_with(&game, &players, &config, &control).unwrap_err();
    assert!(matches!(e, ArenaError::Interrupted), "{e}");
    assert_eq!(control.total(), MAX_GAMES);
    assert!(control.done() < 100, "{} games", control.done());
    let e = round_robin_with(&game, &players, &config, &control).unwrap_err();
    assert!(matches!(e, ArenaError::Interrupted));
    // The same players play on with a fresh control.
    let small = ArenaConfig { games: 4, ..config };
    let fresh = Control::default();
    assert_eq!(play_with(&game, &players, &small, &fresh).unwrap().games, 4);
    assert_eq!((fresh.done(), fresh.total()), (4, 4));
}

#[test]
fn a_round_robin_counts_the_games_of_every_pairing() {
    let game = chinese_checkers(3);
    let control = Control::default();
    let config = ArenaConfig {
        games: 4,
        turn_limit: 3,
        ..ArenaConfig::default()
    };
    let t = round_robin_with(&game, &randoms(3), &config, &control).unwrap();
    // 3 pairs, 2 seatings each (odd seats), 2 games rounded up to 3.
    assert_eq!((control.total(), control.done()), (18, 18));
    assert_eq!(t.games[0][1], 6);
}
