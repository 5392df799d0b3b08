//! The [`Game`] contract, checked state by state along random games.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::sim::SplitMix64;
use crate::{Action, Game, Node, Seat};

use super::{action_string, legal_actions, notation, random_states};

/// How much [`check_game_with`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The most states of each random game checked (the start included).
    pub max_states: usize,
    /// Actions asked of [`Game::is_legal`] and [`Game::apply`] beyond the
    /// legal ones, at each decision node: all of them when the action space
    /// is at most this large, else this many drawn at random (and the
    /// action space's ends).
    pub illegal_probes: usize,
}

impl Default for CheckOptions {
    /// 300 states a game, 64 probes.
    fn default() -> CheckOptions {
        CheckOptions {
            max_states: 300,
            illegal_probes: 64,
        }
    }
}

/// A broken promise of the [`Game`] contract, with where it was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractError {
    /// The game's name.
    pub game: &'static str,
    /// The seed of the random game, if the state came from one.
    pub seed: Option<u64>,
    /// The state's index in that game (0 is the start).
    pub step: usize,
    /// The state's notation.
    pub notation: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.game)?;
        if let Some(seed) = self.seed {
            write!(f, ", seed {seed}, state {}", self.step)?;
        }
        write!(f, " ({}): {}", self.notation, self.problem)
    }
}

impl core::error::Error for ContractError {}

/// [`check_game_with`] with the default [`CheckOptions`].
///
/// # Errors
///
/// The first broken promise, as a [`ContractError`].
///
/// ```
/// use racegames_board::testing::{check_game, Race};
/// assert!(check_game(&Race::default(), [1, 2, 3]).is_ok());
/// ```
pub fn check_game<G: Game>(
    game: &G,
    seeds: impl IntoIterator<Item = u64>,
) -> Result<usize, ContractError> {
    check_game_with(game, seeds, &CheckOptions::default())
}

/// Plays one random game for each seed and checks the contract at every
/// state (see [`check_state`]), and that incremental observations
/// ([`Game::observe_update`]) from each state to the next equal full ones.
/// Returns the number of states checked.
///
/// # Errors
///
/// The first broken promise, as a [`ContractError`] naming the game, the
/// seed, the state's index and its notation.
///
/// ```
/// use racegames_board::testing::{check_game_with, CheckOptions, Race};
/// let options = CheckOptions { max_states: 10, ..CheckOptions::default() };
/// assert!(check_game_with(&Race::default(), 0..3, &options).unwrap() <= 30);
/// ```
pub fn check_game_with<G: Game>(
    game: &G,
    seeds: impl IntoIterator<Item = u64>,
    options: &CheckOptions,
) -> Result<usize, ContractError> {
    let mut checked = 0;
    for seed in seeds {
        let states = random_states(game, seed, options.max_states);
        let mut rng = SplitMix64::new(seed ^ 0x5EED);
        let mut tracker = Observations::new(game);
        for (step, state) in states.iter().enumerate() {
            let at = |problem: String| ContractError {
                game: game.name(),
                seed: Some(seed),
                step,
                notation: notation(game, state),
                problem,
            };
            check_one(game, state, options, &mut rng).map_err(at)?;
            tracker.advance(game, state).map_err(at)?;
            checked += 1;
        }
    }
    Ok(checked)
}

