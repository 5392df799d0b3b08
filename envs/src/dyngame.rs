//! The whole erased game: its contract ([`DynRules`]) and the factories
//! that build on it, its players, the arena, luck, drivers and vectors.
//!
//! [`DynGame`] is what the registry makes and the Python package holds.
//! [`DynPlayable`] is implemented for every registered game through its
//! [`Playable`] impl, so each game gets its built-in players, the arena,
//! luck and vector-environment opponents with no code of its own here.

use std::sync::Arc;

use racegames_board::record::Record;
use racegames_board::{Action, ParamValue};
use racegames_players::arena::luck::{self, GameLuck, JudgingError, LuckError};
use racegames_players::arena::{self, ArenaConfig, ArenaError, ArenaResult, Control, RoundRobin};
use racegames_players::builtin::Evaluation;
use racegames_players::{Playable, Player, PlayerError};

use crate::driver::{DriverSeat, DynDriver, TypedDriver};
use crate::dynplayer::{DynPlayer, External, Seat, Typed};
use crate::erased::{DynRules, DynState, Erasable, Held};
use crate::records::write_in_order;
use crate::shaping::progress_fn;
use crate::vector::{bytes_per_env, DynVector, VecCore, VectorConfig};

/// A game's rules with their options fixed, types erased ([`DynRules`]),
/// with everything built on them: its built-in players and arena
/// ([`DynPlayable`]) and its vector environments.
pub trait DynGame: DynRules + DynPlayable + Send + Sync + 'static {
    /// A batch of environments stepped natively.
    fn new_vector(self: Arc<Self>, config: VectorConfig) -> Box<dyn DynVector>;
    /// The memory one environment of such a batch takes, in bytes.
    fn vector_bytes_per_env(&self) -> usize;
}

impl<G: Erasable + Playable> DynGame for G {
    fn new_vector(self: Arc<Self>, config: VectorConfig) -> Box<dyn DynVector> {
        let progress = progress_fn::<G>(config.progress_reward);
        Box::new(VecCore::new(self, config).with_progress(progress))
    }
    fn vector_bytes_per_env(&self) -> usize {
        bytes_per_env(self)
    }
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

impl<G: Erasable + Playable> DynPlayable for G {
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
            let writer = scope.spawn(move || write_in_order(game, names, rx, out));
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
        let progress = progress_fn::<G>(config.progress_reward);
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
    G: Erasable + Playable,
{
    seats
        .into_iter()
        .map(|seat| match seat {
            Seat::Native(p) => match p.as_any().downcast_ref::<Typed<G>>() {
                Some(typed) => Ok(typed.0.clone_box()),
                None => Err(ArenaError::BadConfig("a player of another game was given")),
            },
            Seat::External(player) => {
                Ok(Box::new(External::new(player, Arc::clone(game))) as Box<dyn Player<G>>)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
