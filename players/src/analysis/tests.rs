use racegames_board::sim::SplitMix64;
use racegames_daldos::Daldos;
use racegames_tables::Tables;

use super::*;

/// The first decision node after throws drawn from `seed`.
fn first_decision<G: Game>(game: &G, seed: u64) -> G::State {
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    while game.node(&state) == Node::Chance {
        let o = game.sample_chance(&state, rng.next_f64()).unwrap();
        game.apply(&mut state, o).unwrap();
    }
    state
}

#[test]
fn hint_ranks_every_play_best_first_and_evaluate_takes_the_best() {
    let game = Tables::backgammon();
    for name in ["greedy", "expectimax"] {
        let valuer = Valuer::new(
            &game,
            name,
            &[("depth", ParamValue::Int(1))][..usize::from(name == "expectimax")],
        )
        .unwrap();
        let state = first_decision(&game, 4);
        let plays = hint(&game, &state, &valuer).unwrap();
        assert_eq!(plays.len(), ply_ends(&game, &state).ends.len());
        assert!(plays.windows(2).all(|w| w[0].value >= w[1].value));
        assert_eq!(plays[0].loss, 0.0);
        let v = evaluate(&game, &state, &valuer).unwrap();
        let me = game.turn_owner(&state).unwrap().index();
        assert!((v.values[me] - plays[0].value).abs() < 1e-12);
        let o = v.outcomes.unwrap().to_array();
        assert!(o.iter().all(|p| (0.0..=1.0).contains(p)), "{o:?}");
        assert!(o[1] <= o[0] + 1e-6 && o[2] <= o[1] + 1e-6);
    }
}

#[test]
fn greedy_at_a_chance_node_is_the_evaluation_itself() {
    let game = Tables::backgammon();
    let valuer = Valuer::new(&game, "greedy", &[("eval", ParamValue::Str("net"))]).unwrap();
    let state = game.new_initial_state();
    let mut s = first_decision(&game, 9);
    let plays = hint(&game, &s, &valuer).unwrap();
    s = plays[0].state;
    assert_eq!(game.node(&s), Node::Chance);
    let v = evaluate(&game, &s, &valuer).unwrap();
    let mut out = [0.0; 2];
    valuer.evaluator().evaluate(&game, &s, &mut out);
    assert_eq!(v.values, out.to_vec());
    assert_eq!(v.depth, 0);
    assert!(evaluate(&game, &state, &valuer).is_ok());
}

#[test]
fn each_play_and_evaluation_tells_the_depth_searched() {
    let game = Tables::backgammon();
    let state = first_decision(&game, 4);
    let greedy = Valuer::new(&game, "greedy", &[]).unwrap();
    assert!(hint(&game, &state, &greedy)
        .unwrap()
        .iter()
        .all(|p| p.depth == 1));
    let deep = Valuer::new(&game, "expectimax", &[("depth", ParamValue::Int(2))]).unwrap();
    let plays = hint(&game, &state, &deep).unwrap();
    assert!(plays.iter().all(|p| p.depth == 2));
    assert_eq!(evaluate(&game, &state, &deep).unwrap().depth, 2);
    // A search that reaches its work cap is made shallower, and says so.
    let settings = deep.search.unwrap();
    let (ends, depth) =
        crate::expectimax::value_ends_within(&game, &*deep.evaluator, settings, &state, 10)
            .unwrap();
    assert_eq!((ends.len(), depth), (plays.len(), 1));
}

/// A decision node `plies` random actions (and throws) into a game.
fn decision_after<G: Game>(game: &G, seed: u64, plies: usize) -> G::State {
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let mut played = 0;
    loop {
        match game.node(&state) {
            Node::Chance => {
                let o = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, o).unwrap();
            }
            Node::Decision(_) if played == plies => return state,
            Node::Decision(_) => {
                let mut legal = Vec::new();
                game.legal_actions(&state, |a| legal.push(a));
                let a = legal[rng.below(legal.len())];
                game.apply(&mut state, a).unwrap();
                played += 1;
            }
            Node::Terminal => return first_decision(game, seed),
        }
    }
}

#[test]
fn evaluate_finds_hints_best_play_with_pruning() {
    fn check<G: Playable>(game: &G, name: &str, seeds: std::ops::Range<u64>) {
        let valuer = Valuer::new(game, "expectimax", &[("depth", ParamValue::Int(2))]).unwrap();
        for seed in seeds {
            let state = decision_after(game, seed, (seed as usize * 7) % 40);
            let plays = hint(game, &state, &valuer).unwrap();
            let Node::Decision(mover) = game.node(&state) else {
                panic!("{name} seed {seed}: not a decision")
            };
            let best = best_play(game, &state, mover, &valuer).unwrap().unwrap();
            // The same play and, to the bit, the same value.
            assert_eq!(best.actions, plays[0].actions, "{name} seed {seed}");
            assert_eq!(
                best.value.to_bits(),
                plays[0].value.to_bits(),
                "{name} seed {seed}"
            );
            assert_eq!(best.values, plays[0].values);
            assert_eq!(best.depth, plays[0].depth);
        }
    }
    check(&Tables::backgammon(), "backgammon", 0..10);
    check(&Daldos::default(), "daldos", 0..10);
    let fallas = <Tables as racegames_board::FromParams>::from_params("fallas", &[]).unwrap();
    check(&fallas, "fallas", 0..6);
}

