//! The threads that step a vector environment's shards: the caller's thread
//! and a few workers that stay awake between batches.
//!
//! Two costs shaped it, both measured on a 2-core virtual machine:
//! - **Waking a sleeping thread** took 50–90 µs, a fifth of a whole batch of
//!   1024 Chinese-checkers environments. So after a batch each worker spins
//!   for up to [`SPIN`], waiting for the next one, and only then sleeps.
//! - **Fixed halves** left one thread idle while the other finished, and
//!   shards of unequal cost are the rule. So a batch is cut into more jobs
//!   than threads, and each thread takes jobs from a block of its own first,
//!   then helps the others from the far end of theirs. A job mostly stays on
//!   the same thread from batch to batch, and so do its environments in that
//!   core's cache.
//!
//! A third cost shows only when other processes keep the cores busy: a
//! worker then waits milliseconds for a core, to start a batch or to finish
//! the job it holds, while the caller waits for it, and a spinning thread
//! takes a core from one that has work. So every wait spins only briefly
//! ([`SPIN_BEFORE_YIELD`]) and then yields its core at each check, and a
//! batch whose caller waited longer for late workers than it worked itself
//! sends the next batches to the caller's thread alone, for a number of
//! batches that doubles while the workers stay late ([`MAX_SOLO_BATCHES`]),
//! after which one batch tries the workers again.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

/// How long an idle worker waits for the next batch before it sleeps.
pub const SPIN: Duration = Duration::from_millis(2);

/// How long a wait spins before it yields its core at each check.
pub const SPIN_BEFORE_YIELD: Duration = Duration::from_micros(20);

/// The most batches run on the caller's thread alone, after batches where
/// the workers came late, before the workers are tried again.
pub const MAX_SOLO_BATCHES: u32 = 64;

/// The most threads a pool runs, the caller's included (the arena's limit:
/// one number for every threaded call).
pub const MAX_THREADS: usize = racegames_players::arena::MAX_THREADS;

/// The most jobs one batch holds.
pub const MAX_JOBS: usize = 256;

/// Worker threads for batches of jobs, with the caller's thread as one of
/// them.
pub struct Workers {
    pool: rayon::ThreadPool,
    threads: usize,
    /// Bumped when a batch starts, which ends the spinning of idle workers.
    batch: Arc<AtomicU64>,
    /// Batches still to run on the caller's thread alone.
    solo_left: AtomicU32,
    /// How many solo batches the next late batch of workers earns.
    solo_next: AtomicU32,
}

/// Spins on `done` for [`SPIN_BEFORE_YIELD`], then yields the core between
/// checks; returns `true` once `done()` holds, `false` if `give_up()` does
/// first.
fn wait_for(done: impl Fn() -> bool, give_up: impl Fn(Duration) -> bool) -> bool {
    let since = Instant::now();
    loop {
        for _ in 0..64 {
            if done() {
                return true;
            }
            std::hint::spin_loop();
        }
        let waited = since.elapsed();
        if give_up(waited) {
            return false;
        }
        if waited >= SPIN_BEFORE_YIELD {
            std::thread::yield_now();
        }
    }
}

/// `[front, back)` of one thread's block of jobs, packed in one word so that
/// both ends are claimed with one compare-and-swap.
struct Block(AtomicU64);

impl Block {
    fn new(front: usize, back: usize) -> Block {
        Block(AtomicU64::new(((back as u64) << 32) | front as u64))
    }

    /// Takes the first job of the block (`back == false`) or the last.
    fn claim(&self, back: bool) -> Option<usize> {
        let mut word = self.0.load(Ordering::Relaxed);
        loop {
            let (front, end) = (word & u64::from(u32::MAX), word >> 32);
            if front >= end {
                return None;
            }
            let (job, next) = if back {
                (end - 1, ((end - 1) << 32) | front)
            } else {
                (front, (end << 32) | (front + 1))
            };
            match self
                .0
                .compare_exchange_weak(word, next, Ordering::AcqRel, Ordering::Relaxed)
            {
                Ok(_) => return Some(job as usize),
                Err(now) => word = now,
            }
        }
    }
}

