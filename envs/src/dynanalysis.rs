//! The analysis ([`racegames_players::analysis`]) with the game type
//! erased: every registered game gets it through its [`Playable`] impl.
//!
//! ```
//! use racegames_env::dynanalysis::DynAnalysis;
//! use racegames_env::registry;
//!
//! let game = (registry::find("daldos").unwrap())("daldos", &[]).unwrap();
//! let state = std::sync::Arc::clone(&game).new_initial_state();
//! // Before the first throw: a chance node, valued by the mean over the throws.
//! let v = game.evaluate_dyn(&*state, Some("greedy"), &[], 1, &Default::default()).unwrap();
//! assert_eq!(v.values.len(), 2);
//! ```

use racegames_board::{Action, ParamValue};
use racegames_players::analysis::{
    self, AnalysisError, GameReview, Progress, RolloutResult, RolloutSettings, Valuation, Valuer,
};
use racegames_players::{Interrupt, Playable};

use crate::dynplayer::{DynPlayer, Typed};
use crate::erased::{DynState, Erasable, Held};

/// One play of a [`DynAnalysis::hint_dyn`] list (see
/// [`analysis::Play`]), its position left out.
#[derive(Clone, Debug, PartialEq)]
pub struct DynPlay {
    /// The actions of the whole turn.
    pub actions: Vec<Action>,
    /// The value for the player to move.
    pub value: f64,
    /// Each seat's expected return after the play.
    pub values: Vec<f64>,
    /// How much less than the best it is worth.
    pub loss: f64,
    /// The plies its value looks ahead ([`analysis::Play::depth`]).
    pub depth: u32,
}

/// A reviewed game ([`analysis::GameReview`]) with the positions as
/// erased states.
pub type DynReview = GameReview<Box<dyn DynState>>;

