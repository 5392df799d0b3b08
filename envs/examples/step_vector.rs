//! Steps a native vector environment from Rust, without Python: random
//! actions for the caller's seat against random opponents, and the steps
//! per second.
//!
//! `cargo run --release -p racegames-env --example step_vector [GAME] [ENVS] [STEPS]`

use std::sync::Arc;
use std::time::Instant;

use racegames_env::registry;
use racegames_env::vector::{OutputBuffers, SeatChoice, VectorConfig};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "backgammon".to_owned());
    let envs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(256);
    let steps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let Some(make) = registry::find(&name) else {
        eprintln!(
            "unknown game {name:?}; known: {}",
            registry::names().join(", ")
        );
        std::process::exit(2);
    };
    let game = match make(&name, &[]) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let config = VectorConfig {
        num_envs: envs,
        seed: 7,
        opponents: true,
        seat: SeatChoice::Random,
        threads: 1,
        progress_reward: false,
    };
    let mut batch = Arc::clone(&game).new_vector(config);
    let mut out = OutputBuffers::for_dyn_game(&*game, envs);
    batch.reset(None, out.out());
    let mut actions = vec![0i64; envs];
    let (mut episodes, mut caller_wins) = (0u64, 0.0f64);
    let start = Instant::now();
    for _ in 0..steps {
        batch.random_actions(&mut actions);
        batch.step(&actions, out.out());
        for (ended, reward) in out.ended.iter().zip(&out.reward) {
            if *ended {
                episodes += 1;
                caller_wins += f64::from(u8::from(*reward > 0.0));
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{name}: {envs} environments x {steps} steps in {seconds:.2} s: {:.0} env-steps/s; \
         {episodes} episodes, the random caller won {:.1}%",
        (envs * steps) as f64 / seconds,
        100.0 * caller_wins / episodes.max(1) as f64
    );
}
