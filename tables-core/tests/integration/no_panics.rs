//! The public constructors and move helpers never panic, whatever their
//! input.

use proptest::prelude::*;
use racegames_board::{Game, Seat};
use racegames_tables::{Direction, Move, Source, StartingPieces, Tables, Variant};

proptest! {
    #[test]
    fn set_ups_never_panic(list in prop::collection::vec(any::<(u8, u8)>(), 0..8)) {
        match StartingPieces::from_points(&list) {
            Some(s) => {
                prop_assert!(list.iter().all(|&(p, _)| (1..=28).contains(&p)));
                let total: u32 = list.iter().map(|&(_, n)| u32::from(n)).sum();
                prop_assert_eq!(s.total(), total);
                let mut v = Variant::seys_dos_e_as();
                v.setup = [s, s];
                let _ = Tables::new(v);
            }
            None => prop_assert!(
                list.iter().any(|&(p, _)| p == 0 || p > 28)
                    || (1..=28u8).any(|p| list.iter().filter(|e| e.0 == p).map(|e| u32::from(e.1)).sum::<u32>() > 255)
            ),
        }
    }

    #[test]
    fn moves_never_panic(point in any::<u8>(), waiting in any::<bool>(), die in any::<u8>(), r in any::<usize>(), dice in any::<u8>()) {
        let source = if waiting { Source::Waiting(point) } else { Source::Point(point) };
        let mv = Move::new(source, die);
        let limit = if waiting { 4 } else { 24 };
        match Tables::backgammon().checked_action_of(mv) {
            Some(a) => prop_assert_eq!(Tables::backgammon().move_of(a), Some(mv)),
            None => prop_assert!(!(1..=6).contains(&die) || usize::from(point) >= limit),
        }
        let _ = (Direction::Forward.to_point(r), Direction::Backward.to_point(r));
        let _ = (Direction::Forward.to_quarter(r), Direction::Backward.to_quarter(r));
        let game = Tables::backgammon();
        let mut pos = game.new_initial_state();
        game.apply(&mut pos, 3).unwrap();
        let _ = game.move_text(&pos, mv).to_string();
        let _ = game.hit_probability(&pos, r);
        let _ = game.shots(&pos, Seat::new(point));
        let _ = game.route_point(Seat::new(point), r);
        let mut v = Variant::backgammon();
        v.dice = dice;
        let _ = Tables::new(v);
    }
}
