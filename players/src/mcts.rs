//! Monte Carlo tree search (UCT) over whole plies, for any number of
//! players and with chance.
//!
//! - **Plies.** A decision node's children are the distinct ends of its
//!   player's ply ([`crate::ply::ply_ends`]), so a turn of several actions
//!   (one die at a time, a jump chain) is one choice in the tree.
//! - **Chance.** A chance node's children are its outcomes; each visit
//!   draws one by its exact probability, so the visits of the outcomes
//!   follow their probabilities and a node's mean estimates the
//!   expectation.
//! - **More than two players (max^n).** Every node keeps the sum of each
//!   seat's returns over the simulations through it; at a decision node
//!   the player to move picks the child with the best upper confidence
//!   bound on its own mean return, whatever the others get.
//! - **Simulations.** Each of the `simulations` descends by UCT (children
//!   not yet visited first, in an order drawn from the seed), adds one
//!   node, plays random actions from it for at most `rollout_plies` plies
//!   and then takes the evaluation (the exact returns if the game ended),
//!   and adds the returns along its path. Random play alone never ends a
//!   Halma game, hence the cut.
//! - **Choice.** The root's most visited child, then the better mean, then
//!   the seeded order.
//!
//! Means are scaled to `[0, 1]` by the game's utility range before the
//! exploration term `exploration * sqrt(ln N / n)` is added.

use std::sync::Arc;

use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{Action, ActionBuffer, Game, Node};

use crate::eval::estimate;
use crate::greedy::first_legal;
use crate::limit::Watch;
use crate::ply::{decision_seed, ply_ends};
use crate::{Evaluator, Player, PlayerError};

/// The options of [`MctsPlayer`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsSettings {
    /// Simulations per decision, at least 1.
    pub simulations: u32,
    /// The weight of the exploration term of UCT (returns scaled to 0..1).
    pub exploration: f64,
    /// Plies of random play after the new node before the evaluation
    /// stands in for the rest of the game; 0 evaluates the new node. With
    /// the hand-written evaluations 0 played at least as well as 2 or 4
    /// (random plies add noise), so the games' defaults use 0.
    pub rollout_plies: u32,
    /// The searching player's decision nodes keep only their `breadth`
    /// best ply ends by its evaluation, tried best first; 0 keeps them all,
    /// tried in the seeded order. Where a ply has a hundred ends (the Halma
    /// games' jump chains) the budget otherwise goes on moves no player
    /// would make, and the tree stays one ply deep.
    pub breadth: u32,
    /// The same for the other seats' decision nodes. 1 models each
    /// opponent as playing its evaluation's best ply, so that the budget
    /// buys the searching player's own next turns.
    pub opponent_breadth: u32,
    /// How a leaf is valued. 0 takes the evaluation's estimate of every
    /// seat's return. A positive width values each seat by its own
    /// [`Evaluator::rank`] instead, as gained since the root, through a
    /// logistic curve of this width in rank units (the exact returns still
    /// stand at the end of the game): a seat then gains nothing by what its
    /// plies do to the others. In the Halma games, where a seat can wall
    /// pieces into its home, which is another's target, searchers that
    /// value the others' losses wall each other in and never finish.
    pub own_progress: f64,
}

impl Default for MctsSettings {
    fn default() -> MctsSettings {
        MctsSettings {
            simulations: 1000,
            exploration: 0.2,
            rollout_plies: 0,
            breadth: 0,
            opponent_breadth: 0,
            own_progress: 0.0,
        }
    }
}

/// Plays the ply that Monte Carlo tree search visits most.
pub struct MctsPlayer<G: Game> {
    seed: u64,
    evaluator: Arc<dyn Evaluator<G>>,
    settings: MctsSettings,
}

impl<G: Game> MctsPlayer<G> {
    /// An MCTS player with this seed, evaluation and settings.
    pub fn new(
        seed: u64,
        evaluator: Arc<dyn Evaluator<G>>,
        settings: MctsSettings,
    ) -> MctsPlayer<G> {
        MctsPlayer {
            seed,
            evaluator,
            settings,
        }
    }
}

