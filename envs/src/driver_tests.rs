use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;
use crate::dyngame::DynGame;
use crate::registry;

fn daldos() -> Arc<dyn DynGame> {
    (registry::find("daldos").unwrap())("daldos", &[]).unwrap()
}

/// Plays an episode with seat 0 the caller's, taking its first legal
/// action; returns every action in order.
fn episode(driver: &mut dyn DynDriver, game: &Arc<dyn DynGame>) -> Vec<Action> {
    let mut state = Arc::clone(game).new_initial_state();
    let mut log = Vec::new();
    for _ in 0..2000 {
        match driver.advance(&mut *state, &mut log).unwrap() {
            Stop::Decision(seat) => {
                assert_eq!(seat.index(), 0);
                let a = state.legal_actions()[0];
                state.apply(a).unwrap();
                log.push(a);
            }
            Stop::Terminal => break,
            Stop::Broken(f) => panic!("{f:?}"),
        }
    }
    log
}

/// A player given by name is made at each reset with a seed drawn from the
/// driver's generator: its choices are the named player's.
#[test]
fn a_named_opponent_plays_as_the_built_in_player() {
    let game = daldos();
    let seats = vec![None, Some(DriverSeat::Named("greedy".into()))];
    let mut driver = Arc::clone(&game).new_driver(seats).unwrap();
    driver.reset(11, &[]).unwrap();
    let log = episode(&mut *driver, &game);
    let seed = SplitMix64::new(11).next_u64();
    let mut greedy = game.make_player("greedy", seed, &[]).unwrap();
    let mut state = Arc::clone(&game).new_initial_state();
    let mut checked = 0;
    for a in &log {
        if matches!(state.node(), Node::Decision(s) if s.index() == 1) {
            assert_eq!(greedy.act(&*state).unwrap(), *a);
            checked += 1;
        }
        state.apply(*a).unwrap();
    }
    assert!(checked > 0);
    // The same seed, the same episode.
    driver.reset(11, &[]).unwrap();
    assert_eq!(episode(&mut *driver, &game), log);
}

struct FirstLegal(AtomicUsize);

impl ExternalPlayer for FirstLegal {
    fn act(&self, state: &dyn DynState) -> Result<Action, crate::errors::ExternalError> {
        self.0.fetch_add(1, Ordering::Relaxed);
        Ok(state.legal_actions()[0])
    }
}

struct Illegal;

impl ExternalPlayer for Illegal {
    fn act(&self, _state: &dyn DynState) -> Result<Action, crate::errors::ExternalError> {
        Ok(Action::MAX)
    }
}

#[test]
fn an_external_player_is_asked_and_an_illegal_choice_stops_the_driver() {
    let game = daldos();
    let first = Arc::new(FirstLegal(AtomicUsize::new(0)));
    let seats = vec![None, Some(DriverSeat::External(first.clone()))];
    let mut driver = Arc::clone(&game).new_driver(seats).unwrap();
    driver.reset(3, &[]).unwrap();
    episode(&mut *driver, &game);
    assert!(first.0.load(Ordering::Relaxed) > 0);

    let seats = vec![None, Some(DriverSeat::External(Arc::new(Illegal)))];
    let mut driver = Arc::clone(&game).new_driver(seats).unwrap();
    driver.reset(3, &[]).unwrap();
    let mut state = Arc::clone(&game).new_initial_state();
    let mut stop = driver.advance(&mut *state, &mut Vec::new()).unwrap();
    while let Stop::Decision(_) = stop {
        let a = state.legal_actions()[0];
        state.apply(a).unwrap();
        stop = driver.advance(&mut *state, &mut Vec::new()).unwrap();
    }
    assert!(matches!(stop, Stop::Broken(Fault::Illegal(s, _)) if s.index() == 1));
}

