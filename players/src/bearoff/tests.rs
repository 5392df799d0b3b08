use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, ParamValue, Seat};
use racegames_tables::{Position, Tables};

use super::*;
use crate::ply::ply_ends;

#[test]
fn placements_rank_and_unrank_one_to_one() {
    for r in 0..PLACEMENTS {
        let c = unrank(r);
        assert!(c.iter().map(|&n| usize::from(n)).sum::<usize>() <= PIECES);
        assert_eq!(rank(&c), r);
    }
    // Every placement has a rank: as many placements as ranks.
    let mut placements = 0;
    for n in 0..=PIECES {
        placements += choose(n + POINTS - 1, POINTS - 1);
    }
    assert_eq!(placements, PLACEMENTS);
    assert_eq!(PLACEMENTS, 54_264);
}

#[test]
fn one_piece_on_the_six_point_needs_a_second_throw_nine_times_in_36() {
    let t = tables();
    let six = t.off[rank(&[0, 0, 0, 0, 0, 1])];
    // 1-1, 2-1, 3-1, 4-1 and 3-2 move it fewer than six points.
    assert!((six[1] - 27.0 / 36.0).abs() < 1e-6);
    assert!((six[2] - 9.0 / 36.0).abs() < 1e-6);
    assert_eq!(t.off[rank(&[0; 6])][0], 1.0);
    for r in (0..PLACEMENTS).step_by(97) {
        let total: f32 = t.off[r].iter().sum();
        assert!((total - 1.0).abs() < 1e-4, "{:?}", unrank(r));
    }
}

/// The notation of a backgammon position with A to play `dice` from
/// `mine` (A's home, nearest the edge first) against `theirs` (B's).
pub(super) fn position(game: &Tables, mine: &[u8; 6], theirs: &[u8; 6], dice: &str) -> Position {
    let mut points = vec![String::from("."); 24];
    for (seat, counts, letter) in [(Seat::new(0), mine, 'A'), (Seat::new(1), theirs, 'B')] {
        for (i, &n) in counts.iter().enumerate() {
            if n > 0 {
                points[game.route_point(seat, 23 - i).unwrap() - 1] = format!("{letter}{n}");
            }
        }
    }
    let off = |c: &[u8; 6]| 15 - c.iter().sum::<u8>();
    let dice = if dice.is_empty() { "-" } else { dice };
    let text = format!(
        "{} - {}/{} A {dice} 0",
        points.join(","),
        off(mine),
        off(theirs)
    );
    game.position(&text.parse().unwrap()).unwrap()
}

fn random_placement(rng: &mut SplitMix64) -> [u8; 6] {
    loop {
        let c = unrank(rng.below(PLACEMENTS));
        if c.iter().any(|&n| n > 0) {
            return c;
        }
    }
}

/// The plays of throw `a`-`b` (`a` the higher die) from `mine` (against one checker on the
/// opponent's 1-point) are the engine's, as placements after the turn.
pub(super) fn assert_plays_are_the_engines(game: &Tables, mine: &[u8; 6], a: usize, b: usize) {
    // A double is four dice to play; the notation writes the higher die first.
    let dice = if a == b {
        format!("{a}{a}{a}{a}")
    } else {
        format!("{a}{b}")
    };
    let pos = position(game, mine, &[0, 0, 0, 0, 0, 1], &dice);
    let mut engine: Vec<[u8; 6]> = ply_ends(game, &pos)
        .ends
        .iter()
        .map(|e| home(game, &e.state, Seat::new(0)).unwrap())
        .collect();
    engine.sort_unstable();
    engine.dedup();
    let mut ours = ends(mine, a, b);
    ours.sort_unstable();
    ours.dedup();
    assert_eq!(ours, engine, "{mine:?} {a}-{b}");
}

#[test]
fn the_plays_of_a_throw_are_the_engines() {
    let game = Tables::backgammon();
    let mut rng = SplitMix64::new(3);
    for _ in 0..150 {
        let mine = random_placement(&mut rng);
        for (a, b) in [(6, 5), (4, 4), (2, 1), (6, 6), (5, 3)] {
            assert_plays_are_the_engines(&game, &mine, a, b);
        }
    }
}

