//! The named games: Seys dos e as and backgammon, and the other tables
//! games of the *Libro de los juegos* as parameter sets of the same engine,
//! with their options ([`racegames_board::FromParams`]).
//!
//! Every preset is a [`Variant`] value; the option words are lower-case,
//! and the first value listed is the default.

use racegames_board::params::expect_count;
use racegames_board::{FromParams, ParamError, ParamList, ParamValue};

use crate::cube_options::{crawford_game, cube, jacoby, match_length, resign, score_a, score_b};
use crate::game::Tables;
use crate::preset_options::{
    bear_off_any_or_higher, bear_off_exact_or_any, cab, dice_rule, dice_three_or_two,
    dice_two_or_three, doubles, entry, fixed_die, leader, pass_to_unstacker, pieces, reentry,
    scoring, stack_limit, unusable_die_lost, unusable_die_passed,
};
use crate::variant::{
    BearOff, BlockedEntry, DeadPosition, Direction, ExtraThrow, Goal, Mode, Reentry, Scoring,
    StartingPieces, Track, UnusableDie, Variant,
};

/// Opposite directions: A from the last point to the first, B the other way.
const OPPOSITE: [Direction; 2] = [Direction::Backward, Direction::Forward];
/// Both seats from point 1 onwards.
const SAME: [Direction; 2] = [Direction::Forward, Direction::Forward];

/// Two pieces on each of route points `1..=closed`, one on the next.
const fn closed_table_plus_one(closed: u8) -> StartingPieces {
    let mut s = StartingPieces::preset(&[]);
    let mut r = 0;
    while r < closed as usize {
        s.points[r] = 2;
        r += 1;
    }
    s.points[closed as usize] = 1;
    s
}

/// A Libro game in opposite directions with equal set-ups, three dice, as
/// thrown, `MostDice`, a coin roll-off and re-entry at the start: the
/// common ground of the presets below.
const fn libro(name: &'static str, setup: StartingPieces) -> Variant {
    Variant {
        name,
        dice: 3,
        directions: OPPOSITE,
        setup: [setup, setup],
        reentry: Reentry::Start,
        ..Variant::STANDARD
    }
}

impl Variant {
    /// Quinze tablas: 2 on each of route points 1–7 and 1 on 8, opposite
    /// directions, the prime and the tie, exact bearing off.
    pub const fn quinze_tablas() -> Variant {
        Variant {
            blocked_entry: BlockedEntry::Lose,
            dead_position: DeadPosition::Draw,
            bear_off: BearOff::Exact,
            ..libro("quinze_tablas", closed_table_plus_one(7))
        }
    }

    /// Doze canes (provisional): 12 pieces each, all entering route Q1,
    /// both moving the same way, won by two pieces on each point of Q4.
    pub const fn doze_canes() -> Variant {
        let setup = StartingPieces::waiting_to_enter(12);
        Variant {
            dice: 2,
            directions: SAME,
            setup: [setup, setup],
            pieces: 12,
            goal: Goal::FillLastQuarter,
            dead_position: DeadPosition::Draw,
            ..libro("doze_canes", setup)
        }
    }

