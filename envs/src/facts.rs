//! Facts about each game that the Python side needs and must not write
//! out itself: its Gymnasium id and what its picture needs beyond the
//! notation. (Names, families and observation bounds come from
//! [`racegames_board::Game`].)

use racegames_board::{Game, Seat};
use racegames_halma::{Geometry, Halma, Position};

/// What a picture of the game needs beyond its notation.
pub trait Drawing: Game {
    /// Each seat's route: the board points (from 1) it passes, in order.
    /// Empty for games without routes.
    fn routes(&self) -> Vec<Vec<u16>> {
        Vec::new()
    }

    /// The picture of `state` ([`racegames_draw`]); `None` for games
    /// without one, which are drawn as their notation.
    fn scene(&self, state: &Self::State) -> Option<racegames_draw::Scene> {
        let _ = state;
        None
    }
}

impl Drawing for racegames_daldos::Daldos {
    fn scene(&self, state: &racegames_daldos::Position) -> Option<racegames_draw::Scene> {
        Some(racegames_draw::daldos::scene(self, state))
    }
}
#[cfg(test)]
impl Drawing for racegames_board::testing::Race {}

impl Drawing for racegames_tables::Tables {
    /// A variant built from options is drawn from its own directions and
    /// track (the half track of Medio emperador, the 28 points of the
    /// seven-sided tables).
    fn routes(&self) -> Vec<Vec<u16>> {
        (0..2u8)
            .map(|seat| {
                (0..self.route_len())
                    .filter_map(|r| self.route_point(Seat::new(seat), r))
                    .map(|p| p as u16)
                    .collect()
            })
            .collect()
    }

    fn scene(&self, state: &racegames_tables::Position) -> Option<racegames_draw::Scene> {
        Some(racegames_draw::tables::scene(
            self,
            state,
            self.display_name(),
        ))
    }
}

impl<G: Geometry> Drawing for Halma<G>
where
    Halma<G>: Game<State = Position<G>>,
{
    fn scene(&self, state: &Position<G>) -> Option<racegames_draw::Scene> {
        Some(racegames_draw::halma::scene(self, state))
    }
}

/// The Gymnasium id of game `name`, without the `racegames/` namespace:
/// its words capitalised and joined, then `-v0` (`seys_dos_e_as` →
/// `SeysDosEAs-v0`).
pub fn gym_id(name: &str) -> String {
    let mut id = String::with_capacity(name.len() + 3);
    for word in name.split('_') {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            id.extend(first.to_uppercase());
            id.push_str(chars.as_str());
        }
    }
    id.push_str("-v0");
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use racegames_board::FromParams;
    use racegames_tables::Tables;

    #[test]
    fn gym_ids_join_the_capitalised_words() {
        assert_eq!(gym_id("seys_dos_e_as"), "SeysDosEAs-v0");
        assert_eq!(gym_id("daldos"), "Daldos-v0");
        assert_eq!(gym_id("chinese_checkers"), "ChineseCheckers-v0");
    }

    #[test]
    fn routes_follow_each_variant() {
        let half = Tables::from_params("medio_emperador", &[])
            .unwrap()
            .routes();
        assert_eq!(half[0].len(), 12);
        assert_eq!(half[0][..2], [24, 23]);
        let backgammon = Tables::backgammon().routes();
        assert_eq!((backgammon[0][0], backgammon[1][0]), (24, 1));
    }
}
