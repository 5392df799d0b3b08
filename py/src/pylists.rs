//! The Python lists a `State` answers most often, legal actions and
//! chance outcomes, made from Python objects kept per game: a call then
//! mostly increfs instead of making an int, a float and a tuple per entry.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList, PyTuple};
use racegames_board::Action;

/// The largest action space whose Python ints are kept (a table of 1<<17
/// ints is about 4 MB); larger ones make a new int per action.
const MAX_CACHED_ACTION_INTS: usize = 1 << 17;

/// The most chance outcomes whose tuples are kept.
const MAX_CACHED_OUTCOMES: usize = 1 << 10;

/// Chance outcomes and the Python tuples made of them.
type KeptOutcomes = (Vec<(Action, f64)>, Vec<Py<PyTuple>>);

/// The kept objects of one game.
#[derive(Default)]
pub(crate) struct ListCache {
    /// The Python ints `0..num_distinct_actions`, made on first use
    /// (Python itself keeps only the ints below 257).
    action_ints: PyOnceLock<Vec<Py<PyInt>>>,
    /// The last chance outcomes listed, and their `(action, probability)`
    /// tuples: the dice games list the same throws at almost every chance
    /// node. Tuples are immutable, so every list may share them.
    outcomes: Mutex<KeptOutcomes>,
}

impl ListCache {
    /// The list of Python ints for `actions` of a game of `size` distinct
    /// actions.
    pub(crate) fn actions<'py>(
        &self,
        py: Python<'py>,
        size: usize,
        actions: &[Action],
    ) -> PyResult<Bound<'py, PyList>> {
        if size > MAX_CACHED_ACTION_INTS {
            return PyList::new(py, actions);
        }
        let ints = self.action_ints.get_or_init(py, || {
            (0..size as Action)
                .map(|a| {
                    let Ok(int) = a.into_pyobject(py);
                    int.unbind()
                })
                .collect()
        });
        PyList::new(
            py,
            actions.iter().map(|&a| match ints.get(a as usize) {
                Some(int) => int.bind(py).clone(),
                // Chance outcomes may lie beyond the decision action space.
                None => {
                    let Ok(int) = a.into_pyobject(py);
                    int
                }
            }),
        )
    }

    /// The list of `(action, probability)` tuples of `outcomes`.
    pub(crate) fn outcomes<'py>(
        &self,
        py: Python<'py>,
        outcomes: Vec<(Action, f64)>,
    ) -> PyResult<Bound<'py, PyList>> {
        // `try_lock`: making Python objects never waits for the lock (a
        // garbage collection run meanwhile may list outcomes again).
        // The list is made under the lock, from the kept tuples (no copy):
        // a call made meanwhile finds the lock taken and makes its own.
        if let Ok(kept) = self.outcomes.try_lock() {
            if kept.0 == outcomes {
                return PyList::new(py, kept.1.iter().map(|t| t.bind(py)));
            }
        }
        let tuples = outcomes
            .iter()
            .map(|&(a, p)| {
                PyTuple::new(
                    py,
                    [
                        a.into_pyobject(py)?.into_any(),
                        p.into_pyobject(py)?.into_any(),
                    ],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        if outcomes.len() <= MAX_CACHED_OUTCOMES {
            let new = tuples.iter().map(|t| t.clone().unbind()).collect();
            let old = match self.outcomes.try_lock() {
                Ok(mut kept) => Some(std::mem::replace(&mut *kept, (outcomes, new))),
                Err(_) => None,
            };
            // The old tuples are let go after the lock is.
            drop(old);
        }
        PyList::new(py, tuples)
    }
}
