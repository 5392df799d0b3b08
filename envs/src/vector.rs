//! A batch of environments stepped natively: the core of
//! `racegames.vector.VectorEnv`.
//!
//! [`VecCore`] is generic over the game and monomorphised, so a step does no
//! virtual call and no allocation per environment: the dice come from one
//! [`SplitMix64`] per environment, the opponents (when there are any) play
//! uniformly random legal actions or are copies of a built-in player, one
//! per environment, run natively inside the step by [`crate::driver::advance`];
//! finished environments reset on the next
//! step (Gymnasium's `NEXT_STEP` autoreset), and observations and masks are
//! written into the caller's contiguous buffers. Masks are written sparsely:
//! the entries set at the previous step are cleared and the new legal ones
//! set, so a large action space costs little. Observations are updated in
//! place with [`Game::observe_update`] from the state and viewer they were
//! last written for, so the buffers must hold what the last call wrote.

use std::sync::Arc;

use arrayvec::ArrayVec;
use racegames_board::sim::SplitMix64;
use std::sync::Mutex;

use racegames_board::{Action, ActionBuffer, Game, Node, Seat};
use racegames_players::Player as Opponent;

use crate::driver::{self, Seats, Stop};
use crate::workers::{Workers, MAX_JOBS};

#[path = "afterstates.rs"]
mod afterstates;
#[path = "dynvector.rs"]
mod dynvector;
#[path = "masks.rs"]
mod masks;
#[path = "outputs.rs"]
mod outputs;
#[path = "snapshot.rs"]
mod snapshot;
pub use afterstates::Afterstates;
pub use dynvector::DynVector;
pub use outputs::{OutputBuffers, Outputs};
pub use snapshot::{EnvSnapshot, VectorSnapshot};

/// `current_player` of an environment whose episode has just ended, as in
/// OpenSpiel.
pub const TERMINAL: i32 = -4;

/// The most memory a batch may take, buffers and states together (4 GiB):
/// `VectorEnv` refuses more environments than fit, with a `ValueError`,
/// rather than fail to allocate (which aborts the process). All the
/// address space on a 32-bit target (WebAssembly in the browser).
pub const MAX_VECTOR_BYTES: usize = (u32::MAX as usize).saturating_add(1);

/// The bytes one environment of `game` takes: its rows of the output
/// buffers and its state in a shard.
pub fn bytes_per_env<G: Game>(game: &G) -> usize {
    let actions = game.num_distinct_actions();
    let buffers = game.observation_len() * 4 + actions + game.num_players() * 8 + 16;
    let listed = game.max_legal_actions().min(actions) * 2;
    let shard = size_of::<G::State>() + 2 * size_of::<SplitMix64>() + 16;
    buffers + listed + shard
}

/// Which seat the caller plays when there are opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// Always this seat.
    Fixed(u8),
    /// A seat drawn uniformly at the start of each episode.
    Random,
}

/// How the environments are set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VectorConfig {
    /// The number of environments.
    pub num_envs: usize,
    /// The seed of the per-environment generators.
    pub seed: u64,
    /// `true`: opponents play every seat but the caller's (uniformly random
    /// ones unless [`VecCore::with_opponent`] was given a player); `false`:
    /// self-play, the caller's actions drive whichever seat is to move.
    pub opponents: bool,
    /// The caller's seat when `opponents` is set.
    pub seat: SeatChoice,
    /// The most threads a step may use.
    pub threads: usize,
    /// Pay the acting seat its progress at each step (`reward="progress"`,
    /// see [`crate::shaping`]), on top of the result at the end.
    pub progress_reward: bool,
}

pub use crate::shaping::ProgressFn;

/// One environment's seats for [`driver::advance`]: the caller's seat
/// (`None`: self-play, the caller drives every seat) and the opponent of
/// the others (`None`: random).
struct EnvSeats<'a, G: Game> {
    agent: Option<u8>,
    opponent: Option<&'a mut Box<dyn Opponent<G>>>,
}

