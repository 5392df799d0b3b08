//! The option setters of the presets: each reads one option's value into a
//! [`Variant`], or refuses it with the words or counts it allows.

use racegames_board::params::{expect_bool, expect_count, expect_word};
use racegames_board::{ParamError, ParamValue};

use crate::variant::{
    BearOff, DiceRule, Doubles, Entry, Reentry, Scoring, StartingPieces, UnusableDie, Variant,
};

/// Reads a count that must be one of `allowed`.
pub(crate) fn expect_one_of(
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

/// The index of `value` among `words`, or an error listing them.
pub(crate) fn word(
    v: &Variant,
    key: &'static str,
    value: ParamValue<'_>,
    words: &[&str],
    expected: &'static str,
) -> Result<usize, ParamError> {
    expect_word(v.name, key, value, words, expected)
}

pub(crate) fn reentry(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let i = word(
        v,
        key,
        value,
        &["opposite", "start"],
        "\"opposite\" or \"start\"",
    )?;
    v.reentry = [Reentry::Opposite, Reentry::Start][i];
    Ok(())
}

pub(crate) fn scoring(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let words = ["winloss", "gammons", "backgammons"];
    let i = word(
        v,
        key,
        value,
        &words,
        "\"winloss\", \"gammons\" or \"backgammons\"",
    )?;
    v.scoring = [Scoring::WinLoss, Scoring::Gammons, Scoring::Backgammons][i];
    Ok(())
}

pub(crate) fn bear_off_exact_or_any(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let i = word(v, key, value, &["exact", "any"], "\"exact\" or \"any\"")?;
    v.bear_off = [BearOff::Exact, BearOff::Any][i];
    Ok(())
}

pub(crate) fn bear_off_any_or_higher(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let words = ["any", "exact_or_higher"];
    let i = word(v, key, value, &words, "\"any\" or \"exact_or_higher\"")?;
    v.bear_off = [BearOff::Any, BearOff::ExactOrHigher][i];
    Ok(())
}

pub(crate) fn stack_limit(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.stack_limit = expect_one_of(v.name, key, value, &[0, 2], "0 or 2")?;
    Ok(())
}

pub(crate) fn dice_two_or_three(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.dice = expect_one_of(v.name, key, value, &[2, 3], "2 or 3")?;
    Ok(())
}

pub(crate) fn dice_three_or_two(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.dice = expect_one_of(v.name, key, value, &[3, 2], "3 or 2")?;
    Ok(())
}

pub(crate) fn entry(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let i = word(v, key, value, &["forced", "free"], "\"forced\" or \"free\"")?;
    v.entry = [Entry::Forced, Entry::Free][i];
    Ok(())
}

pub(crate) fn pass_to_unstacker(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    v.pass_to_unstacker = expect_bool(v.name, key, value)?;
    Ok(())
}

pub(crate) fn unusable_die_lost(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let words = ["lose", "lose_if_none"];
    let i = word(v, key, value, &words, "\"lose\" or \"lose_if_none\"")?;
    v.unusable_die = [UnusableDie::Lose, UnusableDie::LoseIfNone][i];
    Ok(())
}

pub(crate) fn unusable_die_passed(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let words = ["to_opponent", "forfeit"];
    let i = word(v, key, value, &words, "\"to_opponent\" or \"forfeit\"")?;
    v.unusable_die = [UnusableDie::ToOpponent, UnusableDie::Forfeit][i];
    Ok(())
}

pub(crate) fn leader(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    // The roll-off winner leads: with `stack` he takes the 14-stack.
    if word(v, key, value, &["light", "stack"], "\"light\" or \"stack\"")? == 1 {
        v.setup.swap(0, 1);
    }
    Ok(())
}

pub(crate) fn cab(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    if word(
        v,
        key,
        value,
        &["winner", "loser"],
        "\"winner\" or \"loser\"",
    )? == 1
    {
        v.setup.swap(0, 1);
    }
    Ok(())
}

pub(crate) fn fixed_die(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let k = expect_one_of(v.name, key, value, &[0, 1, 2, 3, 4, 5, 6], "0 to 6")?;
    if k > 0 {
        // Two dice and a fixed third: 14 + 1 against 14 + 1.
        let swapped = v.setup[0].points[4] > 0;
        v.dice = 2;
        v.fixed_die = k;
        v.setup = [
            StartingPieces::preset(&[(6, 14), (19, 1)]),
            StartingPieces::preset(&[(5, 14), (4, 1)]),
        ];
        if swapped {
            v.setup.swap(0, 1);
        }
    }
    Ok(())
}

pub(crate) fn doubles(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let words = ["as_thrown", "twice"];
    let i = word(v, key, value, &words, "\"as_thrown\" or \"twice\"")?;
    v.doubles = [Doubles::AsThrown, Doubles::Twice][i];
    Ok(())
}

pub(crate) fn dice_rule(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let words = ["most_dice", "most_dice_then_larger"];
    let i = word(
        v,
        key,
        value,
        &words,
        "\"most_dice\" or \"most_dice_then_larger\"",
    )?;
    v.dice_rule = [DiceRule::MostDice, DiceRule::MostDiceThenLarger][i];
    Ok(())
}

pub(crate) fn pieces(
    v: &mut Variant,
    key: &'static str,
    value: ParamValue<'_>,
) -> Result<(), ParamError> {
    let n = expect_one_of(v.name, key, value, &[15, 12], "15 or 12")?;
    v.pieces = n;
    *v = v.with_setup(StartingPieces::preset(&[(1, n)]));
    Ok(())
}