#[test]
fn players_without_values_are_refused() {
    let game = Daldos::default();
    assert!(matches!(
        Valuer::new(&game, "random", &[]),
        Err(AnalysisError::NoValue { .. })
    ));
    assert!(matches!(
        Valuer::new(&game, "nobody", &[]),
        Err(AnalysisError::Player(_))
    ));
    assert_eq!(Valuer::strongest(&game).unwrap().name(), "expectimax");
    let s = game.new_initial_state();
    let v = Valuer::new(&game, "greedy", &[]).unwrap();
    assert_eq!(hint(&game, &s, &v), Err(AnalysisError::NotADecision));
}

#[test]
fn a_terminal_state_is_worth_its_returns() {
    let game = Daldos::default();
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(2);
    racegames_board::sim::random_playout(&game, &mut state, &mut rng);
    let mut r = vec![0.0; 2];
    game.returns(&state, &mut r).unwrap();
    let v = evaluate(&game, &state, &Valuer::strongest(&game).unwrap()).unwrap();
    assert_eq!(v.values, r);
}

#[test]
fn a_rollout_is_the_same_on_any_threads_and_its_error_shrinks() {
    let game = Tables::backgammon();
    let state = first_decision(&game, 1);
    let mut end = state;
    let plays = hint(&game, &state, &Valuer::new(&game, "greedy", &[]).unwrap()).unwrap();
    end = plays.first().map_or(end, |p| p.state);
    let player = game.make_player("greedy", 1, &[]).unwrap();
    let run = |trials, threads| {
        let s = RolloutSettings {
            trials,
            threads,
            seed: 5,
            truncate: Some(6),
            luck_adjusted: false,
        };
        rollout(&game, &end, &*player, &s, &Progress::default()).unwrap()
    };
    let (a, b) = (run(150, 1), run(150, 3));
    assert_eq!(a, b);
    assert_eq!(a.truncated, 150);
    let c = run(600, 2);
    assert!(c.stderr[0] < a.stderr[0], "{c:?} {a:?}");
}

#[test]
fn a_luck_adjusted_rollout_keeps_its_mean_and_narrows_its_error() {
    let game = Daldos::default();
    let state = decision_after(&game, 4, 6);
    let player = game.make_player("greedy", 1, &[]).unwrap();
    let run = |luck_adjusted, trials, threads| {
        let s = RolloutSettings {
            trials,
            threads,
            seed: 3,
            truncate: Some(12),
            luck_adjusted,
        };
        rollout(&game, &state, &*player, &s, &Progress::default()).unwrap()
    };
    let (plain, adjusted) = (run(false, 400, 2), run(true, 400, 2));
    let (p, a) = (plain.values[0], adjusted.values[0]);
    let both = plain.stderr[0].hypot(adjusted.stderr[0]);
    assert!((p - a).abs() < 4.0 * both, "{plain:?} {adjusted:?}");
    assert!(
        adjusted.stderr[0] < 0.7 * plain.stderr[0],
        "{plain:?} {adjusted:?}"
    );
    assert_eq!(
        run(true, 100, 1),
        run(true, 100, 3),
        "the same figures on any threads"
    );
}

#[test]
fn a_rollout_refuses_bad_counts_and_stops_when_interrupted() {
    let game = Daldos::default();
    let player = game.make_player("random", 1, &[]).unwrap();
    let s = game.new_initial_state();
    let bad = RolloutSettings {
        trials: 0,
        ..RolloutSettings::default()
    };
    assert!(matches!(
        rollout(&game, &s, &*player, &bad, &Progress::default()),
        Err(AnalysisError::BadArgument(_))
    ));
    let bad = RolloutSettings {
        threads: 0,
        ..RolloutSettings::default()
    };
    assert!(matches!(
        rollout(&game, &s, &*player, &bad, &Progress::default()),
        Err(AnalysisError::BadArgument(_))
    ));
    let progress = Progress::default();
    progress.interrupt.interrupt();
    assert_eq!(
        rollout(&game, &s, &*player, &RolloutSettings::default(), &progress),
        Err(AnalysisError::Interrupted)
    );
}