impl<G: Game> Seats<G> for EnvSeats<'_, G> {
    #[inline]
    fn is_agent(&self, seat: Seat) -> bool {
        self.agent.map_or(true, |s| seat.index() == usize::from(s))
    }
    #[inline]
    fn player(&mut self, _seat: Seat) -> Option<&mut dyn Opponent<G>> {
        match &mut self.opponent {
            Some(p) => Some(&mut ***p),
            None => None,
        }
    }
}

/// A contiguous run of environments, stepped by one thread.
struct Shard<G: Game> {
    game: Arc<G>,
    config: VectorConfig,
    obs_len: usize,
    num_actions: usize,
    num_players: usize,
    stride: usize,
    states: Vec<G::State>,
    rngs: Vec<SplitMix64>,
    policy_rngs: Vec<SplitMix64>,
    seats: Vec<u8>,
    /// The league member each environment's episode drew (0 without a
    /// league), kept so that a snapshot restores the same opponent.
    picks: Vec<u8>,
    done: Vec<bool>,
    /// The mask entries set for each environment, `stride` per environment,
    /// as `u16` (half the cache lines; with more actions than that holds,
    /// `stride` is 0 and masks are cleared whole).
    prev: Vec<u16>,
    /// How many of them; `u32::MAX` when they overflowed (clear the row).
    prev_len: Vec<u32>,
    /// The viewer each observation row was last written for, `None` where
    /// unknown. The state it was written for is the environment's state at
    /// the start of the next step or reset, so no copy of it is kept (one
    /// would cost two cache lines per step).
    shown_viewer: Vec<Option<Seat>>,
    /// One opponent per environment, or none for random opponents. In a
    /// mutex only so that the shard is `Sync`; reached through `get_mut`,
    /// never locked.
    opponents: Mutex<Vec<Box<dyn Opponent<G>>>>,
    /// With two or more: the league each episode draws its opponent from
    /// (the environment's copy in `opponents` is replaced at each reset).
    league: Mutex<Vec<Box<dyn Opponent<G>>>>,
    /// The progress paid at each step, for `reward="progress"`.
    progress: Option<ProgressFn<G>>,
    buf: Box<ActionBuffer>,
}

impl<G: Game> Shard<G> {
    /// `n` environments, before their first reset (seeded by the caller).
    fn new(
        game: Arc<G>,
        config: VectorConfig,
        n: usize,
        league: &[Box<dyn Opponent<G>>],
    ) -> Shard<G> {
        let initial = game.new_initial_state();
        let actions = game.num_distinct_actions();
        let stride = if actions <= usize::from(u16::MAX) + 1 {
            game.max_legal_actions().clamp(1, actions.max(1))
        } else {
            0
        };
        Shard {
            obs_len: game.observation_len(),
            num_actions: game.num_distinct_actions(),
            num_players: game.num_players(),
            stride,
            states: vec![initial; n],
            rngs: vec![SplitMix64::new(0); n],
            policy_rngs: vec![SplitMix64::new(0); n],
            seats: vec![0; n],
            picks: vec![0; n],
            done: vec![true; n],
            prev: vec![0; n * stride],
            prev_len: vec![u32::MAX; n],
            shown_viewer: vec![None; n],
            opponents: Mutex::new(match league.first() {
                Some(p) => (0..n).map(|_| p.clone_box()).collect(),
                None => Vec::new(),
            }),
            league: Mutex::new(if league.len() > 1 {
                league.iter().map(|p| p.clone_box()).collect()
            } else {
                Vec::new()
            }),
            progress: None,
            buf: Box::new(ActionBuffer::new()),
            game,
            config,
        }
    }

    fn seed(&mut self, root: &mut SplitMix64) {
        for (rng, policy) in self.rngs.iter_mut().zip(&mut self.policy_rngs) {
            *rng = SplitMix64::new(root.next_u64());
            *policy = SplitMix64::new(root.next_u64());
        }
    }

    fn len(&self) -> usize {
        self.states.len()
    }

    fn controls(&self, env: usize, p: Seat) -> bool {
        !self.config.opponents || p.index() == usize::from(self.seats[env])
    }

