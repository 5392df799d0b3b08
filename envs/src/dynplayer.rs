//! Players with the game type erased, as [`crate::erased`] does for games.
//!
//! [`DynPlayable`] is implemented for every registered game through its
//! [`Playable`] impl, so each game gets its built-in players, the arena and
//! vector-environment opponents with no code of its own here. The arena
//! takes [`Seat`]s: built-in players, played natively, or players from
//! outside Rust ([`ExternalPlayer`]: the Python package's callables).

use std::any::Any;
use std::sync::Arc;

use crate::errors::ExternalError;

use racegames_board::record::Record;
use racegames_board::{Action, Game, ParamValue};
use racegames_players::arena::luck::{self, GameLuck, JudgingError, LuckError};
use racegames_players::arena::{self, ArenaConfig, ArenaError, ArenaResult, Control, RoundRobin};
use racegames_players::builtin::Evaluation;
use racegames_players::{Playable, Player, PlayerError};

use crate::driver::{DriverSeat, DynDriver, TypedDriver};
use crate::erased::{DynState, Held};
use crate::vector::{DynVector, VecCore, VectorConfig};

/// A built-in player with its game type erased.
pub trait DynPlayer: Send {
    /// The player's name.
    fn name(&self) -> &str;
    /// A legal action at `state`, a decision node of the player's game type.
    ///
    /// # Errors
    ///
    /// The player's own failure (a search interrupted, a policy that fails).
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

/// A player from outside Rust (in the Python package, a callable `state ->
/// action`), asked with the erased state.
pub trait ExternalPlayer: Send + Sync {
    /// A legal action at `state`, a decision node; an error message when
    /// the player failed (the caller keeps the failure itself, if it wants
    /// to raise it again).
    ///
    /// # Errors
    ///
    /// The player's failure, as its message.
    fn act(&self, state: &dyn DynState) -> Result<Action, ExternalError>;
}

/// A seat of an arena match.
pub enum Seat {
    /// A built-in player, played natively.
    Native(Box<dyn DynPlayer>),
    /// A player from outside Rust.
    External(Arc<dyn ExternalPlayer>),
}

/// The player half of a game's erased contract.
pub trait DynPlayable {
    /// Built-in player names, strongest first.
    fn player_names(&self) -> Vec<&'static str>;
    /// Builds a built-in player.
    ///
    /// # Errors
    ///
    /// An unknown player name, or an option it refuses.
    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &[(&str, ParamValue<'_>)],
    ) -> Result<Box<dyn DynPlayer>, PlayerError>;
    /// The `policy` player of the policy file `bytes` (a pickled policy
    /// player carries its weights, not its path).
    ///
    /// # Errors
    ///
    /// Bytes that are not a policy file of this game.
    fn policy_player_from_bytes(
        &self,
        seed: u64,
        bytes: &[u8],
    ) -> Result<Box<dyn DynPlayer>, PlayerError>;
    /// Plays a match natively (external seats are asked in turn). With
    /// `record` (the players' names, in the order given, and an output),
    /// also writes every game's record as text, in game order, on a thread
    /// of its own while the match goes on.
    ///
    /// # Errors
    ///
    /// Players of another game or number, counts out of range, a player that fails, or a record that cannot be written.
    #[allow(clippy::too_many_arguments)] // the match's inputs, one each
    fn play_match(
        self: Arc<Self>,
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
        record: Option<(&[String], &mut (dyn std::io::Write + Send))>,
    ) -> Result<ArenaResult, ArenaError>;
    /// Plays a round robin between the seats.
    ///
    /// # Errors
    ///
    /// As [`DynPlayable::play_match`].
    fn play_round_robin(
        self: Arc<Self>,
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
    ) -> Result<RoundRobin, ArenaError>;
    /// A vector environment whose opponents are copies of the players of
    /// `league`, one drawn per episode (`None` if one of them is a player
    /// of another game type).
    fn new_vector_against(
        self: Arc<Self>,
        config: VectorConfig,
        league: &[Box<dyn DynPlayer>],
    ) -> Option<Box<dyn DynVector>>;
    /// The opponent driver ([`crate::driver`]) of `seats`, one entry per
    /// seat: its opponent, or `None` for a seat the caller drives. An
    /// unknown player name, or a player of another game, is an error.
    ///
    /// # Errors
    ///
    /// An unknown player name, a player of another game, or a league of leagues.
    fn new_driver(
        self: Arc<Self>,
        seats: Vec<Option<DriverSeat>>,
    ) -> Result<Box<dyn DynDriver>, PlayerError>;
    /// What the dice gave each seat in each game `(start, actions)`, as
    /// [`luck::games_luck`] judges it on `threads` threads, with the
    /// evaluation of `judge` (`None`: the shipped net where there is one,
    /// else the hand-written evaluation).
    ///
    /// # Errors
    ///
    /// A record of another game or with an illegal action, or a judge of another game.
    fn games_luck(
        &self,
        judge: Option<Evaluation>,
        games: &[(&dyn DynState, &[Action])],
        threads: usize,
        control: &Control,
    ) -> Result<Vec<Result<GameLuck, LuckError>>, JudgingError>;
}

impl<G> DynPlayable for G
where
    G: Playable + racegames_board::FromParams + crate::shaping::Shaping,
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
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
        record: Option<(&[String], &mut (dyn std::io::Write + Send))>,
    ) -> Result<ArenaResult, ArenaError> {
        let players = typed_players(&self, seats)?;
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
        seats: Vec<Seat>,
        config: &ArenaConfig,
        control: &Control,
    ) -> Result<RoundRobin, ArenaError> {
        let players = typed_players(&self, seats)?;
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
    fn new_driver(
        self: Arc<Self>,
        seats: Vec<Option<DriverSeat>>,
    ) -> Result<Box<dyn DynDriver>, PlayerError> {
        Ok(Box::new(TypedDriver::new(self, seats)?))
    }
    fn games_luck(
        &self,
        judge: Option<Evaluation>,
        games: &[(&dyn DynState, &[Action])],
        threads: usize,
        control: &Control,
    ) -> Result<Vec<Result<GameLuck, LuckError>>, JudgingError> {
        let evaluation = match judge {
            Some(kind) => self.evaluation(kind),
            None => self.best_evaluation(),
        };
        let Some(evaluation) = evaluation else {
            return Err(JudgingError::NoEvaluation(match judge {
                Some(Evaluation::Net) => "net",
                Some(Evaluation::Hand) => "hand-written",
                None => "built-in",
            }));
        };
        let typed = games
            .iter()
            .enumerate()
            .map(|(k, &(start, actions))| {
                let held = start.as_any().downcast_ref::<Held<G>>();
                held.map(|h| (h.state, actions))
                    .ok_or(JudgingError::WrongGame(k))
            })
            .collect::<Result<Vec<_>, _>>()?;
        luck::games_luck(self, &*evaluation, &typed, threads, control)
    }
}

/// The seats as players of `G`.
fn typed_players<G>(game: &Arc<G>, seats: Vec<Seat>) -> Result<Vec<Box<dyn Player<G>>>, ArenaError>
where
    G: Playable + racegames_board::FromParams + crate::shaping::Shaping,
{
    seats
        .into_iter()
        .map(|seat| match seat {
            Seat::Native(p) => match p.as_any().downcast_ref::<Typed<G>>() {
                Some(typed) => Ok(typed.0.clone_box()),
                None => Err(ArenaError::BadConfig("a player of another game was given")),
            },
            Seat::External(player) => Ok(Box::new(External {
                player,
                game: Arc::clone(game),
            }) as Box<dyn Player<G>>),
        })
        .collect()
}

/// An [`ExternalPlayer`] as a player of `G`.
pub(crate) struct External<G: Game> {
    player: Arc<dyn ExternalPlayer>,
    game: Arc<G>,
}

impl<G: Game> External<G> {
    /// `player` playing `game`.
    pub(crate) fn new(player: Arc<dyn ExternalPlayer>, game: Arc<G>) -> Self {
        External { player, game }
    }
}

impl<G> Player<G> for External<G>
where
    G: Playable + racegames_board::FromParams + crate::shaping::Shaping,
{
    fn name(&self) -> &str {
        "external"
    }
    fn act(&mut self, _game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let held = Held {
            game: Arc::clone(&self.game),
            state: *state,
        };
        self.player
            .act(&held)
            .map_err(|e| PlayerError::BadParameter(e.0))
    }
    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(External {
            player: Arc::clone(&self.player),
            game: Arc::clone(&self.game),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::erased::DynGame;
    use racegames_board::sim::SplitMix64;

    fn game(name: &str) -> Arc<dyn DynGame> {
        crate::registry::find(name).unwrap()(name, &[]).unwrap()
    }

    /// A random game of `name`, and its actions.
    fn played(name: &str, seed: u64) -> (Box<dyn DynState>, Vec<Action>) {
        let start = game(name).new_initial_state();
        let mut end = start.clone_box();
        let mut actions = Vec::new();
        end.play_random(&mut SplitMix64::new(seed), 60, &mut actions);
        (start, actions)
    }

    #[test]
    fn luck_is_judged_with_the_judge_asked_for_or_the_best_one() {
        let backgammon = game("backgammon");
        let (start, actions) = played("backgammon", 1);
        let games = [(&*start, actions.as_slice())];
        let judge = |kind| backgammon.games_luck(kind, &games, 1, &Control::default());
        let best = judge(None).unwrap();
        assert_eq!(best, judge(Some(Evaluation::Net)).unwrap());
        assert_ne!(best, judge(Some(Evaluation::Hand)).unwrap());
        assert!(best[0].as_ref().unwrap().chance_nodes > 0);

        // Halma has no net: asked for one, it says so; by default, the hand.
        let halma = game("halma");
        let (start, actions) = played("halma", 2);
        let games = [(&*start, actions.as_slice())];
        let control = Control::default();
        assert_eq!(
            halma.games_luck(Some(Evaluation::Net), &games, 1, &control),
            Err(JudgingError::NoEvaluation("net"))
        );
        assert!(halma.games_luck(None, &games, 1, &control).is_ok());

        // A position of another game is refused, by its place.
        let (daldos, _) = played("daldos", 3);
        let games = [(&*start, &[][..]), (&*daldos, &[][..])];
        assert_eq!(
            halma.games_luck(None, &games, 1, &control),
            Err(JudgingError::WrongGame(1))
        );
    }
}
