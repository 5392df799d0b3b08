//! serde goes through the same door as parsing: a position serializes as its
//! notation string and deserializing checks it as `FromStr` does. Arbitrary
//! input is fed to the deserializer; whatever it accepts must play without
//! panicking and round-trip.
#![cfg(feature = "serde")]

use proptest::prelude::*;
use racegames_board::{sim::SplitMix64, ActionBuffer, Game, Node, Seat};
use racegames_daldos::{analysis::capture_odds, Board, Daldos, Options, Position, Setup};
use serde_json::{json, Value};

const OPENING: &str = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0";

fn default_game(board: Board) -> Daldos {
    Daldos::new(Options::default().with_board(board))
}

/// The states of one random game under the default rules on `board`.
fn random_states(board: Board, seed: u64, limit: usize) -> Vec<Position> {
    let game = default_game(board);
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    let mut buf = ActionBuffer::new();
    let mut states = vec![state];
    while states.len() < limit
        && racegames_board::sim::random_step(&game, &mut state, &mut rng, &mut buf).is_some()
    {
        states.push(state);
    }
    states
}

/// Everything a caller might do with an accepted position: it must not
/// panic, it must round-trip, and every successor must be a position too.
fn exercise(pos: Position) -> Result<(), TestCaseError> {
    let game = default_game(pos.board());
    let text = pos.to_string();
    let value = serde_json::to_value(pos).unwrap();
    prop_assert_eq!(&value, &Value::String(text.clone()));
    prop_assert_eq!(serde_json::from_value::<Position>(value).unwrap(), pos);
    prop_assert_eq!(text.parse::<Position>(), Ok(pos));
    prop_assert_eq!(game.parse_position(&text), Ok(pos));
    prop_assert_eq!(game.notation(&pos).to_string(), text.clone());
    prop_assert!(game.diagram(&pos).to_string().lines().count() == 5);
    let mut obs = vec![0.0; game.observation_len()];
    for seat in 0..2 {
        game.observe(&pos, Seat::new(seat), &mut obs).unwrap();
    }
    let mut returns = [0.0; 2];
    game.returns(&pos, &mut returns).unwrap();
    let mut actions = Vec::new();
    match game.node(&pos) {
        Node::Chance => game.chance_outcomes(&pos, |a, _| actions.push(a)),
        Node::Decision(_) => game.legal_actions(&pos, |a| actions.push(a)),
        Node::Terminal => prop_assert_eq!(returns[0] + returns[1], 0.0),
    }
    prop_assert_eq!(
        actions.is_empty(),
        game.node(&pos) == Node::Terminal,
        "{}",
        text
    );
    for a in actions {
        let mut written = String::new();
        game.write_action(&pos, a, &mut written).unwrap();
        let mut next = pos;
        game.apply(&mut next, a).unwrap();
        prop_assert_eq!(game.check(next), Ok(next), "{} after {}", text, written);
        prop_assert_eq!(next.to_string().parse::<Position>(), Ok(next));
    }
    if let Some(me) = pos.to_move() {
        let enemy = racegames_board::Seat::new(1 - me.index() as u8);
        let target = (0..49)
            .filter_map(racegames_daldos::Hole::new)
            .find(|&h| pos.piece_at(h).is_some_and(|p| p.owner == enemy));
        if let Some(target) = target {
            let odds = capture_odds(&game, &pos, target).unwrap();
            prop_assert!(
                odds.probability >= 0.0 && odds.probability + odds.error_bound <= 1.0 + 1e-9
            );
        }
    }
    Ok(())
}

/// Feeds `value` to the deserializer; exercises what it accepts.
fn try_value(value: Value) -> Result<(), TestCaseError> {
    if let Ok(pos) = serde_json::from_value::<Position>(value.clone()) {
        prop_assert!(value.is_string(), "{}", value);
        exercise(pos)?;
    }
    if let Ok(setup) = serde_json::from_value::<Setup>(value.clone()) {
        prop_assert_eq!(
            serde_json::to_value(setup).unwrap(),
            Value::String(setup.to_string())
        );
    }
    Ok(())
}

