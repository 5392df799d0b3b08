//! Backgammon for points: with gammons and backgammons scored, the net's
//! value is the expected points and the players play for them; with a win
//! only, the chance of winning, as before.

use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node, ParamValue, Seat};
use racegames_tables::{Position, Tables};

use super::*;
use crate::ply::ply_ends;
use crate::{Playable, Player};

fn backgammon(scoring: &str) -> Tables {
    Tables::from_params("backgammon", &[("scoring", ParamValue::Str(scoring))]).unwrap()
}

/// The end of the ply `player` plays from `state`.
fn chosen_end(game: &Tables, player: &mut dyn Player<Tables>, state: &Position) -> Position {
    let Node::Decision(mover) = game.node(state) else {
        panic!("not a decision: {}", game.notation(state));
    };
    let mut s = *state;
    // A backgammon turn has at most four moves.
    for _ in 0..4 {
        if game.node(&s) != Node::Decision(mover) {
            break;
        }
        let a = player.act(game, &s).unwrap();
        game.apply(&mut s, a).unwrap();
    }
    assert_ne!(game.node(&s), Node::Decision(mover));
    s
}

/// The net's outputs at `state` for `seat` (flipped when the mover there
/// is the other seat).
fn outputs(game: &Tables, eval: &NetEvaluator, state: &Position, seat: Seat) -> [f32; 5] {
    let mut p = [0.0; 5];
    let on_roll = eval.probabilities(game, state, &mut p).unwrap();
    if on_roll != seat {
        flip_outputs(&mut p);
    }
    p
}

#[test]
fn the_shipped_backgammon_net_has_gammon_and_backgammon_outputs() {
    let eval = NetEvaluator::shipped(&Tables::backgammon()).unwrap();
    assert_eq!(eval.net().outputs(), 5);
}

#[test]
fn the_value_is_the_expected_points_under_the_scoring() {
    let eval = NetEvaluator::shipped(&Tables::backgammon()).unwrap();
    let mut checked = 0;
    for seed in 0..20 {
        let mut state = Tables::backgammon().new_initial_state();
        let mut rng = SplitMix64::new(seed);
        let mut buf = racegames_board::ActionBuffer::new();
        for _ in 0..30 + seed {
            racegames_board::sim::random_step(
                &Tables::backgammon(),
                &mut state,
                &mut rng,
                &mut buf,
            );
        }
        let game = Tables::backgammon();
        if matches!(game.node(&state), Node::Terminal) || game.turn_owner(&state).is_none() {
            continue;
        }
        let seat = Seat::new(0);
        let p = outputs(&game, &eval, &state, seat).map(f64::from);
        let win = 2.0 * p[0] - 1.0;
        let expected = [
            ("winloss", win),
            ("gammons", win + p[1] - p[2]),
            ("backgammons", win + p[1] - p[2] + p[3] - p[4]),
        ];
        for (scoring, e) in expected {
            let g = backgammon(scoring);
            let mut v = [0.0; 2];
            eval.evaluate(&g, &state, &mut v);
            assert!((v[0] - e).abs() < 1e-6, "{scoring}: {} against {e}", v[0]);
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

/// B has a piece left in A's home board with A far ahead (eight borne
/// off): kept there for a shot it is B's best chance of winning, run home
/// it saves the backgammon and likely the gammon. A player for a win keeps
/// it; a player for points runs.
const LAST_SHOT: &str = "B1,A4,A3,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B3,B2,B2,B3,B1,B3 - 8/0 B 52 46";

#[test]
fn playing_for_points_saves_the_gammon_that_playing_to_win_risks() {
    let b = Seat::new(1);
    for (name, params) in [
        ("greedy", vec![("eval", ParamValue::Str("net"))]),
        ("expectimax", vec![]),
        ("mcts", vec![]),
    ] {
        let mut ends = Vec::new();
        for scoring in ["winloss", "gammons", "backgammons"] {
            let game = backgammon(scoring);
            let state = game.parse_position(LAST_SHOT).unwrap();
            assert_eq!(game.node(&state), Node::Decision(b));
            let mut player = game.make_player(name, 1, &params).unwrap();
            ends.push(chosen_end(&game, player.as_mut(), &state));
        }
        let game = Tables::backgammon();
        let back = game.route_point(b, 0).unwrap();
        let (to_win, for_points) = (&ends[0], &ends[2]);
        // Counting gammons only, running home is still worth more.
        assert_eq!(
            ends[1].count(b, back),
            0,
            "{name}: {}",
            game.notation(&ends[1])
        );
        assert_eq!(
            to_win.count(b, back),
            1,
            "{name}: {}",
            game.notation(to_win)
        );
        assert_eq!(
            for_points.count(b, back),
            0,
            "{name}: {}",
            game.notation(for_points)
        );
        // The net's own figures: the win-only choice wins more often, the
        // points choice scores more.
        let eval = NetEvaluator::shipped(&game).unwrap();
        let points = backgammon("backgammons");
        let value = |s: &Position| {
            let mut v = [0.0; 2];
            eval.evaluate(&points, s, &mut v);
            v[1]
        };
        if name == "greedy" {
            let (w, p) = (
                outputs(&game, &eval, to_win, b),
                outputs(&game, &eval, for_points, b),
            );
            assert!(w[0] > p[0], "{w:?} {p:?}");
            assert!(w[2] > p[2] && w[4] > p[4], "{w:?} {p:?}");
            assert!(value(for_points) > value(to_win));
        }
    }
}

#[test]
fn playing_to_win_chooses_the_highest_chance_of_winning() {
    let game = Tables::backgammon();
    let eval = NetEvaluator::shipped(&game).unwrap();
    let mut player = game
        .make_player("greedy", 1, &[("eval", ParamValue::Str("net"))])
        .unwrap();
    let mut rng = SplitMix64::new(3);
    let mut decisions = 0;
    for _ in 0..4 {
        let mut state = game.new_initial_state();
        while game.node(&state) != Node::Terminal && decisions < 200 {
            let Node::Decision(mover) = game.node(&state) else {
                let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, a).unwrap();
                continue;
            };
            let ends = ply_ends(&game, &state).ends;
            let chance = |s: &Position| match game.node(s) {
                Node::Terminal => f32::from(u8::from(s.winner() == Some(mover))),
                _ => outputs(&game, &eval, s, mover)[0],
            };
            let best = ends
                .iter()
                .map(|e| chance(&e.state))
                .fold(f32::MIN, f32::max);
            let end = chosen_end(&game, player.as_mut(), &state);
            assert!(chance(&end) >= best - 1e-6, "{}", game.notation(&state));
            decisions += 1;
            state = end;
        }
    }
    assert!(decisions >= 100);
}