    /// Plays chance and opponents until the caller must act or the game
    /// ends ([`driver::advance`]).
    fn advance(&mut self, env: usize) -> Stop {
        let opponents = self.opponents.get_mut().unwrap_or_else(|p| p.into_inner());
        let mut seats = EnvSeats {
            agent: self.config.opponents.then_some(self.seats[env]),
            opponent: opponents.get_mut(env),
        };
        let (state, rng) = (&mut self.states[env], &mut self.rngs[env]);
        driver::advance(&*self.game, state, rng, &mut self.buf, &mut seats)
    }

    /// Writes the observation of `env` by `viewer`, updating the row from
    /// what it last showed (`before`, by `shown_viewer`) when that is known.
    fn observe(&mut self, env: usize, before: &G::State, viewer: Seat, obs: &mut [f32]) {
        let row = &mut obs[env * self.obs_len..(env + 1) * self.obs_len];
        let state = &self.states[env];
        let written = match self.shown_viewer[env] {
            Some(before_viewer) => {
                self.game
                    .observe_update(before, before_viewer, state, viewer, row)
            }
            None => self.game.observe(state, viewer, row),
        };
        self.shown_viewer[env] = match written {
            Ok(()) => Some(viewer),
            Err(_) => {
                row.fill(0.0);
                None
            }
        };
    }

    /// Ends an episode: returns, flags, empty mask.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        env: usize,
        before: &G::State,
        actor: Seat,
        returns: Option<&[f64]>,
        truncated: bool,
        out: &mut Outputs<'_>,
    ) {
        let row = &mut out.returns[env * self.num_players..(env + 1) * self.num_players];
        match returns {
            Some(r) => row.copy_from_slice(r),
            None => crate::episode::illegal_returns(row, actor),
        }
        let viewer = if self.config.opponents {
            Seat::new(self.seats[env])
        } else {
            actor
        };
        out.reward[env] = row[viewer.index()];
        out.ended[env] = true;
        out.terminated[env] = !truncated;
        out.truncated[env] = truncated;
        out.current_player[env] = TERMINAL;
        self.clear_mask(env, out.mask);
        self.set_finished_mask(env, out.mask);
        self.observe(env, before, viewer, out.obs);
        self.done[env] = true;
    }

    /// After `advance`: write the observation and mask of a live state, or
    /// finish the episode. `before` is the state the observation row shows.
    fn settle(
        &mut self,
        env: usize,
        before: &G::State,
        actor: Seat,
        stop: Stop,
        out: &mut Outputs<'_>,
    ) {
        match stop {
            Stop::Decision(p) => {
                out.reward[env] = 0.0;
                out.terminated[env] = false;
                out.truncated[env] = false;
                out.current_player[env] = p.index() as i32;
                self.clear_mask(env, out.mask);
                self.set_mask(env, out.mask);
                self.observe(env, before, p, out.obs);
            }
            Stop::Terminal => {
                let mut r = [0.0f64; Seat::MAX_SEATS];
                let r = &mut r[..self.num_players.min(Seat::MAX_SEATS)];
                // `r` has one value per seat; were it refused, it stays
                // zeros and the episode ends as a broken one does.
                let written = self.game.returns(&self.states[env], r).is_ok();
                let truncated = !written || self.game.is_truncated(&self.states[env]);
                self.finish(env, before, actor, Some(r), truncated, out);
                // Report the acting seat's share of the result.
            }
            Stop::Broken(_) => {
                let r = [0.0f64; Seat::MAX_SEATS];
                let n = self.num_players.min(Seat::MAX_SEATS);
                self.finish(env, before, actor, Some(&r[..n]), true, out);
            }
        }
    }

    fn reset_env(&mut self, env: usize, out: &mut Outputs<'_>) {
        out.ended[env] = false;
        let before = self.states[env];
        for _attempt in 0..16 {
            self.states[env] = self.game.new_initial_state();
            self.seats[env] = match self.config.seat {
                SeatChoice::Fixed(s) => s,
                SeatChoice::Random => self.rngs[env].below(self.num_players) as u8,
            };
            let league = self.league.get_mut().unwrap_or_else(|p| p.into_inner());
            if !league.is_empty() {
                let k = self.rngs[env].below(league.len());
                // A league holds at most 64 players.
                self.picks[env] = k as u8;
                let opponents = self.opponents.get_mut().unwrap_or_else(|p| p.into_inner());
                opponents[env] = league[k].clone_box();
            }
            self.done[env] = false;
            if let Stop::Decision(p) = self.advance(env) {
                self.settle(env, &before, p, Stop::Decision(p), out);
                out.ended[env] = false;
                return;
            }
        }
        // A game that ends before anyone acts: report it as over.
        let seat = Seat::new(self.seats[env]);
        self.settle(env, &before, seat, Stop::Broken(driver::Fault::Rules), out);
    }

    fn zero_returns(&self, env: usize, out: &mut Outputs<'_>) {
        out.returns[env * self.num_players..(env + 1) * self.num_players].fill(0.0);
        out.ended[env] = false;
    }
}

