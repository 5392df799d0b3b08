//! The games the package exposes: one line per game type.
//!
//! To expose a new game, add `entry::<YourGame>(),` to [`GAMES`]: the type
//! needs `racegames_board::Game + racegames_board::FromParams +
//! racegames_players::Playable` (its built-in players) and `crate::shaping::Shaping` (its progress measure, if any), and nothing else.
//! Every name in its `FromParams::NAMES` becomes a name of
//! `racegames.make_game`.

use std::sync::Arc;

use racegames_board::{FromParams, Game, ParamError, ParamValue};
use racegames_players::Playable;

use crate::dyngame::DynGame;
use crate::shaping::Shaping;

/// Builds a game from a name and options.
pub type Constructor = fn(&str, &[(&str, ParamValue<'_>)]) -> Result<Arc<dyn DynGame>, ParamError>;

/// One game type: the names it answers to and its constructor.
pub struct Entry {
    /// The names (presets) of the type.
    pub names: &'static [&'static str],
    /// The constructor.
    pub make: Constructor,
}

fn construct<G>(
    name: &str,
    params: &[(&str, ParamValue<'_>)],
) -> Result<Arc<dyn DynGame>, ParamError>
where
    G: Game + FromParams + Playable + Shaping,
{
    Ok(Arc::new(G::from_params(name, params)?))
}

/// The registry entry of a game type.
pub const fn entry<G>() -> Entry
where
    G: Game + FromParams + Playable + Shaping,
{
    Entry {
        names: G::NAMES,
        make: construct::<G>,
    }
}

/// Every exposed game type, one line each.
pub const GAMES: &[Entry] = &[
    entry::<racegames_daldos::Daldos>(),
    entry::<racegames_tables::Tables>(),
    entry::<racegames_halma::ChineseCheckers>(),
    entry::<racegames_halma::SquareHalma>(),
];

/// The sorted names of every game.
pub fn names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = GAMES.iter().flat_map(|e| e.names.iter().copied()).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// The constructor for `name`, if any.
pub fn find(name: &str) -> Option<Constructor> {
    GAMES
        .iter()
        .find(|e| e.names.contains(&name))
        .map(|e| e.make)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_found_and_names_are_sorted() {
        let names = names();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
        for name in names {
            let make = find(name).unwrap();
            let game = make(name, &[]).unwrap();
            assert!(game.num_players() >= 2);
        }
        assert!(find("no such game").is_none());
    }

    /// `params()` lists every option with its value: built again from that
    /// list, each game lists the same values, and a value given shows.
    #[test]
    fn params_list_the_rules_and_rebuild_the_same_game() {
        for name in names() {
            let make = find(name).unwrap();
            let params = make(name, &[]).unwrap().params();
            assert!(!params.is_empty(), "{name}");
            let again = make(name, &params).unwrap().params();
            assert_eq!(again, params, "{name}");
            let changed = make(name, &[("max_turns", ParamValue::Int(7))]).unwrap();
            assert!(changed
                .params()
                .contains(&("max_turns", ParamValue::Int(7))));
        }
    }

    /// No game option takes a real; `max_turns` out of range names its
    /// range, the maximum included.
    #[test]
    fn options_refuse_reals_and_name_their_range() {
        for name in names() {
            let make = find(name).unwrap();
            for (key, _) in make(name, &[]).unwrap().params() {
                let e = make(name, &[(key, ParamValue::Float(2.0))]).err();
                assert!(
                    matches!(e, Some(ParamError::WrongType { .. })),
                    "{name} {key}: {e:?}"
                );
            }
            let Err(e) = make(name, &[("max_turns", ParamValue::Int(1 << 40))]) else {
                panic!("{name}: max_turns 2**40 accepted");
            };
            let m = e.to_string();
            assert!(
                m.contains("from 0 to ") && m.contains("max_turns"),
                "{name}: {m}"
            );
        }
    }

    #[test]
    fn one_line_exposes_a_game() {
        let e = entry::<racegames_board::testing::Race>();
        assert_eq!(e.names, &["race"]);
        assert!((e.make)("race", &[("x", ParamValue::Int(1))]).is_err());
        assert_eq!((e.make)("race", &[]).unwrap().name(), "race");
    }
}
