//! The cube decisions of a tables game for the analysis
//! ([`crate::analysis::CubeAnalysis`]): the same chances and models the
//! players decide by ([`super::decide`]), with every cube action valued.

use racegames_board::{Game, Node, Seat};
use racegames_tables::{CubeAction, Offer, Phase, Position, Tables};

use super::{chances, decide, gammon_net};
use crate::analysis::{CubeAnalysis, CubeChoice, CubeUnit};

/// The cube decision at `state` (see
/// [`crate::Playable::cube_analysis`]); `None` in a game without the cube,
/// at checker play, before the roll-off and at the end.
pub(crate) fn cube_analysis(game: &Tables, state: &Position) -> Option<CubeAnalysis> {
    let variant = game.variant();
    if !variant.cube {
        return None;
    }
    // Who is on roll (the doubler or resigner) and who acts now.
    let (doubler, to_act, offer) = match game.node(state) {
        Node::Decision(seat) if state.phase() == Phase::Cube => match state.offer() {
            o @ (Offer::Double | Offer::Resign(_)) => (seat.next(2), seat, o),
            o => (seat, seat, o),
        },
        Node::Chance if state.phase() != Phase::Cube => (state.turn()?, state.turn()?, Offer::None),
        _ => return None,
    };
    if state.turns() == 0 && offer == Offer::None {
        return None; // the roll-off
    }
    let cubeless = game.cubeless();
    let net = gammon_net(&cubeless);
    let outcomes = chances(&cubeless, net.as_ref(), state, doubler);
    let (decision, points) = decide(game, state, doubler, &outcomes);
    let money = variant.match_length == 0;
    let cube = state.cube_value();
    let scale = if money { f64::from(cube) } else { 1.0 };
    // A value of the doubler's (in the decision's unit) as the player to
    // act sees it, the cube's value included in money play.
    let seen = |v: f64, by: Seat| {
        if by == doubler {
            v * scale
        } else if money {
            -v * scale
        } else {
            1.0 - v
        }
    };
    let legal = |a: CubeAction| game.action_of_cube(a).filter(|&x| game.is_legal(state, x));
    let resigned = |level: u8| points(-f64::from(level) * f64::from(cube));
    let mut choices = Vec::new();
    let mut push = |a: CubeAction, v: f64| {
        if let Some(action) = legal(a) {
            choices.push(CubeChoice {
                action,
                value: seen(v, to_act),
            });
        }
    };
    match offer {
        Offer::Double => {
            push(CubeAction::Take, decision.double_take);
            push(CubeAction::Drop, decision.double_drop);
        }
        Offer::Resign(level) => {
            push(CubeAction::Accept, resigned(level));
            push(CubeAction::Reject, decision.value());
        }
        Offer::Deciding | Offer::DecidingAfterRejection => {
            push(CubeAction::Roll, decision.no_double);
            push(
                CubeAction::Double,
                decision.double_take.min(decision.double_drop),
            );
            for (a, level) in [
                (CubeAction::ResignSingle, 1),
                (CubeAction::ResignGammon, 2),
                (CubeAction::ResignBackgammon, 3),
            ] {
                push(a, resigned(level));
            }
        }
        Offer::None => {}
    }
    let may_double = offer == Offer::Double || legal(CubeAction::Double).is_some();
    Some(CubeAnalysis::new(
        doubler,
        outcomes,
        decision,
        if money {
            CubeUnit::Points
        } else {
            CubeUnit::MatchChance
        },
        cube,
        may_double,
        offer == Offer::Double,
        choices,
    ))
}

#[cfg(test)]
mod tests {
    use racegames_board::{FromParams, Game, Node, ParamValue};
    use racegames_tables::{CubeAction, Tables};

    use super::cube_analysis;
    use crate::analysis::CubeVerdict;

    /// A money game with the cube, played by the first legal action and
    /// the throws of a fixed seed until the first decision to double.
    fn first_cube_decision(
        extra: &[(&str, ParamValue<'static>)],
    ) -> (Tables, racegames_tables::Position) {
        let mut params = vec![("cube", ParamValue::Bool(true))];
        params.extend_from_slice(extra);
        let game = Tables::from_params("backgammon", &params).unwrap();
        let mut state = game.new_initial_state();
        let mut rng = racegames_board::sim::SplitMix64::new(5);
        loop {
            match game.node(&state) {
                Node::Chance => {
                    let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                    game.apply(&mut state, a).unwrap();
                }
                Node::Decision(_) => {
                    let double = game.action_of_cube(CubeAction::Double).unwrap();
                    if game.is_legal(&state, double) {
                        return (game, state);
                    }
                    let mut first = None;
                    game.legal_actions(&state, |a| {
                        first.get_or_insert(a);
                    });
                    game.apply(&mut state, first.unwrap()).unwrap();
                }
                Node::Terminal => panic!("the game ended before a cube decision"),
            }
        }
    }

    #[test]
    fn the_doubler_and_the_taker_see_the_same_decision() {
        for extra in [vec![], vec![("match_length", ParamValue::Int(7))]] {
            let (game, state) = first_cube_decision(&extra);
            let before = cube_analysis(&game, &state).unwrap();
            assert!(before.may_double && !before.doubled);
            assert_eq!(before.choices.len(), 2, "roll and double");
            let mut doubled = state;
            game.apply(
                &mut doubled,
                game.action_of_cube(CubeAction::Double).unwrap(),
            )
            .unwrap();
            let after = cube_analysis(&game, &doubled).unwrap();
            assert!(after.doubled);
            assert_eq!(after.doubler, before.doubler);
            assert_eq!(after.decision, before.decision);
            // The taker's two values mirror the doubler's.
            let take = after.choices[0].value;
            let drop = after.choices[1].value;
            assert_eq!(take >= drop, after.take);
            // Early in a game nobody is too good, and the values are sane.
            assert_ne!(before.verdict, CubeVerdict::TooGood);
            assert!(before.equity.abs() <= 3.0);
        }
    }
}
