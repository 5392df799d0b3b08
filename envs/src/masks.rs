//! The sparse mask rows of a shard: the entries set at the previous step
//! are cleared and the new legal ones set, so a large action space costs
//! little.

use racegames_board::{Action, Game};

use super::Shard;

impl<G: Game> Shard<G> {
    /// Clears the mask entries set for `env` and returns whether `action`
    /// was one of them: a legal action of the current state, listed when it
    /// was reached (a binary search here waited on the list's cache lines
    /// one by one).
    pub(super) fn clear_mask_finding(
        &mut self,
        env: usize,
        mask: &mut [i8],
        action: Option<Action>,
    ) -> bool {
        let row = &mut mask[env * self.num_actions..(env + 1) * self.num_actions];
        let len = self.prev_len[env];
        self.prev_len[env] = 0;
        if len == u32::MAX {
            row.fill(0);
            return false;
        }
        let listed = &self.prev[env * self.stride..env * self.stride + len as usize];
        for &a in listed {
            if let Some(slot) = row.get_mut(usize::from(a)) {
                *slot = 0;
            }
        }
        // A separate search, which the compiler vectorises.
        action
            .and_then(|a| u16::try_from(a).ok())
            .is_some_and(|a| listed.contains(&a))
    }

    pub(super) fn clear_mask(&mut self, env: usize, mask: &mut [i8]) {
        // Usually cleared already, by the step's search for its action.
        if self.prev_len[env] != 0 {
            self.clear_mask_finding(env, mask, None);
        }
    }

    /// The mask of a finished episode: action 0 alone, whose action the
    /// next step ignores (it resets the environment), so that a masked
    /// softmax over the row is never all zeros (never NaN).
    pub(super) fn set_finished_mask(&mut self, env: usize, mask: &mut [i8]) {
        if let Some(slot) = mask.get_mut(env * self.num_actions) {
            *slot = 1;
        }
        if self.stride > 0 {
            self.prev[env * self.stride] = 0;
            self.prev_len[env] = 1;
        } else {
            self.prev_len[env] = u32::MAX;
        }
    }

    pub(super) fn set_mask(&mut self, env: usize, mask: &mut [i8]) {
        let row = &mut mask[env * self.num_actions..(env + 1) * self.num_actions];
        let prev = &mut self.prev[env * self.stride..(env + 1) * self.stride];
        let mut len = 0usize;
        let mut overflow = false;
        self.game.legal_actions_unordered(&self.states[env], |a| {
            if let Some(slot) = row.get_mut(a as usize) {
                *slot = 1;
                match prev.get_mut(len) {
                    // `a` indexes the row, so it fits.
                    Some(p) => *p = a as u16,
                    None => overflow = true,
                }
                len += 1;
            }
        });
        self.prev_len[env] = if overflow { u32::MAX } else { len as u32 };
    }
}
