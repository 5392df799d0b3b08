//! Daldøs: a hand-written evaluation from material, threats, exposure and
//! progress.
//!
//! The game is won by removing every enemy piece, so the evaluation counts
//! pieces and the captures the next throws are likely to bring. Threats are
//! worked out over one throw of the two long dice (10 throws with their
//! exact probabilities) by walking each piece's route: which enemy pieces a
//! single die, both dice added, or a dal can land on, keeping the rule that
//! both dice are used when they can be. This one-throw model leaves out a
//! friendly piece clearing the way with the other die, two pieces landing
//! in one hole, and the extra throw after a dal-dal; it agrees with the engine on over 97% of throws in random
//! positions (tested). The crate's exact analysis
//! (`racegames_daldos::analysis`) counts all of it but searches whole turns, too
//! slow to run at every leaf.

use racegames_board::{Game, Node, Seat};
use racegames_daldos::{Board, Capture, Daldos, Dalling, Hole, Jumping, Phase, Position};

use super::value::{squash, terminal, two_player};

/// The throws of two long dice, higher die first, with their probabilities.
const THROWS: [(u8, u8, f64); 10] = [
    (4, 4, 1.0 / 16.0),
    (4, 3, 2.0 / 16.0),
    (4, 2, 2.0 / 16.0),
    (4, 1, 2.0 / 16.0),
    (3, 3, 1.0 / 16.0),
    (3, 2, 2.0 / 16.0),
    (3, 1, 2.0 / 16.0),
    (2, 2, 1.0 / 16.0),
    (2, 1, 2.0 / 16.0),
    (1, 1, 1.0 / 16.0),
];

/// The longest walk one throw makes: both dice added, 4 + 4.
const MAX_WALK: usize = 8;

/// What one throw of a player threatens, worked out from the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threats {
    /// `hit[h]`: the probability that the enemy piece in hole `h` can be
    /// removed by the throw (0 where there is no enemy piece).
    pub hit: [f64; 64],
    /// The expected number of enemy pieces the throw can remove (the second
    /// capture of a throw counted at half, since it needs both dice).
    pub expected_captures: f64,
    /// The probability that the throw can remove at least one piece.
    pub any_capture: f64,
}

/// One piece's landing holes (as bits, 0 where the walk is not legal) by
/// walk length: a dalled piece walks `k` holes with dice summing to `k`; an
/// undalled piece that may be dalled walks 1 with the dal, `1 + d` with the
/// dal and then die `d` added.
#[derive(Clone, Copy)]
struct Walks {
    land: [u64; MAX_WALK + 1],
    dalled: bool,
}

impl Walks {
    /// True when the piece can use die `d` alone.
    #[inline]
    fn uses(&self, d: u8) -> bool {
        (self.dalled || d == 1) && self.land[usize::from(d)] != 0
    }

    /// Where both dice added take the piece (0 if they cannot), and the hole
    /// the first die reaches (for `capture = intermediate`).
    #[inline]
    fn added(&self, high: u8, low: u8) -> (u64, u64) {
        let (a, b) = (usize::from(high), usize::from(low));
        if self.dalled {
            (self.land[a + b], self.land[a] | self.land[b])
        } else if low == 1 {
            (self.land[1 + a], self.land[1])
        } else {
            (0, 0)
        }
    }
}

/// The walks of every piece of `attacker` that can move.
fn walks(game: &Daldos, pos: &Position, attacker: Seat) -> ([Walks; 16], usize) {
    let board = pos.board();
    let own = pos.pieces_of(attacker);
    let all = own | pos.pieces_of(other(attacker));
    let no_jump = game.options().jumping == Jumping::Forbidden;
    let home = board.home_row_mask(attacker);
    let mut out = [Walks {
        land: [0; MAX_WALK + 1],
        dalled: false,
    }; 16];
    let mut n = 0;
    let mut stern_most = true;
    for h in holes(own).take(16) {
        let dalled = is_dalled(pos, h);
        let max = if dalled {
            MAX_WALK
        } else if home & (1u64 << h.index()) != 0 {
            // Undalled pieces stand in the home row, listed from the stern.
            let allowed = game.options().dalling == Dalling::Free || stern_most;
            stern_most = false;
            if !allowed {
                continue;
            }
            5
        } else {
            continue;
        };
        let w = &mut out[n];
        w.dalled = dalled;
        walk(board, attacker, h, max, own, all, no_jump, &mut w.land);
        if w.land[1] != 0 {
            n += 1;
        } else {
            *w = Walks {
                land: [0; MAX_WALK + 1],
                dalled: false,
            };
        }
    }
    (out, n)
}

