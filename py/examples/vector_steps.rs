//! Times the native vector environment (`racegames.vector.VectorEnv`'s
//! core) on Chinese checkers, without Python: self-play, random legal
//! actions, masks and observations written as the Python wrapper has them
//! written. Prints microseconds per environment step (one turn), the median
//! of five rounds.
//!
//! ```text
//! cargo run --release -p racegames-py --example vector_steps -- [players] [threads] [envs] [steps]
//! ```
//!
//! The buffers here are plain `Vec`s on 4 KiB pages; numpy's large arrays
//! may sit on huge pages, so the Python figures can come out a little lower.

use std::sync::Arc;
use std::time::Instant;

use racegames_board::{FromParams, ParamValue};
use racegames_halma::ChineseCheckers;
use racegames_py::vector::{DynVector, OutputBuffers, SeatChoice, VecCore, VectorConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let players: i64 = args.next().map_or(Ok(2), |a| a.parse())?;
    let threads: usize = args.next().map_or(Ok(1), |a| a.parse())?;
    let envs: usize = args.next().map_or(Ok(1024), |a| a.parse())?;
    let steps: usize = args.next().map_or(Ok(2000), |a| a.parse())?;
    let params = [("players", ParamValue::Int(players))];
    let game = Arc::new(ChineseCheckers::from_params("chinese_checkers", &params)?);
    let config = VectorConfig {
        num_envs: envs,
        seed: 0,
        opponents: false,
        seat: SeatChoice::Fixed(0),
        threads,
        progress_reward: false,
    };
    let mut core = VecCore::new(Arc::clone(&game), config);
    let mut buffers = OutputBuffers::for_game(&*game, envs);
    core.reset(Some(0), buffers.out());
    let mut actions = vec![0i64; envs];
    let rounds = 5;
    let mut micros = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        for _ in 0..(steps / rounds).max(1) {
            core.random_actions(&mut actions);
            core.step(&actions, buffers.out());
        }
        let env_steps = (steps / rounds).max(1) * envs;
        micros.push(start.elapsed().as_secs_f64() * 1e6 / env_steps as f64);
    }
    micros.sort_by(f64::total_cmp);
    println!(
        "chinese_checkers, {players} players, {envs} envs, {threads} thread(s): {:.3} us per env-step (median of {rounds}; rounds {:.3}..{:.3})",
        micros[rounds / 2],
        micros[0],
        micros[rounds - 1]
    );
    Ok(())
}
