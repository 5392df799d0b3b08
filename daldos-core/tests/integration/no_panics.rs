//! The public constructors and every call on a position built by hand never
//! panic, whatever their input: only positions the game checks are in play,
//! but the others still get an answer.

use proptest::prelude::*;
use racegames_board::{Game, Seat};
use racegames_daldos::{
    analysis::capture_odds, Board, Daldos, Hole, Move, Options, Piece, Position,
};

proptest! {
    #[test]
    fn holes_and_moves_never_panic(index in any::<u8>(), action in any::<u32>(), norwegian in any::<bool>()) {
        let board = if norwegian { Board::Norwegian } else { Board::Danish };
        match Hole::new(index) {
            Some(h) => {
                prop_assert!(index < 49);
                let _ = (board.next(Seat::new(index), h), board.mirror(h), board.hole_name(h));
            }
            None => prop_assert!(index >= 49),
        }
        if let Some(mv) = Move::from_action(action, board) {
            prop_assert_eq!(mv.to_action(board), action);
        }
    }

    #[test]
    fn positions_built_by_hand_never_panic(
        norwegian in any::<bool>(),
        norwegian_game in any::<bool>(),
        lose_at_one in any::<bool>(),
        pieces in prop::collection::vec((0u8..49, any::<bool>(), any::<bool>()), 0..40),
        dice in prop::collection::vec(any::<u8>(), 0..3),
        seat in any::<u8>(),
        turns in any::<u32>(),
        actions in prop::collection::vec(any::<u32>(), 1..4),
    ) {
        let board = if norwegian { Board::Norwegian } else { Board::Danish };
        let game_board = if norwegian_game { Board::Norwegian } else { Board::Danish };
        let game = Daldos::new(Options::default().with_board(game_board).with_lose_at_one(lose_at_one));
        let mut pos = Position::empty(board, Seat::new(0)).unwrap();
        for (h, owner, dalled) in pieces {
            let piece = Piece { owner: Seat::new(u8::from(owner)), dalled };
            let _ = pos.put(Hole::new(h).unwrap(), Some(piece));
        }
        let _ = pos.set_dice(&dice);
        let _ = pos.set_to_move(Seat::new(seat));
        pos.set_turns(turns);
        let checked = game.check(pos);
        let mut obs = vec![0.0; game.observation_len()];
        for p in 0..3 {
            let _ = game.observe(&pos, Seat::new(p), &mut obs);
        }
        let mut returns = [0.0; 2];
        game.returns(&pos, &mut returns).unwrap();
        let _ = (game.node(&pos), pos.to_string(), game.loser(&pos), game.is_truncated(&pos));
        game.legal_actions(&pos, |_| {});
        let mut text = String::new();
        let _ = game.write_diagram(&pos, &mut text);
        let mut state = pos;
        for a in actions {
            let _ = game.write_action(&state, a, &mut text);
            let _ = game.is_legal(&state, a);
            let _ = game.apply(&mut state, a);
        }
        if let Ok(pos) = checked {
            if let Some(me) = pos.to_move() {
                let them = Seat::new(1 - me.index() as u8);
                for h in (0..49).filter_map(Hole::new) {
                    if pos.piece_at(h).is_some_and(|p| p.owner == them) {
                        let e = capture_odds(&game, &pos, h).unwrap();
                        prop_assert!(e.probability >= 0.0 && e.probability + e.error_bound <= 1.0 + 1e-9);
                        break;
                    }
                }
            }
        }
    }
}
