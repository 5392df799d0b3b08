//! Hit odds and shots, against a brute-force count over ordered throws.

use super::common;

use common::*;
use racegames_board::Seat;
use racegames_tables::Tables;

/// The chance that some non-empty subset of `n` dice sums to `k`, counted
/// over every ordered throw.
fn subset_sum_odds(n: u32, k: u32) -> f64 {
    let throws = 6u32.pow(n);
    let hits = (0..throws)
        .filter(|&t| {
            let dice: Vec<u32> = (0..n).map(|i| t / 6u32.pow(i) % 6 + 1).collect();
            (1u32..1 << n).any(|subset| {
                let sum: u32 = (0..n)
                    .filter(|&i| subset & (1 << i) != 0)
                    .map(|i| dice[i as usize])
                    .sum();
                sum == k
            })
        })
        .count();
    hits as f64 / f64::from(throws)
}

#[test]
fn hit_probability_on_an_open_board_is_the_subset_sum_odds() {
    let g = Tables::seys_dos_e_as();
    for k in 1..=18u32 {
        let target = 1 + k as usize;
        let b = board(&[(1, "A15"), (target, "B1"), (24, "B14")]);
        let p = pos(&g, &format!("{b} - 0/0 A - 3"));
        let e = g.hit_probability(&p, target).unwrap();
        assert!(
            (e.probability - subset_sum_odds(3, k)).abs() < 1e-12,
            "k = {k}"
        );
        assert_eq!(e.error_bound, 0.0);
        let shots = g.shots(&p, Seat::new(1));
        assert_eq!(shots.len(), 1);
        assert_eq!(usize::from(shots[0].point), target);
        assert!((shots[0].probability - e.probability).abs() < 1e-12);
    }
}

/// Four dice make 126 distinct throws: every one of them counts (the
/// analysis once kept only the first 64 outcomes of a chance node).
#[test]
fn hit_probability_counts_every_throw_of_four_dice() {
    use racegames_tables::Variant;
    let mut v = Variant::seys_dos_e_as();
    v.name = "seys_four_dice";
    v.dice = 4;
    let g = Tables::new(v).unwrap();
    for k in [1, 5, 9, 14, 20] {
        let target = 1 + k as usize;
        let b = board(&[(1, "A15"), (target, "B1"), (24, "B14")]);
        let p = pos(&g, &format!("{b} - 0/0 A - 3"));
        let e = g.hit_probability(&p, target).unwrap();
        let expected = subset_sum_odds(4, k);
        assert!(
            (e.probability - expected).abs() < 1e-12 && e.error_bound == 0.0,
            "k = {k}: {e:?}, expected {expected}"
        );
    }
}

#[test]
fn hit_probability_respects_closed_intermediate_points() {
    let g = Tables::backgammon();
    // B on 1 aims at A's blot on 7; A closes 4: 3-3 and 2-1s via 4 fail.
    let b = board(&[(1, "B15"), (4, "A2"), (7, "A1"), (24, "A12")]);
    let p = pos(&g, &format!("{b} - 0/0 B - 3"));
    // Direct 6s: 11; 5-1: 2; 4-2 (via 5 or 3): 2; 2-2 (3, 5, 7): 1; 3-3 via 4: no.
    let e = g.hit_probability(&p, 7).unwrap();
    assert!(
        (e.probability - 16.0 / 36.0).abs() < 1e-12,
        "{}",
        e.probability
    );
    // No blot there: 0.
    assert_eq!(g.hit_probability(&p, 4).unwrap().probability, 0.0);
    assert_eq!(g.hit_probability(&p, 99).unwrap().probability, 0.0);
}

/// True when some legal play from `pos` (a decision of the attacker) hits
/// the enemy piece on point index `i` before the turn ends.
fn can_hit(g: &Tables, pos: &racegames_tables::Position, i: usize, attacker: Seat) -> bool {
    use racegames_board::{Game, Node};
    if g.node(pos) != Node::Decision(attacker) {
        return false;
    }
    let victim = Seat::new(1 - attacker.index() as u8);
    actions(g, pos).into_iter().any(|a| {
        let mut q = *pos;
        g.apply(&mut q, a).unwrap();
        q.count(victim, i + 1) == 0 || can_hit(g, &q, i, attacker)
    })
}

#[test]
fn hit_probability_matches_a_throw_by_throw_search_in_random_positions() {
    use racegames_board::sim::{random_step, SplitMix64};
    use racegames_board::{ActionBuffer, Game};
    use racegames_tables::Phase;
    let mut checked = 0;
    for g in [Tables::seys_dos_e_as(), Tables::backgammon()] {
        let mut rng = SplitMix64::new(3);
        let mut buf = ActionBuffer::new();
        for _ in 0..6 {
            let mut p = g.new_initial_state();
            let mut steps = 0;
            while random_step(&g, &mut p, &mut rng, &mut buf).is_some() {
                steps += 1;
                if p.phase() != Phase::Throw || steps % 23 != 0 {
                    continue;
                }
                let attacker = p.turn().unwrap();
                let victim = Seat::new(1 - attacker.index() as u8);
                for shot in g.shots(&p, victim) {
                    let i = usize::from(shot.point) - 1;
                    let mut brute = 0.0;
                    g.chance_outcomes(&p, |a, pr| {
                        let mut q = p;
                        g.apply(&mut q, a).unwrap();
                        if can_hit(&g, &q, i, attacker) {
                            brute += pr;
                        }
                    });
                    assert!((shot.probability - brute).abs() < 1e-12, "{}", text(&g, &p));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20, "{checked}");
}
