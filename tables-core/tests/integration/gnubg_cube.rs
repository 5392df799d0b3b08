//! gnubg's cubeful match files: doubles, takes, drops, resignations and
//! `Wins`, read from files gnubg wrote (playing itself, cube on), written
//! back, and refused where racegames cannot represent them.

use racegames_board::{Game, Seat};
use racegames_tables::gnubg::{read_match, write_games, MatEnd, MatGame};
use racegames_tables::Tables;

const MATCH5: &str = include_str!("../../../py/tests/data/gnubg_match5.mat");
const MONEY: &str = include_str!("../../../py/tests/data/gnubg_money.mat");

/// Each game's `Wins` line as the file states it: (winner, points).
fn stated(text: &str) -> Vec<(Seat, u32)> {
    text.lines()
        .filter_map(|l| {
            let at = l.find("Wins ")?;
            let points = l[at + 5..].split_whitespace().next()?.parse().ok()?;
            // The right column starts 34 characters in.
            Some((Seat::new(u8::from(at >= 30)), points))
        })
        .collect()
}

fn check_file(text: &str, length: u32) -> Vec<MatGame> {
    let games = read_match(&Tables::backgammon(), text).unwrap();
    let wins = stated(text);
    assert_eq!(games.len(), wins.len());
    let mut score = [0u32; 2];
    for (g, &(winner, points)) in games.iter().zip(&wins) {
        assert_eq!(g.match_length, length);
        assert_eq!(g.score, score, "the score lines add up");
        assert_eq!(g.result, Some((winner, points)));
        let mut pos = g.game.new_initial_state();
        for &a in &g.actions {
            g.game.apply(&mut pos, a).unwrap();
        }
        assert_eq!(g.game.node(&pos), racegames_board::Node::Terminal);
        assert_eq!(MatEnd::of(&pos), g.end);
        score[winner.index()] += points;
    }
    games
}

#[test]
fn gnubg_s_own_cubeful_match_reads_with_its_winners_and_points() {
    let games = check_file(MATCH5, 5);
    let ends: Vec<MatEnd> = games.iter().map(|g| g.end).collect();
    assert!(ends.contains(&MatEnd::Dropped) && ends.contains(&MatEnd::Resigned));
    // The Crawford game: the first at 4 away for one player alone.
    let crawford: Vec<bool> = games.iter().map(|g| g.crawford).collect();
    let first = games.iter().position(|g| g.score.contains(&4)).unwrap();
    assert!(crawford[first] && crawford.iter().filter(|&&c| c).count() == 1);
    assert!(games[first].game.variant().crawford_game);
}

#[test]
fn gnubg_s_own_money_session_reads_with_its_winners_and_points() {
    let games = check_file(MONEY, 0);
    assert!(games.iter().any(|g| g.end == MatEnd::Dropped));
    assert!(games.iter().any(|g| g.end == MatEnd::Resigned));
}

#[test]
fn written_back_the_games_read_the_same() {
    for text in [MATCH5, MONEY] {
        let games = read_match(&Tables::backgammon(), text).unwrap();
        let list: Vec<(&Tables, &[u32], [&str; 2])> = games
            .iter()
            .map(|g| {
                (
                    &g.game,
                    g.actions.as_slice(),
                    [g.names[0].as_str(), g.names[1].as_str()],
                )
            })
            .collect();
        let written = write_games(&list, games[0].match_length).unwrap();
        assert!(written.contains("Doubles => 2") && written.contains("Drops"));
        let again = read_match(&Tables::backgammon(), &written).unwrap();
        assert_eq!(again, games);
    }
}

/// `text` with `from` replaced by `to` (once, where it first occurs).
fn edited(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} not in the file");
    text.replacen(from, to, 1)
}

fn error_of(text: &str) -> String {
    read_match(&Tables::backgammon(), text)
        .unwrap_err()
        .to_string()
}

