//! Every built-in player of every game: a legal action in positions
//! reached by random play, the same action for the same seed and state, no
//! panic; whole plies played as planned; options checked.

use proptest::prelude::*;
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Node, ParamValue};
use racegames_daldos::Daldos;
use racegames_halma::{ChineseCheckers, SquareHalma};
use racegames_players::{Params, Playable, PlayerError};
use racegames_tables::Tables;

/// Light settings, so that many positions can be tried; the defaults are
/// tried in a few positions by `defaults_decide_legally`.
fn light(name: &str) -> Vec<(&'static str, ParamValue<'static>)> {
    match name {
        "mcts" => vec![
            ("simulations", ParamValue::Int(40)),
            ("rollout_plies", ParamValue::Int(6)),
        ],
        // The game's depth (2 at backgammon and Daldøs, 1 with three dice).
        "expectimax" => vec![("beam", ParamValue::Int(3))],
        _ => Vec::new(),
    }
}

fn star(players: i64) -> ChineseCheckers {
    ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(players))])
        .unwrap()
}

fn square(players: i64) -> SquareHalma {
    SquareHalma::from_params("halma", &[("players", ParamValue::Int(players))]).unwrap()
}

/// Plays random steps from the start, and at every `every`-th decision
/// node asks each player (with these settings) for an action twice, from
/// two players with the same seed: the action is legal and the same.
fn check_players<G: Playable>(game: &G, seed: u64, steps: usize, every: usize, defaults: bool) {
    let mut rng = SplitMix64::new(seed);
    let mut buf = ActionBuffer::new();
    let mut state = game.new_initial_state();
    let mut decisions = 0;
    for _ in 0..steps {
        if let Node::Decision(_) = game.node(&state) {
            if decisions % every == 0 {
                for name in game.player_names() {
                    let params = if defaults { Vec::new() } else { light(name) };
                    let mut a = game.make_player(name, seed, &params).unwrap();
                    let mut b = a.clone_box();
                    let first = a.act(game, &state).unwrap();
                    assert!(game.is_legal(&state, first), "{name}: illegal {first}");
                    assert_eq!(
                        b.act(game, &state).unwrap(),
                        first,
                        "{name}: not repeatable"
                    );
                    let mut c = game.make_player(name, seed, &params).unwrap();
                    assert_eq!(c.act(game, &state).unwrap(), first, "{name}: seed");
                }
            }
            decisions += 1;
        }
        if random_step(game, &mut state, &mut rng, &mut buf).is_none() {
            break;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn daldos_players_act_legally(seed in any::<u64>()) {
        check_players(&Daldos::default(), seed, 300, 15, false);
    }

    #[test]
    fn tables_players_act_legally(seed in any::<u64>()) {
        check_players(&Tables::backgammon(), seed, 300, 23, false);
        check_players(&Tables::seys_dos_e_as(), seed, 300, 23, false);
    }

    #[test]
    fn chinese_checkers_players_act_legally(seed in any::<u64>(), players in prop::sample::select(vec![2i64, 3, 4, 6])) {
        check_players(&star(players), seed, 400, 50, false);
    }

    #[test]
    fn halma_players_act_legally(seed in any::<u64>(), players in prop::sample::select(vec![2i64, 4])) {
        check_players(&square(players), seed, 400, 50, false);
    }
}

#[test]
fn defaults_decide_legally() {
    check_players(&Daldos::default(), 1, 120, 40, true);
    check_players(&Tables::backgammon(), 2, 120, 40, true);
    check_players(&Tables::seys_dos_e_as(), 3, 120, 40, true);
    check_players(&star(6), 4, 200, 80, true);
    check_players(&square(2), 5, 200, 80, true);
}

/// A whole game between two copies of each player: every action legal,
/// plans followed through plies of several actions, and the game ends.
fn play_out<G: Playable>(game: &G, name: &str, seed: u64) -> G::State {
    let mut players: Vec<_> = (0..game.num_players())
        .map(|i| {
            game.make_player(name, seed + i as u64, &light(name))
                .unwrap()
        })
        .collect();
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    loop {
        match game.node(&state) {
            Node::Terminal => return state,
            Node::Chance => {
                let o = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, o).unwrap();
            }
            Node::Decision(p) => {
                let a = players[p.index()].act(game, &state).unwrap();
                game.apply(&mut state, a).unwrap();
            }
        }
    }
}

#[test]
fn whole_games_end() {
    for name in ["greedy", "mcts", "expectimax"] {
        let end = play_out(&Tables::backgammon(), name, 11);
        assert_eq!(Tables::backgammon().node(&end), Node::Terminal);
        let end = play_out(&Daldos::default(), name, 12);
        assert_eq!(Daldos::default().node(&end), Node::Terminal);
    }
}

fn bad<G: Playable>(game: &G, name: &str, params: &Params<'_>) -> String {
    match game.make_player(name, 0, params) {
        Err(PlayerError::BadParameter(message)) => message,
        Err(other) => panic!("{name} {params:?}: {other:?}"),
        Ok(_) => panic!("{name} {params:?} was accepted"),
    }
}

#[test]
fn options_are_checked() {
    let game = Tables::backgammon();
    assert!(matches!(
        game.make_player("alphazero", 0, &[]),
        Err(PlayerError::UnknownPlayer { .. })
    ));
    let m = bad(&game, "mcts", &[("depth", ParamValue::Int(2))]);
    assert!(m.contains("depth") && m.contains("simulations"), "{m}");
    let m = bad(&game, "mcts", &[("simulations", ParamValue::Int(0))]);
    assert!(m.contains("simulations"), "{m}");
    let m = bad(&game, "mcts", &[("exploration", ParamValue::Str("lots"))]);
    assert!(m.contains("exploration"), "{m}");
    let m = bad(&game, "expectimax", &[("depth", ParamValue::Int(9))]);
    assert!(m.contains("depth") && m.contains('4'), "{m}");
    let m = bad(&game, "expectimax", &[("prune", ParamValue::Int(1))]);
    assert!(m.contains("prune"), "{m}");
    let m = bad(&game, "greedy", &[("depth", ParamValue::Int(1))]);
    assert!(m.contains("depth"), "{m}");
    assert!(game
        .make_player("mcts", 0, &[("exploration", ParamValue::Str("0.7"))])
        .is_ok());
    // Expectimax is for two players with dice: not offered for Halma games.
    assert!(matches!(
        star(2).make_player("expectimax", 0, &[]),
        Err(PlayerError::UnknownPlayer { .. })
    ));
}

#[test]
fn real_options_take_reals_and_integers_and_counts_refuse_reals() {
    let game = Daldos::default();
    for value in [ParamValue::Float(1.4), ParamValue::Int(1)] {
        let params = [
            ("simulations", ParamValue::Int(8)),
            ("exploration", value),
            ("own_progress", ParamValue::Float(0.5)),
        ];
        assert!(game.make_player("mcts", 0, &params).is_ok(), "{value:?}");
    }
    let m = bad(&game, "mcts", &[("exploration", ParamValue::Float(100.5))]);
    assert!(
        m.contains("exploration") && m.contains("from 0 to 100"),
        "{m}"
    );
    for (name, params) in [
        ("mcts", [("simulations", ParamValue::Float(8.0))]),
        ("expectimax", [("depth", ParamValue::Float(1.5))]),
        ("expectimax", [("prune", ParamValue::Float(1.0))]),
        ("random", [("depth", ParamValue::Float(1.5))]),
        ("policy", [("path", ParamValue::Float(1.5))]),
    ] {
        match game.make_player(name, 0, &params) {
            Err(PlayerError::WrongType(m)) => assert!(m.contains(params[0].0), "{m}"),
            Err(other) => panic!("{name} {params:?}: {other:?}"),
            Ok(_) => panic!("{name} {params:?} was accepted"),
        }
    }
}

#[test]
fn the_evaluation_is_chosen_by_name() {
    let game = Tables::backgammon();
    for name in ["greedy", "expectimax", "mcts"] {
        for eval in ["hand", "net"] {
            assert!(game
                .make_player(name, 0, &[("eval", ParamValue::Str(eval))])
                .is_ok());
        }
        let m = bad(&game, name, &[("eval", ParamValue::Str("oracle"))]);
        assert!(m.contains("eval") && m.contains("hand"), "{m}");
    }
    // No net is shipped for the Halma games: asking for one says so.
    let m = bad(&star(2), "greedy", &[("eval", ParamValue::Str("net"))]);
    assert!(m.contains("no shipped net"), "{m}");
    assert!(star(2)
        .make_player("mcts", 0, &[("eval", ParamValue::Str("hand"))])
        .is_ok());
}

#[test]
fn greedy_on_the_net_differs_from_greedy_by_hand() {
    // The two evaluations disagree somewhere in a few random games:
    // the option reaches the player.
    let game = Tables::backgammon();
    let mut hand = game.make_player("greedy", 1, &[]).unwrap();
    let mut net = game
        .make_player("greedy", 1, &[("eval", ParamValue::Str("net"))])
        .unwrap();
    let mut rng = racegames_board::sim::SplitMix64::new(3);
    let mut disagreements = 0;
    for _ in 0..5 {
        let mut state = game.new_initial_state();
        while game.node(&state) != racegames_board::Node::Terminal {
            if let racegames_board::Node::Chance = game.node(&state) {
                let outcome = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, outcome).unwrap();
                continue;
            }
            let a = hand.act(&game, &state).unwrap();
            disagreements += usize::from(a != net.act(&game, &state).unwrap());
            game.apply(&mut state, a).unwrap();
        }
    }
    assert!(disagreements > 0);
}

