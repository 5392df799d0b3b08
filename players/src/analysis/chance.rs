//! The values at a chance node: the mean over its outcomes of each
//! outcome's values, the outcomes searched side by side on threads.

use racegames_board::Node;

use super::workers::side_by_side;
use super::{evaluate, AnalysisError, Valuer, MAX_CHANCE_CHAIN};
use crate::eval::estimate;
use crate::interrupt::current_interrupt;
use crate::Playable;

/// Each seat's values after one outcome, and the plies searched there
/// (`u32::MAX` for a finished game, which is exact).
type Valued = Result<(Vec<f64>, u32), AnalysisError>;

/// The values at the chance node `state`, written to `out`: greedy's
/// evaluation, or the mean over the outcomes of the searched values; the
/// plies searched (the fewest of any outcome's). The outcomes of this node
/// are valued on up to `threads` threads; the mean is summed in their
/// order, so the figures do not depend on `threads`.
pub(super) fn chance_values<G: Playable>(
    game: &G,
    state: &G::State,
    valuer: &Valuer<G>,
    threads: usize,
    out: &mut [f64],
) -> Result<u32, AnalysisError> {
    chain_values(game, state, valuer, 0, threads, out)
}

/// [`chance_values`] `chain` chance nodes into a run of throws with no move.
fn chain_values<G: Playable>(
    game: &G,
    state: &G::State,
    valuer: &Valuer<G>,
    chain: u32,
    threads: usize,
    out: &mut [f64],
) -> Result<u32, AnalysisError> {
    if valuer.search.is_none() || chain >= MAX_CHANCE_CHAIN {
        estimate(game, &*valuer.evaluator, state, out);
        return Ok(0);
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, |a, p| outcomes.push((a, p)));
    let seats = out.len();
    let value = |k: usize| -> Valued {
        let mut next = *state;
        game.apply_legal(&mut next, outcomes[k].0);
        match game.node(&next) {
            Node::Chance => {
                let mut each = vec![0.0; seats];
                // The rest of a chain is short: it stays on this thread.
                let depth = chain_values(game, &next, valuer, chain + 1, 1, &mut each)?;
                Ok((each, depth))
            }
            Node::Terminal => Ok((evaluate(game, &next, valuer)?.values, u32::MAX)),
            Node::Decision(_) => {
                let valuation = evaluate(game, &next, valuer)?;
                Ok((valuation.values, valuation.depth))
            }
        }
    };
    let valued: Vec<Valued> = if threads > 1 && outcomes.len() > 1 {
        // The searches poll the caller's interrupt on every thread.
        let interrupt = current_interrupt().unwrap_or_default();
        side_by_side(outcomes.len(), threads, &interrupt, value)
            .into_iter()
            .map(|slot| slot.unwrap_or(Err(AnalysisError::Interrupted)))
            .collect()
    } else {
        (0..outcomes.len()).map(value).collect()
    };
    out.fill(0.0);
    let mut depth = u32::MAX;
    for (&(_, p), result) in outcomes.iter().zip(valued) {
        let (values, searched) = result?;
        depth = depth.min(searched);
        for (o, v) in out.iter_mut().zip(&values) {
            *o += p * v;
        }
    }
    Ok(if depth == u32::MAX { 0 } else { depth })
}
