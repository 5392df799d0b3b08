//! Players with the game type erased, as [`crate::erased`] does for games.
//!
//! [`DynPlayable`] is implemented for every registered game through its
//! [`Playable`] impl, so each game gets its built-in players, the arena and
//! vector-environment opponents with no code of its own here. The arena
//! takes [`Seat`]s: built-in players, played natively, or Python callables
//! (called with the GIL taken for each decision).

use std::any::Any;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use racegames_board::record::Record;
use racegames_board::{Action, Game, ParamValue};
use racegames_players::arena::{self, ArenaConfig, ArenaError, ArenaResult, Control, RoundRobin};
use racegames_players::{Playable, Player, PlayerError};

use crate::erased::{DynState, Held};
use crate::pygame::{PyGame, PyState};
use crate::vector::{DynVector, VecCore, VectorConfig};

/// A built-in player with its game type erased.
pub trait DynPlayer: Send {
    /// The player's name.
    fn name(&self) -> &str;
    /// A legal action at `state`, a decision node of the player's game type.
    fn act(&mut self, state: &dyn DynState) -> Result<Action, PlayerError>;
    /// A fresh copy with the same settings and seed.
    fn clone_dyn(&self) -> Box<dyn DynPlayer>;
    /// For downcasting to [`Typed`].
    fn as_any(&self) -> &dyn Any;
}

/// A player of the game type `G`.
pub struct Typed<G: Game>(pub Box<dyn Player<G>>);

