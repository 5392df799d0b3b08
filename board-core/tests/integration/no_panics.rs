//! The public constructors and helpers never panic, whatever their input.

use proptest::prelude::*;
use racegames_board::dice::{DiceSpec, Throw, MAX_DICE};
use racegames_board::notation::{parse_u32, Fields};
use racegames_board::Seat;

proptest! {
    #[test]
    fn players_never_panic(index in any::<u8>(), seats in any::<usize>()) {
        let p = Seat::new(index);
        let next = p.next(seats);
        if seats > 0 {
            prop_assert!(next.index() < seats);
        }
        let _ = (p.letter(), p.digit(), Seat::from_letter(p.letter()));
    }

    #[test]
    fn dice_specs_and_throws_never_panic(count in any::<u8>(), faces in any::<u8>(), shown in prop::collection::vec(any::<u8>(), 0..6)) {
        match DiceSpec::new(count, faces) {
            Some(spec) => {
                prop_assert!((1..=MAX_DICE as u8).contains(&count) && (1..=9).contains(&faces));
                let mut n = 0;
                spec.for_each_throw(|_, _, _| n += 1);
                prop_assert_eq!(n, spec.num_throws());
                let _ = (spec.throw(n), spec.find(&shown));
            }
            None => prop_assert!(count == 0 || count as usize > MAX_DICE || faces == 0 || faces > 9),
        }
        if let Some(t) = Throw::new(&shown) {
            let _ = (t.sum(), t.is_double(), t.without(count), t.to_string());
        }
    }

    #[test]
    fn notation_helpers_never_panic(text in ".{0,40}", offset in any::<usize>()) {
        let _ = parse_u32(&text, "turns", offset);
        let mut fields = Fields::new(&text);
        while fields.next_optional().is_some() {}
        let _ = fields.finish();
    }
}
