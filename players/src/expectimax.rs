//! Expectimax for two-player games with dice, searched ply by ply.
//!
//! Values are from the searching player's point of view: the zero-sum
//! margin `(own - other) / 2` of the evaluation, which is the own return
//! when the evaluation is zero-sum. The player to move at a decision node
//! maximises it if it is the searching player and minimises it otherwise;
//! a chance node averages its outcomes by their exact probabilities. A
//! chance node followed by the same player's decision (Daldøs' extra
//! throws) is simply a further ply of that player.
//!
//! `depth` counts plies, whoever plays them: at depth 1 the player is
//! greedy; at depth 2 every end of its ply is followed by every chance
//! outcome and the best reply to it, evaluated at the reply's end.
//!
//! Pruning (Ballard's Star1 and Star2, as Hauk, Buro and Schaeffer
//! describe them for backgammon): a chance node stops as soon as the
//! outcomes seen, with the rest at their bounds, show that it cannot fall
//! inside the window; before that, each outcome's successor is probed by
//! searching one move only, which bounds it from one side (Star2): a reply
//! evaluated statically is probed with the best reply found for the same
//! outcome in a sibling position, if it still applies (a killer move), a
//! deeper node with its best-ordered move. The bounds start at the game's
//! utility range. A reply node stops evaluating once it falls outside its
//! window. Move ordering sorts the ends of a ply by their static
//! evaluation, and `beam` keeps only the best few of them at nodes searched
//! deeper than the evaluation. Static values are cached for the decision:
//! several throws and plies often reach the same position.
//!
//! At the root, `root_filter` may choose the moves searched to the full
//! depth instead of the static order: every move is first searched one ply
//! shallower, and only those close to the best there go deeper, as GNU
//! Backgammon's move filters choose the moves its deeper plies look at.

use std::sync::Arc;

use racegames_board::sim::SplitMix64;
use racegames_board::{Action, Game, Node, Seat};

use crate::greedy::first_legal;
use crate::ply::{decision_seed, ply_ends};
use crate::{Evaluator, Player, PlayerError};

/// The options of [`ExpectimaxPlayer`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectimaxSettings {
    /// Plies searched (1 = greedy), at least 1.
    pub depth: u32,
    /// At nodes whose moves are searched deeper than the static evaluation
    /// (the root included), only this many moves, best first by the
    /// evaluation, are searched; 0 searches them all.
    pub beam: u32,
    /// Star1/Star2 pruning of chance nodes and alpha-beta cuts of decision
    /// nodes; without it every node is searched in full (same decisions,
    /// slower: for tests and measurement).
    pub prune: bool,
    /// Iterative deepening: after searching `depth` plies, search one ply
    /// deeper, and again (up to [`MAX_DEPTH`]), as long as the decision's
    /// work (static values asked for and ply ends generated) stays within
    /// `budget`; a deeper search that the budget cuts short is discarded.
    /// 0 searches `depth` only. Positions differ so much in cost (Daldøs: a few milliseconds at depth 4 in
    /// most positions, seconds in some) that a fixed depth is either
    /// shallow everywhere or slow somewhere.
    pub budget: u32,
    /// The root's move filter, as GNU Backgammon's: 0 orders the root's
    /// moves by their static values, like every other node. Above 0, at
    /// depth 3 or more, every root move is first searched one ply
    /// shallower, and only those whose value there is within `root_filter`
    /// of the best (the best `beam` of them when `beam` is above 0) are
    /// searched to the full depth: the static order of a net picks the
    /// moves worth a deeper look less well than a shallower search does.
    /// A value of 0.04 keeps the moves within 0.04 points (for two
    /// players' zero-sum values, `(own - other) / 2`).
    pub root_filter: f64,
}

/// The deepest [`ExpectimaxSettings::budget`] deepens to.
pub const MAX_DEPTH: u32 = 8;

/// The most work (static values asked for and ply ends generated) the
/// search at `depth` does: one that reaches it is abandoned and retried one
/// ply shallower with a quarter of the allowance, and again (the static
/// order stands in below depth 2), so a decision does less than
/// `4/3 * MAX_WORK` (a second or two on a current machine; see
/// [`crate::limit::DECISION_TIME_LIMIT`] for the safety net). `budget`
/// deepens while the decision's whole work stays below both the budget
/// and `MAX_WORK`.
pub const MAX_WORK: u64 = 1_000_000;

/// The most static values a decision keeps in its cache; past it new
/// values are computed but not stored, so memory stays bounded.
pub const MAX_MEMO: usize = 1 << 20;

impl ExpectimaxSettings {
    /// Depth 2, every move, pruning on.
    pub const DEFAULT: ExpectimaxSettings = ExpectimaxSettings {
        depth: 2,
        beam: 0,
        prune: true,
        budget: 0,
        root_filter: 0.0,
    };
}

impl Default for ExpectimaxSettings {
    fn default() -> ExpectimaxSettings {
        ExpectimaxSettings::DEFAULT
    }
}

