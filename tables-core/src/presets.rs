//! The named games: Seys dos e as and backgammon, and the other tables
//! games of the *Libro de los juegos* as parameter sets of the same engine,
//! with their options ([`racegames_board::FromParams`]).
//!
//! Every preset is a [`Variant`] value; the option words are lower-case,
//! and the first value listed is the default.

use racegames_board::params::{expect_bool, expect_count, expect_word};
use racegames_board::{FromParams, ParamError, ParamList, ParamValue};

use crate::game::Tables;
use crate::variant::{
    BearOff, BlockedEntry, DeadPosition, DiceRule, Direction, Doubles, Entry, ExtraThrow, Goal,
    Mode, Reentry, Scoring, SetUp, Track, UnusableDie, Variant,
};

/// Opposite directions: A from the last point to the first, B the other way.
const OPPOSITE: [Direction; 2] = [Direction::Backward, Direction::Forward];
/// Both seats from point 1 onwards.
const SAME: [Direction; 2] = [Direction::Forward, Direction::Forward];

/// Two pieces on each of route points `1..=closed`, one on the next.
const fn closed_table_plus_one(closed: u8) -> SetUp {
    let mut s = SetUp::preset(&[]);
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
const fn libro(name: &'static str, setup: SetUp) -> Variant {
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
        let setup = SetUp::waiting_to_enter(12);
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
        let setup = SetUp::preset(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]);
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
            ..libro("fallas", SetUp::preset(&[(1, 2), (19, 13)]))
        }
    }

    /// Emperador: 15 on route point 1 each, the prime and the tie.
    pub const fn emperador() -> Variant {
        Variant {
            blocked_entry: BlockedEntry::Lose,
            dead_position: DeadPosition::Draw,
            ..libro("emperador", SetUp::preset(&[(1, 15)]))
        }
    }

    /// Medio emperador: Emperador on the half track, two dice, the tie and
    /// no prime.
    pub const fn medio_emperador() -> Variant {
        Variant {
            dice: 2,
            track: Track::Half,
            dead_position: DeadPosition::Draw,
            ..libro("medio_emperador", SetUp::preset(&[(1, 15)]))
        }
    }

    /// Pareia de entrada: everything enters route Q1, both moving the same
    /// way; a throw of all equal dice is played and thrown again.
    pub const fn pareia_de_entrada() -> Variant {
        let setup = SetUp::all_waiting();
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
            setup: [SetUp::preset(&[(6, 15)]), SetUp::preset(&[(5, 15)])],
            dead_position: DeadPosition::Draw,
            ..libro("cab_e_quinal", SetUp::all_waiting())
        }
    }

    /// Todas tablas: backgammon's set-up and route on two dice played as
    /// thrown, a coin roll-off, any die bearing off, the tie.
    pub const fn todas_tablas() -> Variant {
        let setup = SetUp::preset(&[(1, 2), (12, 5), (17, 3), (19, 5)]);
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
                SetUp::preset(&[(7, 2), (8, 3), (9, 3), (10, 3), (11, 3), (24, 1)]),
                SetUp::preset(&[(12, 14), (13, 1)]),
            ],
            closes_at: 1,
            unusable_die: UnusableDie::ToOpponent,
            dead_position: DeadPosition::Draw,
            ..libro("laquet", SetUp::all_waiting())
        }
    }

    /// Buffa de baldrac: everything enters the own first table, opposite
    /// directions, exact bearing off, the tie.
    pub const fn buffa_de_baldrac() -> Variant {
        Variant {
            bear_off: BearOff::Exact,
            dead_position: DeadPosition::Draw,
            ..libro("buffa_de_baldrac", SetUp::all_waiting())
        }
    }

    /// Reencontrar (provisional): Emperador's set-up and route without the
    /// prime, with the tie.
    pub const fn reencontrar() -> Variant {
        Variant {
            dead_position: DeadPosition::Draw,
            ..libro("reencontrar", SetUp::preset(&[(1, 15)]))
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
    const fn with_setup(mut self, setup: SetUp) -> Variant {
        self.setup = [setup, setup];
        self
    }
}

/// The option list of each name, for error messages.
const fn known(name: &str) -> &'static str {
    match name.as_bytes() {
        b"seys_dos_e_as" => "reentry, max_turns",
        b"backgammon" => "scoring, max_turns",
        b"quinze_tablas" => "bear_off, stack_limit, max_turns",
        b"doze_canes" => "dice, entry, max_turns",
        b"doblet" => "dice, pass_to_unstacker, max_turns",
        b"fallas" => "unusable_die, max_turns",
        b"medio_emperador" => "dice, max_turns",
        b"pareia_de_entrada" => "dice, entry, max_turns",
        b"cab_e_quinal" => "cab, fixed_die, max_turns",
        b"todas_tablas" => "doubles, bear_off, dice_rule, max_turns",
        b"laquet" => "unusable_die, leader, max_turns",
        b"buffa_de_baldrac" => "bear_off, max_turns",
        b"reencontrar" => "pieces, max_turns",
        _ => "max_turns",
    }
}

