//! The hand-written evaluations never panic on reachable positions, stay in
//! the game's utility range, sum to zero (every game here is zero-sum) and
//! give the exact result at the end.

use proptest::prelude::*;
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Node, ParamValue};
use racegames_daldos::Daldos;
use racegames_halma::{ChineseCheckers, SquareHalma};
use racegames_players::games::daldos_eval::DaldosEval;
use racegames_players::games::halma_eval::HalmaEval;
use racegames_players::games::tables_eval::TablesEval;
use racegames_players::Evaluator;
use racegames_tables::Tables;

/// Plays one random game, checking the evaluation at every state.
fn check_game<G: Game>(game: &G, eval: &dyn Evaluator<G>, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut buf = ActionBuffer::new();
    let mut state = game.new_initial_state();
    let n = game.num_players();
    let mut out = vec![0.0; n];
    let mut returns = vec![0.0; n];
    loop {
        eval.evaluate(game, &state, &mut out);
        for &v in &out {
            assert!(v.is_finite(), "{out:?} at {state:?}");
            assert!(
                v >= game.min_utility() - 1e-12 && v <= game.max_utility() + 1e-12,
                "{out:?} at {state:?}"
            );
        }
        assert!(out.iter().sum::<f64>().abs() < 1e-9, "{out:?} at {state:?}");
        if game.node(&state) == Node::Terminal {
            game.returns(&state, &mut returns).unwrap();
            assert_eq!(out, returns);
            return;
        }
        if random_step(game, &mut state, &mut rng, &mut buf).is_none() {
            return;
        }
    }
}

fn word(w: &'static str) -> ParamValue<'static> {
    ParamValue::Str(w)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn daldos_evaluations_are_sound(seed: u64, options in 0usize..32) {
        let mut params = vec![("max_turns", ParamValue::Int(400))];
        if options & 1 != 0 { params.push(("board", word("norwegian"))); }
        if options & 2 != 0 { params.push(("dalling", word("stern_only"))); }
        if options & 4 != 0 { params.push(("capture", word("intermediate"))); }
        if options & 8 != 0 { params.push(("jumping", word("forbidden"))); }
        if options & 16 != 0 { params.push(("lose_at_one", ParamValue::Bool(true))); }
        let game = Daldos::from_params("daldos", &params).unwrap();
        check_game(&game, &DaldosEval::default(), seed);
    }

    #[test]
    fn tables_evaluations_are_sound(seed: u64, which in 0usize..5) {
        let game = match which {
            0 => Tables::seys_dos_e_as(),
            1 => Tables::from_params("seys_dos_e_as", &[("reentry", word("start"))]).unwrap(),
            2 => Tables::backgammon(),
            3 => Tables::from_params("backgammon", &[("scoring", word("gammons"))]).unwrap(),
            _ => Tables::from_params("backgammon", &[("scoring", word("backgammons"))]).unwrap(),
        };
        check_game(&game, &TablesEval::default(), seed);
    }

    #[test]
    fn chinese_checkers_evaluations_are_sound(seed: u64, players in prop::sample::select(vec![2i64, 3, 4, 6]), options in 0usize..32) {
        let mut params = vec![("players", ParamValue::Int(players)), ("max_turns", ParamValue::Int(300))];
        if options & 1 != 0 && players <= 3 { params.push(("pieces", ParamValue::Int(15))); }
        if options & 2 != 0 { params.push(("long_jumps", ParamValue::Bool(true))); }
        if options & 4 != 0 { params.push(("wing_rule", ParamValue::Bool(false))); }
        if options & 8 != 0 { params.push(("vacate_rule", ParamValue::Bool(false))); }
        if options & 16 != 0 { params.push(("finish", word("all"))); }
        let game = ChineseCheckers::from_params("chinese_checkers", &params).unwrap();
        check_game(&game, &HalmaEval::default(), seed);
    }

    #[test]
    fn halma_evaluations_are_sound(seed: u64, players in prop::sample::select(vec![2i64, 4]), all: bool) {
        let mut params = vec![("players", ParamValue::Int(players)), ("max_turns", ParamValue::Int(300))];
        if all { params.push(("finish", word("all"))); }
        let game = SquareHalma::from_params("halma", &params).unwrap();
        check_game(&game, &HalmaEval::default(), seed);
    }
}

/// Games played to their end by greedy players reach the exact results:
/// the evaluation is also checked on the positions greedy play reaches,
/// which random play rarely does (closed boards, full camps).
#[test]
fn greedy_games_end_with_exact_results() {
    let game = ChineseCheckers::default();
    let eval = HalmaEval::default();
    let mut state = game.new_initial_state();
    let mut out = [0.0; 2];
    while let Node::Decision(p) = game.node(&state) {
        let ends = racegames_players::ply::ply_ends(&game, &state);
        let mut best = (f64::NEG_INFINITY, None);
        for end in &ends.ends {
            eval.evaluate(&game, &end.state, &mut out);
            if out[p.index()] > best.0 {
                best = (out[p.index()], Some(end.state));
            }
        }
        state = best.1.unwrap();
    }
    let mut returns = [0.0; 2];
    game.returns(&state, &mut returns).unwrap();
    eval.evaluate(&game, &state, &mut out);
    assert_eq!(out, returns);
    assert!(!game.is_truncated(&state), "greedy against greedy finishes");
}
