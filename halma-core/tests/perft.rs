//! Perft counts from `tests/data/halma_perft.txt`, shared with the Python
//! reference model.

mod common;

use board_core::Game;
use common::{cc, halma, perft};

const DATA: &str = include_str!("../../tests/data/halma_perft.txt");

#[test]
fn perft_counts_match_the_data_file() {
    let mut checked = 0;
    for (n, line) in DATA.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 5, "line {}: five fields", n + 1);
        let depth: usize = f[3].parse().expect("depth");
        let count: usize = f[4].parse().expect("count");
        let got = match f[0] {
            "chinese_checkers" => {
                let g = cc(f[1]);
                let s = g.parse_notation(f[2]).expect("notation");
                perft(&g, s, depth)
            }
            "halma" => {
                let g = halma(f[1]);
                let s = g.parse_notation(f[2]).expect("notation");
                perft(&g, s, depth)
            }
            other => panic!("line {}: unknown game {other}", n + 1),
        };
        assert_eq!(got, count, "line {}: {line}", n + 1);
        checked += 1;
    }
    assert!(checked >= 20, "the data file has {checked} counts");
}

/// Prints candidate lines for the data file:
/// `cargo test -p halma-core --release --test perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn generate_perft_lines() {
    use board_core::sim::{random_step, SplitMix64};
    use board_core::ActionBuffer;
    use common::notation;
    fn lines<G: Game>(game: &G, name: &str, params: &str, start: G::State, max_depth: usize) {
        let text = notation(game, &start);
        for depth in 1..=max_depth {
            let count = perft(game, start, depth);
            println!("{name} | {params} | {text} | {depth} | {count}");
            if count > 300_000 {
                break;
            }
        }
    }
    fn mid<G: Game>(game: &G, seed: u64, plies: usize) -> G::State {
        let mut rng = SplitMix64::new(seed);
        let mut buf = ActionBuffer::new();
        let mut s = game.new_initial_state();
        for _ in 0..plies {
            random_step(game, &mut s, &mut rng, &mut buf);
        }
        s
    }
    for params in [
        "players=2",
        "players=3",
        "players=4",
        "players=6",
        "players=2,pieces=15",
        "players=3,pieces=15",
    ] {
        let g = cc(params);
        lines(&g, "chinese_checkers", params, g.new_initial_state(), 4);
    }
    for (params, seed, plies) in [
        ("players=2", 1, 40),
        ("players=3", 2, 45),
        ("players=4", 3, 60),
        ("players=6", 4, 90),
        ("players=2,pieces=15", 5, 40),
        ("players=3,pieces=15", 6, 45),
        ("players=2,long_jumps=true", 7, 40),
        ("players=6,long_jumps=true", 8, 90),
        ("players=2,wing_rule=false", 9, 40),
        ("players=4,wing_rule=false,vacate_rule=false", 10, 60),
    ] {
        let g = cc(params);
        lines(&g, "chinese_checkers", params, mid(&g, seed, plies), 3);
    }
    for params in ["players=2", "players=4"] {
        let g = halma(params);
        lines(&g, "halma", params, g.new_initial_state(), 3);
        lines(&g, "halma", params, mid(&g, 11, 50), 2);
    }
}
