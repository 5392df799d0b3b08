//! Expectimax: values worked out by hand on a tiny race, agreement with a
//! plain recursive expectimax written here, and the same decisions with and
//! without Star1/Star2 pruning.

use crate::hop::{HopState, Lead, HOP};
use proptest::prelude::*;
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{Action, ActionBuffer, Game, Node};
use racegames_daldos::Daldos;
use racegames_players::expectimax::{decide, ExpectimaxSettings, MAX_WORK};
use racegames_players::ply::{decision_seed, ply_ends};
use racegames_players::Evaluator;
use racegames_tables::Tables;

fn settings(depth: u32, prune: bool) -> ExpectimaxSettings {
    ExpectimaxSettings {
        depth,
        beam: 0,
        prune,
        budget: 0,
        root_filter: 0.0,
    }
}

fn hop_state(pos: [u8; 2], turn: u8, die: u8) -> HopState {
    HopState {
        pos,
        turn,
        die,
        turns: 0,
    }
}

#[test]
fn depth_one_is_the_best_static_end() {
    // Moving 1 leads by 0.1; staying leads by 0.
    let (actions, value) =
        decide(&HOP, &Lead, settings(1, true), 0, &hop_state([0, 0], 0, 1)).expect("a decision");
    assert_eq!(actions, vec![1]);
    assert!((value - 0.1).abs() < 1e-12);
}

#[test]
fn depth_two_averages_the_throws_and_takes_the_best_reply() {
    // A moves 1 or stays; B then throws 1 (p 1/2), 2 or 3 (1/4 each) and
    // moves (a 3 ends B's ply at its extra throw, leading by 3):
    //   move: 1/2 * (1-1)/10 + 1/4 * (1-2)/10 + 1/4 * (1-3)/10 = -0.075
    //   stay: 1/2 * (0-1)/10 + 1/4 * (0-2)/10 + 1/4 * (0-3)/10 = -0.175
    for prune in [false, true] {
        let (actions, value) =
            decide(&HOP, &Lead, settings(2, prune), 0, &hop_state([0, 0], 0, 1)).unwrap();
        assert_eq!(actions, vec![1]);
        assert!((value + 0.075).abs() < 1e-12, "{value}");
    }
}

#[test]
fn an_extra_throw_is_a_further_ply_of_the_same_player() {
    // A moves 3 and throws again, choosing its best move each time:
    //   1/2 * 0.4 (to 4) + 1/4 * 0.5 (to 5) + 1/4 * 1 (reaches 6, wins) = 0.575
    for prune in [false, true] {
        let (actions, value) =
            decide(&HOP, &Lead, settings(2, prune), 0, &hop_state([0, 0], 0, 3)).unwrap();
        assert_eq!(actions, vec![1]);
        assert!((value - 0.575).abs() < 1e-12, "{value}");
    }
}

#[test]
fn a_budget_deepens_to_the_deepest_search_it_completes() {
    // Hop's tree is small: a large budget searches it to the deepest
    // depth, and decides as that fixed depth does; a budget of 1 is spent
    // at once and leaves depth 1 alone.
    use racegames_players::expectimax::MAX_DEPTH;
    for (pos, turn, die) in [([0, 0], 0, 1), ([2, 3], 1, 2), ([4, 1], 0, 3)] {
        let state = hop_state(pos, turn, die);
        let deep = decide(&HOP, &Lead, settings(MAX_DEPTH, true), 0, &state).unwrap();
        let mut deepened = settings(1, true);
        deepened.budget = 100_000_000;
        assert_eq!(decide(&HOP, &Lead, deepened, 0, &state).unwrap(), deep);
        let shallow = decide(&HOP, &Lead, settings(1, true), 0, &state).unwrap();
        deepened.budget = 1;
        assert_eq!(decide(&HOP, &Lead, deepened, 0, &state).unwrap(), shallow);
    }
}

#[test]
fn the_second_player_searches_for_itself() {
    // B to move with a 1, A at 5: whatever B does, A wins on a 1 (p 1/2).
    // Moving: 1/2 * -1 + 1/4 * -(5-1)/10 + 1/4 * -(5-1)/10 = -0.7.
    let (actions, value) =
        decide(&HOP, &Lead, settings(2, true), 0, &hop_state([5, 0], 1, 1)).unwrap();
    assert_eq!(actions, vec![1]);
    assert!((value + 0.7).abs() < 1e-12, "{value}");
}

