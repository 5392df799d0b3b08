//! serde through the notation: positions and setups are their notation
//! strings, and whatever deserializes is a position every call can take.
#![cfg(feature = "serde")]

mod common;

use common::*;
use proptest::prelude::*;
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, Game, Seat};
use racegames_tables::{Position, Setup, Tables};
use serde_json::{json, Value};

/// Every call on an accepted position works, and it round-trips, in the
/// first preset game that can be in it (the one deserializing chose).
fn exercise(p: &Position) {
    let text = p.to_string();
    let games = all_games();
    let g = games
        .iter()
        .find(|g| g.parse_position(&text).is_ok())
        .expect("a deserialized position is some preset's");
    assert_eq!(
        serde_json::to_value(p).unwrap(),
        Value::String(text.clone())
    );
    assert_eq!(
        serde_json::from_value::<Position>(Value::String(text.clone())).unwrap(),
        *p
    );
    assert_eq!(g.parse_position(&text), Ok(*p));
    let _ = g.diagram(p).to_string();
    let mut obs = vec![0.0f32; g.observation_len()];
    let mut out = [0.0; 2];
    for seat in 0..2 {
        g.observe(p, Seat::new(seat), &mut obs).unwrap();
    }
    g.returns(p, &mut out).unwrap();
    let _ = g.hit_probability(p, 0);
    let mut legal = Vec::new();
    g.legal_actions(p, |a| legal.push(a));
    g.chance_outcomes(p, |a, _| legal.push(a));
    for a in legal {
        let mut q = *p;
        g.apply(&mut q, a).unwrap();
        assert_eq!(g.parse_position(&q.to_string()), Ok(q));
    }
}

/// Deserializes `value` as a position and a setup; checks what is accepted.
fn feed(value: Value) {
    if let Ok(p) = serde_json::from_value::<Position>(value.clone()) {
        exercise(&p);
    }
    if let Ok(s) = serde_json::from_value::<Setup>(value) {
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(serde_json::from_value::<Setup>(v).unwrap(), s);
    }
}

/// Arbitrary JSON: scalars, strings, arrays and objects a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,60}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{0,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A position of the default game after some random steps.
fn random_position(seed: u64) -> Position {
    let g = Tables::default();
    let mut rng = SplitMix64::new(seed);
    let mut p = g.new_initial_state();
    for _ in 0..rng.below(200) {
        random_step(&g, &mut p, &mut rng, &mut ActionBuffer::new());
    }
    p
}

#[test]
fn a_position_serializes_as_its_notation() {
    for seed in 0..20 {
        let p = random_position(seed);
        assert_eq!(serde_json::to_string(&p).unwrap(), format!("\"{p}\""));
        exercise(&p);
    }
    // Another game's position goes through its Setup.
    let g = Tables::backgammon();
    let p = g.new_initial_state();
    let s: Setup = serde_json::from_str(&serde_json::to_string(&g.setup(&p)).unwrap()).unwrap();
    assert_eq!(g.position(&s), Ok(p));
    assert_eq!(
        serde_json::to_value(p).unwrap(),
        Value::String(p.to_string())
    );
}

#[test]
fn deserializing_refuses_what_parsing_refuses() {
    let p = random_position(3);
    let fields = serde_json::to_value(Tables::default().setup(&p)).unwrap();
    assert!(fields.is_string());
    for bad in [
        // The old form: raw fields.
        json!({"board": vec![0; 28], "waiting": [[0, 0, 0, 0], [0, 0, 0, 0]], "off": [0, 0], "dice": [9, 9, 0, 0],
               "turns": 0, "turn": 7, "phase": "Move", "max_use": 3, "result": 0,
               "stacks": [0, 0], "flags": 0}),
        // Seys dos e as: dice 9 9, a seven, a piece too many.
        json!("A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 99 0"),
        json!("A3,A4,B5,B5,B5,A8,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 7 0"),
        json!("A3,A4,B5,B5,B5,A9,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 A 621 0"),
        json!(""),
        json!(7),
        json!(null),
    ] {
        assert!(
            serde_json::from_value::<Position>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_deserialize_safely(text in ".{0,120}") {
        feed(Value::String(text));
    }

    #[test]
    fn arbitrary_json_deserializes_safely(value in json_value()) {
        feed(value);
    }

    #[test]
    fn mutated_notations_deserialize_safely(
        seed in any::<u64>(), edits in prop::collection::vec((any::<usize>(), proptest::char::range(' ', '~')), 1..3)
    ) {
        let p = random_position(seed);
        let mut t: Vec<char> = p.to_string().chars().collect();
        for (at, with) in edits {
            let i = at % t.len();
            t[i] = with;
        }
        feed(Value::String(t.into_iter().collect()));
    }

    #[test]
    fn every_games_setups_serialize_and_read_back(seed in any::<u64>()) {
        let all = all_games();
        let g = &all[(seed % all.len() as u64) as usize];
        let mut rng = SplitMix64::new(seed);
        let mut p = g.new_initial_state();
        for _ in 0..rng.below(200) {
            random_step(g, &mut p, &mut rng, &mut ActionBuffer::new());
        }
        let json = serde_json::to_string(&g.setup(&p)).unwrap();
        prop_assert_eq!(&json, &format!("\"{p}\""));
        let s: Setup = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(g.position(&s), Ok(p));
    }
}

/// The mutation test reaches accepted positions, not only refusals.
#[test]
fn some_mutated_notations_are_positions() {
    let mut accepted = 0;
    for seed in 0..300u64 {
        let p = random_position(seed);
        let mut t: Vec<char> = p.to_string().chars().collect();
        let i = (seed as usize * 7) % t.len();
        t[i] = char::from(b'0' + (seed % 10) as u8);
        let text: String = t.into_iter().collect();
        if let Ok(q) = serde_json::from_value::<Position>(Value::String(text)) {
            exercise(&q);
            accepted += 1;
        }
    }
    assert!(accepted > 10, "{accepted}");
}
