//! The engine makes further tables games a matter of parameters.

use super::common;

use common::*;
use racegames_board::sim::{random_playout, SplitMix64};
use racegames_board::{Game, Node};
use racegames_tables::{
    BearOff, DiceRule, Direction, Doubles, Reentry, RollOff, Scoring, StartingPieces, Tables,
    Variant, VariantError,
};

/// Seys dos e as on two dice with another set-up: the roll-off winner puts
/// 5 pieces on each of 1, 2 and 6, the other 5 on each of 3, 4 and 5; hit
/// pieces go back to the start and bearing off needs an exact throw.
fn seys_two_dice() -> Variant {
    // Variant is non_exhaustive: outside the crate, fields are set.
    let mut v = Variant::seys_dos_e_as();
    v.name = "seys_two_dice";
    v.dice = 2;
    v.setup = [
        StartingPieces::from_points(&[(1, 5), (2, 5), (6, 5)]).unwrap(),
        StartingPieces::from_points(&[(3, 5), (4, 5), (5, 5)]).unwrap(),
    ];
    v.reentry = Reentry::Start;
    v.bear_off = BearOff::Exact;
    v.max_turns = 0;
    v
}

/// A race in opposite directions where every piece starts off the board and
/// a single piece closes a point (nothing is ever hit), on three dice.
fn entering_race() -> Variant {
    let mut v = Variant::STANDARD;
    v.name = "entering_race";
    v.dice = 3;
    v.doubles = Doubles::AsThrown;
    v.directions = [Direction::Backward, Direction::Forward];
    v.setup = [StartingPieces::all_waiting(), StartingPieces::all_waiting()];
    v.roll_off = RollOff::Coin;
    v.reentry = Reentry::Start;
    v.closes_at = 1;
    v.bear_off = BearOff::Any;
    v.dice_rule = DiceRule::MostDice;
    v.scoring = Scoring::WinLoss;
    v.max_turns = 0;
    v
}

#[test]
fn a_game_defined_by_parameters_alone_plays_to_the_end() {
    for v in [seys_two_dice(), entering_race()] {
        let g = Tables::new(v).unwrap();
        assert_eq!(g.name(), v.name);
        for seed in 0..50 {
            let mut p = g.new_initial_state();
            random_playout(&g, &mut p, &mut SplitMix64::new(seed));
            assert_eq!(g.node(&p), Node::Terminal);
            assert!(p.winner().is_some(), "{}", text(&g, &p));
            let t = text(&g, &p);
            assert_eq!(g.parse_position(&t).unwrap(), p);
        }
    }
}

#[test]
fn seys_on_two_dice_sets_up_by_the_roll_off_and_throws_two_dice() {
    let g = Tables::new(seys_two_dice()).unwrap();
    let mut p = g.new_initial_state();
    assert_eq!(g.max_chance_outcomes(), 21);
    play(&g, &mut p, "roll-off B");
    assert_eq!(
        text(&g, &p),
        "B5,B5,A5,A5,A5,B5,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. - 0/0 B - 0"
    );
    play(&g, &mut p, "roll 66");
    assert_eq!(p.dice(), &[6, 6]);
    // Exact bearing off: from 20 only a 5 bears off.
    let b = board(&[(20, "A1"), (24, "A14"), (1, "B15")]);
    // A 6 neither moves nor bears off anything here.
    assert!(g.parse_position(&format!("{b} - 0/0 A 6 3")).is_err());
    let q = pos(&g, &format!("{b} - 0/0 A 51 3"));
    // 1:20-21 would leave the 5 unusable (21 + 5 is not exact), so it is
    // not legal under "as many dice as possible".
    assert_eq!(moves(&g, &q), vec!["5:20-off", "1:24-off"]);
}

#[test]
fn an_entering_race_starts_with_every_piece_waiting() {
    let g = Tables::new(entering_race()).unwrap();
    let p = g.new_initial_state();
    assert_eq!(
        text(&g, &p),
        ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,. A15@4,B15@1 0/0 - - 0"
    );
    let mut q = p;
    play_all(&g, &mut q, &["roll-off A", "roll 531"]);
    assert_eq!(moves(&g, &q), vec!["1:bar-24", "3:bar-22", "5:bar-20"]);
}

#[test]
fn invalid_parameters_are_refused() {
    let mut v = Variant::backgammon();
    v.dice = 3;
    assert_eq!(Tables::new(v).unwrap_err(), VariantError::Dice);
    let mut v = Variant::seys_dos_e_as();
    v.setup[0] = StartingPieces::from_points(&[(1, 14)]).unwrap();
    assert_eq!(Tables::new(v).unwrap_err(), VariantError::StartingPieces);
    let mut v = Variant::seys_dos_e_as();
    v.setup[1] = v.setup[0];
    assert_eq!(Tables::new(v).unwrap_err(), VariantError::Overlap(1));
    let mut v = Variant::seys_dos_e_as();
    v.closes_at = 3;
    assert_eq!(Tables::new(v).unwrap_err(), VariantError::ClosesAt);
    let mut v = Variant::seys_dos_e_as();
    v.roll_off = RollOff::OpeningThrow;
    assert_eq!(Tables::new(v).unwrap_err(), VariantError::RollOff);
}
