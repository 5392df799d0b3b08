//! serde goes through the same door as parsing: setups and positions
//! serialize as their notation string, deserialization checks what
//! `FromStr` checks, and nothing it accepts makes a later call panic.
//! Run with `cargo test -p racegames-halma --features serde --test serde`.
#![cfg(feature = "serde")]

mod common;

use common::{cc, halma};
use proptest::prelude::*;
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, FromParams, Game, Seat};
use racegames_halma::geometry::Geometry;
use racegames_halma::{Halma, Position, Setup, SquarePosition, StarPosition, StarSetup};
use serde_json::{json, Value};

const STAR_GAMES: [&str; 6] = [
    "players=2",
    "players=3,finish=all",
    "players=4",
    "players=6,max_turns=40",
    "players=2,pieces=15",
    "players=3,pieces=15",
];
const SQUARE_GAMES: [&str; 2] = ["players=2", "players=4,finish=all"];

/// Every game of the board with `seats` seats and `pieces` pieces each,
/// with default and other options: a position any of them accepts must
/// not make the others panic either.
fn games_for<G: Geometry>(seats: usize, pieces: u32) -> Vec<Halma<G>>
where
    Halma<G>: FromParams,
{
    let star = G::CAMPS == 6;
    let mut out = Vec::new();
    let base = if star {
        format!("players={seats},pieces={pieces}")
    } else {
        format!("players={seats}")
    };
    let mut variants = vec!["", ",finish=all", ",max_turns=0", ",max_turns=5"];
    if star {
        variants.extend([
            ",long_jumps=true",
            ",wing_rule=false,vacate_rule=false",
            ",spoiling_win=true",
        ]);
    }
    for v in variants {
        let params = common::params(&format!("{base}{v}"));
        let list: Vec<_> = params.iter().map(|(k, v)| (k.as_str(), param(v))).collect();
        if let Ok(g) = Halma::<G>::from_params(G::GAME, &list) {
            out.push(g);
        }
    }
    out
}

fn param(v: &str) -> racegames_board::ParamValue<'_> {
    use racegames_board::ParamValue;
    match v {
        "true" => ParamValue::Bool(true),
        "false" => ParamValue::Bool(false),
        _ => v.parse().map_or(ParamValue::Str(v), ParamValue::Int),
    }
}

/// Runs every call a user could make on `pos` in `game`; none may panic.
fn exercise<G: Geometry>(game: &Halma<G>, pos: &Position<G>) {
    let n = game.num_players();
    let mut buf = ActionBuffer::new();
    let mut returns = vec![0.0; n];
    let mut obs = vec![0.0; game.observation_len()];
    let _ = (game.node(pos), game.turn_owner(pos), game.is_truncated(pos));
    let _ = (game.must_vacate(pos), game.turn_count(pos));
    game.returns(pos, &mut returns).unwrap();
    for seat in 0..n {
        game.observe(pos, Seat::new(seat as u8), &mut obs).unwrap();
    }
    let _ = (
        game.notation(pos).to_string(),
        game.diagram(pos).to_string(),
    );
    let _ = game.setup(pos).to_string();
    let _ = game.apply(&mut pos.clone(), u32::MAX);
    game.legal_actions_into(pos, &mut buf);
    for &a in buf.iter().take(40) {
        assert!(game.is_legal(pos, a));
        let mut name = String::new();
        game.write_action(pos, a, &mut name).unwrap();
        assert_eq!(game.parse_action(pos, &name), Ok(a), "{name}");
        let mut next = *pos;
        game.apply(&mut next, a).unwrap();
        let player = Seat::new(0);
        game.observe_update(pos, player, &next, player, &mut obs)
            .unwrap();
    }
    let mut rng = SplitMix64::new(u64::from(game.turn_count(pos)));
    let mut s = *pos;
    for _ in 0..10 {
        if random_step(game, &mut s, &mut rng, &mut buf).is_none() {
            break;
        }
    }
}

/// A position `FromStr` accepted: it round-trips through serde, and every
/// game of its seats and pieces can use it.
fn check_accepted<G: Geometry>(pos: &Position<G>)
where
    Halma<G>: FromParams,
{
    let text = pos.to_string();
    assert_eq!(
        serde_json::to_value(pos).unwrap(),
        Value::String(text.clone())
    );
    let back: Position<G> = serde_json::from_value(Value::String(text.clone())).unwrap();
    assert_eq!(&back, pos);
    let setup: Setup<G> = serde_json::from_str(&serde_json::to_string(pos).unwrap()).unwrap();
    assert_eq!(setup.to_string(), text);
    let seats = (0..6)
        .filter(|&s| pos.pieces(s) != G::Bits::default())
        .count();
    let pieces = racegames_halma::bits::BitSet::count(&pos.pieces(0));
    let games = games_for::<G>(seats, pieces);
    assert!(!games.is_empty(), "{text}");
    for game in &games {
        exercise(game, pos);
    }
}