/// Plays the end of its ply with the best expectimax value, searched to
/// [`ExpectimaxSettings::depth`] plies. Two-player games only: with more
/// seats it compares its own return against the next seat's.
pub struct ExpectimaxPlayer<G: Game> {
    seed: u64,
    evaluator: Arc<dyn Evaluator<G>>,
    settings: ExpectimaxSettings,
}

impl<G: Game> ExpectimaxPlayer<G> {
    /// An expectimax player with this seed, evaluation and settings.
    pub fn new(
        seed: u64,
        evaluator: Arc<dyn Evaluator<G>>,
        settings: ExpectimaxSettings,
    ) -> ExpectimaxPlayer<G> {
        ExpectimaxPlayer {
            seed,
            evaluator,
            settings,
        }
    }
}

impl<G: Game + 'static> Player<G> for ExpectimaxPlayer<G>
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "expectimax"
    }

    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let Node::Decision(_) = game.node(state) else {
            return Err(PlayerError::NotADecision);
        };
        let Some((actions, _)) = search_root(
            game,
            &*self.evaluator,
            self.settings,
            self.seed,
            state,
            false,
        ) else {
            return Ok(first_legal(game, state));
        };
        // The first action of the chosen ply; the next decision searches
        // again, so that the choice depends on the state alone.
        Ok(actions
            .first()
            .copied()
            .unwrap_or_else(|| first_legal(game, state)))
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(ExpectimaxPlayer::new(
            self.seed,
            Arc::clone(&self.evaluator),
            self.settings,
        ))
    }
}

/// The chosen ply (its actions) at the decision node `state` and its
/// value for the player to move; `None` when the ply has no end.
///
/// The ends are shuffled by the seed and the state before the stable sort
/// by static value, so that equal values are broken by the seed; the
/// first end with the highest searched value is chosen.
pub fn decide<G: Game>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    settings: ExpectimaxSettings,
    seed: u64,
    state: &G::State,
) -> Option<(Vec<Action>, f64)> {
    search_root(game, evaluator, settings, seed, state, true)
}

/// [`decide`], which searches a ply with a single end only if `value` is
/// asked for (a player need not).
fn search_root<G: Game>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    settings: ExpectimaxSettings,
    seed: u64,
    state: &G::State,
    value: bool,
) -> Option<(Vec<Action>, f64)> {
    let Node::Decision(me) = game.node(state) else {
        return None;
    };
    let mut ends = ply_ends(game, state).ends;
    let mut rng = SplitMix64::new(decision_seed(seed, state));
    for i in (1..ends.len()).rev() {
        ends.swap(i, rng.below(i + 1));
    }
    let mut search = Search::new(game, evaluator, me.index(), settings);
    let scored = search.statically_ranked(&ends);
    let (mut best_value, mut best) = *scored.first()?;
    // A single candidate needs no deeper search unless its value is asked for.
    let search_deeper = value || search.beam(&scored).len() > 1;
    if settings.depth > 1 && search_deeper {
        // A search that reaches the work cap is retried one ply shallower
        // (the static order stands in below depth 2); one stopped by the
        // time limit or an interrupt keeps what is complete.
        let mut depth = settings.depth;
        // Each ply shallower costs a fraction of the one above: a quarter
        // of the allowance is plenty, and the total stays below 4/3 of it.
        let mut allowance = MAX_WORK;
        loop {
            search.exhausted = false;
            search.limit = search.work.saturating_add(allowance);
            allowance /= 4;
            let found = search.root(&ends, &scored, depth, value);
            if !search.exhausted {
                (best_value, best) = found;
                break;
            }
            if search.watch.stopped() || depth <= 2 {
                break;
            }
            depth -= 1;
        }
    }
    if settings.budget > 0 && search_deeper && !search.exhausted {
        search.limit = u64::from(settings.budget).min(MAX_WORK);
        let mut depth = settings.depth.max(1);
        while depth < MAX_DEPTH && search.work < search.limit {
            depth += 1;
            let deeper = search.root(&ends, &scored, depth, value);
            if search.exhausted {
                break;
            }
            (best_value, best) = deeper;
        }
    }
    Some((ends.swap_remove(best).actions, best_value))
}

/// The ends of a ply, each with its value.
pub type ValuedEnds<S> = Vec<(crate::ply::PlyEnd<S>, f64)>;

/// Every end of the ply at the decision node `state`, each with its value
/// for the player to move searched to `settings.depth` plies (1: the
/// static value), in the order of [`ply_ends`]; for the analysis, which
/// ranks every play ([`crate::analysis::hint`]). Every end is searched
/// with a full window (no beam at the root), so each value is exact for
/// its depth. A depth whose search reaches the work cap ([`MAX_WORK`] per
/// end, times the ends) is retried one ply shallower; the depth searched
/// is returned too. The players' time limit
/// ([`crate::limit::DECISION_TIME_LIMIT`]) does not apply (the values
/// must not depend on the machine's speed); the interrupt does. `None`
/// when `state` is not a decision node.
pub fn value_ends<G: Game>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    settings: ExpectimaxSettings,
    state: &G::State,
) -> Option<(ValuedEnds<G::State>, u32)> {
    value_ends_within(game, evaluator, settings, state, MAX_WORK)
}

