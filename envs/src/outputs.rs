//! The buffers a batch's reset or step writes, one row per environment.

use racegames_board::Game;

use crate::erased::GameFacts;

/// The buffers a reset or step writes, one row per environment.
pub struct Outputs<'a> {
    /// Observations, `num_envs × observation_len`.
    pub obs: &'a mut [f32],
    /// Legal-action masks, `num_envs × num_distinct_actions`.
    pub mask: &'a mut [i8],
    /// The acting seat's reward for this step.
    pub reward: &'a mut [f64],
    /// The episode ended by the rules (or by an illegal action).
    pub terminated: &'a mut [bool],
    /// The episode ended by the turn limit.
    pub truncated: &'a mut [bool],
    /// The seat to act next, or [`TERMINAL`](super::TERMINAL).
    pub current_player: &'a mut [i32],
    /// Every seat's return where an episode ended, `num_envs × num_players`.
    pub returns: &'a mut [f64],
    /// Which rows of `returns` are set.
    pub ended: &'a mut [bool],
}

/// Owned buffers of the size [`Outputs`] wants, for callers outside
/// Python (tests, native benchmarks).
pub struct OutputBuffers {
    /// Observations, `num_envs × observation_len`.
    pub obs: Vec<f32>,
    /// Legal-action masks, `num_envs × num_distinct_actions`.
    pub mask: Vec<i8>,
    /// The acting seat's reward for the last step.
    pub reward: Vec<f64>,
    /// Episodes ended by the rules.
    pub terminated: Vec<bool>,
    /// Episodes ended by the turn limit.
    pub truncated: Vec<bool>,
    /// The seat to act next, or [`TERMINAL`](super::TERMINAL).
    pub current: Vec<i32>,
    /// Every seat's return where an episode ended.
    pub returns: Vec<f64>,
    /// Which rows of `returns` are set.
    pub ended: Vec<bool>,
}

impl OutputBuffers {
    /// Zeroed buffers for `n` environments of `game`.
    pub fn for_game<G: Game>(game: &G, n: usize) -> OutputBuffers {
        Self::sized(
            n,
            game.observation_len(),
            game.num_distinct_actions(),
            game.num_players(),
        )
    }

    /// Zeroed buffers for `n` environments of these sizes.
    fn sized(n: usize, obs_len: usize, actions: usize, players: usize) -> OutputBuffers {
        OutputBuffers {
            obs: vec![0.0; n * obs_len],
            mask: vec![0; n * actions],
            reward: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            current: vec![0; n],
            returns: vec![0.0; n * players],
            ended: vec![false; n],
        }
    }

    /// Zeroed buffers for `n` environments of an erased game (a batch made
    /// with `DynGame::new_vector`).
    pub fn for_dyn_game<G: GameFacts + ?Sized>(game: &G, n: usize) -> OutputBuffers {
        Self::sized(
            n,
            game.observation_len(),
            game.num_distinct_actions(),
            game.num_players(),
        )
    }

    /// The buffers as the [`Outputs`] of a reset or step.
    pub fn out(&mut self) -> Outputs<'_> {
        Outputs {
            obs: &mut self.obs,
            mask: &mut self.mask,
            reward: &mut self.reward,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            current_player: &mut self.current,
            returns: &mut self.returns,
            ended: &mut self.ended,
        }
    }
}

impl<'a> Outputs<'a> {
    /// Splits after the first `n` environments.
    pub(super) fn split_at(
        self,
        n: usize,
        obs_len: usize,
        actions: usize,
        players: usize,
    ) -> (Outputs<'a>, Outputs<'a>) {
        let (obs_a, obs_b) = self.obs.split_at_mut(n * obs_len);
        let (mask_a, mask_b) = self.mask.split_at_mut(n * actions);
        let (reward_a, reward_b) = self.reward.split_at_mut(n);
        let (term_a, term_b) = self.terminated.split_at_mut(n);
        let (trunc_a, trunc_b) = self.truncated.split_at_mut(n);
        let (cur_a, cur_b) = self.current_player.split_at_mut(n);
        let (ret_a, ret_b) = self.returns.split_at_mut(n * players);
        let (end_a, end_b) = self.ended.split_at_mut(n);
        (
            Outputs {
                obs: obs_a,
                mask: mask_a,
                reward: reward_a,
                terminated: term_a,
                truncated: trunc_a,
                current_player: cur_a,
                returns: ret_a,
                ended: end_a,
            },
            Outputs {
                obs: obs_b,
                mask: mask_b,
                reward: reward_b,
                terminated: term_b,
                truncated: trunc_b,
                current_player: cur_b,
                returns: ret_b,
                ended: end_b,
            },
        )
    }
}
