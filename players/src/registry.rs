//! The built-in players of each game, by name.

use std::sync::Arc;

use racegames_board::{Game, Seat};

use crate::builtin::Defaults;
use crate::cube::CubeAnalysis;
use crate::cube::Outcomes;
use crate::eval::Evaluation;
use crate::{Evaluator, Params, Player, PlayerError};

/// A game whose built-in players this crate knows.
///
/// Each game's module under [`crate::games`] implements it: the names its
/// players answer to, strongest first as the arena measures them, and how
/// to build each.
///
/// Its states are `Send + Sync + 'static` as a bound of the trait itself
/// (not a `where` clause, which callers would have to repeat), so code
/// generic over `G: Playable` may send states across threads as it is:
///
/// ```
/// use racegames_board::Game;
/// use racegames_players::Playable;
///
/// fn opening_on_another_thread<G: Playable>(game: &G) -> G::State {
///     let state = game.new_initial_state();
///     std::thread::spawn(move || state).join().unwrap()
/// }
/// let game = racegames_daldos::Daldos::default();
/// assert_eq!(opening_on_another_thread(&game), game.new_initial_state());
/// ```
pub trait Playable: Game<State: Send + Sync + 'static> + Sized + Send + Sync + 'static {
    /// The names of the built-in players for this game with its options,
    /// strongest first.
    fn player_names(&self) -> Vec<&'static str>;

    /// Builds the player `name` with this seed and options.
    ///
    /// # Errors
    ///
    /// [`PlayerError::UnknownPlayer`] for a name not in
    /// [`Playable::player_names`], [`PlayerError::BadParameter`] for an
    /// unknown option or a value out of range, [`PlayerError::WrongType`]
    /// for a real number ([`ParamValue::Float`](racegames_board::ParamValue::Float)) where the player takes
    /// none.
    fn make_player(
        &self,
        name: &str,
        seed: u64,
        params: &Params<'_>,
    ) -> Result<Box<dyn Player<Self>>, PlayerError>;

    /// The game's evaluation of this `kind` (the one its players use), or
    /// `None` where it has none: no shipped net for these options, or no
    /// evaluation at all (the default).
    fn evaluation(&self, kind: Evaluation) -> Option<Arc<dyn Evaluator<Self>>> {
        let _ = kind;
        None
    }

    /// The evaluation that judges this game's positions best: the shipped
    /// net where there is one, else the hand-written evaluation.
    fn best_evaluation(&self) -> Option<Arc<dyn Evaluator<Self>>> {
        self.evaluation(Evaluation::Net)
            .or_else(|| self.evaluation(Evaluation::Hand))
    }

    /// The search players' settings for the options not given (what
    /// [`Playable::make_player`] uses), for the analysis that values
    /// positions as those players do (the `analysis` module).
    fn search_defaults(&self) -> Defaults {
        Defaults::default()
    }

    /// The chances of each way the game can end for the seat about to
    /// act at `state` (win, win a gammon, win a backgammon, lose a gammon,
    /// lose a backgammon), as the shipped net sees them, and that seat;
    /// `None` (the default) where the game has no such net.
    fn outcomes(&self, state: &Self::State) -> Option<(Outcomes, Seat)> {
        let _ = state;
        None
    }

    /// The cube decision at `state` in a game with the doubling cube: at
    /// the decision before the throw (double or roll) and at a double
    /// (take or drop), and before a throw where no one may double (the
    /// cubeful equity alone); `None` (the default) elsewhere and in games
    /// without the cube.
    ///
    /// ```
    /// use racegames_board::{FromParams, Game, ParamValue};
    /// use racegames_players::analysis::CubeVerdict;
    /// use racegames_players::Playable;
    /// use racegames_tables::Tables;
    ///
    /// let game = Tables::from_params("backgammon", &[("cube", ParamValue::Bool(true))]).unwrap();
    /// // B on roll, far ahead in the race and holding a strong board: a double.
    /// let state = game
    ///     .parse_notation("A2,A1,A2,.,A2,A4,.,A2,.,.,.,.,A2,B1,B1,.,B2,.,B3,B1,B2,B2,B2,B1 - 0/0 B - 22 1 ?")
    ///     .unwrap();
    /// let cube = game.cube_analysis(&state).unwrap();
    /// assert_eq!(cube.verdict, CubeVerdict::DoubleTake);
    /// assert!(cube.equity > cube.decision.no_double);
    /// assert!(game.cube_analysis(&game.new_initial_state()).is_none()); // the roll-off
    /// ```
    fn cube_analysis(&self, state: &Self::State) -> Option<CubeAnalysis> {
        let _ = state;
        None
    }
}
