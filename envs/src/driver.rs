//! The one opponent driver: chance and the opponents' seats played until a
//! seat the caller drives is to act, or the game ends.
//!
//! Every environment form runs this loop: [`advance`] is generic and
//! monomorphised, so the native vector environment ([`crate::vector`])
//! calls it per environment with no virtual call and no allocation, and
//! [`DynDriver`] (built by [`crate::dyngame::DynPlayable::new_driver`])
//! runs the same function behind the erased game for the Gymnasium,
//! PettingZoo and RLlib environments. Chance outcomes are drawn by their
//! probabilities, and a random opponent's actions uniformly, from the
//! driver's one generator; built-in players and players from outside Rust
//! ([`ExternalPlayer`]) act through [`Player`].
//!
//! ```
//! use std::sync::Arc;
//! use racegames_env::driver::{DriverSeat, Stop};
//! use racegames_env::registry;
//!
//! let game = (registry::find("daldos").unwrap())("daldos", &[]).unwrap();
//! // Seat 0 is the caller's; the greedy player plays seat 1.
//! let seats = vec![None, Some(DriverSeat::Named("greedy".into()))];
//! let mut driver = Arc::clone(&game).new_driver(seats).unwrap();
//! driver.reset(7, &[]).unwrap();
//! let mut state = Arc::clone(&game).new_initial_state();
//! let mut log = Vec::new();
//! let stop = driver.advance(&mut *state, &mut log).unwrap();
//! assert!(matches!(stop, Stop::Decision(s) if s.index() == 0));
//! assert!(!log.is_empty()); // at least the opening roll
//! ```

use std::sync::Arc;

use racegames_board::sim::SplitMix64;
use racegames_board::{Action, ActionBuffer, Game, IllegalAction, Node, Seat};
use racegames_players::{Playable, Player, PlayerError};

use crate::dynplayer::{DynPlayer, External, ExternalPlayer, Typed};
use crate::erased::{DynState, Erasable, Held};
use crate::errors::OtherGame;

/// Why the driver stopped short of a decision or the end.
#[derive(Debug)]
pub enum Fault {
    /// The rules refused their own chance outcome or listed action (a bug).
    Rules,
    /// The player of a seat failed to act (boxed: a rare path, and a small
    /// [`Stop`] is cheap to return in the vector environment's loop).
    Player(Seat, Box<PlayerError>),
    /// The player of a seat chose an illegal action.
    Illegal(Seat, IllegalAction),
}

/// Where [`advance`] stopped.
#[derive(Debug)]
pub enum Stop {
    /// At a decision of a seat the caller drives.
    Decision(Seat),
    /// At a terminal state.
    Terminal,
    /// Neither: the state is as the fault left it (end the episode).
    Broken(Fault),
}

/// Who plays each seat, as [`advance`] asks.
pub trait Seats<G: Game> {
    /// Whether the caller drives `seat` ([`advance`] stops there).
    fn is_agent(&self, seat: Seat) -> bool;
    /// The player of a seat the caller does not drive; `None`: uniformly
    /// random legal actions from the driver's generator.
    fn player(&mut self, seat: Seat) -> Option<&mut dyn Player<G>>;
    /// Told every action [`advance`] applies (a log; nothing by default).
    #[inline]
    fn applied(&mut self, _action: Action) {}
}

/// Plays chance (by probability, from `rng`) and the seats the caller does
/// not drive until one it drives is to act or the game ends. `buf` is
/// scratch space for a random opponent's legal actions.
pub fn advance<G: Game, S: Seats<G> + ?Sized>(
    game: &G,
    state: &mut G::State,
    rng: &mut SplitMix64,
    buf: &mut ActionBuffer,
    seats: &mut S,
) -> Stop {
    loop {
        match game.node(state) {
            Node::Terminal => return Stop::Terminal,
            Node::Chance => match game.sample_chance(state, rng.next_f64()) {
                Some(a) if game.apply(state, a).is_ok() => seats.applied(a),
                _ => return Stop::Broken(Fault::Rules),
            },
            Node::Decision(p) => {
                if seats.is_agent(p) {
                    return Stop::Decision(p);
                }
                if let Some(player) = seats.player(p) {
                    let a = match player.act(game, state) {
                        Ok(a) => a,
                        Err(e) => return Stop::Broken(Fault::Player(p, Box::new(e))),
                    };
                    if let Err(e) = game.apply(state, a) {
                        return Stop::Broken(Fault::Illegal(p, e));
                    }
                    seats.applied(a);
                    continue;
                }
                game.legal_actions_into(state, buf);
                match buf.get(rng.below(buf.len().max(1))) {
                    // Just listed for this state: no need to check it.
                    Some(&a) => {
                        game.apply_legal(state, a);
                        seats.applied(a);
                    }
                    None => return Stop::Broken(Fault::Rules),
                }
            }
        }
    }
}

