//! Doblet leaves no choice: in every position of the mover's own table and
//! every throw (its own, or dice passed to it), the turn can end in one
//! position only.
//!
//! Why: die `d` has one use at most, on the mover's point `d` (undoing its
//! pair, or bearing a piece off it once every pair is undone), and nothing
//! moves along or is hit. Two dice conflict only when they show the same
//! number, and then either order gives the same position. Undoing the last
//! pair can turn a die from unusable into a bearing-off die, never the
//! other way, so the plays that use the most dice all use the same dice.
//! The test checks every case rather than trusting the argument.

use super::common;

use std::collections::BTreeSet;

use common::*;
use racegames_board::{Game, Node, ParamValue};
use racegames_tables::{Position, Tables};

/// Every position where the mover's run of decisions from `pos` can end:
/// at a throw, the other side's decision, or the end of the game. (Dice
/// passed to a side are played before its own throw, in the same turn, so
/// `Tables::turn_successors` would also count the throw's outcomes.)
fn choice_ends(g: &Tables, pos: &Position, out: &mut BTreeSet<Position>) {
    let mover = g.node(pos);
    let Node::Decision(_) = mover else {
        out.insert(*pos);
        return;
    };
    for a in actions(g, pos) {
        let mut next = *pos;
        g.apply(&mut next, a).unwrap();
        if g.node(&next) == mover {
            choice_ends(g, &next, out);
        } else {
            out.insert(next);
        }
    }
}

/// The mover's (B's) six points: each undone pair, pair or lone piece, in
/// every combination the game can reach (no piece is borne off while a
/// pair stands).
fn own_tables() -> Vec<[&'static str; 6]> {
    let mut out = Vec::new();
    for stacks in 1u32..64 {
        out.push(std::array::from_fn(|p| {
            if stacks & (1 << p) != 0 {
                "B2^"
            } else {
                "B2"
            }
        }));
    }
    for code in 1u32..729 {
        out.push(std::array::from_fn(|p| {
            match code / 3u32.pow(p as u32) % 3 {
                0 => ".",
                1 => "B1",
                _ => "B2",
            }
        }));
    }
    out
}

/// Every throw of one to three dice, highest first (as the notation keeps
/// them).
fn throws() -> Vec<String> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        out.push(format!("{a}"));
        for b in 1..=a {
            out.push(format!("{a}{b}"));
            for c in 1..=b {
                out.push(format!("{a}{b}{c}"));
            }
        }
    }
    out
}

/// The positions checked and the most ends any of them has.
fn widest_turn(g: &Tables) -> (usize, usize) {
    // A's own table is beside the point: nothing of it changes B's plays.
    let theirs = [(19, "A2^"), (24, "A2^")];
    let mut checked = 0;
    let mut widest = 0;
    for own in own_tables() {
        let on_board: u32 = own
            .iter()
            .map(|e| e.trim_start_matches('B').trim_end_matches('^'))
            .map(|n| n.parse::<u32>().unwrap_or(0))
            .sum();
        let mut entries: Vec<(usize, &str)> = (1..=6).zip(own).collect();
        entries.extend(theirs);
        let b = board(&entries);
        for throw in throws() {
            for dice in [throw.clone(), format!("p{throw}")] {
                let text = format!("{b} - 8/{} B {dice} 9", 12 - on_board);
                let Ok(p) = g.parse_position(&text) else {
                    continue;
                };
                let mut ends = BTreeSet::new();
                choice_ends(g, &p, &mut ends);
                assert!(!ends.is_empty(), "{text}");
                widest = widest.max(ends.len());
                let ends: Vec<String> = ends.iter().map(|e| common::text(g, e)).collect();
                assert_eq!(ends.len(), 1, "{text}: {ends:?}");
                checked += 1;
            }
        }
    }
    (checked, widest)
}

#[test]
fn every_doblet_turn_ends_in_one_position() {
    let g = game("doblet", &[]);
    let (checked, widest) = widest_turn(&g);
    eprintln!("{checked} positions checked");
    // Every own throw of three dice parses: 791 tables, 56 throws.
    assert!(checked >= 791 * 56, "{checked}");
    assert_eq!(widest, 1);
}

#[test]
fn every_doblet_turn_ends_in_one_position_with_its_options() {
    for params in [
        vec![("dice", ParamValue::Int(2))],
        vec![("pass_to_unstacker", ParamValue::Bool(false))],
    ] {
        let g = game("doblet", &params);
        let (checked, widest) = widest_turn(&g);
        assert!(checked >= 791 * 21, "{params:?}: {checked}");
        assert_eq!(widest, 1, "{params:?}");
    }
}