/// Checks the contract at one state:
///
/// - a chance node lists outcomes in increasing order, below
///   [`Game::max_chance_outcomes`], with probabilities in `(0, 1]` that sum
///   to 1 within 1e-12, and no legal actions;
/// - a decision node lists legal actions sorted, unique, below
///   [`Game::num_distinct_actions`], at least one and at most
///   [`Game::max_legal_actions`], and no chance outcomes; its
///   [`Game::turn_owner`] is the player to decide;
/// - [`Game::is_legal`] agrees with those lists, on other actions too, and
///   [`Game::apply`] refuses the others and leaves the state unchanged;
/// - [`Game::for_each_successor`], [`Game::apply_legal`] and
///   [`Game::apply`] lead to the same states, and
///   [`Game::legal_actions_unordered`] lists the same set;
/// - a terminal state has no actions and refuses every one;
/// - returns lie within the utility bounds (zero before the end);
///   observations have [`Game::observation_len`] finite values, within
///   [`Game::observation_bounds`];
/// - the notation reads back to the same state and text, and each action's
///   string reads back to that action.
///
/// # Errors
///
/// A [`ContractError`] without a seed.
///
/// ```
/// use racegames_board::testing::{check_state, Race};
/// use racegames_board::Game;
/// let game = Race::default();
/// check_state(&game, &game.parse_notation("5 2 1 3 9").unwrap()).unwrap();
/// ```
pub fn check_state<G: Game>(game: &G, state: &G::State) -> Result<(), ContractError> {
    let mut rng = SplitMix64::new(0);
    check_one(game, state, &CheckOptions::default(), &mut rng).map_err(|problem| ContractError {
        game: game.name(),
        seed: None,
        step: 0,
        notation: notation(game, state),
        problem,
    })
}

type Check = Result<(), String>;

fn ensure(ok: bool, problem: impl FnOnce() -> String) -> Check {
    if ok {
        Ok(())
    } else {
        Err(problem())
    }
}

fn check_one<G: Game>(
    game: &G,
    state: &G::State,
    options: &CheckOptions,
    rng: &mut SplitMix64,
) -> Check {
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, |a, p| outcomes.push((a, p)));
    let legal = legal_actions(game, state);
    let node = game.node(state);
    match node {
        Node::Chance => check_chance(game, state, &outcomes, &legal)?,
        Node::Decision(seat) => check_decision(game, state, seat, &outcomes, &legal)?,
        Node::Terminal => ensure(outcomes.is_empty() && legal.is_empty(), || {
            format!("a terminal state lists outcomes {outcomes:?} and actions {legal:?}")
        })?,
    }
    let applies: Vec<Action> = match node {
        Node::Chance => outcomes.iter().map(|&(a, _)| a).collect(),
        _ => legal.clone(),
    };
    check_legality(game, state, node, &applies, options, rng)?;
    check_successors(game, state, &legal)?;
    check_values(game, state, node)?;
    check_strings(game, state, &applies)
}

fn check_chance<G: Game>(
    game: &G,
    state: &G::State,
    outcomes: &[(Action, f64)],
    legal: &[Action],
) -> Check {
    ensure(!outcomes.is_empty(), || {
        "a chance node lists no outcomes".into()
    })?;
    ensure(legal.is_empty(), || {
        format!("a chance node lists legal actions {legal:?}")
    })?;
    ensure(outcomes.windows(2).all(|w| w[0].0 < w[1].0), || {
        format!("chance outcomes not in increasing order: {outcomes:?}")
    })?;
    let limit = game.max_chance_outcomes();
    ensure(outcomes.iter().all(|&(a, _)| (a as usize) < limit), || {
        format!("a chance outcome is not below max_chance_outcomes {limit}: {outcomes:?}")
    })?;
    ensure(outcomes.iter().all(|&(_, p)| p > 0.0 && p <= 1.0), || {
        format!("a chance probability is outside (0, 1]: {outcomes:?}")
    })?;
    let sum: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    ensure((sum - 1.0).abs() <= 1e-12, || {
        format!("chance probabilities sum to {sum}, not 1")
    })?;
    let owner = game.turn_owner(state);
    ensure(
        owner.map_or(true, |s| s.index() < game.num_players()),
        || format!("turn owner {owner:?} is not a seat"),
    )
}

