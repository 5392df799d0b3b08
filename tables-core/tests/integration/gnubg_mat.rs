//! gnubg's match files: written and read back, gnubg's own export read,
//! bad files refused naming their line, any text read without a panic.

use proptest::prelude::*;
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{Action, ActionBuffer, Game, Node};
use racegames_tables::gnubg::{self, check_name, read_match, write_match, PositionId};
use racegames_tables::{Position, Tables};

fn random_game(seed: u64) -> Vec<Action> {
    let game = Tables::backgammon();
    let mut pos = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let mut buf = ActionBuffer::new();
    let mut out = Vec::new();
    while let Some(a) = random_step(&game, &mut pos, &mut rng, &mut buf) {
        out.push(a);
    }
    out
}

/// The positions between turns: a match file does not say which die bore
/// a checker off.
fn turn_ends(actions: &[Action]) -> Vec<Position> {
    let game = Tables::backgammon();
    let mut pos = game.new_initial_state();
    let mut out = Vec::new();
    for &a in actions {
        game.apply(&mut pos, a).unwrap();
        if game.node(&pos) != Node::Decision(pos.turn().unwrap_or(racegames_board::Seat::new(9))) {
            out.push(pos);
        }
    }
    out
}

#[test]
fn reads_a_gnubg_export() {
    let game = Tables::backgammon();
    let text = include_str!("../data/gnubg-selfplay.mat");
    let games = read_match(&game, text).unwrap();
    assert_eq!(games.len(), 1);
    let mut pos = game.new_initial_state();
    for &a in &games[0].actions {
        game.apply(&mut pos, a).unwrap();
    }
    assert_eq!(pos.winner(), Some(racegames_board::Seat::new(0)));
    let pid = PositionId::of_position(&game, &pos, gnubg::default_on_roll(&pos)).unwrap();
    assert_eq!(pid.to_string(), "AAAADgAAAAAAAA");
}

#[test]
fn bad_files_name_their_line() {
    let game = Tables::backgammon();
    let head = " 1 point match\n Game 1\n A : 0   B : 0\n";
    for (text, message) in [
        ("hello\n".to_string(), "line 1"),
        (format!("{head}  1) 31: 8/5 6/4\n"), "line 4"),
        (
            format!("{head}  1) 31: 8/5 6/5\n  2) 64: 24/18 13/9\n"),
            "line 5",
        ),
        (format!("{head}  1) 33: 8/5 6/3\n"), "line 4"),
        (" 1 point match\n Game 1\n A B\n".to_string(), "line 3"),
        (format!("{head}  1) 31: 8/x\n"), "line 4"),
        (" 1 point match\n".to_string(), "no ' Game 1'"),
        (
            format!("{head}  1) 31: 8/5 6/5     42: 8/4 6/4\n                                  Wins 1 point\n  2) 64:\n"),
            "line 6: an entry after the game's 'Wins'",
        ),
        (
            format!("{head}  1) 31: {}/5 6/5\n", "9".repeat(5000)),
            "line 4: point '9999",
        ),
        (
            format!(" 1 point match\n\n Game 1\n{}!\n", " : 1 x".repeat(4000)),
            "line 4: expected the players",
        ),
    ] {
        let e = read_match(&game, &text).unwrap_err().to_string();
        assert!(e.contains(message), "{e:.200} does not say {message}");
        assert!(e.len() < 300);
    }
}

#[test]
fn cube_actions_are_read() {
    let text = " 0 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2)  Doubles => 2                Drops\n      Wins 1 point\n";
    let games = read_match(&Tables::backgammon(), text).unwrap();
    // The throws and moves, B's choice to throw without doubling, the double and the drop.
    assert_eq!(games[0].actions.len(), 9);
    assert_eq!(games[0].end, gnubg::MatEnd::Dropped);
    assert_eq!(games[0].result, Some((racegames_board::Seat::new(0), 1)));
}

