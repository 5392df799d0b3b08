//! Backgammon's contact inputs (encoding `tables-v2`): what a raw
//! point-by-point encoding leaves a small net to learn slowly, computed
//! from the position, as TD-Gammon 1.0 and gnubg add to their raw inputs.
//!
//! After the 210 values of `tables-v1`, seven more:
//!
//! | value | meaning |
//! |---|---|
//! | 0, 3 | the mover's, then the other seat's pip count, ÷ 100 |
//! | 1, 4 | the throws (of 36) on which that seat, were it on roll, hits one of the other's single pieces, ÷ 36 |
//! | 2, 5 | that seat's longest run of adjacent points it holds (two or more pieces), ÷ 6 |
//! | 6 | 1 while some piece of a seat is still behind a piece of the other (contact), else 0 |
//!
//! The hit count is an estimate, as players count shots: every piece
//! (only those waiting to enter, if there are any) tries each die alone,
//! both in turn and, on doubles, up to four steps, over points the other
//! seat does not hold; pieces entering count from before the first point.

use racegames_board::Seat;
use racegames_tables::{Position, Tables};

/// The inputs added after `tables-v1`'s.
pub(crate) const CONTACT_INPUTS: usize = 7;

/// The points of a backgammon route.
const LEN: usize = 24;

/// One seat's pieces along its own route, with the other seat's pieces
/// on the same points, and the pieces waiting to enter.
struct Sides {
    own: [u8; LEN],
    other: [u8; LEN],
    own_waiting: u8,
}

fn sides(game: &Tables, pos: &Position, seat: Seat) -> Sides {
    let mut s = Sides {
        own: [0; LEN],
        other: [0; LEN],
        own_waiting: pos.waiting_total(seat),
    };
    let rival = seat.next(2);
    for r in 0..LEN {
        // Backgammon's route has LEN points: every r has one.
        let point = game.route_point(seat, r).unwrap_or(0);
        s.own[r] = pos.count(seat, point);
        s.other[r] = pos.count(rival, point);
    }
    s
}

fn pips(s: &Sides) -> u32 {
    let on_board: u32 = (0..LEN)
        .map(|r| u32::from(s.own[r]) * (LEN - r) as u32)
        .sum();
    on_board + u32::from(s.own_waiting) * (LEN as u32 + 1)
}

