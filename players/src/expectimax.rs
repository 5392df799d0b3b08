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

use std::collections::HashMap;
use std::sync::Arc;

use racegames_board::sim::SplitMix64;
use racegames_board::{Action, Game, Node};

use crate::fxhash::FxBuild;
use crate::greedy::first_legal;
use crate::limit::Watch;
use crate::ply::{decision_seed, ply_ends, PlyEnd};
use crate::value::estimate;
use crate::{Evaluator, Player, PlayerError};

/// The options of [`ExpectimaxPlayer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    let mut scored: Vec<(f64, usize)> = ends
        .iter()
        .enumerate()
        .map(|(i, end)| (search.leaf(&end.state), i))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
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
            let found = search.root(&ends, &scored, depth);
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
            let deeper = search.root(&ends, &scored, depth);
            if search.exhausted {
                break;
            }
            (best_value, best) = deeper;
        }
    }
    Some((ends.swap_remove(best).actions, best_value))
}

/// Chance nodes in a row (throws with no move) searched before the
/// evaluation stands in: a position where neither side can move for long
/// would otherwise recurse without end.
const MAX_CHANCE_CHAIN: u32 = 4;

/// The search's fixed inputs and scratch space.
struct Search<'a, G: Game> {
    game: &'a G,
    evaluator: &'a dyn Evaluator<G>,
    me: usize,
    other: usize,
    low: f64,
    high: f64,
    beam: usize,
    prune: bool,
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
    work: u64,
    limit: u64,
    /// The work passed `limit`: the search under way is abandoned.
    exhausted: bool,
    /// The time limit and the interrupt.
    watch: Watch,
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
    fn new(
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
    /// plies, among the beam of `scored` (static values, best first).
    fn root(
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

    /// The static value of `state` for the searching player, within the
    /// utility range (exact at the end of the game).
    fn leaf(&mut self, state: &G::State) -> f64 {
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
    fn beam<'s, T>(&self, ordered: &'s [T]) -> &'s [T] {
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
    fn after(&mut self, state: &G::State, depth: u32, alpha: f64, beta: f64, chain: u32) -> f64 {
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
