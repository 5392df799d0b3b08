//! gnubg's Position ID and Match ID: gnubg's own vectors, round trips over
//! random positions and fields, and any text read without a panic.

use proptest::prelude::*;
use racegames_board::sim::{random_step, SplitMix64};
use racegames_board::{ActionBuffer, Game, Seat};
use racegames_tables::gnubg::{
    self, default_on_roll, GameState, GnubgError, MatchId, MatchInfo, PositionId, Resignation,
};
use racegames_tables::{Phase, Tables};

const START: &str = "4HPwATDgc/ABMA";

#[test]
fn the_manuals_vectors() {
    let game = Tables::backgammon();
    let mut pos = game.new_initial_state();
    let pid = PositionId::of_position(&game, &pos, Seat::new(0)).unwrap();
    assert_eq!(pid.to_string(), START);
    let money = MatchId::new(MatchInfo::of_position(&game, &pos, None, None).unwrap()).unwrap();
    assert_eq!(money.info().game_state, GameState::NoGame);
    for (text, moves) in [
        ("roll-off A3 B1", "MIEFAAAAAAAA"),
        ("3:8-5", ""),
        ("1:6-5", "cAkAAAAAAAAA"),
    ] {
        let a = game.parse_action(&pos, text).unwrap();
        game.apply(&mut pos, a).unwrap();
        if !moves.is_empty() {
            let info = MatchInfo::of_position(&game, &pos, None, None).unwrap();
            assert_eq!(MatchId::new(info).unwrap().to_string(), moves);
        }
    }
    let pid = PositionId::of_position(&game, &pos, default_on_roll(&pos)).unwrap();
    assert_eq!(pid.to_string(), "sGfwATDgc/ABMA");
    let back = pid.to_position(&game, Seat::new(1), None, 1).unwrap();
    assert_eq!(back, pos);
    let mid: MatchId = "QYkqASAAIAAA".parse().unwrap();
    let info = mid.info();
    assert_eq!(
        (info.cube, info.cube_owner, info.on_roll),
        (2, Some(Seat::new(0)), Seat::new(1))
    );
    assert_eq!(
        (info.dice, info.match_length, info.score),
        (Some([5, 2]), 9, [2, 4])
    );
    assert_eq!(info.game_state, GameState::Playing);
}

#[test]
fn refusals() {
    for bad in [
        "",
        "4HPwATDgc/ABM",
        "4HPwATDgc/ABMAA",
        "4HPwATDgc/AB!A",
        "4HPwATDgc/ABMé",
    ] {
        assert!(
            matches!(bad.parse::<PositionId>(), Err(GnubgError::NotBase64 { .. })),
            "{bad}"
        );
    }
    assert_eq!(
        "//////////////".parse::<PositionId>(),
        Err(GnubgError::TooManyCheckers)
    );
    let mut one = [[0u8; 25]; 2];
    one[0][0] = 1;
    one[1][23] = 1;
    assert_eq!(PositionId::new(one), Err(GnubgError::SamePoint));
    assert!(matches!(
        "QYkqASAAIAA".parse::<MatchId>(),
        Err(GnubgError::NotBase64 { .. })
    ));
    let mid_turn = {
        let game = Tables::backgammon();
        let mut pos = game.new_initial_state();
        for text in ["roll-off A3 B1", "3:8-5"] {
            let a = game.parse_action(&pos, text).unwrap();
            game.apply(&mut pos, a).unwrap();
        }
        let err = MatchInfo::of_position(&game, &pos, None, None).unwrap_err();
        assert!(err.to_string().contains("dice="), "{err}");
        MatchInfo::of_position(&game, &pos, None, Some([1, 3])).unwrap()
    };
    assert_eq!(mid_turn.dice, Some([3, 1]));
    let seys = Tables::seys_dos_e_as();
    assert!(matches!(
        PositionId::of_position(&seys, &seys.new_initial_state(), Seat::new(0)),
        Err(GnubgError::NotBackgammon(_))
    ));
    for info in [
        MatchInfo {
            cube: 3,
            ..MatchInfo::default()
        },
        MatchInfo {
            cube: 1 << 16,
            ..MatchInfo::default()
        },
        MatchInfo {
            dice: Some([0, 3]),
            ..MatchInfo::default()
        },
        MatchInfo {
            score: [1, 0],
            match_length: 0,
            crawford: true,
            ..MatchInfo::default()
        },
        MatchInfo {
            score: [9, 0],
            match_length: 7,
            ..MatchInfo::default()
        },
        MatchInfo {
            match_length: 40000,
            ..MatchInfo::default()
        },
        MatchInfo {
            on_roll: Seat::new(2),
            ..MatchInfo::default()
        },
    ] {
        assert!(MatchId::new(info).is_err(), "{info:?}");
    }
}

