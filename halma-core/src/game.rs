//! The game: options, seats and camps, and the [`racegames_board::Game`]
//! implementation.

use core::fmt;

use racegames_board::{
    Action, Game, IllegalAction, Node, ObservationError, ParamError, ParamValue, ParseError,
    ReturnsError, Seat,
};

use crate::action::{jump_at, num_actions, slots, step, step_direction};
use crate::bits::{BitSet, Cells};
use crate::geometry::{Geometry, Square, Star};
use crate::lattice::class_cells;
use crate::position::{Position, NOBODY, TERMINAL};
use crate::rules::{Finish, Rules};

/// Calls `f` with the actions of the steps from `from` to the holes
/// `steps`, by direction.
#[inline]
fn list_steps<G: Geometry>(base: usize, from: usize, steps: G::Bits, f: &mut impl FnMut(Action)) {
    let mut directions = 0u32;
    steps.for_each(|to| directions |= 1 << step_direction::<G>(from, to));
    while directions != 0 {
        f(step(base, directions.trailing_zeros() as usize));
        directions &= directions - 1;
    }
}

/// A Halma-family game on board `G` with its options fixed.
///
/// Use the aliases [`ChineseCheckers`] (the star) and [`SquareHalma`] (the
/// 16x16 board). The value holds the camps and masks derived from the
/// options; positions are separate [`Position`] values.
///
/// ```
/// use racegames_board::{Game, FromParams, ParamValue};
/// use racegames_halma::ChineseCheckers;
///
/// let game = ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(3))]).unwrap();
/// let mut state = game.new_initial_state();
/// let mut first = None;
/// game.legal_actions(&state, |a| { first.get_or_insert(a); });
/// game.apply(&mut state, first.unwrap()).unwrap();
/// assert_eq!(game.turn_count(&state), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Halma<G: Geometry> {
    pub(crate) rules: Rules,
    pub(crate) camp: [u8; 6],
    pub(crate) start: [G::Bits; 6],
    pub(crate) target: [G::Bits; 6],
    pub(crate) allowed: [G::Bits; 6],
    /// `allowed` and `start` as cells of the jump lattices.
    pub(crate) allowed_cells: [[G::Cells; 4]; 6],
    pub(crate) start_cells: [[G::Cells; 4]; 6],
    /// For each seat P, the seat whose target is P's start camp, or NOBODY.
    pub(crate) rival: [u8; 6],
    max_legal: usize,
    obs_shape: [usize; 1],
}

/// Chinese checkers on the 121-hole star (`"chinese_checkers"`).
pub type ChineseCheckers = Halma<Star>;
/// Halma on the 16x16 board (`"halma"`).
pub type SquareHalma = Halma<Square>;