/// An opponent of a [`DynDriver`] seat.
pub enum DriverSeat {
    /// Uniformly random legal actions from the driver's generator.
    Random,
    /// A built-in player by name, made afresh at each
    /// [`DynDriver::reset`] with a seed drawn from the driver's generator.
    Named(String),
    /// A built-in player (a fresh copy of it at each reset).
    Native(Box<dyn DynPlayer>),
    /// A player from outside Rust.
    External(Arc<dyn ExternalPlayer>),
    /// A league: one of these (none a league) plays each episode, drawn at
    /// [`DynDriver::reset`]; every league seat of a driver plays the member
    /// of the same draw.
    League(Vec<DriverSeat>),
}

/// [`advance`] behind the erased game: one opponent (or none) per seat.
pub trait DynDriver: Send {
    /// Starts an episode: reseeds the generator with `seed`, remakes the
    /// players given by name, and makes `agents` the caller's seats besides
    /// those with no opponent.
    ///
    /// # Errors
    ///
    /// A player given by name that cannot be made.
    fn reset(&mut self, seed: u64, agents: &[usize]) -> Result<(), PlayerError>;
    /// Plays `state` (of the driver's game) on until a seat the caller
    /// drives is to act or the game ends, pushing every action applied to
    /// `log`. `Err` for a state of another game.
    ///
    /// # Errors
    ///
    /// [`OtherGame`] for a state of another game than the driver's.
    fn advance(
        &mut self,
        state: &mut dyn DynState,
        log: &mut Vec<Action>,
    ) -> Result<Stop, OtherGame>;
    /// Where the driver stands, for a copy that goes on exactly as it does.
    fn snapshot(&self) -> DriverSnapshot;
    /// Puts a driver of the same seats where `snapshot` says: the
    /// episode's reset again, then the generator's state.
    ///
    /// # Errors
    ///
    /// As [`DynDriver::reset`] (a player made by name that fails).
    fn restore(&mut self, snapshot: &DriverSnapshot) -> Result<(), PlayerError>;
}

/// What a [`DynDriver`] needs to go on as another did: the reset that
/// started its episode (`None` before the first) and its generator's state.
/// Players choose from their seed and the state alone, so redoing the reset
/// remakes them as they were.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DriverSnapshot {
    /// The seed and the caller's seats of the last reset.
    pub episode: Option<(u64, Vec<usize>)>,
    /// The generator's state now.
    pub rng: u64,
}

/// A seat of a [`TypedDriver`].
enum Opponent<G: Game> {
    Random,
    Named(String, Box<dyn Player<G>>),
    /// The player as given, and the copy playing this episode.
    Player(Box<dyn Player<G>>, Box<dyn Player<G>>),
    /// The members, and the one playing this episode.
    League(Vec<Opponent<G>>, usize),
}

impl<G: Game> Opponent<G> {
    /// The player of this episode; `None` for random play.
    fn live(&mut self) -> Option<&mut dyn Player<G>> {
        match self {
            Opponent::Random => None,
            Opponent::Named(_, p) | Opponent::Player(_, p) => Some(&mut **p),
            Opponent::League(members, chosen) => members.get_mut(*chosen)?.live(),
        }
    }
}

impl<G> Opponent<G>
where
    G: Erasable + Playable,
{
    /// The opponent of a seat; a league's members may not be leagues.
    fn new(game: &Arc<G>, seat: DriverSeat, in_league: bool) -> Result<Self, PlayerError> {
        Ok(match seat {
            DriverSeat::Random => Opponent::Random,
            DriverSeat::Named(name) => {
                let player = game.make_player(&name, 0, &[])?;
                Opponent::Named(name, player)
            }
            DriverSeat::Native(p) => {
                let typed = p.as_any().downcast_ref::<Typed<G>>().ok_or_else(|| {
                    PlayerError::BadParameter("a player of another game was given".into())
                })?;
                Opponent::Player(typed.0.clone_box(), typed.0.clone_box())
            }
            DriverSeat::External(player) => {
                let p: Box<dyn Player<G>> = Box::new(External::new(player, Arc::clone(game)));
                Opponent::Player(p.clone_box(), p)
            }
            DriverSeat::League(members) => {
                if in_league || members.is_empty() {
                    return Err(PlayerError::BadParameter(
                        "a league holds one or more players, none of them a league".into(),
                    ));
                }
                let members = members
                    .into_iter()
                    .map(|m| Opponent::new(game, m, true))
                    .collect::<Result<Vec<_>, _>>()?;
                Opponent::League(members, 0)
            }
        })
    }

    /// Readies the opponent for an episode: `draw` picks a league's member
    /// and `rng` seeds the players made by name.
    fn reset(&mut self, game: &G, draw: u64, rng: &mut SplitMix64) -> Result<(), PlayerError> {
        match self {
            Opponent::Random => {}
            Opponent::Named(name, player) => {
                *player = game.make_player(name, rng.next_u64(), &[])?
            }
            Opponent::Player(given, live) => *live = given.clone_box(),
            Opponent::League(members, chosen) => {
                // A league holds few members: the remainder fits a usize.
                *chosen = (draw % members.len() as u64) as usize;
                members[*chosen].reset(game, draw, rng)?;
            }
        }
        Ok(())
    }
}

