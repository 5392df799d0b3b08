//! Perft counts from `tests/data/halma_perft.txt`, shared with the Python
//! reference model.

use super::common;

use common::{cc, cc_games, halma};
use racegames_board::testing::{check_perft_data, perft, Step};
use racegames_board::Game;
use racegames_halma::{ChineseCheckers, SquareHalma};

const DATA: &str = include_str!("../data/halma_perft.txt");

#[test]
fn perft_counts_match_the_data_file() {
    let done = check_perft_data(DATA, u64::MAX, |line| match line.game {
        "chinese_checkers" => line.count_in(&line.make::<ChineseCheckers>()?, Step::Turn),
        "halma" => line.count_in(&line.make::<SquareHalma>()?, Step::Turn),
        other => Err(format!("line {}: unknown game {other}", line.number)),
    })
    .unwrap();
    assert!(
        done.checked >= 20,
        "the data file has {} counts",
        done.checked
    );
}

/// Prints candidate lines for the data file:
/// `cargo test -p racegames-halma --release --test perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn generate_perft_lines() {
    use common::notation;
    use racegames_board::sim::{random_step, SplitMix64};
    use racegames_board::ActionBuffer;
    fn lines<G: Game>(game: &G, name: &str, params: &str, start: G::State, max_depth: u32) {
        let text = notation(game, &start);
        for depth in 1..=max_depth {
            // Larger counts would make the debug-mode test slow.
            let count = perft(game, &start, depth, Step::Turn);
            if count > 100_000 {
                break;
            }
            println!("{name} | {params} | {text} | {depth} | {count}");
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
    for params in cc_games(&[]) {
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
    // Later in random games, where pieces are mixed up.
    for (params, seed, plies) in [
        ("players=2", 21, 200),
        ("players=3", 22, 240),
        ("players=4", 23, 300),
        ("players=6", 24, 400),
        ("players=2,pieces=15", 25, 250),
        ("players=3,pieces=15,long_jumps=true", 26, 300),
        ("players=4,long_jumps=true,spoiling_win=true", 27, 300),
        ("players=6,finish=all,wing_rule=false", 28, 400),
    ] {
        let g = cc(params);
        lines(&g, "chinese_checkers", params, mid(&g, seed, plies), 2);
    }
    // Hand-made positions for the vacate rule, spoiling wins, finish = all,
    // passing and truncation (the same as in rules_star.rs).
    use common::build;
    use racegames_halma::Star;
    let vacate = build::<Star>(
        &[
            &["d1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
            &["a1", "b1", "b2", "c1", "c2", "c3", "d2", "d3", "d4", "e7"],
        ],
        "1",
        "-",
        20,
    );
    let spoil = |turn: &str| {
        build::<Star>(
            &[
                &["n4", "m5", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8"],
                &["q1", "p1", "p2", "o1", "o2", "o3", "n2", "n3", "m6", "h5"],
            ],
            turn,
            "-",
            50,
        )
    };
    let finish_all = build::<Star>(
        &[
            &["n1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
            &["e1", "e2", "e3", "e4", "f1", "f2", "f3", "g1", "g2", "i1"],
            &["j1", "k1", "k2", "l1", "l2", "l3", "m1", "m2", "m3", "m4"],
        ],
        "2",
        "1",
        30,
    );
    let pass = build::<Star>(
        &[
            &["i3", "i4", "i5", "i6", "i7", "j3", "j4", "j5", "j6", "j7"],
            &[
                "e11", "e13", "g11", "k11", "m11", "m13", "k1", "m1", "m3", "e1",
            ],
        ],
        "1",
        "-",
        10,
    );
    for (params, text, depth) in [
        ("players=2", vacate.clone(), 3),
        ("players=2,vacate_rule=false", vacate.clone(), 2),
        ("players=2,spoiling_win=true", spoil("1"), 2),
        ("players=2,spoiling_win=true", spoil("2"), 2),
        ("players=2", spoil("1"), 2),
        ("players=3,finish=all", finish_all.clone(), 3),
        ("players=2", pass.clone(), 2),
        ("players=2,max_turns=22", vacate.clone(), 3),
    ] {
        let g = cc(params);
        let s = g.parse_notation(&text).expect("valid");
        lines(&g, "chinese_checkers", params, s, depth);
    }
    for params in ["players=2", "players=4"] {
        let g = halma(params);
        lines(&g, "halma", params, g.new_initial_state(), 3);
        lines(&g, "halma", params, mid(&g, 11, 50), 2);
    }
}