#[test]
fn what_racegames_cannot_represent_is_refused_naming_the_line() {
    // Beavers and raccoons.
    let beaver = edited(MATCH5, "Takes", "Beavers");
    assert!(
        error_of(&beaver).contains("beavers"),
        "{}",
        error_of(&beaver)
    );
    assert!(error_of(&beaver).starts_with("line "));
    let raccoon = edited(MATCH5, "Takes", "Raccoons");
    assert!(error_of(&raccoon).contains("raccoons"));
    // A cube value that is not the double of the cube.
    let wrong = edited(MATCH5, "Doubles => 2", "Doubles => 4");
    assert!(
        error_of(&wrong).contains("the cube is at 1"),
        "{}",
        error_of(&wrong)
    );
    // A match longer than racegames plays.
    let long = edited(MATCH5, " 5 point match", " 65 point match");
    assert!(error_of(&long).contains("65-point"));
    // Points that do not add up.
    let points = edited(MATCH5, "Wins 1 point", "Wins 3 points");
    assert!(
        error_of(&points).contains("Wins 3"),
        "{}",
        error_of(&points)
    );
    let score = edited(MATCH5, "gnubg : 2", "gnubg : 1");
    assert!(
        error_of(&score).contains("the score line says 1-1"),
        "{}",
        error_of(&score)
    );
}

#[test]
fn a_double_past_the_cube_s_limit_and_out_of_turn_is_refused() {
    // A second double by the same player: the cube is the taker's.
    let text = " 0 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Takes\n  3)                              Doubles => 4\n";
    let e = error_of(text);
    assert!(
        e.starts_with("line 7") && e.contains("the cube is the opponent's"),
        "{e}"
    );
}

#[test]
fn a_resignation_racegames_cannot_make_is_refused() {
    // B rolls 52 (with moves to play) and then resigns: gnubg allows it,
    // racegames takes an offer to resign only before the throw.
    let after_roll = " 0 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/5 6/5                 52:\n      Wins 1 point\n";
    let e = error_of(after_roll);
    assert!(e.contains("after throwing 52"), "{e}");
    // A resigns while B is on roll.
    let not_on_roll = " 0 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/5 6/5\n                                  Wins 1 point\n";
    let e = error_of(not_on_roll);
    assert!(
        e.starts_with("line 6") && e.contains("player on roll"),
        "{e}"
    );
    // B resigns before his throw: read, as a resignation.
    let fine = " 0 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 8/5 6/5\n      Wins 2 points\n";
    let [g] = read_match(&Tables::backgammon(), fine)
        .unwrap()
        .try_into()
        .unwrap();
    assert_eq!(
        (g.end, g.result),
        (MatEnd::Resigned, Some((Seat::new(0), 2)))
    );
}

#[test]
fn a_double_past_32768_is_refused() {
    use racegames_board::sim::SplitMix64;
    use racegames_board::{FromParams, Node, ParamValue};
    use racegames_tables::gnubg::write_games;
    use racegames_tables::CubeAction;
    let game = Tables::from_params("backgammon", &[("cube", ParamValue::Bool(true))]).unwrap();
    let (double, take) = (
        game.action_of_cube(CubeAction::Double).unwrap(),
        game.action_of_cube(CubeAction::Take).unwrap(),
    );
    // Every player doubles when he may and every double is taken, up to
    // the largest cube; stop where its owner is next to decide.
    let mut rng = SplitMix64::new(5);
    let mut pos = game.new_initial_state();
    let mut actions = Vec::new();
    loop {
        let owner_to_throw = game.node(&pos) == Node::Chance && pos.turn() == pos.cube_owner();
        if pos.cube_value() == 32768 && owner_to_throw {
            break;
        }
        let mut legal = Vec::new();
        if game.node(&pos) != Node::Chance {
            game.legal_actions(&pos, |a| legal.push(a));
        }
        let a = if game.node(&pos) == Node::Chance {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&pos, |a, _| outcomes.push(a));
            outcomes[(rng.next_u64() % outcomes.len() as u64) as usize]
        } else if legal.contains(&double) {
            double
        } else if legal.contains(&take) {
            take
        } else {
            legal[(rng.next_u64() % legal.len() as u64) as usize]
        };
        game.apply(&mut pos, a).unwrap();
        actions.push(a);
        assert!(
            game.node(&pos) != Node::Terminal,
            "the game ended before the cube reached 32768"
        );
    }
    let owner = pos.cube_owner().unwrap();
    let mut text = write_games(&[(&game, &actions, ["A", "B"])], 0).unwrap();
    let pad = if owner.index() == 0 {
        ""
    } else {
        "                            "
    };
    text = format!("{}\n999) {pad} Doubles => 65536\n", text.trim_end());
    let last = text.lines().count();
    let e = error_of(&text);
    assert!(
        e.starts_with(&format!("line {last}:")) && e.contains("32768"),
        "{e}"
    );
}
