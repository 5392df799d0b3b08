//! Matches that measure a net: its greedy play against simple opponents,
//! played in the players crate's arena (seats alternating), with its
//! Wilson 95% intervals.

use racegames_board::{Game, Node, Seat};
use racegames_daldos::Daldos;
use racegames_players::arena::{self, ArenaConfig};
use racegames_players::net::{Mlp, NetGame};
use racegames_players::ply::PlyEnd;
use racegames_players::random::RandomPlayer;
use racegames_players::Player;
use racegames_tables::{Position, Tables};

use crate::player::{EndChooser, NetGreedy, PlyGreedy};

/// A hand-made evaluation for a baseline greedy opponent.
pub trait Baseline: Game {
    /// A score of `state` for `seat`: higher is better.
    fn baseline_score(&self, state: &Self::State, seat: Seat) -> f64;
}

/// The pips `seat` still has to travel: each piece's distance past the
/// last point of its route, waiting pieces counted from before their
/// quarter.
pub fn pips(game: &Tables, pos: &Position, seat: Seat) -> u32 {
    let len = game.route_len() as u32;
    let qlen = u32::from(game.variant().quarter_len);
    let on: u32 = (0..game.route_len())
        .map(|r| {
            let on = game.route_point(seat, r).map_or(0, |p| pos.count(seat, p));
            u32::from(on) * (len - r as u32)
        })
        .sum();
    let waiting: u32 = (0..4)
        .map(|q| u32::from(pos.waiting(seat, q)) * (len + 1).saturating_sub(qlen * q as u32))
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

/// Chooses the end of turn best by the game's [`Baseline`] score (a win
/// or loss at the end of the game outweighs any score).
#[derive(Clone, Copy, Debug, Default)]
pub struct BaselineChoice;

impl<G: Baseline> EndChooser<G> for BaselineChoice {
    fn name(&self) -> &str {
        "baseline"
    }

    fn choose(&self, game: &G, mover: Seat, ends: &[PlyEnd<G::State>]) -> usize {
        let mut best = (0, f64::NEG_INFINITY);
        let mut r = vec![0.0; game.num_players()];
        for (i, end) in ends.iter().enumerate() {
            let v = if game.node(&end.state) == Node::Terminal {
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

/// Plays the greedy end of turn by the game's [`Baseline`] score, action
/// by action.
pub type BaselineGreedy<S> = PlyGreedy<S, BaselineChoice>;

/// The arena player of a side.
fn player_of<G>(side: Side<'_>) -> Box<dyn Player<G>>
where
    G: NetGame + Baseline,
    G::State: Send + 'static,
{
    match side {
        Side::Net(net) => Box::new(NetGreedy::<G::State>::new(net.clone())),
        Side::Baseline => Box::new(BaselineGreedy::<G::State>::with(BaselineChoice)),
        Side::Random(seed) => Box::new(RandomPlayer::new(seed)),
    }
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

/// Plays `games` games of `a` against `b` in the players crate's arena
/// ([`arena::play`]), seats alternating: `a` takes seat 0 in the even
/// games and seat 1 in the odd ones. An odd count is rounded up to even,
/// so that both seats are played equally often.
///
/// # Errors
///
/// The arena's error, in words (a count of games out of range, or a
/// player that fails).
pub fn play_match<G>(
    game: &G,
    a: Side<'_>,
    b: Side<'_>,
    games: u32,
    seed: u64,
) -> Result<MatchResult, String>
where
    G: NetGame + Baseline + Sync,
    G::State: Send + 'static,
{
    let players = [player_of::<G>(a), player_of::<G>(b)];
    let config = ArenaConfig {
        games: games as usize,
        seed,
        threads: 1,
        ..ArenaConfig::default()
    };
    let r = arena::play(game, &players, &config).map_err(|e| e.to_string())?;
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(MatchResult {
        wins: count(r.wins[0]),
        losses: count(r.wins[1]),
        draws: count(r.draws),
        points: r.mean_returns[0] * r.games as f64,
    })
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

    #[test]
    fn a_match_is_played_in_the_arena_with_seats_alternating() {
        let game = Tables::backgammon();
        let r = play_match(&game, Side::Baseline, Side::Random(3), 21, 5).unwrap();
        // Rounded up to even: each side sits in each seat as often.
        assert_eq!(r.games(), 22);
        assert!(r.wins > r.losses, "{r:?}");
        // The same match, the sides swapped, from the other side.
        let back = play_match(&game, Side::Random(3), Side::Baseline, 22, 5).unwrap();
        assert_eq!(back.games(), 22);
        assert!(back.losses > back.wins, "{back:?}");
        let net = racegames_players::net::NetEvaluator::shipped(&game).unwrap();
        let r = play_match(&game, Side::Net(net.net()), Side::Random(1), 4, 2).unwrap();
        assert_eq!(r.games(), 4);
        assert!(r.points.abs() <= 4.0 * 3.0);
    }
}
