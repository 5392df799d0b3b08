//! Reads `<game> [name=value ...] | <notation>` lines on stdin and prints, for each, every
//! position at the end of the turn under way (one notation per line), then
//! an empty line. Used for differential checks against other engines.

use std::collections::BTreeSet;
use std::io::{BufRead, Write};

use racegames_board::{FromParams, ParamValue};
use racegames_tables::Tables;

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Some((name, text)) = line.split_once('|') else {
            continue;
        };
        let mut words = name.split_whitespace();
        let name = words.next().unwrap_or("");
        let pairs: Vec<(&str, &str)> = words.filter_map(|w| w.split_once('=')).collect();
        let params: Vec<(&str, ParamValue)> = pairs
            .iter()
            .map(|&(k, v)| (k, v.parse().map_or(ParamValue::Str(v), ParamValue::Int)))
            .collect();
        let game = match Tables::from_params(name, &params) {
            Ok(g) => g,
            Err(e) => {
                let _ = writeln!(out, "error: {e}\n");
                continue;
            }
        };
        match game.parse_position(text.trim()) {
            Ok(pos) => {
                let mut set = BTreeSet::new();
                game.turn_successors(&pos, &mut set);
                for p in &set {
                    let _ = writeln!(out, "{}", game.notation(p));
                }
            }
            Err(e) => {
                let _ = writeln!(out, "error: {e}");
            }
        }
        let _ = writeln!(out);
        let _ = out.flush();
    }
}