/// Walks up to `max` holes along `player`'s route from `from`, marking in
/// `out[k]` the hole reached after `k` holes while the walk is legal: it
/// never passes or lands on a friendly piece, nor passes any piece when
/// jumping is forbidden.
#[allow(clippy::too_many_arguments)]
fn walk(
    board: Board,
    player: Seat,
    from: Hole,
    max: usize,
    own: u64,
    all: u64,
    no_jump: bool,
    out: &mut [u64; MAX_WALK + 1],
) {
    let mut h = from;
    for slot in out.iter_mut().skip(1).take(max) {
        h = board.next(player, h);
        let bit = 1u64 << h.index();
        if own & bit != 0 {
            return;
        }
        *slot = bit;
        if no_jump && all & bit != 0 {
            return;
        }
    }
}

/// The holes one throw `(high, low)` (`low` 0 for a lone die) lets the
/// pieces land on, keeping the rule that both dice are used when they can
/// be: a die alone only when another piece can use the other die, or when
/// no play uses both.
fn landings(pieces: &[Walks], high: u8, low: u8, intermediate: bool) -> u64 {
    let (mut by_high, mut by_low) = (0u32, 0u32);
    let mut land = 0;
    let mut both = false;
    for (i, w) in pieces.iter().enumerate() {
        by_high |= u32::from(w.uses(high)) << i;
        if low != 0 {
            by_low |= u32::from(w.uses(low)) << i;
            let (end, mid) = w.added(high, low);
            if end != 0 {
                both = true;
                land |= end | if intermediate { mid } else { 0 };
            }
        }
    }
    if low == 0 {
        return pieces
            .iter()
            .enumerate()
            .filter(|(i, _)| by_high & (1 << i) != 0)
            .fold(0, |m, (_, w)| m | w.land[usize::from(high)]);
    }
    let double = high == low;
    both |= if double {
        by_high.count_ones() >= 2
    } else {
        by_high != 0 && by_low != 0 && !(by_high == by_low && by_high.count_ones() == 1)
    };
    for (i, w) in pieces.iter().enumerate() {
        let me = 1u32 << i;
        if by_high & me != 0 && (!both || by_low & !me != 0 || double && by_high & !me != 0) {
            land |= w.land[usize::from(high)];
        }
        if !double && by_low & me != 0 && (!both || by_high & !me != 0) {
            land |= w.land[usize::from(low)];
        }
    }
    land
}

/// What a throw of `attacker` threatens in `pos`: over the 10 throws, or
/// over the throw being played when `attacker` is to move with dice.
pub fn threats(game: &Daldos, pos: &Position, attacker: Seat) -> Threats {
    let enemy = pos.pieces_of(other(attacker));
    let (pieces, n) = walks(game, pos, attacker);
    let pieces = &pieces[..n];
    let intermediate = game.options().capture == Capture::Intermediate;
    let mut t = Threats {
        hit: [0.0; 64],
        expected_captures: 0.0,
        any_capture: 0.0,
    };
    let mut add = |caps: u64, p: f64| {
        let n = caps.count_ones();
        if n > 0 {
            t.any_capture += p;
            t.expected_captures += p * if n >= 2 { 1.5 } else { 1.0 };
        }
        for h in holes(caps) {
            t.hit[h.index()] += p;
        }
    };
    let dice = pos.dice();
    if pos.phase() == Phase::Move && pos.to_move() == Some(attacker) && !dice.is_empty() {
        let low = dice.get(1).copied().unwrap_or(0);
        add(landings(pieces, dice[0], low, intermediate) & enemy, 1.0);
    } else {
        for &(high, low, p) in &THROWS {
            add(landings(pieces, high, low, intermediate) & enemy, p);
        }
    }
    t
}

