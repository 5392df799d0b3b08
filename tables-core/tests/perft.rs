//! Checks every count of `tests/data/tables_perft.txt`.
//!
//! Counts above 40,000 take up to seconds in an optimised build and much longer
//! in a debug build; they are checked only in optimised builds
//! (`cargo test --release -p racegames-tables --test perft`).

use racegames_board::{FromParams, ParamValue};
use racegames_tables::Tables;

const DATA: &str = include_str!("data/tables_perft.txt");

struct Line<'a> {
    game: &'a str,
    params: &'a str,
    notation: &'a str,
    depth: u32,
    count: u64,
}

fn lines() -> Vec<Line<'static>> {
    DATA.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "bad line {l:?}");
            Line {
                game: f[0],
                params: f[1],
                notation: f[2],
                depth: f[3].parse().unwrap(),
                count: f[4].parse().unwrap(),
            }
        })
        .collect()
}

fn game(name: &str, params: &str) -> Tables {
    let pairs: Vec<(&str, &str)> = if params == "-" {
        Vec::new()
    } else {
        params
            .split(',')
            .map(|kv| kv.split_once('=').expect("name=value"))
            .collect()
    };
    let values: Vec<(&str, ParamValue)> = pairs
        .iter()
        .map(|&(k, v)| {
            let value = match v {
                "true" => ParamValue::Bool(true),
                "false" => ParamValue::Bool(false),
                _ => v.parse().map_or(ParamValue::Str(v), ParamValue::Int),
            };
            (k, value)
        })
        .collect();
    Tables::from_params(name, &values).unwrap()
}

#[test]
fn perft_counts_match_the_data_file() {
    let all = lines();
    assert!(all.len() >= 20);
    let mut checked = 0;
    for l in &all {
        if cfg!(debug_assertions) && l.count > 40_000 {
            continue;
        }
        let g = game(l.game, l.params);
        let pos = g.parse_position(l.notation).unwrap();
        assert_eq!(
            g.perft(&pos, l.depth),
            l.count,
            "{} {} {}",
            l.game,
            l.notation,
            l.depth
        );
        checked += 1;
    }
    assert!(checked >= 15);
}
