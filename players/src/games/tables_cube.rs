//! The built-in players in games with the cube, resignation or match
//! play: checker play as in the same game without them (cubeless), and the
//! cube decisions of [`crate::cube`] from the position's cubeless chances.
//!
//! The chances come from the game's shipped net where it has one with the
//! gammon outputs (backgammon), else from the hand-written evaluation's
//! expected return, read as a chance to win without gammons. Money play
//! uses Janowski's model with the game's Jacoby rule; match play a
//! match-equity table computed once ([`MatchEquityTable`]).
//!
//! - Before the throw: double where [`CubeDecision::double_is_right`];
//!   offer to resign only a game already lost for certain, at the level
//!   lost.
//! - Doubled: take where [`CubeDecision::take_is_right`].
//! - Offered a resignation: accept where the points offered are worth at
//!   least playing on.

use std::sync::OnceLock;

use racegames_board::{Action, Game, Node, Seat};
use racegames_tables::{CubeAction, Offer, Phase, Position, Scoring, Tables};

use crate::cube::match_play::{MatchCube, MatchScore};
use crate::cube::money::MoneyCube;
use crate::cube::{CubeDecision, CubeOwner, MatchEquityTable, Outcomes, Stage};
use crate::games::tables_eval::TablesEval;
use crate::net::{flip_outputs, NetEvaluator, NetGame};
use crate::ply::ply_ends;
use crate::{Evaluator, Player, PlayerError};

/// A player of the cubeless game, playing a cubeful one.
pub(crate) struct CubelessPlayer {
    inner: Box<dyn Player<Tables>>,
    cubeless: Tables,
    /// The shipped net with gammon outputs, where the game has one.
    net: Option<NetEvaluator>,
}

impl CubelessPlayer {
    /// `inner`, a player of `game.cubeless()`, for `game`.
    pub(crate) fn new(inner: Box<dyn Player<Tables>>, game: &Tables) -> CubelessPlayer {
        let cubeless = game.cubeless();
        let net = gammon_net(&cubeless);
        CubelessPlayer {
            inner,
            cubeless,
            net,
        }
    }

    /// The cubeless chances of `seat` at the cubeful `state`, before the
    /// throw: with the net, one ply deep (each throw, the move the net
    /// ranks best after it, its outputs averaged over the throws), as
    /// `expectimax` sees a position; the net alone at a pre-throw position
    /// misjudged positions such as a blitz by ten points of winning chances.
    fn chances(&self, state: &Position, seat: Seat) -> Outcomes {
        chances(&self.cubeless, self.net.as_ref(), state, seat)
    }
}

/// The net's five outputs for `seat` at `position` (the net's order),
/// exact at the end of the game; `None` where it has none (the roll-off).
fn net_outputs(
    game: &Tables,
    net: &NetEvaluator,
    position: &Position,
    seat: Seat,
) -> Option<[f64; 5]> {
    let mut out = [0.0f32; 8];
    if game.node(position) == Node::Terminal {
        game.net_outcome(position, seat, &mut out[..5]);
    } else {
        let seen_from = net.probabilities(game, position, &mut out)?;
        if seen_from != seat {
            flip_outputs(&mut out[..5]);
        }
    }
    Some([out[0], out[1], out[2], out[3], out[4]].map(f64::from))
}

