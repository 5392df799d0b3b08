//! Hit odds and shots, against a brute-force count over ordered throws.

mod common;

use board_core::Player;
use common::*;
use tables_core::Tables;

/// The chance that some non-empty subset of three dice sums to `k`.
fn subset_sum_odds(k: u32) -> f64 {
    let mut hits = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                let sums = [a, b, c, a + b, a + c, b + c, a + b + c];
                if sums.contains(&k) {
                    hits += 1;
                }
            }
        }
    }
    f64::from(hits) / 216.0
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
            (e.probability - subset_sum_odds(k)).abs() < 1e-12,
            "k = {k}"
        );
        assert_eq!(e.error_bound, 0.0);
        let shots = g.shots(&p, Player::new(1));
        assert_eq!(shots.len(), 1);
        assert_eq!(usize::from(shots[0].point), target);
        assert!((shots[0].probability - e.probability).abs() < 1e-12);
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
