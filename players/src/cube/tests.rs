use proptest::prelude::*;

use super::match_play::{MatchCube, MatchScore};
use super::money::MoneyCube;
use super::{CubeOwner, MatchEquityTable, Outcomes, Stage};

fn no_gammons(p: f64) -> Outcomes {
    Outcomes::new(p, 0.0, 0.0, 0.0, 0.0).unwrap()
}

#[test]
fn chances_must_be_nested_probabilities() {
    assert!(Outcomes::new(0.5, 0.6, 0.0, 0.0, 0.0).is_err());
    assert!(Outcomes::new(0.5, 0.1, 0.2, 0.0, 0.0).is_err());
    assert!(Outcomes::new(0.8, 0.0, 0.0, 0.3, 0.0).is_err());
    assert!(Outcomes::new(f64::NAN, 0.0, 0.0, 0.0, 0.0).is_err());
    let o = Outcomes::new(0.6, 0.2, 0.05, 0.1, 0.01).unwrap();
    assert_eq!(o.flipped().flipped(), o);
    assert!((o.cubeless_equity() + o.flipped().cubeless_equity()).abs() < 1e-12);
    let c = Outcomes::clamped(1.2, 1.5, 0.9, 0.3, f64::NAN);
    assert_eq!(
        (c.win(), c.win_gammon(), c.win_backgammon(), c.lose_gammon()),
        (1.0, 1.0, 0.9, 0.0)
    );
}

#[test]
fn a_dead_cube_takes_to_25_percent() {
    // With no gammons and a dead cube, a take is right down to 25%: the
    // doubler's 75% is the point where taking and dropping are the same.
    let dead = MoneyCube::new(0.0, false).unwrap();
    let at = dead.decide(&no_gammons(0.75), CubeOwner::Centred);
    assert!((at.double_take - at.double_drop).abs() < 1e-12, "{at:?}");
    assert!(dead
        .decide(&no_gammons(0.74), CubeOwner::Centred)
        .take_is_right());
    assert!(!dead
        .decide(&no_gammons(0.76), CubeOwner::Centred)
        .take_is_right());
}

#[test]
fn a_live_cube_takes_to_20_percent() {
    // Janowski's live take point without gammons: (L - 1/2) / (W + L + 1/2) = 0.2.
    let live = MoneyCube::new(1.0, false).unwrap();
    let at = live.decide(&no_gammons(0.8), CubeOwner::Centred);
    assert!((at.double_take - at.double_drop).abs() < 1e-12, "{at:?}");
    assert!(live
        .decide(&no_gammons(0.79), CubeOwner::Centred)
        .take_is_right());
    assert!(!live
        .decide(&no_gammons(0.81), CubeOwner::Centred)
        .take_is_right());
}

#[test]
fn the_default_model_doubles_in_the_window_only() {
    let cube = MoneyCube::default();
    assert!(!cube
        .decide(&no_gammons(0.55), CubeOwner::Centred)
        .double_is_right());
    let window = cube.decide(&no_gammons(0.72), CubeOwner::Centred);
    assert!(
        window.double_is_right() && window.take_is_right(),
        "{window:?}"
    );
    let out = cube.decide(&no_gammons(0.9), CubeOwner::Centred);
    assert!(out.double_is_right() && !out.take_is_right(), "{out:?}");
    // Owning the cube is worth more than leaving it centred, which is worth
    // more than the opponent's owning it.
    let o = no_gammons(0.6);
    let [mine, centred, theirs] =
        [CubeOwner::Mine, CubeOwner::Centred, CubeOwner::Theirs].map(|w| cube.equity(&o, w));
    assert!(
        mine > centred && centred > theirs,
        "{mine} {centred} {theirs}"
    );
}

#[test]
fn the_jacoby_rule_leaves_gammons_out_while_the_cube_is_centred() {
    let o = Outcomes::new(0.6, 0.3, 0.0, 0.0, 0.0).unwrap();
    let dead_jacoby = MoneyCube::new(0.0, true).unwrap();
    let dead_plain = MoneyCube::new(0.0, false).unwrap();
    assert!((dead_jacoby.equity(&o, CubeOwner::Centred) - 0.2).abs() < 1e-12);
    assert!((dead_plain.equity(&o, CubeOwner::Centred) - 0.5).abs() < 1e-12);
    // Once turned, gammons count under either rule.
    assert_eq!(
        dead_jacoby.equity(&o, CubeOwner::Mine),
        dead_plain.equity(&o, CubeOwner::Mine)
    );
}

#[test]
fn the_match_table_is_fair_and_ordered() {
    let met = MatchEquityTable::computed(15, MatchEquityTable::DEFAULT_GAMMON_RATE).unwrap();
    for a in 1..=15 {
        for b in 1..=15 {
            let pre = met.win_chance(a, b, Stage::PreCrawford).unwrap();
            let other = met.win_chance(b, a, Stage::PreCrawford).unwrap();
            assert!((pre + other - 1.0).abs() < 1e-9, "{a} {b}");
            assert!((0.0..=1.0).contains(&pre));
            if a == b {
                assert!((pre - 0.5).abs() < 1e-12);
            }
            if b < 15 {
                // Further from the goal, the opponent wins less often.
                assert!(
                    met.win_chance(a, b + 1, Stage::PreCrawford).unwrap() >= pre - 1e-12,
                    "{a} {b}"
                );
            }
        }
    }
    assert!(met.win_chance(0, 3, Stage::PreCrawford).is_err());
    assert!(met.win_chance(3, 16, Stage::PreCrawford).is_err());
    assert!(MatchEquityTable::computed(0, 0.2).is_err());
    assert!(MatchEquityTable::computed(5, 1.0).is_err());
}