/// Chance nodes in a row before the evaluation stands in (the player's
/// documented limit, mirrored by the reference).
const MAX_CHANCE_CHAIN: u32 = 4;

thread_local! {
    /// The reference's work, counted as the player counts its own: static
    /// values asked for and ply ends generated.
    static REFERENCE_WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn count_reference_work(work: usize) {
    REFERENCE_WORK.with(|w| w.set(w.get() + work as u64));
}

/// Plain expectimax from `me`'s point of view: every node in full, no
/// ordering, no bounds.
fn reference<G: Game>(
    game: &G,
    eval: &dyn Evaluator<G>,
    me: usize,
    state: &G::State,
    depth: u32,
    chain: u32,
) -> f64 {
    let margin =
        |out: &[f64]| ((out[me] - out[1 - me]) / 2.0).clamp(game.min_utility(), game.max_utility());
    let mut out = vec![0.0; 2];
    match game.node(state) {
        Node::Terminal => {
            game.returns(state, &mut out).unwrap();
            margin(&out)
        }
        Node::Chance if depth > 0 && chain < MAX_CHANCE_CHAIN => {
            let mut sum = 0.0;
            game.chance_outcomes(state, |a, p| {
                let mut next = *state;
                game.apply(&mut next, a).unwrap();
                let next_chain = if game.node(&next) == Node::Chance {
                    chain + 1
                } else {
                    0
                };
                sum += p * reference(game, eval, me, &next, depth, next_chain);
            });
            sum
        }
        Node::Decision(p) if depth > 0 => {
            let ends = ply_ends(game, state).ends;
            count_reference_work(ends.len());
            let values = ends
                .iter()
                .map(|e| reference(game, eval, me, &e.state, depth - 1, 0))
                .collect::<Vec<_>>();
            if p.index() == me {
                values.into_iter().fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.into_iter().fold(f64::INFINITY, f64::min)
            }
        }
        _ => {
            count_reference_work(1);
            eval.evaluate(game, state, &mut out);
            margin(&out)
        }
    }
}

/// A decision node after some random steps, if the game lasts that long.
fn random_decision<G: Game>(game: &G, seed: u64, steps: usize) -> Option<G::State> {
    let mut rng = SplitMix64::new(seed);
    let mut buf = ActionBuffer::new();
    let mut state = game.new_initial_state();
    for _ in 0..steps {
        random_step(game, &mut state, &mut rng, &mut buf)?;
    }
    while game.node(&state) == Node::Chance {
        random_step(game, &mut state, &mut rng, &mut buf);
    }
    matches!(game.node(&state), Node::Decision(_)).then_some(state)
}

/// An arbitrary but fixed zero-sum value per position, in -1..=1, so that
/// decisions vary from position to position.
struct Hashed;

impl<G: Game> Evaluator<G> for Hashed {
    fn evaluate(&self, game: &G, state: &G::State, out: &mut [f64]) {
        if game.node(state) == Node::Terminal {
            game.returns(state, out).unwrap();
            return;
        }
        let v = (decision_seed(1, state) % 2001) as f64 / 1000.0 - 1.0;
        out[0] = v;
        out[1] = -v;
    }
}

/// Checks the player's value and choice against the reference, pruned and
/// unpruned: the value is the reference's and the chosen ply's own value
/// is the best.
fn check_against_reference<G: Game>(
    game: &G,
    eval: &dyn Evaluator<G>,
    state: &G::State,
    depth: u32,
    seed: u64,
) {
    check_filtered_against_reference(game, eval, state, depth, 0.0, seed);
}

/// [`check_against_reference`] with a root filter: the value is the best
/// full-depth value among the root ends whose value one ply shallower is
/// within `filter` of the best there (every end when the filter is 0 or
/// the depth below 3), the chosen end is one of them with that value, and
/// pruning changes nothing.
fn check_filtered_against_reference<G: Game>(
    game: &G,
    eval: &dyn Evaluator<G>,
    state: &G::State,
    depth: u32,
    filter: f64,
    seed: u64,
) {
    let Node::Decision(me) = game.node(state) else {
        return;
    };
    let me = me.index();
    REFERENCE_WORK.with(|w| w.set(0));
    let filtered = filter > 0.0 && depth >= 3;
    // The value one ply shallower of an end, and whether the filter keeps it.
    let shallow = |end: &G::State| reference(game, eval, me, end, depth - 2, 0);
    let ends = ply_ends(game, state).ends;
    let top = if filtered {
        ends.iter()
            .map(|e| shallow(&e.state))
            .fold(f64::NEG_INFINITY, f64::max)
    } else {
        0.0
    };
    let kept = |end: &G::State| !filtered || top - shallow(end) < filter;
    let best = ends
        .iter()
        .filter(|e| kept(&e.state))
        .map(|e| reference(game, eval, me, &e.state, depth - 1, 0))
        .fold(f64::NEG_INFINITY, f64::max);
    // A search past the player's work cap is retried shallower by design;
    // the player orders each node by static values too, so its work stays
    // within a few times the reference's.
    if REFERENCE_WORK.with(|w| w.get()) > MAX_WORK / 4 {
        return;
    }
    let mut chosen: Vec<Vec<Action>> = Vec::new();
    for prune in [false, true] {
        let settings = ExpectimaxSettings {
            root_filter: filter,
            ..settings(depth, prune)
        };
        let (actions, value) = decide(game, eval, settings, seed, state).unwrap();
        assert!(
            (value - best).abs() < 1e-9,
            "prune {prune}: {value} vs {best}"
        );
        let mut end = *state;
        for &a in &actions {
            game.apply(&mut end, a).unwrap();
        }
        assert!(kept(&end), "prune {prune}: chose an end the filter drops");
        let own = reference(game, eval, me, &end, depth - 1, 0);
        assert!(
            (own - best).abs() < 1e-9,
            "prune {prune}: chose {own}, best {best}"
        );
        chosen.push(actions);
    }
    // Equal values are broken the same way: the same seeded order, and the
    // first best end is kept.
    assert_eq!(chosen[0], chosen[1]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_root_filter_searches_the_moves_within_it(
        seed in 0u64..1000,
        steps in 0usize..30,
        depth in 3u32..6,
        filter in prop::sample::select(vec![1e-9, 0.013, 0.05, 0.3, 100.0]),
    ) {
        if let Some(state) = random_decision(&HOP, seed, steps) {
            check_filtered_against_reference(&HOP, &Lead, &state, depth, filter, seed);
            check_filtered_against_reference(&HOP, &Hashed, &state, depth, filter, seed);
        }
        let daldos = Daldos::default();
        if let Some(state) = random_decision(&daldos, seed, steps * 4) {
            check_filtered_against_reference(&daldos, &Hashed, &state, 3, filter, seed);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn hop_values_match_plain_expectimax(seed in 0u64..1000, steps in 0usize..30, depth in 1u32..5) {
        if let Some(state) = random_decision(&HOP, seed, steps) {
            check_against_reference(&HOP, &Lead, &state, depth, seed);
            check_against_reference(&HOP, &Hashed, &state, depth, seed);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn backgammon_pruning_keeps_the_decision(seed in 0u64..1000, steps in 0usize..200) {
        let game = Tables::backgammon();
        if let Some(state) = random_decision(&game, seed, steps) {
            check_against_reference(&game, &Hashed, &state, 2, seed);
        }
    }

    #[test]
    fn daldos_pruning_keeps_the_decision(seed in 0u64..1000, steps in 0usize..150, depth in 2u32..4) {
        let game = Daldos::default();
        if let Some(state) = random_decision(&game, seed, steps) {
            check_against_reference(&game, &Hashed, &state, depth, seed);
        }
    }
}

#[test]
fn a_beam_of_one_plays_the_best_static_end() {
    let game = Tables::backgammon();
    for seed in 0..10 {
        let Some(state) = random_decision(&game, seed, 40) else {
            continue;
        };
        let narrow = ExpectimaxSettings {
            depth: 2,
            beam: 1,
            prune: true,
            budget: 0,
            root_filter: 0.0,
        };
        let (deep, _) = decide(&game, &Hashed, narrow, seed, &state).unwrap();
        let (greedy, _) = decide(&game, &Hashed, settings(1, true), seed, &state).unwrap();
        assert_eq!(deep, greedy);
    }
}

/// The race these tests search keeps the game contract (the board-core
/// contract kit's checks).
#[test]
fn the_race_keeps_the_game_contract() {
    let checked = racegames_board::testing::check_game(&HOP, 0..20).unwrap();
    assert!(checked > 20 * 5, "{checked}");
}
