//! The one face of every racegames rules crate: `Setup` read from and written
//! as the notation, positions made from a setup through a `Result` that names
//! the field at fault, and `FromStr`/`Display` on positions.

use proptest::prelude::*;
use racegames_board::testing::random_states;
use racegames_board::{Game, Seat};
use racegames_daldos::{
    Board, Capture, Daldos, Dalling, Hole, Jumping, Options, Phase, Piece, Position, Setup,
};

const OPENING: &str = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 0";

fn options(norwegian: bool, bits: u8, max_turns: u32) -> Options {
    Options::default()
        .with_board(if norwegian {
            Board::Norwegian
        } else {
            Board::Danish
        })
        .with_dalling(if bits & 1 != 0 {
            Dalling::SternOnly
        } else {
            Dalling::Free
        })
        .with_capture(if bits & 2 != 0 {
            Capture::Intermediate
        } else {
            Capture::Final
        })
        .with_jumping(if bits & 4 != 0 {
            Jumping::Forbidden
        } else {
            Jumping::Allowed
        })
        .with_lose_at_one(bits & 8 != 0)
        .with_max_turns(max_turns)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every position of every game: its notation reads into a setup that
    /// writes the same text, is the game's setup of it, and makes it again.
    #[test]
    fn setups_and_notations_round_trip(
        norwegian in any::<bool>(), bits in 0u8..16, max_turns in prop_oneof![Just(0u32), 1u32..200],
        seed in any::<u64>(),
    ) {
        let game = Daldos::new(options(norwegian, bits, max_turns));
        for pos in random_states(&game, seed, 300) {
            let text = game.notation(&pos).to_string();
            prop_assert_eq!(&text, &pos.to_string());
            let setup: Setup = text.parse().unwrap();
            prop_assert_eq!(setup.to_string(), text.clone());
            prop_assert_eq!(setup, game.setup(&pos));
            prop_assert_eq!(game.position(&setup), Ok(pos));
            prop_assert_eq!(game.parse_position(&text), Ok(pos));
            prop_assert_eq!(game.check(pos), Ok(pos));
            prop_assert!(!game.diagram(&pos).to_string().is_empty());
        }
    }

    /// Positions of the default rules (either board) read with `FromStr`
    /// and write back with `Display`.
    #[test]
    fn positions_round_trip_through_from_str(norwegian in any::<bool>(), seed in any::<u64>()) {
        let game = Daldos::new(options(norwegian, 0, 1000));
        for pos in random_states(&game, seed, 300) {
            let text = pos.to_string();
            prop_assert_eq!(text.parse::<Position>(), Ok(pos), "{}", text);
            prop_assert_eq!(Position::try_from(game.setup(&pos)), Ok(pos));
        }
    }

    /// Any setup at all: `position` answers without panicking, and what it
    /// accepts writes and reads back, and plays.
    #[test]
    fn any_setup_is_a_position_or_an_error(
        norwegian in any::<bool>(),
        pieces in prop::collection::vec((0usize..49, 0u8..3, any::<bool>()), 0..40),
        to_move in prop::option::of(0u8..4),
        dice in (0u8..7, 0u8..7),
        turns in prop_oneof![0u32..3, 995u32..1005, Just(u32::MAX)],
    ) {
        let board = if norwegian { Board::Norwegian } else { Board::Danish };
        let mut setup = Setup::new(board);
        for (hole, owner, dalled) in pieces {
            setup.holes[hole] = Some(Piece { owner: Seat::new(owner), dalled });
        }
        setup.to_move = to_move.map(Seat::new);
        setup.dice = [dice.0, dice.1];
        setup.turns = turns;
        let game = Daldos::new(options(norwegian, 0, 1000));
        let text = setup.to_string();
        match game.position(&setup) {
            Ok(pos) => {
                prop_assert_eq!(game.setup(&pos), setup);
                prop_assert_eq!(text.parse::<Position>(), Ok(pos));
                let mut n = 0;
                game.legal_actions(&pos, |_| n += 1);
                prop_assert_eq!(n == 0, pos.phase() != Phase::Move);
            }
            Err(e) => {
                prop_assert!(
                    ["board", "row B", "middle row", "row A", "turn", "dice", "turns"].contains(&e.field),
                    "{}", e
                );
                // The text is refused too, unless it cannot say what was
                // wrong (a piece past the end of the board is not written).
                let same = text.parse::<Setup>().is_ok_and(|read| read == setup);
                prop_assert!(game.parse_position(&text).is_err() || !same, "{}", text);
            }
        }
    }
}

