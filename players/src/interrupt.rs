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
