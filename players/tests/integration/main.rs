//! The integration tests of the crate, in one test binary: one link
//! instead of one per file (CI's build time). Each module is one topic.

mod evals;
mod expectimax;
mod hop;
mod mcts;
mod playable_bounds;
mod players;
mod records;