#[test]
fn an_analysis_finds_the_greedy_players_moves_best() {
    let game = Tables::backgammon();
    let mut greedy = game.make_player("greedy", 1, &[]).unwrap();
    let mut random = game.make_player("random", 1, &[]).unwrap();
    let mut state = game.new_initial_state();
    let mut rng = SplitMix64::new(11);
    let mut actions = Vec::new();
    for _ in 0..120 {
        let a = match game.node(&state) {
            Node::Terminal => break,
            Node::Chance => game.sample_chance(&state, rng.next_f64()).unwrap(),
            Node::Decision(s) if s.index() == 0 => greedy.act(&game, &state).unwrap(),
            Node::Decision(_) => random.act(&game, &state).unwrap(),
        };
        game.apply(&mut state, a).unwrap();
        actions.push(a);
    }
    let valuer = Valuer::new(&game, "greedy", &[]).unwrap();
    let start = game.new_initial_state();
    let one = analyse(&game, &start, &actions, &valuer, 1, &Progress::default()).unwrap();
    let two = analyse(&game, &start, &actions, &valuer, 2, &Progress::default()).unwrap();
    assert_eq!(one, two);
    assert!(one
        .decisions
        .iter()
        .filter(|d| d.seat.index() == 0)
        .all(|d| d.loss < 1e-12));
    assert_eq!(one.error_rates[0], 0.0);
    assert!(one.error_rates[1] > 0.0, "{:?}", one.error_rates);
    assert!(one.luck.is_some());
    let mut bad = actions.clone();
    bad[3] = 9999;
    assert!(matches!(
        analyse(&game, &start, &bad, &valuer, 1, &Progress::default()),
        Err(AnalysisError::Illegal { index: 3, .. })
    ));
}

#[test]
fn bearoff_rolls_match_a_direct_count_for_one_piece() {
    // One piece on point p: the number of throws is 1 if the throw's pips
    // reach p, else more; computed here by brute force over the 36 throws.
    for p in 1..=6usize {
        let mut counts = [0u8; 6];
        counts[p - 1] = 1;
        let dist = bearoff_rolls(&counts).unwrap();
        let mut one = 0.0;
        for a in 1..=6 {
            for b in 1..=6 {
                let pips = if a == b { 4 * a } else { a + b };
                if pips >= p {
                    one += 1.0 / 36.0;
                }
            }
        }
        assert!((dist[1] - one).abs() < 1e-6, "{p}: {dist:?}");
        assert!((dist.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    }
    assert!(bearoff_rolls(&[16, 0, 0, 0, 0, 0]).is_err());
    assert!(bearoff_rolls(&[1, 2]).is_err());
}

#[test]
fn the_strata_cover_each_throw_every_36_trials_and_each_pair_every_1296() {
    use std::collections::HashSet;
    for seed in [1, 9] {
        for block in 0..36 {
            let ks = (block * 36)..(block * 36 + 36);
            let firsts: HashSet<_> = ks
                .clone()
                .map(|k| super::rollout::strata(seed, k).0)
                .collect();
            let seconds: HashSet<_> = ks.map(|k| super::rollout::strata(seed, k).1).collect();
            assert_eq!((firsts.len(), seconds.len()), (36, 36), "block {block}");
        }
        let pairs: HashSet<_> = (0..1296).map(|k| super::rollout::strata(seed, k)).collect();
        assert_eq!(pairs.len(), 1296);
    }
}

#[test]
fn evaluate_on_threads_gives_the_same_figures_and_refuses_bad_counts() {
    fn check<G: Playable>(game: &G, name: &str, depth: i64) {
        let valuer = Valuer::new(game, "expectimax", &[("depth", ParamValue::Int(depth))]).unwrap();
        let mut checked = 0;
        for seed in 0..3 {
            let decision = decision_after(game, seed, 5 + seed as usize);
            let state = hint(game, &decision, &valuer).unwrap()[0].state;
            if game.node(&state) != Node::Chance {
                continue;
            }
            checked += 1;
            let alone = evaluate(game, &state, &valuer).unwrap();
            for threads in [1, 2, 3] {
                let v = evaluate_on(game, &state, &valuer, threads).unwrap();
                let bits = |x: &[f64]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
                assert_eq!(
                    bits(&v.values),
                    bits(&alone.values),
                    "{name} {seed} {threads}"
                );
                assert_eq!((v.depth, v.outcomes), (alone.depth, alone.outcomes));
            }
        }
        assert!(checked > 0, "{name}: no chance node reached");
    }
    check(&Tables::backgammon(), "backgammon", 1);
    check(&Daldos::default(), "daldos", 2);
    let fallas = <Tables as racegames_board::FromParams>::from_params("fallas", &[]).unwrap();
    check(&fallas, "fallas", 1);

    let game = Daldos::default();
    let valuer = Valuer::new(&game, "expectimax", &[]).unwrap();
    let state = game.new_initial_state();
    for threads in [0, crate::arena::MAX_THREADS + 1] {
        assert!(matches!(
            evaluate_on(&game, &state, &valuer, threads),
            Err(AnalysisError::BadArgument(_))
        ));
    }
    let flag = Interrupt::new();
    flag.interrupt();
    let stopped = crate::with_interrupt(&flag, || evaluate_on(&game, &state, &valuer, 2));
    assert!(
        matches!(stopped, Err(AnalysisError::Interrupted)),
        "{stopped:?}"
    );
}
