//! Seeded random play, for environments, benchmarks and tests.
//!
//! The rules never draw random numbers: these helpers pick chance outcomes
//! by their listed probabilities and decisions uniformly.

use crate::{Action, ActionBuffer, Game, Node};

/// SplitMix64: a small, fast, seedable generator. Not for cryptography.
///
/// ```
/// use racegames_board::sim::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.next_f64() < 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The generator's state: `SplitMix64::new(g.state())` continues
    /// exactly as `g` does (for saving and restoring a generator).
    ///
    /// ```
    /// use racegames_board::sim::SplitMix64;
    /// let mut g = SplitMix64::new(7);
    /// g.next_u64();
    /// let mut resumed = SplitMix64::new(g.state());
    /// assert_eq!(resumed.next_u64(), g.next_u64());
    /// ```
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A float uniform in `[0, 1)`.
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// An integer uniform in `0..n`, for `n > 0`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// Takes one random step: a chance outcome by its probability, or a uniform
/// legal action. Returns the action applied, or `None` at a terminal state.
pub fn random_step<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut SplitMix64,
    buf: &mut ActionBuffer,
) -> Option<Action> {
    let action = match game.node(state) {
        Node::Terminal => return None,
        Node::Chance => game.sample_chance(state, rng.next_f64())?,
        Node::Decision(_) => {
            game.legal_actions_into(state, buf);
            *buf.get(rng.below(buf.len().max(1)))?
        }
    };
    // The action was just listed (or drawn) for this state.
    game.apply_legal(state, action);
    Some(action)
}

/// Plays from `state` to the end with random steps and returns the number of
/// decisions taken.
pub fn random_playout<G: Game>(game: &G, state: &mut G::State, rng: &mut SplitMix64) -> usize {
    let mut buf = ActionBuffer::new();
    let mut decisions = 0;
    loop {
        let decision = matches!(game.node(state), Node::Decision(_));
        if random_step(game, state, rng, &mut buf).is_none() {
            return decisions;
        }
        decisions += usize::from(decision);
    }
}
