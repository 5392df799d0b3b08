//! The tables games' inputs (encoding `tables-v1`), read through the
//! [`Variant`](racegames_tables::Variant)'s own routes so that one encoding
//! serves Seys dos e as, backgammon and any other tables game.
//!
//! From the point of view of the seat whose turn it is, then the other
//! seat, `4R + 9` values per seat (105 on a route of `R` = 24 points),
//! each seat along its own route (index 0 its first point):
//!
//! | values | meaning |
//! |---|---|
//! | `4r..4r+4`, `r` = 0..R | pieces on route point `r`, TD-Gammon's truncated unary: `n ≥ 1`, `n ≥ 2`, `n ≥ 3`, `(n − 3) / 2` above 3 |
//! | `4R + 2q`, `4R + 1 + 2q`, `q` = 0..4 | pieces waiting to enter route quarter `q`: `n ≥ 1`, `n / 4` |
//! | `4R + 8` | pieces borne off, ÷ 15 |
//!
//! The games whose state holds more than the board add it after both
//! seats: Doblet each seat's stacks still doubled (one value per point of
//! its first quarter, the mover's first), and the games whose unusable
//! dice pass to the opponent (Doblet, Laquet) the dice passed, one value
//! per face (how many of the dice to use show it, ÷ 4). The encoding's
//! name tells the layouts apart: `tables-v1` (24-point routes, nothing
//! added: backgammon, Seys dos e as and most Libro games),
//! `tables-v1-half` (Medio emperador's 12-point route), `tables-v1-28`
//! (the seven-point tables), `tables-v1-passed` (Laquet),
//! `tables-v1-doblet`. Backgammon reads `tables-v2`: `tables-v1` and then
//! seven inputs of contact (pip counts, shots, primes; see
//! `tables_contact`).
//!
//! Outputs: one (the seat's win probability), or five (also winning a
//! gammon or more, losing one, winning a backgammon, losing one; each
//! probability counts the bigger results too). The return is
//! `2p − 1`, plus the gammon terms the game's scoring counts.

use racegames_board::{Game, Seat};
use racegames_tables::{Mode, Phase, Position, Scoring, Tables, UnusableDie};

use super::tables_contact::{encode_contact, CONTACT_INPUTS};
use super::NetGame;

/// The number of inputs of encoding `tables-v1` on a 24-point route.
pub const TABLES_INPUTS: usize = 2 * (4 * 24 + 9);

/// A shipped net: the preset it was trained for, that preset's encoding
/// and dice (an option that changes either leaves the game without a
/// net), the plies expectimax searches over it by default, and the file.
struct Shipped {
    name: &'static str,
    encoding: &'static str,
    dice: u8,
    depth: u32,
    bytes: &'static [u8],
}