impl<G> DynPlayer for Typed<G>
where
    G: Game + Send + Sync + 'static,
    G::State: Send + Sync + 'static,
{
    fn name(&self) -> &str {
        self.0.name()
    }
    fn act(&mut self, state: &dyn DynState) -> Result<Action, PlayerError> {
        let held = state
            .as_any()
            .downcast_ref::<Held<G>>()
            .ok_or_else(|| PlayerError::BadParameter("the state is of another game".into()))?;
        self.0.act(&held.game, &held.state)
    }
    fn clone_dyn(&self) -> Box<dyn DynPlayer> {
        Box::new(Typed(self.0.clone_box()))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A seat of an arena match.
pub enum Seat {
    /// A built-in player, played natively.
    Native(Box<dyn DynPlayer>),
    /// A Python callable `state -> action`.
    Python(Arc<Py<PyAny>>),
}

/// The first exception a Python player raised in a match, passed on to
/// the caller in place of the arena's error.
pub type Raised = Arc<Mutex<Option<PyErr>>>;

/// The player half of a game's erased contract.
pub trait DynPlayable {
    /// Built-in player names, strongest first.
    fn player_names(&self) -> Vec<&'static str>;
    /// Builds a built-in player.
    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &[(&str, ParamValue<'_>)],
    ) -> Result<Box<dyn DynPlayer>, PlayerError>;
    /// The `policy` player of the policy file `bytes` (a pickled policy
    /// player carries its weights, not its path).
    fn policy_player_from_bytes(
        &self,
        seed: u64,
        bytes: &[u8],
    ) -> Result<Box<dyn DynPlayer>, PlayerError>;
    /// Plays a match natively (Python seats take the GIL to decide). With
    /// `record` (the players' names, in the order given, and an output),
    /// also writes every game's record as text, in game order, on a thread
    /// of its own while the match goes on.
    #[allow(clippy::too_many_arguments)] // the match's inputs, one each
    fn play_match(
        self: Arc<Self>,
        pygame: Arc<Py<PyGame>>,
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
        raised: &Raised,
        record: Option<(&[String], &mut (dyn std::io::Write + Send))>,
    ) -> Result<ArenaResult, ArenaError>;
    /// Plays a round robin between the seats.
    fn play_round_robin(
        self: Arc<Self>,
        pygame: Arc<Py<PyGame>>,
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
        raised: &Raised,
    ) -> Result<RoundRobin, ArenaError>;
    /// A vector environment whose opponents are copies of the players of
    /// `league`, one drawn per episode (`None` if one of them is a player
    /// of another game type).
    fn new_vector_against(
        self: Arc<Self>,
        config: VectorConfig,
        league: &[Box<dyn DynPlayer>],
    ) -> Option<Box<dyn DynVector>>;
}

impl<G> DynPlayable for G
where
    G: Playable + racegames_board::FromParams + crate::shaping::Shaping,
    G::State: Send + Sync + 'static,
{
    fn player_names(&self) -> Vec<&'static str> {
        Playable::player_names(self)
    }
    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &[(&str, ParamValue<'_>)],
    ) -> Result<Box<dyn DynPlayer>, PlayerError> {
        let player = Playable::make_player(self, name, seed, params)?;
        Ok(Box::new(Typed(player)))
    }
    fn policy_player_from_bytes(
        &self,
        seed: u64,
        bytes: &[u8],
    ) -> Result<Box<dyn DynPlayer>, PlayerError> {
        use racegames_players::policy::{PolicyNet, PolicyPlayer};
        let bad = |e: racegames_players::policy::PolicyError| {
            PlayerError::BadParameter(format!("policy file: {e}"))
        };
        let net = PolicyNet::from_bytes(bytes).map_err(bad)?;
        let player = PolicyPlayer::new(self, Arc::new(net), seed, 0.0).map_err(bad)?;
        Ok(Box::new(Typed::<G>(Box::new(player))))
    }
    fn play_match(
        self: Arc<Self>,
        pygame: Arc<Py<PyGame>>,
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
        raised: &Raised,
        record: Option<(&[String], &mut (dyn std::io::Write + Send))>,
    ) -> Result<ArenaResult, ArenaError> {
        let players = typed_players(&self, &pygame, seats, raised)?;
        let Some((names, out)) = record else {
            return arena::play_with(&*self, &players, config, control);
        };
        let game = &*self;
        let (tx, rx) = std::sync::mpsc::channel::<(usize, Record)>();
        std::thread::scope(|scope| {
            let writer = scope.spawn(move || crate::records::write_in_order(game, names, rx, out));
            let sink = move |k: usize, rec: Record| {
                // A closed channel means the writer failed: its error is reported.
                let _ = tx.send((k, rec));
            };
            let result = arena::play_recorded_with(game, &players, config, control, &sink);
            drop(sink);
            let written = writer
                .join()
                .unwrap_or(Err(ArenaError::BadConfig("the record writer failed")));
            let result = result?;
            written?;
            Ok(result)
        })
    }
    fn play_round_robin(
        self: Arc<Self>,
        pygame: Arc<Py<PyGame>>,
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
        raised: &Raised,
    ) -> Result<RoundRobin, ArenaError> {
        let players = typed_players(&self, &pygame, seats, raised)?;
        arena::round_robin_with(&*self, &players, config, control)
    }
    fn new_vector_against(
        self: Arc<Self>,
        config: VectorConfig,
        league: &[Box<dyn DynPlayer>],
    ) -> Option<Box<dyn DynVector>> {
        let players = league
            .iter()
            .map(|p| Some(p.as_any().downcast_ref::<Typed<G>>()?.0.clone_box()))
            .collect::<Option<Vec<_>>>()?;
        let progress = crate::shaping::progress_fn::<G>(config.progress_reward);
        Some(Box::new(
            VecCore::with_league(self, config, players).with_progress(progress),
        ))
    }
}

/// The seats as players of `G`.
fn typed_players<G>(
    game: &Arc<G>,
    pygame: &Arc<Py<PyGame>>,
    seats: Vec<Seat>,
    raised: &Raised,
) -> Result<Vec<Box<dyn Player<G>>>, ArenaError>
where
    G: Playable + racegames_board::FromParams + crate::shaping::Shaping,
    G::State: Send + Sync + 'static,
{
    seats
        .into_iter()
        .map(|seat| match seat {
            Seat::Native(p) => match p.as_any().downcast_ref::<Typed<G>>() {
                Some(typed) => Ok(typed.0.clone_box()),
                None => Err(ArenaError::BadConfig("a player of another game was given")),
            },
            Seat::Python(f) => Ok(Box::new(PyCallable {
                f,
                game: Arc::clone(game),
                pygame: Arc::clone(pygame),
                raised: Arc::clone(raised),
            }) as Box<dyn Player<G>>),
        })
        .collect()
}

/// A Python callable `state -> action` as a player: each decision takes
/// the GIL and calls it with a `State`.
struct PyCallable<G: Game> {
    f: Arc<Py<PyAny>>,
    game: Arc<G>,
    pygame: Arc<Py<PyGame>>,
    raised: Raised,
}

impl<G> PyCallable<G>
where
    G: Playable + racegames_board::FromParams + crate::shaping::Shaping,
    G::State: Send + Sync + 'static,
{
    fn call(&self, py: Python<'_>, state: &G::State) -> PyResult<Action> {
        let held = Held {
            game: Arc::clone(&self.game),
            state: *state,
        };
        // Its history starts here: the arena keeps the game's own.
        let start = crate::erased::DynState::notation(&held);
        let pystate = PyState::new(self.pygame.clone_ref(py), Box::new(held))
            .with_history(Some(start), Vec::new());
        let action = self.f.bind(py).call1((pystate,))?;
        crate::pygame::read_action(&action)
    }
}

impl<G> Player<G> for PyCallable<G>
where
    G: Playable + racegames_board::FromParams + crate::shaping::Shaping,
    G::State: Send + Sync + 'static,
{
    fn name(&self) -> &str {
        "python"
    }
    fn act(&mut self, _game: &G, state: &G::State) -> Result<Action, PlayerError> {
        Python::attach(|py| self.call(py, state)).map_err(|e| {
            let message = e.to_string();
            let mut slot = self.raised.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert(e);
            PlayerError::BadParameter(message)
        })
    }
    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(PyCallable {
            f: Arc::clone(&self.f),
            game: Arc::clone(&self.game),
            pygame: Arc::clone(&self.pygame),
            raised: Arc::clone(&self.raised),
        })
    }
}
