//! Checks every count of `tests/data/tables_perft.txt`.
//!
//! Counts above 40,000 take up to seconds in an optimised build and much longer
//! in a debug build; they are checked only in optimised builds
//! (`cargo test --release -p racegames-tables --test perft`).

use racegames_board::testing::{check_perft_data, Step};
use racegames_tables::Tables;

const DATA: &str = include_str!("../data/tables_perft.txt");

#[test]
fn perft_counts_match_the_data_file() {
    let limit = if cfg!(debug_assertions) {
        40_000
    } else {
        u64::MAX
    };
    // `Tables::perft` is this count: the generic perft in whole turns.
    let done = check_perft_data(DATA, limit, |line| {
        line.count_in(&line.make::<Tables>()?, Step::Turn)
    })
    .unwrap();
    assert!(done.checked + done.skipped >= 20);
    assert!(done.checked >= 15);
}
