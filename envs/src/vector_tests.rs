//! Tests of the native vector environment (`crate::vector`).

use super::*;
use racegames_board::testing::Race;

type Snapshot = (Vec<f32>, Vec<i8>, Vec<f64>, Vec<bool>, Vec<i32>, Vec<f64>);

type Buffers = OutputBuffers;

impl OutputBuffers {
    fn new(n: usize) -> OutputBuffers {
        OutputBuffers::for_game(&Race::default(), n)
    }
}

fn core(n: usize, opponents: bool, threads: usize) -> VecCore<Race> {
    VecCore::new(
        Arc::new(Race::default()),
        VectorConfig {
            num_envs: n,
            seed: 7,
            opponents,
            seat: SeatChoice::Fixed(1),
            threads,
            progress_reward: false,
        },
    )
}

/// Plays `steps` steps with random legal actions and returns a trace.
fn trace(core: &mut VecCore<Race>, steps: usize) -> Vec<Snapshot> {
    let n = core.num_envs();
    let mut b = Buffers::new(n);
    core.reset(None, b.out());
    let mut actions = vec![0i64; n];
    let mut out = Vec::new();
    for _ in 0..steps {
        core.random_actions(&mut actions);
        core.step(&actions, b.out());
        out.push((
            b.obs.clone(),
            b.mask.clone(),
            b.reward.clone(),
            b.terminated.clone(),
            b.current.clone(),
            b.returns.clone(),
        ));
    }
    out
}

fn full_mask(game: &Race, s: &RaceState) -> [i8; 2] {
    let mut m = [0i8; 2];
    game.legal_actions(s, |a| m[a as usize] = 1);
    m
}

use racegames_board::testing::RaceState;

#[test]
fn sparse_masks_equal_the_legal_actions() {
    let mut c = core(5, false, 1);
    let mut b = Buffers::new(5);
    c.reset(None, b.out());
    let mut actions = vec![0i64; 5];
    for _ in 0..300 {
        c.random_actions(&mut actions);
        c.step(&actions, b.out());
        for env in 0..5 {
            let s = &c.shards[0].states[env];
            // A finished row holds action 0 alone (never an empty mask).
            let expected = if c.shards[0].done[env] {
                [1, 0]
            } else {
                full_mask(&Race::default(), s)
            };
            assert_eq!(&b.mask[env * 2..env * 2 + 2], &expected);
        }
    }
}

#[test]
fn same_seed_same_trajectory_and_threads_do_not_matter() {
    let a = trace(&mut core(300, true, 1), 200);
    let b = trace(&mut core(300, true, 1), 200);
    let c = trace(&mut core(300, true, 2), 200);
    assert_eq!(a, b);
    assert_eq!(a, c);
}

#[test]
fn with_an_opponent_the_caller_always_acts_in_its_seat() {
    let t = trace(&mut core(8, true, 1), 300);
    for (_, _, _, _, current, _) in t {
        assert!(current.iter().all(|&p| p == 1 || p == TERMINAL));
    }
}

#[test]
fn an_illegal_action_ends_the_episode_with_minus_one_then_resets() {
    let mut c = core(1, false, 1);
    let mut b = Buffers::new(1);
    c.reset(None, b.out());
    let actor = b.current[0] as usize;
    c.step(&[5], b.out());
    assert_eq!(b.reward[0], -1.0);
    assert!(b.terminated[0] && b.ended[0]);
    assert_eq!(b.returns[actor], -1.0);
    assert_eq!(b.returns[1 - actor], 0.0);
    assert_eq!(b.mask, vec![1, 0]);
    c.step(&[-3], b.out());
    assert!(!b.terminated[0] && !b.ended[0]);
    assert_eq!(b.reward[0], 0.0);
    assert!(b.current[0] >= 0);
    assert!(b.mask.contains(&1));
}

#[test]
fn episodes_end_with_zero_sum_returns_or_truncation() {
    let t = trace(&mut core(16, false, 1), 500);
    let mut ends = 0;
    for (_, _, _, _, current, returns) in &t {
        for env in 0..16 {
            if current[env] == TERMINAL {
                ends += 1;
                let r = &returns[env * 2..env * 2 + 2];
                assert!((r[0] + r[1]).abs() < 1e-12 || r.contains(&-1.0));
            }
        }
    }
    assert!(ends > 0);
}