/// The analysis of a game whose type is erased.
pub trait DynAnalysis {
    /// [`analysis::evaluate_on`] at `state` by the player `player` (`None`:
    /// the strongest that values positions) with its options, on up to
    /// `threads` threads; `interrupt` stops the search.
    ///
    /// # Errors
    ///
    /// As [`analysis::evaluate_on`] and [`Valuer::new`]; a state of
    /// another game type is an [`AnalysisError::BadArgument`].
    fn evaluate_dyn(
        &self,
        state: &dyn DynState,
        player: Option<&str>,
        params: &[(&str, ParamValue<'_>)],
        threads: usize,
        interrupt: &Interrupt,
    ) -> Result<Valuation, AnalysisError>;
    /// [`analysis::hint`] at `state`.
    ///
    /// # Errors
    ///
    /// As [`DynAnalysis::evaluate_dyn`], and
    /// [`AnalysisError::NotADecision`] away from a decision node.
    fn hint_dyn(
        &self,
        state: &dyn DynState,
        player: Option<&str>,
        params: &[(&str, ParamValue<'_>)],
        interrupt: &Interrupt,
    ) -> Result<Vec<DynPlay>, AnalysisError>;
    /// [`analysis::rollout`] from `state` with copies of `player`.
    ///
    /// # Errors
    ///
    /// As [`analysis::rollout`]; a player of another game type is an
    /// [`AnalysisError::BadArgument`].
    fn rollout_dyn(
        &self,
        state: &dyn DynState,
        player: &dyn DynPlayer,
        settings: &RolloutSettings,
        progress: &Progress,
    ) -> Result<RolloutResult, AnalysisError>;
    /// [`analysis::analyse`] of the game played by `actions` from `start`.
    ///
    /// # Errors
    ///
    /// As [`analysis::analyse`] and [`Valuer::new`].
    #[allow(clippy::too_many_arguments)] // the analysis' inputs, one each
    fn analyse_dyn(
        &self,
        start: &dyn DynState,
        actions: &[Action],
        player: Option<&str>,
        params: &[(&str, ParamValue<'_>)],
        threads: usize,
        progress: &Progress,
    ) -> Result<DynReview, AnalysisError>;
}

/// `state` as a state of `G`.
fn held<G: Erasable>(state: &dyn DynState) -> Result<&Held<G>, AnalysisError> {
    state
        .as_any()
        .downcast_ref::<Held<G>>()
        .ok_or_else(|| AnalysisError::BadArgument("the state is of another game".into()))
}

/// The valuer named, or the strongest.
fn valuer<G: Playable>(
    game: &G,
    player: Option<&str>,
    params: &[(&str, ParamValue<'_>)],
) -> Result<Valuer<G>, AnalysisError> {
    match player {
        Some(name) => Valuer::new(game, name, params),
        None if params.is_empty() => Valuer::strongest(game),
        None => {
            let names = analysis::valuers(game);
            let name = names.first().copied().unwrap_or("greedy");
            Valuer::new(game, name, params)
        }
    }
}

impl<G: Erasable + Playable> DynAnalysis for G {
    fn evaluate_dyn(
        &self,
        state: &dyn DynState,
        player: Option<&str>,
        params: &[(&str, ParamValue<'_>)],
        threads: usize,
        interrupt: &Interrupt,
    ) -> Result<Valuation, AnalysisError> {
        let held = held::<G>(state)?;
        let valuer = valuer(self, player, params)?;
        racegames_players::with_interrupt(interrupt, || {
            analysis::evaluate_on(self, &held.state, &valuer, threads)
        })
    }

    fn hint_dyn(
        &self,
        state: &dyn DynState,
        player: Option<&str>,
        params: &[(&str, ParamValue<'_>)],
        interrupt: &Interrupt,
    ) -> Result<Vec<DynPlay>, AnalysisError> {
        let held = held::<G>(state)?;
        let valuer = valuer(self, player, params)?;
        let plays = racegames_players::with_interrupt(interrupt, || {
            analysis::hint(self, &held.state, &valuer)
        })?;
        Ok(plays
            .into_iter()
            .map(|p| DynPlay {
                actions: p.actions,
                value: p.value,
                values: p.values,
                loss: p.loss,
                depth: p.depth,
            })
            .collect())
    }

    fn rollout_dyn(
        &self,
        state: &dyn DynState,
        player: &dyn DynPlayer,
        settings: &RolloutSettings,
        progress: &Progress,
    ) -> Result<RolloutResult, AnalysisError> {
        let held = held::<G>(state)?;
        let typed = player
            .as_any()
            .downcast_ref::<Typed<G>>()
            .ok_or_else(|| AnalysisError::BadArgument("the player is of another game".into()))?;
        analysis::rollout(self, &held.state, &*typed.0, settings, progress)
    }

    fn analyse_dyn(
        &self,
        start: &dyn DynState,
        actions: &[Action],
        player: Option<&str>,
        params: &[(&str, ParamValue<'_>)],
        threads: usize,
        progress: &Progress,
    ) -> Result<DynReview, AnalysisError> {
        let held = held::<G>(start)?;
        let valuer = valuer(self, player, params)?;
        let review = analysis::analyse(self, &held.state, actions, &valuer, threads, progress)?;
        let game = std::sync::Arc::clone(&held.game);
        let erase = |state: G::State| -> Box<dyn DynState> {
            Box::new(Held {
                game: std::sync::Arc::clone(&game),
                state,
            })
        };
        Ok(GameReview {
            decisions: review
                .decisions
                .into_iter()
                .map(|d| analysis::Decision {
                    state: erase(d.state),
                    index: d.index,
                    seat: d.seat,
                    played: d.played,
                    value: d.value,
                    best: d.best,
                    best_value: d.best_value,
                    loss: d.loss,
                    rank: d.rank,
                    choices: d.choices,
                    cube: d.cube,
                })
                .collect(),
            error_rates: review.error_rates,
            choices: review.choices,
            cube_error_rates: review.cube_error_rates,
            cube_choices: review.cube_choices,
            luck: review.luck,
            returns: review.returns,
            finished: review.finished,
        })
    }
}