/// Decrements a counter when dropped, on unwinding too.
struct CountOut<'a>(&'a AtomicUsize);

impl Drop for CountOut<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Release);
    }
}

impl Workers {
    /// A pool of `threads - 1` workers beside the caller's thread, or `None`
    /// for one thread (or if no thread can be started).
    pub fn new(threads: usize) -> Option<Workers> {
        let threads = threads.min(MAX_THREADS);
        if threads < 2 {
            return None;
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("racegames-vector-{i}"))
            .build()
            .ok()?;
        Some(Workers {
            pool,
            threads,
            batch: Arc::new(AtomicU64::new(0)),
            solo_left: AtomicU32::new(0),
            solo_next: AtomicU32::new(1),
        })
    }

    /// The threads a batch runs on, the caller's included.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `f` on every job, each exactly once, on the caller's thread and
    /// the workers; returns when all are done. Thread `t` takes the jobs of
    /// the `t`-th block of consecutive jobs first to last (last to first
    /// with `backward`), then helps the others from their other ends.
    pub fn run<J, F>(&self, jobs: impl IntoIterator<Item = J>, backward: bool, f: F)
    where
        J: Send,
        F: Fn(J) + Sync,
    {
        // Batches of at most MAX_JOBS (a batch lives on the stack).
        let mut jobs = jobs.into_iter().peekable();
        while jobs.peek().is_some() {
            self.run_batch(jobs.by_ref().take(MAX_JOBS), backward, &f);
        }
    }

    fn run_batch<J, F>(&self, jobs: impl Iterator<Item = J>, backward: bool, f: &F)
    where
        J: Send,
        F: Fn(J) + Sync,
    {
        let solo_left = self.solo_left.load(Ordering::Relaxed);
        if solo_left > 0 {
            self.solo_left.store(solo_left - 1, Ordering::Relaxed);
            let jobs: ArrayVec<J, MAX_JOBS> = jobs.collect();
            if backward {
                jobs.into_iter().rev().for_each(f);
            } else {
                jobs.into_iter().for_each(f);
            }
            return;
        }
        let jobs: ArrayVec<Mutex<Option<J>>, MAX_JOBS> =
            jobs.map(|j| Mutex::new(Some(j))).collect();
        let n = jobs.len();
        let blocks: ArrayVec<Block, MAX_THREADS> = (0..self.threads)
            .map(|t| Block::new(n * t / self.threads, n * (t + 1) / self.threads))
            .collect();
        // Workers still running; each counts itself out even if a job
        // panics (the scope then passes the panic on to the caller).
        let running = AtomicUsize::new(self.threads - 1);
        let work = |t: usize| {
            // Own block first, then the far ends of the others'.
            let others =
                || (1..blocks.len()).find_map(|k| blocks[(t + k) % blocks.len()].claim(!backward));
            while let Some(i) = blocks[t].claim(backward).or_else(others) {
                let job = jobs[i].lock().ok().and_then(|mut slot| slot.take());
                if let Some(job) = job {
                    f(job);
                }
            }
        };
        self.batch.fetch_add(1, Ordering::Relaxed);
        let mut worked = Duration::ZERO;
        let mut waited = Duration::ZERO;
        self.pool.in_place_scope(|scope| {
            for t in 1..self.threads {
                let (work, running) = (&work, &running);
                scope.spawn(move |_| {
                    let _out = CountOut(running);
                    work(t);
                });
            }
            let start = Instant::now();
            work(0);
            worked = start.elapsed();
            // Every job is claimed; wait for those still running (a thread
            // put to sleep here would wake 50–90 µs late).
            wait_for(|| running.load(Ordering::Acquire) == 0, |_| false);
            waited = start.elapsed() - worked;
        });
        self.learn(worked, waited);
        if self.solo_left.load(Ordering::Relaxed) == 0 {
            self.keep_warm();
        }
    }

