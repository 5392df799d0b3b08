//! Capture odds: the exact chance that the player about to throw removes a
//! given enemy piece this turn, extra throws included.
//!
//! Computed by [`racegames_board::analysis::turn_event_probability`]: the
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
//!   chance of the dal-dals that lead to them) are not told apart;
//! - a position where the attacker's nearest piece is `d > 8` holes before
//!   the target starts from the bound `16^-ceil((d - 8) / 2)` (a turn moves
//!   a piece 8 holes at most, plus 2 per dal-dal), so far targets cost
//!   little.
//!
//! Most positions of real play come out exact or within 10⁻⁹; in crowded
//! positions, where a run of dal-dals could be played in many equivalent
//! ways, the node budget stops the search and the interval is wider (its
//! width is the returned `error_bound`), but it still holds the exact value.

use arrayvec::ArrayVec;
use racegames_board::{
    analysis::{
        turn_event_probability_bounded, AnalysisError as TurnError, EventProbability, SearchLimits,
    },
    Seat,
};

use crate::{moves::bits, Board, Daldos, Hole, Phase, Position};

/// Throws searched in one turn: the first and up to eight extra throws.
pub const MAX_THROWS: u32 = 9;
/// Positions expanded at most for one target.
pub const MAX_NODES: usize = 6_000;
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
#[non_exhaustive]
pub enum AnalysisError {
    /// Nobody is about to throw or move.
    #[error("nobody is to move in this position")]
    NoTurn,
    /// The target hole holds no piece of the player who is not to move.
    #[error("the target hole holds no enemy piece of the player to move")]
    NotAnEnemyPiece,
    /// A position built by hand that the game refuses (see [`Daldos::check`]).
    #[error("the position breaks the rules of this game: {0}")]
    NotAPosition(racegames_board::SetupError),
    /// The turn's search could not run, for a reason other than the above.
    #[error("{0}")]
    Search(TurnError),
}

/// The probability that the player to move removes the enemy piece in
/// `target` before play passes on.
///
/// # Errors
///
/// [`AnalysisError::NoTurn`] when nobody is to move,
/// [`AnalysisError::NotAPosition`] for a position the game refuses,
/// [`AnalysisError::NotAnEnemyPiece`] when `target` holds no piece of the
/// player not to move.
///
/// ```
/// use racegames_daldos::{analysis::capture_odds, Daldos};
/// let game = Daldos::default();
/// // B's dalled piece at m2 is one hole behind A's piece at m3; B has spare
/// // pieces far away to use the other die.
/// let pos = game.parse_position(".............BBB/..BA............./a............... B - 0").unwrap();
/// let target = racegames_daldos::Board::Danish.hole(racegames_daldos::Row::Middle, 3).unwrap();
/// let odds = capture_odds(&game, &pos, target).unwrap();
/// assert_eq!((odds.probability * 100.0).round(), 44.0);
/// ```
pub fn capture_odds(
    game: &Daldos,
    pos: &Position,
    target: Hole,
) -> Result<EventProbability, AnalysisError> {
    let attacker = pos.to_move().ok_or(AnalysisError::NoTurn)?;
    game.check(*pos).map_err(AnalysisError::NotAPosition)?;
    let defender = Seat::new((attacker.index() as u8 & 1) ^ 1);
    if pos.pieces_of(defender) & (1u64 << target.index()) == 0 {
        return Err(AnalysisError::NotAnEnemyPiece);
    }
    let bit = 1u64 << target.index();
    let distance = distances_to(pos.board(), attacker, target);
    turn_event_probability_bounded(
        game,
        pos,
        LIMITS,
        |_, _, after: &Position| after.pieces_of(defender) & bit == 0,
        |state: &Position| reach_bound(state, attacker, &distance),
    )
    .map_err(|e| match e {
        TurnError::NoTurn => AnalysisError::NoTurn,
        other => AnalysisError::Search(other),
    })
}

/// The capture odds of every piece of the player *not* to move, by hole:
/// how exposed each piece is to the coming turn.
///
/// # Errors
///
/// As [`capture_odds`].
pub fn threat_map(
    game: &Daldos,
    pos: &Position,
) -> Result<ArrayVec<(Hole, EventProbability), 16>, AnalysisError> {
    let attacker = pos.to_move().ok_or(AnalysisError::NoTurn)?;
    game.check(*pos).map_err(AnalysisError::NotAPosition)?;
    let defender = Seat::new((attacker.index() as u8 & 1) ^ 1);
    let mut map = ArrayVec::new();
    for hole in bits(pos.pieces_of(defender)) {
        map.push((hole, capture_odds(game, pos, hole)?));
    }
    Ok(map)
}

/// Holes a turn can carry a piece: 8 with its last throw, and 2 with each
/// dal-dal before it (up to `MAX_THROWS - 1` of them).
const TURN_REACH: usize = 8 + 2 * (MAX_THROWS as usize - 1);

/// For every hole, how many holes a piece of `attacker` there must travel
/// along its route to reach `target` (`u8::MAX` beyond a turn's reach).
fn distances_to(board: Board, attacker: Seat, target: Hole) -> [u8; 64] {
    let mut distance = [u8::MAX; 64];
    for from in (0..board.num_holes() as u8).filter_map(Hole::new) {
        let mut at = from;
        for d in 1..=TURN_REACH {
            at = board.next(attacker, at);
            if at == target {
                distance[from.index()] = d as u8;
                break;
            }
        }
    }
    distance
}

/// An upper bound of the capture odds of a position at the attacker's
/// throw: its nearest piece is `d` holes before the target, and a turn
/// moves a piece at most 8 holes plus 2 per dal-dal, each dal-dal coming
/// with probability 1/16; so at least `ceil((d - 8) / 2)` dal-dals are
/// needed. 1 at a move (the dice are known).
fn reach_bound(pos: &Position, attacker: Seat, distance: &[u8; 64]) -> f64 {
    if pos.phase() != Phase::Throw {
        return 1.0;
    }
    let nearest = bits(pos.pieces_of(attacker))
        .map(|h| distance[h.index() & 63])
        .min()
        .unwrap_or(u8::MAX);
    if nearest == u8::MAX {
        // Out of reach even with every extra throw searched: the bound of
        // one more dal-dal than the search goes.
        return sixteenth_power(MAX_THROWS);
    }
    let dal_dals = u32::from(nearest).saturating_sub(8).div_ceil(2);
    sixteenth_power(dal_dals)
}

/// `16^-k`, exact (a power of two), without `std`'s `powi`.
fn sixteenth_power(k: u32) -> f64 {
    (0..k).fold(1.0, |p, _| p / 16.0)
}
