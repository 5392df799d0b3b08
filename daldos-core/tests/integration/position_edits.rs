//! `Position`'s setters never make a position that no game can hold or that
//! the notation cannot write: what they refuse leaves the position as it
//! was, and every position they make reads back from its notation.

use proptest::prelude::*;
use racegames_board::{Game, Seat};
use racegames_daldos::{Board, Daldos, Hole, Options, Phase, Piece, Position, Setup};

fn piece(owner: u8, dalled: bool) -> Option<Piece> {
    Some(Piece {
        owner: Seat::new(owner),
        dalled,
    })
}

fn actions(game: &Daldos, pos: &Position) -> Vec<u32> {
    let mut out = Vec::new();
    game.legal_actions(pos, |a| out.push(a));
    out
}

#[test]
fn dice_a_long_die_never_shows_are_refused() {
    let game = Daldos::default();
    let mut pos = Position::empty(Board::Danish, Seat::new(0)).unwrap();
    pos.put(Hole::new(16).unwrap(), piece(0, true)).unwrap();
    pos.put(Hole::new(20).unwrap(), piece(1, true)).unwrap();
    let before = pos;
    for dice in [&[9, 9][..], &[255, 4], &[0], &[0, 3], &[5], &[1, 2, 3]] {
        let err = pos.set_dice(dice).unwrap_err();
        assert_eq!(err.field, "dice", "{dice:?}: {err}");
        assert_eq!(pos, before, "{dice:?}");
        assert!(
            actions(&game, &pos).is_empty(),
            "a throw is due, not a move"
        );
    }
    pos.set_dice(&[1, 3]).unwrap();
    assert_eq!(pos.dice(), &[3, 1]);
    assert_eq!(pos.phase(), Phase::Move);
    let text = pos.to_string();
    assert_eq!(text.parse::<Position>(), Ok(pos));
}

#[test]
fn seats_other_than_a_and_b_are_refused() {
    assert_eq!(
        Position::empty(Board::Danish, Seat::new(2))
            .unwrap_err()
            .field,
        "turn"
    );
    let mut pos = Position::empty(Board::Danish, Seat::new(1)).unwrap();
    let before = pos;
    assert_eq!(pos.set_to_move(Seat::new(2)).unwrap_err().field, "turn");
    assert_eq!(pos, before);
    let err = pos.put(Hole::new(40).unwrap(), piece(2, true)).unwrap_err();
    assert_eq!(err.field, "row B", "{err}");
    assert_eq!(pos, before);
}

#[test]
fn pieces_no_game_can_hold_are_refused() {
    let mut pos = Position::empty(Board::Norwegian, Seat::new(0)).unwrap();
    let before = pos;
    // Past the Norwegian board's 37 holes.
    let err = pos.put(Hole::new(40).unwrap(), piece(0, true)).unwrap_err();
    assert_eq!(err.field, "board", "{err}");
    assert!(pos.put(Hole::new(40).unwrap(), None).is_err());
    // Undalled outside its home row.
    let err = pos
        .put(Hole::new(12).unwrap(), piece(0, false))
        .unwrap_err();
    assert_eq!(err.field, "middle row", "{err}");
    assert_eq!(pos, before);
    // A 13th piece of A.
    for h in 0..12 {
        pos.put(Hole::new(h).unwrap(), piece(0, false)).unwrap();
    }
    let full = pos;
    let err = pos.put(Hole::new(12).unwrap(), piece(0, true)).unwrap_err();
    assert_eq!(err.field, "board", "{err}");
    assert_eq!(pos, full);
    // Replacing a piece is no extra piece.
    pos.put(Hole::new(0).unwrap(), piece(0, true)).unwrap();
}

/// Out of play, an edited position is what its notation reads: the opening
/// with B to move is in play, touched or at a later turn it is over.
#[test]
fn positions_out_of_play_stay_what_their_notation_says() {
    let game = Daldos::default();
    let mut pos = game.new_initial_state();
    pos.set_to_move(Seat::new(1)).unwrap();
    assert_eq!(pos.to_move(), Some(Seat::new(1)));
    assert_eq!(game.check(pos), Ok(pos));
    assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));

    let mut pos = game.new_initial_state();
    pos.set_turns(3);
    assert_eq!(pos.phase(), Phase::Over);
    pos.set_turns(0);
    assert_eq!(pos.phase(), Phase::RollOff);
    pos.put(Hole::new(0).unwrap(), None).unwrap();
    assert_eq!(pos.phase(), Phase::Over);
    let setup: Setup = pos.to_string().parse().unwrap();
    assert_eq!(setup, Setup::from(pos));
}

/// What a game, not the position, refuses: the check says so by name.
const GAME_REASONS: [&str; 4] = [
    "nobody is to move, but nobody has lost and the turn limit is not reached",
    "a player has lost, so nobody can be to move",
    "the turn limit is reached, so nobody can be to move",
    "these dice cannot be used, and a lost throw passes at once",
];

#[derive(Clone, Debug)]
enum Edit {
    Put(u8, Option<(u8, bool)>),
    Dice(Vec<u8>),
    ToMove(u8),
    Turns(u32),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (0u8..49, prop::option::of((0u8..3, any::<bool>()))).prop_map(|(h, p)| Edit::Put(h, p)),
        1 => prop::collection::vec(prop_oneof![0u8..6, any::<u8>()], 0..4).prop_map(Edit::Dice),
        1 => (0u8..3).prop_map(Edit::ToMove),
        1 => prop_oneof![0u32..3, any::<u32>()].prop_map(Edit::Turns),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_settable_position_round_trips(
        norwegian in any::<bool>(),
        opening in any::<bool>(),
        lose_at_one in any::<bool>(),
        max_turns in prop_oneof![Just(0u32), 1u32..2000],
        edits in prop::collection::vec(edit(), 0..60),
    ) {
        let board = if norwegian { Board::Norwegian } else { Board::Danish };
        let game = Daldos::new(Options::default().with_board(board).with_lose_at_one(lose_at_one).with_max_turns(max_turns));
        let mut pos = if opening {
            Position::opening(board)
        } else {
            Position::empty(board, Seat::new(0)).unwrap()
        };
        for edit in edits {
            let before = pos;
            let done = match edit {
                Edit::Put(h, p) => pos.put(
                    Hole::new(h).unwrap(),
                    p.map(|(owner, dalled)| Piece { owner: Seat::new(owner), dalled }),
                ),
                Edit::Dice(d) => pos.set_dice(&d),
                Edit::ToMove(s) => pos.set_to_move(Seat::new(s)),
                Edit::Turns(t) => {
                    pos.set_turns(t);
                    Ok(())
                }
            };
            if done.is_err() {
                prop_assert_eq!(pos, before);
            }
            let text = pos.to_string();
            let setup: Setup = text.parse().unwrap();
            prop_assert_eq!(setup, Setup::from(pos), "{}", text);
            prop_assert_eq!(setup.to_string(), text.clone());
            match game.check(pos) {
                Ok(checked) => {
                    prop_assert_eq!(checked, pos, "{}", text);
                    prop_assert_eq!(game.parse_position(&text), Ok(pos));
                }
                Err(e) => prop_assert!(GAME_REASONS.contains(&e.reason), "{}: {}", text, e),
            }
        }
    }
}