impl<G: Geometry> Halma<G> {
    /// The game with these options. Errors name the option that does not
    /// fit: an unsupported seat count, piece count, or a switch the board
    /// does not have.
    ///
    /// # Errors
    ///
    /// [`ParamError`] for rules that make no game: a number of players or
    /// pieces the board does not take.
    pub fn new(rules: Rules) -> Result<Halma<G>, ParamError> {
        let players = usize::from(rules.players);
        let pieces = usize::from(rules.pieces);
        let star = G::CAMPS == 6;
        let seats_ok = if star {
            matches!(players, 2 | 3 | 4 | 6)
        } else {
            matches!(players, 2 | 4)
        };
        if !seats_ok {
            let expected = if star { "2, 3, 4 or 6" } else { "2 or 4" };
            return Err(ParamError::bad_value(
                G::GAME,
                "players",
                ParamValue::Int(players as i64),
                expected,
            ));
        }
        if !G::valid_setup(players, pieces) {
            let expected = if star {
                "10, or 15 with 2 or 3 players"
            } else {
                "19 with 2 players, 13 with 4"
            };
            return Err(ParamError::bad_value(
                G::GAME,
                "pieces",
                ParamValue::Int(pieces as i64),
                expected,
            ));
        }
        if !star {
            let switches = [
                ("long_jumps", rules.long_jumps),
                ("wing_rule", rules.wing_rule),
                ("vacate_rule", rules.vacate_rule),
                ("spoiling_win", rules.spoiling_win),
            ];
            if let Some(&(name, _)) = switches.iter().find(|s| s.1) {
                return Err(ParamError::bad_value(
                    G::GAME,
                    name,
                    ParamValue::Bool(true),
                    "false: the square board has no such rule",
                ));
            }
        }
        let mut game = Halma {
            rules,
            camp: [0; 6],
            start: [G::Bits::EMPTY; 6],
            target: [G::Bits::EMPTY; 6],
            allowed: [G::ALL; 6],
            allowed_cells: [[G::Cells::ZERO; 4]; 6],
            start_cells: [[G::Cells::ZERO; 4]; 6],
            rival: [NOBODY; 6],
            max_legal: 0,
            obs_shape: [crate::observation::observation_len::<G>(players)],
        };
        for seat in 0..players {
            let camp = G::seat_camp(players, seat);
            let target = G::opposite(camp);
            game.camp[seat] = camp as u8;
            game.start[seat] = G::zone(camp, pieces);
            game.target[seat] = G::zone(target, pieces);
            if rules.wing_rule {
                game.allowed[seat] = G::wing_allowed(camp, target);
            }
            game.allowed_cells[seat] = class_cells::<G>(game.allowed[seat]);
            game.start_cells[seat] = class_cells::<G>(game.start[seat]);
        }
        for p in 0..players {
            for q in 0..players {
                if G::opposite(usize::from(game.camp[q])) == usize::from(game.camp[p]) {
                    game.rival[p] = q as u8;
                }
            }
        }
        // Worst case: each piece reaches at most every empty hole, and by
        // jumps only the holes of its jump class, plus one step per direction.
        let mut class = [0usize; 4];
        for h in 0..G::HOLES {
            class[G::jump_class(h) & 3] += 1;
        }
        let per_piece = (class.iter().max().copied().unwrap_or(0) - 1 + G::DIRECTIONS)
            .min(G::HOLES - players * pieces);
        game.max_legal = pieces * per_piece;
        Ok(game)
    }

    /// The options.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The camp (0 = top or top-left, clockwise) where `seat` starts.
    pub fn camp_of(&self, seat: Seat) -> usize {
        usize::from(self.camp[seat.index() % 6])
    }

    /// The holes where `seat`'s pieces start.
    pub fn start_zone(&self, seat: Seat) -> G::Bits {
        self.start[seat.index() % 6]
    }

    /// The holes `seat` must fill with its pieces to finish.
    pub fn target_zone(&self, seat: Seat) -> G::Bits {
        self.target[seat.index() % 6]
    }

    /// The action of the move from hole `from` to hole `to`, if some move
    /// could join them (see [`crate::action`] for the encoding).
    pub fn action(from: usize, to: usize) -> Option<Action> {
        crate::action::encode::<G>(from, to)
    }

    /// The start and end holes of `action`, if it names a move on the board.
    pub fn decode(action: Action) -> Option<(usize, usize)> {
        crate::action::decode::<G>(action)
    }

    /// True when the vacate rule binds the seat to move: it must move a piece
    /// from its start camp to outside it.
    pub fn must_vacate(&self, pos: &Position<G>) -> bool {
        match pos.to_move() {
            Some(p) => self.vacate_forced(pos, p.index()),
            None => false,
        }
    }

    pub(crate) fn players(&self) -> usize {
        usize::from(self.rules.players)
    }

    /// True when `seat` meets a winning condition in `pos`.
    pub(crate) fn has_won(&self, pos: &Position<G>, seat: usize) -> bool {
        let mine = pos.pieces(seat);
        let target = self.target[seat];
        if mine.is_subset(target) {
            return true;
        }
        self.rules.spoiling_win && target.is_subset(pos.occupied()) && !mine.and(target).is_empty()
    }