impl<G: Game + 'static> Player<G> for MctsPlayer<G>
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "mcts"
    }

    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let Node::Decision(_) = game.node(state) else {
            return Err(PlayerError::NotADecision);
        };
        let mut ends = ply_ends(game, state).ends;
        if ends.is_empty() {
            return Ok(first_legal(game, state));
        }
        let mut rng = SplitMix64::new(decision_seed(self.seed, state));
        for i in (1..ends.len()).rev() {
            ends.swap(i, rng.below(i + 1));
        }
        let chosen = if ends.len() == 1 {
            0
        } else {
            let states: Vec<G::State> = ends.iter().map(|e| e.state).collect();
            let mut tree = Tree::new(game, &*self.evaluator, self.settings, rng);
            tree.search(state, &states)
        };
        // The first action of the chosen ply; the next decision searches
        // again, so that the choice depends on the state alone.
        Ok(ends[chosen]
            .actions
            .first()
            .copied()
            .unwrap_or_else(|| first_legal(game, state)))
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(MctsPlayer::new(
            self.seed,
            Arc::clone(&self.evaluator),
            self.settings,
        ))
    }
}

/// The most work one decision does (simulations, plus the actions of
/// their rollouts, plus the children they list): past it the search stops
/// and plays the most visited ply so far. A few seconds on a current
/// machine at the largest settings; see
/// [`crate::limit::DECISION_TIME_LIMIT`] for the safety net.
pub const MAX_WORK: u64 = 2_000_000;

/// The most memory one decision's tree takes: past it the search stops as
/// at [`MAX_WORK`].
pub const MAX_TREE_BYTES: usize = 256 << 20;

const MAX_SEATS: usize = racegames_board::Seat::MAX_SEATS;
/// No child yet.
const NONE: u32 = u32::MAX;

/// A node of the tree; its children are the edges `first..first + count`.
struct TreeNode<S> {
    state: S,
    node: Node,
    visits: u32,
    sum: [f64; MAX_SEATS],
    expanded: bool,
    first: u32,
    count: u32,
    /// Children below this index have been visited (decision nodes).
    tried: u32,
}

/// A move to a ply end or a chance outcome, and the node it leads to.
struct Edge<S> {
    state: S,
    p: f64,
    child: u32,
}

struct Tree<'a, G: Game> {
    game: &'a G,
    evaluator: &'a dyn Evaluator<G>,
    settings: MctsSettings,
    rng: SplitMix64,
    nodes: Vec<TreeNode<G::State>>,
    edges: Vec<Edge<G::State>>,
    low: f64,
    scale: f64,
    /// The seat to move at the root.
    searcher: usize,
    /// Each seat's rank at the root (with `own_progress`).
    root_rank: [f64; MAX_SEATS],
    out: Vec<f64>,
    buf: ActionBuffer,
    /// Work done, against [`MAX_WORK`].
    work: u64,
    /// The time limit and the interrupt.
    watch: Watch,
}