    /// Doblet: 12 pieces in doubled pairs on the six points of the own
    /// table (B in Q1, A in Q4); unstack, then bear off; dice that cannot
    /// be used pass to the opponent.
    pub const fn doblet() -> Variant {
        let setup = StartingPieces::preset(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]);
        Variant {
            pieces: 12,
            mode: Mode::Doblet,
            unusable_die: UnusableDie::ToOpponent,
            bear_off: BearOff::Exact,
            ..libro("doblet", setup)
        }
    }

    /// Fallas: 2 on route point 1 and 13 on route point 19; a throw that
    /// cannot be used whole loses.
    pub const fn fallas() -> Variant {
        Variant {
            unusable_die: UnusableDie::Lose,
            ..libro("fallas", StartingPieces::preset(&[(1, 2), (19, 13)]))
        }
    }

    /// Emperador: 15 on route point 1 each, the prime and the tie.
    pub const fn emperador() -> Variant {
        Variant {
            blocked_entry: BlockedEntry::Lose,
            dead_position: DeadPosition::Draw,
            ..libro("emperador", StartingPieces::preset(&[(1, 15)]))
        }
    }

    /// Medio emperador: Emperador on the half track, two dice, the tie and
    /// no prime.
    pub const fn medio_emperador() -> Variant {
        Variant {
            dice: 2,
            track: Track::Half,
            dead_position: DeadPosition::Draw,
            ..libro("medio_emperador", StartingPieces::preset(&[(1, 15)]))
        }
    }

    /// Pareia de entrada: everything enters route Q1, both moving the same
    /// way; a throw of all equal dice is played and thrown again.
    pub const fn pareia_de_entrada() -> Variant {
        let setup = StartingPieces::all_waiting();
        Variant {
            directions: SAME,
            extra_throw: ExtraThrow::AllEqual,
            ..libro("pareia_de_entrada", setup)
        }
    }

    /// Cab e quinal: the roll-off winner's 15 on the six-point against 15
    /// on the five-point, both moving the same way, the tie.
    pub const fn cab_e_quinal() -> Variant {
        Variant {
            directions: SAME,
            setup: [
                StartingPieces::preset(&[(6, 15)]),
                StartingPieces::preset(&[(5, 15)]),
            ],
            dead_position: DeadPosition::Draw,
            ..libro("cab_e_quinal", StartingPieces::all_waiting())
        }
    }

    /// Todas tablas: backgammon's set-up and route on two dice played as
    /// thrown, a coin roll-off, any die bearing off, the tie.
    pub const fn todas_tablas() -> Variant {
        let setup = StartingPieces::preset(&[(1, 2), (12, 5), (17, 3), (19, 5)]);
        Variant {
            dice: 2,
            dead_position: DeadPosition::Draw,
            ..libro("todas_tablas", setup)
        }
    }

    /// Laquet: three tables (points 7–24), both moving the same way; one
    /// piece closes a point and nothing is hit; dice that cannot be used
    /// pass to the opponent; the roll-off winner leads with the light
    /// set-up.
    pub const fn laquet() -> Variant {
        Variant {
            dice: 2,
            directions: SAME,
            setup: [
                StartingPieces::preset(&[(7, 2), (8, 3), (9, 3), (10, 3), (11, 3), (24, 1)]),
                StartingPieces::preset(&[(12, 14), (13, 1)]),
            ],
            closes_at: 1,
            unusable_die: UnusableDie::ToOpponent,
            dead_position: DeadPosition::Draw,
            ..libro("laquet", StartingPieces::all_waiting())
        }
    }

    /// Buffa de baldrac: everything enters the own first table, opposite
    /// directions, exact bearing off, the tie.
    pub const fn buffa_de_baldrac() -> Variant {
        Variant {
            bear_off: BearOff::Exact,
            dead_position: DeadPosition::Draw,
            ..libro("buffa_de_baldrac", StartingPieces::all_waiting())
        }
    }

    /// Reencontrar (provisional): Emperador's set-up and route without the
    /// prime, with the tie.
    pub const fn reencontrar() -> Variant {
        Variant {
            dead_position: DeadPosition::Draw,
            ..libro("reencontrar", StartingPieces::preset(&[(1, 15)]))
        }
    }

    /// The tables with seven-sided dice (provisional): Quinze tablas scaled
    /// to seven: 28 points, 17 pieces (2 on each of route points 1–8, 1 on
    /// 9), three seven-sided dice.
    pub const fn tablas_de_siete() -> Variant {
        let mut v = Variant::quinze_tablas();
        v.name = "tablas_de_siete";
        v.pieces = 17;
        v.faces = 7;
        v.quarter_len = 7;
        v.with_setup(closed_table_plus_one(8))
    }

    /// The same with both set-ups `setup`.
    pub(crate) const fn with_setup(mut self, setup: StartingPieces) -> Variant {
        self.setup = [setup, setup];
        self
    }
}

/// A named game: its variant (which carries the name), its name for
/// people, its options and the list of them for messages. [`PRESETS`]
/// holds one per game; nothing else in the crate names a preset.
pub(crate) struct Preset {
    /// The game as it starts, with every option at its default.
    pub(crate) variant: Variant,
    /// The name for people ("Seys dos e as").
    pub(crate) display: &'static str,
    /// The options besides `max_turns`, in the order `params()` lists them.
    options: &'static [GameOption],
    /// The option names, for an unknown option's message.
    known: &'static str,
}

/// One option of a preset: its name, its default, and how a value changes
/// the variant.
struct GameOption {
    key: &'static str,
    default: ParamValue<'static>,
    apply: fn(&mut Variant, &'static str, ParamValue<'_>) -> Result<(), ParamError>,
}

const fn option(
    key: &'static str,
    default: ParamValue<'static>,
    apply: fn(&mut Variant, &'static str, ParamValue<'_>) -> Result<(), ParamError>,
) -> GameOption {
    GameOption {
        key,
        default,
        apply,
    }
}

use ParamValue::{Bool, Int, Str};