fn check_decision<G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    outcomes: &[(Action, f64)],
    legal: &[Action],
) -> Check {
    ensure(outcomes.is_empty(), || {
        format!("a decision node lists chance outcomes {outcomes:?}")
    })?;
    ensure(seat.index() < game.num_players(), || {
        format!(
            "seat {} decides in a game of {} players",
            seat.index(),
            game.num_players()
        )
    })?;
    ensure(game.turn_owner(state) == Some(seat), || {
        format!(
            "seat {} decides but the turn owner is {:?}",
            seat.index(),
            game.turn_owner(state)
        )
    })?;
    ensure(!legal.is_empty(), || {
        "a decision node has no legal action".into()
    })?;
    ensure(legal.windows(2).all(|w| w[0] < w[1]), || {
        format!("legal actions not sorted and unique: {legal:?}")
    })?;
    let (max, n) = (game.max_legal_actions(), game.num_distinct_actions());
    ensure(legal.len() <= max, || {
        format!(
            "{} legal actions, above max_legal_actions {max}",
            legal.len()
        )
    })?;
    ensure(legal.iter().all(|&a| (a as usize) < n), || {
        format!("a legal action is not below num_distinct_actions {n}: {legal:?}")
    })?;
    let mut unordered = Vec::new();
    game.legal_actions_unordered(state, |a| unordered.push(a));
    unordered.sort_unstable();
    ensure(unordered == legal, || {
        format!("legal_actions_unordered lists {unordered:?}, legal_actions {legal:?}")
    })
}

/// `is_legal` is true exactly for what applies, and `apply` refuses the rest
/// without touching the state.
fn check_legality<G: Game>(
    game: &G,
    state: &G::State,
    node: Node,
    applies: &[Action],
    options: &CheckOptions,
    rng: &mut SplitMix64,
) -> Check {
    let space = match node {
        Node::Chance => game.max_chance_outcomes(),
        _ => game.num_distinct_actions(),
    } as u64;
    let mut probes: Vec<Action> = applies.to_vec();
    if space <= options.illegal_probes as u64 {
        probes.extend(0..space as Action);
    } else {
        for _ in 0..options.illegal_probes {
            probes.push(rng.below(space as usize) as Action);
        }
        probes.push(space as Action - 1);
    }
    probes.extend([space as Action, Action::MAX]);
    for a in probes {
        let listed = applies.contains(&a);
        ensure(game.is_legal(state, a) == listed, || {
            format!(
                "is_legal({a}) is {}, but the action is {}listed",
                !listed,
                if listed { "" } else { "not " }
            )
        })?;
        let mut after = *state;
        let result = game.apply(&mut after, a);
        ensure(result.is_ok() == listed, || {
            format!(
                "apply({a}) gives {result:?} for an action {}listed",
                if listed { "" } else { "not " }
            )
        })?;
        ensure(listed || after == *state, || {
            format!("apply({a}) refused the action but changed the state")
        })?;
    }
    Ok(())
}

/// `for_each_successor`, `apply_legal` and `apply` agree.
fn check_successors<G: Game>(game: &G, state: &G::State, legal: &[Action]) -> Check {
    let mut walked = Vec::new();
    game.for_each_successor(state, |a, next| walked.push((a, *next)));
    let mut applied = Vec::new();
    for &a in legal {
        let mut next = *state;
        game.apply(&mut next, a)
            .map_err(|e| format!("apply({a}) of a legal action: {e}"))?;
        let mut quick = *state;
        game.apply_legal(&mut quick, a);
        ensure(quick == next, || {
            format!("apply_legal({a}) gives {quick:?}, apply gives {next:?}")
        })?;
        ensure(game.turn_count(&next) >= game.turn_count(state), || {
            format!("apply({a}) lowers the turn count")
        })?;
        applied.push((a, next));
    }
    ensure(walked == applied, || {
        format!("for_each_successor gives {walked:?}, apply gives {applied:?}")
    })
}

