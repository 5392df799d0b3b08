//! Prints perft counts: `cargo run --release --example perft -- <game> <depth> [notation] [name=value ...]`.
//!
//! With no notation it starts from the game's initial state. Options are
//! given as `name=value` (integers for `max_turns`).

use racegames_board::{FromParams, Game, ParamValue};
use racegames_tables::Tables;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: perft <game> <depth> [notation] [name=value ...]");
        return;
    };
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(1);
    let mut notation = None;
    let mut params = Vec::new();
    for a in &args[2..] {
        match a.split_once('=') {
            Some((k, v)) => params.push((k.to_string(), v.to_string())),
            None => notation = Some(a.clone()),
        }
    }
    let values: Vec<(&str, ParamValue)> = params
        .iter()
        .map(|(k, v)| {
            let value = v.parse().map_or(ParamValue::Str(v), ParamValue::Int);
            (k.as_str(), value)
        })
        .collect();
    let game = match Tables::from_params(name, &values) {
        Ok(g) => g,
        Err(e) => return eprintln!("{e}"),
    };
    let pos = match &notation {
        Some(t) => match game.parse_position(t) {
            Ok(p) => p,
            Err(e) => return eprintln!("{e}"),
        },
        None => game.new_initial_state(),
    };
    for d in 0..=depth {
        println!("perft({d}) = {}", game.perft(&pos, d));
    }
}