impl<'a, G: Game> Tree<'a, G> {
    fn new(
        game: &'a G,
        evaluator: &'a dyn Evaluator<G>,
        settings: MctsSettings,
        rng: SplitMix64,
    ) -> Tree<'a, G> {
        let low = game.min_utility();
        let span = game.max_utility() - low;
        Tree {
            game,
            evaluator,
            settings,
            rng,
            nodes: Vec::new(),
            edges: Vec::new(),
            low,
            searcher: 0,
            root_rank: [0.0; MAX_SEATS],
            scale: if span > 0.0 { 1.0 / span } else { 1.0 },
            out: vec![0.0; game.num_players()],
            buf: ActionBuffer::new(),
            work: 0,
            watch: Watch::new(),
        }
    }

    /// Runs the simulations from the decision node `root`, whose ply ends
    /// are `ends` (in the seeded order), and returns the chosen end.
    fn search(&mut self, root: &G::State, ends: &[G::State]) -> usize {
        self.add_node(*root);
        self.note_root_ranks(root);
        let kept: Vec<usize> = match self.nodes[0].node {
            Node::Decision(mover) => {
                self.searcher = mover.index();
                self.best_first(mover.index(), ends.iter().copied())
            }
            _ => (0..ends.len()).collect(),
        };
        self.nodes[0].expanded = true;
        self.nodes[0].first = 0;
        self.nodes[0].count = kept.len() as u32;
        for &i in &kept {
            self.edges.push(Edge {
                state: ends[i],
                p: 0.0,
                child: NONE,
            });
        }
        let mut path = Vec::new();
        let mut counted = 0;
        for _ in 0..self.settings.simulations.max(1) {
            self.simulate(&mut path);
            // One unit per simulation besides its actions and children.
            self.work += 1;
            let tree_bytes = self.nodes.len() * std::mem::size_of::<TreeNode<G::State>>()
                + self.edges.len() * std::mem::size_of::<Edge<G::State>>();
            let stop = self.watch.tick(self.work - counted);
            counted = self.work;
            if stop || self.work >= MAX_WORK || tree_bytes >= MAX_TREE_BYTES {
                break;
            }
        }
        let root = &self.nodes[0];
        let mut best = 0;
        let mut best_key = (0, f64::NEG_INFINITY);
        let Node::Decision(mover) = root.node else {
            return 0;
        };
        for i in 0..root.count {
            let child = self.edges[(root.first + i) as usize].child;
            let key = match self.nodes.get(child as usize) {
                Some(n) => (n.visits, n.sum[mover.index()] / f64::from(n.visits.max(1))),
                None => (0, f64::NEG_INFINITY),
            };
            if key.0 > best_key.0 || (key.0 == best_key.0 && key.1 > best_key.1) {
                best = i as usize;
                best_key = key;
            }
        }
        kept[best]
    }

    /// Keeps each seat's rank at the root, from which `own_progress`
    /// measures the seats' gains.
    fn note_root_ranks(&mut self, root: &G::State) {
        if self.settings.own_progress > 0.0 {
            for seat in 0..self.out.len() {
                self.root_rank[seat] = self.evaluator.rank(self.game, root, seat);
            }
        }
    }

    /// The indices of the best of `states` for `mover` by the evaluation,
    /// as many as its breadth, best first (ties in the given order); all of
    /// them, in the given order, when the breadth is 0 or not smaller than
    /// their number.
    fn best_first(
        &mut self,
        mover: usize,
        states: impl ExactSizeIterator<Item = G::State>,
    ) -> Vec<usize> {
        let len = states.len();
        let breadth = if mover == self.searcher {
            self.settings.breadth
        } else {
            self.settings.opponent_breadth
        } as usize;
        if breadth == 0 || breadth >= len {
            return (0..len).collect();
        }
        let mut scored: Vec<(f64, usize)> = Vec::with_capacity(len);
        for (i, state) in states.enumerate() {
            scored.push((self.evaluator.rank(self.game, &state, mover), i));
        }
        // Stable: equal scores keep the seeded order.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.truncate(breadth);
        scored.into_iter().map(|(_, i)| i).collect()
    }

    fn add_node(&mut self, state: G::State) -> u32 {
        self.nodes.push(TreeNode {
            node: self.game.node(&state),
            state,
            visits: 0,
            sum: [0.0; MAX_SEATS],
            expanded: false,
            first: 0,
            count: 0,
            tried: 0,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Lists a node's children: its ply ends in a random order, or its
    /// chance outcomes with their probabilities.
    fn expand(&mut self, id: u32) {
        let node = &self.nodes[id as usize];
        let (state, kind) = (node.state, node.node);
        let first = self.edges.len();
        match kind {
            Node::Decision(mover) => {
                let mut ends = ply_ends(self.game, &state).ends;
                for i in (1..ends.len()).rev() {
                    ends.swap(i, self.rng.below(i + 1));
                }
                let kept = self.best_first(mover.index(), ends.iter().map(|e| e.state));
                for i in kept {
                    self.edges.push(Edge {
                        state: ends[i].state,
                        p: 0.0,
                        child: NONE,
                    });
                }
            }
            Node::Chance => {
                let game = self.game;
                let edges = &mut self.edges;
                game.chance_outcomes(&state, |a, p| {
                    let mut next = state;
                    game.apply_legal(&mut next, a);
                    edges.push(Edge {
                        state: next,
                        p,
                        child: NONE,
                    });
                });
            }
            Node::Terminal => {}
        }
        self.work += (self.edges.len() - first) as u64;
        let node = &mut self.nodes[id as usize];
        node.expanded = true;
        node.first = first as u32;
        node.count = (self.edges.len() - first) as u32;
    }

    /// One simulation: descend, add a node, roll out, back up.
    fn simulate(&mut self, path: &mut Vec<u32>) {
        path.clear();
        path.push(0);
        let mut id = 0u32;
        let mut values = [0.0; MAX_SEATS];
        loop {
            if !self.nodes[id as usize].expanded {
                self.expand(id);
            }
            let node = &self.nodes[id as usize];
            let edge = match node.node {
                Node::Terminal => {
                    let state = node.state;
                    self.value_of(&state, &mut values);
                    break;
                }
                _ if node.count == 0 => {
                    let state = node.state;
                    self.value_of(&state, &mut values);
                    break;
                }
                Node::Decision(mover) => {
                    if node.tried < node.count {
                        let e = node.first + node.tried;
                        self.nodes[id as usize].tried += 1;
                        e
                    } else {
                        self.select(id, mover.index())
                    }
                }
                Node::Chance => self.sample(id),
            };
            let child = self.edges[edge as usize].child;
            if child != NONE {
                id = child;
                path.push(id);
                continue;
            }
            let state = self.edges[edge as usize].state;
            let new = self.add_node(state);
            self.edges[edge as usize].child = new;
            path.push(new);
            self.rollout(state, &mut values);
            break;
        }
        for &n in path.iter() {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (s, v) in node.sum.iter_mut().zip(values.iter()) {
                *s += v;
            }
        }
    }

    /// The child with the best upper confidence bound for `mover`.
    fn select(&self, id: u32, mover: usize) -> u32 {
        let node = &self.nodes[id as usize];
        let log_n = f64::from(node.visits.max(1)).ln();
        let mut best = node.first;
        let mut best_score = f64::NEG_INFINITY;
        for e in node.first..node.first + node.count {
            let child = &self.nodes[self.edges[e as usize].child as usize];
            let n = f64::from(child.visits.max(1));
            let mean = (child.sum[mover] / n - self.low) * self.scale;
            let score = mean + self.settings.exploration * (log_n / n).sqrt();
            if score > best_score {
                best_score = score;
                best = e;
            }
        }
        best
    }

    /// A chance outcome drawn by its probability.
    fn sample(&mut self, id: u32) -> u32 {
        let node = &self.nodes[id as usize];
        let u = self.rng.next_f64();
        let mut acc = 0.0;
        let last = node.first + node.count - 1;
        for e in node.first..last {
            acc += self.edges[e as usize].p;
            if u < acc {
                return e;
            }
        }
        last
    }

    /// Random play from `state` for at most `rollout_plies` plies, then
    /// the returns (exact or estimated) into `values`.
    fn rollout(&mut self, mut state: G::State, values: &mut [f64; MAX_SEATS]) {
        let mut plies = 0;
        loop {
            let node = self.game.node(&state);
            if node == Node::Terminal || plies >= self.settings.rollout_plies {
                break;
            }
            random_step(self.game, &mut state, &mut self.rng, &mut self.buf);
            self.work += 1;
            if let Node::Decision(_) = node {
                if self.game.node(&state) != node {
                    plies += 1;
                }
            }
        }
        self.value_of(&state, values);
    }

    fn value_of(&mut self, state: &G::State, values: &mut [f64; MAX_SEATS]) {
        let width = self.settings.own_progress;
        if width > 0.0 && self.game.node(state) != Node::Terminal {
            let span = 1.0 / self.scale;
            for (seat, v) in values.iter_mut().enumerate().take(self.out.len()) {
                let gain = self.evaluator.rank(self.game, state, seat) - self.root_rank[seat];
                // Within the utilities' range, short of the exact win.
                let share = 1.0 / (1.0 + (-gain / width).exp());
                *v = self.low + span * share.clamp(0.0, 1.0);
            }
            return;
        }
        estimate(self.game, self.evaluator, state, &mut self.out);
        values[..self.out.len()].copy_from_slice(&self.out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TerminalOnly;
    use racegames_tables::Tables;

    /// The visits of a chance node's outcomes follow their probabilities.
    #[test]
    fn chance_outcomes_are_drawn_by_their_probabilities() {
        let game = Tables::backgammon();
        let mut state = game.new_initial_state();
        let mut rng = SplitMix64::new(9);
        while game.node(&state) == Node::Chance {
            let o = game.sample_chance(&state, rng.next_f64()).unwrap();
            game.apply(&mut state, o).unwrap();
        }
        let ends: Vec<_> = ply_ends(&game, &state)
            .ends
            .iter()
            .map(|e| e.state)
            .collect();
        let settings = MctsSettings {
            simulations: 20_000,
            exploration: 0.2,
            rollout_plies: 0,
            breadth: 0,
            opponent_breadth: 0,
            own_progress: 0.0,
        };
        let mut tree = Tree::new(&game, &TerminalOnly, settings, SplitMix64::new(1));
        tree.search(&state, &ends);
        // The most visited child of the root is a chance node (the
        // opponent's throw).
        let root = &tree.nodes[0];
        let chance = (root.first..root.first + root.count)
            .map(|e| tree.edges[e as usize].child)
            .filter(|&c| c != NONE)
            .max_by_key(|&c| tree.nodes[c as usize].visits)
            .unwrap();
        let node = &tree.nodes[chance as usize];
        assert_eq!(node.node, Node::Chance);
        // Every visit but the first (which added the node) drew an outcome.
        let draws = f64::from(node.visits - 1);
        assert!(draws > 1000.0);
        for e in node.first..node.first + node.count {
            let edge = &tree.edges[e as usize];
            let seen = tree
                .nodes
                .get(edge.child as usize)
                .map_or(0.0, |c| f64::from(c.visits));
            let expected = edge.p * draws;
            let sigma = (draws * edge.p * (1.0 - edge.p)).sqrt();
            assert!(
                (seen - expected).abs() < 5.0 * sigma,
                "p {}: {seen} visits, {expected} expected",
                edge.p
            );
        }
    }

    /// With `own_progress`, a ply moves only the values of the seats whose
    /// own rank it changes: the mover's by its gain, and no seat's by what
    /// the ply does to the others.
    #[test]
    fn own_progress_values_each_seat_by_its_own_gain() {
        use racegames_board::{FromParams, ParamValue};
        let game =
            racegames_halma::SquareHalma::from_params("halma", &[("players", ParamValue::Int(4))])
                .unwrap();
        let eval = crate::games::halma_eval::HalmaEval::default();
        let settings = MctsSettings {
            own_progress: 4.0,
            ..MctsSettings::default()
        };
        let mut rng = SplitMix64::new(5);
        let mut buf = ActionBuffer::new();
        let mut state = game.new_initial_state();
        let (mut unmoved, mut gained) = (0, 0);
        for _ in 0..200 {
            let Node::Decision(mover) = game.node(&state) else {
                break;
            };
            let mut tree = Tree::new(&game, &eval, settings, SplitMix64::new(1));
            tree.note_root_ranks(&state);
            let mut next = state;
            random_step(&game, &mut next, &mut rng, &mut buf);
            if game.node(&next) == Node::Terminal {
                break;
            }
            let mut values = [0.0; MAX_SEATS];
            tree.value_of(&next, &mut values);
            let middle = tree.low + 0.5 / tree.scale;
            for (seat, &v) in values.iter().enumerate().take(4) {
                let gain = eval.rank(&game, &next, seat) - eval.rank(&game, &state, seat);
                assert!(v > tree.low && v < game.max_utility());
                assert_eq!(v > middle, gain > 0.0, "seat {seat}, gain {gain}");
                if gain == 0.0 {
                    assert!((v - middle).abs() < 1e-12);
                    unmoved += usize::from(seat != mover.index());
                } else if seat == mover.index() {
                    gained += 1;
                }
            }
            state = next;
        }
        assert!(unmoved > 300 && gained > 50, "{unmoved} {gained}");
    }

    /// With breadth 1 the root keeps only the ply end the evaluation ranks
    /// first (greedy's choice), whatever the simulations find.
    #[test]
    fn breadth_one_keeps_the_best_ranked_end() {
        let game = Tables::backgammon();
        let eval = crate::games::tables_eval::TablesEval::default();
        let settings = MctsSettings {
            simulations: 40,
            breadth: 1,
            ..MctsSettings::default()
        };
        let mut rng = SplitMix64::new(3);
        let mut buf = ActionBuffer::new();
        let mut state = game.new_initial_state();
        let mut checked = 0;
        while checked < 30 && game.node(&state) != Node::Terminal {
            if let Node::Decision(mover) = game.node(&state) {
                let ends: Vec<_> = ply_ends(&game, &state)
                    .ends
                    .iter()
                    .map(|e| e.state)
                    .collect();
                if ends.len() > 1 {
                    let mut tree = Tree::new(&game, &eval, settings, SplitMix64::new(1));
                    let chosen = tree.search(&state, &ends);
                    let rank = |s: &_| eval.rank(&game, s, mover.index());
                    let best = ends.iter().map(rank).fold(f64::NEG_INFINITY, f64::max);
                    assert_eq!(rank(&ends[chosen]), best);
                    checked += 1;
                }
            }
            random_step(&game, &mut state, &mut rng, &mut buf);
        }
        assert_eq!(checked, 30);
    }
}