    /// True when the finishing order decides the game.
    pub(crate) fn decided(&self, pos: &Position<G>) -> bool {
        let done = usize::from(pos.finished_count);
        match self.rules.finish {
            Finish::First => done >= 1,
            Finish::All => done + 1 >= self.players(),
        }
    }

    /// After a move by `mover`: record finishers, then end the game or find
    /// the next seat that can move.
    fn after_move(&self, pos: &mut Position<G>, mover: usize) {
        let n = self.players();
        for i in 0..n {
            let seat = seat_after(mover, i, n);
            if !pos.has_finished(seat) && self.has_won(pos, seat) {
                pos.push_finished(seat);
                if self.decided(pos) {
                    break;
                }
            }
        }
        pos.to_move = self.next_to_move(pos, mover);
        self.derive(pos);
    }

    /// The seat to move after `mover`'s move, or [`TERMINAL`].
    fn next_to_move(&self, pos: &Position<G>, mover: usize) -> u8 {
        if self.decided(pos) || (self.rules.max_turns > 0 && pos.turns >= self.rules.max_turns) {
            return TERMINAL;
        }
        let n = self.players();
        for i in 1..=n {
            let seat = seat_after(mover, i, n);
            if !pos.has_finished(seat) && self.has_any_move(pos, seat) {
                return seat as u8;
            }
        }
        // Nobody can move: the game ends with returns 0.
        TERMINAL
    }
}

/// The seat `i` places after `seat` in turn order, of `n` (`i <= n`); no
/// `%`, whose division per seat showed in profiles.
#[inline]
pub(crate) fn seat_after(seat: usize, i: usize, n: usize) -> usize {
    let s = seat + i;
    if s >= n {
        s - n
    } else {
        s
    }
}

impl Default for Halma<Star> {
    /// Two-player Chinese checkers with the default options.
    fn default() -> Self {
        Halma::new(Rules::chinese_checkers(2)).expect("default options are valid")
    }
}

impl Default for Halma<Square> {
    /// Two-player Halma with the default options.
    fn default() -> Self {
        Halma::new(Rules::halma(2)).expect("default options are valid")
    }
}

impl<G: Geometry> Game for Halma<G> {
    type State = Position<G>;

