//! The game contract: state size, worst-case legal-action count, options,
//! action encoding and observation.

use super::common;

use common::{cc, cc_games, halma};
use racegames_board::sim::SplitMix64;
use racegames_board::{
    ActionBuffer, FromParams, Game, ParamError, ParamValue, Seat, ACTION_BUFFER_CAPACITY,
};
use racegames_halma::action::{num_actions, slots};
use racegames_halma::{
    ChineseCheckers, Geometry, Halma, Square, SquareHalma, SquarePosition, Star, StarPosition,
};

fn assert_copy<T: Copy>() {}

#[test]
fn state_is_copy_and_at_most_128_bytes_for_six_player_chinese_checkers() {
    assert_copy::<StarPosition>();
    assert_copy::<SquarePosition>();
    assert!(
        core::mem::size_of::<StarPosition>() <= 128,
        "{}",
        core::mem::size_of::<StarPosition>()
    );
    assert_eq!(core::mem::size_of::<StarPosition>(), 112);
    assert!(core::mem::size_of::<SquarePosition>() <= 160);
}

fn all_cc() -> Vec<&'static str> {
    cc_games(&[
        "players=2,pieces=15,long_jumps=true,wing_rule=false",
        "players=6,long_jumps=true,wing_rule=false",
    ])
}

fn largest_seen<G: Geometry>(game: &Halma<G>, games: usize) -> usize {
    let mut rng = SplitMix64::new(99);
    let mut buf = ActionBuffer::new();
    let mut most = 0;
    for _ in 0..games {
        let mut s = game.new_initial_state();
        for _ in 0..200 {
            game.legal_actions_into(&s, &mut buf);
            most = most.max(buf.len());
            if buf.is_empty() {
                break;
            }
            let a = buf[rng.below(buf.len())];
            game.apply(&mut s, a).unwrap();
        }
    }
    most
}

#[test]
fn documented_worst_case_legal_action_count_fits_the_action_buffer() {
    for o in all_cc() {
        let g = cc(o);
        let bound = g.max_legal_actions();
        assert!(bound <= ACTION_BUFFER_CAPACITY, "{o}: {bound}");
        let seen = largest_seen(&g, 4);
        assert!(seen <= bound, "{o}: saw {seen} > {bound}");
    }
    // The documented figures.
    assert_eq!(cc("players=2").max_legal_actions(), 420);
    assert_eq!(cc("players=2,pieces=15").max_legal_actions(), 630);
    assert_eq!(cc("players=6").max_legal_actions(), 420);
    for o in ["players=2", "players=4"] {
        let g = halma(o);
        assert!(g.max_legal_actions() <= ACTION_BUFFER_CAPACITY);
        assert!(largest_seen(&g, 2) <= g.max_legal_actions());
    }
    assert_eq!(halma("players=2").max_legal_actions(), 19 * 71);
    assert_eq!(halma("players=4").max_legal_actions(), 13 * 71);
}

#[test]
fn worst_case_holds_on_a_crowded_long_jump_board() {
    // Alternate pieces in the hexagon: many long and chained jumps.
    let g = cc("players=2,pieces=15,long_jumps=true,wing_rule=false,vacate_rule=false");
    let mut rng = SplitMix64::new(3);
    let mut buf = ActionBuffer::new();
    let mut most = 0;
    for _ in 0..30 {
        let mut s = g.new_initial_state();
        for _ in 0..120 {
            g.legal_actions_into(&s, &mut buf);
            most = most.max(buf.len());
            if buf.is_empty() {
                break;
            }
            // Prefer long moves, to spread the pieces out.
            let a = buf[buf.len() - 1 - rng.below(buf.len().min(3))];
            g.apply(&mut s, a).unwrap();
        }
    }
    assert!(most <= g.max_legal_actions(), "{most}");
}

/// Every (from, to) pair that some move could join (a neighbour, or another
/// hole of the same jump class) has one action, which decodes back to it;
/// every other action decodes to nothing.
fn encoding_is_a_bijection<G: Geometry>() {
    let mut named = vec![None; num_actions::<G>()];
    for from in 0..G::HOLES {
        for to in 0..G::HOLES {
            let neighbour = G::NEIGHBOURS[from][..G::DIRECTIONS].contains(&(to as u16));
            let joinable = from != to && (neighbour || G::jump_class(from) == G::jump_class(to));
            match Halma::<G>::action(from, to) {
                Some(a) => {
                    assert!(joinable, "{from}-{to}");
                    assert_eq!(named[a as usize].replace((from, to)), None, "{a}");
                }
                None => assert!(!joinable, "{from}-{to}"),
            }
        }
    }
    for (a, pair) in named.iter().enumerate() {
        assert_eq!(Halma::<G>::decode(a as u32), *pair, "action {a}");
    }
    assert_eq!(Halma::<G>::decode(num_actions::<G>() as u32), None);
    assert_eq!(Halma::<G>::action(G::HOLES, 0), None);
}

