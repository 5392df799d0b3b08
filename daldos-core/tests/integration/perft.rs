//! Perft counts from `tests/data/daldos_perft.txt`, shared with the Python
//! tests (which reproduce them with an independent reference model).
//!
//! perft(k) is the number of distinct notations reached after exactly k
//! throws, over every throw outcome and every legal use of it. Daldøs counts
//! throws rather than whole turns: each dal-dal adds a throw to the turn, so
//! the positions at the end of one complete turn are unbounded in number. A
//! game that ends counts at the depth where it ends and is not expanded
//! further.

use racegames_board::testing::{check_perft_data, perft, PerftLine, Step};
use racegames_daldos::Daldos;

const DATA: &str = include_str!("../data/daldos_perft.txt");

#[test]
fn perft_counts_match_the_data_file() {
    let done = check_perft_data(DATA, u64::MAX, |line| {
        assert_eq!(line.game, "daldos");
        line.count_in(&line.make::<Daldos>()?, Step::Throw)
    })
    .unwrap();
    assert!(done.checked >= 8);
}

/// Prints perft counts for the positions given in `DALDOS_PERFT` (lines of
/// `params | notation | depth`): how the data file's counts were made.
#[test]
#[ignore]
fn print_perft() {
    let spec = std::env::var("DALDOS_PERFT").unwrap_or_default();
    for line in spec.lines().filter(|l| !l.trim().is_empty()) {
        let text = format!("daldos | {line} | 0");
        let line = &PerftLine::read(&text).unwrap()[0];
        let game: Daldos = line.make().unwrap();
        let start = game.parse_position(line.notation).unwrap();
        let count = perft(&game, &start, line.depth, Step::Throw);
        println!(
            "daldos | {} | {} | {} | {count}",
            line.params, line.notation, line.depth
        );
    }
}
