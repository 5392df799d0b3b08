//! The tables games: a hand-written evaluation from the race, blots and the
//! shots at them, made points, primes, entering and bearing off.
//!
//! Every term is read off the variant's parameters (directions, dice,
//! doubles, re-entry, `closes_at`, scoring), so the same evaluation plays
//! Seys dos e as, backgammon and any other [`Tables`] game. Terms are in
//! *turns*: pips are divided by the mean pips of one throw of the variant,
//! so that a blot's cost (the pips it loses when hit, times the chance it
//! is hit) and the race lead add up. The sum, divided by the spread of the
//! race still to run, is squashed by a logistic into a winning chance, and
//! with gammons scored, mapped to an expected return.
//!
//! The rules of the *Libro*'s games each have their own module, read off
//! the variant's parameters (never off a preset's name): the route's
//! geometry (`track`: the half board, seven-point quarters), stacking
//! limits (`stack_limit`), filling the last quarter (`fill`), the failed
//! throw (`failed_throw`), the prime (`prime`), the tie (`tie`), passed
//! dice (`passed_dice`) and extra throws (`extra_throw`). See
//! `docs/evaluations.md`.

mod extra_throw;
mod failed_throw;
mod fill;
mod fill_solo;
mod passed_dice;
mod prime;
mod shots;
mod stack_limit;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_fill_solo;
#[cfg(test)]
mod tests_rules;
mod tie;
mod track;

use racegames_board::{Game, Seat};
use racegames_tables::{Goal, Mode, Position, Reentry, Scoring, Tables};

use super::value::{logistic, squash, terminal, two_player};
pub(crate) use track::{SideView, Sides, MAX_ROUTE};

/// The weights of [`TablesEval`]'s score, in turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TablesWeights {
    /// The worth of being the one to throw next.
    pub on_roll: f64,
    /// Turns lost by a hit piece beyond its pips: it must enter first.
    pub hit_tempo: f64,
    /// How much the blots of the side about to throw count (it can still
    /// cover them) against those of the side that waits.
    pub thrower_blots: f64,
    /// Per closed point within reach in front of an enemy piece.
    pub blocks: f64,
    /// Per squared length of the longest run of closed points in front of
    /// an enemy piece, over 6.
    pub prime: f64,
    /// Per enemy piece waiting, times the chance it cannot enter.
    pub dance: f64,
    /// Per closed point where the enemy's hit pieces enter (backgammon's
    /// home board).
    pub home: f64,
    /// Per own piece waiting to enter.
    pub waiting: f64,
    /// How fast the spread of the outcome grows with the turns left.
    pub variance: f64,
    /// The slope of the logistic.
    pub scale: f64,
    /// The slope of the gammon chance, per turn of margin.
    pub gammon: f64,
    /// Fill the last quarter (Doze canes): pips a throw that forces a piece
    /// out of its place costs, times that throw's chance.
    pub fill_break: f64,
    /// Fill the last quarter: how much each goal point the other side
    /// holds counts, in whole routes (half for a blot).
    pub fill_held: f64,
    /// Fill the last quarter: turns a piece costs that stands in the goal
    /// quarter beyond its point's two and must move on by an exact die.
    pub fill_exact: f64,
    /// Fill the last quarter, where Doze canes' table of the chance of
    /// filling alone describes the game: whole routes of pips per unit of
    /// the chance of never filling (0 leaves the table out).
    pub fill_solo: f64,
    /// The failed throw (Fallas): how much of the chance of failing the
    /// next throw counts as a loss.
    pub fail: f64,
    /// The prime (Emperador, Quinze tablas): the chance that a side is
    /// primed, per unit of closure of its entry quarter (to the fourth
    /// power) times its pieces waiting or exposed.
    pub prime_loss: f64,
    /// The tie: how much of the chance that nobody can move shrinks the
    /// estimate towards a draw.
    pub tie: f64,
    /// Passed dice (Laquet, Doblet): how much of the pips a side cannot use
    /// count for the other side.
    pub passed: f64,
    /// Extra throws (Pareia de entrada): how much of the extra throws count
    /// in the turn's pips, the shots and the worth of being on roll.
    pub extra: f64,
}

impl Default for TablesWeights {
    fn default() -> TablesWeights {
        TablesWeights {
            on_roll: 0.5,
            hit_tempo: 0.0,
            thrower_blots: 0.3,
            blocks: 0.15,
            prime: 0.15,
            dance: 1.0,
            home: 0.1,
            waiting: 0.3,
            variance: 0.5,
            scale: 1.2,
            gammon: 0.8,
            fill_break: 1.0,
            fill_held: 2.0,
            fill_exact: 2.0,
            fill_solo: 64.0,
            fail: 1.0,
            prime_loss: 1.0,
            tie: 1.0,
            passed: 1.0,
            extra: 1.0,
        }
    }
}