/// The shipped nets (`players/nets/NAME.net`, trained by
/// `train/train-all.sh`). A preset whose net did not beat the hand-written
/// evaluation in the searchers has none (train/README.md).
static NETS: &[Shipped] = &[
    Shipped {
        name: "backgammon",
        encoding: "tables-v2",
        dice: 2,
        depth: 2,
        bytes: include_bytes!("../../nets/backgammon.net"),
    },
    Shipped {
        name: "seys_dos_e_as",
        encoding: "tables-v1",
        dice: 3,
        depth: 2,
        bytes: include_bytes!("../../nets/seys_dos_e_as.net"),
    },
    Shipped {
        name: "fallas",
        encoding: "tables-v1",
        dice: 3,
        depth: 2,
        bytes: include_bytes!("../../nets/fallas.net"),
    },
    Shipped {
        name: "medio_emperador",
        encoding: "tables-v1-half",
        dice: 2,
        depth: 2,
        bytes: include_bytes!("../../nets/medio_emperador.net"),
    },
    Shipped {
        name: "todas_tablas",
        encoding: "tables-v1",
        dice: 2,
        depth: 2,
        bytes: include_bytes!("../../nets/todas_tablas.net"),
    },
    Shipped {
        name: "quinze_tablas",
        encoding: "tables-v1",
        dice: 3,
        depth: 1,
        bytes: include_bytes!("../../nets/quinze_tablas.net"),
    },
    Shipped {
        name: "cab_e_quinal",
        encoding: "tables-v1",
        dice: 3,
        depth: 1,
        bytes: include_bytes!("../../nets/cab_e_quinal.net"),
    },
    Shipped {
        name: "buffa_de_baldrac",
        encoding: "tables-v1",
        dice: 3,
        depth: 1,
        bytes: include_bytes!("../../nets/buffa_de_baldrac.net"),
    },
    Shipped {
        name: "emperador",
        encoding: "tables-v1",
        dice: 3,
        depth: 1,
        bytes: include_bytes!("../../nets/emperador.net"),
    },
    Shipped {
        name: "pareia_de_entrada",
        encoding: "tables-v1",
        dice: 3,
        depth: 1,
        bytes: include_bytes!("../../nets/pareia_de_entrada.net"),
    },
    Shipped {
        name: "reencontrar",
        encoding: "tables-v1",
        dice: 3,
        depth: 1,
        bytes: include_bytes!("../../nets/reencontrar.net"),
    },
    Shipped {
        name: "tablas_de_siete",
        encoding: "tables-v1-28",
        dice: 3,
        depth: 1,
        bytes: include_bytes!("../../nets/tablas_de_siete.net"),
    },
    Shipped {
        name: "laquet",
        encoding: "tables-v1-passed",
        dice: 2,
        depth: 2,
        bytes: include_bytes!("../../nets/laquet.net"),
    },
];

fn per_side(game: &Tables) -> usize {
    4 * game.route_len() + 9
}

/// Whether a game's unused dice can pass to the opponent.
fn passes_dice(game: &Tables) -> bool {
    game.variant().unusable_die == UnusableDie::ToOpponent
}

/// The Doblet stacks' values per seat (the points of its first quarter).
fn stack_inputs(game: &Tables) -> usize {
    if game.variant().mode == Mode::Doblet {
        usize::from(game.variant().quarter_len)
    } else {
        0
    }
}

fn encode_side(game: &Tables, pos: &Position, seat: Seat, out: &mut [f32]) {
    let len = game.route_len();
    for r in 0..len {
        let n = game.route_point(seat, r).map_or(0, |p| pos.count(seat, p));
        let o = &mut out[4 * r..4 * r + 4];
        if n >= 1 {
            o[0] = 1.0;
            if n >= 2 {
                o[1] = 1.0;
                if n >= 3 {
                    o[2] = 1.0;
                    o[3] = f32::from(n - 3) * 0.5;
                }
            }
        }
    }
    let w = 4 * len;
    for q in 0..4 {
        let n = pos.waiting(seat, q);
        out[w + 2 * q] = f32::from(u8::from(n > 0));
        out[w + 1 + 2 * q] = f32::from(n) * 0.25;
    }
    out[w + 8] = f32::from(pos.borne_off(seat)) / 15.0;
}

/// The scoring of a finished game as if gammons and backgammons counted:
/// 1, 2 or 3 for the winner, 0 when nobody won.
fn full_score(game: &Tables, pos: &Position) -> f64 {
    let mut v = *game.variant();
    v.scoring = Scoring::Backgammons;
    match Tables::new(v) {
        Ok(g) => g.score(pos),
        Err(_) => game.score(pos),
    }
}

/// The shipped net of `game`, if it has one for these options.
fn shipped(game: &Tables) -> Option<&'static Shipped> {
    let v = game.variant();
    let encoding = game.net_encoding();
    NETS.iter()
        .find(|n| n.name == v.name && n.encoding == encoding && n.dice == v.dice)
}

/// The plies expectimax searches over `game`'s shipped net by default:
/// 2 where a decision stays within about 0.2 s (two dice, and Seys dos e
/// as's few points), 1 in the Libro's games of three dice, whose many
/// spread pieces make a second ply cost seconds a game; `None` without a
/// net.
pub(crate) fn shipped_depth(game: &Tables) -> Option<u32> {
    shipped(game).map(|n| n.depth)
}

