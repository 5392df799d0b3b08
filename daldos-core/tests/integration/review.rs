//! Defects found by an outside review, each pinned by the test named after
//! it.

use proptest::prelude::*;
use racegames_board::{Game, Node, Seat};
use racegames_daldos::{Board, Capture, Daldos, Hole, Options, Phase, Piece, Position};

fn play(game: &Daldos, pos: &mut Position, mv: &str) {
    let a = game
        .parse_action(pos, mv)
        .unwrap_or_else(|e| panic!("{mv} in {pos}: {e}"));
    game.apply(pos, a).unwrap();
}

/// Under `lose_at_one` a player at one piece has lost: a position where both
/// are down to one cannot be in play, and taking a last piece ends the game.
#[test]
fn lose_at_one_refuses_both_at_one_piece_and_taking_the_last_piece_ends_the_game() {
    let game = Daldos::new(Options::default().with_lose_at_one(true));
    let both_at_one = "................/A.B............../................ A - 0";
    let err = game.parse_position(both_at_one).unwrap_err();
    assert_eq!((err.field, err.offset), ("turn", 52), "{err}");
    // Built by hand and played without the check, the capture still ends it.
    let mut pos = Position::empty(Board::Danish, Seat::new(0)).unwrap();
    let dalled = |owner| {
        Some(Piece {
            owner: Seat::new(owner),
            dalled: true,
        })
    };
    pos.put(Hole::new(16).unwrap(), dalled(0)).unwrap();
    pos.put(Hole::new(18).unwrap(), dalled(1)).unwrap();
    pos.set_dice(&[2]).unwrap();
    play(&game, &mut pos, "m0xm2");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(game.loser(&pos), Some(Seat::new(1)));
    let mut returns = [0.0; 2];
    game.returns(&pos, &mut returns).unwrap();
    assert_eq!(returns, [1.0, -1.0]);
}

/// The turn that wins is a completed turn, as in the tables and Halma games.
#[test]
fn the_winning_turn_counts_in_the_turn_counter() {
    let game = Daldos::default();
    let mut pos = game
        .parse_position("................/A.B............../................ A 2 7")
        .unwrap();
    play(&game, &mut pos, "m0xm2");
    assert_eq!(game.node(&pos), Node::Terminal);
    assert_eq!(pos.turns(), 8);
    assert_eq!(game.turn_count(&pos), 8);
    // The notation of the finished game says so, and reads back.
    assert!(pos.to_string().ends_with(" - - 8"), "{pos}");
    assert_eq!(game.parse_position(&pos.to_string()).unwrap(), pos);
}

/// Errors about what a well-formed notation means point at the field that
/// is wrong, not at the start of the text.
#[test]
fn notation_errors_about_meaning_point_at_their_field() {
    let game = Daldos::new(Options::default().with_max_turns(50));
    let rows = "bbbbbbbbbbbbbbbb/................./AAAAAAAAAAAAAAAA";
    let cases = [
        // The turn limit is reached: the turns field.
        (format!("{rows} A - 50"), "turns", rows.len() + 5),
        // Nobody to move in a game still on: the turn field.
        (format!("{rows} - - 3"), "turn", rows.len() + 1),
        // Dice that cannot be used: a lone 1 and every piece dalled and
        // blocked... here, B's pieces block nothing, so use the board size.
        (
            "bbbbbbbbbbbb/............./aaaaaaaaaaaa A - 0".to_string(),
            "board",
            0,
        ),
    ];
    for (text, field, offset) in cases {
        let err = game.parse_position(&text).unwrap_err();
        assert_eq!((err.field, err.offset), (field, offset), "{text}: {err}");
    }
    // An unusable throw: A's only piece is undalled and the die is not a 1.
    let text = "bbbbbbbbbbbbbbbb/................./a............... A 4 0";
    let err = game.parse_position(text).unwrap_err();
    assert_eq!((err.field, err.offset), ("dice", text.len() - 3), "{err}");
}

fn successors(game: &Daldos, pos: &Position) -> Vec<Position> {
    let mut out = Vec::new();
    game.for_each_successor(pos, |_, next| out.push(*next));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Each result of a throw has one action: with `capture = intermediate`
    /// the lower-die-first order of an added move was listed even when it
    /// removed the same pieces as the higher die first.
    #[test]
    fn capture_intermediate_lists_each_result_once(seed in any::<u64>(), final_capture in any::<bool>()) {
        use racegames_board::{sim::{random_step, SplitMix64}, ActionBuffer};
        let capture = if final_capture { Capture::Final } else { Capture::Intermediate };
        let game = Daldos::new(Options::default().with_capture(capture));
        let mut rng = SplitMix64::new(seed);
        let mut pos = game.new_initial_state();
        let mut buf = ActionBuffer::new();
        while random_step(&game, &mut pos, &mut rng, &mut buf).is_some() {
            let mut all = successors(&game, &pos);
            let n = all.len();
            all.sort();
            all.dedup();
            prop_assert_eq!(all.len(), n, "{}", pos);
        }
    }
}
