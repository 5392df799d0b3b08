//! Distillation from gnubg: the positions, the labels' file, the fit, and
//! the labelling against a stand-in for gnubg (a shell script that speaks
//! the server's protocol), and against gnubg itself where it is installed.

use std::io::BufReader;

use racegames_board::{Game, Node};
use racegames_players::net::{Mlp, NetEvaluator, NetGame, MAX_INPUTS};
use racegames_tables::Tables;
use racegames_train::distil::{
    fit, fit_error, label_positions, net_order, read_labels, self_play_positions, split_rows,
    write_labels, FitOptions, Labelled, Optimizer,
};

fn shipped_net(game: &Tables) -> Mlp {
    NetEvaluator::shipped(game).unwrap().net().clone()
}

#[test]
fn self_play_gives_the_same_positions_for_a_seed_and_only_where_the_net_is_asked() {
    let game = Tables::backgammon();
    let net = shipped_net(&game);
    let a = self_play_positions(&game, &net, 3, 7, 0.2);
    let b = self_play_positions(&game, &net, 3, 7, 0.2);
    assert_eq!(a, b);
    assert!(a.len() > 100, "{} positions from 3 games", a.len());
    assert_ne!(a, self_play_positions(&game, &net, 3, 8, 0.2));
    let mut exact = [0.0f32; 8];
    let mut x = [0.0f32; MAX_INPUTS];
    for p in &a {
        assert_eq!(game.node(p), Node::Chance, "{}", game.notation(p));
        assert!(game.exact_outputs(p, &mut exact).is_none());
        assert!(game.net_encode(p, &mut x).is_some());
    }
}

#[test]
fn gnubg_order_becomes_the_nets() {
    // gnubg: win, win gammon, win backgammon, lose gammon, lose backgammon.
    assert_eq!(
        net_order([0.6, 0.2, 0.01, 0.1, 0.005]),
        [0.6, 0.2, 0.1, 0.01, 0.005]
    );
}

fn rows(game: &Tables, n: u64) -> Vec<Labelled> {
    let net = shipped_net(game);
    let positions = self_play_positions(game, &net, n, 1, 0.1);
    let mut x = [0.0f32; MAX_INPUTS];
    let mut h = [0.0f32; 256];
    positions
        .into_iter()
        .map(|position| {
            // A teacher: the shipped net, its win and gammon chances moved
            // so the fit has something to learn.
            game.net_encode(&position, &mut x).unwrap();
            let mut y = [0.0f32; 5];
            net.forward(&x[..net.inputs()], &mut h, &mut y);
            y[0] = 0.2 + 0.6 * y[0];
            y[1] = y[1].min(y[0]) * 0.5;
            Labelled { position, probs: y }
        })
        .collect()
}

#[test]
fn labels_survive_their_file_and_bad_lines_are_named() {
    let game = Tables::backgammon();
    let rows = rows(&game, 2);
    let mut text = Vec::new();
    write_labels(&game, &rows, &mut text).unwrap();
    let back = read_labels(&game, &mut BufReader::new(&text[..])).unwrap();
    assert_eq!(back.len(), rows.len());
    for (a, b) in rows.iter().zip(&back) {
        assert_eq!(a.position, b.position);
        for (p, q) in a.probs.iter().zip(&b.probs) {
            assert!((p - q).abs() < 1e-5);
        }
    }
    let first = String::from_utf8(text)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    let (pos, _) = first.split_once('\t').unwrap();
    for (bad, why) in [
        (format!("{pos} 0.5 0.1 0.1 0 0"), "no tab"),
        (format!("{pos}\t0.5 0.1 0.1 0"), "five probabilities"),
        (format!("{pos}\t0.5 0.1 0.1 0 x"), "not a number"),
        (format!("{pos}\t1.5 0.1 0.1 0 0"), "outside 0..1"),
        ("nonsense\t0.5 0.1 0.1 0 0".to_owned(), "line 2"),
    ] {
        let text = format!("{first}\n{bad}\n");
        let err = read_labels(&game, &mut BufReader::new(text.as_bytes())).unwrap_err();
        assert!(
            err.contains(why) && err.starts_with("line 2"),
            "{bad:?}: {err}"
        );
    }
}

