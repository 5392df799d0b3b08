//! The training command, short: a few dozen self-play games per game, the
//! file it writes loads, and the net's player plays legal moves with it.

use racegames_board::sim::SplitMix64;
use racegames_board::Node;
use racegames_daldos::Daldos;
use racegames_players::net::{Mlp, NetEvaluator, NetGame};
use racegames_players::Player;
use racegames_tables::Tables;
use racegames_train::player::NetGreedy;
use racegames_train::td::TdOptions;
use racegames_train::{run_training, TrainConfig};

fn train_briefly(game: &str, games: u64) -> Mlp {
    let out = std::env::temp_dir().join(format!(
        "racegames-train-test-{game}-{}.net",
        std::process::id()
    ));
    let cfg = TrainConfig {
        game: game.to_owned(),
        td: TdOptions {
            games,
            seed: 3,
            ..TdOptions::default()
        },
        hidden: 8,
        init: None,
        out: out.clone(),
        checkpoint: 10,
        eval_games: 2,
        max_seconds: 0,
    };
    let mut log = Vec::new();
    let trained = run_training(&cfg, &mut log).unwrap();
    let text = String::from_utf8(log).unwrap();
    assert_eq!(
        text.lines().count() as u64,
        games / 10,
        "a line per checkpoint: {text}"
    );
    let loaded = Mlp::from_path(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    assert_eq!(loaded, trained);
    assert_eq!(loaded.trained_games(), games);
    loaded
}

fn plays_legal_games<G: NetGame>(game: &G, net: Mlp)
where
    G::State: Send + 'static,
{
    NetEvaluator::new(game, net.clone()).unwrap();
    let mut player = NetGreedy::new(net);
    let mut rng = SplitMix64::new(11);
    let mut state = game.new_initial_state();
    let mut decisions = 0;
    while game.node(&state) != Node::Terminal && decisions < 300 {
        match game.node(&state) {
            Node::Chance => {
                let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, a).unwrap();
            }
            _ => {
                let a = player.act(game, &state).unwrap();
                assert!(game.is_legal(&state, a));
                game.apply(&mut state, a).unwrap();
                decisions += 1;
            }
        }
    }
    assert!(decisions > 0);
}

#[test]
fn backgammon_trains_loads_and_plays() {
    let net = train_briefly("backgammon", 30);
    assert_eq!(net.outputs(), 5);
    plays_legal_games(&Tables::backgammon(), net);
}

#[test]
fn seys_dos_e_as_trains_loads_and_plays() {
    let net = train_briefly("seys_dos_e_as", 10);
    plays_legal_games(&Tables::seys_dos_e_as(), net);
}

#[test]
fn daldos_trains_loads_and_plays() {
    let net = train_briefly("daldos", 20);
    plays_legal_games(&Daldos::default(), net);
}

#[test]
fn an_unknown_game_is_refused() {
    let cfg = TrainConfig {
        game: "chess".to_owned(),
        td: TdOptions::default(),
        hidden: 8,
        init: None,
        out: std::env::temp_dir().join("never-written.net"),
        checkpoint: 0,
        eval_games: 0,
        max_seconds: 0,
    };
    assert!(run_training(&cfg, &mut Vec::new())
        .unwrap_err()
        .contains("chess"));
}

#[test]
fn every_game_trains_and_its_net_fits() {
    let names = racegames_train::game_names();
    assert!(names.contains(&"doze_canes") && names.contains(&"daldos"));
    for name in names.into_iter().chain(["daldos:board=norwegian"]) {
        let out = std::env::temp_dir().join(format!(
            "racegames-train-every-{name}-{}.net",
            std::process::id()
        ));
        let cfg = TrainConfig {
            game: name.to_owned(),
            td: TdOptions {
                games: 1,
                seed: 2,
                ..TdOptions::default()
            },
            hidden: 4,
            init: None,
            out: out.clone(),
            checkpoint: 0,
            eval_games: 0,
            max_seconds: 0,
        };
        let net = run_training(&cfg, &mut Vec::new()).unwrap();
        assert_eq!(Mlp::from_path(&out).unwrap(), net);
        std::fs::remove_file(&out).unwrap();
        let stored = racegames_train::net_name(name);
        assert_eq!((net.game(), net.trained_games()), (stored.as_str(), 1));
        // The net reads the game as played, and a match of it runs.
        let line = racegames_train::run_eval(name, &net, "random", 2, 1).unwrap();
        assert!(line.contains("of 2"), "{name}: {line}");
    }
}

#[test]
fn a_time_limit_stops_a_run_early() {
    let out =
        std::env::temp_dir().join(format!("racegames-train-limit-{}.net", std::process::id()));
    let cfg = TrainConfig {
        game: "fallas".to_owned(),
        td: TdOptions {
            games: 10_000_000,
            ..TdOptions::default()
        },
        hidden: 4,
        init: None,
        out: out.clone(),
        checkpoint: 0,
        eval_games: 0,
        max_seconds: 1,
    };
    let mut log = Vec::new();
    let net = run_training(&cfg, &mut log).unwrap();
    std::fs::remove_file(&out).unwrap();
    assert!(net.trained_games() < 10_000_000);
    assert!(String::from_utf8(log).unwrap().contains("out of time"));
}

#[test]
fn the_searcher_over_a_net_plays_the_built_in_players() {
    let net = train_briefly("fallas", 10);
    let versus = |opponent: &str| {
        racegames_train::versus::run_versus(
            "fallas",
            &net,
            opponent,
            2,
            1,
            racegames_train::versus::SearchOverrides::default(),
        )
    };
    let line = versus("expectimax:eval=hand,depth=1").unwrap();
    assert!(line.contains("of 2"), "{line}");
    let err = versus("oracle").unwrap_err();
    assert!(err.contains("oracle"), "{err}");
    assert!(racegames_train::game_of("daldos:board=norwegian", false).is_ok());
}

/// The games are the registry's: the names the tables and Daldøs types
/// answer to, and nothing `make_game` refuses (no `daldos_norwegian`: the
/// Norwegian board is an option, and its net's name comes from it).
#[test]
fn the_games_are_the_registry_s() {
    use racegames_board::FromParams;
    let names = racegames_train::game_names();
    let registry: Vec<&str> = <Tables as FromParams>::NAMES
        .iter()
        .chain(<Daldos as FromParams>::NAMES)
        .copied()
        .collect();
    assert_eq!(names, registry);
    let err = racegames_train::game_of("daldos_norwegian", false).unwrap_err();
    assert!(err.contains("unknown game"), "{err}");
    assert_eq!(
        racegames_train::net_name("daldos:board=norwegian"),
        "daldos_norwegian"
    );
    assert!(racegames_train::game_of("daldos:board=atlantic", false).is_err());
}
