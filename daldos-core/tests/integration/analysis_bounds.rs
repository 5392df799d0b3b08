//! The capture-odds interval always holds the exact value, whatever the
//! search limits: checked against a plain expectimax written here, which
//! searches every move of every throw to a fixed number of throws.

use proptest::prelude::*;
use racegames_board::{
    analysis::{turn_event_probability, SearchLimits},
    Game, Node, Seat,
};
use racegames_daldos::{Board, Capture, Daldos, Dalling, Hole, Jumping, Options, Piece, Position};

/// `[lo, hi]` of the chance that `attacker` removes the piece on `target`
/// this turn, searching `throws` throws (deeper ones count as `[0, 1]`).
fn reference(
    game: &Daldos,
    pos: &Position,
    attacker: Seat,
    target: Hole,
    throws: u32,
) -> (f64, f64) {
    if game.turn_owner(pos) != Some(attacker) {
        return (0.0, 0.0);
    }
    match game.node(pos) {
        Node::Terminal => (0.0, 0.0),
        Node::Chance if throws == 0 => (0.0, 1.0),
        Node::Chance => {
            let mut sum = (0.0, 0.0);
            game.chance_outcomes(pos, |a, p| {
                let mut next = *pos;
                game.apply(&mut next, a).unwrap();
                let (lo, hi) = reference(game, &next, attacker, target, throws - 1);
                sum.0 += p * lo;
                sum.1 += p * hi;
            });
            sum
        }
        Node::Decision(_) => {
            let mut actions = Vec::new();
            game.legal_actions(pos, |a| actions.push(a));
            let mut best = (0.0f64, 0.0f64);
            for a in actions {
                let mut next = *pos;
                game.apply(&mut next, a).unwrap();
                let captured = next.piece_at(target).map_or(true, |p| p.owner == attacker);
                let v = if captured {
                    (1.0, 1.0)
                } else {
                    reference(game, &next, attacker, target, throws)
                };
                best = (best.0.max(v.0), best.1.max(v.1));
            }
            best
        }
    }
}

fn odds(game: &Daldos, pos: &Position, target: Hole, limits: SearchLimits) -> (f64, f64) {
    let attacker = pos.to_move().unwrap();
    let e = turn_event_probability(game, pos, limits, |_, _, after: &Position| {
        after.piece_at(target).map_or(true, |p| p.owner == attacker)
    })
    .unwrap();
    (e.probability, e.probability + e.error_bound)
}

/// A small position on the Norwegian board, `attacker` to throw: a few
/// pieces of each side in and near the middle row.
fn small_position() -> impl Strategy<Value = (Daldos, Position, Hole)> {
    (
        any::<(bool, bool, bool)>(),
        prop::collection::btree_map(0u8..37, (any::<bool>(), any::<bool>()), 3..7),
        any::<bool>(),
        any::<prop::sample::Index>(),
    )
        .prop_filter_map(
            "a position in play with a target",
            |(rules, pieces, b_moves, pick)| {
                let game = Daldos::new(
                    Options::default()
                        .with_board(Board::Norwegian)
                        .with_dalling(if rules.0 {
                            Dalling::SternOnly
                        } else {
                            Dalling::Free
                        })
                        .with_capture(if rules.1 {
                            Capture::Intermediate
                        } else {
                            Capture::Final
                        })
                        .with_jumping(if rules.2 {
                            Jumping::Forbidden
                        } else {
                            Jumping::Allowed
                        }),
                );
                let attacker = Seat::new(u8::from(b_moves));
                let mut pos = Position::empty(Board::Norwegian, attacker).ok()?;
                for (&hole, &(mine, dalled)) in &pieces {
                    let owner = if mine {
                        attacker
                    } else {
                        Seat::new(1 - attacker.index() as u8)
                    };
                    pos.put(Hole::new(hole).unwrap(), Some(Piece { owner, dalled }))
                        .ok()?;
                }
                let pos = game.check(pos).ok()?;
                let targets: Vec<Hole> = pieces
                    .iter()
                    .filter(|(_, &(mine, _))| !mine)
                    .filter_map(|(&h, _)| Hole::new(h))
                    .collect();
                (pos.count(attacker) <= 3 && !targets.is_empty())
                    .then(|| (game, pos, targets[pick.index(targets.len())]))
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the limits, the interval overlaps the reference's, which
    /// holds the exact value too; searched as deep as the reference with no
    /// other limit, it lies inside the reference's interval.
    #[test]
    fn capture_odds_bounds_hold_the_exact_value(
        (game, pos, target) in small_position(),
        max_throws in 1u32..4,
        max_nodes in 1usize..300,
        tolerance in prop::sample::select(vec![0.0, 1e-6, 1e-2, 0.2]),
    ) {
        let attacker = pos.to_move().unwrap();
        let (rlo, rhi) = reference(&game, &pos, attacker, target, 3);
        let limits = SearchLimits { max_throws, max_nodes, tolerance };
        let (lo, hi) = odds(&game, &pos, target, limits);
        prop_assert!((0.0..=1.0).contains(&lo) && lo <= hi && hi <= 1.0 + 1e-12, "{lo} {hi}");
        prop_assert!(lo <= rhi + 1e-12 && rlo <= hi + 1e-12,
            "{pos}: limited [{lo}, {hi}], reference [{rlo}, {rhi}]");
        let full = SearchLimits { max_throws: 3, max_nodes: usize::MAX, tolerance: 0.0 };
        let (lo, hi) = odds(&game, &pos, target, full);
        prop_assert!(rlo <= lo + 1e-12 && hi <= rhi + 1e-12,
            "{pos}: full [{lo}, {hi}], reference [{rlo}, {rhi}]");
    }
}