fn longest_run(s: &Sides) -> u32 {
    let (mut best, mut run) = (0, 0);
    for &n in &s.own {
        run = if n >= 2 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Whether a piece starting at `from` (route index; -1 to enter) can hit
/// with the steps of a throw of `a` and `b`.
fn hits_from(s: &Sides, from: i32, a: i32, b: i32) -> bool {
    let open = |r: i32| (0..LEN as i32).contains(&r) && s.other[r as usize] < 2;
    let blot = |r: i32| (0..LEN as i32).contains(&r) && s.other[r as usize] == 1;
    if a == b {
        let mut at = from;
        for _ in 0..4 {
            at += a;
            if !open(at) {
                return false;
            }
            if blot(at) {
                return true;
            }
        }
        return false;
    }
    blot(from + a)
        || blot(from + b)
        || (open(from + a) && blot(from + a + b))
        || (open(from + b) && blot(from + a + b))
}

fn shots(s: &Sides) -> u32 {
    if !s.other.contains(&1) {
        return 0;
    }
    let mut froms = [0i32; LEN + 1];
    let mut n = 0;
    if s.own_waiting > 0 {
        froms[0] = -1;
        n = 1;
    } else {
        for r in 0..LEN {
            if s.own[r] > 0 {
                froms[n] = r as i32;
                n += 1;
            }
        }
    }
    let mut count = 0;
    for a in 1..=6 {
        for b in a..=6 {
            if froms[..n].iter().any(|&f| hits_from(s, f, a, b)) {
                count += if a == b { 1 } else { 2 };
            }
        }
    }
    count
}

/// Whether some piece of the mover is still behind a piece of the other
/// seat: the mover's rearmost piece has not passed the other's rearmost
/// (which is the furthest along the mover's route, the routes running
/// opposite ways). Pieces waiting to enter are the caller's.
fn contact(mine: &Sides) -> bool {
    let my_rear = (0..LEN).find(|&r| mine.own[r] > 0);
    let their_rear = (0..LEN).rev().find(|&r| mine.other[r] > 0);
    matches!((my_rear, their_rear), (Some(m), Some(t)) if m < t)
}

/// Writes the seven contact inputs of `pos` seen from `me` into `out`.
pub(crate) fn encode_contact(game: &Tables, pos: &Position, me: Seat, out: &mut [f32]) {
    let them = me.next(2);
    let mine = sides(game, pos, me);
    let theirs = sides(game, pos, them);
    for (i, s) in [&mine, &theirs].into_iter().enumerate() {
        out[3 * i] = pips(s) as f32 / 100.0;
        out[3 * i + 1] = shots(s) as f32 / 36.0;
        out[3 * i + 2] = longest_run(s) as f32 / 6.0;
    }
    let touching = mine.own_waiting > 0 || theirs.own_waiting > 0 || contact(&mine);
    out[6] = f32::from(u8::from(touching));
}

#[cfg(test)]
mod tests {
    use super::*;
    use racegames_board::{Game, Node};
    use racegames_tables::Tables;

    fn inputs(game: &Tables, pos: &Position) -> [f32; CONTACT_INPUTS] {
        let mut out = [0.0; CONTACT_INPUTS];
        encode_contact(game, pos, pos.turn().unwrap(), &mut out);
        out
    }

    fn on_roll(game: &Tables, text: &str) -> Position {
        game.position(&text.parse().unwrap()).unwrap()
    }

    #[test]
    fn the_start_has_contact_equal_pips_and_no_shots() {
        let game = Tables::backgammon();
        let mut pos = game.new_initial_state();
        while let Node::Chance = game.node(&pos) {
            let mut last = None;
            game.chance_outcomes(&pos, |a, _| last = Some(a));
            game.apply(&mut pos, last.unwrap()).unwrap();
        }
        println!("{}", game.notation(&pos));
        let x = inputs(&game, &pos);
        assert_eq!((x[0], x[3]), (1.67, 1.67));
        assert_eq!((x[1], x[4]), (0.0, 0.0));
        assert_eq!((x[2], x[5]), (1.0 / 6.0, 1.0 / 6.0));
        assert_eq!(x[6], 1.0);
    }

    #[test]
    fn a_blot_four_away_is_hit_by_fifteen_throws() {
        let game = Tables::backgammon();
        // A's last piece on point 24 (its route's first), B's on point 20.
        let pos = on_roll(
            &game,
            ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B1,.,.,.,A1 - 14/14 A 21 0",
        );
        let x = inputs(&game, &pos);
        assert_eq!((x[0], x[3]), (0.24, 0.05));
        // Any 4 (11), 3-1 (2), 2-2 and 1-1.
        assert_eq!(x[1], 15.0 / 36.0);
        assert_eq!(x[4], 15.0 / 36.0);
        assert_eq!(x[6], 1.0);
        // Past each other, nothing is hit and the race is on.
        let pos = on_roll(
            &game,
            ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,A1,.,.,.,B1 - 14/14 A 21 0",
        );
        let x = inputs(&game, &pos);
        assert_eq!((x[1], x[4], x[6]), (0.0, 0.0, 0.0));
    }

    #[test]
    fn a_held_point_blocks_the_combined_shot_and_a_prime_is_counted() {
        let game = Tables::backgammon();
        // B holds 21 and 22, so A from 24 hits 20 only with a 4 (11
        // throws) or 1-3 through 23 (2); 2-2 and 1-1 are blocked.
        let pos = on_roll(
            &game,
            ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,B1,B2,B2,.,A1 - 14/10 A 21 0",
        );
        let x = inputs(&game, &pos);
        assert_eq!(x[1], 13.0 / 36.0);
        assert_eq!(x[5], 2.0 / 6.0);
    }
}