impl<G: Game> Shard<G> {
    fn reset(&mut self, mut out: Outputs<'_>) {
        // A full rewrite on reset, so that a reset repairs buffers changed
        // from outside: observations written afresh, mask rows cleared
        // whole rather than by the entries last set.
        self.shown_viewer.fill(None);
        self.prev_len.fill(u32::MAX);
        for env in 0..self.len() {
            self.zero_returns(env, &mut out);
            self.reset_env(env, &mut out);
        }
    }

    /// The environments first to last, or last to first.
    fn order(&self, backward: bool) -> impl Iterator<Item = usize> {
        let n = self.len();
        (0..n).map(move |k| if backward { n - 1 - k } else { k })
    }

    fn step(&mut self, actions: &[i64], backward: bool, mut out: Outputs<'_>) {
        for env in self.order(backward) {
            self.zero_returns(env, &mut out);
            if self.done[env] {
                self.reset_env(env, &mut out);
                continue;
            }
            let before = self.states[env];
            let actor = match self.game.node(&before) {
                Node::Decision(p) if self.controls(env, p) => p,
                // Cannot happen: a live environment waits at a decision of
                // the caller. End the episode rather than go on.
                _ => {
                    let seat = Seat::new(self.seats[env]);
                    self.settle(
                        env,
                        &before,
                        seat,
                        Stop::Broken(driver::Fault::Rules),
                        &mut out,
                    );
                    continue;
                }
            };
            let action = Action::try_from(actions.get(env).copied().unwrap_or(-1)).ok();
            let applied = match action {
                Some(a) if self.clear_mask_finding(env, out.mask, action) => {
                    self.game.apply_legal(&mut self.states[env], a);
                    true
                }
                Some(a) => self.game.apply(&mut self.states[env], a).is_ok(),
                None => false,
            };
            if !applied {
                self.finish(env, &before, actor, None, false, &mut out);
                continue;
            }
            let stop = self.advance(env);
            self.settle(env, &before, actor, stop, &mut out);
            if let Some(progress) = self.progress {
                let state = &self.states[env];
                let gained = progress(&self.game, state, actor).unwrap_or(0.0)
                    - progress(&self.game, &before, actor).unwrap_or(0.0);
                out.reward[env] += gained;
            }
        }
    }

    /// Resets now the environments whose episode ended at the last step.
    fn reset_ended(&mut self, mut out: Outputs<'_>) {
        for env in 0..self.len() {
            if self.done[env] {
                self.zero_returns(env, &mut out);
                self.reset_env(env, &mut out);
            }
        }
    }

    fn notation(&self, env: usize) -> Option<String> {
        let state = self.states.get(env)?;
        let mut s = String::new();
        self.game.write_notation(state, &mut s).ok()?;
        Some(s)
    }

    fn random_actions(&mut self, out: &mut [i64], backward: bool) {
        for env in self.order(backward) {
            let Some(slot) = out.get_mut(env) else {
                continue;
            };
            *slot = 0;
            if self.done[env] {
                continue;
            }
            let rng = &mut self.policy_rngs[env];
            let len = self.prev_len[env];
            if len != u32::MAX {
                // The legal actions are those set in the mask.
                if len > 0 {
                    let k = rng.below(len as usize);
                    *slot = i64::from(self.prev[env * self.stride + k]);
                }
                continue;
            }
            self.game
                .legal_actions_into(&self.states[env], &mut self.buf);
            if let Some(&a) = self.buf.get(rng.below(self.buf.len().max(1))) {
                *slot = i64::from(a);
            }
        }
    }