#[test]
fn the_game_over_is_the_losers_roll() {
    let game = Tables::backgammon();
    let pos = game
        .parse_position(".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B1 - 15/14 - - 9")
        .unwrap();
    assert_eq!(default_on_roll(&pos), Seat::new(1));
    let info = MatchInfo::of_position(&game, &pos, None, None).unwrap();
    assert_eq!((info.game_state, info.dice), (GameState::Over, None));
    let pid = PositionId::of_position(&game, &pos, Seat::new(1)).unwrap();
    let mut b = [0; 25];
    b[0] = 1;
    assert_eq!(pid.boards(), &[[0; 25], b]);
    assert_eq!(pid.to_position(&game, Seat::new(1), None, 9).unwrap(), pos);
}

fn seat() -> impl Strategy<Value = Seat> {
    (0u8..2).prop_map(Seat::new)
}

fn dice() -> impl Strategy<Value = Option<[u8; 2]>> {
    prop::option::of([1u8..=6, 1u8..=6])
}

prop_compose! {
    fn match_info()(
        cube in 0u32..16, owner in prop::option::of(seat()), on_roll in seat(), turn in seat(),
        crawford in any::<bool>(), state in 0u8..5, doubled in any::<bool>(), resigned in 0u8..4,
        dice in dice(), length in 0u16..0x8000, score in [0u16..0x8000, 0u16..0x8000],
        jacoby in any::<bool>(),
    ) -> MatchInfo {
        let score = if length > 0 { score.map(|s| s % (length + 1)) } else { score };
        MatchInfo {
            cube: 1 << cube, cube_owner: owner, on_roll, turn, crawford: crawford && length > 0,
            game_state: GameState::from_number(state).unwrap(), doubled,
            resigned: [None, Some(Resignation::Single), Some(Resignation::Gammon), Some(Resignation::Backgammon)][usize::from(resigned)],
            dice, match_length: length, score, jacoby,
        }
    }
}

prop_compose! {
    /// Two sides of at most 15 checkers that share no point.
    fn boards()(cells in prop::collection::vec((0usize..25, any::<bool>()), 0..30)) -> [[u8; 25]; 2] {
        let mut b = [[0u8; 25]; 2];
        for (i, second) in cells {
            let p = usize::from(second);
            let free = i == 24 || b[1 - p][23 - i] == 0;
            if free && b[p].iter().sum::<u8>() < 15 {
                b[p][i] += 1;
            }
        }
        b
    }
}

proptest! {
    #[test]
    fn match_ids_round_trip(info in match_info()) {
        let mid = MatchId::new(info).unwrap();
        let text = mid.to_string();
        prop_assert_eq!(text.len(), 12);
        prop_assert_eq!(text.parse::<MatchId>().unwrap(), mid);
    }

    #[test]
    fn position_ids_round_trip(b in boards()) {
        let pid = PositionId::new(b).unwrap();
        let text = pid.to_string();
        prop_assert_eq!(text.len(), 14);
        prop_assert_eq!(text.parse::<PositionId>().unwrap(), pid);
    }

    #[test]
    fn positions_of_games_round_trip(seed in any::<u64>()) {
        let game = Tables::backgammon();
        let mut rng = SplitMix64::new(seed);
        let mut buf = ActionBuffer::new();
        let mut pos = game.new_initial_state();
        loop {
            let on_roll = default_on_roll(&pos);
            let pid: PositionId = PositionId::of_position(&game, &pos, on_roll).unwrap().to_string().parse().unwrap();
            let info = MatchInfo::of_position(&game, &pos, None, None);
            let d = pos.dice();
            let whole_throw = d.is_empty() || (d.len() == 2 && d[0] != d[1]) || d.len() == 4;
            let whole = pos.phase() != Phase::RollOff && whole_throw && info.is_ok();
            if whole {
                let info = info.unwrap();
                let back = pid.to_position(&game, info.on_roll, info.dice, pos.turns()).unwrap();
                prop_assert_eq!(back, pos);
            }
            if random_step(&game, &mut pos, &mut rng, &mut buf).is_none() {
                break;
            }
        }
    }

    #[test]
    fn any_text_is_an_id_or_an_error(text in "\\PC{0,16}", b64 in "[A-Za-z0-9+/]{12,14}") {
        for t in [&text, &b64] {
            let _ = t.parse::<PositionId>();
            if let Ok(mid) = t.parse::<MatchId>() {
                prop_assert_eq!(mid.to_string().parse::<MatchId>().unwrap(), mid);
            }
            if let Ok(pid) = t.parse::<PositionId>() {
                for s in [Seat::new(0), Seat::new(1)] {
                    let _ = pid.to_position(&Tables::backgammon(), s, Some([6, 6]), 3);
                    let _ = pid.setup(s, None, 0);
                }
            }
        }
    }
}

#[test]
fn sides_match_the_notation() {
    let game = Tables::backgammon();
    let pos = game
        .parse_position("B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A1 A1@4 0/0 B 31 0")
        .unwrap();
    let [a, b] = gnubg::sides(&game, &pos).unwrap();
    assert_eq!((a[0], a[23], a[24], b[23], b[0]), (0, 1, 1, 2, 0));
}