/// Every preset, in the order of [`Tables::NAMES`].
pub(crate) const PRESETS: [Preset; 15] = [
    Preset {
        variant: Variant::seys_dos_e_as(),
        display: "Seys dos e as",
        options: &[option("reentry", Str("opposite"), reentry)],
        known: "reentry, max_turns",
    },
    Preset {
        variant: Variant::backgammon(),
        display: "Backgammon",
        options: &[
            option("scoring", Str("winloss"), scoring),
            option("cube", Bool(false), cube),
            option("jacoby", Bool(true), jacoby),
            option("resign", Bool(false), resign),
            option("match_length", Int(0), match_length),
            option("score_a", Int(0), score_a),
            option("score_b", Int(0), score_b),
            option("crawford_game", Bool(false), crawford_game),
        ],
        known: "scoring, cube, jacoby, resign, match_length, score_a, score_b, crawford_game, max_turns",
    },
    Preset {
        variant: Variant::quinze_tablas(),
        display: "Quinze tablas",
        options: &[
            option("bear_off", Str("exact"), bear_off_exact_or_any),
            option("stack_limit", Int(0), stack_limit),
        ],
        known: "bear_off, stack_limit, max_turns",
    },
    Preset {
        variant: Variant::doze_canes(),
        display: "Doze canes",
        options: &[
            option("dice", Int(2), dice_two_or_three),
            option("entry", Str("forced"), entry),
        ],
        known: "dice, entry, max_turns",
    },
    Preset {
        variant: Variant::doblet(),
        display: "Doblet",
        options: &[
            option("dice", Int(3), dice_three_or_two),
            option("pass_to_unstacker", Bool(true), pass_to_unstacker),
        ],
        known: "dice, pass_to_unstacker, max_turns",
    },
    Preset {
        variant: Variant::fallas(),
        display: "Fallas",
        options: &[option("unusable_die", Str("lose"), unusable_die_lost)],
        known: "unusable_die, max_turns",
    },
    Preset {
        variant: Variant::emperador(),
        display: "Emperador",
        options: &[],
        known: "max_turns",
    },
    Preset {
        variant: Variant::medio_emperador(),
        display: "Medio emperador",
        options: &[option("dice", Int(2), dice_two_or_three)],
        known: "dice, max_turns",
    },
    Preset {
        variant: Variant::pareia_de_entrada(),
        display: "Pareia de entrada",
        options: &[
            option("dice", Int(3), dice_three_or_two),
            option("entry", Str("forced"), entry),
        ],
        known: "dice, entry, max_turns",
    },
    Preset {
        variant: Variant::cab_e_quinal(),
        display: "Cab e quinal",
        options: &[
            option("cab", Str("winner"), cab),
            option("fixed_die", Int(0), fixed_die),
        ],
        known: "cab, fixed_die, max_turns",
    },
    Preset {
        variant: Variant::todas_tablas(),
        display: "Todas tablas",
        options: &[
            option("doubles", Str("as_thrown"), doubles),
            option("bear_off", Str("any"), bear_off_any_or_higher),
            option("dice_rule", Str("most_dice"), dice_rule),
        ],
        known: "doubles, bear_off, dice_rule, max_turns",
    },
    Preset {
        variant: Variant::laquet(),
        display: "Laquet",
        options: &[
            option("unusable_die", Str("to_opponent"), unusable_die_passed),
            option("leader", Str("light"), leader),
        ],
        known: "unusable_die, leader, max_turns",
    },
    Preset {
        variant: Variant::buffa_de_baldrac(),
        display: "Buffa de baldrac",
        options: &[option("bear_off", Str("exact"), bear_off_exact_or_any)],
        known: "bear_off, max_turns",
    },
    Preset {
        variant: Variant::reencontrar(),
        display: "Reencontrar",
        options: &[option("pieces", Int(15), pieces)],
        known: "pieces, max_turns",
    },
    Preset {
        variant: Variant::tablas_de_siete(),
        display: "Tablas de siete",
        options: &[],
        known: "max_turns",
    },
];

/// Every preset's name, in the table's order.
const fn preset_names() -> [&'static str; PRESETS.len()] {
    let mut names = [""; PRESETS.len()];
    let mut i = 0;
    while i < PRESETS.len() {
        names[i] = PRESETS[i].variant.name;
        i += 1;
    }
    names
}

const NAMES: [&str; PRESETS.len()] = preset_names();

/// The preset named `name`.
fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.variant.name == name)
}

/// The preset of each name.
pub(crate) fn preset(name: &str) -> Option<Variant> {
    find(name).map(|p| p.variant)
}

/// The preset `name` with the cube and resignation on, gammons and
/// backgammons counted, and the match of `cube`, where the preset takes these options: the game a bare
/// position with the cube's fields is read in.
pub(crate) fn cubeful_preset(name: &str, cube: &crate::CubeSetup) -> Option<Variant> {
    let p = find(name)?;
    if !p.options.iter().any(|o| o.key == "cube") {
        return None;
    }
    let mut v = p.variant;
    // The most permissive: every offer to resign reads.
    v.scoring = Scoring::Backgammons;
    v.cube = true;
    v.resign = true;
    if let Some(m) = cube.match_score {
        v.match_length = m.length;
        v.score = m.score;
        v.crawford_game = m.crawford;
    }
    Some(v)
}