/// Whether the game reads the contact inputs after `tables-v1`'s
/// (encoding `tables-v2`): backgammon, whatever its scoring.
fn reads_contact(game: &Tables) -> bool {
    let v = game.variant();
    v.name == "backgammon" && v.mode == Mode::Race && game.route_len() == 24 && !passes_dice(game)
}

impl NetGame for Tables {
    fn net_encoding(&self) -> &'static str {
        if reads_contact(self) {
            "tables-v2"
        } else if self.variant().mode == Mode::Doblet {
            "tables-v1-doblet"
        } else if passes_dice(self) {
            "tables-v1-passed"
        } else {
            match self.route_len() {
                12 => "tables-v1-half",
                28 => "tables-v1-28",
                _ => "tables-v1",
            }
        }
    }

    fn net_inputs(&self) -> usize {
        let passed = if passes_dice(self) {
            usize::from(self.variant().faces)
        } else {
            0
        };
        let contact = if reads_contact(self) {
            CONTACT_INPUTS
        } else {
            0
        };
        2 * (per_side(self) + stack_inputs(self)) + passed + contact
    }

    fn net_encode(&self, state: &Position, x: &mut [f32]) -> Option<Seat> {
        let n = self.net_inputs();
        if matches!(state.phase(), Phase::RollOff | Phase::Over) || x.len() < n {
            return None;
        }
        let me = state.turn()?;
        let side = per_side(self);
        x[..n].fill(0.0);
        let (mine, rest) = x[..n].split_at_mut(side);
        encode_side(self, state, me, mine);
        let (theirs, rest) = rest.split_at_mut(side);
        encode_side(self, state, me.next(2), theirs);
        let stacks = stack_inputs(self);
        let (stacked, rest) = rest.split_at_mut(2 * stacks);
        if reads_contact(self) {
            encode_contact(self, state, me, rest);
            return Some(me);
        }
        let passed = rest;
        for (i, seat) in [me, me.next(2)].into_iter().enumerate() {
            for d in 0..stacks {
                stacked[i * stacks + d] = f32::from(u8::from(state.is_stacked(seat, d + 1)));
            }
        }
        if state.dice_passed() {
            for &d in state.dice() {
                if let Some(v) = passed.get_mut(usize::from(d).wrapping_sub(1)) {
                    *v += 0.25;
                }
            }
        }
        Some(me)
    }

    fn net_utility(&self, probs: &[f32]) -> f64 {
        let p = |i: usize| f64::from(probs.get(i).copied().unwrap_or(0.0));
        let mut u = 2.0 * p(0) - 1.0;
        if probs.len() >= 5 {
            let scoring = self.variant().scoring;
            if scoring != Scoring::WinLoss {
                u += p(1) - p(2);
            }
            if scoring == Scoring::Backgammons {
                u += p(3) - p(4);
            }
        }
        u.clamp(self.min_utility(), self.max_utility())
    }

    fn net_outcome(&self, state: &Position, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let Some(winner) = state.winner() else {
            if let Some(o) = out.first_mut() {
                *o = 0.5;
            }
            return;
        };
        let won = winner == seat;
        let score = full_score(self, state);
        let flags = [
            won,
            won && score >= 2.0,
            !won && score >= 2.0,
            won && score >= 3.0,
            !won && score >= 3.0,
        ];
        for (o, f) in out.iter_mut().zip(flags) {
            *o = f32::from(u8::from(f));
        }
    }

    fn shipped_net(&self) -> Option<&'static [u8]> {
        shipped(self).map(|n| n.bytes)
    }

    fn exact_outputs(&self, state: &Position, out: &mut [f32]) -> Option<Seat> {
        let mut exact = [0.0; 5];
        let seat = crate::bearoff::probabilities(self, state, &mut exact)?;
        let n = out.len().min(exact.len());
        out[..n].copy_from_slice(&exact[..n]);
        Some(seat)
    }
}
