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
    };
    assert!(run_training(&cfg, &mut Vec::new())
        .unwrap_err()
        .contains("chess"));
}
