//! Capture odds: the exact chance that the player about to throw removes a
//! given enemy piece this turn, extra throws included.
//!
//! Computed by [`board_core::analysis::turn_event_probability`]: the
//! attacker plays every throw to maximise the chance (using the rest of a
//! throw elsewhere when it can), and dal-dals lead to further throws. Each
//! value comes as an interval that holds the exact probability,
//! `[probability, probability + error_bound]`, searched within [`LIMITS`]:
//!
//! - at most [`MAX_THROWS`] throws deep: a dal-dal comes with probability
//!   1/16, so the cut alone leaves at most `16^-(MAX_THROWS - 1)` < 2.4·10⁻¹⁰;
//! - at most [`MAX_NODES`] positions expanded per target, which bounds both
//!   the time and the memory (one memo entry per position, some hundred
//!   bytes);
//! - moves whose values differ by less than [`TOLERANCE`] (weighted by the
//!   chance of the dal-dals that lead to them) are not told apart.
//!
//! Most positions of real play come out exact or within 10⁻⁹; in crowded
//! positions, where a run of dal-dals could be played in many equivalent
//! ways, the node budget stops the search and the interval is wider (its
//! width is the returned `error_bound`), but it still holds the exact value.

use arrayvec::ArrayVec;
use board_core::{
    analysis::{
        turn_event_probability, AnalysisError as TurnError, EventProbability, SearchLimits,
    },
    Player,
};

use crate::{moves::bits, Daldos, Hole, Position};

/// Throws searched in one turn: the first and up to eight extra throws.
pub const MAX_THROWS: u32 = 9;
/// Positions expanded at most for one target.
pub const MAX_NODES: usize = 20_000;
/// The interval width aimed at.
pub const TOLERANCE: f64 = 1e-10;
/// The limits of every capture-odds search.
pub const LIMITS: SearchLimits = SearchLimits {
    max_throws: MAX_THROWS,
    max_nodes: MAX_NODES,
    tolerance: TOLERANCE,
};

/// Why capture odds could not be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// Nobody is about to throw or move.
    #[error("nobody is to move in this position")]
    NoTurn,
    /// The target hole holds no piece of the player who is not to move.
    #[error("the target hole holds no enemy piece of the player to move")]
    NotAnEnemyPiece,
}

/// The probability that the player to move removes the enemy piece in
/// `target` before play passes on.
///
/// ```
/// use daldos_core::{analysis::capture_odds, Daldos};
/// let game = Daldos::default();
/// // B's dalled piece at m2 is one hole behind A's piece at m3; B has spare
/// // pieces far away to use the other die.
/// let pos = game.parse_position(".............BBB/..BA............./a............... B - 0").unwrap();
/// let target = daldos_core::Board::Danish.hole(daldos_core::Row::Middle, 3).unwrap();
/// let odds = capture_odds(&game, &pos, target).unwrap();
/// assert_eq!((odds.probability * 100.0).round(), 44.0);
/// ```
pub fn capture_odds(
    game: &Daldos,
    pos: &Position,
    target: Hole,
) -> Result<EventProbability, AnalysisError> {
    let attacker = pos.to_move().ok_or(AnalysisError::NoTurn)?;
    let defender = Player::new(1 - attacker.index() as u8);
    if pos.pieces_of(defender) & (1u64 << target.index()) == 0 {
        return Err(AnalysisError::NotAnEnemyPiece);
    }
    let bit = 1u64 << target.index();
    turn_event_probability(game, pos, LIMITS, |_, _, after: &Position| {
        after.pieces_of(defender) & bit == 0
    })
    .map_err(|e| match e {
        TurnError::NoTurn => AnalysisError::NoTurn,
    })
}

/// The capture odds of every piece of the player *not* to move, by hole:
/// how exposed each piece is to the coming turn.
pub fn threat_map(
    game: &Daldos,
    pos: &Position,
) -> Result<ArrayVec<(Hole, EventProbability), 16>, AnalysisError> {
    let attacker = pos.to_move().ok_or(AnalysisError::NoTurn)?;
    let defender = Player::new(1 - attacker.index() as u8);
    let mut map = ArrayVec::new();
    for hole in bits(pos.pieces_of(defender)) {
        map.push((hole, capture_odds(game, pos, hole)?));
    }
    Ok(map)
}