    /// After a batch: if the caller waited longer for late workers than it
    /// worked itself, the next batches run on the caller alone (twice as
    /// many as last time, up to [`MAX_SOLO_BATCHES`]); otherwise the
    /// workers stay on.
    fn learn(&self, worked: Duration, waited: Duration) {
        if waited > worked {
            let solo = self.solo_next.load(Ordering::Relaxed);
            self.solo_left.store(solo, Ordering::Relaxed);
            self.solo_next
                .store((solo * 2).min(MAX_SOLO_BATCHES), Ordering::Relaxed);
        } else {
            self.solo_next.store(1, Ordering::Relaxed);
        }
    }

    /// Gives each worker a job that spins until the next batch starts or
    /// [`SPIN`] has passed.
    fn keep_warm(&self) {
        let started = self.batch.load(Ordering::Relaxed);
        for _ in 1..self.threads {
            let batch = Arc::clone(&self.batch);
            self.pool.spawn(move || {
                wait_for(
                    || batch.load(Ordering::Relaxed) != started,
                    |waited| waited >= SPIN,
                );
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_runs_once_whatever_the_thread_count() {
        for threads in [2, 3, 5] {
            let workers = Workers::new(threads).expect("threads start");
            for n in [0, 1, 2, 7, 64, 200, MAX_JOBS + 5] {
                let counts: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
                for round in 0..20 {
                    workers.run(0..n, round % 2 == 1, |i| {
                        counts[i].fetch_add(1, Ordering::Relaxed);
                    });
                }
                assert!(counts.iter().all(|c| c.load(Ordering::Relaxed) == 20));
            }
        }
    }

    #[test]
    fn jobs_borrow_mutably_from_the_caller() {
        let workers = Workers::new(2).expect("threads start");
        let mut data = vec![0u64; 100];
        workers.run(data.chunks_mut(7), false, |chunk| {
            for x in chunk {
                *x += 1;
            }
        });
        assert!(data.iter().all(|&x| x == 1));
    }

    #[test]
    fn blocks_hand_out_each_job_once_from_either_end() {
        let b = Block::new(3, 7);
        assert_eq!(b.claim(false), Some(3));
        assert_eq!(b.claim(true), Some(6));
        assert_eq!(b.claim(true), Some(5));
        assert_eq!(b.claim(false), Some(4));
        assert_eq!(b.claim(false), None);
        assert_eq!(b.claim(true), None);
    }

    /// The thread ids that ran the jobs of one batch of `n` jobs.
    fn threads_of_a_batch(
        workers: &Workers,
        n: usize,
    ) -> std::collections::HashSet<std::thread::ThreadId> {
        let ids = Mutex::new(std::collections::HashSet::new());
        workers.run(0..n, false, |_| {
            // Long enough that an idle worker claims some of the jobs.
            std::thread::sleep(Duration::from_micros(200));
            ids.lock().unwrap().insert(std::thread::current().id());
        });
        ids.into_inner().unwrap()
    }

    /// A batch whose workers came late sends the next ones to the caller
    /// alone, twice as many each time the workers are late again, up to the
    /// cap; a batch where they kept up brings the count back to one.
    #[test]
    fn late_workers_send_the_next_batches_to_the_caller_alone() {
        let workers = Workers::new(2).expect("threads start");
        let me = std::thread::current().id();
        let late = (Duration::from_micros(10), Duration::from_micros(50));
        let on_time = (Duration::from_micros(50), Duration::from_micros(10));
        workers.learn(late.0, late.1);
        assert_eq!(threads_of_a_batch(&workers, 32), [me].into());
        assert_eq!(workers.solo_left.load(Ordering::Relaxed), 0);
        for expected in [2, 4, 8, 16, 32, 64, 64] {
            workers.learn(late.0, late.1);
            assert_eq!(workers.solo_left.load(Ordering::Relaxed), expected);
        }
        for _ in 0..64 {
            assert_eq!(threads_of_a_batch(&workers, 4), [me].into());
        }
        workers.learn(on_time.0, on_time.1);
        workers.learn(late.0, late.1);
        assert_eq!(workers.solo_left.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn one_thread_needs_no_pool() {
        assert!(Workers::new(1).is_none());
        assert!(Workers::new(0).is_none());
    }
}