#[test]
fn a_race_of_one_throw_is_won_and_gammons_are_counted() {
    let game = Tables::backgammon();
    let mut out = [0.0; 5];
    // A on roll with one piece on its 1-point, B with all fifteen home.
    let pos = position(&game, &[1, 0, 0, 0, 0, 0], &[5, 5, 5, 0, 0, 0], "");
    assert_eq!(probabilities(&game, &pos, &mut out), Some(Seat::new(0)));
    assert_eq!(out, [1.0, 1.0, 0.0, 0.0, 0.0]);
    // A with fifteen on its 6-point against B's last piece: A loses a
    // gammon unless it bears one off and finishes first, which it cannot.
    let pos = position(&game, &[0, 0, 0, 0, 0, 15], &[1, 0, 0, 0, 0, 0], "");
    probabilities(&game, &pos, &mut out).unwrap();
    assert!(out[0].abs() < 1e-6);
    // B finishes on its first throw, after A's first: A bears one off on
    // it with a six (11 throws), 5-1 or 4-2 on one piece (4), 3-3 or 2-2.
    let a_bears_one_off = 17.0 / 36.0;
    assert!((out[2] - (1.0 - a_bears_one_off)).abs() < 1e-5, "{out:?}");
}

#[test]
fn the_chance_of_winning_agrees_with_playing_the_race_out() {
    let game = Tables::backgammon();
    let mine = [2, 1, 0, 3, 1, 0];
    let theirs = [1, 2, 2, 0, 1, 1];
    let pos = position(&game, &mine, &theirs, "");
    let mut out = [0.0; 5];
    probabilities(&game, &pos, &mut out).unwrap();
    // Each side plays each throw to the end the table prefers.
    let t = tables();
    let mut rng = SplitMix64::new(9);
    let (games, mut won) = (20_000, 0);
    for _ in 0..games {
        let mut sides = [mine, theirs];
        let mut turn = 0;
        loop {
            let (a, b) = (1 + rng.below(6), 1 + rng.below(6));
            let best = ends(&sides[turn], a, b)
                .into_iter()
                .min_by(|x, y| mean(&t.off[rank(x)]).total_cmp(&mean(&t.off[rank(y)])))
                .unwrap();
            sides[turn] = best;
            if best == [0; 6] {
                won += usize::from(turn == 0);
                break;
            }
            turn = 1 - turn;
        }
    }
    let measured = won as f32 / games as f32;
    // Four standard errors of 20,000 games.
    assert!(
        (measured - out[0]).abs() < 0.015,
        "{measured} vs {}",
        out[0]
    );
}

#[test]
fn other_rules_and_positions_with_contact_are_left_to_the_net() {
    let mut out = [0.0; 5];
    let seys = Tables::seys_dos_e_as();
    assert!(!applies(&seys));
    let scored =
        Tables::from_params("backgammon", &[("scoring", ParamValue::Str("backgammons"))]).unwrap();
    assert!(applies(&scored));
    let game = Tables::backgammon();
    let start = game.new_initial_state();
    assert_eq!(probabilities(&game, &start, &mut out), None);
}

#[test]
fn gnubgs_rounding_keeps_each_distribution_whole_and_near_the_exact_one() {
    let exact = &tables().off;
    for (r, units) in gnubg_rounding::table().iter().enumerate() {
        let sum: u32 = units.iter().map(|&u| u32::from(u)).sum();
        assert_eq!(sum, 65535, "{:?}", unrank(r));
        for (&u, &p) in units.iter().zip(&exact[r]) {
            assert!(
                (f64::from(u) / 65535.0 - f64::from(p)).abs() < 3e-3,
                "{:?}",
                unrank(r)
            );
        }
    }
    assert_eq!(rolls_as_gnubg(&[16, 0, 0, 0, 0, 0]), None);
    assert_eq!(rolls_as_gnubg(&[0; 6]).unwrap()[0], 65535);
}