/// Reads a count that must be one of `allowed`.
fn expect_one_of(
    game: &'static str,
    key: &'static str,
    value: ParamValue<'_>,
    allowed: &[u32],
    expected: &'static str,
) -> Result<u8, ParamError> {
    let n = expect_count(game, key, value, 255, expected)?;
    if allowed.contains(&n) {
        Ok(n as u8)
    } else {
        Err(ParamError::bad_value(game, key, value, expected))
    }
}

/// The preset of each name.
pub(crate) fn preset(name: &str) -> Option<Variant> {
    Some(match name {
        "seys_dos_e_as" => Variant::seys_dos_e_as(),
        "backgammon" => Variant::backgammon(),
        "quinze_tablas" => Variant::quinze_tablas(),
        "doze_canes" => Variant::doze_canes(),
        "doblet" => Variant::doblet(),
        "fallas" => Variant::fallas(),
        "emperador" => Variant::emperador(),
        "medio_emperador" => Variant::medio_emperador(),
        "pareia_de_entrada" => Variant::pareia_de_entrada(),
        "cab_e_quinal" => Variant::cab_e_quinal(),
        "todas_tablas" => Variant::todas_tablas(),
        "laquet" => Variant::laquet(),
        "buffa_de_baldrac" => Variant::buffa_de_baldrac(),
        "reencontrar" => Variant::reencontrar(),
        "tablas_de_siete" => Variant::tablas_de_siete(),
        _ => return None,
    })
}

