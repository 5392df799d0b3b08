//! The `racegames-train` binary itself: usage errors and a closed stdout.

use std::io::Read;
use std::process::{Command, Stdio};

fn racegames_train() -> Command {
    Command::new(env!("CARGO_BIN_EXE_racegames-train"))
}

#[test]
fn games_lists_every_game() {
    let out = racegames_train().arg("games").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l == "backgammon"), "{text}");
    assert!(text.lines().any(|l| l == "daldos"), "{text}");
}

#[test]
fn an_unknown_option_is_a_failure_with_the_usage() {
    let out = racegames_train()
        .args(["fit", "--no-such-flag", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("usage"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn options_of_another_command_are_refused_by_name() {
    let out = racegames_train()
        .args([
            "label",
            "--hidden",
            "64",
            "--out",
            "/nonexistent/labels.tsv",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--hidden is for fit"), "{err}");
    let out = racegames_train()
        .args(["fit", "--labels", "x", "--optimizer", "lbfgs", "--out", "y"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--optimizer"), "{err}");
}

#[test]
fn a_missing_gnubg_server_script_is_named() {
    let out = racegames_train()
        .args([
            "label",
            "--games",
            "1",
            "--server",
            "/nonexistent/server.py",
        ])
        .args(["--out", "/nonexistent/labels.tsv"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--server: no file \"/nonexistent/server.py\""),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_quietly_not_with_a_panic() {
    // The shell waits before starting the binary, so the reading end is
    // surely closed by the time it writes.
    let mut child = Command::new("sh")
        .args(["-c", "sleep 0.3; exec \"$0\" games"])
        .arg(env!("CARGO_BIN_EXE_racegames-train"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before the child writes.
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status:?}: {err}");
}

#[test]
fn help_prints_the_usage_and_succeeds() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["eval", "--help"],
        &["backgammon", "--games", "5", "-h"],
    ] {
        let out = racegames_train().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("usage:"), "{args:?}: {text}");
        assert!(
            text.contains("racegames-train eval GAME"),
            "{args:?}: {text}"
        );
        assert!(out.stderr.is_empty(), "{args:?}");
    }
    // Without arguments the usage is still an error.
    let out = racegames_train().output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("usage"));
}