/// `seat`'s outputs one ply deep at `position`, a throw: over the throws,
/// weighted by their chances, the outputs after the move the net ranks
/// best for the player who throws.
fn one_ply(game: &Tables, net: &NetEvaluator, position: &Position, seat: Seat) -> Option<[f64; 5]> {
    if game.node(position) != Node::Chance {
        return net_outputs(game, net, position, seat);
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(position, |a, p| outcomes.push((a, p)));
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    let mut sum = [0.0; 5];
    for (outcome, p) in outcomes {
        let mut next = *position;
        game.apply(&mut next, outcome).ok()?;
        let best = match game.node(&next) {
            Node::Decision(mover) => {
                let ends = ply_ends(game, &next);
                let rank = |s: &Position| net.rank(game, s, mover.index());
                ends.ends
                    .iter()
                    .map(|e| (rank(&e.state), e.state))
                    .max_by(|a, b| a.0.total_cmp(&b.0))
                    .map_or(next, |(_, s)| s)
            }
            _ => next,
        };
        let out = net_outputs(game, net, &best, seat)?;
        for (s, o) in sum.iter_mut().zip(out) {
            *s += p / total * o;
        }
    }
    Some(sum)
}

/// The shipped net of `cubeless` with the gammon outputs, where it has one.
fn gammon_net(cubeless: &Tables) -> Option<NetEvaluator> {
    NetEvaluator::shipped(cubeless)
        .ok()
        .filter(|n| n.net().outputs() == 5)
}

/// The cubeless chances of `seat` at the cubeful `state`: the net's, one
/// ply deep, where there is one, else the hand-written evaluation's
/// expected return read as a chance to win without gammons.
fn chances(
    cubeless: &Tables,
    net: Option<&NetEvaluator>,
    state: &Position,
    seat: Seat,
) -> Outcomes {
    let position = cubeless.cubeless_position(state);
    if let Some(net) = net {
        if let Some(out) = one_ply(cubeless, net, &position, seat) {
            // The net's order: win, win gammon, lose gammon, win backgammon, lose backgammon.
            let [w, wg, lg, wbg, lbg] = out;
            return scored(cubeless, Outcomes::clamped(w, wg, wbg, lg, lbg));
        }
    }
    let mut returns = [0.0; 2];
    TablesEval::default().evaluate(cubeless, &position, &mut returns);
    let scale = cubeless.variant().max_score();
    let win = (returns[seat.index() & 1] / scale + 1.0) / 2.0;
    Outcomes::clamped(win, 0.0, 0.0, 0.0, 0.0)
}

/// `chances` with the gammons and backgammons the game does not score
/// taken out (a backgammon that scores only as a gammon stays a gammon).
fn scored(game: &Tables, chances: Outcomes) -> Outcomes {
    let (w, wg, wbg, lg, lbg) = (
        chances.win(),
        chances.win_gammon(),
        chances.win_backgammon(),
        chances.lose_gammon(),
        chances.lose_backgammon(),
    );
    match game.variant().scoring {
        Scoring::WinLoss => Outcomes::clamped(w, 0.0, 0.0, 0.0, 0.0),
        Scoring::Gammons => Outcomes::clamped(w, wg, 0.0, lg, 0.0),
        Scoring::Backgammons => Outcomes::clamped(w, wg, wbg, lg, lbg),
    }
}

/// The match-equity table of every match, computed at first use.
fn table() -> &'static MatchEquityTable {
    static TABLE: OnceLock<MatchEquityTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        MatchEquityTable::computed(
            u32::from(racegames_tables::MAX_MATCH_LENGTH),
            MatchEquityTable::DEFAULT_GAMMON_RATE,
        )
        .expect("the default table's parameters are in range")
    })
}

/// How the cube stands for `seat`.
fn owner_for(state: &Position, seat: Seat) -> CubeOwner {
    match state.cube_owner() {
        None => CubeOwner::Centred,
        Some(o) if o == seat => CubeOwner::Mine,
        Some(_) => CubeOwner::Theirs,
    }
}

/// The cube decision of `seat`, the player on roll, with `chances`, in
/// points per cube (money) or match-winning chances (match play); and
/// the value of `points` won by `seat` (negative: lost) in the same unit.
/// The value of a number of points won by the player on roll (negative: lost).
type PointsValue = Box<dyn Fn(f64) -> f64>;