/// Applies one option to `v` (of the preset `p`); `Ok(false)` when the
/// game has no such option.
fn apply_option(
    p: &Preset,
    v: &mut Variant,
    key: &str,
    value: ParamValue<'_>,
) -> Result<bool, ParamError> {
    if key == "max_turns" {
        v.max_turns = expect_count(
            v.name,
            "max_turns",
            value,
            u32::MAX,
            "an integer from 0 to 4294967295, 0 for no limit",
        )?;
        return Ok(true);
    }
    match p.options.iter().find(|o| o.key == key) {
        Some(o) => (o.apply)(v, o.key, value).map(|()| true),
        None => Ok(false),
    }
}

/// The name of the preset `name` for people ("Seys dos e as"); the name
/// itself for any other.
pub(crate) fn display_name(name: &'static str) -> &'static str {
    find(name).map_or(name, |p| p.display)
}

impl FromParams for Tables {
    const NAMES: &'static [&'static str] = &NAMES;

    fn from_params(name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Tables, ParamError> {
        let Some(p) = find(name) else {
            return Err(ParamError::unknown_game(
                "tables",
                name,
                "the games seys_dos_e_as, backgammon and the Libro tables games",
            ));
        };
        let mut v = p.variant;
        for &(key, value) in params {
            if !apply_option(p, &mut v, key, value)? {
                return Err(ParamError::unknown(v.name, key, p.known));
            }
        }
        if let Err((key, expected)) = v.check_cube_options() {
            // The options that do not fit together: the one named, with
            // its value as given (or its default).
            let value = params
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(Int(0), |&(_, value)| value);
            return Err(ParamError::bad_value(v.name, key, value, expected));
        }
        let mut game = Tables::new(v).expect("the presets with their options are valid");
        for &(key, value) in params {
            set_option(&mut game.options, key, canonical(value));
        }
        Ok(game)
    }

    fn params(&self) -> ParamList {
        self.options.clone()
    }
}

/// Every option of the preset `v` is named after, with its default value
/// (the first word of a word option), then `max_turns`; the cube's options
/// only where one of them is not at its default.
pub(crate) fn default_options(v: &Variant) -> ParamList {
    let options = find(v.name).map_or(&[][..], |p| p.options);
    let mut out: ParamList = options.iter().map(|o| (o.key, o.default)).collect();
    out.push(("max_turns", Int(i64::from(v.max_turns))));
    // A variant made by hand may differ from its preset here.
    set_option(&mut out, "pass_to_unstacker", Bool(v.pass_to_unstacker));
    crate::cube_options::list_cube_options(v, &mut out);
    out
}

/// Every option word, so that a validated word can be kept as `'static`.
const WORDS: &[&str] = &[
    "opposite",
    "start",
    "winloss",
    "gammons",
    "backgammons",
    "exact",
    "any",
    "forced",
    "free",
    "lose",
    "lose_if_none",
    "to_opponent",
    "forfeit",
    "light",
    "stack",
    "winner",
    "loser",
    "as_thrown",
    "twice",
    "exact_or_higher",
    "most_dice",
    "most_dice_then_larger",
];

/// An option's value with the lifetime of the words above (a value that
/// `apply_option` accepted is always among them).
fn canonical(value: ParamValue<'_>) -> ParamValue<'static> {
    match value {
        ParamValue::Bool(b) => ParamValue::Bool(b),
        ParamValue::Int(i) => ParamValue::Int(i),
        ParamValue::Float(x) => ParamValue::Float(x),
        ParamValue::Str(s) => {
            ParamValue::Str(WORDS.iter().find(|w| **w == s).copied().unwrap_or(""))
        }
    }
}

/// Sets `key`'s value in `options` (where the game lists it).
fn set_option(options: &mut ParamList, key: &str, value: ParamValue<'static>) {
    if let Some(slot) = options.iter_mut().find(|(k, _)| *k == key) {
        slot.1 = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message's list of options is the table's: its keys, then
    /// `max_turns`.
    #[test]
    fn each_presets_known_list_names_its_options() {
        for p in &PRESETS {
            let mut listed = alloc::string::String::new();
            for o in p.options {
                listed.push_str(o.key);
                listed.push_str(", ");
            }
            listed.push_str("max_turns");
            assert_eq!(p.known, listed, "{}", p.variant.name);
        }
    }

    /// Every word default is a word the option takes.
    #[test]
    fn every_default_is_accepted() {
        for p in &PRESETS {
            for o in p.options {
                let mut v = p.variant;
                (o.apply)(&mut v, o.key, o.default).unwrap();
                assert_eq!(v, p.variant, "{} {}", p.variant.name, o.key);
            }
        }
    }
}
