//! The integration tests of the crate, in one test binary: one link
//! instead of one per file (CI's build time). Each module is one topic.

mod analysis_bounds;
mod api_guidelines;
mod no_panics;
mod parse_offsets;
mod perft;
mod position_edits;
mod probabilities;
mod properties;
mod record_docs;
mod records;
mod review;
mod rules;
mod rules_play;
#[path = "../rules_support/mod.rs"]
mod rules_support;
mod setup;