/// `reset`'s agents take seats from their opponents; random seats and
/// chance draw from the driver's generator alone.
#[test]
fn agents_at_reset_and_random_seats() {
    let game = daldos();
    let seats = vec![Some(DriverSeat::Random), Some(DriverSeat::Random)];
    let mut driver = Arc::clone(&game).new_driver(seats).unwrap();
    driver.reset(5, &[0]).unwrap();
    let a = episode(&mut *driver, &game);
    driver.reset(5, &[0]).unwrap();
    assert_eq!(episode(&mut *driver, &game), a);
    driver.reset(6, &[0]).unwrap();
    assert_ne!(episode(&mut *driver, &game), a);
    // No agent: the driver plays the whole game.
    driver.reset(5, &[]).unwrap();
    let mut state = Arc::clone(&game).new_initial_state();
    let stop = driver.advance(&mut *state, &mut Vec::new()).unwrap();
    assert!(matches!(stop, Stop::Terminal));
}

#[test]
fn bad_players_and_states_are_errors() {
    let game = daldos();
    let seats = vec![None, Some(DriverSeat::Named("nobody".into()))];
    assert!(Arc::clone(&game).new_driver(seats).is_err());
    let other = (registry::find("backgammon").unwrap())("backgammon", &[]).unwrap();
    let p = other.make_player("random", 1, &[]).unwrap();
    let seats = vec![None, Some(DriverSeat::Native(p))];
    assert!(Arc::clone(&game).new_driver(seats).is_err());
    let mut driver = Arc::clone(&game).new_driver(vec![None, None]).unwrap();
    let mut state = other.new_initial_state();
    assert!(driver.advance(&mut *state, &mut Vec::new()).is_err());
}

/// A league is one or more players, none of them a league.
#[test]
fn empty_and_nested_leagues_are_refused() {
    let game = daldos();
    for league in [
        DriverSeat::League(Vec::new()),
        DriverSeat::League(vec![DriverSeat::League(vec![DriverSeat::Random])]),
    ] {
        let seats = vec![None, Some(league)];
        let e = Arc::clone(&game).new_driver(seats).err().unwrap();
        assert!(e.to_string().contains("league"), "{e}");
    }
}

/// A league's episodes are played by one member each, drawn at reset: over
/// a few resets both members play, never both in one episode.
#[test]
fn a_league_plays_one_member_per_episode() {
    let game = daldos();
    let (a, b) = (
        Arc::new(FirstLegal(AtomicUsize::new(0))),
        Arc::new(FirstLegal(AtomicUsize::new(0))),
    );
    let league = DriverSeat::League(vec![
        DriverSeat::External(a.clone()),
        DriverSeat::External(b.clone()),
    ]);
    let mut driver = Arc::clone(&game)
        .new_driver(vec![None, Some(league)])
        .unwrap();
    let (mut a_episodes, mut b_episodes) = (0, 0);
    for seed in 0..12 {
        let before = (a.0.load(Ordering::Relaxed), b.0.load(Ordering::Relaxed));
        driver.reset(seed, &[]).unwrap();
        episode(&mut *driver, &game);
        let after = (a.0.load(Ordering::Relaxed), b.0.load(Ordering::Relaxed));
        let (a_played, b_played) = (after.0 > before.0, after.1 > before.1);
        assert!(
            !(a_played && b_played),
            "both members played episode {seed}"
        );
        a_episodes += usize::from(a_played);
        b_episodes += usize::from(b_played);
    }
    assert!(
        a_episodes > 0 && b_episodes > 0,
        "{a_episodes} and {b_episodes}"
    );
}

/// A driver restored from another's snapshot mid-episode plays on as it
/// does: the same league member, the same named player's seed, the same dice.
#[test]
fn a_restored_driver_goes_on_as_the_original() {
    let game = daldos();
    let league = DriverSeat::League(vec![DriverSeat::Named("greedy".into()), DriverSeat::Random]);
    let mut original = Arc::clone(&game)
        .new_driver(vec![None, Some(league)])
        .unwrap();
    original.reset(5, &[0]).unwrap();
    let mut state = Arc::clone(&game).new_initial_state();
    let mut log = Vec::new();
    assert!(matches!(
        original.advance(&mut *state, &mut log).unwrap(),
        Stop::Decision(_)
    ));
    let snapshot = original.snapshot();
    assert_eq!(snapshot.episode, Some((5, vec![0])));
    let league = DriverSeat::League(vec![DriverSeat::Named("greedy".into()), DriverSeat::Random]);
    let mut copy = Arc::clone(&game)
        .new_driver(vec![None, Some(league)])
        .unwrap();
    copy.restore(&snapshot).unwrap();
    assert_eq!(copy.snapshot(), snapshot);
    let (mut a, mut b) = (state.clone_box(), state.clone_box());
    let (mut log_a, mut log_b) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        let stop_a = original.advance(&mut *a, &mut log_a).unwrap();
        let stop_b = copy.advance(&mut *b, &mut log_b).unwrap();
        assert_eq!(log_a, log_b);
        match (stop_a, stop_b) {
            (Stop::Decision(_), Stop::Decision(_)) => {
                let action = a.legal_actions()[0];
                a.apply(action).unwrap();
                b.apply(action).unwrap();
            }
            (Stop::Terminal, Stop::Terminal) => break,
            other => panic!("the two drivers stopped apart: {other:?}"),
        }
    }
    assert!(log_a.len() > 10);
}