fn danish(f: impl FnOnce(&mut Setup)) -> Setup {
    let mut setup: Setup = OPENING.parse().unwrap();
    f(&mut setup);
    setup
}

fn dalled(owner: u8) -> Option<Piece> {
    Some(Piece {
        owner: Seat::new(owner),
        dalled: true,
    })
}

#[test]
fn position_refuses_impossible_setups_naming_the_field() {
    let game = Daldos::default();
    let cases: Vec<(Setup, &str)> = vec![
        (Setup::new(Board::Norwegian), "board"),
        // A piece of a third seat.
        (danish(|s| s.holes[20] = dalled(2)), "middle row"),
        // Undalled pieces away from home.
        (
            danish(|s| {
                s.holes[20] = Some(Piece {
                    owner: Seat::new(0),
                    dalled: false,
                })
            }),
            "middle row",
        ),
        (
            danish(|s| {
                s.holes[0] = None;
                s.holes[40] = Some(Piece {
                    owner: Seat::new(0),
                    dalled: false,
                })
            }),
            "row B",
        ),
        (
            danish(|s| {
                s.holes[40] = None;
                s.holes[3] = Some(Piece {
                    owner: Seat::new(1),
                    dalled: false,
                })
            }),
            "row A",
        ),
        // A seventeenth piece.
        (danish(|s| s.holes[20] = dalled(0)), "board"),
        // The seat to move.
        (danish(|s| s.to_move = Some(Seat::new(7))), "turn"),
        // Dice: the issue's `9 9`, a 5, the wrong order, a gap, dice with
        // nobody to move.
        (danish(|s| s.dice = [9, 9]), "dice"),
        (danish(|s| s.dice = [5, 0]), "dice"),
        (danish(|s| s.dice = [1, 3]), "dice"),
        (danish(|s| s.dice = [0, 2]), "dice"),
        (
            danish(|s| {
                s.to_move = None;
                s.dice = [1, 0]
            }),
            "dice",
        ),
        // A game over that is not, and one in play that is over.
        // (the untouched opening at turn 0 with nobody to move is the
        // roll-off; at turn 3 it would be a game over).
        (
            danish(|s| {
                s.to_move = None;
                s.turns = 3
            }),
            "turn",
        ),
        (
            danish(|s| {
                for h in 0..16 {
                    s.holes[h] = None;
                }
            }),
            "turn",
        ),
        (danish(|s| s.turns = 1000), "turns"),
        // A throw of 4 with every piece undalled: nothing can use it.
        (danish(|s| s.dice = [4, 0]), "dice"),
    ];
    for (setup, field) in cases {
        let err = game.position(&setup).unwrap_err();
        assert_eq!(err.field, field, "{setup}: {err}");
        // Parsing refuses the same, pointing at the same field, wherever
        // the notation can write the setup.
        let text = setup.to_string();
        if text.parse::<Setup>() == Ok(setup) {
            assert_eq!(
                game.parse_position(&text).unwrap_err().field,
                field,
                "{text}"
            );
        }
    }
}

#[test]
fn a_piece_past_the_norwegian_board_is_refused() {
    let game = Daldos::new(Options::default().with_board(Board::Norwegian));
    let mut setup: Setup = "bbbbbbbbbbbb/............./aaaaaaaaaaaa A - 0"
        .parse()
        .unwrap();
    assert!(game.position(&setup).is_ok());
    setup.holes[45] = dalled(0);
    let err = game.position(&setup).unwrap_err();
    assert_eq!(err.field, "board", "{err}");
}

