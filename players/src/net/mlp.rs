//! The network: one hidden layer of sigmoid units, sigmoid outputs, and its
//! weight file.
//!
//! # The weight file (version 1)
//!
//! All numbers little-endian.
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `RGNT` |
//! | 4 | `u32` format version, 1 |
//! | 4 + n | `u32` length then UTF-8 text: the game the net was trained for (`backgammon`) |
//! | 4 + n | `u32` length then UTF-8 text: the input encoding (`tables-v1`, `daldos-v1`) |
//! | 4 × 3 | `u32` inputs, hidden units, outputs |
//! | 8 | `u64` self-play games it was trained on |
//! | 4 × k | `f32` weights, in order: input-to-hidden by input (`inputs × hidden`), hidden biases (`hidden`), hidden-to-output by output (`outputs × hidden`), output biases (`outputs`) |
//!
//! The file ends there; a shorter or longer file, a text over 64 bytes,
//! sizes over [`MAX_INPUTS`], [`MAX_HIDDEN`] or [`MAX_OUTPUTS`], or a weight
//! that is not finite are refused with a [`NetError`].

use std::fmt::Write as _;

/// The most inputs a net may have.
pub const MAX_INPUTS: usize = 512;
/// The most hidden units a net may have.
pub const MAX_HIDDEN: usize = 256;
/// The most outputs a net may have.
pub const MAX_OUTPUTS: usize = 8;
/// The magic bytes that start a weight file.
pub const MAGIC: [u8; 4] = *b"RGNT";
/// The weight file version this crate reads and writes.
pub const VERSION: u32 = 1;
/// The longest name or encoding text in a weight file.
const MAX_TEXT: usize = 64;

/// Why a weight file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The file does not start with `RGNT`.
    #[error("not a racegames net file (no RGNT magic)")]
    Magic,
    /// The version is not one this crate reads.
    #[error("net file version {0} is not supported (this crate reads version 1)")]
    Version(u32),
    /// The file ends before its declared content.
    #[error("the net file is truncated")]
    Truncated,
    /// Bytes follow the declared content.
    #[error("the net file has {0} bytes after its weights")]
    TrailingBytes(usize),
    /// A text field is too long or not UTF-8.
    #[error("the net file's {0} is not UTF-8 text of at most 64 bytes")]
    BadText(&'static str),
    /// A size is zero or above this crate's limits.
    #[error("the net's {what} ({value}) is outside 1..={max}")]
    Size {
        /// Which size.
        what: &'static str,
        /// The size found.
        value: u32,
        /// The largest allowed.
        max: usize,
    },
    /// A weight is NaN or infinite.
    #[error("weight {0} of the net file is not a finite number")]
    NotFinite(usize),
    /// The net does not fit the game it is given to.
    #[error("the net reads encoding {found:?} with {found_inputs} inputs; this game needs {expected:?} with {expected_inputs}")]
    Mismatch {
        /// The encoding the game uses.
        expected: String,
        /// Its number of inputs.
        expected_inputs: usize,
        /// The encoding in the file.
        found: String,
        /// The file's number of inputs.
        found_inputs: usize,
    },
    /// The net has an output count the game cannot read.
    #[error("the net has {0} outputs; this game reads 1 or 5")]
    Outputs(usize),
    /// The file could not be read from disk.
    #[error("cannot read the net file: {0}")]
    Io(String),
}

