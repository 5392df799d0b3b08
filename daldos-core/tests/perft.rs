//! Perft counts from `tests/data/daldos_perft.txt`, shared with the Python
//! tests (which reproduce them with an independent reference model).
//!
//! perft(k) is the number of distinct notations reached after exactly k
//! throws, over every throw outcome and every legal use of it. Daldøs counts
//! throws rather than whole turns: each dal-dal adds a throw to the turn, so
//! the positions at the end of one complete turn are unbounded in number. A
//! game that ends counts at the depth where it ends and is not expanded
//! further.

use std::collections::HashSet;

use racegames_board::{Game, Node, ParamValue};
use racegames_daldos::{Daldos, Position};

fn game_from(params: &str) -> Daldos {
    let pairs: Vec<(&str, ParamValue)> = params
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (k, v) = p.trim().split_once('=').expect("name=value");
            let value = match v {
                "true" => ParamValue::Bool(true),
                "false" => ParamValue::Bool(false),
                _ => match v.parse::<i64>() {
                    Ok(i) => ParamValue::Int(i),
                    Err(_) => ParamValue::Str(v),
                },
            };
            (k, value)
        })
        .collect();
    racegames_board::FromParams::from_params("daldos", &pairs).expect("valid params")
}

/// Every position after the throw due in `start` and its use.
fn one_throw(game: &Daldos, start: Position, out: &mut HashSet<Position>) {
    game.chance_outcomes(&start, |a, _| {
        let mut thrown = start;
        game.apply(&mut thrown, a).unwrap();
        if let Node::Decision(_) = game.node(&thrown) {
            game.legal_actions(&thrown, |b| {
                let mut moved = thrown;
                game.apply(&mut moved, b).unwrap();
                out.insert(moved);
            });
        } else {
            out.insert(thrown);
        }
    });
}

fn perft(game: &Daldos, start: Position, depth: u32) -> usize {
    let mut level = HashSet::from([start]);
    for d in 0..depth {
        let mut next = HashSet::new();
        for s in level.iter().filter(|s| game.node(s) != Node::Terminal) {
            one_throw(game, *s, &mut next);
        }
        if d + 1 < depth {
            next.retain(|s| game.node(s) != Node::Terminal);
        }
        level = next;
    }
    level.len()
}

struct Case {
    params: String,
    notation: String,
    depth: u32,
    count: usize,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/daldos_perft.txt");
    let text = std::fs::read_to_string(path).expect("perft data file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "line {l:?}");
            assert_eq!(f[0], "daldos");
            Case {
                params: f[1].to_string(),
                notation: f[2].to_string(),
                depth: f[3].parse().unwrap(),
                count: f[4].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn perft_counts_match_the_data_file() {
    let cases = cases();
    assert!(cases.len() >= 8);
    for c in cases {
        let game = game_from(&c.params);
        let start = game.parse_position(&c.notation).unwrap();
        assert_eq!(
            perft(&game, start, c.depth),
            c.count,
            "{} | {} | depth {}",
            c.params,
            c.notation,
            c.depth
        );
    }
}

/// Prints perft counts for the positions given in `DALDOS_PERFT` (lines of
/// `params | notation | depth`): how the data file's counts were made.
#[test]
#[ignore]
fn print_perft() {
    let spec = std::env::var("DALDOS_PERFT").unwrap_or_default();
    for line in spec.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let game = game_from(f[0]);
        let start = game.parse_position(f[1]).unwrap();
        let depth: u32 = f[2].parse().unwrap();
        println!(
            "{} | {} | {} | {}",
            f[0],
            f[1],
            depth,
            perft(&game, start, depth)
        );
    }
}
