//! The public constructors and hole helpers never panic, whatever their
//! input.

use proptest::prelude::*;
use racegames_board::{Action, Game, Seat};
use racegames_halma::{action, notation, Finish, Halma, Rules, Square, Star};

fn any_rules() -> impl Strategy<Value = Rules> {
    (any::<u8>(), any::<u8>(), any::<[bool; 5]>(), any::<u32>()).prop_map(
        |(players, pieces, b, max_turns)| {
            Rules::chinese_checkers(players)
                .with_pieces(pieces)
                .with_long_jumps(b[0])
                .with_wing_rule(b[1])
                .with_vacate_rule(b[2])
                .with_spoiling_win(b[3])
                .with_finish(if b[4] { Finish::All } else { Finish::First })
                .with_max_turns(max_turns)
        },
    )
}

proptest! {
    #[test]
    fn halma_new_never_panics(rules in any_rules(), seat in any::<u8>()) {
        if let Ok(g) = Halma::<Star>::new(rules) {
            let s = g.new_initial_state();
            let _ = (g.camp_of(Seat::new(seat)), g.start_zone(Seat::new(seat)), g.must_vacate(&s));
        }
        if let Ok(g) = Halma::<Square>::new(rules) {
            let _ = g.camp_of(Seat::new(seat));
        }
    }

    #[test]
    fn holes_and_actions_never_panic(hole in any::<usize>(), to in any::<usize>(), a in any::<Action>(), name in ".{0,6}") {
        let _ = Star::coords(hole);
        let mut out = String::new();
        let _ = notation::write_hole::<Star>(hole, &mut out);
        let _ = notation::write_hole::<Square>(hole, &mut out);
        let _ = (notation::parse_hole::<Star>(&name), notation::parse_hole::<Square>(&name));
        if let Some(a) = action::encode::<Star>(hole, to) {
            prop_assert_eq!(action::decode::<Star>(a), Some((hole, to)));
        }
        let _ = (action::decode::<Star>(a), action::decode::<Square>(a), action::encode::<Square>(hole, to));
    }
}
