//! The contract kit's toy dice race (feature `testing`), with a random
//! player, so that tests of generic machinery can run it like a real game.

use racegames_board::testing::Race;

use crate::random::RandomPlayer;
use crate::{Params, Playable, Player, PlayerError};

impl Playable for Race {
    fn player_names(&self) -> Vec<&'static str> {
        vec!["random"]
    }

    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &Params<'_>,
    ) -> Result<Box<dyn Player<Race>>, PlayerError> {
        match (name, params) {
            ("random", []) => Ok(Box::new(RandomPlayer::new(seed))),
            _ => Err(PlayerError::BadParameter(name.into())),
        }
    }
}
