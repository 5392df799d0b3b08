//! Independent pieces of an analysis shared out among threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::{with_interrupt, Interrupt};

/// `work(k)` for each `k` below `count`, taken in turn by up to `threads`
/// scoped threads, each running with `interrupt` as its interrupt (so the
/// searches inside poll it) and taking no new piece once it is set. Slot
/// `k` holds `work(k)`, or `None` where the interrupt came first.
pub(super) fn side_by_side<T: Send>(
    count: usize,
    threads: usize,
    interrupt: &Interrupt,
    work: impl Fn(usize) -> T + Sync,
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(count) {
            scope.spawn(|| {
                with_interrupt(interrupt, || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= count || interrupt.is_interrupted() {
                        break;
                    }
                    let done = work(k);
                    slots.lock().unwrap_or_else(|p| p.into_inner())[k] = Some(done);
                });
            });
        }
    });
    slots.into_inner().unwrap_or_else(|p| p.into_inner())
}
