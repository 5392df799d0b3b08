//! The one face: text <-> `Setup` <-> `Position`, for every game of the
//! family, and the errors that name what is wrong.

use super::common;

use common::*;
use proptest::prelude::*;
use racegames_board::sim::SplitMix64;
use racegames_board::{Game, Node, Seat};
use racegames_tables::{Pieces, Position, Setup, Tables, Turn};

/// Checks every face of one position of `g`.
fn check_faces(g: &Tables, p: &Position) {
    let text = p.to_string();
    assert_eq!(g.notation(p).to_string(), text);
    let mut written = String::new();
    g.write_notation(p, &mut written).unwrap();
    assert_eq!(written, text);
    assert_eq!(g.parse_position(&text), Ok(*p), "{text}");
    assert_eq!(g.parse_notation(&text), Ok(*p), "{text}");
    let setup = g.setup(p);
    assert_eq!(setup.to_string(), text);
    assert_eq!(text.parse::<Setup>(), Ok(setup.clone()));
    assert_eq!(g.position(&setup), Ok(*p));
    assert_eq!(setup.points.len(), g.board_len());
}

/// Plays random games of `g`, checking every position, and returns the
/// notations met.
fn play_and_check(g: &Tables, seed: u64) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    let mut p = g.new_initial_state();
    let mut seen = Vec::new();
    for _ in 0..3000 {
        check_faces(g, &p);
        seen.push(p.to_string());
        let a = match g.node(&p) {
            Node::Terminal => break,
            Node::Chance => g.sample_chance(&p, rng.next_f64()).unwrap(),
            Node::Decision(_) => {
                let legal = actions(g, &p);
                legal[rng.below(legal.len())]
            }
        };
        g.apply(&mut p, a).unwrap();
    }
    seen
}

#[test]
fn every_games_positions_write_and_read_back() {
    let mut all = String::new();
    for g in all_games() {
        for seed in 0..12 {
            for t in play_and_check(&g, seed) {
                all.push_str(&t);
                all.push('\n');
            }
        }
    }
    // The notation's every extension was met: 28 points, Doblet's stacks,
    // passed dice, extra throws and results the board does not show.
    let lines: Vec<&str> = all.lines().collect();
    let points = |l: &str| l.split(' ').next().unwrap().split(',').count();
    assert!(lines.iter().any(|l| points(l) == 28));
    assert!(lines.iter().any(|l| points(l) == 24));
    assert!(lines.iter().any(|l| l.contains('^')));
    assert!(lines.iter().any(|l| l.contains(" p")));
    assert!(lines.iter().any(|l| l.contains("+ ")));
    assert!(lines
        .iter()
        .any(|l| l.contains(" -A ") || l.contains(" -B ")));
}

#[test]
fn the_default_game_reads_positions_through_from_str() {
    let g = Tables::default();
    for seed in 0..8 {
        for t in play_and_check(&g, seed) {
            let p: Position = t.parse().unwrap();
            assert_eq!(p.to_string(), t);
            assert_eq!(g.parse_position(&t), Ok(p));
        }
    }
    // Backgammon's opening is no Seys dos e as position, but backgammon's.
    let bg = Tables::backgammon().new_initial_state();
    assert!(g.parse_position(&bg.to_string()).is_err());
    assert_eq!(bg.to_string().parse::<Position>(), Ok(bg));
}

#[test]
fn setups_read_every_field() {
    let text = "A2^,B3,.,A1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B1 A1@2,B2@1,B2@4 3/14 -B p421+ 77";
    let s: Setup = text.parse().unwrap();
    assert_eq!(s.points.len(), 28);
    assert_eq!(
        s.points[0],
        Some(Pieces {
            seat: Seat::new(0),
            count: 2,
            stacked: true
        })
    );
    assert_eq!(s.points[2], None);
    assert_eq!(
        s.points[27].map(|p| (p.seat, p.count)),
        Some((Seat::new(1), 1))
    );
    assert_eq!(s.waiting, [[0, 1, 0, 0], [2, 0, 0, 2]]);
    assert_eq!(s.off, [3, 14]);
    assert_eq!(s.turn, Turn::Won(Seat::new(1)));
    assert_eq!(s.dice.as_slice(), &[4, 2, 1]);
    assert!(s.passed && s.again);
    assert_eq!(s.turns, 77);
    assert_eq!(s.to_string(), text);
    // The turns may be left out: 0.
    let s: Setup = "A15,.,. - 0/0 -= - ".parse().unwrap();
    assert_eq!((s.turn, s.turns), (Turn::Drawn, 0));
    assert_eq!(s.to_string(), "A15,.,. - 0/0 -= - 0");
}