/// A fully connected net: `inputs → hidden (sigmoid) → outputs (sigmoid)`.
///
/// Each output is a probability; what each means is the game's (see
/// [`super::NetGame`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    game: String,
    encoding: String,
    inputs: usize,
    hidden: usize,
    outputs: usize,
    trained_games: u64,
    /// Input-to-hidden weights, `hidden` per input (so a zero input skips
    /// its whole row).
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Hidden-to-output weights, `hidden` per output.
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Mlp {
    /// A net with these sizes and small weights drawn from `seed`
    /// (uniform in ±`scale`), zero biases.
    ///
    /// # Errors
    ///
    /// [`NetError::Size`] or [`NetError::BadText`] for sizes or texts the
    /// file format cannot hold.
    pub fn new_random(
        game: &str,
        encoding: &str,
        sizes: [usize; 3],
        seed: u64,
        scale: f32,
    ) -> Result<Mlp, NetError> {
        let [inputs, hidden, outputs] = sizes;
        check_size("inputs", inputs, MAX_INPUTS)?;
        check_size("hidden units", hidden, MAX_HIDDEN)?;
        check_size("outputs", outputs, MAX_OUTPUTS)?;
        check_text("game name", game)?;
        check_text("encoding", encoding)?;
        let mut rng = racegames_board::sim::SplitMix64::new(seed);
        let mut draw = |n: usize| -> Vec<f32> {
            (0..n)
                .map(|_| (rng.next_f64() as f32 * 2.0 - 1.0) * scale)
                .collect()
        };
        Ok(Mlp {
            game: game.to_owned(),
            encoding: encoding.to_owned(),
            inputs,
            hidden,
            outputs,
            trained_games: 0,
            w1: draw(inputs * hidden),
            b1: vec![0.0; hidden],
            w2: draw(outputs * hidden),
            b2: vec![0.0; outputs],
        })
    }

    /// The game the net was trained for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The input encoding it reads.
    pub fn encoding(&self) -> &str {
        &self.encoding
    }

    /// The number of inputs.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The number of hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The number of outputs.
    pub fn outputs(&self) -> usize {
        self.outputs
    }

    /// The self-play games it was trained on.
    pub fn trained_games(&self) -> u64 {
        self.trained_games
    }

    /// Sets the count of self-play games (the trainer's bookkeeping).
    pub fn set_trained_games(&mut self, games: u64) {
        self.trained_games = games;
    }

    /// The weights as mutable slices `(w1, b1, w2, b2)`, laid out as in the
    /// file, for a trainer.
    pub fn weights_mut(&mut self) -> (&mut [f32], &mut [f32], &mut [f32], &mut [f32]) {
        (&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2)
    }

    /// Runs the net on `x` (its first [`Mlp::inputs`] values are read),
    /// writing the hidden activations into `hidden` and the outputs into
    /// `out` (their first [`Mlp::hidden`] and [`Mlp::outputs`] values).
    /// Zero inputs cost nothing.
    ///
    /// Slices too short are a logic error: the values past their end are
    /// not computed (nothing panics).
    pub fn forward(&self, x: &[f32], hidden: &mut [f32], out: &mut [f32]) {
        let h = self.hidden;
        let len = h.min(hidden.len());
        let hidden = &mut hidden[..len];
        hidden.copy_from_slice(&self.b1[..hidden.len()]);
        for (&xi, row) in x.iter().zip(self.w1.chunks_exact(h)) {
            if xi != 0.0 {
                for (a, &w) in hidden.iter_mut().zip(row) {
                    *a += xi * w;
                }
            }
        }
        for a in hidden.iter_mut() {
            *a = sigmoid(*a);
        }
        for ((o, row), &b) in out.iter_mut().zip(self.w2.chunks_exact(h)).zip(&self.b2) {
            let s: f32 = row.iter().zip(hidden.iter()).map(|(w, a)| w * a).sum();
            *o = sigmoid(s + b);
        }
    }

    /// Reads a weight file.
    ///
    /// # Errors
    ///
    /// A [`NetError`] saying what is wrong with the bytes; never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Mlp, NetError> {
        let mut r = Reader { bytes, pos: 0 };
        if r.take(4)? != MAGIC {
            return Err(NetError::Magic);
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(NetError::Version(version));
        }
        let game = r.text("game name")?;
        let encoding = r.text("encoding")?;
        let inputs = r.size("inputs", MAX_INPUTS)?;
        let hidden = r.size("hidden units", MAX_HIDDEN)?;
        let outputs = r.size("outputs", MAX_OUTPUTS)?;
        let trained_games =
            u64::from_le_bytes(r.take(8)?.try_into().map_err(|_| NetError::Truncated)?);
        let mut index = 0;
        let mut floats = |n: usize| -> Result<Vec<f32>, NetError> {
            let raw = r.take(n * 4)?;
            raw.chunks_exact(4)
                .map(|c| {
                    let v = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                    index += 1;
                    if v.is_finite() {
                        Ok(v)
                    } else {
                        Err(NetError::NotFinite(index - 1))
                    }
                })
                .collect()
        };
        let w1 = floats(inputs * hidden)?;
        let b1 = floats(hidden)?;
        let w2 = floats(outputs * hidden)?;
        let b2 = floats(outputs)?;
        if r.pos != bytes.len() {
            return Err(NetError::TrailingBytes(bytes.len() - r.pos));
        }
        Ok(Mlp {
            game,
            encoding,
            inputs,
            hidden,
            outputs,
            trained_games,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// Reads a weight file from `path`.
    ///
    /// # Errors
    ///
    /// [`NetError::Io`] when the file cannot be read, else as
    /// [`Mlp::from_bytes`].
    pub fn from_path(path: impl AsRef<std::path::Path>) -> Result<Mlp, NetError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| {
            let mut s = String::new();
            let _ = write!(s, "{}: {e}", path.display());
            NetError::Io(s)
        })?;
        Mlp::from_bytes(&bytes)
    }

    /// The weight file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 4 * (self.w1.len() + self.w2.len()));
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for text in [&self.game, &self.encoding] {
            out.extend_from_slice(&(text.len() as u32).to_le_bytes());
            out.extend_from_slice(text.as_bytes());
        }
        for n in [self.inputs, self.hidden, self.outputs] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        out.extend_from_slice(&self.trained_games.to_le_bytes());
        for v in [&self.w1, &self.b1, &self.w2, &self.b2] {
            for x in v.iter() {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }
}

fn check_size(what: &'static str, n: usize, max: usize) -> Result<(), NetError> {
    if n == 0 || n > max {
        return Err(NetError::Size {
            what,
            value: n.min(u32::MAX as usize) as u32,
            max,
        });
    }
    Ok(())
}

fn check_text(what: &'static str, text: &str) -> Result<(), NetError> {
    if text.len() > MAX_TEXT {
        return Err(NetError::BadText(what));
    }
    Ok(())
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetError> {
        let end = self.pos.checked_add(n).ok_or(NetError::Truncated)?;
        let s = self.bytes.get(self.pos..end).ok_or(NetError::Truncated)?;
        self.pos = end;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, NetError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn size(&mut self, what: &'static str, max: usize) -> Result<usize, NetError> {
        let v = self.u32()?;
        check_size(what, v as usize, max)?;
        Ok(v as usize)
    }

    fn text(&mut self, what: &'static str) -> Result<String, NetError> {
        let n = self.u32()? as usize;
        if n > MAX_TEXT {
            return Err(NetError::BadText(what));
        }
        let b = self.take(n)?;
        std::str::from_utf8(b)
            .map(str::to_owned)
            .map_err(|_| NetError::BadText(what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Mlp {
        Mlp::new_random("backgammon", "tables-v1", [5, 3, 2], 1, 0.5).unwrap()
    }

    #[test]
    fn a_net_survives_its_file() {
        let net = small();
        assert_eq!(Mlp::from_bytes(&net.to_bytes()).unwrap(), net);
    }

    #[test]
    fn the_forward_pass_matches_the_formula() {
        let net = small();
        let x = [0.5, 0.0, 1.0, -1.0, 0.25];
        let (mut h, mut o) = ([0.0; 3], [0.0; 2]);
        net.forward(&x, &mut h, &mut o);
        for (j, &hj) in h.iter().enumerate() {
            let s: f32 = net.b1[j] + (0..5).map(|i| x[i] * net.w1[i * 3 + j]).sum::<f32>();
            assert!((hj - sigmoid(s)).abs() < 1e-6);
        }
        for (k, &ok) in o.iter().enumerate() {
            let s: f32 = net.b2[k] + (0..3).map(|j| h[j] * net.w2[k * 3 + j]).sum::<f32>();
            assert!((ok - sigmoid(s)).abs() < 1e-6);
        }
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let good = small().to_bytes();
        assert_eq!(Mlp::from_bytes(b"nope"), Err(NetError::Magic));
        for cut in 0..good.len() {
            assert!(Mlp::from_bytes(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = good.clone();
        long.push(0);
        assert_eq!(Mlp::from_bytes(&long), Err(NetError::TrailingBytes(1)));
        let mut v2 = good.clone();
        v2[4] = 2;
        assert_eq!(Mlp::from_bytes(&v2), Err(NetError::Version(2)));
        let mut nan = good.clone();
        let n = nan.len();
        nan[n - 4..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(matches!(Mlp::from_bytes(&nan), Err(NetError::NotFinite(_))));
        let mut huge = good;
        // The inputs field follows magic, version and the two texts.
        let at = 8 + 4 + "backgammon".len() + 4 + "tables-v1".len();
        huge[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(Mlp::from_bytes(&huge), Err(NetError::Size { .. })));
    }

    proptest::proptest! {
        #[test]
        fn no_bytes_make_the_reader_panic(bytes in proptest::collection::vec(0u8..=255, 0..200)) {
            let _ = Mlp::from_bytes(&bytes);
        }
    }
}