/// Deserializes `value` as every type that reads notation; positions
/// accepted are checked.
fn feed(value: &Value) {
    if let Ok(pos) = serde_json::from_value::<StarPosition>(value.clone()) {
        check_accepted(&pos);
    }
    if let Ok(pos) = serde_json::from_value::<SquarePosition>(value.clone()) {
        check_accepted(&pos);
    }
    if let Ok(setup) = serde_json::from_value::<StarSetup>(value.clone()) {
        let text = setup.to_string();
        assert_eq!(serde_json::to_value(&setup).unwrap(), Value::String(text));
    }
}

/// The notation of a position some random game reaches.
fn reached(star: bool, game: usize, seed: u64, steps: usize) -> String {
    fn play<G: Geometry>(g: &Halma<G>, seed: u64, steps: usize) -> String {
        let (mut rng, mut buf) = (SplitMix64::new(seed), ActionBuffer::new());
        let mut pos = g.new_initial_state();
        for _ in 0..steps {
            if random_step(g, &mut pos, &mut rng, &mut buf).is_none() {
                break;
            }
        }
        pos.to_string()
    }
    if star {
        play(&cc(STAR_GAMES[game % STAR_GAMES.len()]), seed, steps)
    } else {
        play(&halma(SQUARE_GAMES[game % SQUARE_GAMES.len()]), seed, steps)
    }
}

/// One edit of a notation: swap two characters, replace one, cut, or
/// insert one.
fn mutate(text: &str, kind: u8, i: usize, j: usize, c: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let len = chars.len().max(1);
    let (i, j) = (i % len, j % len);
    match kind % 4 {
        0 if !chars.is_empty() => chars.swap(i, j),
        1 if !chars.is_empty() => chars[i] = c,
        2 => chars.truncate(i),
        _ => chars.insert(i.min(chars.len()), c),
    }
    chars.into_iter().collect()
}

/// Any JSON value, with strings from the notation's alphabet.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,20}".prop_map(Value::String),
        "[0-9./ -]{0,160}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![
                        Just("pieces".to_string()),
                        Just("to_move".to_string()),
                        Just("turns".to_string()),
                        Just("finished".to_string()),
                        "[a-z_]{0,8}"
                    ],
                    inner
                ),
                0..5
            )
            .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

#[test]
fn positions_and_setups_serialize_as_their_notation() {
    for opts in STAR_GAMES {
        let game = cc(opts);
        let pos = game.new_initial_state();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{pos}\""));
        assert_eq!(serde_json::from_str::<StarPosition>(&json).unwrap(), pos);
        let setup = game.setup(&pos);
        assert_eq!(serde_json::to_string(&setup).unwrap(), json);
        assert_eq!(serde_json::from_str::<StarSetup>(&json).unwrap(), setup);
    }
    let game = halma("players=4");
    let pos = game.new_initial_state();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(serde_json::from_str::<SquarePosition>(&json).unwrap(), pos);
}

/// The case: `to_move` 7 made `legal_actions` index out of bounds.
/// Neither the old field form nor a notation with an unknown seat passes.
#[test]
fn seat_seven_to_move_is_refused() {
    let game = cc("players=2");
    let text = game.new_initial_state().to_string();
    let old_form = json!({
        "pieces": [1023u64, 0, 0, 0, 0, 0],
        "turns": 0,
        "to_move": 7,
        "finished_count": 0,
        "finished": [255, 255, 255, 255, 255, 255],
    });
    assert!(serde_json::from_value::<StarPosition>(old_form).is_err());
    for turn in ["7", "3", "0"] {
        let bad = text.replace(" 1 - 0", &format!(" {turn} - 0"));
        let err = serde_json::from_value::<StarPosition>(Value::String(bad)).unwrap_err();
        assert!(err.to_string().contains("turn"), "{err}");
    }
    // A seat to move that has finished, and one listed twice.
    let rows = text.split(' ').next().unwrap();
    let swapped = rows.replace('1', "x").replace('2', "1").replace('x', "2");
    let done = format!("{swapped} - 1 9");
    assert!(serde_json::from_value::<StarPosition>(Value::String(done.clone())).is_ok());
    let twice = done.replace(" - 1 9", " - 11 9");
    assert!(serde_json::from_value::<StarPosition>(Value::String(twice)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_strings_never_make_a_position_that_panics(text in ".{0,200}") {
        feed(&Value::String(text));
    }

    #[test]
    fn arbitrary_json_never_makes_a_position_that_panics(value in any_json()) {
        feed(&value);
    }

    #[test]
    fn mutated_notations_never_make_a_position_that_panics(
        star in any::<bool>(),
        game in 0usize..8,
        seed in any::<u64>(),
        steps in 0usize..300,
        edits in prop::collection::vec(
            (any::<u8>(), any::<usize>(), any::<usize>(), prop::sample::select(
                vec!['.', '1', '2', '3', '4', '5', '6', '7', '0', '-', '/', ' ', 'x', 'é'],
            )),
            1..4,
        ),
    ) {
        let mut text = reached(star, game, seed, steps);
        // The unedited text reads back.
        feed(&Value::String(text.clone()));
        for (kind, i, j, c) in edits {
            text = mutate(&text, kind, i, j, c);
            feed(&Value::String(text.clone()));
        }
    }
}