    fn seat(&self, env: usize) -> Option<usize> {
        if self.config.opponents {
            self.seats.get(env).map(|&s| usize::from(s))
        } else {
            None
        }
    }
}

/// Environments per job when a batch is split over threads: small enough
/// that the threads finish together, large enough that claiming a job costs
/// nothing measurable.
pub const ENVS_PER_JOB: usize = 16;

/// Runs `f` on every job: on `workers` when there are any, else one after
/// another on this thread; first to last, or last to first with `backward`.
fn run_jobs<J, F>(
    workers: Option<&Workers>,
    jobs: impl DoubleEndedIterator<Item = J>,
    backward: bool,
    f: F,
) where
    J: Send,
    F: Fn(J) + Sync,
{
    match workers {
        Some(workers) => workers.run(jobs, backward, f),
        None if backward => jobs.rev().for_each(f),
        None => jobs.for_each(f),
    }
}

/// The monomorphised batch: shards of environments, stepped on the caller's
/// thread and, with `threads > 1`, on workers of its own (see
/// [`crate::workers`]).
pub struct VecCore<G: Game> {
    config: VectorConfig,
    obs_len: usize,
    num_actions: usize,
    num_players: usize,
    shards: Vec<Shard<G>>,
    /// `None` on one thread.
    workers: Option<Workers>,
    /// The next step goes through the environments last to first. Steps
    /// alternate, so that a step starts with the environments the last one
    /// ended with, whose lines are still in the cache.
    backward: bool,
}

impl<G: Game> VecCore<G> {
    /// A batch of `config.num_envs` environments, before their first reset,
    /// split over up to `config.threads` threads.
    pub fn new(game: Arc<G>, config: VectorConfig) -> VecCore<G> {
        VecCore::with_opponent(game, config, None)
    }

    /// Like [`VecCore::new`], with copies of `opponent` (one per
    /// environment) in the opponents' seats instead of random play.
    pub fn with_opponent(
        game: Arc<G>,
        config: VectorConfig,
        opponent: Option<Box<dyn Opponent<G>>>,
    ) -> VecCore<G> {
        VecCore::with_league(game, config, opponent.into_iter().collect())
    }

    /// Like [`VecCore::new`], with opponents from `league`: its one player
    /// copied into every environment, or with several, a copy of one drawn
    /// at the start of each episode (from the environment's generator);
    /// random play when it is empty.
    pub fn with_league(
        game: Arc<G>,
        config: VectorConfig,
        league: Vec<Box<dyn Opponent<G>>>,
    ) -> VecCore<G> {
        let n = config.num_envs;
        let threads = config.threads.clamp(1, (n / ENVS_PER_JOB).max(1));
        let workers = Workers::new(threads);
        let count = match &workers {
            Some(w) => (n / ENVS_PER_JOB).clamp(w.threads(), MAX_JOBS),
            None => 1,
        };
        let mut shards = Vec::with_capacity(count);
        for k in 0..count {
            let size = n / count + usize::from(k < n % count);
            shards.push(Shard::new(Arc::clone(&game), config, size, &league));
        }
        let mut core = VecCore {
            config,
            obs_len: game.observation_len(),
            num_actions: game.num_distinct_actions(),
            num_players: game.num_players(),
            shards,
            workers,
            backward: false,
        };
        core.seed(config.seed);
        core
    }

    fn seed(&mut self, seed: u64) {
        let mut root = SplitMix64::new(seed);
        for shard in &mut self.shards {
            shard.seed(&mut root);
        }
    }