#[test]
fn names() {
    for bad in [
        "x".repeat(32),
        ";me".into(),
        "#me".into(),
        "a\u{2028}b".into(),
        "a\x0cb".into(),
        "a\x1cb".into(),
        "a:b".into(),
        "a,1".into(),
        " a".into(),
        "a ".into(),
        String::new(),
    ] {
        assert!(check_name(&bad, "a name").is_err(), "{bad:?}");
    }
    let game = Tables::backgammon();
    let actions = random_game(1);
    let text = write_match(
        &game,
        &[(&actions, ["x".repeat(31).as_str(), "y".repeat(31).as_str()])],
        0,
    )
    .unwrap();
    let back = read_match(&game, &text).unwrap();
    assert_eq!(back[0].names, ["x".repeat(31), "y".repeat(31)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn matches_round_trip(seeds in prop::collection::vec(any::<u64>(), 1..4)) {
        let game = Tables::backgammon();
        let games: Vec<Vec<Action>> = seeds.iter().map(|&s| random_game(s)).collect();
        let list: Vec<(&[Action], [&str; 2])> = games.iter().map(|g| (g.as_slice(), ["Alice", "Bob"])).collect();
        let text = write_match(&game, &list, 0).unwrap();
        let back = read_match(&game, &text).unwrap();
        prop_assert_eq!(back.len(), games.len());
        for (read, written) in back.iter().zip(&games) {
            prop_assert_eq!(turn_ends(&read.actions), turn_ends(written));
            prop_assert_eq!(read.actions.len(), written.len());
            prop_assert_eq!(&read.names, &["Alice".to_string(), "Bob".to_string()]);
        }
    }

    #[test]
    fn any_entries_are_actions_or_an_error(
        entries in prop::collection::vec((0u8..4, [0u8..9, 0u8..9], "[0-9/*()a-z ,]{0,16}|\\PC{0,12}", 0usize..9), 0..8),
        pairs in prop::collection::vec((any::<u8>(), any::<u8>()), 0..6),
    ) {
        let game = Tables::backgammon();
        let list: Vec<gnubg::MatEntry> = entries
            .into_iter()
            .map(|(p, dice, text, line)| gnubg::MatEntry { player: racegames_board::Seat::new(p), dice, text, line })
            .collect();
        if let Ok(actions) = gnubg::entries_to_actions(&game, &list) {
            let mut pos = game.new_initial_state();
            for a in actions {
                prop_assert!(game.apply(&mut pos, a).is_ok());
            }
        }
        let mut pos = game.new_initial_state();
        for a in random_game(pairs.len() as u64).into_iter().take(pairs.len() * 3) {
            game.apply(&mut pos, a).unwrap();
        }
        if let Ok(play) = gnubg::play_checker_moves(&game, &pos, &pairs) {
            for a in play {
                prop_assert!(game.apply(&mut pos, a).is_ok());
            }
        }
    }

    #[test]
    fn any_text_is_a_match_or_an_error(
        text in "\\PC{0,200}",
        cuts in prop::collection::vec((any::<prop::sample::Index>(), 0usize..6, "[ /:*()0-9\nabdfoWinsGame]{0,6}"), 1..5),
    ) {
        let game = Tables::backgammon();
        let _ = read_match(&game, &text);
        let mut sample = write_match(&game, &[(&random_game(1), ["A", "B"]), (&random_game(2), ["A", "B"])], 0).unwrap();
        for (at, cut, with) in cuts {
            let chars: Vec<char> = sample.chars().collect();
            let i = at.index(chars.len());
            let end = (i + cut).min(chars.len());
            sample = chars[..i].iter().chain(with.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
        }
        if let Ok(games) = read_match(&game, &sample) {
            for g in games {
                let mut pos = game.new_initial_state();
                for a in g.actions {
                    prop_assert!(game.apply(&mut pos, a).is_ok());
                }
            }
        }
    }
}

#[test]
fn checker_moves_are_played_through_the_rules() {
    let game = Tables::backgammon();
    let mut pos = game.new_initial_state();
    let roll = game.parse_action(&pos, "roll-off A3 B1").unwrap();
    game.apply(&mut pos, roll).unwrap();
    let play = gnubg::play_checker_moves(&game, &pos, &[(8, 5), (6, 5)]).unwrap();
    assert_eq!(play.len(), 2);
    for a in play {
        game.apply(&mut pos, a).unwrap();
    }
    let pid = PositionId::of_position(&game, &pos, gnubg::default_on_roll(&pos)).unwrap();
    assert_eq!(pid.to_string(), "sGfwATDgc/ABMA");
    let mut again = game.new_initial_state();
    game.apply(&mut again, roll).unwrap();
    for bad in [
        &[(8, 4), (6, 5)][..],
        &[(7, 4)],
        &[(0, 3)],
        &[(8, 9)],
        &[(25, 22)],
    ] {
        assert!(
            gnubg::play_checker_moves(&game, &again, bad).is_err(),
            "{bad:?}"
        );
    }
}