/// The episode step decides by the vector step's rules: an illegal action
/// ends the episode with −1 and changes nothing; a game to its end gives the
/// seat its return, terminated.
#[test]
fn the_episode_step_ends_illegal_and_finished_episodes() {
    use crate::episode::{step, Ending};
    let game = daldos();
    let mut driver = Arc::clone(&game)
        .new_driver(vec![None, Some(DriverSeat::Random)])
        .unwrap();
    driver.reset(3, &[]).unwrap();
    let mut state = Arc::clone(&game).new_initial_state();
    let mut log = Vec::new();
    driver.advance(&mut *state, &mut log).unwrap();
    let before = state.notation();
    for bad in [-1i64, i64::MAX, 1 << 40] {
        let done = step(&mut *state, &mut *driver, Seat::new(0), bad, &mut log).unwrap();
        assert_eq!((done.reward, done.ending), (-1.0, Ending::Illegal));
        assert_eq!(state.notation(), before);
    }
    // Seat 1 is not to act: its action is illegal too.
    let first = state.legal_actions()[0] as i64;
    let done = step(&mut *state, &mut *driver, Seat::new(1), first, &mut log).unwrap();
    assert_eq!(done.ending, Ending::Illegal);
    let mut last = None;
    for _ in 0..5000 {
        let a = state.legal_actions()[0] as i64;
        let done = step(&mut *state, &mut *driver, Seat::new(0), a, &mut log).unwrap();
        if done.ending != Ending::Going {
            last = Some(done);
            break;
        }
        assert_eq!(done.reward, 0.0);
    }
    let last = last.expect("the game ends");
    let returns = state.returns().unwrap();
    assert_eq!(last.reward, returns[0]);
    assert_eq!(last.ending == Ending::Truncated, state.is_truncated());
}

/// The crate's errors are typed: a state of another game, a snapshot of
/// another size or with an environment that does not fit.
#[test]
fn the_errors_are_typed() {
    use crate::errors::{OtherGame, SnapshotError};
    use crate::vector::{OutputBuffers, SeatChoice, VectorConfig};
    let game = daldos();
    let mut driver = Arc::clone(&game)
        .new_driver(vec![None, Some(DriverSeat::Random)])
        .unwrap();
    let other = (registry::find("backgammon").unwrap())("backgammon", &[]).unwrap();
    let mut state = Arc::clone(&other).new_initial_state();
    assert_eq!(
        driver.advance(&mut *state, &mut Vec::new()).unwrap_err(),
        OtherGame
    );
    let config = VectorConfig {
        num_envs: 2,
        seed: 1,
        opponents: true,
        seat: SeatChoice::Fixed(0),
        threads: 1,
        progress_reward: false,
    };
    let mut envs = Arc::clone(&game).new_vector(config);
    let mut out = OutputBuffers::for_dyn_game(&*game, 2);
    envs.reset(None, out.out());
    let mut snapshot = envs.snapshot();
    snapshot.envs.pop();
    assert_eq!(
        envs.restore(&snapshot, out.out()).unwrap_err(),
        SnapshotError::Size {
            found: 1,
            expected: 2
        }
    );
    let mut snapshot = envs.snapshot();
    snapshot.envs[1].seat = 9;
    assert!(matches!(
        envs.restore(&snapshot, out.out()).unwrap_err(),
        SnapshotError::Env { env: 1, .. }
    ));
}
