//! Perft (feature `alloc`): the number of distinct positions after exactly
//! `k` complete turns, over every chance outcome and every legal play.
//!
//! Both are [`racegames_board::perft`]'s, counted in whole turns.

use alloc::collections::BTreeSet;

use racegames_board::perft::{self, Step};

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
        perft::perft(self, pos, depth, Step::Turn)
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
        perft::step_ends_at_most(self, pos, Step::Turn, out, max)
    }
}