/// [`value_ends`] with `work_per_end` in place of [`MAX_WORK`].
pub(crate) fn value_ends_within<G: Game>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    settings: ExpectimaxSettings,
    state: &G::State,
    work_per_end: u64,
) -> Option<(ValuedEnds<G::State>, u32)> {
    let Node::Decision(me) = game.node(state) else {
        return None;
    };
    let ends = ply_ends(game, state).ends;
    let limit = work_per_end.saturating_mul(ends.len().max(1) as u64);
    let (values, depth) = shrinking_depth(game, evaluator, settings, me, limit, |search, depth| {
        ends.iter()
            .map(|end| {
                if depth == 1 {
                    search.leaf(&end.state)
                } else {
                    search.after(&end.state, depth - 1, f64::NEG_INFINITY, f64::INFINITY, 0)
                }
            })
            .collect::<Vec<f64>>()
    });
    Some((ends.into_iter().zip(values).collect(), depth))
}

/// `body(search, depth)` at `settings.depth`, and again one ply shallower
/// each time its search reaches the work cap `limit` (down to depth 1,
/// which is always kept): the result and the depth it was found at. The
/// searches run without the players' time limit: on a slow machine it
/// would silently value the plays one ply shallower than asked.
fn shrinking_depth<G: Game, T>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    settings: ExpectimaxSettings,
    me: Seat,
    limit: u64,
    mut body: impl FnMut(&mut Search<'_, G>, u32) -> T,
) -> (T, u32) {
    let mut depth = settings.depth.max(1);
    loop {
        let mut search = Search::new(game, evaluator, me.index(), settings);
        search.limit = limit;
        search.watch = crate::limit::Watch::untimed();
        let found = body(&mut search, depth);
        if !search.exhausted || depth == 1 {
            return (found, depth);
        }
        depth -= 1;
    }
}

/// What [`best_end`] finds.
#[derive(Clone, Debug)]
pub struct BestEnd<S> {
    /// Every end of the ply, in [`ply_ends`]'s order (none when the ply
    /// has no end).
    pub ends: Vec<crate::ply::PlyEnd<S>>,
    /// The index of the best in `ends`.
    pub best: usize,
    /// Its value for the player to move.
    pub value: f64,
    /// The plies searched (fewer than asked where the work cap was met).
    pub depth: u32,
}

/// The best end of the ply at the decision node `state`, its value and
/// the depth searched: the first of [`value_ends`]'s ends with the highest
/// value (in [`ply_ends`]'s order), with the same value, found without
/// valuing the others exactly. Every end is considered (no beam at the
/// root); each after the first is searched with the best value so far as
/// its window's lower edge, so Star1 and Star2 cut the ends that cannot
/// beat it (a tie is searched again to be sure). The work cap and the
/// clock are as in [`value_ends`]. `None` when `state` is not a decision
/// node; an empty list of ends when the ply has none.
pub fn best_end<G: Game>(
    game: &G,
    evaluator: &dyn Evaluator<G>,
    settings: ExpectimaxSettings,
    state: &G::State,
) -> Option<BestEnd<G::State>> {
    let Node::Decision(me) = game.node(state) else {
        return None;
    };
    let ends = ply_ends(game, state).ends;
    if ends.is_empty() {
        return Some(BestEnd {
            ends,
            best: 0,
            value: 0.0,
            depth: 0,
        });
    }
    let settings = ExpectimaxSettings {
        prune: true,
        ..settings
    };
    let limit = MAX_WORK.saturating_mul(ends.len() as u64);
    let ((best, value), depth) =
        shrinking_depth(game, evaluator, settings, me, limit, |search, depth| {
            let scored = search.statically_ranked(&ends);
            let (mut best_value, mut best) = scored[0];
            if depth > 1 {
                (best_value, best) = (f64::NEG_INFINITY, usize::MAX);
                for &(_, i) in &scored {
                    let state = &ends[i].state;
                    let v = search.after(state, depth - 1, best_value, f64::INFINITY, 0);
                    if v > best_value {
                        (best_value, best) = (v, i);
                    } else if v == best_value && i < best {
                        // At the window's edge: a bound, or a tie that the
                        // ends' order breaks.
                        let exact =
                            search.after(state, depth - 1, f64::NEG_INFINITY, f64::INFINITY, 0);
                        if exact == best_value {
                            best = i;
                        }
                    }
                }
            }
            (best, best_value)
        });
    Some(BestEnd {
        ends,
        best,
        value,
        depth,
    })
}

mod search;
use search::Search;
