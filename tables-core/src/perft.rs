//! Perft (feature `alloc`): the number of distinct positions after exactly
//! `k` complete turns, over every chance outcome and every legal play.

use alloc::collections::BTreeSet;
use alloc::vec::Vec;

use racegames_board::{Game, Node};

use crate::game::Tables;
use crate::position::Position;

impl Tables {
    /// The distinct positions (equivalently, notations) reached after
    /// exactly `depth` complete turns from `pos`, over every chance outcome
    /// (the roll-off included, which is not a turn) and every legal play. A
    /// turn in progress in `pos` counts as the first turn. A finished game
    /// has no successors, so games that end early drop out.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// assert_eq!(game.perft(&game.new_initial_state(), 0), 1);
    /// ```
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        let mut level = BTreeSet::new();
        level.insert(*pos);
        for _ in 0..depth {
            let mut next = BTreeSet::new();
            for p in &level {
                self.turn_successors(p, &mut next);
            }
            level = next;
        }
        level.len() as u64
    }

    /// Adds to `out` every position at the end of the turn under way in
    /// `pos` (the next player's throw, or the end of the game).
    pub fn turn_successors(&self, pos: &Position, out: &mut BTreeSet<Position>) {
        self.turn_successors_at_most(pos, out, usize::MAX);
    }

    /// [`Tables::turn_successors`], stopping once it has met `max`
    /// positions (ends and positions within the turn together); returns
    /// false if it stopped short. A turn with unlimited extra throws
    /// (Pareia de entrada) can reach millions of positions.
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use racegames_board::Game;
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// let start = game.new_initial_state();
    /// let mut ends = BTreeSet::new();
    /// assert!(game.turn_successors_at_most(&start, &mut ends, 1 << 20));
    /// let mut few = BTreeSet::new();
    /// assert!(!game.turn_successors_at_most(&start, &mut few, 10));
    /// ```
    pub fn turn_successors_at_most(
        &self,
        pos: &Position,
        out: &mut BTreeSet<Position>,
        max: usize,
    ) -> bool {
        if self.node(pos) == Node::Terminal {
            return true;
        }
        let start = pos.turns;
        let mut seen = BTreeSet::new();
        let mut stack = Vec::new();
        stack.push(*pos);
        let mut children = Vec::new();
        while let Some(p) = stack.pop() {
            children.clear();
            match self.node(&p) {
                Node::Chance => self.chance_outcomes(&p, |a, _| children.push(a)),
                Node::Decision(_) => self.legal_actions(&p, |a| children.push(a)),
                Node::Terminal => continue,
            }
            for &a in &children {
                let mut c = p;
                if self.apply(&mut c, a).is_err() {
                    continue;
                }
                if c.turns > start || self.node(&c) == Node::Terminal {
                    out.insert(c);
                } else if seen.insert(c) {
                    stack.push(c);
                }
                if out.len().saturating_add(seen.len()) > max {
                    return false;
                }
            }
        }
        true
    }
}
