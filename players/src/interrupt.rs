//! A flag that asks long work to stop early.
//!
//! Long native loops (the arena's games, a search's simulations) poll an
//! [`Interrupt`] that another thread may set, for example the thread that
//! watches for Ctrl-C. Polling is one relaxed atomic load, cheap enough for
//! every game or every few hundred simulations.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared stop flag: clones share it; once set, it stays set.
///
/// ```
/// use racegames_players::Interrupt;
/// let flag = Interrupt::new();
/// let seen_by_worker = flag.clone();
/// assert!(!seen_by_worker.is_interrupted());
/// flag.interrupt();
/// assert!(seen_by_worker.is_interrupted());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A flag that is not set.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Asks the work that polls this flag to stop.
    pub fn interrupt(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Interrupt::interrupt`] was called on this flag or a clone.
    #[inline]
    pub fn is_interrupted(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    /// The flag that the searches on this thread poll (see [`with_interrupt`]).
    static CURRENT: std::cell::RefCell<Option<Interrupt>> = const { std::cell::RefCell::new(None) };
}

/// Runs `work` with `flag` as this thread's interrupt: the searches it runs
/// (`Player::act` of `expectimax` and `mcts`) poll it and, once it is set,
/// stop early with the best choice found so far (which the caller is
/// expected to discard). The previous flag is restored afterwards.
///
/// ```
/// use racegames_players::{with_interrupt, Interrupt};
/// let flag = Interrupt::new();
/// flag.interrupt();
/// let seen = with_interrupt(&flag, racegames_players::interrupt_requested);
/// assert!(seen);
/// assert!(!racegames_players::interrupt_requested());
/// ```
pub fn with_interrupt<T>(flag: &Interrupt, work: impl FnOnce() -> T) -> T {
    /// Restores the previous flag, even when `work` panics.
    struct Restore(Option<Interrupt>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = previous);
        }
    }
    let previous = CURRENT.with(|c| c.borrow_mut().replace(flag.clone()));
    let _restore = Restore(previous);
    work()
}

/// This thread's interrupt (set by [`with_interrupt`]), for the threads
/// that a search starts to poll as well.
pub(crate) fn current_interrupt() -> Option<Interrupt> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Whether this thread's interrupt (set by [`with_interrupt`]) was set;
/// false outside [`with_interrupt`].
pub fn interrupt_requested() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Interrupt::is_interrupted))
}