#[test]
fn action_encoding_is_from_times_slots_plus_direction_or_jump_rank() {
    encoding_is_a_bijection::<Star>();
    encoding_is_a_bijection::<Square>();
    // The documented sizes: 6 + 37 slots per hole on the star, 8 + 64 on
    // the square board.
    assert_eq!(slots::<Star>(), 43);
    assert_eq!(slots::<Square>(), 72);
    assert_eq!(cc("players=2").num_distinct_actions(), 121 * 43);
    assert_eq!(halma("players=2").num_distinct_actions(), 256 * 72);
    // d1 (hole 6) steps south-west (direction 3) to e5 (hole 14).
    assert_eq!(Star::NEIGHBOURS[6][3], 14);
    assert_eq!(ChineseCheckers::action(6, 14), Some(6 * 43 + 3));
    // c1 (hole 3) jumps to e3 (hole 12): slot 6 + the rank of e3 in c1's class.
    let rank = (0..12)
        .filter(|&h| Star::jump_class(h) == Star::jump_class(12))
        .count();
    assert_eq!(
        ChineseCheckers::action(3, 12),
        Some((3 * 43 + 6 + rank) as u32)
    );
    // Out-of-range and unnamed actions still get a string.
    let g = cc("players=2");
    let mut s = String::new();
    g.write_action(&g.new_initial_state(), 99_999, &mut s)
        .unwrap();
    assert_eq!(s, "#99999");
    let mut s = String::new();
    let a1_q1 = ChineseCheckers::action(0, 120).expect("same class");
    g.write_action(&g.new_initial_state(), a1_q1, &mut s)
        .unwrap();
    assert_eq!(s, "a1-q1");
}

#[test]
fn options_unknown_names_are_errors_and_values_are_checked() {
    let r = ChineseCheckers::from_params("chinese_checkers", &[("colour", ParamValue::Int(2))]);
    assert!(matches!(r, Err(ParamError::Unknown { .. })));
    let r =
        ChineseCheckers::from_params("chinese_checkers", &[("finish", ParamValue::Str("last"))]);
    assert!(matches!(
        r,
        Err(ParamError::BadValue { name: "finish", .. })
    ));
    let r = ChineseCheckers::from_params("chinese_checkers", &[("wing_rule", ParamValue::Int(1))]);
    assert!(matches!(
        r,
        Err(ParamError::WrongType {
            name: "wing_rule",
            ..
        })
    ));
    let r = ChineseCheckers::from_params("chinese_checkers", &[("max_turns", ParamValue::Int(-1))]);
    assert!(r.is_err());
    assert_eq!(ChineseCheckers::NAMES, ["chinese_checkers"]);
    assert_eq!(SquareHalma::NAMES, ["halma"]);
    assert_eq!(cc("players=2"), ChineseCheckers::default());
    assert_eq!(halma("players=2"), SquareHalma::default());
    let g = cc("players=3,pieces=15,long_jumps=true,wing_rule=false,vacate_rule=false,spoiling_win=true,finish=all,max_turns=0");
    let r = g.rules();
    assert!(r.long_jumps && !r.wing_rule && !r.vacate_rule && r.spoiling_win && r.max_turns == 0);
}