/// Masks written from the unordered listing, and cleared from the
/// `u16` lists, hold exactly the legal actions, on both boards and on
/// several threads.
fn masks_hold_the_legal_actions<G>(game: G, steps: usize)
where
    G: Game + Send + Sync + 'static,
    G::State: Send + Sync + 'static,
{
    let game = Arc::new(game);
    let n = 40;
    let mut c = VecCore::new(
        Arc::clone(&game),
        VectorConfig {
            num_envs: n,
            seed: 11,
            opponents: false,
            seat: SeatChoice::Fixed(0),
            threads: 2,
            progress_reward: false,
        },
    );
    let mut b = Buffers::for_game(&*game, n);
    c.reset(None, b.out());
    let actions_len = game.num_distinct_actions();
    let mut actions = vec![0i64; n];
    for step in 0..steps {
        c.random_actions(&mut actions);
        if step % 31 == 0 {
            actions[step % n] = -1; // an illegal action ends an episode
        }
        c.step(&actions, b.out());
        let mut env = 0;
        for shard in &c.shards {
            for (i, state) in shard.states.iter().enumerate() {
                let row = &b.mask[env * actions_len..(env + 1) * actions_len];
                let mut expected = Vec::new();
                if shard.done[i] {
                    expected.push(0); // a finished row: action 0 alone
                } else {
                    game.legal_actions(state, |a| expected.push(a as usize));
                }
                let set: Vec<usize> = (0..actions_len).filter(|&a| row[a] == 1).collect();
                assert_eq!(set, expected, "step {step} env {env}");
                assert!(row.iter().all(|&v| v == 0 || v == 1));
                env += 1;
            }
        }
    }
}

#[test]
fn masks_hold_the_legal_actions_of_the_halma_games() {
    use racegames_board::{FromParams, ParamValue};
    for players in [2, 6] {
        let params = [("players", ParamValue::Int(players))];
        let game =
            racegames_halma::ChineseCheckers::from_params("chinese_checkers", &params).unwrap();
        masks_hold_the_legal_actions(game, 120);
    }
    masks_hold_the_legal_actions(racegames_halma::SquareHalma::default(), 60);
}

/// Observations updated in place (Chinese checkers writes only what
/// changed) equal fresh ones, across auto-resets and viewer changes.
#[test]
fn updated_observations_equal_fresh_ones() {
    use racegames_halma::ChineseCheckers;
    for (players, opponents) in [(2, false), (3, true), (6, false)] {
        let params = [("players", racegames_board::ParamValue::Int(players))];
        let game = Arc::new(
            <ChineseCheckers as racegames_board::FromParams>::from_params(
                "chinese_checkers",
                &params,
            )
            .unwrap(),
        );
        let n = 6;
        let mut c = VecCore::new(
            Arc::clone(&game),
            VectorConfig {
                num_envs: n,
                seed: 3,
                opponents,
                seat: SeatChoice::Random,
                threads: 1,
                progress_reward: false,
            },
        );
        let mut b = Buffers::for_game(&*game, n);
        c.reset(None, b.out());
        let len = game.observation_len();
        let mut fresh = vec![0.0f32; len];
        let mut actions = vec![0i64; n];
        for step in 0..1500 {
            c.random_actions(&mut actions);
            if step % 97 == 0 {
                actions[step % n] = -1; // an illegal action ends an episode
            }
            c.step(&actions, b.out());
            let shard = &c.shards[0];
            for env in 0..n {
                // The row shows the current state, to the recorded viewer.
                let (state, viewer) =
                    (shard.states[env], shard.shown_viewer[env].expect("written"));
                if b.current[env] >= 0 {
                    assert_eq!(viewer.index() as i32, b.current[env]);
                }
                game.observe(&state, viewer, &mut fresh).unwrap();
                assert!(
                    b.obs[env * len..(env + 1) * len] == fresh[..],
                    "step {step} env {env}"
                );
            }
        }
    }
}
