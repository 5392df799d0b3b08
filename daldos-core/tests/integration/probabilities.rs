//! The "Probabilities" tables of the Daldøs text (Wikipedia), reproduced
//! through the engine: positions are built with the notation and the odds
//! computed by `capture_odds`.
//!
//! Both tables assume B has spare pieces elsewhere to take the rest of a
//! throw; here B has three dalled pieces near the prow end of its home row,
//! far from the fight in the middle row (B runs its home row towards the stern).

use racegames_daldos::{analysis::capture_odds, Board, Daldos, Row};

const TARGET: usize = 12;

/// B's attackers `distances` holes behind A's piece at m12, B to throw.
fn position(distances: &[usize]) -> String {
    let mut middle = ['.'; 17];
    middle[TARGET] = 'A';
    for &d in distances {
        middle[TARGET - d] = 'B';
    }
    let middle: String = middle.iter().collect();
    format!(".............BBB/{middle}/...............a B - 0")
}

fn odds(distances: &[usize]) -> f64 {
    let game = Daldos::default();
    let pos = game.parse_position(&position(distances)).unwrap();
    let target = Board::Danish.hole(Row::Middle, TARGET).unwrap();
    let result = capture_odds(&game, &pos, target).unwrap();
    assert!(
        result.error_bound < 1e-9,
        "error bound {}",
        result.error_bound
    );
    result.probability
}

fn percent(p: f64) -> i64 {
    (p * 100.0).round() as i64
}

#[test]
fn one_attacker_table_distances_1_to_8() {
    let printed = [44, 50, 60, 67, 29, 23, 14, 8];
    for (i, &expected) in printed.iter().enumerate() {
        let d = i + 1;
        let p = odds(&[d]);
        assert_eq!(percent(p), expected, "distance {d}: computed {p}");
    }
}

#[test]
fn one_attacker_table_nine_or_more_is_less_than_one_percent() {
    for d in 9..=12 {
        let p = odds(&[d]);
        assert!(p > 0.0 && p < 0.01, "distance {d}: computed {p}");
    }
}

#[test]
fn largest_single_attacker_chance_is_two_thirds_at_distance_four() {
    let p = odds(&[4]);
    assert!((p - 2.0 / 3.0).abs() < 1e-9, "computed {p}");
    for d in [1, 2, 3, 5, 6, 7, 8] {
        assert!(odds(&[d]) < p);
    }
}

#[test]
fn two_attacker_table_every_entry() {
    let printed = [
        (1, 2, 75),
        (1, 3, 75),
        (1, 4, 75),
        (2, 3, 69),
        (2, 4, 69),
        (3, 4, 67),
    ];
    for (d1, d2, expected) in printed {
        let p = odds(&[d1, d2]);
        assert_eq!(
            percent(p),
            expected,
            "distances {d1} and {d2}: computed {p}"
        );
    }
}

#[test]
fn largest_two_attacker_chance_is_three_quarters_at_distance_one() {
    let p = odds(&[1, 2]);
    assert!((p - 0.75).abs() < 0.005, "computed {p}");
}

/// The table's "Use of dal-dal" row: how far B should move its attacker at
/// a throw of 1 + 1 to make the capture most likely, counting the extra
/// throw.
#[test]
fn one_attacker_table_use_of_dal_dal() {
    use racegames_board::Game;
    let printed = [1, 2, 0, 0, 1, 2, 2, 2, 2];
    let game = Daldos::default();
    let target = Board::Danish.hole(Row::Middle, TARGET).unwrap();
    for (i, &expected) in printed.iter().enumerate() {
        let d = i + 1;
        let mut pos = game.parse_position(&position(&[d])).unwrap();
        let dal_dal = game.parse_action(&pos, "throw 11").unwrap();
        game.apply(&mut pos, dal_dal).unwrap();
        let mut best: Option<(f64, usize)> = None;
        let mut actions = Vec::new();
        game.legal_actions(&pos, |a| actions.push(a));
        for a in actions {
            let mut next = pos;
            game.apply(&mut next, a).unwrap();
            let (value, used) = match next.piece_at(target) {
                Some(p) if p.owner.index() == 1 => (1.0, d),
                _ => {
                    let used = (TARGET - d..TARGET + 3)
                        .filter(|&j| j != TARGET)
                        .find(|&j| {
                            let h = Board::Danish.hole(Row::Middle, j).unwrap();
                            next.piece_at(h).is_some_and(|p| p.owner.index() == 1)
                        })
                        .map(|j| j - (TARGET - d))
                        .expect("the attacker is in the middle row");
                    (
                        capture_odds(&game, &next, target).unwrap().probability,
                        used,
                    )
                }
            };
            if best.map_or(true, |(v, _)| value > v + 1e-12) {
                best = Some((value, used));
            }
        }
        assert_eq!(best.unwrap().1, expected, "distance {d}");
    }
}
