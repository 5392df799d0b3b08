//! Native work that Ctrl-C can stop: the work runs on its own thread with
//! the GIL released, while the calling thread checks Python's signals every
//! 50 ms and, on `KeyboardInterrupt`, sets the work's [`Interrupt`] and waits
//! for it to stop.

use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;
use racegames_players::Interrupt;

use crate::errors::guard;

/// How often the waiting thread looks at Python's signals.
pub const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` with the GIL released; Ctrl-C (any exception a signal
/// handler raises) sets the [`Interrupt`] it polls, waits for it to return,
/// and raises that exception. A panic in `work` becomes `InternalError`.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Interrupt) -> T + Send,
) -> PyResult<T> {
    interruptible_polled(py, &Interrupt::new(), work, |_| Ok(()))
}

/// [`interruptible`] with the caller's `interrupt`, and `poll` called with
/// the GIL after each look at the signals (every [`SIGNAL_POLL`]), for
/// example to show progress. An exception from `poll` stops the work like
/// Ctrl-C and is raised.
pub fn interruptible_polled<T: Send>(
    py: Python<'_>,
    interrupt: &Interrupt,
    work: impl FnOnce(&Interrupt) -> T + Send,
    mut poll: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T> {
    let (done_tx, done_rx) = mpsc::channel();
    std::thread::scope(|scope| {
        let flag = interrupt.clone();
        scope.spawn(move || {
            // The receiver is gone only if the waiting thread panicked.
            let _ = done_tx.send(guard(|| work(&flag)));
        });
        let mut done_rx = done_rx;
        loop {
            // The receiver is Send but not Sync: it goes to the detached
            // closure and comes back.
            let (rx, received) = py.detach(move || {
                let received = done_rx.recv_timeout(SIGNAL_POLL);
                (done_rx, received)
            });
            done_rx = rx;
            match received {
                Ok(result) => return result,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(crate::errors::InternalError::new_err(
                        "internal error in racegames: the worker thread ended without a result",
                    ))
                }
            }
            if let Err(signal) = py.check_signals().and_then(|()| poll(py)) {
                interrupt.interrupt();
                // Wait for the work to notice; its result is dropped.
                let _ = py.detach(move || done_rx.recv());
                return Err(signal);
            }
        }
    })
}