#[test]
fn setup_errors_name_the_field_and_the_byte() {
    let cases: [(&str, &str, usize); 12] = [
        ("", "points", 0),
        ("A1,X2 - 0/0 A - 0", "points", 3),
        ("A1,A0 - 0/0 A - 0", "points", 4),
        ("A1,A256 - 0/0 A - 0", "points", 4),
        ("A1 A1@5 0/0 A - 0", "waiting", 6),
        ("A1 B1@1,A1@1 0/0 A - 0", "waiting", 8),
        ("A1 - 0-0 A - 0", "off", 5),
        ("A1 - 0/0 C - 0", "turn", 9),
        ("A1 - 0/0 A 3x 0", "dice", 12),
        ("A1 - 0/0 A 13 0", "dice", 12),
        ("A1 - 0/0 A 66666 0", "dice", 11),
        ("A1 - 0/0 A - 0 0", "end", 15),
    ];
    for (text, field, offset) in cases {
        let e = text.parse::<Setup>().unwrap_err();
        assert_eq!((e.field, e.offset), (field, offset), "{text}: {e}");
    }
    let too_long = vec!["."; 29].join(",");
    let e = format!("{too_long} - 0/0 - - 0")
        .parse::<Setup>()
        .unwrap_err();
    assert_eq!((e.field, e.offset), ("points", 56));
}

#[test]
fn position_refuses_impossible_setups_naming_the_field() {
    let bg = Tables::backgammon();
    let opening: Setup = bg.setup(&bg.new_initial_state());
    let refused = |g: &Tables, s: &Setup, field: &str| {
        let e = g.position(s).unwrap_err();
        assert_eq!(e.field, field, "{s}: {e}");
        let e = g.parse_position(&s.to_string()).unwrap_err();
        assert_eq!(e.field, field, "{s}: {e}");
    };
    // 28 points on a board of 24.
    let mut s = opening.clone();
    s.points.extend([None; 4]);
    refused(&bg, &s, "points");
    // A piece too many.
    let mut s = opening.clone();
    s.points[2] = Some(Pieces {
        seat: Seat::new(0),
        count: 1,
        stacked: false,
    });
    refused(&bg, &s, "points");
    // A third seat, on a point or to move.
    let mut s = opening.clone();
    s.points[0] = s.points[0].map(|p| Pieces {
        seat: Seat::new(2),
        ..p
    });
    refused(&bg, &s, "points");
    let mut s = opening.clone();
    s.turn = Turn::Seat(Seat::new(2));
    refused(&bg, &s, "turn");
    // A stack outside Doblet.
    let mut s = opening.clone();
    s.points[0] = s.points[0].map(|p| Pieces { stacked: true, ..p });
    refused(&bg, &s, "points");
    // More borne off than there are pieces.
    let mut s = opening.clone();
    s.off = [16, 0];
    refused(&bg, &s, "off");
    // Waiting for a quarter nobody enters in backgammon.
    let mut s = opening.clone();
    s.waiting[0][1] = 1;
    refused(&bg, &s, "waiting");
    // Dice: a seven, three dice, passed dice, an extra throw, and dice
    // with nobody to move.
    let mut s = opening.clone();
    s.turn = Turn::Seat(Seat::new(0));
    for (dice, passed, again) in [
        (&[7u8][..], false, false),
        (&[6, 3, 1], false, false),
        (&[3, 1], true, false),
        (&[3, 3], false, true),
        (&[3, 1, 2], false, false),
    ] {
        s.dice = dice.iter().copied().collect();
        s.passed = passed;
        s.again = again;
        refused(&bg, &s, "dice");
    }
    let mut s = opening.clone();
    s.dice = [3, 1].into_iter().collect();
    refused(&bg, &s, "dice");
    // Nobody to move in mid-game, and a result the board contradicts.
    let mut s = opening.clone();
    s.turns = 5;
    refused(&bg, &s, "turn");
    let mut s = opening.clone();
    s.turn = Turn::Drawn;
    refused(&bg, &s, "turn");
    // A player to move at the turn limit.
    let mut s = opening.clone();
    s.turn = Turn::Seat(Seat::new(1));
    s.turns = 500;
    refused(&bg, &s, "turns");
    // The same setup with a turn is a position.
    s.turns = 3;
    let p = bg.position(&s).unwrap();
    assert_eq!(bg.setup(&p), s);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whatever text is read as a setup writes back as the same setup, and
    /// any game either refuses it or makes a position that gives it back.
    #[test]
    fn setups_round_trip_through_every_game(text in ".{0,80}", seed in any::<u64>(), at in any::<usize>(), with in proptest::char::range(' ', '~')) {
        // A real position of some game, one character changed.
        let all = all_games();
        let g = &all[(seed % all.len() as u64) as usize];
        let mut rng = SplitMix64::new(seed);
        let mut p = g.new_initial_state();
        for _ in 0..rng.below(60) {
            racegames_board::sim::random_step(g, &mut p, &mut rng, &mut racegames_board::ActionBuffer::new());
        }
        let mut mutated: Vec<char> = p.to_string().chars().collect();
        let i = at % mutated.len();
        mutated[i] = with;
        let mutated: String = mutated.into_iter().collect();
        for t in [text, mutated] {
            let Ok(s) = t.parse::<Setup>() else { continue };
            prop_assert_eq!(s.to_string().parse::<Setup>(), Ok(s.clone()));
            for g in &all {
                if let Ok(p) = g.position(&s) {
                    prop_assert_eq!(g.setup(&p), s.clone());
                    check_faces(g, &p);
                    let mut obs = vec![0.0f32; g.observation_len()];
                    g.observe(&p, Seat::new(0), &mut obs).unwrap();
                    let _ = g.diagram(&p).to_string();
                    for a in actions(g, &p) {
                        let mut q = p;
                        g.apply(&mut q, a).unwrap();
                        check_faces(g, &q);
                    }
                }
            }
        }
    }
}