#[test]
fn the_table_is_near_published_ones() {
    // Published tables (Woolsey's, Kazaross's) give the leader about 60% at
    // 2-away 3-away, 68% in the Crawford game at 1-away 2-away and 75% at
    // 1-away 3-away; the model's figures should be within a few points.
    let met = MatchEquityTable::computed(11, MatchEquityTable::DEFAULT_GAMMON_RATE).unwrap();
    let near = |a, b, stage, published: f64| {
        let model = met.win_chance(a, b, stage).unwrap();
        assert!(
            (model - published).abs() < 0.04,
            "{a}-away {b}-away: {model} vs {published}"
        );
    };
    near(2, 3, Stage::PreCrawford, 0.60);
    near(1, 2, Stage::Crawford, 0.68);
    near(1, 3, Stage::Crawford, 0.75);
    near(2, 4, Stage::PreCrawford, 0.67);
}

fn score(my_away: u32, their_away: u32, stage: Stage, owner: CubeOwner) -> MatchScore {
    MatchScore {
        my_away,
        their_away,
        stage,
        cube: 1,
        owner,
    }
}

#[test]
fn after_the_crawford_game_the_trailer_doubles_and_the_leader_does_not() {
    let met = MatchEquityTable::computed(7, 0.26).unwrap();
    let cube = MatchCube::new(&met);
    let even = Outcomes::new(0.5, 0.13, 0.0, 0.13, 0.0).unwrap();
    let trailer = cube
        .decide(&even, &score(4, 1, Stage::PostCrawford, CubeOwner::Centred))
        .unwrap();
    assert!(
        trailer.double_is_right() && trailer.take_is_right(),
        "{trailer:?}"
    );
    let leader = cube
        .decide(&even, &score(1, 4, Stage::PostCrawford, CubeOwner::Centred))
        .unwrap();
    assert!(!leader.double_is_right(), "{leader:?}");
    // No double in the Crawford game, and no cube but 1 there.
    let crawford = cube
        .decide(&even, &score(1, 4, Stage::Crawford, CubeOwner::Centred))
        .unwrap();
    assert!(!crawford.double_is_right());
    let turned = MatchScore {
        cube: 2,
        ..score(1, 4, Stage::Crawford, CubeOwner::Mine)
    };
    assert!(cube.decide(&even, &turned).is_err());
}

#[test]
fn a_long_match_doubles_much_as_money_play_does() {
    let met = MatchEquityTable::computed(25, 0.26).unwrap();
    let cube = MatchCube::new(&met);
    let at = |p| {
        cube.decide(
            &no_gammons(p),
            &score(25, 25, Stage::PreCrawford, CubeOwner::Centred),
        )
        .unwrap()
    };
    assert!(!at(0.55).double_is_right());
    assert!(
        at(0.72).double_is_right() && at(0.72).take_is_right(),
        "{:?}",
        at(0.72)
    );
    assert!(!at(0.9).take_is_right());
}

fn outcomes() -> impl Strategy<Value = Outcomes> {
    (
        0.0..=1.0f64,
        0.0..=1.0f64,
        0.0..=1.0f64,
        0.0..=1.0f64,
        0.0..=1.0f64,
    )
        .prop_map(|(w, g, b, lg, lb)| {
            let wg = w * g;
            let lgg = (1.0 - w) * lg;
            Outcomes::new(w, wg, wg * b, lgg, lgg * lb).unwrap()
        })
}

proptest! {
    #[test]
    fn money_values_are_bounded_and_the_drop_is_one(o in outcomes(), x in 0.0..=1.0f64, jacoby: bool) {
        let cube = MoneyCube::new(x, jacoby).unwrap();
        for owner in [CubeOwner::Centred, CubeOwner::Mine] {
            let d = cube.decide(&o, owner);
            prop_assert_eq!(d.double_drop, 1.0);
            prop_assert!(d.no_double.abs() <= 3.0 + 1e-9 && d.double_take.abs() <= 6.0 + 1e-9, "{:?}", d);
        }
    }

    #[test]
    fn match_values_are_chances(o in outcomes(), a in 1u32..=9, b in 1u32..=9, post: bool) {
        let met = MatchEquityTable::computed(9, 0.26).unwrap();
        let cube = MatchCube::new(&met);
        let stage = if a == 1 || b == 1 {
            if post { Stage::PostCrawford } else { Stage::Crawford }
        } else {
            Stage::PreCrawford
        };
        let d = cube.decide(&o, &score(a, b, stage, CubeOwner::Centred)).unwrap();
        for v in [d.no_double, d.double_take, d.double_drop] {
            prop_assert!((-1e-9..=1.0 + 1e-9).contains(&v), "{:?}", d);
        }
    }
}