impl TablesWeights {
    /// Sets the weight named like its field; false for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "on_roll" => &mut self.on_roll,
            "hit_tempo" => &mut self.hit_tempo,
            "thrower_blots" => &mut self.thrower_blots,
            "blocks" => &mut self.blocks,
            "prime" => &mut self.prime,
            "dance" => &mut self.dance,
            "home" => &mut self.home,
            "waiting" => &mut self.waiting,
            "variance" => &mut self.variance,
            "scale" => &mut self.scale,
            "gammon" => &mut self.gammon,
            "fill_break" => &mut self.fill_break,
            "fill_held" => &mut self.fill_held,
            "fill_exact" => &mut self.fill_exact,
            "fill_solo" => &mut self.fill_solo,
            "fail" => &mut self.fail,
            "prime_loss" => &mut self.prime_loss,
            "tie" => &mut self.tie,
            "passed" => &mut self.passed,
            "extra" => &mut self.extra,
            _ => return false,
        };
        *slot = value;
        true
    }
}

/// The terms of one side, before weighting (see [`TablesWeights`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideTerms {
    /// Pips to bear every piece off.
    pub pips: f64,
    /// Pips to bring every piece into the last quarter.
    pub pips_home: f64,
    /// Expected turns lost to the other side's next throw hitting a blot.
    pub exposure: f64,
    /// Closed points in front of enemy pieces.
    pub blocks: f64,
    /// The longest run of closed points in front of an enemy piece.
    pub prime: f64,
    /// Enemy pieces waiting, each times the chance it cannot enter.
    pub dance: f64,
    /// Closed points where the enemy's hit pieces enter.
    pub home: f64,
    /// Own pieces waiting to enter.
    pub waiting: f64,
    /// The chance of losing at once, before the race decides: failing the
    /// next throw (Fallas) or being primed (the prime).
    pub sudden_loss: f64,
    /// Pips of the next throw this side cannot use, passed to the other
    /// side (Laquet, Doblet); 0 where dice are not passed.
    pub passed: f64,
    /// The chance that the other side's next throw hits a blot of this
    /// side (the largest of its blots' chances).
    pub exposure_chance: f64,
}

/// The hand-written evaluation of the tables games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TablesEval {
    /// The score's weights.
    pub weights: TablesWeights,
}

impl TablesEval {
    /// The evaluation with these weights.
    pub fn new(weights: TablesWeights) -> TablesEval {
        TablesEval { weights }
    }

    /// Both sides' terms in `pos`.
    pub fn terms(&self, game: &Tables, pos: &Position) -> [SideTerms; 2] {
        let sides = Sides::new(game, pos);
        self.terms_of(game, pos, &sides)
    }

    fn terms_of(&self, game: &Tables, pos: &Position, sides: &Sides) -> [SideTerms; 2] {
        let v = game.variant();
        let w = &self.weights;
        let throws = shots::throws(v);
        let turn = extra_throw::Turn::new(v, throws, w.extra);
        let mut out = [SideTerms::default(); 2];
        for (x, t) in out.iter_mut().enumerate() {
            *t = side_terms(game, pos, sides, x, &turn, w);
        }
        for (x, t) in out.iter_mut().enumerate() {
            let primed = prime::chance(v, sides, x, t.exposure_chance, w.prime_loss);
            let failed = failed_throw::chance(game, pos, x, throws, w.fail);
            t.sudden_loss = (primed + failed).min(1.0);
            t.passed = passed_dice::unused_pips(game, pos, x, throws) * w.passed;
        }
        out
    }

    /// Seat 0's winning chance `p` in `pos`, with `thrower` to throw or
    /// move, as `2p - 1`.
    fn edge(&self, terms: &[SideTerms; 2], thrower: usize, turn: &extra_throw::Turn) -> f64 {
        let w = &self.weights;
        let side = |x: usize| {
            let t = &terms[x];
            let exposure = if x == thrower { w.thrower_blots } else { 1.0 } * t.exposure;
            w.blocks * t.blocks
                + w.prime * t.prime * t.prime / 6.0
                + w.dance * t.dance
                + w.home * t.home
                - w.waiting * t.waiting
                - exposure
        };
        let on_roll = w.on_roll * turn.on_roll;
        let roll = if thrower == 0 { on_roll } else { -on_roll };
        let mean = turn.pips;
        // Dice seat 1 cannot use go to seat 0, and the other way round.
        let passed = (terms[1].passed - terms[0].passed) / mean;
        let lead = (terms[1].pips - terms[0].pips) / mean + roll + passed + side(0) - side(1);
        let turns_left = (terms[0].pips + terms[1].pips) / (2.0 * mean);
        let race = squash(0.5 * w.scale * lead / (1.0 + w.variance * turns_left).sqrt());
        // A sudden loss (a failed throw, the prime) comes before the race:
        // the thrower's first.
        let q = 0.5 * (1.0 + if thrower == 0 { race } else { -race });
        let (lt, lo) = (terms[thrower].sudden_loss, terms[1 - thrower].sudden_loss);
        if lt == 0.0 && lo == 0.0 {
            return race;
        }
        let p = (1.0 - lt) * (lo + (1.0 - lo) * q);
        let edge = 2.0 * p - 1.0;
        if thrower == 0 {
            edge
        } else {
            -edge
        }
    }
}