/// Plays `game` from its start with random actions, calling `check` at
/// every decision.
fn at_random_decisions<G: Playable>(game: &G, games: usize, mut check: impl FnMut(&G::State)) {
    let mut rng = SplitMix64::new(5);
    let mut buf = ActionBuffer::new();
    for _ in 0..games {
        let mut state = game.new_initial_state();
        for _ in 0..200 {
            match game.node(&state) {
                Node::Terminal => break,
                Node::Decision(_) => check(&state),
                Node::Chance => {}
            }
            random_step(game, &mut state, &mut rng, &mut buf);
        }
    }
}

#[test]
fn mcts_with_greedy_opponents_decides_legally_at_every_seat_count() {
    for players in [3, 4, 6] {
        let game = star(players);
        let settings = [
            ("opponent_breadth", ParamValue::Int(1)),
            ("breadth", ParamValue::Int(8)),
            ("simulations", ParamValue::Int(60)),
        ];
        let mut mcts = game.make_player("mcts", 4, &settings).unwrap();
        at_random_decisions(&game, 1, |state| {
            let action = mcts.act(&game, state).unwrap();
            assert!(game.is_legal(state, action));
        });
    }
}

#[test]
fn mcts_valuing_its_own_progress_decides_legally_on_the_square_board() {
    let game = square(4);
    let settings = [
        ("own_progress", ParamValue::Str("2.5")),
        ("simulations", ParamValue::Int(60)),
    ];
    let mut mcts = game.make_player("mcts", 4, &settings).unwrap();
    at_random_decisions(&game, 1, |state| {
        let action = mcts.act(&game, state).unwrap();
        assert!(game.is_legal(state, action));
    });
    for bad in ["-1", "nan", "x"] {
        let settings = [("own_progress", ParamValue::Str(bad))];
        assert!(game.make_player("mcts", 4, &settings).is_err(), "{bad}");
    }
}

#[test]
fn names_are_listed_for_every_game() {
    // The dice games with a shipped net: the searchers use it, greedy
    // evaluates by hand.
    for game in [Tables::backgammon(), Tables::seys_dos_e_as()] {
        assert_eq!(
            game.player_names(),
            ["expectimax", "mcts", "greedy", "random"]
        );
    }
    assert_eq!(
        Daldos::default().player_names(),
        ["expectimax", "mcts", "greedy", "random"]
    );
    for players in [2, 3, 4, 6] {
        assert_eq!(star(players).player_names(), ["mcts", "greedy", "random"]);
    }
    for players in [2, 4] {
        assert_eq!(square(players).player_names(), ["mcts", "greedy", "random"]);
    }
}