#[test]
fn observation_has_the_same_shape_for_every_seat_and_puts_the_observer_first_at_the_top() {
    for p in [2usize, 3, 4, 6] {
        let g = cc(&format!("players={p}"));
        let holes = 121;
        assert_eq!(g.observation_shape(), [p * holes + 2 * p + 2]);
        let s = g.new_initial_state();
        let len = g.observation_len();
        let mut first = vec![0.0; len];
        g.observe(&s, Seat::new(0), &mut first).unwrap();
        let scalars = p * holes;
        for seat in 1..p {
            let mut o = vec![0.0; len];
            g.observe(&s, Seat::new(seat as u8), &mut o).unwrap();
            // Own pieces (plane 0) look the same from every seat at the start.
            assert_eq!(o[..holes], first[..holes], "{p} players, seat {seat}");
            // The seat to move (seat 0) is relative seat p - seat; nobody
            // has finished, no turn is played, the vacate rule is loose.
            let rel = (p - seat) % p;
            let to_move: Vec<f32> = (0..p).map(|i| if i == rel { 1.0 } else { 0.0 }).collect();
            assert_eq!(o[scalars..scalars + p], to_move[..]);
            assert!(o[scalars + p..].iter().all(|&v| v == 0.0));
        }
        // Own pieces fill the top camp (holes 0 to 9), and every seat's
        // plane holds its pieces.
        assert!(first[..10].iter().all(|&v| v == 1.0));
        for i in 0..p {
            let plane = &first[i * holes..(i + 1) * holes];
            assert_eq!(plane.iter().sum::<f32>(), 10.0, "{p} players, plane {i}");
        }
        assert!(g.observe(&s, Seat::new(p as u8), &mut first).is_err());
        assert!(g.observe(&s, Seat::new(0), &mut first[1..]).is_err());
    }
    let g = halma("players=4");
    assert_eq!(g.observation_shape(), [4 * 256 + 10]);
    let s = g.new_initial_state();
    let mut a = vec![0.0; g.observation_len()];
    let mut b = vec![0.0; g.observation_len()];
    g.observe(&s, Seat::new(0), &mut a).unwrap();
    g.observe(&s, Seat::new(2), &mut b).unwrap();
    assert_eq!(a[..256], b[..256]);
    assert_eq!(a[0], 1.0); // top-left corner is the observer's
}

#[test]
fn the_turn_count_shows_as_a_fraction_of_the_limit() {
    let g = cc("players=2,max_turns=10");
    let mut s = g.new_initial_state();
    let mut obs = vec![0.0; g.observation_len()];
    for turns in 0..3 {
        let turn_entry = 2 * 121 + 4;
        g.observe(&s, Seat::new(0), &mut obs).unwrap();
        assert_eq!(obs[turn_entry], turns as f32 / 10.0);
        let mut first = None;
        g.legal_actions(&s, |a| {
            first.get_or_insert(a);
        });
        g.apply(&mut s, first.unwrap()).unwrap();
    }
}

#[test]
fn star_holes_have_cube_coordinates() {
    assert_eq!(Star::coords(0), Some((4, -8)));
    assert_eq!(Star::coords(121), None);
    assert_eq!(Star::hole_at(4, -8), Some(0));
    assert_eq!(Star::hole_at(0, 0), Some(60));
    assert_eq!(Star::hole_at(8, 8), None);
}

/// The finished field must agree with the board: the opening with seat 2
/// written as finished was read as a won game.
#[test]
fn parser_checks_the_finished_field_against_the_board() {
    let game = cc("players=2");
    let opening = game.new_initial_state().to_string();
    let rows = opening.split(' ').next().unwrap();
    assert!(game.parse_notation(&opening).is_ok());
    for (text, field, offset) in [
        // Seat 2 has not filled its target camp.
        (format!("{rows} - 2 0"), "finished", rows.len() + 3),
        (format!("{rows} 1 2 0"), "finished", rows.len() + 3),
        // Errors about meaning point at their field, not at the start.
        (format!("{rows} - - 0"), "turn", rows.len() + 1),
    ] {
        let err = game.parse_notation(&text).unwrap_err();
        assert_eq!((err.field, err.offset), (field, offset), "{text}: {err}");
    }
    // With the seats' camps swapped every seat has filled its target camp:
    // the first listed wins, and a board of winners must list one.
    let swapped = rows.replace('1', "x").replace('2', "1").replace('x', "2");
    let board = swapped.as_str();
    assert!(game.parse_notation(&format!("{board} - 1 9")).is_ok());
    let err = game.parse_notation(&format!("{board} 1 - 9")).unwrap_err();
    assert_eq!(err.field, "finished", "{err}");
}

/// The board-core contract kit's checks hold along random games of every
/// variant.
#[test]
fn game_contract_holds_for_every_variant() {
    use racegames_board::testing::{check_game_with, CheckOptions};
    let options = CheckOptions {
        max_states: 120,
        ..CheckOptions::default()
    };
    for (i, o) in all_cc()
        .into_iter()
        .chain([
            "players=3,finish=all,max_turns=300",
            "players=4,spoiling_win=true,vacate_rule=false",
        ])
        .enumerate()
    {
        let checked = check_game_with(&cc(o), [i as u64], &options).unwrap();
        assert_eq!(checked, options.max_states, "{o}");
    }
    for (i, o) in [
        "players=2",
        "players=4",
        "players=4,finish=all",
        "players=2,max_turns=30",
    ]
    .into_iter()
    .enumerate()
    {
        let checked = check_game_with(&halma(o), [i as u64], &options).unwrap();
        assert!(checked > 30, "{o}: {checked}");
    }
}