impl crate::Evaluator<Tables> for TablesEval {
    fn evaluate(&self, game: &Tables, state: &Position, out: &mut [f64]) {
        if terminal(game, state, out) {
            return;
        }
        let v = game.variant();
        let max = v.max_score();
        let Some(thrower) = game.turn_owner(state) else {
            two_player(0.0, max, out);
            return;
        };
        let sides = Sides::new(game, state);
        let mut terms = self.terms_of(game, state, &sides);
        let turn = extra_throw::Turn::new(v, shots::throws(v), self.weights.extra);
        // Dice passed to the player to move are pips he has in hand.
        let pending = passed_dice::pending_pips(state) * self.weights.passed;
        terms[thrower.index()].pips -= pending;
        let edge = self.edge(&terms, thrower.index(), &turn);
        let mut value = if v.scoring == Scoring::WinLoss {
            edge
        } else {
            let p = 0.5 * (1.0 + edge);
            let g = |x: usize| self.gammon_chance(state, &terms, x, turn.pips);
            p * (1.0 + g(0)) - (1.0 - p) * (1.0 + g(1))
        };
        if v.goal == Goal::FillLastQuarter {
            // A side that can no longer fill its goal wins nothing.
            match (fill::can_win(&sides, 0), fill::can_win(&sides, 1)) {
                (false, false) => value = 0.0,
                (false, true) => value = value.min(0.0),
                (true, false) => value = value.max(0.0),
                (true, true) => {}
            }
        }
        value *= 1.0 - tie::chance(game, state, self.weights.tie);
        two_player(value, max, out);
    }
}

impl TablesEval {
    /// The chance that a win by seat `x` is a gammon: the other side has
    /// borne nothing off and needs more turns to bring its pieces home than
    /// `x` needs to bear off.
    fn gammon_chance(&self, pos: &Position, terms: &[SideTerms; 2], x: usize, mean: f64) -> f64 {
        let y = 1 - x;
        if pos.borne_off(Seat::new(y as u8)) > 0 {
            return 0.0;
        }
        let margin = (terms[y].pips_home / mean + 1.0) - terms[x].pips / mean;
        logistic(self.weights.gammon * margin)
    }
}

/// Filling the last quarter: the pips seat `x` stands to lose to dice
/// that carry a piece past every free place of its goal. Where Doze canes'
/// table describes the game, the exact chance of never filling alone
/// ([`fill_solo`]) times `fill_solo` whole routes, far above the race (the
/// goal fills less than half the time even alone, so filling at all
/// matters more than filling first); elsewhere, the chance of such a throw
/// now.
fn fill_risk(game: &Tables, pos: &Position, sides: &Sides, x: usize, w: &TablesWeights) -> f64 {
    match solo_chance(game, sides, x) {
        Some(p) => (1.0 - p) * fill::stuck(sides) * w.fill_solo,
        None => fill::break_pips(game, pos, sides, x) * w.fill_break,
    }
}

/// The chance that `seat`, alone on the board and playing its best, fills
/// its goal in `pos` (its pieces further back counted as just before the
/// last ten points): `None` unless the game is Doze canes as the table
/// assumes it (twelve pieces, two dice as thrown, six-point quarters).
///
/// ```
/// use racegames_board::{FromParams, Seat};
/// use racegames_players::games::tables_eval::solo_fill_chance;
/// use racegames_tables::Tables;
///
/// let game = Tables::from_params("doze_canes", &[]).unwrap();
/// let start = game.parse_position(
///     ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. A12@1,B12@1 0/0 A - 1",
/// ).unwrap();
/// let p = solo_fill_chance(&game, &start, Seat::new(0)).unwrap();
/// assert!(p > 0.3 && p < 0.5, "{p}");
/// ```
pub fn solo_fill_chance(game: &Tables, pos: &Position, seat: Seat) -> Option<f64> {
    solo_chance(game, &Sides::new(game, pos), seat.index() & 1)
}

