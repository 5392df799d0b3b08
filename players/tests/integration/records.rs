//! Game records of every game: written, read back equal, replayed to the
//! same end; a match's records are the games `play_game` plays again.

use proptest::prelude::*;
use racegames_board::record::{self, Comment, Record};
use racegames_board::{FromParams, Game, ParamValue};
use racegames_daldos::Daldos;
use racegames_halma::{ChineseCheckers, SquareHalma};
use racegames_players::arena::{play_game, play_recorded, ArenaConfig, Control};
use racegames_players::{random::RandomPlayer, Player};
use racegames_tables::Tables;

fn randoms<G: Game>(n: usize, seed: u64) -> Vec<Box<dyn Player<G>>>
where
    G::State: Send,
{
    (0..n)
        .map(|i| Box::new(RandomPlayer::new(seed + i as u64)) as Box<dyn Player<G>>)
        .collect()
}

/// Plays a game, adds comments, writes it, reads it back and replays it.
fn round_trip<G: Game + FromParams>(game: &G, seed: u64, comment_at: usize)
where
    G::State: Send,
{
    let mut players = randoms(game.num_players(), seed);
    let mut rec = play_game(game, &mut players, seed).unwrap();
    let at = comment_at % (rec.actions.len() + 1);
    rec.comments.push(Comment {
        before: at,
        text: format!("note {at}: a [bracket]\nand a line"),
    });
    rec.set_tag("Event", "round \"trip\" \\ test");
    let text = rec.to_text(game).unwrap();
    let games = record::read(&format!("{text}{text}")).unwrap();
    assert_eq!(games.len(), 2);
    for g in games {
        assert_eq!(g.to_record(game).unwrap(), rec, "{text}");
    }
    let end = rec.replay(game).unwrap();
    assert!(rec.tag("Termination").is_some());
    assert_eq!(rec.states(game).unwrap().last(), Some(&end));
    // The tags rebuild the game.
    let again: G = rec.make_game().unwrap();
    assert_eq!(again.params(), game.params());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn daldos_records_round_trip(seed in any::<u64>(), at in any::<usize>(), norwegian in any::<bool>()) {
        let board = if norwegian { "norwegian" } else { "danish" };
        let game = Daldos::from_params("daldos", &[("board", ParamValue::Str(board))]).unwrap();
        round_trip(&game, seed, at);
    }

    #[test]
    fn tables_records_round_trip(seed in any::<u64>(), at in any::<usize>(), which in any::<prop::sample::Index>()) {
        let name = which.get(Tables::NAMES);
        let game = Tables::from_params(name, &[]).unwrap();
        round_trip(&game, seed, at);
    }

    #[test]
    fn halma_records_round_trip(seed in any::<u64>(), at in any::<usize>(), players in prop::sample::select(vec![2i64, 3, 6])) {
        let cc = ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(players)), ("max_turns", ParamValue::Int(200))]).unwrap();
        round_trip(&cc, seed, at);
        let halma = SquareHalma::from_params("halma", &[("max_turns", ParamValue::Int(200))]).unwrap();
        round_trip(&halma, seed, at);
    }
}

#[test]
fn a_match_records_every_game_and_play_game_replays_each() {
    let game = Tables::backgammon();
    let players = randoms::<Tables>(2, 5);
    let config = ArenaConfig {
        games: 6,
        threads: 2,
        ..ArenaConfig::default()
    };
    let (result, records) = play_recorded(&game, &players, &config, &Control::default()).unwrap();
    assert_eq!(records.len(), result.games);
    let wins_a = records
        .iter()
        .filter(|r| r.tag("Result") == Some("A"))
        .count();
    assert_eq!(
        wins_a
            + records
                .iter()
                .filter(|r| r.tag("Result") == Some("B"))
                .count()
            + result.draws,
        result.games
    );
    for (k, rec) in records.iter().enumerate() {
        assert_eq!(rec.tag("Round"), Some((k + 1).to_string().as_str()));
        let seed: u64 = rec.tag("Seed").unwrap().parse().unwrap();
        // Player i sits in seat (i + k) mod 2.
        let mut seated: Vec<Box<dyn Player<Tables>>> = (0..2)
            .map(|s| players[(s + 2 - k % 2) % 2].clone_box())
            .collect();
        let mut again = play_game(&game, &mut seated, seed).unwrap();
        let at = again.tags.iter().position(|(n, _)| n == "Result").unwrap();
        again
            .tags
            .insert(at, ("Round".to_string(), (k + 1).to_string()));
        assert_eq!(&again, rec);
    }
}