/// The [`DynDriver`] of the game type `G`.
pub(crate) struct TypedDriver<G: Game> {
    game: Arc<G>,
    /// The opponent of each seat, `None` for the caller's seats.
    given: Vec<Option<Opponent<G>>>,
    /// Whether the caller drives each seat this episode.
    agent: Vec<bool>,
    rng: SplitMix64,
    buf: Box<ActionBuffer>,
    /// The seed and the caller's seats of the last reset.
    episode: Option<(u64, Vec<usize>)>,
}

impl<G> TypedDriver<G>
where
    G: Erasable + Playable,
{
    /// The driver of `seats` (one entry per seat, `None` for the caller's).
    pub(crate) fn new(game: Arc<G>, seats: Vec<Option<DriverSeat>>) -> Result<Self, PlayerError> {
        let given = seats
            .into_iter()
            .map(|seat| seat.map(|s| Opponent::new(&game, s, false)).transpose())
            .collect::<Result<Vec<_>, _>>()?;
        let agent = given.iter().map(Option::is_none).collect();
        Ok(TypedDriver {
            game,
            given,
            agent,
            rng: SplitMix64::new(0),
            buf: Box::new(ActionBuffer::new()),
            episode: None,
        })
    }
}

/// A [`TypedDriver`]'s seats as [`advance`] asks, logging its actions.
struct Logged<'a, G: Game> {
    given: &'a mut [Option<Opponent<G>>],
    agent: &'a [bool],
    log: &'a mut Vec<Action>,
}

impl<G: Game> Seats<G> for Logged<'_, G> {
    fn is_agent(&self, seat: Seat) -> bool {
        // A seat out of range is left to the caller.
        self.agent.get(seat.index()).copied().unwrap_or(true)
    }
    fn player(&mut self, seat: Seat) -> Option<&mut dyn Player<G>> {
        self.given.get_mut(seat.index())?.as_mut()?.live()
    }
    fn applied(&mut self, action: Action) {
        self.log.push(action);
    }
}

impl<G> DynDriver for TypedDriver<G>
where
    G: Erasable + Playable,
{
    fn reset(&mut self, seed: u64, agents: &[usize]) -> Result<(), PlayerError> {
        self.episode = Some((seed, agents.to_vec()));
        self.rng = SplitMix64::new(seed);
        // One draw for the episode: every league seat plays the same member.
        // Without a league nothing is drawn, so the seeds stay as they were.
        let has_league = self
            .given
            .iter()
            .any(|s| matches!(s, Some(Opponent::League(..))));
        let draw = if has_league { self.rng.next_u64() } else { 0 };
        for (k, seat) in self.given.iter_mut().enumerate() {
            self.agent[k] = seat.is_none() || agents.contains(&k);
            if let Some(opponent) = seat {
                opponent.reset(&self.game, draw, &mut self.rng)?;
            }
        }
        Ok(())
    }

    fn advance(
        &mut self,
        state: &mut dyn DynState,
        log: &mut Vec<Action>,
    ) -> Result<Stop, OtherGame> {
        let held = state
            .as_any_mut()
            .downcast_mut::<Held<G>>()
            .ok_or(OtherGame)?;
        let mut seats = Logged {
            given: &mut self.given,
            agent: &self.agent,
            log,
        };
        let game = &*self.game;
        Ok(advance(
            game,
            &mut held.state,
            &mut self.rng,
            &mut self.buf,
            &mut seats,
        ))
    }

    fn snapshot(&self) -> DriverSnapshot {
        DriverSnapshot {
            episode: self.episode.clone(),
            rng: self.rng.state(),
        }
    }

    fn restore(&mut self, snapshot: &DriverSnapshot) -> Result<(), PlayerError> {
        if let Some((seed, agents)) = &snapshot.episode {
            self.reset(*seed, agents)?;
        }
        self.rng = SplitMix64::new(snapshot.rng);
        Ok(())
    }
}

#[cfg(test)]
#[path = "driver_tests.rs"]
mod tests;
