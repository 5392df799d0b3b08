use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node, ParamValue};
use racegames_tables::{CubeAction, Tables};

use super::{certain_loss, CubelessPlayer};
use crate::cube::Outcomes;
use crate::net::NetEvaluator;
use crate::{Evaluator, Playable};

fn cubeful(extra: &[(&str, ParamValue<'static>)]) -> Tables {
    let mut params = vec![
        ("cube", ParamValue::Bool(true)),
        ("resign", ParamValue::Bool(true)),
    ];
    params.extend_from_slice(extra);
    Tables::from_params("backgammon", &params).unwrap()
}

/// Plays `games` games of `game` between two greedy players (the net's
/// checker play, the cube policy) and counts each cube action taken and
/// each game's points.
fn play(game: &Tables, games: u64) -> (std::collections::BTreeMap<CubeAction, u32>, Vec<f64>) {
    let mut counts = std::collections::BTreeMap::new();
    let mut points = Vec::new();
    for g in 0..games {
        let mut players = [
            game.make_player("greedy", g, &[]).unwrap(),
            game.make_player("greedy", g + 100, &[]).unwrap(),
        ];
        let mut rng = SplitMix64::new(g);
        let mut state = game.new_initial_state();
        loop {
            match game.node(&state) {
                Node::Terminal => break,
                Node::Chance => {
                    let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                    game.apply(&mut state, a).unwrap();
                }
                Node::Decision(seat) => {
                    let a = players[seat.index()].act(game, &state).unwrap();
                    if let Some(c) = game.cube_action(a) {
                        *counts.entry(c).or_insert(0) += 1;
                    }
                    game.apply(&mut state, a).unwrap();
                }
            }
        }
        let mut returns = [0.0; 2];
        game.returns(&state, &mut returns).unwrap();
        points.push(returns[0].abs());
    }
    (counts, points)
}

#[test]
fn money_games_see_doubles_takes_and_drops() {
    let game = cubeful(&[]);
    let (counts, points) = play(&game, 12);
    let seen = |c| counts.get(&c).copied().unwrap_or(0);
    assert!(seen(CubeAction::Double) > 0, "{counts:?}");
    assert!(
        seen(CubeAction::Take) > 0 && seen(CubeAction::Drop) > 0,
        "{counts:?}"
    );
    assert_eq!(
        seen(CubeAction::Double),
        seen(CubeAction::Take) + seen(CubeAction::Drop)
    );
    // Every game is won for a number of points that the cube can make.
    for p in points {
        assert!(
            p >= 1.0
                && [1.0, 2.0, 3.0]
                    .iter()
                    .any(|k| (p / k).log2().fract() == 0.0),
            "{p}"
        );
    }
}

#[test]
fn a_match_game_never_doubles_in_the_crawford_game() {
    let game = cubeful(&[
        ("match_length", ParamValue::Int(5)),
        ("score_a", ParamValue::Int(4)),
        ("score_b", ParamValue::Int(2)),
        ("crawford_game", ParamValue::Bool(true)),
    ]);
    let (counts, _) = play(&game, 6);
    assert_eq!(counts.get(&CubeAction::Double), None, "{counts:?}");
    // After it, the trailer (4 away) doubles at once.
    let post = cubeful(&[
        ("match_length", ParamValue::Int(5)),
        ("score_a", ParamValue::Int(4)),
        ("score_b", ParamValue::Int(1)),
    ]);
    let (counts, _) = play(&post, 6);
    assert!(
        counts.get(&CubeAction::Double).copied().unwrap_or(0) >= 6,
        "{counts:?}"
    );
}

#[test]
fn only_a_certain_loss_is_resigned() {
    let lost = |g, bg| Outcomes::new(0.0, 0.0, 0.0, g, bg).unwrap();
    assert_eq!(
        certain_loss(&lost(0.0, 0.0)),
        Some(CubeAction::ResignSingle)
    );
    assert_eq!(
        certain_loss(&lost(1.0, 0.0)),
        Some(CubeAction::ResignGammon)
    );
    assert_eq!(
        certain_loss(&lost(1.0, 1.0)),
        Some(CubeAction::ResignBackgammon)
    );
    assert_eq!(certain_loss(&lost(0.5, 0.0)), None);
    assert_eq!(
        certain_loss(&Outcomes::new(0.01, 0.0, 0.0, 0.0, 0.0).unwrap()),
        None
    );
}

/// The cubeful positions before a throw where the player on roll may
/// double, over `games` greedy games, with that player.
fn cube_decisions(
    game: &Tables,
    games: u64,
) -> Vec<(racegames_tables::Position, racegames_board::Seat)> {
    let mut found = Vec::new();
    for g in 0..games {
        let mut player = game.make_player("greedy", g, &[]).unwrap();
        let mut rng = SplitMix64::new(g + 500);
        let mut state = game.new_initial_state();
        loop {
            match game.node(&state) {
                Node::Terminal => break,
                Node::Chance => {
                    let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                    game.apply(&mut state, a).unwrap();
                }
                Node::Decision(seat) => {
                    let double = game.action_of_cube(CubeAction::Double);
                    if double.is_some_and(|d| game.is_legal(&state, d)) {
                        found.push((state, seat));
                    }
                    let a = player.act(game, &state).unwrap();
                    game.apply(&mut state, a).unwrap();
                }
            }
        }
    }
    found
}

#[test]
fn the_cube_reads_the_nets_chances_one_ply_deep() {
    // The chances' cubeless equity is the net's own value one ply deep:
    // over the throws, the value of the move the net ranks best (the
    // gammon and backgammon outputs read in the net's order).
    let game = cubeful(&[("scoring", ParamValue::Str("backgammons"))]);
    let cubeless = game.cubeless();
    let judge = NetEvaluator::shipped(&cubeless).unwrap();
    let inner = cubeless.make_player("greedy", 0, &[]).unwrap();
    let player = CubelessPlayer::new(inner, &game);
    let positions = cube_decisions(&game, 2);
    assert!(positions.len() > 20, "{}", positions.len());
    for (state, seat) in positions {
        let chances = player.chances(&state, seat);
        let position = game.cubeless_position(&state);
        let mut outcomes = Vec::new();
        cubeless.chance_outcomes(&position, |a, p| outcomes.push((a, p)));
        let mut expected = 0.0;
        for (a, p) in outcomes {
            let mut next = position;
            cubeless.apply(&mut next, a).unwrap();
            let Node::Decision(mover) = cubeless.node(&next) else {
                // No move (a dance): the position as thrown.
                let mut values = [0.0; 2];
                judge.evaluate(&cubeless, &next, &mut values);
                expected += p * values[seat.index()];
                continue;
            };
            let mut best = (f64::NEG_INFINITY, 0.0);
            for end in crate::ply::ply_ends(&cubeless, &next).ends {
                let mut values = [0.0; 2];
                judge.evaluate(&cubeless, &end.state, &mut values);
                if values[mover.index()] > best.0 {
                    best = (values[mover.index()], values[seat.index()]);
                }
            }
            expected += p * best.1;
        }
        assert!(
            (chances.cubeless_equity() - expected).abs() < 1e-4,
            "{} against {}",
            chances.cubeless_equity(),
            expected
        );
    }
}

#[test]
fn a_blitz_redouble_is_dropped() {
    // Two on the bar against a five-point board: gnubg's 2-ply evaluation
    // gives the redouble/take 1.48 cubes, a clear drop (the net alone,
    // without its ply, took it).
    let game = cubeful(&[("scoring", ParamValue::Str("backgammons"))]);
    let state: racegames_tables::Position =
        ".,.,A2,A2,A1,A5,.,A1,.,.,.,.,A1,A1,.,B2,.,A1,B3,B3,B2,.,A1,B3 B2@1 0/0 A - 23 2A D"
            .parse()
            .unwrap();
    let mut player = game.make_player("expectimax", 0, &[]).unwrap();
    let a = player.act(&game, &state).unwrap();
    assert_eq!(game.cube_action(a), Some(CubeAction::Drop));
}

#[test]
fn no_one_doubles_at_the_first_chance() {
    // After one opening move the game is close to even: a double there is
    // a large error (gnubg's money play never doubles there).
    let game = cubeful(&[("scoring", ParamValue::Str("backgammons"))]);
    for g in 0..12 {
        let mut player = game.make_player("greedy", g, &[]).unwrap();
        let mut rng = SplitMix64::new(g + 900);
        let mut state = game.new_initial_state();
        let double = game.action_of_cube(CubeAction::Double).unwrap();
        while !game.is_legal(&state, double) {
            match game.node(&state) {
                Node::Chance => {
                    let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                    game.apply(&mut state, a).unwrap();
                }
                Node::Decision(_) => {
                    let a = player.act(&game, &state).unwrap();
                    game.apply(&mut state, a).unwrap();
                }
                Node::Terminal => unreachable!("a game does not end in its first turn"),
            }
        }
        let a = player.act(&game, &state).unwrap();
        assert_eq!(game.cube_action(a), Some(CubeAction::Roll), "game {g}");
    }
}
