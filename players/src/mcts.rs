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

use board_core::sim::{random_step, SplitMix64};
use board_core::{Action, ActionBuffer, Game, Node};

use crate::greedy::first_legal;
use crate::ply::{decision_seed, ply_ends, Plan};
use crate::value::estimate;
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
}

impl Default for MctsSettings {
    fn default() -> MctsSettings {
        MctsSettings {
            simulations: 1000,
            exploration: 0.2,
            rollout_plies: 0,
        }
    }
}

/// Plays the ply that Monte Carlo tree search visits most.
pub struct MctsPlayer<G: Game> {
    seed: u64,
    evaluator: Arc<dyn Evaluator<G>>,
    settings: MctsSettings,
    plan: Plan<G::State>,
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
            plan: Plan::new(),
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
        if let Some(action) = self.plan.next(state) {
            return Ok(action);
        }
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
        self.plan.set(game, state, &ends[chosen].actions);
        Ok(self
            .plan
            .next(state)
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

const MAX_PLAYERS: usize = board_core::Player::MAX_PLAYERS;
/// No child yet.
const NONE: u32 = u32::MAX;

/// A node of the tree; its children are the edges `first..first + count`.
struct TreeNode<S> {
    state: S,
    node: Node,
    visits: u32,
    sum: [f64; MAX_PLAYERS],
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
    out: Vec<f64>,
    buf: ActionBuffer,
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
            scale: if span > 0.0 { 1.0 / span } else { 1.0 },
            out: vec![0.0; game.num_players()],
            buf: ActionBuffer::new(),
        }
    }

    /// Runs the simulations from the decision node `root`, whose ply ends
    /// are `ends` (in the seeded order), and returns the chosen end.
    fn search(&mut self, root: &G::State, ends: &[G::State]) -> usize {
        self.add_node(*root);
        self.nodes[0].expanded = true;
        self.nodes[0].first = 0;
        self.nodes[0].count = ends.len() as u32;
        for &state in ends {
            self.edges.push(Edge {
                state,
                p: 0.0,
                child: NONE,
            });
        }
        let mut path = Vec::new();
        for _ in 0..self.settings.simulations.max(1) {
            self.simulate(&mut path);
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
        best
    }

    fn add_node(&mut self, state: G::State) -> u32 {
        self.nodes.push(TreeNode {
            node: self.game.node(&state),
            state,
            visits: 0,
            sum: [0.0; MAX_PLAYERS],
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
        let state = node.state;
        let first = self.edges.len();
        match node.node {
            Node::Decision(_) => {
                for end in ply_ends(self.game, &state).ends {
                    self.edges.push(Edge {
                        state: end.state,
                        p: 0.0,
                        child: NONE,
                    });
                }
                let added = &mut self.edges[first..];
                for i in (1..added.len()).rev() {
                    added.swap(i, self.rng.below(i + 1));
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
        let mut values = [0.0; MAX_PLAYERS];
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
    fn rollout(&mut self, mut state: G::State, values: &mut [f64; MAX_PLAYERS]) {
        let mut plies = 0;
        loop {
            let node = self.game.node(&state);
            if node == Node::Terminal || plies >= self.settings.rollout_plies {
                break;
            }
            random_step(self.game, &mut state, &mut self.rng, &mut self.buf);
            if let Node::Decision(_) = node {
                if self.game.node(&state) != node {
                    plies += 1;
                }
            }
        }
        self.value_of(&state, values);
    }

    fn value_of(&mut self, state: &G::State, values: &mut [f64; MAX_PLAYERS]) {
        estimate(self.game, self.evaluator, state, &mut self.out);
        values[..self.out.len()].copy_from_slice(&self.out);
    }
}
