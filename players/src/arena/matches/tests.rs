use racegames_board::{FromParams, ParamValue};
use racegames_tables::Tables;

use super::{play_matches, MatchesConfig};
use crate::arena::{ArenaError, Control};
use crate::{Playable, Player};

fn cube_game() -> Tables {
    Tables::from_params("backgammon", &[("cube", ParamValue::Bool(true))]).unwrap()
}

fn greedy_pair(game: &Tables) -> Vec<Box<dyn Player<Tables>>> {
    vec![
        game.make_player("greedy", 1, &[]).unwrap(),
        game.make_player("random", 2, &[]).unwrap(),
    ]
}

#[test]
fn matches_carry_the_score_and_play_one_crawford_game() {
    let game = cube_game();
    let config = MatchesConfig {
        matches: 6,
        match_length: 3,
        seed: 5,
        threads: 2,
        ..MatchesConfig::default()
    };
    let (result, records) =
        play_matches(&game, &greedy_pair(&game), &config, &Control::default()).unwrap();
    assert_eq!(result.matches, 6);
    assert_eq!(result.wins[0] + result.wins[1], 6);
    assert_eq!(result.games, records.len());
    // The same matches on one thread.
    let one = MatchesConfig {
        threads: 1,
        ..config
    };
    let (again, again_records) =
        play_matches(&game, &greedy_pair(&game), &one, &Control::default()).unwrap();
    assert_eq!(
        (again, again_records.len()),
        (result.clone(), records.len())
    );
    assert!(result.games > result.matches, "every match took one game");
    for m in 1..=6 {
        let games: Vec<_> = records
            .iter()
            .map(|g| &g.record)
            .filter(|r| r.tag("Round") == Some(&m.to_string()))
            .collect();
        let crawford = games
            .iter()
            .filter(|r| r.tag("crawford_game") == Some("true"))
            .count();
        assert!(crawford <= 1, "match {m}: {crawford} Crawford games");
        // Each game starts from the score the last one left.
        let scores: Vec<(u32, u32)> = games
            .iter()
            .map(|r| {
                (
                    r.tag("score_a").unwrap().parse().unwrap(),
                    r.tag("score_b").unwrap().parse().unwrap(),
                )
            })
            .collect();
        assert_eq!(scores[0], (0, 0));
        for pair in scores.windows(2) {
            assert!(
                pair[1].0 + pair[1].1 > pair[0].0 + pair[0].1,
                "match {m}: {scores:?}"
            );
        }
    }
}

#[test]
fn bad_configs_are_refused() {
    let game = cube_game();
    let players = greedy_pair(&game);
    let control = Control::default();
    for config in [
        MatchesConfig {
            matches: 0,
            ..MatchesConfig::default()
        },
        MatchesConfig {
            threads: 0,
            ..MatchesConfig::default()
        },
        MatchesConfig {
            match_length: 0,
            ..MatchesConfig::default()
        },
        MatchesConfig {
            match_length: 65,
            ..MatchesConfig::default()
        },
    ] {
        assert!(matches!(
            play_matches(&game, &players, &config, &control),
            Err(ArenaError::BadConfig(_))
        ));
    }
    assert!(matches!(
        play_matches(&game, &players[..1], &MatchesConfig::default(), &control),
        Err(ArenaError::WrongPlayerCount { .. })
    ));
}