    fn name(&self) -> &'static str {
        G::GAME
    }

    fn display_name(&self) -> &'static str {
        G::DISPLAY_NAME
    }

    fn family(&self) -> &'static str {
        "halma"
    }

    /// Every plane holds 0/1 flags.
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, 1.0)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn num_distinct_actions(&self) -> usize {
        num_actions::<G>()
    }

    fn max_chance_outcomes(&self) -> usize {
        0
    }

    fn max_legal_actions(&self) -> usize {
        self.max_legal
    }

    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    fn observation_shape(&self) -> &[usize] {
        &self.obs_shape
    }

    fn new_initial_state(&self) -> Position<G> {
        let mut pos = Position::empty();
        for seat in 0..self.players() {
            *pos.seat_mut(seat) = self.start[seat];
        }
        self.derive(&mut pos);
        pos
    }

    fn node(&self, state: &Position<G>) -> Node {
        match state.to_move() {
            Some(p) => Node::Decision(p),
            None => Node::Terminal,
        }
    }

    fn turn_owner(&self, state: &Position<G>) -> Option<Seat> {
        state.to_move()
    }

    fn turn_count(&self, state: &Position<G>) -> u32 {
        state.turns
    }

    fn is_truncated(&self, state: &Position<G>) -> bool {
        state.to_move == TERMINAL
            && !self.decided(state)
            && self.rules.max_turns > 0
            && state.turns >= self.rules.max_turns
    }

    fn chance_outcomes(&self, _state: &Position<G>, _f: impl FnMut(Action, f64)) {}

    /// In increasing order: piece by piece, its steps by direction, then
    /// its jumps by rank, read straight off the jump lattice (where cell
    /// order is rank order).
    fn legal_actions(&self, state: &Position<G>, mut f: impl FnMut(Action)) {
        let Some(p) = state.to_move() else { return };
        if self.rules.long_jumps {
            let rank = &G::LATTICE.rank;
            return self.for_each_piece_moves(state, p.index(), |from, ends| {
                let base = from * slots::<G>();
                let steps = ends.and(G::NEIGHBOUR_SETS[from]);
                list_steps::<G>(base, from, steps, &mut f);
                // Every other end is in `from`'s class, in rank order.
                ends.minus(steps)
                    .for_each(|to| f(jump_at::<G>(base, rank[to])));
            });
        }
        let ranks = &G::LATTICE.cell_rank;
        self.for_each_piece_moves_by_kind(state, p.index(), |from, steps, class, jumps| {
            let base = from * slots::<G>();
            list_steps::<G>(base, from, steps, &mut f);
            let ranks = &ranks[class & 3];
            jumps.for_each_cell(|x| f(jump_at::<G>(base, ranks[x & 127])));
        });
    }

    fn is_legal(&self, state: &Position<G>, action: Action) -> bool {
        let (Some(p), Some((from, to))) = (state.to_move(), Self::decode(action)) else {
            return false;
        };
        self.is_legal_move(state, p.index(), from, to)
    }

    fn apply(&self, state: &mut Position<G>, action: Action) -> Result<(), IllegalAction> {
        let Some(p) = state.to_move() else {
            return Err(IllegalAction::GameOver);
        };
        let Some((from, to)) = Self::decode(action) else {
            return Err(IllegalAction::OutOfRange {
                action,
                limit: num_actions::<G>() as u32,
            });
        };
        let seat = p.index();
        if !self.is_legal_move(state, seat, from, to) {
            return Err(IllegalAction::NotLegal { action });
        }
        state.move_piece(seat, from, to);
        state.turns = state.turns.saturating_add(1);
        self.after_move(state, seat);
        Ok(())
    }

    fn apply_legal(&self, state: &mut Position<G>, action: Action) {
        let (Some(p), Some((from, to))) = (state.to_move(), Self::decode(action)) else {
            return;
        };
        let seat = p.index();
        state.move_piece(seat, from, to);
        state.turns = state.turns.saturating_add(1);
        self.after_move(state, seat);
    }

    fn returns(&self, state: &Position<G>, out: &mut [f64]) -> Result<(), ReturnsError> {
        let n = self.players();
        ReturnsError::check(n, out)?;
        out.fill(0.0);
        if state.to_move != TERMINAL || !self.decided(state) {
            return Ok(());
        }
        let others = (n - 1) as f64;
        match self.rules.finish {
            Finish::First => {
                let winner = usize::from(state.finished[0]);
                for (seat, v) in out.iter_mut().enumerate().take(n) {
                    *v = if seat == winner { 1.0 } else { -1.0 / others };
                }
            }
            Finish::All => {
                for (seat, v) in out.iter_mut().enumerate().take(n) {
                    let place = state
                        .finished()
                        .iter()
                        .position(|&s| usize::from(s) == seat)
                        .unwrap_or(n - 1);
                    *v = (others - 2.0 * place as f64) / others;
                }
            }
        }
        Ok(())
    }

    fn observe(
        &self,
        state: &Position<G>,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        crate::observation::observe(self, state, player, out)
    }

    fn observe_update(
        &self,
        before: &Position<G>,
        before_player: Seat,
        state: &Position<G>,
        player: Seat,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        crate::observation::observe_update(self, before, before_player, state, player, out)
    }

    fn write_action(
        &self,
        state: &Position<G>,
        action: Action,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        crate::move_string::write_action(self, state, action, out)
    }

    fn parse_action(&self, state: &Position<G>, text: &str) -> Result<Action, ParseError> {
        crate::move_string::parse_action(self, state, text)
    }

    fn write_notation(&self, state: &Position<G>, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_position(state, out)
    }

    fn parse_notation(&self, text: &str) -> Result<Position<G>, ParseError> {
        self.parse_position(text)
    }

    fn write_diagram(&self, state: &Position<G>, out: &mut dyn fmt::Write) -> fmt::Result {
        crate::diagram::write(self, state, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lattice::Lattice;
    use crate::position::Derived;
    use racegames_board::sim::{random_step, SplitMix64};
    use racegames_board::ActionBuffer;

    /// The vacate answer a position carries is the one its pieces give, at
    /// every turn of random games, and in a position built to make the rule
    /// bind (random play seldom does) and after each of its moves;
    /// positions compare, and answer, the same without it.
    #[test]
    fn a_position_carries_the_vacate_answer_its_pieces_give() {
        fn check(game: &ChineseCheckers, pos: &Position<Star>) -> bool {
            let worked_out = pos
                .to_move()
                .is_some_and(|p| game.vacate_worked_out(pos, p.index(), &mut Lattice::of(pos)));
            assert!(pos.derived.known);
            assert_eq!(game.must_vacate(pos), worked_out);
            let mut unknown = *pos;
            unknown.derived = Derived::default();
            assert_eq!(unknown, *pos);
            assert_eq!(game.must_vacate(&unknown), worked_out);
            worked_out
        }
        let (mut rng, mut buf) = (SplitMix64::new(7), ActionBuffer::new());
        for players in [2, 4, 6] {
            let mut rules = Rules::chinese_checkers(players);
            rules.max_turns = 400;
            let game = ChineseCheckers::new(rules).unwrap();
            for _game in 0..10 {
                let mut pos = game.new_initial_state();
                check(&game, &pos);
                while random_step(&game, &mut pos, &mut rng, &mut buf).is_some() {
                    check(&game, &pos);
                }
            }
        }
        // Seat 1 is stuck below its target camp while seat 0 keeps d1 home.
        let game = ChineseCheckers::default();
        let mut pos = Position::<Star>::empty();
        let homes: [[&str; 10]; 2] = [
            ["d1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"],
            ["a1", "b1", "b2", "c1", "c2", "c3", "d2", "d3", "d4", "e7"],
        ];
        for (seat, names) in homes.iter().enumerate() {
            for name in names {
                pos.seat_mut(seat)
                    .insert(crate::notation::parse_hole::<Star>(name).unwrap());
            }
        }
        pos.turns = 20;
        game.derive(&mut pos);
        assert!(check(&game, &pos));
        game.legal_actions_into(&pos, &mut buf);
        assert_eq!(buf.len(), 2);
        for &a in buf.iter() {
            let mut next = pos;
            game.apply(&mut next, a).unwrap();
            check(&game, &next);
        }
    }

    /// With the wing rule, pieces packed into the three back rows of the
    /// neutral camps can neither step nor jump to an allowed hole. No
    /// legal play reaches such a position, so the ending is checked on
    /// the rules' last step directly.
    #[test]
    fn when_no_seat_can_move_the_game_ends_with_returns_zero() {
        let game = ChineseCheckers::default();
        let mut back_rows = [0usize; 24];
        let mut n = 0;
        for camp in [1, 2, 4, 5] {
            Star::zone(camp, 10).for_each(|h| {
                if Star::progress(camp, h) <= 2 {
                    back_rows[n] = h;
                    n += 1;
                }
            });
        }
        assert_eq!(n, 24);
        let mut pos = Position::<Star>::empty();
        for (i, &h) in back_rows[..20].iter().enumerate() {
            pos.seat_mut(i % 2).insert(h);
        }
        assert!(!game.has_any_move(&pos, 0) && !game.has_any_move(&pos, 1));
        pos.turns = 7;
        game.after_move(&mut pos, 0);
        assert_eq!(game.node(&pos), Node::Terminal);
        assert!(!game.is_truncated(&pos));
        let mut returns = [1.0; 2];
        game.returns(&pos, &mut returns).unwrap();
        assert_eq!(returns, [0.0, 0.0]);
    }
}
