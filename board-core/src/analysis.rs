//! The probability that the player about to throw can make an event happen
//! before play passes on, as an interval that always holds the exact value.
//!
//! # Method
//!
//! The turn is an expectimax tree: at the player's own chance nodes (the
//! first throw and any extra throw) the value is the probability-weighted
//! mean of the outcomes; at the player's decision nodes it is the best
//! action's value, where an action that makes the event happen is worth 1;
//! once play passes to another player, or the game ends, the value is 0.
//!
//! Every node gets an interval `[lo, hi]` holding its exact value: a chance
//! node not searched is `[0, 1]`, a chance node sums its outcomes' intervals,
//! and a decision node takes the largest `lo` and the largest `hi` of its
//! actions. The search deepens one throw at a time and keeps, per position,
//! the tightest interval found so far, so positions reached by several
//! orders of play are searched once per depth. At a decision node the
//! actions are searched best bound first, and an action whose upper bound
//! cannot beat the best lower bound by more than the tolerance (scaled by
//! the chance of reaching the node) is not searched further: ties between
//! equivalent moves, which would make the tree exponential in the number of
//! extra throws, are left as a narrow interval instead.
//!
//! [`SearchLimits`] bounds the work: at most `max_throws` throws deep, at
//! most `max_nodes` positions expanded (which also bounds the memory, one
//! memo entry per expanded position). When a limit stops the search the
//! interval is wider, never wrong: the exact value lies in
//! `[probability, probability + error_bound]`.

use alloc::vec::Vec;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;

use crate::{Action, Game, Node, Seat};

/// The result of [`turn_event_probability`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EventProbability {
    /// A lower bound of the exact probability.
    pub probability: f64,
    /// The width of the interval: the exact value lies in
    /// `[probability, probability + error_bound]`.
    pub error_bound: f64,
}

/// How much work [`turn_event_probability`] may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchLimits {
    /// Throws searched in one turn (the first and the extra ones); deeper
    /// throws count as unknown, `[0, 1]`.
    pub max_throws: u32,
    /// Positions expanded (chance nodes thrown, decision nodes listed) at
    /// most; the memo holds at most this many entries.
    pub max_nodes: usize,
    /// The interval width the search aims at: it stops deepening once the
    /// interval is this narrow, and does not separate moves whose values
    /// differ by less.
    pub tolerance: f64,
}

/// Why the analysis could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// Nobody's turn: before the roll-off, or the game is over.
    #[error("no player's turn in this state (before the roll-off, or the game is over)")]
    NoTurn,
}

/// The probability that the player whose turn it is in `state` can make
/// `event` happen before play passes on, playing to that end; extra throws
/// count. `event(before, action, after)` says whether applying `action` made
/// it happen. The result is an interval holding the exact value, as narrow
/// as `limits` allow.
///
/// # Errors
///
/// [`AnalysisError::NoTurn`] when nobody's turn it is in `state`.
///
/// ```
/// # // See racegames-daldos's capture odds for a real use.
/// use racegames_board::analysis::AnalysisError;
/// let _: Option<AnalysisError> = None;
/// ```
pub fn turn_event_probability<G: Game>(
    game: &G,
    state: &G::State,
    limits: SearchLimits,
    event: impl FnMut(&G::State, Action, &G::State) -> bool,
) -> Result<EventProbability, AnalysisError> {
    turn_event_probability_bounded(game, state, limits, event, |_| 1.0)
}

/// [`turn_event_probability`] with a known upper bound: `bound(state)` is at
/// least the value of any state of the turn (1 where nothing better is
/// known). Searched states start from `[0, bound]` instead of `[0, 1]`, so a
/// state whose bound is below the tolerance is never searched.
///
/// # Errors
///
/// [`AnalysisError::NoTurn`] when nobody's turn it is in `state`.
pub fn turn_event_probability_bounded<G: Game>(
    game: &G,
    state: &G::State,
    limits: SearchLimits,
    mut event: impl FnMut(&G::State, Action, &G::State) -> bool,
    bound: impl Fn(&G::State) -> f64,
) -> Result<EventProbability, AnalysisError> {
    let actor = game.turn_owner(state).ok_or(AnalysisError::NoTurn)?;
    let mut search = Search {
        game,
        actor,
        limits,
        nodes: 0,
        memo: HashMap::with_hasher(FxBuildHasher),
        event: &mut event,
        bound: &bound,
    };
    let mut result = Interval::UNKNOWN;
    for depth in 1..=limits.max_throws.max(1) {
        result = search.after(state, depth, 1.0);
        if result.width() <= limits.tolerance || search.out_of_nodes() {
            break;
        }
    }
    Ok(EventProbability {
        probability: result.lo,
        error_bound: result.width(),
    })
}

/// A closed interval of probabilities.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Interval {
    lo: f64,
    hi: f64,
}

impl Interval {
    const UNKNOWN: Interval = Interval { lo: 0.0, hi: 1.0 };
    const NEVER: Interval = Interval { lo: 0.0, hi: 0.0 };
    const SURE: Interval = Interval { lo: 1.0, hi: 1.0 };

    fn width(self) -> f64 {
        (self.hi - self.lo).max(0.0)
    }

