//! Reward shaping for the environments: `reward="progress"`.
//!
//! In the Halma games random play almost never finishes, so a win-only
//! reward gives a learner nothing to follow. With `reward="progress"`, each
//! step also pays the acting seat the change in its *progress*: the rows
//! its pieces have advanced from its start camp towards the target camp,
//! as a fraction of the rows between the starting position and a filled
//! target camp (0 at the start, 1 with the camp filled). Over a game these
//! payments add up to the seat's final progress, at most 1; the game's
//! result (the returns, and the win or loss paid at the end) is unchanged.

use racegames_board::{Game, Seat};
use racegames_halma::bits::BitSet;
use racegames_halma::{Geometry, Halma, Position};

use crate::facts::Drawing;

/// A game's measure of how far a seat has come, for reward shaping.
pub trait Shaping: Game + Drawing {
    /// Seat `seat`'s progress in `state`, from 0 at the start to 1 when it
    /// has reached its goal; `None` for games without such a measure.
    fn progress(&self, _state: &Self::State, _seat: Seat) -> Option<f64> {
        None
    }
}

impl Shaping for racegames_daldos::Daldos {}
impl Shaping for racegames_tables::Tables {}
#[cfg(test)]
impl Shaping for racegames_board::testing::Race {}

impl<G: Geometry> Shaping for Halma<G>
where
    Halma<G>: Game<State = Position<G>>,
{
    fn progress(&self, state: &Position<G>, seat: Seat) -> Option<f64> {
        let camp = self.camp_of(seat);
        let rows = |holes: G::Bits| {
            let mut sum = 0u32;
            holes.for_each(|h| sum += u32::from(G::progress(camp, h)));
            sum
        };
        // Pieces start on their camp and finish on the target camp's holes.
        let start = rows(self.start_zone(seat));
        let goal = rows(self.target_zone(seat));
        let now = rows(state.pieces(seat.index()));
        let span = f64::from(goal.saturating_sub(start)).max(1.0);
        Some((f64::from(now) - f64::from(start)) / span)
    }
}

/// A game's progress measure ([`Shaping::progress`]).
pub type ProgressFn<G> = fn(&G, &<G as Game>::State, Seat) -> Option<f64>;

/// The progress function of `G` when `wanted`, for [`crate::vector::VecCore`].
pub fn progress_fn<G: Shaping>(wanted: bool) -> Option<ProgressFn<G>> {
    wanted.then_some(<G as Shaping>::progress as ProgressFn<G>)
}

#[cfg(test)]
mod tests {
    use super::*;
    use racegames_board::sim::SplitMix64;
    use racegames_halma::ChineseCheckers;

    #[test]
    fn progress_is_zero_at_the_start_and_one_with_the_target_camp_filled() {
        let game = ChineseCheckers::default();
        let start = game.new_initial_state();
        for seat in 0..game.num_players() {
            let p = game.progress(&start, Seat::new(seat as u8)).unwrap();
            assert!(p.abs() < 1e-12, "seat {seat}: {p}");
        }
        // Along random play it never passes 1 (a filled target camp).
        let mut rng = SplitMix64::new(3);
        let mut state = start;
        for _ in 0..400 {
            if racegames_board::sim::random_step(
                &game,
                &mut state,
                &mut rng,
                &mut Default::default(),
            )
            .is_none()
            {
                break;
            }
            for seat in 0..game.num_players() {
                let p = game.progress(&state, Seat::new(seat as u8)).unwrap();
                assert!(p <= 1.0 + 1e-12, "seat {seat}: {p}");
            }
        }
    }

    #[test]
    fn games_without_a_measure_have_none() {
        let game = racegames_tables::Tables::backgammon();
        assert_eq!(game.progress(&game.new_initial_state(), Seat::new(0)), None);
    }
}
