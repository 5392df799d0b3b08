//! `racegames-train luck`: luck-adjusted results of match files.

use std::process::Command;

use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, Game, Node};
use racegames_tables::Tables;
use racegames_train::luck::{read_match, MatchGame};

fn racegames_train() -> Command {
    Command::new(env!("CARGO_BIN_EXE_racegames-train"))
}

/// A backgammon game of random choices, as a match file's line.
fn random_game(number: u64) -> String {
    let game = Tables::backgammon();
    let mut rng = SplitMix64::new(number);
    let mut state = game.new_initial_state();
    let mut actions = Vec::new();
    let mut buf = ActionBuffer::new();
    while game.node(&state) != Node::Terminal {
        actions.push(random_step(&game, &mut state, &mut rng, &mut buf).unwrap());
    }
    let list: Vec<String> = actions.iter().map(u32::to_string).collect();
    format!(
        "{{\"game\": {number}, \"seat\": {}, \"points\": 0, \"actions\": [{}]}}",
        number % 2,
        list.join(", ")
    )
}

#[test]
fn a_match_file_is_read_and_its_errors_named() {
    let text = format!("{}\n\n{}\n", random_game(3), random_game(4));
    let games = read_match(&text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].game, games[0].seat), (3, 1));
    let MatchGame { actions, .. } = &games[1];
    assert!(actions.len() > 20);
    let bad = read_match("{\"game\": 1, \"seat\": 0, \"actions\": [1, -2]}").unwrap_err();
    assert!(bad.contains("line 1"), "{bad}");
    assert!(read_match("{\"game\": 1, \"seat\": 2, \"actions\": []}").is_err());
    assert!(read_match("not json").unwrap_err().contains("line 1"));
}

#[test]
fn luck_reports_raw_and_adjusted_results() {
    let dir = std::env::temp_dir().join(format!("racegames-luck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.jsonl");
    let lines: Vec<String> = (0..3).map(random_game).collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let out = racegames_train()
        .args(["luck", "--scoring", "winloss", "--workers", "2", "--games"])
        .arg(&file)
        .arg("--against")
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with("3 games, judged by the net shipped"),
        "{text}"
    );
    assert!(text.contains("luck-adjusted:"), "{text}");
    assert!(text.contains("games won:"), "{text}");
    // The same games against themselves: every difference is zero.
    assert!(text.contains("3 with the same numbers"), "{text}");
    assert!(text.contains("result:         +0.0000 ± 0.0000"), "{text}");

    // An action the rules refuse is named, with its game; nothing panics.
    let mut broken = random_game(7);
    broken = broken.replacen("\"actions\": [", "\"actions\": [9999, ", 1);
    std::fs::write(&file, broken).unwrap();
    let out = racegames_train()
        .args(["luck", "--games"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("game 7") && err.contains("9999"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let out = racegames_train()
        .args(["luck", "--scoring", "gammons", "--games"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stderr).unwrap().contains("--scoring"));
    std::fs::remove_dir_all(&dir).unwrap();
}