/// Arbitrary JSON, with the field names of the old raw form among the keys.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,60}".prop_map(Value::from),
        "[-/ .aAbB0-9]{0,64}".prop_map(Value::from),
    ];
    let key = prop_oneof![
        Just("pieces".to_string()),
        Just("dalled".to_string()),
        Just("dice".to_string()),
        Just("to_move".to_string()),
        Just("phase".to_string()),
        Just("board".to_string()),
        Just("turns".to_string()),
        "[a-z_]{1,8}",
    ];
    leaf.prop_recursive(3, 32, 7, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..7).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..7)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// One edit of a notation: replace, insert or delete a character, mostly
/// with a hole's character (so that many edits still parse).
fn any_edit() -> impl Strategy<Value = (usize, u8, char)> {
    let c = prop_oneof![
        4 => prop::sample::select(vec!['.', 'A', 'B']),
        1 => prop::sample::select(" -/abAB0123456789x".chars().collect::<Vec<_>>()),
    ];
    (0usize..80, prop_oneof![3 => Just(0u8), 1 => 1u8..3], c)
}

fn edit(text: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, op, c) in edits {
        let at = at % (chars.len() + 1);
        match op {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            _ if at < chars.len() => {
                chars.remove(at);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_strings_deserialize_to_checked_positions(text in ".{0,80}") {
        try_value(Value::String(text))?;
    }

    #[test]
    fn arbitrary_json_deserializes_to_checked_positions(value in any_json()) {
        try_value(value)?;
    }

    #[test]
    fn mutated_notations_deserialize_to_checked_positions(
        norwegian in any::<bool>(),
        seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec(any_edit(), 1..4),
    ) {
        let board = if norwegian { Board::Norwegian } else { Board::Danish };
        let states = random_states(board, seed, 200);
        let pos = states[pick.index(states.len())];
        exercise(pos)?;
        try_value(Value::String(edit(&pos.to_string(), &edits)))?;
    }
}

#[test]
fn positions_and_setups_serialize_as_their_notation() {
    let pos: Position = OPENING.parse().unwrap();
    assert_eq!(
        serde_json::to_string(&pos).unwrap(),
        format!("\"{OPENING}\"")
    );
    let setup: Setup = OPENING.parse().unwrap();
    assert_eq!(serde_json::to_value(setup).unwrap(), json!(OPENING));
    let back: Position = serde_json::from_str(&format!("\"{OPENING}\"")).unwrap();
    assert_eq!(back, pos);
}

/// The cases: both sides on the same holes and dice 9 9, in the old
/// raw form, are refused; so are dice 9 9 in a notation, and anything but a
/// string.
#[test]
fn impossible_positions_are_refused() {
    let old_raw_form = json!({
        "pieces": [65535, 65535],
        "dalled": 0,
        "turns": 0,
        "dice": [9, 9],
        "to_move": 0,
        "phase": "Move",
        "board": "Danish",
    });
    assert!(serde_json::from_value::<Position>(old_raw_form).is_err());
    let nine_nine = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A 99 0";
    let err = serde_json::from_value::<Position>(json!(nine_nine)).unwrap_err();
    assert!(err.to_string().contains("dice"), "{err}");
    // As a setup it is only an arrangement; the game refuses it.
    let setup: Setup = serde_json::from_value(json!(nine_nine)).unwrap();
    assert_eq!(setup.dice, [9, 9]);
    assert_eq!(
        Daldos::default().position(&setup).unwrap_err().field,
        "dice"
    );
    for bad in [
        json!(7),
        json!(null),
        json!([OPENING]),
        json!({ "notation": OPENING }),
        // Seventeen pieces for A.
        json!("bbbbbbbbbbbbbbbb/A................/aaaaaaaaaaaaaaaa A - 0"),
        // A game in play at the turn limit.
        json!("bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 1000"),
        // Dice with nobody to move.
        json!("bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa - 4 0"),
    ] {
        assert!(
            serde_json::from_value::<Position>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}
