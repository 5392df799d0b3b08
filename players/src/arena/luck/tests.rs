use racegames_board::sim::SplitMix64;
use racegames_board::testing::{Race, RaceDie, RaceState};
use racegames_board::{Action, Game, Node};

use super::{game_luck, game_luck_from, games_luck, JudgingError, LuckError};
use crate::arena::{Control, MAX_THREADS};
use crate::Evaluator;

/// A plain judge of the race: the squares ahead, a sixth of a point each.
struct Squares;

impl Evaluator<Race> for Squares {
    fn evaluate(&self, game: &Race, state: &RaceState, out: &mut [f64]) {
        if game.node(state) == Node::Terminal {
            let _ = game.returns(state, out);
            return;
        }
        let lead = f64::from(state.pos[0]) - f64::from(state.pos[1]);
        out[0] = lead / 6.0;
        out[1] = -lead / 6.0;
    }
}

const SKEWED: Race = Race {
    die: RaceDie::Skewed,
    bonus_throw: true,
    max_turns: 40,
};

/// A game of random choices, its dice drawn with their chances.
fn random_game(game: &Race, seed: u64) -> Vec<Action> {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    let mut actions = Vec::new();
    loop {
        let mut options: Vec<(Action, f64)> = Vec::new();
        match game.node(&state) {
            Node::Terminal => return actions,
            Node::Chance => game.chance_outcomes(&state, |a, p| options.push((a, p))),
            Node::Decision(_) => game.legal_actions(&state, |a| options.push((a, 1.0))),
        }
        let total: f64 = options.iter().map(|o| o.1).sum();
        let mut draw = rng.next_f64() * total;
        let mut chosen = options[options.len() - 1].0;
        for &(a, p) in &options {
            if draw < p {
                chosen = a;
                break;
            }
            draw -= p;
        }
        game.apply(&mut state, chosen).unwrap();
        actions.push(chosen);
    }
}

#[test]
fn the_luck_of_a_throw_averages_zero_over_its_outcomes() {
    let game = SKEWED;
    let mut outcomes = Vec::new();
    game.chance_outcomes(&game.new_initial_state(), |a, p| outcomes.push((a, p)));
    let mut mean = 0.0;
    for &(a, p) in &outcomes {
        let luck = game_luck(&game, &Squares, &[a]).unwrap();
        assert_eq!(luck.chance_nodes, 1);
        assert!((luck.luck[0] + luck.luck[1]).abs() < 1e-12);
        mean += p * luck.luck[0];
    }
    assert!(mean.abs() < 1e-12, "{mean}");
    // A 3 moves furthest: the luckiest throw for the seat that throws it.
    let three = game_luck(&game, &Squares, &[2]).unwrap();
    assert!(three.luck[0] > 0.0);
}

#[test]
fn adjusted_results_keep_the_mean_and_lose_noise() {
    let game = SKEWED;
    let (mut raw, mut adjusted) = (Vec::new(), Vec::new());
    for seed in 0..3000 {
        let actions = random_game(&game, seed);
        let luck = game_luck(&game, &Squares, &actions).unwrap();
        assert!(luck.finished);
        raw.push(luck.returns[0]);
        adjusted.push(luck.adjusted(0));
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let var = |v: &[f64]| {
        let m = mean(v);
        v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() - 1) as f64
    };
    let n = raw.len() as f64;
    // The two means estimate the same thing; their difference is small
    // against the raw standard error.
    let se = (var(&raw) / n).sqrt();
    assert!(
        (mean(&raw) - mean(&adjusted)).abs() < 3.0 * se,
        "{} {}",
        mean(&raw),
        mean(&adjusted)
    );
    assert!(
        var(&adjusted) < 0.9 * var(&raw),
        "{} {}",
        var(&adjusted),
        var(&raw)
    );
}

#[test]
fn an_action_out_of_place_is_named() {
    let game = Race::default();
    // Action 5 is no throw of the die.
    assert_eq!(
        game_luck(&game, &Squares, &[5]),
        Err(LuckError::Illegal {
            index: 0,
            action: 5
        })
    );
    // No move of the game is action 5 either.
    assert_eq!(
        game_luck(&game, &Squares, &[0, 5]),
        Err(LuckError::Illegal {
            index: 1,
            action: 5
        })
    );
    let unfinished = game_luck(&game, &Squares, &[0, 1]).unwrap();
    assert!(!unfinished.finished);
    assert_eq!(unfinished.returns, vec![1.0 / 6.0, -1.0 / 6.0]);
}

#[test]
fn a_game_judged_from_the_middle_adds_up_to_the_whole() {
    let game = SKEWED;
    for seed in 0..50 {
        let actions = random_game(&game, seed);
        let whole = game_luck(&game, &Squares, &actions).unwrap();
        let cut = actions.len() / 2;
        let head = game_luck(&game, &Squares, &actions[..cut]).unwrap();
        let mut middle = game.new_initial_state();
        for &a in &actions[..cut] {
            game.apply(&mut middle, a).unwrap();
        }
        let tail = game_luck_from(&game, &Squares, &middle, &actions[cut..]).unwrap();
        assert_eq!(head.chance_nodes + tail.chance_nodes, whole.chance_nodes);
        assert_eq!(tail.returns, whole.returns);
        for seat in 0..2 {
            let sum = head.luck[seat] + tail.luck[seat];
            assert!((sum - whole.luck[seat]).abs() < 1e-9, "{sum} {whole:?}");
        }
    }
}

#[test]
fn a_batch_is_judged_game_by_game_in_order_on_any_number_of_threads() {
    let game = SKEWED;
    let start = game.new_initial_state();
    let mut played: Vec<Vec<Action>> = (0..40).map(|seed| random_game(&game, seed)).collect();
    // Game 7 holds an action out of place: it alone is refused.
    played[7].insert(0, 5);
    let games: Vec<_> = played.iter().map(|a| (start, a.as_slice())).collect();
    for threads in [1, 3] {
        let control = Control::default();
        let judged = games_luck(&game, &Squares, &games, threads, &control).unwrap();
        assert_eq!((control.done(), control.total()), (40, 40));
        for (k, result) in judged.iter().enumerate() {
            assert_eq!(*result, game_luck(&game, &Squares, &played[k]));
        }
        assert_eq!(
            judged[7],
            Err(LuckError::Illegal {
                index: 0,
                action: 5
            })
        );
    }
}

#[test]
fn a_batch_stops_when_asked_and_refuses_a_bad_thread_count() {
    let game = SKEWED;
    let actions = random_game(&game, 1);
    let games = vec![(game.new_initial_state(), actions.as_slice()); 8];
    let control = Control::default();
    control.interrupt.interrupt();
    assert_eq!(
        games_luck(&game, &Squares, &games, 2, &control),
        Err(JudgingError::Interrupted)
    );
    for threads in [0, MAX_THREADS + 1] {
        assert_eq!(
            games_luck(&game, &Squares, &games, threads, &Control::default()),
            Err(JudgingError::BadThreads)
        );
    }
    // No games: nothing to do, on any number of threads.
    let none: Vec<(_, &[Action])> = Vec::new();
    assert_eq!(
        games_luck(&game, &Squares, &none, 4, &Control::default()),
        Ok(vec![])
    );
}