/// Returns within bounds; observations of the right length, finite and
/// within the game's stated bounds.
fn check_values<G: Game>(game: &G, state: &G::State, node: Node) -> Check {
    let players = game.num_players();
    let mut returns = vec![f64::NAN; players];
    game.returns(state, &mut returns)
        .map_err(|e| format!("returns: {e}"))?;
    let (lo, hi) = (game.min_utility(), game.max_utility());
    ensure(returns.iter().all(|r| (lo..=hi).contains(r)), || {
        format!("returns {returns:?} outside [{lo}, {hi}]")
    })?;
    ensure(
        node == Node::Terminal || returns.iter().all(|&r| r == 0.0),
        || format!("returns {returns:?} before the end"),
    )?;
    ensure(
        game.returns(state, &mut vec![0.0; players + 1]).is_err(),
        || "returns accepts a buffer of the wrong length".into(),
    )?;
    let len = game.observation_len();
    let mut obs = vec![f32::NAN; len];
    for seat in 0..players {
        game.observe(state, Seat::new(seat as u8), &mut obs)
            .map_err(|e| format!("observe by seat {seat}: {e}"))?;
        ensure(obs.iter().all(|v| v.is_finite()), || {
            format!("the observation by seat {seat} has a value that is not finite")
        })?;
        let (low, high) = game.observation_bounds();
        ensure(obs.iter().all(|v| (low..=high).contains(v)), || {
            format!("the observation by seat {seat} has a value outside [{low}, {high}]")
        })?;
    }
    ensure(
        game.observe(state, Seat::new(0), &mut vec![0.0; len + 1])
            .is_err(),
        || "observe accepts a buffer of the wrong length".into(),
    )
}

/// Notation and action strings read back.
fn check_strings<G: Game>(game: &G, state: &G::State, applies: &[Action]) -> Check {
    let text = notation(game, state);
    let back = game
        .parse_notation(&text)
        .map_err(|e| format!("the notation does not read back: {e}"))?;
    ensure(back == *state, || {
        format!("the notation reads back as another state: {back:?}")
    })?;
    let again = notation(game, &back);
    ensure(again == text, || {
        format!("the notation reads back as {again:?}")
    })?;
    for &a in applies {
        let s = action_string(game, state, a);
        let parsed = game.parse_action(state, &s);
        ensure(parsed == Ok(a), || {
            format!("action {a} is written {s:?}, which reads as {parsed:?}")
        })?;
    }
    Ok(())
}

/// Each seat's observation, and the observation by the seat to move, kept
/// up to date with [`Game::observe_update`] along a game.
struct Observations<G: Game> {
    previous: Option<G::State>,
    by_seat: Vec<Vec<f32>>,
    mover: Seat,
    by_mover: Vec<f32>,
    full: Vec<f32>,
}

impl<G: Game> Observations<G> {
    fn new(game: &G) -> Self {
        let len = game.observation_len();
        Observations {
            previous: None,
            by_seat: vec![vec![0.0; len]; game.num_players()],
            mover: Seat::new(0),
            by_mover: vec![0.0; len],
            full: vec![0.0; len],
        }
    }

    fn advance(&mut self, game: &G, state: &G::State) -> Check {
        let mover = game.turn_owner(state).unwrap_or(Seat::new(0));
        let Some(before) = self.previous.replace(*state) else {
            for (seat, buf) in self.by_seat.iter_mut().enumerate() {
                game.observe(state, Seat::new(seat as u8), buf)
                    .map_err(|e| format!("observe: {e}"))?;
            }
            self.mover = mover;
            return game
                .observe(state, mover, &mut self.by_mover)
                .map_err(|e| format!("observe: {e}"));
        };
        for (seat, buf) in self.by_seat.iter_mut().enumerate() {
            let seat = Seat::new(seat as u8);
            game.observe_update(&before, seat, state, seat, buf)
                .map_err(|e| format!("observe_update: {e}"))?;
            game.observe(state, seat, &mut self.full)
                .map_err(|e| format!("observe: {e}"))?;
            ensure(*buf == self.full, || {
                format!(
                    "observe_update for seat {} differs from observe",
                    seat.index()
                )
            })?;
        }
        game.observe_update(&before, self.mover, state, mover, &mut self.by_mover)
            .map_err(|e| format!("observe_update: {e}"))?;
        game.observe(state, mover, &mut self.full)
            .map_err(|e| format!("observe: {e}"))?;
        let from = self.mover;
        self.mover = mover;
        ensure(self.by_mover == self.full, || {
            format!(
                "observe_update from seat {} to seat {} differs from observe",
                from.index(),
                mover.index()
            )
        })
    }
}