/// One random change to a field of a setup, as a program might make it.
fn edit(s: &mut Setup, rng: &mut SplitMix64) {
    let small = |rng: &mut SplitMix64| rng.below(24) as u8;
    let seat = |rng: &mut SplitMix64| Seat::new(rng.below(4) as u8);
    match rng.below(9) {
        0 if !s.points.is_empty() => {
            let i = rng.below(s.points.len());
            s.points[i] = (rng.below(3) > 0).then(|| Pieces {
                seat: seat(rng),
                count: small(rng),
                stacked: rng.below(4) == 0,
            });
        }
        1 => {
            if rng.below(2) == 0 {
                s.points.pop();
            } else {
                let _ = s.points.try_push(None);
            }
        }
        2 => s.waiting[rng.below(2)][rng.below(4)] = small(rng),
        3 => s.off[rng.below(2)] = small(rng),
        4 => {
            s.turn = match rng.below(4) {
                0 => Turn::Seat(seat(rng)),
                1 => Turn::Nobody,
                2 => Turn::Won(seat(rng)),
                _ => Turn::Drawn,
            }
        }
        5 => {
            s.dice = (0..rng.below(5)).map(|_| rng.below(10) as u8).collect();
        }
        6 => s.passed = !s.passed,
        7 => s.again = !s.again,
        _ => s.turns = rng.below(600) as u32,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Setups changed field by field, any value: every game refuses them or
    /// makes a position that every call takes.
    #[test]
    fn edited_setups_never_make_a_broken_position(seed in any::<u64>(), edits in 1usize..4) {
        let all = all_games();
        let g = &all[(seed % all.len() as u64) as usize];
        let mut rng = SplitMix64::new(seed);
        let mut p = g.new_initial_state();
        for _ in 0..rng.below(80) {
            racegames_board::sim::random_step(g, &mut p, &mut rng, &mut racegames_board::ActionBuffer::new());
        }
        let mut s = g.setup(&p);
        for _ in 0..edits {
            edit(&mut s, &mut rng);
        }
        for g in &all {
            if let Ok(p) = g.position(&s) {
                prop_assert_eq!(g.setup(&p), s.clone());
                check_faces(g, &p);
                let mut obs = vec![0.0f32; g.observation_len()];
                g.observe(&p, Seat::new(1), &mut obs).unwrap();
                let _ = g.diagram(&p).to_string();
                let mut next = Vec::new();
                g.chance_outcomes(&p, |a, _| next.push(a));
                next.extend(actions(g, &p));
                for a in next {
                    let mut q = p;
                    g.apply(&mut q, a).unwrap();
                    check_faces(g, &q);
                }
            }
        }
    }
}