    /// Both intervals hold the exact value, so their intersection does too.
    fn meet(self, other: Interval) -> Interval {
        let lo = self.lo.max(other.lo);
        let hi = self.hi.min(other.hi).max(lo);
        Interval { lo, hi }
    }
}

/// A memoised interval and the depth, in throws, it was searched to.
#[derive(Clone, Copy)]
struct Entry {
    value: Interval,
    depth: u32,
}

struct Search<'a, G: Game, F> {
    game: &'a G,
    actor: Seat,
    limits: SearchLimits,
    nodes: usize,
    memo: HashMap<G::State, Entry, FxBuildHasher>,
    event: &'a mut F,
    bound: &'a dyn Fn(&G::State) -> f64,
}

impl<G: Game, F: FnMut(&G::State, Action, &G::State) -> bool> Search<'_, G, F> {
    fn out_of_nodes(&self) -> bool {
        self.nodes >= self.limits.max_nodes
    }

    /// The best interval known without searching.
    fn known(&self, state: &G::State) -> Interval {
        self.memo.get(state).map_or_else(
            || Interval {
                lo: 0.0,
                hi: (self.bound)(state).clamp(0.0, 1.0),
            },
            |e| e.value,
        )
    }

    /// The value of a state reached during the actor's turn, `depth` throws
    /// left to search, reached with probability `reach`.
    fn after(&mut self, state: &G::State, depth: u32, reach: f64) -> Interval {
        if self.game.turn_owner(state) != Some(self.actor) {
            return Interval::NEVER;
        }
        match self.game.node(state) {
            Node::Terminal => Interval::NEVER,
            Node::Chance => self.chance(state, depth, reach),
            Node::Decision(_) => self.decision(state, depth, reach),
        }
    }

    /// Looks a state up; `Err` holds the known interval when it is final for
    /// this search (searched deep enough, exact, not worth more, or the
    /// node budget is spent).
    fn lookup(&self, state: &G::State, depth: u32, reach: f64) -> Result<Interval, Interval> {
        let entry = self.memo.get(state).copied();
        let known = self.known(state);
        let deep_enough = entry.is_some_and(|e| e.depth >= depth);
        if deep_enough
            || known.width() == 0.0
            || reach * known.width() <= self.limits.tolerance * 0.1
            || self.out_of_nodes()
        {
            return Err(known);
        }
        Ok(known)
    }

    fn store(&mut self, state: &G::State, value: Interval, depth: u32) {
        self.memo.insert(*state, Entry { value, depth });
    }

    fn chance(&mut self, state: &G::State, depth: u32, reach: f64) -> Interval {
        if depth == 0 {
            return self.known(state);
        }
        let known = match self.lookup(state, depth, reach) {
            Ok(k) => k,
            Err(k) => return k,
        };
        self.nodes += 1;
        let mut outcomes: Vec<(Action, f64)> = Vec::new();
        self.game
            .chance_outcomes(state, |a, p| outcomes.push((a, p)));
        let mut sum = Interval::NEVER;
        for (a, p) in outcomes {
            let mut child = *state;
            // An outcome that does not apply is not part of the tree.
            if self.game.apply(&mut child, a).is_ok() {
                let v = self.after(&child, depth - 1, reach * p);
                sum.lo += p * v.lo;
                sum.hi += p * v.hi;
            }
        }
        let value = known.meet(Interval {
            lo: sum.lo.min(1.0),
            hi: sum.hi.min(1.0),
        });
        self.store(state, value, depth);
        value
    }

    fn decision(&mut self, state: &G::State, depth: u32, reach: f64) -> Interval {
        let known = match self.lookup(state, depth, reach) {
            Ok(k) => k,
            Err(k) => return k,
        };
        self.nodes += 1;
        // The actions that keep the turn going, with their known intervals.
        let mut open: Vec<(G::State, Interval)> = Vec::new();
        let mut happens = false;
        let (game, actor, event) = (self.game, self.actor, &mut *self.event);
        game.for_each_successor(state, |a, child| {
            if happens {
                return;
            }
            if event(state, a, child) {
                happens = true;
            } else if game.turn_owner(child) == Some(actor) && game.node(child) != Node::Terminal {
                open.push((*child, Interval::UNKNOWN));
            }
        });
        if happens {
            self.store(state, Interval::SURE, u32::MAX);
            return Interval::SURE;
        }
        for (child, prior) in open.iter_mut() {
            *prior = self.known(child);
        }
        // Most promising first, so that good lower bounds prune the rest.
        open.sort_by(|x, y| y.1.hi.total_cmp(&x.1.hi).then(y.1.lo.total_cmp(&x.1.lo)));
        let slack = self.limits.tolerance / reach.max(f64::MIN_POSITIVE);
        let mut best = Interval::NEVER;
        for (_, v) in &open {
            best.lo = best.lo.max(v.lo);
        }
        for (child, v) in open.iter_mut() {
            if v.hi > best.lo + slack {
                *v = self.after(child, depth, reach);
                best.lo = best.lo.max(v.lo);
            }
            best.hi = best.hi.max(v.hi);
        }
        let value = known.meet(best);
        self.store(state, value, depth);
        value
    }
}
