//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::string::String;
use std::vec::Vec;

use racegames_board::{FromParams, ParamValue};
use racegames_halma::{ChineseCheckers, SquareHalma};

/// Parses `name=value,name=value` (ints, `true`/`false`, or words).
pub fn params(text: &str) -> Vec<(String, String)> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "-")
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("name=value");
            (k.trim().to_string(), v.trim().to_string())
        })
        .collect()
}

/// The game `name` with the options of `text` (as [`params`] reads them).
fn game<G: FromParams>(name: &str, text: &str) -> G {
    let p = params(text);
    let list: Vec<(&str, ParamValue<'_>)> = p
        .iter()
        .map(|(k, v)| (k.as_str(), ParamValue::parse(v)))
        .collect();
    G::from_params(name, &list).expect("valid options")
}

pub fn cc(text: &str) -> ChineseCheckers {
    game("chinese_checkers", text)
}

pub fn halma(text: &str) -> SquareHalma {
    game("halma", text)
}

// Not every test file uses every helper.
#[allow(unused_imports)]
pub use racegames_board::testing::{action_string, legal_actions as legal, notation};

/// The Chinese checkers games of every seat count, with 10 and 15 pieces,
/// followed by `extra`.
pub fn cc_games(extra: &[&'static str]) -> Vec<&'static str> {
    let mut all = vec![
        "players=2",
        "players=3",
        "players=4",
        "players=6",
        "players=2,pieces=15",
        "players=3,pieces=15",
    ];
    all.extend_from_slice(extra);
    all
}

use racegames_halma::notation::{parse_hole, write_hole};
use racegames_halma::{Geometry, Halma};

/// A notation with pieces at named holes: `places[seat]` lists the holes of
/// seat `seat`.
pub fn build<G: Geometry>(places: &[&[&str]], turn: &str, finished: &str, turns: u32) -> String {
    let mut cells: Vec<char> = vec!['.'; G::HOLES];
    for (seat, holes) in places.iter().enumerate() {
        for name in holes.iter() {
            let h = parse_hole::<G>(name).unwrap_or_else(|| panic!("hole {name}"));
            assert_eq!(cells[h], '.', "hole {name} used twice");
            cells[h] = char::from(b'1' + seat as u8);
        }
    }
    let mut rows = Vec::new();
    let mut i = 0;
    for &len in G::ROW_LENGTHS {
        rows.push(cells[i..i + usize::from(len)].iter().collect::<String>());
        i += usize::from(len);
    }
    format!("{} {turn} {finished} {turns}", rows.join("/"))
}

/// The name of a hole.
pub fn name<G: Geometry>(h: usize) -> String {
    let mut s = String::new();
    write_hole::<G>(h, &mut s).unwrap();
    s
}

/// The end holes (by name) of the legal moves from hole `from`.
pub fn ends_from<G: Geometry>(
    game: &Halma<G>,
    s: &racegames_halma::Position<G>,
    from: &str,
) -> Vec<String> {
    let f = parse_hole::<G>(from).expect("hole");
    legal(game, s)
        .into_iter()
        .filter_map(|a| Halma::<G>::decode(a))
        .filter(|&(a, _)| a == f)
        .map(|(_, b)| name::<G>(b))
        .collect()
}

/// Every hole of a seat's camp, by name, in hole order.
pub fn names<G: Geometry>(bits: G::Bits) -> Vec<String> {
    use racegames_halma::bits::BitSet;
    let mut v = Vec::new();
    bits.for_each(|h| v.push(name::<G>(h)));
    v
}
