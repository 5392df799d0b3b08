//! The integration tests of the crate, in one test binary: one link
//! instead of one per file (CI's build time). Each module is one topic.

mod analysis;
mod api_guidelines;
mod backgammon_rules;
#[path = "../common/mod.rs"]
mod common;
mod common_rules;
mod cube;
mod doblet_no_choice;
mod family;
mod gnubg;
mod gnubg_cube;
mod gnubg_mat;
mod libro_entering_games;
mod libro_other_games;
mod libro_prime_and_tie;
mod libro_unusable_dice;
mod limits;
mod no_panics;
mod observation;
mod perft;
mod proptests;
mod setup;
mod seys_rules;
