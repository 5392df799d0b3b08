//! The game contract with its types erased, so that one interface (and
//! one Python class on top of it) serves every game.
//!
//! [`DynRules`] and [`DynState`] are object-safe mirrors of
//! [`racegames_board::Game`]; blanket implementations cover every
//! [`Erasable`] game, so exposing a new game needs no code here, only a
//! line in the registry. Each call through these traits does a whole
//! operation (list the legal actions, apply one action), so the cost of the
//! virtual call is small beside it; the batched hot path of the vector
//! environment is monomorphised instead. What is built on a game (its
//! players, the arena, luck, drivers and vectors) is not part of this
//! contract: `crate::dyngame::DynGame` adds it on top.

use std::any::Any;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use racegames_board::record::{ReadError, Record, RecordText, WriteError};
use racegames_board::sim::SplitMix64;
use racegames_board::{
    Action, ActionBuffer, FromParams, Game, IllegalAction, Node, ObservationError, ParamList,
    ParseError, ReturnsError, Seat,
};

use crate::facts::Drawing;
use crate::shaping::Shaping;

/// Declares [`GameFacts`] and implements it for every game, from one list:
/// each fact's doc, name, type and how [`Game`] (or [`FromParams`]) gives it.
macro_rules! game_facts {
    ($($(#[doc = $doc:literal])* $name:ident -> $ret:ty = $get:expr;)*) => {
        /// What a game is, with no state needed: the facts of [`Game`] (and
        /// its options), object-safe, so that every [`DynRules`] has them.
        pub trait GameFacts {
            $($(#[doc = $doc])* fn $name(&self) -> $ret;)*
        }

        impl<G: Game + FromParams> GameFacts for G {
            $(fn $name(&self) -> $ret {
                let get: fn(&G) -> $ret = $get;
                get(self)
            })*
        }
    };
}

game_facts! {
    /// The short name ([`Game::name`]).
    name -> &'static str = Game::name;
    /// Every option with its value, defaults included ([`FromParams::params`]).
    params -> ParamList = FromParams::params;
    /// The number of seats.
    num_players -> usize = Game::num_players;
    /// The size of the action space at decision nodes.
    num_distinct_actions -> usize = Game::num_distinct_actions;
    /// The largest number of outcomes of a chance node.
    max_chance_outcomes -> usize = Game::max_chance_outcomes;
    /// The worst case of the number of legal actions.
    max_legal_actions -> usize = Game::max_legal_actions;
    /// The lowest return.
    min_utility -> f64 = Game::min_utility;
    /// The highest return.
    max_utility -> f64 = Game::max_utility;
    /// The shape of an observation.
    observation_shape -> Vec<usize> = |g| Game::observation_shape(g).to_vec();
    /// The number of values of an observation.
    observation_len -> usize = Game::observation_len;
    /// The name for people ([`Game::display_name`]).
    display_name -> &'static str = Game::display_name;
    /// The family ([`Game::family`]).
    family -> &'static str = Game::family;
    /// The bounds of every observation value ([`Game::observation_bounds`]).
    observation_bounds -> (f32, f32) = Game::observation_bounds;
}

/// What a game needs to be erased: its rules and options, its progress
/// measure and its drawing, and to be shared between threads (every game
/// of the registry is).
pub trait Erasable:
    Game<State: Send + Sync + 'static> + FromParams + Shaping + Send + Sync + 'static
{
}

impl<G> Erasable for G where
    G: Game<State: Send + Sync + 'static> + FromParams + Shaping + Send + Sync + 'static
{
}

/// A game's rules with their options fixed, types erased.
pub trait DynRules: GameFacts + Send + Sync + 'static {
    /// The state before the roll-off.
    fn new_initial_state(self: Arc<Self>) -> Box<dyn DynState>;
    /// A state from its notation.
    ///
    /// # Errors
    ///
    /// Text that is not a position of this game.
    fn parse_notation(self: Arc<Self>, text: &str) -> Result<Box<dyn DynState>, ParseError>;
    /// Whether the game has a progress measure (`reward="progress"`).
    fn has_progress(&self) -> bool;
    /// Each seat's route ([`crate::facts::Drawing::routes`]).
    fn routes(&self) -> Vec<Vec<u16>>;
    /// Reads a game's moves in their positions ([`RecordText::to_record`]).
    ///
    /// # Errors
    ///
    /// A record of another game or with an illegal move.
    fn read_record(&self, text: &RecordText) -> Result<Record, ReadError>;
    /// Writes a record as text ([`Record::write`]).
    ///
    /// # Errors
    ///
    /// An action of the record that is not legal in its position.
    fn write_record(&self, record: &Record) -> Result<String, WriteError>;
}

/// A state together with its game, types erased.
pub trait DynState: Send + Sync + 'static {
    /// The game this state belongs to.
    fn game(&self) -> &dyn DynRules;
    /// What happens next.
    fn node(&self) -> Node;
    /// The player whose turn it is.
    fn turn_owner(&self) -> Option<Seat>;
    /// Turns completed.
    fn turn_count(&self) -> u32;
    /// Ended by the turn limit.
    fn is_truncated(&self) -> bool;
    /// How the game ended where its rules say more than a win or a draw
    /// ([`Game::termination`]).
    fn termination(&self) -> Option<&'static str>;
    /// Chance outcomes with probabilities, in increasing order.
    fn chance_outcomes(&self) -> Vec<(Action, f64)>;
    /// Legal actions, in increasing order.
    fn legal_actions(&self) -> Vec<Action>;
    /// Replaces `out` with the legal actions, in increasing order (reuses
    /// its allocation).
    fn legal_actions_into(&self, out: &mut Vec<Action>);
    /// Sets `out[a] = 1` for each legal action `a` (`out` is zeroed by the caller).
    fn write_legal_mask(&self, out: &mut [i8]);
    /// Whether `action` applies.
    fn is_legal(&self, action: Action) -> bool;
    /// Applies an action; unchanged on error.
    ///
    /// # Errors
    ///
    /// An action that is not legal here.
    fn apply(&mut self, action: Action) -> Result<(), IllegalAction>;
    /// Applies an action that [`DynState::legal_actions`] listed for this
    /// very state, which games may then skip checking
    /// ([`Game::apply_legal`]).
    fn apply_legal(&mut self, action: Action);
    /// Each player's return (an error only from a game that miscounts its
    /// seats: a bug).
    ///
    /// # Errors
    ///
    /// Only from a game that miscounts its seats (a bug).
    fn returns(&self) -> Result<Vec<f64>, ReturnsError>;
    /// How far `player` has come ([`Shaping::progress`]).
    fn progress(&self, player: Seat) -> Option<f64>;
    /// The observation of `player`.
    ///
    /// # Errors
    ///
    /// An output slice of the wrong length.
    fn observe(&self, player: Seat, out: &mut [f32]) -> Result<(), ObservationError>;
    /// The string of an action.
    fn action_to_string(&self, action: Action) -> String;
    /// The action a string names.
    ///
    /// # Errors
    ///
    /// Text that names no legal action here.
    fn string_to_action(&self, text: &str) -> Result<Action, ParseError>;
    /// The one-line notation.
    fn notation(&self) -> String;
    /// The game's multi-line text picture of the board.
    fn diagram(&self) -> String;
    /// The picture of the position ([`racegames_draw`]; the notation in a
    /// line of text for a game without a drawing).
    fn scene(&self) -> racegames_draw::Scene;
    /// How the game ended, in words, once it has (the line under its
    /// picture: [`racegames_draw::result_line`]).
    fn result_line(&self) -> Option<String> {
        if self.node() != Node::Terminal {
            return None;
        }
        let returns = self.returns().ok()?;
        let family = self.game().family();
        Some(racegames_draw::result_line(
            family,
            &returns,
            self.is_truncated(),
        ))
    }
    /// The picture as SVG text; `result_line` (how a finished game ended)
    /// is written under it.
    fn svg(&self, result_line: Option<&str>) -> String {
        let mut scene = self.scene();
        if let Some(line) = result_line {
            scene.add_line(line);
        }
        scene.to_svg()
    }
    /// The picture as `(width, height, pixels)`, three bytes (RGB) a pixel,
    /// row by row, text left out.
    fn rgb(&self) -> (usize, usize, Vec<u8>) {
        self.scene().to_rgb()
    }
    /// Plays random steps (chance by probability, decisions uniformly) until
    /// the end or `max_steps`, pushing each action to `log`; returns the
    /// number of steps taken.
    fn play_random(&mut self, rng: &mut SplitMix64, max_steps: u64, log: &mut Vec<Action>) -> u64;
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// Equality with another state of the same game type.
    fn eq_dyn(&self, other: &dyn DynState) -> bool;
    /// A hash of the position.
    fn hash_dyn(&self) -> u64;
    /// For downcasting to [`Held`], to reach game-specific analysis.
    fn as_any(&self) -> &dyn Any;
    /// For downcasting to [`Held`], to play on it ([`crate::driver`]).
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A typed state with a shared handle on its game.
pub struct Held<G: Game> {
    /// The game.
    pub game: Arc<G>,
    /// The position.
    pub state: G::State,
}

impl<G: Erasable> DynRules for G {
    fn new_initial_state(self: Arc<Self>) -> Box<dyn DynState> {
        let state = Game::new_initial_state(&*self);
        Box::new(Held { game: self, state })
    }
    fn parse_notation(self: Arc<Self>, text: &str) -> Result<Box<dyn DynState>, ParseError> {
        let state = Game::parse_notation(&*self, text)?;
        Ok(Box::new(Held { game: self, state }))
    }
    fn routes(&self) -> Vec<Vec<u16>> {
        Drawing::routes(self)
    }
    fn has_progress(&self) -> bool {
        let start = self.new_initial_state();
        Shaping::progress(self, &start, Seat::new(0)).is_some()
    }
    fn read_record(&self, text: &RecordText) -> Result<Record, ReadError> {
        text.to_record(self)
    }
    fn write_record(&self, record: &Record) -> Result<String, WriteError> {
        record.to_text(self)
    }
}

impl<G: Erasable> DynState for Held<G> {
    fn game(&self) -> &dyn DynRules {
        &*self.game
    }
    fn node(&self) -> Node {
        self.game.node(&self.state)
    }
    fn turn_owner(&self) -> Option<Seat> {
        self.game.turn_owner(&self.state)
    }
    fn turn_count(&self) -> u32 {
        self.game.turn_count(&self.state)
    }
    fn is_truncated(&self) -> bool {
        self.game.is_truncated(&self.state)
    }
    fn termination(&self) -> Option<&'static str> {
        self.game.termination(&self.state)
    }
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        // Room for two six-sided dice's 21 throws at once: the list is made
        // at every chance node of a Python loop, and growing it cost more
        // than filling it.
        let mut out = Vec::with_capacity(32);
        self.game
            .chance_outcomes(&self.state, |a, p| out.push((a, p)));
        out
    }
    fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        self.game.legal_actions(&self.state, |a| out.push(a));
    }
    fn write_legal_mask(&self, out: &mut [i8]) {
        self.game.legal_actions(&self.state, |a| {
            if let Some(slot) = out.get_mut(a as usize) {
                *slot = 1;
            }
        });
    }
    fn is_legal(&self, action: Action) -> bool {
        self.game.is_legal(&self.state, action)
    }
    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let mut next = self.state;
        self.game.apply(&mut next, action)?;
        self.state = next;
        Ok(())
    }
    fn apply_legal(&mut self, action: Action) {
        // On a copy, so that a panic (a bug) leaves the state as it was.
        let mut next = self.state;
        self.game.apply_legal(&mut next, action);
        self.state = next;
    }
    fn progress(&self, player: Seat) -> Option<f64> {
        Shaping::progress(&*self.game, &self.state, player)
    }
    fn returns(&self) -> Result<Vec<f64>, ReturnsError> {
        let mut out = vec![0.0; self.game.num_players()];
        self.game.returns(&self.state, &mut out)?;
        Ok(out)
    }
    fn observe(&self, player: Seat, out: &mut [f32]) -> Result<(), ObservationError> {
        self.game.observe(&self.state, player, out)
    }
    fn action_to_string(&self, action: Action) -> String {
        let mut s = String::new();
        if self.game.write_action(&self.state, action, &mut s).is_err() {
            s.clear();
            let _ = write!(s, "action {action}");
        }
        s
    }
    fn string_to_action(&self, text: &str) -> Result<Action, ParseError> {
        self.game.parse_action(&self.state, text)
    }
    fn notation(&self) -> String {
        // Room for the longest notations of the built-in games at once.
        let mut s = String::with_capacity(160);
        // Writing into a String cannot fail unless the game's formatting
        // does; the notation is then whatever was written.
        let _ = self.game.write_notation(&self.state, &mut s);
        s
    }
    fn diagram(&self) -> String {
        let mut s = String::new();
        if self.game.write_diagram(&self.state, &mut s).is_err() {
            s = self.notation();
        }
        s
    }
    fn scene(&self) -> racegames_draw::Scene {
        Drawing::scene(&*self.game, &self.state)
            .unwrap_or_else(|| racegames_draw::notation_scene(&self.notation()))
    }
    fn play_random(&mut self, rng: &mut SplitMix64, max_steps: u64, log: &mut Vec<Action>) -> u64 {
        let mut buf = ActionBuffer::new();
        let mut steps = 0;
        while steps < max_steps {
            let Some(a) =
                racegames_board::sim::random_step(&*self.game, &mut self.state, rng, &mut buf)
            else {
                break;
            };
            log.push(a);
            steps += 1;
        }
        steps
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(Held {
            game: Arc::clone(&self.game),
            state: self.state,
        })
    }
    fn eq_dyn(&self, other: &dyn DynState) -> bool {
        other
            .as_any()
            .downcast_ref::<Held<G>>()
            .is_some_and(|o| o.state == self.state)
    }
    fn hash_dyn(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.state.hash(&mut h);
        h.finish()
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyngame::DynGame;
    use racegames_board::testing::Race;

    #[test]
    fn an_illegal_action_leaves_the_state_unchanged() {
        let game: Arc<dyn DynGame> = Arc::new(Race::default());
        let mut s = Arc::clone(&game).new_initial_state();
        let before = s.notation();
        assert!(s.apply(7).is_err());
        assert_eq!(s.notation(), before);
        s.apply(2).unwrap();
        assert_eq!(s.legal_actions(), vec![0, 1]);
        assert!(s.apply(3).is_err());
        assert_eq!(s.notation(), "0 0 0 3 0");
    }

    #[test]
    fn notation_round_trips_and_clones_are_independent() {
        let game: Arc<dyn DynGame> = Arc::new(Race::default());
        let mut s = Arc::clone(&game).new_initial_state();
        let mut rng = SplitMix64::new(3);
        s.play_random(&mut rng, 7, &mut Vec::new());
        let t = Arc::clone(&game).parse_notation(&s.notation()).unwrap();
        assert!(t.eq_dyn(&*s));
        let mut u = t.clone_box();
        u.play_random(&mut rng, 3, &mut Vec::new());
        assert!(t.eq_dyn(&*s));
        assert!(!u.eq_dyn(&*t));
    }

    /// `apply_legal` of a listed action does what `apply` does, for a game
    /// with the default (Race) and every registered game (several skip the
    /// check); `legal_actions_into` lists what `legal_actions` lists.
    #[test]
    fn apply_legal_agrees_with_apply_over_random_play() {
        let mut games: Vec<Arc<dyn DynGame>> = vec![Arc::new(Race::default())];
        for name in crate::registry::names() {
            games.push(crate::registry::find(name).unwrap()(name, &[]).unwrap());
        }
        let mut rng = SplitMix64::new(11);
        let mut legal = vec![99];
        for game in games {
            for _ in 0..5 {
                let mut s = Arc::clone(&game).new_initial_state();
                while s.node() != Node::Terminal && s.turn_count() < 300 {
                    let a = match s.node() {
                        Node::Chance => {
                            let outcomes = s.chance_outcomes();
                            outcomes[rng.below(outcomes.len())].0
                        }
                        _ => {
                            s.legal_actions_into(&mut legal);
                            assert_eq!(legal, s.legal_actions());
                            legal[rng.below(legal.len())]
                        }
                    };
                    let mut checked = s.clone_box();
                    checked.apply(a).unwrap();
                    s.apply_legal(a);
                    assert!(s.eq_dyn(&*checked));
                }
            }
        }
    }

    #[test]
    fn the_mask_matches_the_legal_actions() {
        let game: Arc<dyn DynGame> = Arc::new(Race::default());
        let mut s = Arc::clone(&game).parse_notation("5 0 0 2 3").unwrap();
        let mut mask = [0i8; 2];
        s.write_legal_mask(&mut mask);
        assert_eq!(mask, [1, 0]);
        assert!(s.apply(1).is_err());
        s.apply(0).unwrap();
    }

    /// Every registered game draws its positions (the toy race, which has
    /// no drawing, as its notation); the result line goes under the picture.
    #[test]
    fn every_game_draws_its_positions() {
        let mut rng = SplitMix64::new(5);
        for name in crate::registry::names() {
            let game = crate::registry::find(name).unwrap()(name, &[]).unwrap();
            let mut s = Arc::clone(&game).new_initial_state();
            for _ in 0..3 {
                let svg = s.svg(None);
                assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{name}");
                let (w, h, px) = s.rgb();
                assert!(w > 100 && h > 100 && px.len() == w * h * 3, "{name}");
                s.play_random(&mut rng, 20, &mut Vec::new());
            }
            assert!(s
                .svg(Some("Game over: A wins"))
                .contains("Game over: A wins"));
        }
        let race: Arc<dyn DynGame> = Arc::new(Race::default());
        let s = race.new_initial_state();
        assert!(s.svg(None).contains(&s.notation()));
    }
}