    /// Runs `f` on every shard with its part of the outputs, in parallel,
    /// from the last shard to the first with `backward`.
    fn each<F>(&mut self, out: Outputs<'_>, actions: &[i64], backward: bool, f: F)
    where
        F: Fn(&mut Shard<G>, &[i64], Outputs<'_>) + Sync,
        G: Send + Sync,
        G::State: Send,
    {
        let (obs_len, actions_len, players) = (self.obs_len, self.num_actions, self.num_players);
        let mut parts: ArrayVec<(Outputs<'_>, &[i64]), MAX_JOBS> = ArrayVec::new();
        let mut rest = out;
        let mut rest_actions = actions;
        for shard in &self.shards {
            let n = shard.len();
            let (head, tail) = rest.split_at(n, obs_len, actions_len, players);
            let (a_head, a_tail) = rest_actions.split_at(n.min(rest_actions.len()));
            parts.push((head, a_head));
            rest = tail;
            rest_actions = a_tail;
        }
        let work = self.shards.iter_mut().zip(parts);
        run_jobs(
            self.workers.as_ref(),
            work,
            backward,
            |(shard, (part, acts))| {
                f(shard, acts, part);
            },
        );
    }

    /// Pays `progress` at each step (`reward="progress"`), or nothing.
    pub fn with_progress(mut self, progress: Option<ProgressFn<G>>) -> VecCore<G> {
        for shard in &mut self.shards {
            shard.progress = progress;
        }
        self
    }

    fn locate(&self, env: usize) -> Option<(&Shard<G>, usize)> {
        let mut env = env;
        for shard in &self.shards {
            if env < shard.len() {
                return Some((shard, env));
            }
            env -= shard.len();
        }
        None
    }
}

impl<G> DynVector for VecCore<G>
where
    G: Game + Send + Sync + 'static,
    G::State: Send + Sync + 'static,
{
    fn num_envs(&self) -> usize {
        self.config.num_envs
    }

    fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) {
        if let Some(seed) = seed {
            self.seed(seed);
        }
        self.each(out, &[], false, |shard, _, part| shard.reset(part));
        self.backward = true;
    }

    fn step(&mut self, actions: &[i64], out: Outputs<'_>) {
        let backward = self.backward;
        self.backward = !backward;
        self.each(out, actions, backward, |shard, acts, part| {
            shard.step(acts, backward, part);
        });
    }

    fn reset_ended(&mut self, out: Outputs<'_>) {
        self.each(out, &[], false, |shard, _, part| shard.reset_ended(part));
    }

    fn snapshot(&self) -> VectorSnapshot {
        let mut envs = Vec::with_capacity(self.config.num_envs);
        for shard in &self.shards {
            shard.snapshot_into(&mut envs);
        }
        VectorSnapshot {
            backward: self.backward,
            envs,
        }
    }

    fn restore(
        &mut self,
        snapshot: &VectorSnapshot,
        out: Outputs<'_>,
    ) -> Result<(), crate::errors::SnapshotError> {
        snapshot::restore(self, snapshot, out)
    }

    fn afterstates(&self, out: &mut Afterstates, turns: bool, wanted: Option<&[bool]>) {
        out.clear();
        let mut from = 0;
        for shard in &self.shards {
            let part = wanted.map(|w| w.get(from..).unwrap_or(&[]));
            from += shard.len();
            shard.afterstates(out, turns, part);
        }
    }

    fn notation(&self, env: usize) -> Option<String> {
        let (shard, i) = self.locate(env)?;
        shard.notation(i)
    }

    fn seat(&self, env: usize) -> Option<usize> {
        let (shard, i) = self.locate(env)?;
        shard.seat(i)
    }

    fn random_actions(&mut self, out: &mut [i64]) {
        let mut parts: ArrayVec<&mut [i64], MAX_JOBS> = ArrayVec::new();
        let mut rest = out;
        for shard in &self.shards {
            let (head, tail) = rest.split_at_mut(shard.len().min(rest.len()));
            parts.push(head);
            rest = tail;
        }
        // In the order of the next step, whose lists these are.
        let backward = self.backward;
        let work = self.shards.iter_mut().zip(parts);
        // On the workers, each list is in the cache of the thread that wrote it.
        run_jobs(self.workers.as_ref(), work, backward, |(shard, part)| {
            shard.random_actions(part, backward);
        });
    }
}

#[cfg(test)]
#[path = "vector_tests.rs"]
mod tests;
