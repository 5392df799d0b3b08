//! The perft data files shared by the Rust tests, the Python binding's tests
//! and the pure-Python reference models.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::perft::{perft, Step};
use crate::{FromParams, Game, ParamValue};

/// One counted line of a perft data file:
/// `game | params | notation | depth | count`, where `params` is `-` or
/// `name=value` pairs separated by commas (values read by
/// [`ParamValue::parse`]). Blank lines and lines starting with `#` are not
/// counted lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftLine<'a> {
    /// The line's number in the file, from 1.
    pub number: usize,
    /// The game's registry name.
    pub game: &'a str,
    /// The options, as written.
    pub params: &'a str,
    /// The start state's notation.
    pub notation: &'a str,
    /// The number of steps.
    pub depth: u32,
    /// The expected count.
    pub count: u64,
}

impl<'a> PerftLine<'a> {
    /// Reads the counted lines of a data file, in order.
    ///
    /// # Errors
    ///
    /// A message naming the line for one without five fields or with a
    /// depth or count that is not a number.
    ///
    /// ```
    /// use racegames_board::testing::PerftLine;
    /// let lines = PerftLine::read("# a comment\nrace | - | 0 0 0 0 0 | 1 | 4\n").unwrap();
    /// assert_eq!((lines[0].number, lines[0].game, lines[0].count), (2, "race", 4));
    /// assert!(PerftLine::read("race | - | 1").is_err());
    /// ```
    pub fn read(text: &'a str) -> Result<Vec<PerftLine<'a>>, String> {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let number = i + 1;
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let [game, params, notation, depth, count] = f[..] else {
                return Err(format!("line {number}: five fields wanted: {line:?}"));
            };
            let depth = depth
                .parse()
                .map_err(|_| format!("line {number}: bad depth {depth:?}"))?;
            let count = count
                .parse()
                .map_err(|_| format!("line {number}: bad count {count:?}"))?;
            out.push(PerftLine {
                number,
                game,
                params,
                notation,
                depth,
                count,
            });
        }
        Ok(out)
    }

    /// The options as `(name, value)` pairs.
    ///
    /// # Errors
    ///
    /// A message for a pair without `=`.
    ///
    /// ```
    /// use racegames_board::testing::PerftLine;
    /// use racegames_board::ParamValue;
    /// let line = &PerftLine::read("race | max_turns=3,die=skewed | 0 0 0 0 0 | 1 | 4").unwrap()[0];
    /// assert_eq!(
    ///     line.param_values().unwrap(),
    ///     [("max_turns", ParamValue::Int(3)), ("die", ParamValue::Str("skewed"))]
    /// );
    /// ```
    pub fn param_values(&self) -> Result<Vec<(&'a str, ParamValue<'a>)>, String> {
        self.params
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty() && *p != "-")
            .map(|p| match p.split_once('=') {
                Some((k, v)) => Ok((k.trim(), ParamValue::parse(v.trim()))),
                None => Err(format!("line {}: {p:?} is not name=value", self.number)),
            })
            .collect()
    }

    /// The line's game, built by `G`'s [`FromParams`].
    ///
    /// # Errors
    ///
    /// A message naming the line when the options are refused.
    pub fn make<G: FromParams>(&self) -> Result<G, String> {
        G::from_params(self.game, &self.param_values()?)
            .map_err(|e| format!("line {}: {}: {e}", self.number, self.game))
    }

    /// The perft count of this line's notation and depth in `game`.
    ///
    /// # Errors
    ///
    /// A message naming the line when the notation does not parse.
    pub fn count_in<G: Game>(&self, game: &G, step: Step) -> Result<u64, String> {
        let start = game
            .parse_notation(self.notation)
            .map_err(|e| format!("line {}: {}: {e}", self.number, self.notation))?;
        Ok(perft(game, &start, self.depth, step))
    }
}

/// What [`check_perft_data`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PerftSummary {
    /// Lines counted and found right.
    pub checked: usize,
    /// Lines passed over because their count is above the limit.
    pub skipped: usize,
}

/// Checks every counted line of a perft data file whose count is at most
/// `limit` (larger counts can be slow in a debug build): `count` gives each
/// line's count, usually `line.count_in(&line.make::<MyGame>()?, step)`.
///
/// # Errors
///
/// The first wrong count, or the first error of `count`, as a message with
/// the line's number, game, options, notation and depth.
///
/// ```
/// use racegames_board::testing::{check_perft_data, Race, Step};
/// let data = "race | - | 0 0 0 0 0 | 1 | 4\nrace | die=skewed | 0 0 0 0 0 | 0 | 1\n";
/// let done = check_perft_data(data, u64::MAX, |line| {
///     line.count_in(&line.make::<Race>()?, Step::Turn)
/// })
/// .unwrap();
/// assert_eq!(done.checked, 2);
/// let wrong = "race | - | 0 0 0 0 0 | 1 | 5";
/// let err = check_perft_data(wrong, u64::MAX, |l| l.count_in(&l.make::<Race>()?, Step::Turn));
/// assert!(err.unwrap_err().contains("line 1"));
/// ```
pub fn check_perft_data(
    text: &str,
    limit: u64,
    mut count: impl FnMut(&PerftLine<'_>) -> Result<u64, String>,
) -> Result<PerftSummary, String> {
    let mut summary = PerftSummary::default();
    for line in PerftLine::read(text)? {
        if line.count > limit {
            summary.skipped += 1;
            continue;
        }
        let got = count(&line)?;
        if got != line.count {
            return Err(format!(
                "line {}: {} | {} | {} | depth {}: counted {got}, the file says {}",
                line.number, line.game, line.params, line.notation, line.depth, line.count
            ));
        }
        summary.checked += 1;
    }
    if summary.checked == 0 && summary.skipped == 0 {
        return Err("the data has no counted lines".to_string());
    }
    Ok(summary)
}
