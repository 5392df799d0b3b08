//! The tables games.

use tables_core::Tables;

use crate::random::RandomPlayer;
use crate::registry::{no_params, unknown_player};
use crate::{Params, Playable, Player, PlayerError};

impl Playable for Tables {
    fn player_names(&self) -> Vec<&'static str> {
        vec!["random"]
    }

    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &Params<'_>,
    ) -> Result<Box<dyn Player<Self>>, PlayerError> {
        match name {
            "random" => {
                no_params(name, params)?;
                Ok(Box::new(RandomPlayer::new(seed)))
            }
            _ => Err(unknown_player(name, &self.player_names())),
        }
    }
}
