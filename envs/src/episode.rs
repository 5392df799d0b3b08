//! One seat's episode step: the single environment of the Gymnasium,
//! PettingZoo and RLlib adapters, stepped in one call.
//!
//! It decides what the vector step ([`crate::vector`]) decides, by the same
//! rules ([`ended_returns`], [`illegal_returns`]): the action is applied
//! where legal, the [`DynDriver`] plays chance and the opponents on, and the
//! step reports the seat's reward, termination, truncation and an illegal
//! action.
//!
//! ```
//! use std::sync::Arc;
//! use racegames_board::Seat;
//! use racegames_env::driver::DriverSeat;
//! use racegames_env::episode::{step, Ending};
//! use racegames_env::registry;
//!
//! let game = (registry::find("daldos").unwrap())("daldos", &[]).unwrap();
//! let mut driver = Arc::clone(&game).new_driver(vec![None, Some(DriverSeat::Random)]).unwrap();
//! driver.reset(7, &[]).unwrap();
//! let mut state = Arc::clone(&game).new_initial_state();
//! let mut log = Vec::new();
//! driver.advance(&mut *state, &mut log).unwrap();
//! let first = state.legal_actions()[0];
//! let done = step(&mut *state, &mut *driver, Seat::new(0), first as i64, &mut log).unwrap();
//! assert!(matches!(done.ending, Ending::Going | Ending::Terminated | Ending::Truncated));
//! // An action that is no action ends the episode, with −1 for the seat.
//! let illegal = step(&mut *state, &mut *driver, Seat::new(0), -1, &mut log).unwrap();
//! assert_eq!((illegal.reward, illegal.ending), (-1.0, Ending::Illegal));
//! ```

use racegames_board::{Action, Seat};

use crate::driver::{DynDriver, Fault, Stop};
use crate::erased::DynState;
use crate::errors::OtherGame;

/// How an episode stands after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// The seat is to act again.
    Going,
    /// The rules ended the game.
    Terminated,
    /// The turn limit ended it (or its returns could not be read).
    Truncated,
    /// The seat's action was illegal: the episode ends, the state unchanged.
    Illegal,
}

/// What one step gave the seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stepped {
    /// The seat's reward: its return where the episode ended, −1 for an
    /// illegal action, else 0.
    pub reward: f64,
    /// How the episode stands.
    pub ending: Ending,
}

/// Every seat's return in a finished game, and whether it was cut short:
/// the returns of the rules, or zeros and truncated where the rules give
/// none. One rule for every environment form.
pub fn ended_returns(returns: Option<&[f64]>, truncated: bool, row: &mut [f64]) -> bool {
    match returns {
        Some(r) if r.len() == row.len() => {
            row.copy_from_slice(r);
            truncated
        }
        _ => {
            row.fill(0.0);
            true
        }
    }
}

/// Every seat's return where `actor` played an illegal action: −1 for the
/// actor, 0 for the others.
pub fn illegal_returns(row: &mut [f64], actor: Seat) {
    row.fill(0.0);
    if let Some(r) = row.get_mut(actor.index()) {
        *r = -1.0;
    }
}

/// Plays `action` for `seat` in `state`, then chance and the opponents
/// through `driver` until `seat` or another caller's seat is to act or the
/// game ends; every applied action is pushed to `log`. An action that is
/// not legal (or not an action: out of range, negative) changes nothing
/// and ends the episode ([`Ending::Illegal`]).
///
/// # Errors
///
/// The driver's [`Fault`] where an opponent failed or the rules refused
/// their own move (the state is as it was left), or a state of another
/// game than the driver's.
pub fn step(
    state: &mut dyn DynState,
    driver: &mut dyn DynDriver,
    seat: Seat,
    action: i64,
    log: &mut Vec<Action>,
) -> Result<Stepped, StepError> {
    let mut row = [0.0f64; Seat::MAX_SEATS];
    let n = state.game().num_players().min(Seat::MAX_SEATS);
    let ending = step_returns(state, driver, seat, action, log, &mut row[..n])?;
    let reward = match ending {
        Ending::Illegal => -1.0,
        _ => row.get(seat.index()).copied().unwrap_or(0.0),
    };
    Ok(Stepped { reward, ending })
}

/// [`step`], writing every seat's reward into `row` (one per seat, for
/// the environments whose agents are several seats): each seat's return
/// where the game ended ([`ended_returns`]), [`illegal_returns`] for an
/// illegal action, else zeros.
///
/// ```
/// use std::sync::Arc;
/// use racegames_board::Seat;
/// use racegames_env::episode::{step_returns, Ending};
/// use racegames_env::registry;
///
/// let game = (registry::find("daldos").unwrap())("daldos", &[]).unwrap();
/// // Every seat an agent: the driver plays the dice alone.
/// let mut driver = Arc::clone(&game).new_driver(vec![None, None]).unwrap();
/// driver.reset(7, &[]).unwrap();
/// let mut state = Arc::clone(&game).new_initial_state();
/// let mut log = Vec::new();
/// driver.advance(&mut *state, &mut log).unwrap();
/// let mut row = [0.0; 2];
/// let ending = step_returns(&mut *state, &mut *driver, Seat::new(0), -1, &mut log, &mut row);
/// assert_eq!(ending.unwrap(), Ending::Illegal);
/// assert_eq!(row, [-1.0, 0.0]);
/// ```
///
/// # Errors
///
/// As [`step`].
pub fn step_returns(
    state: &mut dyn DynState,
    driver: &mut dyn DynDriver,
    seat: Seat,
    action: i64,
    log: &mut Vec<Action>,
    row: &mut [f64],
) -> Result<Ending, StepError> {
    let legal = Action::try_from(action).ok().filter(|&a| {
        matches!(state.node(), racegames_board::Node::Decision(p) if p == seat) && state.is_legal(a)
    });
    let Some(action) = legal else {
        illegal_returns(row, seat);
        return Ok(Ending::Illegal);
    };
    state.apply_legal(action);
    log.push(action);
    match driver.advance(state, log).map_err(StepError::OtherGame)? {
        Stop::Decision(_) => {
            row.fill(0.0);
            Ok(Ending::Going)
        }
        Stop::Terminal => {
            let returns = state.returns().ok();
            if ended_returns(returns.as_deref(), state.is_truncated(), row) {
                Ok(Ending::Truncated)
            } else {
                Ok(Ending::Terminated)
            }
        }
        Stop::Broken(fault) => Err(StepError::Fault(fault)),
    }
}

/// Why [`step`] failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum StepError {
    /// The driver stopped on a fault.
    Fault(Fault),
    /// The state is of another game than the driver's.
    OtherGame(OtherGame),
}