#[test]
fn a_fit_comes_nearer_the_labels_it_held_out() {
    let game = Tables::backgammon();
    let rows = rows(&game, 30);
    let (_, held) = split_rows(&rows, 0.2);
    assert_eq!(held.len(), (rows.len() as f64 * 0.2).round() as usize);
    let sgd = FitOptions {
        epochs: 3,
        lr: 0.02,
        lr_end: 0.005,
        seed: 1,
        holdout: 0.2,
        optimizer: Optimizer::Sgd,
        batch: 1,
    };
    let adam = FitOptions {
        lr: 0.002,
        lr_end: 0.0005,
        optimizer: Optimizer::Adam,
        batch: 16,
        ..sgd
    };
    for opts in [sgd, adam] {
        let mut net = shipped_net(&game);
        let before = fit_error(&game, &net, held);
        let mut seen = Vec::new();
        fit(&game, &mut net, &rows, &opts, |epoch, err| {
            seen.push((epoch, err));
            true
        })
        .unwrap();
        assert_eq!(seen.len(), 3);
        let after = fit_error(&game, &net, held);
        assert_eq!(seen[2].1, after);
        assert!(
            after.utility < 0.6 * before.utility
                && after.excess_cross_entropy < 0.6 * before.excess_cross_entropy,
            "{:?}: {before:?} -> {after:?}",
            opts.optimizer
        );
    }
    // The same seed gives the same net.
    let fitted = || {
        let mut net = shipped_net(&game);
        fit(&game, &mut net, &rows, &adam, |_, _| true).unwrap();
        net.to_bytes()
    };
    assert_eq!(fitted(), fitted());
    // A net of another game's inputs is refused, and so is an empty batch.
    let mut other = Mlp::new_random("seys_dos_e_as", "tables-v1", [210, 8, 5], 1, 0.1).unwrap();
    assert!(fit(&game, &mut other, &rows, &sgd, |_, _| true).is_err());
    let mut net = shipped_net(&game);
    let empty = FitOptions { batch: 0, ..adam };
    assert!(fit(&game, &mut net, &rows, &empty, |_, _| true).is_err());
}

/// A stand-in for gnubg: answers every EVAL with the same probabilities.
fn fake_gnubg() -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("racegames-fake-gnubg-{}", std::process::id()));
    let script = "#!/bin/sh\necho READY\nwhile read line; do\n  case \"$line\" in\n    EVAL*) echo \"PROBS 0.600000 0.200000 0.010000 0.100000 0.005000\" ;;\n    QUIT*) exit 0 ;;\n    *) echo \"ERROR bad request\" ;;\n  esac\ndone\n";
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

#[cfg(unix)]
#[test]
fn labelling_asks_each_position_once_on_several_workers() {
    let game = Tables::backgammon();
    let net = shipped_net(&game);
    let positions = self_play_positions(&game, &net, 2, 3, 0.1);
    let fake = fake_gnubg();
    let rows = label_positions(
        &game,
        &positions,
        fake.to_str().unwrap(),
        "unused",
        0,
        3,
        |_| {},
    )
    .unwrap();
    assert_eq!(rows.len(), positions.len());
    for (row, p) in rows.iter().zip(&positions) {
        assert_eq!(&row.position, p);
        assert_eq!(row.probs, [0.6, 0.2, 0.1, 0.01, 0.005]);
    }
    let err = label_positions(&game, &positions, "/nonexistent/gnubg", "x", 0, 2, |_| {});
    assert!(err.unwrap_err().contains("cannot start"));
}

fn real_gnubg() -> Option<String> {
    ["/usr/games/gnubg", "/usr/bin/gnubg", "/usr/local/bin/gnubg"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(str::to_owned)
}

/// With gnubg installed, its labels and the shipped net agree closely:
/// the labels are seen from the right seat (a label for the other seat
/// would be about as far as the result of the game is uncertain).
#[test]
fn gnubg_labels_are_for_the_seat_on_roll() {
    let Some(gnubg) = real_gnubg() else {
        eprintln!("gnubg is not installed: skipped");
        return;
    };
    let server = concat!(env!("CARGO_MANIFEST_DIR"), "/../py/bench/gnubg_server.py");
    let game = Tables::backgammon();
    let net = shipped_net(&game);
    let positions = self_play_positions(&game, &net, 3, 5, 0.1);
    let rows = label_positions(&game, &positions, &gnubg, server, 0, 4, |_| {}).unwrap();
    for r in &rows {
        let p = r.probs;
        assert!(p[0] >= p[1] && p[1] >= p[3] && 1.0 - p[0] >= p[2] - 1e-6 && p[2] >= p[4]);
    }
    let err = fit_error(&game, &net, &rows);
    assert!(err.utility < 0.15, "{err:?}");
}
