//! The tree below the root: decision nodes, chance nodes with Star1 and
//! Star2 pruning, and the cache of static values.

use std::collections::HashMap;

use racegames_board::{Action, Game, Node};

use super::{ExpectimaxSettings, MAX_MEMO};
use crate::eval::estimate;
use crate::fxhash::FxBuild;
use crate::limit::Watch;
use crate::ply::{ply_ends, PlyEnd};
use crate::Evaluator;

/// Chance nodes in a row (throws with no move) searched before the
/// evaluation stands in: a position where neither side can move for long
/// would otherwise recurse without end.
const MAX_CHANCE_CHAIN: u32 = 4;

/// The search's fixed inputs and scratch space.
pub(super) struct Search<'a, G: Game> {
    game: &'a G,
    evaluator: &'a dyn Evaluator<G>,
    me: usize,
    other: usize,
    low: f64,
    high: f64,
    beam: usize,
    prune: bool,
    /// [`ExpectimaxSettings::root_filter`].
    root_filter: f64,
    out: Vec<f64>,
    /// The static values met so far: the same position is often reached
    /// by several throws and several plies.
    values: HashMap<G::State, f64, FxBuild>,
    /// For each (depth, outcome) of the chance nodes searched, the actions
    /// of the best reply found last: in a sibling position the same reply
    /// is likely good again, so it is probed first.
    killers: HashMap<(u32, usize), Vec<Action>>,
    /// Work done, against `limit`: static values asked for (cached or
    /// not) and ply ends generated.
    pub(super) work: u64,
    pub(super) limit: u64,
    /// The work passed `limit`: the search under way is abandoned.
    pub(super) exhausted: bool,
    /// The time limit and the interrupt.
    pub(super) watch: Watch,
}

/// A decision node's ends with their static values, best first for the
/// player to move.
struct Ordered<S> {
    maximising: bool,
    ends: Vec<(f64, S)>,
}

/// What is known of one chance outcome's value before it is searched.
struct Outcome<S> {
    p: f64,
    state: S,
    /// Bounds on the outcome's value (equal once it is known).
    low: f64,
    high: f64,
    next: Next<S>,
}

/// How an outcome's successor is searched.
enum Next<S> {
    /// Its value is known.
    Known,
    /// A decision node whose ends are evaluated, not searched: its
    /// player's best end so far (`best` of value `value`) among `ends`.
    Reply {
        maximising: bool,
        ends: Vec<PlyEnd<S>>,
        best: usize,
        value: f64,
    },
    /// A decision node searched deeper, with the exact value of its first
    /// ordered end when it was probed.
    Deep {
        ordered: Ordered<S>,
        first: Option<f64>,
    },
    /// Another chance node (a throw with no move).
    Chance,
}