/// The weights of [`DaldosEval`]'s score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DaldosWeights {
    /// Per piece of material.
    pub material: f64,
    /// Per expected capture by the player about to throw.
    pub immediate: f64,
    /// Per expected capture by the other player, whose throw comes after.
    pub delayed: f64,
    /// Per dalled piece (a piece that can move).
    pub dalled: f64,
    /// Per piece in the enemy's home row, where only dals can reach it and
    /// it threatens the enemy's undalled pieces.
    pub advanced: f64,
    /// Scales the score before it is squashed into a return.
    pub scale: f64,
}

impl Default for DaldosWeights {
    fn default() -> DaldosWeights {
        DaldosWeights {
            material: 1.0,
            immediate: 0.9,
            delayed: 0.35,
            dalled: 0.4,
            advanced: 0.05,
            scale: 1.5,
        }
    }
}

/// The hand-written evaluation of Daldøs (any board and options).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DaldosEval {
    /// The score's weights.
    pub weights: DaldosWeights,
}

impl DaldosEval {
    /// The evaluation with these weights.
    pub fn new(weights: DaldosWeights) -> DaldosEval {
        DaldosEval { weights }
    }

    /// The score of `pos` for the player about to throw or move, before it
    /// is squashed into a return.
    pub fn score(&self, game: &Daldos, pos: &Position, thrower: Seat) -> f64 {
        let w = &self.weights;
        let waiter = other(thrower);
        let limit = u32::from(game.options().lose_at_one);
        let material = |p: Seat| f64::from(pos.count(p).saturating_sub(limit));
        let (m_t, m_w) = (material(thrower), material(waiter));
        let now = threats(game, pos, thrower).expected_captures;
        let later = threats(game, pos, waiter).expected_captures;
        let (d_t, a_t) = progress(pos, thrower);
        let (d_w, a_w) = progress(pos, waiter);
        let raw = w.material * (m_t - m_w) + w.immediate * now - w.delayed * later
            + w.dalled * (d_t - d_w)
            + w.advanced * (a_t - a_w);
        // A piece counts for more as material runs low.
        raw * w.scale / (1.0 + 0.15 * (m_t + m_w))
    }
}

impl crate::Evaluator<Daldos> for DaldosEval {
    fn evaluate(&self, game: &Daldos, state: &Position, out: &mut [f64]) {
        if terminal(game, state, out) {
            return;
        }
        let Some(thrower) = game.turn_owner(state) else {
            // Before the roll-off: the opening is even.
            two_player(0.0, 1.0, out);
            return;
        };
        debug_assert!(game.node(state) != Node::Terminal);
        let v = squash(self.score(game, state, thrower));
        two_player(if thrower.index() == 0 { v } else { -v }, 1.0, out);
    }
}

/// `player`'s dalled pieces and its pieces in the enemy's home row.
fn progress(pos: &Position, player: Seat) -> (f64, f64) {
    let mine = pos.pieces_of(player);
    let dalled = holes(mine).filter(|&h| is_dalled(pos, h)).count();
    let advanced = (mine & pos.board().home_row_mask(other(player))).count_ones();
    (dalled as f64, f64::from(advanced))
}

fn is_dalled(pos: &Position, h: Hole) -> bool {
    pos.piece_at(h).is_some_and(|p| p.dalled)
}

fn other(p: Seat) -> Seat {
    Seat::new(1 - (p.index() as u8 & 1))
}

/// The holes of a bit set, in increasing order.
fn holes(mut set: u64) -> impl Iterator<Item = Hole> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let h = set.trailing_zeros();
        set &= set - 1;
        Hole::new(h as u8)
    })
}

#[cfg(test)]
mod tests;