/// The arena's records carry a `Date` and their tags in the order of
/// docs/records.md: game, options, players, seed, date, round, result.
#[test]
fn arena_records_have_a_date_and_the_documented_tag_order() {
    let game = Daldos::default();
    let players = randoms(2, 5);
    let config = ArenaConfig {
        games: 2,
        threads: 1,
        ..ArenaConfig::default()
    };
    let (_, records) = play_recorded(&game, &players, &config, &Control::default()).unwrap();
    for rec in &records {
        let names: Vec<&str> = rec
            .tags
            .iter()
            .map(|(n, _)| n.as_str())
            .filter(|n| !n.starts_with(|c: char| c.is_ascii_lowercase()))
            .collect();
        assert_eq!(
            names,
            [
                "Game",
                "PlayerA",
                "PlayerB",
                "Seed",
                "Date",
                "Round",
                "Result",
                "Returns",
                "Termination"
            ]
        );
        let date = rec.tag("Date").unwrap();
        let digits: Vec<&str> = date.split('.').collect();
        assert!(
            date.len() == 10
                && digits.iter().map(|d| d.len()).eq([4, 2, 2])
                && digits.iter().all(|d| d.bytes().all(|b| b.is_ascii_digit())),
            "{date}"
        );
        assert!(&date[..4] >= "2026", "{date}");
    }
}

#[test]
fn an_illegal_move_is_named_with_its_line_and_column() {
    let game = Daldos::default();
    let mut rec: Record = play_game(&game, &mut randoms(2, 3), 3).unwrap();
    let text = rec.to_text(&game).unwrap();
    // The last decision's move replaced by one from another position.
    let last = rec.actions.len() - 1;
    rec.actions[last] = rec.actions[last].wrapping_add(1);
    assert!(rec.replay(&game).is_err() || rec.to_text(&game).is_ok());
    let bad = text.replacen("throw", "throw 99", 1);
    let e = record::read(&bad).unwrap()[0].to_record(&game).unwrap_err();
    assert!(e.message.contains("move 2 (throw 99"), "{e}");
    assert!(e.line > 1 && e.column > 1, "{e}");
}

/// Where a recorded game's time goes (run by hand:
/// `cargo test --profile quick -p racegames-players --test integration records -- --ignored --nocapture`).
#[test]
#[ignore]
fn timing_of_recording() {
    use racegames_board::sim::SplitMix64;
    use std::time::Instant;
    let game = Daldos::default();
    let n = 2000;
    let mut recs = Vec::new();
    let t = Instant::now();
    for k in 0..n {
        let mut p = randoms::<Daldos>(2, k);
        recs.push(play_game(&game, &mut p, k).unwrap());
    }
    let play = t.elapsed();
    let t = Instant::now();
    let mut total = 0;
    for r in &recs {
        total += r.to_text(&game).unwrap().len();
    }
    let text = t.elapsed();
    let t = Instant::now();
    for r in &recs {
        r.replay(&game).unwrap();
    }
    let replay = t.elapsed();
    let t = Instant::now();
    let mut s = String::new();
    for r in &recs {
        let mut state = game.new_initial_state();
        for &a in &r.actions {
            s.clear();
            let _ = game.write_action(&state, a, &mut s);
            game.apply(&mut state, a).unwrap();
        }
    }
    let strings = t.elapsed();
    let mut split = [std::time::Duration::ZERO; 2];
    for chance in [true, false] {
        let t = Instant::now();
        for r in &recs {
            let mut state = game.new_initial_state();
            for &a in &r.actions {
                if (game.node(&state) == racegames_board::Node::Chance) == chance {
                    s.clear();
                    let _ = game.write_action(&state, a, &mut s);
                }
                game.apply(&mut state, a).unwrap();
            }
        }
        split[usize::from(!chance)] = t.elapsed();
    }
    println!(
        "chance strings + apply {:?}, move strings + apply {:?}",
        split[0], split[1]
    );
    let t = Instant::now();
    for _ in 0..n {
        let _ = Record::of(&game);
    }
    let tags = t.elapsed();
    let _ = SplitMix64::new(0);
    let actions: usize = recs.iter().map(|r| r.actions.len()).sum();
    println!("play {play:?} text {text:?} replay {replay:?} strings+apply {strings:?} tags {tags:?}; {actions} actions, {total} bytes");
}