fn decide(
    game: &Tables,
    state: &Position,
    seat: Seat,
    chances: &Outcomes,
) -> (CubeDecision, PointsValue) {
    let variant = game.variant();
    let length = u32::from(variant.match_length);
    let cube = state.cube_value();
    let owner = owner_for(state, seat);
    if length == 0 {
        let model = MoneyCube::new(
            crate::cube::DEFAULT_EFFICIENCY,
            variant.cube && variant.jacoby,
        )
        .unwrap_or_default();
        let per_cube = f64::from(cube);
        return (
            model.decide(chances, owner),
            Box::new(move |points: f64| points / per_cube) as PointsValue,
        );
    }
    let score = state.match_score();
    let me = seat.index() & 1;
    let my_away = length.saturating_sub(score[me]).max(1);
    let their_away = length.saturating_sub(score[1 - me]).max(1);
    let stage = if state.is_crawford_game() {
        Stage::Crawford
    } else if my_away == 1 || their_away == 1 {
        Stage::PostCrawford
    } else {
        Stage::PreCrawford
    };
    let match_score = MatchScore {
        my_away,
        their_away,
        stage,
        cube,
        owner,
    };
    let table = table();
    let decision = MatchCube::new(table)
        .decide(chances, &match_score)
        .unwrap_or(CubeDecision {
            no_double: 0.5,
            double_take: 0.5,
            double_drop: 0.5,
        });
    let post = stage != Stage::PreCrawford;
    let value = move |points: f64| {
        let won = points.round() as i32;
        if won >= 0 {
            table.after(my_away as i32 - won, their_away as i32, post)
        } else {
            table.after(my_away as i32, their_away as i32 + won, post)
        }
    };
    (decision, Box::new(value) as PointsValue)
}

impl CubelessPlayer {
    /// The choice at a cube decision of `seat`.
    fn cube_choice(&self, game: &Tables, state: &Position, seat: Seat) -> CubeAction {
        let legal = |a: CubeAction| {
            game.action_of_cube(a)
                .is_some_and(|x| game.is_legal(state, x))
        };
        match state.offer() {
            Offer::Double => {
                // The doubler's figures: the taker's chances seen from the other side.
                let doubler = seat.next(2);
                let chances = self.chances(state, doubler);
                let (decision, _) = decide(game, state, doubler, &chances);
                if decision.take_is_right() {
                    CubeAction::Take
                } else {
                    CubeAction::Drop
                }
            }
            Offer::Resign(level) => {
                let resigner = seat.next(2);
                let chances = self.chances(state, resigner);
                let (decision, value) = decide(game, state, resigner, &chances);
                // The resigner's value of playing on, against what the offer leaves him.
                let offered = -f64::from(level) * f64::from(state.cube_value());
                if value(offered) <= decision.value() {
                    CubeAction::Accept
                } else {
                    CubeAction::Reject
                }
            }
            _ => {
                let chances = self.chances(state, seat);
                if let Some(resign) = certain_loss(&chances).filter(|a| legal(*a)) {
                    return resign;
                }
                if legal(CubeAction::Double) {
                    let (decision, _) = decide(game, state, seat, &chances);
                    if decision.double_is_right() {
                        return CubeAction::Double;
                    }
                }
                CubeAction::Roll
            }
        }
    }
}

/// The offer to resign of a game lost for certain, at the level lost.
fn certain_loss(chances: &Outcomes) -> Option<CubeAction> {
    const SURE: f64 = 1e-6;
    if chances.win() > SURE {
        return None;
    }
    let sure = |p: f64| p >= 1.0 - SURE;
    let never = |p: f64| p <= SURE;
    if sure(chances.lose_backgammon()) {
        Some(CubeAction::ResignBackgammon)
    } else if sure(chances.lose_gammon()) && never(chances.lose_backgammon()) {
        Some(CubeAction::ResignGammon)
    } else if never(chances.lose_gammon()) {
        Some(CubeAction::ResignSingle)
    } else {
        None
    }
}

impl Player<Tables> for CubelessPlayer {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn act(&mut self, game: &Tables, state: &Position) -> Result<Action, PlayerError> {
        let Node::Decision(seat) = game.node(state) else {
            return Err(PlayerError::NotADecision);
        };
        if state.phase() == Phase::Cube {
            let choice = self.cube_choice(game, state, seat);
            return game.action_of_cube(choice).ok_or(PlayerError::NotADecision);
        }
        self.inner
            .act(&self.cubeless, &game.cubeless_position(state))
    }

    fn clone_box(&self) -> Box<dyn Player<Tables>> {
        Box::new(CubelessPlayer {
            inner: self.inner.clone_box(),
            cubeless: self.cubeless.clone(),
            net: self.net.clone(),
        })
    }
}

mod analysis;
pub(crate) use analysis::cube_analysis;

#[cfg(test)]
mod tests;
