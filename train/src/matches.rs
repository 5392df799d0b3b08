//! Matches that measure a net: its greedy play against simple opponents,
//! seats alternating, with Wilson 95% intervals.

use racegames_board::sim::SplitMix64;
use racegames_board::{Game, Node, Seat};
use racegames_daldos::Daldos;
use racegames_players::net::{Mlp, NetGame};
use racegames_players::ply::{ply_ends, PlyEnd};
use racegames_players::random::RandomPlayer;
use racegames_players::Player;
use racegames_tables::{Position, Tables};

use crate::td::greedy_choice;

/// A hand-made evaluation for a baseline greedy opponent.
pub trait Baseline: Game {
    /// A score of `state` for `seat`: higher is better.
    fn baseline_score(&self, state: &Self::State, seat: Seat) -> f64;
}

/// The pips `seat` still has to travel: each piece's distance past the
/// last point, waiting pieces counted from before their quarter.
pub fn pips(game: &Tables, pos: &Position, seat: Seat) -> u32 {
    let on: u32 = (0..24)
        .map(|r| u32::from(pos.count(seat, game.route_point(seat, r))) * (24 - r as u32))
        .sum();
    let waiting: u32 = (0..4)
        .map(|q| u32::from(pos.waiting(seat, q)) * (25 - 6 * q as u32))
        .sum();
    on + waiting
}

impl Baseline for Tables {
    /// The pip-count race: the opponent's pips minus the seat's.
    fn baseline_score(&self, state: &Position, seat: Seat) -> f64 {
        f64::from(pips(self, state, seat.next(2))) - f64::from(pips(self, state, seat))
    }
}

impl Baseline for Daldos {
    /// Material: the seat's pieces minus the enemy's.
    fn baseline_score(&self, state: &racegames_daldos::Position, seat: Seat) -> f64 {
        f64::from(state.count(seat)) - f64::from(state.count(seat.next(2)))
    }
}

/// Who plays a seat in a match.
#[derive(Clone, Copy, Debug)]
pub enum Side<'a> {
    /// The net's greedy (1-ply) choice.
    Net(&'a Mlp),
    /// The greedy choice by the game's [`Baseline`] score (exact at the
    /// end of the game).
    Baseline,
    /// Uniformly random actions.
    Random(u64),
}

fn choose<G: NetGame + Baseline>(
    game: &G,
    side: Side<'_>,
    mover: Seat,
    ends: &[PlyEnd<G::State>],
) -> usize {
    match side {
        Side::Net(net) => greedy_choice(game, net, mover, ends).0,
        _ => {
            let mut best = (0, f64::NEG_INFINITY);
            for (i, end) in ends.iter().enumerate() {
                let v = if game.node(&end.state) == Node::Terminal {
                    let mut r = vec![0.0; game.num_players()];
                    // One value per seat: the length check cannot fail.
                    let _ = game.returns(&end.state, &mut r);
                    r.get(mover.index()).copied().unwrap_or(0.0) * 1e6
                } else {
                    game.baseline_score(&end.state, mover)
                };
                if v > best.1 {
                    best = (i, v);
                }
            }
            best.0
        }
    }
}

/// Plays one game, seat 0 by `sides[0]`, and returns seat 0's return.
pub fn play_game<G>(game: &G, sides: [Side<'_>; 2], seed: u64) -> f64
where
    G: NetGame + Baseline,
    G::State: Send,
{
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    let mut randoms = sides.map(|s| match s {
        Side::Random(seed) => Some(RandomPlayer::new(seed)),
        _ => None,
    });
    loop {
        match game.node(&state) {
            Node::Terminal => break,
            Node::Chance => match game.sample_chance(&state, rng.next_f64()) {
                Some(a) => game.apply_legal(&mut state, a),
                None => break,
            },
            Node::Decision(mover) => {
                if let Some(r) = &mut randoms[mover.index()] {
                    match r.act(game, &state) {
                        Ok(a) => game.apply_legal(&mut state, a),
                        Err(_) => break,
                    }
                    continue;
                }
                let ends = ply_ends(game, &state).ends;
                if ends.is_empty() {
                    break;
                }
                state = ends[choose(game, sides[mover.index()], mover, &ends)].state;
            }
        }
    }
    let mut r = vec![0.0; game.num_players()];
    // One value per seat: the length check cannot fail.
    let _ = game.returns(&state, &mut r);
    r.first().copied().unwrap_or(0.0)
}

/// The result of a match, from the first side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn (truncated).
    pub draws: u32,
    /// The sum of the first side's returns.
    pub points: f64,
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// Plays `games` games of `a` against `b`, `a` taking seat 0 in the even
/// games and seat 1 in the odd ones.
pub fn play_match<G>(game: &G, a: Side<'_>, b: Side<'_>, games: u32, seed: u64) -> MatchResult
where
    G: NetGame + Baseline,
    G::State: Send,
{
    let mut res = MatchResult::default();
    for g in 0..games {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
        let r = if g % 2 == 0 {
            play_game(game, [a, b], s)
        } else {
            -play_game(game, [b, a], s)
        };
        res.points += r;
        match r.partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Greater) => res.wins += 1,
            Some(std::cmp::Ordering::Less) => res.losses += 1,
            _ => res.draws += 1,
        }
    }
    res
}

/// The Wilson 95% interval of `successes` out of `n`, as the arena
/// computes it.
pub fn wilson(successes: u32, n: u32) -> (f64, f64) {
    let interval = racegames_players::arena::wilson(f64::from(successes), n as usize);
    (interval.low, interval.high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pips_of_the_backgammon_opening_are_167() {
        let game = Tables::backgammon();
        let state = game.new_initial_state();
        assert_eq!(pips(&game, &state, Seat::new(0)), 167);
        assert_eq!(pips(&game, &state, Seat::new(1)), 167);
    }
}