impl<'a, G: Game> Search<'a, G> {
    pub(super) fn new(
        game: &'a G,
        evaluator: &'a dyn Evaluator<G>,
        me: usize,
        settings: ExpectimaxSettings,
    ) -> Search<'a, G> {
        let n = game.num_players();
        Search {
            game,
            evaluator,
            me,
            other: (me + 1) % n,
            low: game.min_utility(),
            high: game.max_utility(),
            beam: settings.beam as usize,
            prune: settings.prune,
            root_filter: settings.root_filter,
            out: vec![0.0; n],
            killers: HashMap::new(),
            values: HashMap::default(),
            work: 0,
            limit: u64::MAX,
            exhausted: false,
            watch: Watch::new(),
        }
    }

    /// The best root end (value, index into `ends`) searched to `depth`
    /// plies, among the beam of `scored` (static values, best first), or
    /// among the moves the root filter keeps. A single move kept is
    /// searched deeper only if `value` is asked for.
    pub(super) fn root(
        &mut self,
        ends: &[PlyEnd<G::State>],
        scored: &[(f64, usize)],
        depth: u32,
        value: bool,
    ) -> (f64, usize) {
        if self.root_filter > 0.0 && depth >= 3 {
            let kept = self.filter_root(ends, scored, depth - 1);
            if self.exhausted || (kept.len() == 1 && !value) {
                return kept.first().copied().unwrap_or((self.low, scored[0].1));
            }
            return self.root_among(ends, &kept, depth);
        }
        self.root_among(ends, scored, depth)
    }

    /// The root ends searched to `depth` plies whose value is within the
    /// root filter of the best, best first (the static order kept for
    /// equal values). The window's lower edge trails the best so far by
    /// the filter, so every end kept has its exact value, and an end cut
    /// off is known to trail by at least the filter.
    fn filter_root(
        &mut self,
        ends: &[PlyEnd<G::State>],
        scored: &[(f64, usize)],
        depth: u32,
    ) -> Vec<(f64, usize)> {
        let mut best = f64::NEG_INFINITY;
        let mut ranked = Vec::with_capacity(scored.len());
        for &(_, i) in scored {
            let alpha = if self.prune {
                best - self.root_filter
            } else {
                f64::NEG_INFINITY
            };
            let v = self.after(&ends[i].state, depth - 1, alpha, f64::INFINITY, 0);
            best = best.max(v);
            ranked.push((v, i));
        }
        ranked.retain(|&(v, _)| best - v < self.root_filter);
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
    }

    /// The best root end searched to `depth` plies among the beam of
    /// `scored` (best first).
    fn root_among(
        &mut self,
        ends: &[PlyEnd<G::State>],
        scored: &[(f64, usize)],
        depth: u32,
    ) -> (f64, usize) {
        let (mut best_value, mut best) = (f64::NEG_INFINITY, scored[0].1);
        let width = self.beam(scored).len();
        for &(_, i) in &scored[..width] {
            let alpha = if self.prune {
                best_value
            } else {
                f64::NEG_INFINITY
            };
            let v = self.after(&ends[i].state, depth - 1, alpha, f64::INFINITY, 0);
            if v > best_value {
                best_value = v;
                best = i;
            }
        }
        (best_value, best)
    }

    /// Each of `ends` with its static value, as (value, index), best
    /// first; a stable sort keeps equal values in the ends' order.
    pub(super) fn statically_ranked(&mut self, ends: &[PlyEnd<G::State>]) -> Vec<(f64, usize)> {
        let mut scored: Vec<(f64, usize)> = ends
            .iter()
            .enumerate()
            .map(|(i, end)| (self.leaf(&end.state), i))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored
    }

    /// The static value of `state` for the searching player, within the
    /// utility range (exact at the end of the game).
    pub(super) fn leaf(&mut self, state: &G::State) -> f64 {
        self.spend(1);
        if let Some(&v) = self.values.get(state) {
            return v;
        }
        estimate(self.game, self.evaluator, state, &mut self.out);
        let v = ((self.out[self.me] - self.out[self.other]) / 2.0).clamp(self.low, self.high);
        if self.values.len() < MAX_MEMO {
            self.values.insert(*state, v);
        }
        v
    }

    /// Counts `work` against the budget.
    fn spend(&mut self, work: usize) {
        self.work += work as u64;
        if self.work > self.limit || self.watch.tick(work as u64) {
            self.exhausted = true;
        }
    }

    /// The moves searched deeper than the evaluation: the best `beam`.
    pub(super) fn beam<'s, T>(&self, ordered: &'s [T]) -> &'s [T] {
        match self.beam {
            0 => ordered,
            k => &ordered[..k.min(ordered.len())],
        }
    }

    /// The ends of the ply at decision node `state`, best first for its
    /// player by static value (the search order of the ends is kept for
    /// equal values).
    fn order(&mut self, state: &G::State, mover: usize) -> Ordered<G::State> {
        let maximising = mover == self.me;
        let generated = ply_ends(self.game, state).ends;
        self.spend(generated.len());
        let mut ends: Vec<(f64, G::State)> = generated
            .into_iter()
            .map(|end| (self.leaf(&end.state), end.state))
            .collect();
        if maximising {
            ends.sort_by(|a, b| b.0.total_cmp(&a.0));
        } else {
            ends.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
        Ordered { maximising, ends }
    }

    /// The value of a position where a ply has just ended, with `depth`
    /// plies still to search. Fail-soft: a value at or below `alpha` is an
    /// upper bound, at or above `beta` a lower bound, exact in between.
    pub(super) fn after(
        &mut self,
        state: &G::State,
        depth: u32,
        alpha: f64,
        beta: f64,
        chain: u32,
    ) -> f64 {
        if self.exhausted {
            // Abandoned: the value is discarded.
            return self.low;
        }
        match self.game.node(state) {
            _ if depth == 0 => self.leaf(state),
            Node::Terminal => self.leaf(state),
            Node::Decision(p) => {
                let ordered = self.order(state, p.index());
                self.decision(&ordered, None, depth, alpha, beta)
            }
            Node::Chance if chain >= MAX_CHANCE_CHAIN => self.leaf(state),
            Node::Chance => self.chance(state, depth, alpha, beta, chain),
        }
    }

    /// A decision node's value from its ordered ends; `first` is the known
    /// exact value of the first end, if it was probed.
    fn decision(
        &mut self,
        ordered: &Ordered<G::State>,
        first: Option<f64>,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        let Some(&(best_static, _)) = ordered.ends.first() else {
            // No end (every path loops): nothing better than standing still.
            return 0.0_f64.clamp(self.low, self.high);
        };
        if depth == 1 {
            return best_static;
        }
        let mut best = if ordered.maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for (i, (_, end)) in self.beam(&ordered.ends).iter().enumerate() {
            let value = match first {
                Some(v) if i == 0 => v,
                _ if self.prune => self.after(end, depth - 1, alpha, beta, 0),
                _ => self.after(end, depth - 1, f64::NEG_INFINITY, f64::INFINITY, 0),
            };
            if ordered.maximising {
                best = best.max(value);
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                beta = beta.min(best);
            }
            if self.prune && alpha >= beta {
                break;
            }
        }
        best
    }

    /// A chance node's value: Star2 probes, then Star1 over the outcomes.
    fn chance(&mut self, state: &G::State, depth: u32, alpha: f64, beta: f64, chain: u32) -> f64 {
        if self.exhausted {
            return self.low;
        }
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(state, |a, p| {
            let mut next = *state;
            self.game.apply_legal(&mut next, a);
            outcomes.push(Outcome {
                p,
                state: next,
                low: self.low,
                high: self.high,
                next: Next::Chance,
            });
        });
        for (i, o) in outcomes.iter_mut().enumerate() {
            self.prepare(o, (depth, i));
        }
        if !self.prune {
            let mut sum = 0.0;
            for (i, o) in outcomes.iter_mut().enumerate() {
                let v = self.outcome(o, (depth, i), f64::NEG_INFINITY, f64::INFINITY, chain);
                sum += o.p * v;
            }
            return sum;
        }
        // Star1 with each outcome's own bounds: `done` sums the outcomes
        // searched, the rest count at their low or high bound.
        let mut done = 0.0;
        for i in 0..outcomes.len() {
            let rest_high: f64 = outcomes[i..].iter().map(|o| o.p * o.high).sum();
            let rest_low: f64 = outcomes[i..].iter().map(|o| o.p * o.low).sum();
            if done + rest_high <= alpha {
                return done + rest_high;
            }
            if done + rest_low >= beta {
                return done + rest_low;
            }
            let o = &mut outcomes[i];
            let (p, low, high) = (o.p, o.low, o.high);
            if low == high {
                done += p * low;
                continue;
            }
            let others_high = rest_high - p * high;
            let others_low = rest_low - p * low;
            let a = ((alpha - done - others_high) / p).max(low);
            let b = ((beta - done - others_low) / p).min(high);
            let mut v = self.outcome(o, (depth, i), a, b, chain);
            let (v_low, v_high) = if v <= a {
                (low, v)
            } else if v >= b {
                (v, high)
            } else {
                (v, v)
            };
            if v_low != v_high {
                let bound_high = done + p * v_high + others_high;
                let bound_low = done + p * v_low + others_low;
                if bound_high <= alpha {
                    return bound_high;
                }
                if bound_low >= beta {
                    return bound_low;
                }
                // Rounding kept the bound inside the window: search exactly.
                v = self.outcome(o, (depth, i), f64::NEG_INFINITY, f64::INFINITY, chain);
            }
            done += p * v;
        }
        done
    }

    /// Sets up an outcome's search and its first bounds: exact at the end
    /// of the game; at a decision node, the value of one move bounds the
    /// node from its player's side (Star2's probe): the last best reply
    /// for this outcome if it applies here, else the first end.
    fn prepare(&mut self, o: &mut Outcome<G::State>, key: (u32, usize)) {
        let depth = key.0;
        match self.game.node(&o.state) {
            Node::Terminal => {
                o.low = self.leaf(&o.state);
                o.high = o.low;
                o.next = Next::Known;
            }
            Node::Chance => o.next = Next::Chance,
            Node::Decision(p) if depth == 1 => {
                let ends = ply_ends(self.game, &o.state).ends;
                self.spend(ends.len());
                if ends.is_empty() {
                    // No end (every path loops): as in `decision`.
                    o.low = 0.0_f64.clamp(self.low, self.high);
                    o.high = o.low;
                    o.next = Next::Known;
                    return;
                }
                let best = self.killer(&o.state, p, key, &ends).unwrap_or(0);
                let value = self.leaf(&ends[best].state);
                let maximising = p.index() == self.me;
                if ends.len() == 1 {
                    (o.low, o.high) = (value, value);
                } else if maximising {
                    o.low = value;
                } else {
                    o.high = value;
                }
                o.next = Next::Reply {
                    maximising,
                    ends,
                    best,
                    value,
                };
            }
            Node::Decision(p) => {
                let ordered = self.order(&o.state, p.index());
                let mut first = None;
                if ordered.ends.is_empty() {
                    o.low = self.decision(&ordered, None, depth, 0.0, 0.0);
                    o.high = o.low;
                } else if self.prune {
                    let probe = self.after(
                        &ordered.ends[0].1,
                        depth - 1,
                        f64::NEG_INFINITY,
                        f64::INFINITY,
                        0,
                    );
                    first = Some(probe);
                    if ordered.maximising {
                        o.low = probe;
                    } else {
                        o.high = probe;
                    }
                }
                o.next = Next::Deep { ordered, first };
            }
        }
    }

    /// The index among `ends` of the end that the last best reply stored
    /// for `key` reaches from `state`, if it is still a whole legal ply.
    fn killer(
        &self,
        state: &G::State,
        mover: racegames_board::Seat,
        key: (u32, usize),
        ends: &[PlyEnd<G::State>],
    ) -> Option<usize> {
        let actions = self.killers.get(&key)?;
        let mut s = *state;
        for &a in actions {
            if self.game.node(&s) != Node::Decision(mover) || self.game.apply(&mut s, a).is_err() {
                return None;
            }
        }
        ends.iter().position(|e| e.state == s)
    }

    /// One chance outcome's value within the window.
    fn outcome(
        &mut self,
        o: &mut Outcome<G::State>,
        key: (u32, usize),
        alpha: f64,
        beta: f64,
        chain: u32,
    ) -> f64 {
        match &mut o.next {
            Next::Known => o.low,
            Next::Chance => self.after(&o.state, key.0, alpha, beta, chain + 1),
            Next::Deep { ordered, first } => self.decision(ordered, *first, key.0, alpha, beta),
            Next::Reply {
                maximising,
                ends,
                best,
                value,
            } => {
                // The ends are evaluated in turn from the best so far, and
                // the node stops once it is outside the window.
                let maximising = *maximising;
                let probed = *best;
                let mut complete = true;
                for (i, end) in ends.iter().enumerate() {
                    if (maximising && *value >= beta) || (!maximising && *value <= alpha) {
                        complete = false;
                        break;
                    }
                    if i == probed {
                        continue;
                    }
                    let v = self.leaf(&end.state);
                    if (maximising && v > *value) || (!maximising && v < *value) {
                        *value = v;
                        *best = i;
                    }
                }
                if complete {
                    self.killers.insert(key, ends[*best].actions.clone());
                    (o.low, o.high) = (*value, *value);
                    o.next = Next::Known;
                    return o.low;
                }
                *value
            }
        }
    }
}
