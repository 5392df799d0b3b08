//! The integration tests of the crate, in one test binary: one link
//! instead of one per file (CI's build time). Each module is one topic.

mod api_guidelines;
#[path = "../common/mod.rs"]
mod common;
mod contract;
mod diagram;
mod no_panics;
mod observe_update;
mod perft;
mod props;
mod rules_square;
mod rules_star;
mod setup;
