//! A state's history (`State.history()`), shared between copies: a copy
//! costs nothing and a replay that keeps every state (`Record.states()`)
//! takes memory linear in the game's length, not quadratic.
//!
//! The copies of a state share one append-only log and each sees the
//! first `len` entries. Applying an action at the log's end appends to it;
//! applying the action that follows in the log (the branch another copy
//! took) only moves `len`; any other action copies the prefix first.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use racegames_board::Action;

/// The actions applied since a state was made; see the module docs.
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    log: Arc<Mutex<Vec<Action>>>,
    len: usize,
}

impl History {
    /// A history of `actions`.
    pub(crate) fn from_vec(actions: Vec<Action>) -> History {
        let len = actions.len();
        History {
            log: Arc::new(Mutex::new(actions)),
            len,
        }
    }

    fn lock(log: &Mutex<Vec<Action>>) -> MutexGuard<'_, Vec<Action>> {
        // Nothing panics while the lock is held; a poisoned log is intact.
        log.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Appends `action`.
    pub(crate) fn push(&mut self, action: Action) {
        self.extend(&[action]);
    }

    /// Appends `actions`.
    pub(crate) fn extend(&mut self, actions: &[Action]) {
        if actions.is_empty() {
            return;
        }
        if let Some(log) = Arc::get_mut(&mut self.log) {
            // Alone with the log: what lies past `len` is no one's.
            let log = log.get_mut().unwrap_or_else(PoisonError::into_inner);
            log.truncate(self.len);
            log.extend_from_slice(actions);
            self.len = log.len();
            return;
        }
        let mut log = Self::lock(&self.log);
        let ahead = &log[self.len..];
        let common = ahead
            .iter()
            .zip(actions)
            .take_while(|(a, b)| a == b)
            .count();
        if common == ahead.len() {
            // At the log's end, or on the branch it already holds.
            log.extend_from_slice(&actions[common..]);
            self.len += actions.len();
            return;
        }
        if common == actions.len() {
            self.len += common;
            return;
        }
        // Another copy went elsewhere: this one takes its own log.
        let mut own = Vec::with_capacity(self.len + actions.len());
        own.extend_from_slice(&log[..self.len]);
        own.extend_from_slice(actions);
        drop(log);
        self.len = own.len();
        self.log = Arc::new(Mutex::new(own));
    }

    /// The actions, as a new vector.
    pub(crate) fn to_vec(&self) -> Vec<Action> {
        Self::lock(&self.log)[..self.len].to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn copies_share_and_branch() {
        let mut a = History::from_vec(vec![1, 2]);
        let b = a.clone();
        a.push(3);
        let mut c = b.clone();
        c.push(3); // the branch `a` took: shared
        assert!(std::sync::Arc::ptr_eq(&a.log, &c.log));
        let mut d = b.clone();
        d.extend(&[4, 5]); // elsewhere: its own log
        assert!(!std::sync::Arc::ptr_eq(&a.log, &d.log));
        assert_eq!(a.to_vec(), [1, 2, 3]);
        assert_eq!(b.to_vec(), [1, 2]);
        assert_eq!(c.to_vec(), [1, 2, 3]);
        assert_eq!(d.to_vec(), [1, 2, 4, 5]);
        drop((a, b, c));
        d.push(6);
        assert_eq!(d.to_vec(), [1, 2, 4, 5, 6]);
    }
}