#[test]
fn parse_errors_point_at_their_field() {
    let game = Daldos::default();
    let rows = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa";
    let cases = [
        (format!("{rows} A 99 0"), "dice", rows.len() + 3),
        (format!("{rows} A 13 0"), "dice", rows.len() + 3),
        (format!("{rows} A 444 0"), "dice", rows.len() + 5),
        (format!("{rows} - 2 0"), "dice", rows.len() + 3),
        (format!("{rows} A - 1000"), "turns", rows.len() + 5),
        (
            "bbbbbbbbbbbbbbbb/....a............/aaaaaaaaaaaaaaa. A - 0".into(),
            "middle row",
            17,
        ),
        (
            "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaab A - 0".into(),
            "row A",
            35,
        ),
        (
            "  bbbbbbbbbbbbbbbb/AAAAAAAAAAAAAAAAA/aaaaaaaaaaaaaaaa A - 0".into(),
            "board",
            2,
        ),
    ];
    for (text, field, offset) in cases {
        let err = game.parse_position(&text).unwrap_err();
        assert_eq!((err.field, err.offset), (field, offset), "{text}: {err}");
        let err = text.parse::<Position>().unwrap_err();
        assert_eq!((err.field, err.offset), (field, offset), "{text}: {err}");
    }
}

#[test]
fn setups_keep_what_the_text_says() {
    let text = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa B 99 7";
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup.to_move, Some(Seat::new(1)));
    assert_eq!(setup.dice, [9, 9]);
    assert_eq!(setup.turns, 7);
    assert_eq!(setup.to_string(), text);
    // The turns field may be left out; the setup then writes 0.
    let short: Setup = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa B 4"
        .parse()
        .unwrap();
    assert_eq!((short.dice, short.turns), ([4, 0], 0));
    assert_eq!(Setup::default(), Setup::new(Board::Danish));
}

#[test]
fn position_from_str_reads_under_the_default_rules_of_its_board() {
    let pos: Position = "bbbbbbbbbbbb/............./aaaaaaaaaaaa B - 3"
        .parse()
        .unwrap();
    assert_eq!(pos.board(), Board::Norwegian);
    assert_eq!(pos.to_move(), Some(Seat::new(1)));
    // Another game's positions go through that game.
    let endless = Daldos::new(Options::default().with_max_turns(0));
    let text = "bbbbbbbbbbbbbbbb/................./aaaaaaaaaaaaaaaa A - 5000";
    assert!(text.parse::<Position>().is_err());
    assert_eq!(endless.parse_position(text).unwrap().turns(), 5000);
}

#[test]
fn check_goes_through_the_same_door_as_position() {
    let game = Daldos::default();
    let mut pos = Position::empty(Board::Danish, Seat::new(0)).unwrap();
    pos.put(Hole::new(16).unwrap(), dalled(0)).unwrap();
    pos.put(Hole::new(18).unwrap(), dalled(1)).unwrap();
    pos.set_dice(&[2]).unwrap();
    assert_eq!(game.check(pos), Ok(pos));
    // The default game stops at turn 1000: the game, not the setter, says so.
    pos.set_turns(1000);
    assert_eq!(game.check(pos).unwrap_err().field, "turns");
    assert_eq!(
        game.check(pos),
        game.position(&game.setup(&pos)),
        "check is position of the setup"
    );
}

#[test]
fn notation_and_diagram_of_the_game() {
    let game = Daldos::default();
    let pos = game.parse_position(OPENING).unwrap();
    assert_eq!(game.notation(&pos).to_string(), OPENING);
    let diagram = game.diagram(&pos).to_string();
    let mut written = String::new();
    game.write_diagram(&pos, &mut written).unwrap();
    assert_eq!(diagram, written);
    assert_eq!(diagram.lines().count(), 5);
    assert!(
        diagram.ends_with("A to throw; turn 0; pieces A 16, B 16"),
        "{diagram}"
    );
    assert_eq!(game.parse_notation(OPENING), Ok(pos));
}
