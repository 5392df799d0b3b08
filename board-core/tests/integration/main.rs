//! The integration tests of the crate, in one test binary: one link
//! instead of one per file (CI's build time). Each module is one topic.

mod no_panics;
mod record;
mod record_tags;
mod testing;
