//! The contract kit finds each kind of broken promise: the toy race passes,
//! and a copy of it broken in one way at a time fails with a message that
//! names the game, the seed and the state.
#![cfg(feature = "testing")]

use core::fmt;

use racegames_board::perft::{perft, step_ends_at_most, Step};
use racegames_board::testing::{check_game, check_perft_data, check_state, Race, RaceDie};
use racegames_board::{
    Action, Game, IllegalAction, Node, ObservationError, ParseError, ReturnsError, Seat,
};

/// One broken promise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Break {
    Nothing,
    ChanceSum,
    Unsorted,
    TooMany,
    IsLegal,
    ObserveUpdate,
    Successor,
    Notation,
    ActionString,
}

/// The race with one promise broken.
struct Broken(Race, Break);

impl Game for Broken {
    type State = <Race as Game>::State;
    fn name(&self) -> &'static str {
        "broken race"
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn num_distinct_actions(&self) -> usize {
        self.0.num_distinct_actions()
    }
    fn max_chance_outcomes(&self) -> usize {
        self.0.max_chance_outcomes()
    }
    fn max_legal_actions(&self) -> usize {
        if self.1 == Break::TooMany {
            1
        } else {
            self.0.max_legal_actions()
        }
    }
    fn min_utility(&self) -> f64 {
        self.0.min_utility()
    }
    fn max_utility(&self) -> f64 {
        self.0.max_utility()
    }
    fn observation_shape(&self) -> &[usize] {
        self.0.observation_shape()
    }
    fn new_initial_state(&self) -> Self::State {
        self.0.new_initial_state()
    }
    fn node(&self, s: &Self::State) -> Node {
        self.0.node(s)
    }
    fn turn_owner(&self, s: &Self::State) -> Option<Seat> {
        self.0.turn_owner(s)
    }
    fn turn_count(&self, s: &Self::State) -> u32 {
        self.0.turn_count(s)
    }
    fn is_truncated(&self, s: &Self::State) -> bool {
        self.0.is_truncated(s)
    }
    fn chance_outcomes(&self, s: &Self::State, mut f: impl FnMut(Action, f64)) {
        let scale = if self.1 == Break::ChanceSum { 0.9 } else { 1.0 };
        self.0.chance_outcomes(s, |a, p| f(a, p * scale));
    }
    fn legal_actions(&self, s: &Self::State, mut f: impl FnMut(Action)) {
        let mut v = Vec::new();
        self.0.legal_actions(s, |a| v.push(a));
        if self.1 == Break::Unsorted {
            v.reverse();
        }
        v.into_iter().for_each(&mut f);
    }
    fn is_legal(&self, s: &Self::State, a: Action) -> bool {
        (self.1 == Break::IsLegal && a == 1) || self.0.is_legal(s, a)
    }
    fn apply(&self, s: &mut Self::State, a: Action) -> Result<(), IllegalAction> {
        self.0.apply(s, a)
    }
    fn for_each_successor(&self, s: &Self::State, mut f: impl FnMut(Action, &Self::State)) {
        self.0.for_each_successor(s, |a, next| {
            let mut next = *next;
            if self.1 == Break::Successor {
                next.turns += 1;
            }
            f(a, &next);
        });
    }
    fn returns(&self, s: &Self::State, out: &mut [f64]) -> Result<(), ReturnsError> {
        self.0.returns(s, out)
    }
    fn observe(&self, s: &Self::State, p: Seat, out: &mut [f32]) -> Result<(), ObservationError> {
        self.0.observe(s, p, out)
    }
    fn observe_update(
        &self,
        before: &Self::State,
        before_player: Seat,
        s: &Self::State,
        p: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        if self.1 == Break::ObserveUpdate {
            // Forgets the die.
            let die = out.get(2).copied();
            self.0.observe_update(before, before_player, s, p, out)?;
            if let (Some(d), Some(slot)) = (die, out.get_mut(2)) {
                *slot = d;
            }
            Ok(())
        } else {
            self.0.observe_update(before, before_player, s, p, out)
        }
    }
    fn write_action(&self, s: &Self::State, a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        if self.1 == Break::ActionString && self.0.node(s) != Node::Chance {
            return out.write_str("a move");
        }
        self.0.write_action(s, a, out)
    }
    fn write_notation(&self, s: &Self::State, out: &mut dyn fmt::Write) -> fmt::Result {
        self.0.write_notation(s, out)
    }
    fn parse_notation(&self, text: &str) -> Result<Self::State, ParseError> {
        let mut s = self.0.parse_notation(text)?;
        if self.1 == Break::Notation && s.turns > 2 {
            s.turns -= 1;
        }
        Ok(s)
    }
}