/// Seat `x`'s chance of filling alone, where the table describes the game.
fn solo_chance(game: &Tables, sides: &Sides, x: usize) -> Option<f64> {
    fill_solo::covers(game.variant())
        .then(|| fill_solo::chance(&sides.seat[x], sides.len))
        .flatten()
}

/// Seat `x`'s terms.
fn side_terms(
    game: &Tables,
    pos: &Position,
    sides: &Sides,
    x: usize,
    turn: &extra_throw::Turn,
    w: &TablesWeights,
) -> SideTerms {
    let v = game.variant();
    let (len, qlen) = (sides.len, sides.qlen);
    let y = 1 - x;
    let me = &sides.seat[x];
    let them = &sides.seat[y];
    let mut t = SideTerms::default();
    for (r, &n) in me.counts[..len].iter().enumerate() {
        t.pips += f64::from(n) * (len - r) as f64;
        t.pips_home += f64::from(n) * (len - qlen).saturating_sub(r) as f64;
    }
    for (q, &n) in me.waiting.iter().enumerate() {
        t.pips += f64::from(n) * (len + 1).saturating_sub(qlen * q) as f64;
        t.pips_home += f64::from(n) * (len + 1 - qlen).saturating_sub(qlen * q) as f64;
        t.waiting += f64::from(n);
    }
    // My blots, hit by the other side's next throw (or throws, with extra
    // throws).
    let hit = shots::shots(sides, y, shots::throws(v));
    for (r_them, &p) in hit.iter().enumerate() {
        let Some(r) = sides.convert(y, x, r_them).filter(|_| p > 0.0) else {
            continue;
        };
        let p = (p * turn.shots).min(1.0);
        let enter = match v.reentry {
            Reentry::Start => 0,
            Reentry::Opposite => (r / qlen + 2) % 4,
        };
        let pips_lost = 1.0 + r as f64 - (qlen * enter) as f64;
        t.exposure += p * (pips_lost / turn.pips + w.hit_tempo);
        t.exposure_chance = t.exposure_chance.max(p);
    }
    // My closed points, along the other side's route.
    let mut closed = 0u32;
    for u in 0..len {
        if let Some(slot) = sides.convert(y, x, u) {
            if me.counts[slot] >= v.closes_at {
                closed |= 1 << u;
            }
        }
    }
    let waiting_them: u8 = them.waiting.iter().sum();
    // The other side's rearmost piece, along its route (entering pieces
    // count from before their quarter).
    let rearmost = (0..4)
        .find(|&q| them.waiting[q] > 0)
        .map(|q| (qlen * q) as i32 - 1)
        .unwrap_or(them.mask.trailing_zeros() as i32);
    let reach = 2 * qlen as i32;
    let mut run = 0;
    for u in 0..len as i32 {
        if closed & (1 << u) != 0 && u > rearmost {
            // Reach: any of the other side's pieces within two quarters.
            let behind = them.mask & ((1u32 << u) - 1) & !((1u32 << (u - reach).max(0)) - 1);
            let near = behind & !((1u32 << (u - reach / 2).max(0)) - 1);
            t.blocks += if near != 0 || waiting_them > 0 {
                1.0
            } else if behind != 0 {
                0.5
            } else {
                0.0
            };
            run += 1;
            t.prime = t.prime.max(f64::from(run));
        } else {
            run = 0;
        }
    }
    for (q, &n) in them.waiting.iter().enumerate() {
        let shut = (closed & sides.quarter_mask(q)).count_ones();
        if n > 0 {
            t.dance += f64::from(n) * (f64::from(shut) / qlen as f64).powi(i32::from(v.dice));
        }
        if v.reentry == Reentry::Start && q == 0 {
            t.home = f64::from(shut);
        }
    }
    if v.goal == Goal::FillLastQuarter {
        t.pips = fill::pips(sides, x, w.fill_held, w.fill_exact * turn.pips)
            + fill_risk(game, pos, sides, x, w);
        t.pips_home = t.pips;
    }
    if v.mode == Mode::Doblet {
        // Pieces never move: each stack to undo and each piece to bear off
        // takes one die.
        let player = Seat::new(x as u8);
        let stacks = (1..=qlen).filter(|&d| pos.is_stacked(player, d)).count();
        let pieces: u8 = me.counts.iter().sum();
        let die = turn.pips / v.dice_thrown().max(1) as f64 / turn.per_turn;
        t.pips = (stacks + usize::from(pieces)) as f64 * die;
        t.pips_home = t.pips;
    }
    t
}