/// Applies one option to `v`; `Ok(false)` when the game has no such option.
fn apply_option(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<bool, ParamError> {
    let game = v.name;
    let word = |words: &[&str], expected| expect_word(game, key, value, words, expected);
    match (game, key) {
        (_, "max_turns") => {
            v.max_turns = expect_count(
                game,
                key,
                value,
                u32::MAX,
                "an integer from 0 to 4294967295, 0 for no limit",
            )?;
        }
        ("seys_dos_e_as", "reentry") => {
            let i = word(&["opposite", "start"], "\"opposite\" or \"start\"")?;
            v.reentry = [Reentry::Opposite, Reentry::Start][i];
        }
        ("backgammon", "scoring") => {
            let i = word(
                &["winloss", "gammons", "backgammons"],
                "\"winloss\", \"gammons\" or \"backgammons\"",
            )?;
            v.scoring = [Scoring::WinLoss, Scoring::Gammons, Scoring::Backgammons][i];
        }
        ("quinze_tablas" | "buffa_de_baldrac", "bear_off") => {
            let i = word(&["exact", "any"], "\"exact\" or \"any\"")?;
            v.bear_off = [BearOff::Exact, BearOff::Any][i];
        }
        ("quinze_tablas", "stack_limit") => {
            v.stack_limit = expect_one_of(game, key, value, &[0, 2], "0 or 2")?;
        }
        ("doze_canes", "dice") | ("medio_emperador", "dice") => {
            v.dice = expect_one_of(game, key, value, &[2, 3], "2 or 3")?;
        }
        ("doblet" | "pareia_de_entrada", "dice") => {
            v.dice = expect_one_of(game, key, value, &[3, 2], "3 or 2")?;
        }
        ("doze_canes" | "pareia_de_entrada", "entry") => {
            let i = word(&["forced", "free"], "\"forced\" or \"free\"")?;
            v.entry = [Entry::Forced, Entry::Free][i];
        }
        ("doblet", "pass_to_unstacker") => {
            v.pass_to_unstacker = expect_bool(game, key, value)?;
        }
        ("fallas", "unusable_die") => {
            let i = word(&["lose", "lose_if_none"], "\"lose\" or \"lose_if_none\"")?;
            v.unusable_die = [UnusableDie::Lose, UnusableDie::LoseIfNone][i];
        }
        ("laquet", "unusable_die") => {
            let i = word(
                &["to_opponent", "forfeit"],
                "\"to_opponent\" or \"forfeit\"",
            )?;
            v.unusable_die = [UnusableDie::ToOpponent, UnusableDie::Forfeit][i];
        }
        ("laquet", "leader") => {
            // The roll-off winner leads: with `stack` he takes the 14-stack.
            if word(&["light", "stack"], "\"light\" or \"stack\"")? == 1 {
                v.setup.swap(0, 1);
            }
        }
        ("cab_e_quinal", "cab") => {
            if word(&["winner", "loser"], "\"winner\" or \"loser\"")? == 1 {
                v.setup.swap(0, 1);
            }
        }
        ("cab_e_quinal", "fixed_die") => {
            let k = expect_one_of(game, key, value, &[0, 1, 2, 3, 4, 5, 6], "0 to 6")?;
            if k > 0 {
                // Two dice and a fixed third: 14 + 1 against 14 + 1.
                let swapped = v.setup[0].points[4] > 0;
                v.dice = 2;
                v.fixed_die = k;
                v.setup = [
                    SetUp::preset(&[(6, 14), (19, 1)]),
                    SetUp::preset(&[(5, 14), (4, 1)]),
                ];
                if swapped {
                    v.setup.swap(0, 1);
                }
            }
        }
        ("todas_tablas", "doubles") => {
            let i = word(&["as_thrown", "twice"], "\"as_thrown\" or \"twice\"")?;
            v.doubles = [Doubles::AsThrown, Doubles::Twice][i];
        }
        ("todas_tablas", "bear_off") => {
            let i = word(
                &["any", "exact_or_higher"],
                "\"any\" or \"exact_or_higher\"",
            )?;
            v.bear_off = [BearOff::Any, BearOff::ExactOrHigher][i];
        }
        ("todas_tablas", "dice_rule") => {
            let i = word(
                &["most_dice", "most_dice_then_larger"],
                "\"most_dice\" or \"most_dice_then_larger\"",
            )?;
            v.dice_rule = [DiceRule::MostDice, DiceRule::MostDiceThenLarger][i];
        }
        ("reencontrar", "pieces") => {
            let n = expect_one_of(game, key, value, &[15, 12], "15 or 12")?;
            v.pieces = n;
            *v = v.with_setup(SetUp::preset(&[(1, n)]));
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The option names every game may take, as `'static` strings (option
/// keys are given by the caller with any lifetime).
const KEYS: &[&str] = &[
    "max_turns",
    "reentry",
    "scoring",
    "bear_off",
    "stack_limit",
    "dice",
    "entry",
    "pass_to_unstacker",
    "unusable_die",
    "leader",
    "cab",
    "fixed_die",
    "doubles",
    "dice_rule",
    "pieces",
];

/// The name of the preset `name` for people ("Seys dos e as"); the name
/// itself for any other.
pub(crate) const fn display_name(name: &'static str) -> &'static str {
    match name.as_bytes() {
        b"seys_dos_e_as" => "Seys dos e as",
        b"backgammon" => "Backgammon",
        b"quinze_tablas" => "Quinze tablas",
        b"doze_canes" => "Doze canes",
        b"doblet" => "Doblet",
        b"fallas" => "Fallas",
        b"emperador" => "Emperador",
        b"medio_emperador" => "Medio emperador",
        b"pareia_de_entrada" => "Pareia de entrada",
        b"cab_e_quinal" => "Cab e quinal",
        b"todas_tablas" => "Todas tablas",
        b"laquet" => "Laquet",
        b"buffa_de_baldrac" => "Buffa de baldrac",
        b"reencontrar" => "Reencontrar",
        b"tablas_de_siete" => "Tablas de siete",
        _ => name,
    }
}

impl FromParams for Tables {
    const NAMES: &'static [&'static str] = &[
        "seys_dos_e_as",
        "backgammon",
        "quinze_tablas",
        "doze_canes",
        "doblet",
        "fallas",
        "emperador",
        "medio_emperador",
        "pareia_de_entrada",
        "cab_e_quinal",
        "todas_tablas",
        "laquet",
        "buffa_de_baldrac",
        "reencontrar",
        "tablas_de_siete",
    ];

    fn from_params(name: &str, params: &[(&str, ParamValue<'_>)]) -> Result<Tables, ParamError> {
        let Some(mut v) = preset(name) else {
            return Err(ParamError::unknown_game(
                "tables",
                name,
                "the games seys_dos_e_as, backgammon and the Libro tables games",
            ));
        };
        let game = v.name;
        for &(key, value) in params {
            let known_key = KEYS.iter().find(|&&k| k == key);
            let applied = match known_key {
                Some(&k) => apply_option(&mut v, k, value)?,
                None => false,
            };
            if !applied {
                return Err(ParamError::unknown(game, key, known(game)));
            }
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
/// (the first word of a word option), then `max_turns`.
pub(crate) fn default_options(v: &Variant) -> ParamList {
    use ParamValue::{Bool, Int, Str};
    let defaults: &[(&'static str, ParamValue<'static>)] = match v.name {
        "seys_dos_e_as" => &[("reentry", Str("opposite"))],
        "backgammon" => &[("scoring", Str("winloss"))],
        "quinze_tablas" => &[("bear_off", Str("exact")), ("stack_limit", Int(0))],
        "doze_canes" => &[("dice", Int(2)), ("entry", Str("forced"))],
        "doblet" => &[("dice", Int(3)), ("pass_to_unstacker", Bool(false))],
        "fallas" => &[("unusable_die", Str("lose"))],
        "medio_emperador" => &[("dice", Int(2))],
        "pareia_de_entrada" => &[("dice", Int(3)), ("entry", Str("forced"))],
        "cab_e_quinal" => &[("cab", Str("winner")), ("fixed_die", Int(0))],
        "todas_tablas" => &[
            ("doubles", Str("as_thrown")),
            ("bear_off", Str("any")),
            ("dice_rule", Str("most_dice")),
        ],
        "laquet" => &[
            ("unusable_die", Str("to_opponent")),
            ("leader", Str("light")),
        ],
        "buffa_de_baldrac" => &[("bear_off", Str("exact"))],
        "reencontrar" => &[("pieces", Int(15))],
        _ => &[],
    };
    let mut out: ParamList = defaults.iter().copied().collect();
    out.push(("max_turns", Int(i64::from(v.max_turns))));
    if v.name == "doblet" {
        set_option(&mut out, "pass_to_unstacker", Bool(v.pass_to_unstacker));
    }
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