#[test]
fn the_race_keeps_the_contract_in_every_variant() {
    for die in [RaceDie::Even, RaceDie::Skewed] {
        for bonus_throw in [false, true] {
            let game = Race {
                die,
                bonus_throw,
                max_turns: 30,
            };
            assert!(check_game(&game, 0..10).unwrap() > 50);
        }
    }
    assert!(check_game(&Broken(Race::default(), Break::Nothing), 0..10).is_ok());
}

#[test]
fn each_broken_promise_is_found_and_named() {
    for (broken, words) in [
        (Break::ChanceSum, "sum to"),
        (Break::Unsorted, "not sorted"),
        (Break::TooMany, "max_legal_actions"),
        (Break::IsLegal, "is_legal(1)"),
        (Break::ObserveUpdate, "observe_update"),
        (Break::Successor, "for_each_successor"),
        (Break::Notation, "notation"),
        (Break::ActionString, "is written"),
    ] {
        let game = Broken(Race::default(), broken);
        let err = check_game(&game, 0..10).unwrap_err();
        let text = err.to_string();
        assert!(text.contains(words), "{broken:?}: {text}");
        assert!(text.starts_with("broken race, seed "), "{text}");
        assert!(text.contains(&err.notation), "{text}");
        assert_eq!(err.game, "broken race");
    }
}

#[test]
fn a_single_state_is_checked_without_a_seed() {
    let game = Broken(Race::default(), Break::ChanceSum);
    let err = check_state(&game, &game.new_initial_state()).unwrap_err();
    assert_eq!(err.seed, None);
    assert_eq!(err.notation, "0 0 0 0 0");
    assert!(
        err.to_string().starts_with("broken race (0 0 0 0 0): "),
        "{err}"
    );
}

#[test]
fn perft_counts_turns_or_throws() {
    let hop = Race {
        die: RaceDie::Skewed,
        bonus_throw: true,
        max_turns: 60,
    };
    let start = hop.new_initial_state();
    // One turn: stay (one state whatever the die), move 1 or 2, or move 3
    // and throw again (stay, or move 1, 2 or 3 more: squares 3 to 6).
    assert_eq!(perft(&hop, &start, 1, Step::Turn), 1 + 2 + 4);
    // One throw: stay, or move 1, 2 or 3 (then at the bonus throw).
    assert_eq!(perft(&hop, &start, 1, Step::Throw), 4);
    assert_eq!(perft(&hop, &start, 0, Step::Throw), 1);
    // A finished game has no successors.
    let won = hop.parse_notation("6 0 1 0 3").unwrap();
    assert_eq!(perft(&hop, &won, 1, Step::Turn), 0);
    let mut ends = std::collections::BTreeSet::new();
    assert!(step_ends_at_most(&hop, &won, Step::Turn, &mut ends, 0));
    assert!(ends.is_empty());
}

#[test]
fn perft_data_errors_name_the_line() {
    let count =
        |l: &racegames_board::testing::PerftLine<'_>| l.count_in(&l.make::<Race>()?, Step::Turn);
    let err = check_perft_data("# only comments\n", u64::MAX, count).unwrap_err();
    assert!(err.contains("no counted lines"), "{err}");
    let err = check_perft_data("race | colour=red | 0 0 0 0 0 | 1 | 4", u64::MAX, count);
    assert!(err.unwrap_err().starts_with("line 1: race: "));
    let err = check_perft_data("\nrace | - | 9 9 | 1 | 4", u64::MAX, count);
    assert!(err.unwrap_err().starts_with("line 2: 9 9: "));
    let done = check_perft_data("race | - | 0 0 0 0 0 | 1 | 4", 3, count).unwrap();
    assert_eq!((done.checked, done.skipped), (0, 1));
}
