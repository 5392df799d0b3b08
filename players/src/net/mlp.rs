//! The value network: one hidden layer of sigmoid units, sigmoid outputs.
//! It is read and written as a net file of kind value ([`super::file`]);
//! in memory the input-to-hidden weights are kept by input, so that a zero
//! input skips its whole row.

use super::file::{DenseLayer, FileError, NetFile, NetKind};

/// The most inputs a net may have.
pub const MAX_INPUTS: usize = 512;
/// The most hidden units a net may have.
pub const MAX_HIDDEN: usize = 512;
/// The most outputs a net may have.
pub const MAX_OUTPUTS: usize = 8;
/// The longest name or encoding text in a weight file.
const MAX_TEXT: usize = super::file::MAX_TEXT;

/// Why a value net could not be read or used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NetError {
    /// The bytes are not a net file ([`FileError`] says why).
    #[error(transparent)]
    File(#[from] FileError),
    /// The file holds a policy, or a value net of other than two layers.
    #[error("the net file holds {0}, not a value net of one hidden layer")]
    NotValue(String),
    /// A text field is too long.
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
    /// A net cannot be widened to fewer hidden units than it has.
    #[error("the net has {has} hidden units; widening it cannot leave it {asked}")]
    Narrower {
        /// The hidden units the net has.
        has: usize,
        /// The hidden units asked for.
        asked: usize,
    },
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
        let mut draw =
            |n: usize| -> Vec<f32> { (0..n).map(|_| uniform(&mut rng, scale)).collect() };
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

    /// Names the game the net is trained for: a net trained further for
    /// another game of the same encoding (a start from a related game's
    /// net) takes the new game's name.
    ///
    /// # Errors
    ///
    /// [`NetError::BadText`] for a name the file format cannot hold.
    ///
    /// ```
    /// use racegames_players::net::Mlp;
    /// let mut net = Mlp::new_random("seys_dos_e_as", "tables-v1", [210, 4, 1], 1, 0.1).unwrap();
    /// net.set_game("quinze_tablas").unwrap();
    /// assert_eq!(net.game(), "quinze_tablas");
    /// ```
    pub fn set_game(&mut self, game: &str) -> Result<(), NetError> {
        check_text("game name", game)?;
        self.game = game.to_owned();
        Ok(())
    }

    /// Moves the net to a longer encoding whose first inputs are this
    /// one's (backgammon's `tables-v2` after `tables-v1`): the new inputs
    /// start with zero weights, so the net's values are unchanged until it
    /// is trained further.
    ///
    /// # Errors
    ///
    /// [`NetError::Mismatch`] when `inputs` is fewer than the net has,
    /// [`NetError::Size`] when more than the format holds,
    /// [`NetError::BadText`] for the encoding.
    ///
    /// ```
    /// use racegames_players::net::Mlp;
    /// let mut net = Mlp::new_random("backgammon", "tables-v1", [210, 4, 5], 1, 0.1).unwrap();
    /// net.extend_inputs("tables-v2", 217).unwrap();
    /// assert_eq!((net.encoding(), net.inputs()), ("tables-v2", 217));
    /// assert!(net.extend_inputs("tables-v1", 210).is_err());
    /// ```
    pub fn extend_inputs(&mut self, encoding: &str, inputs: usize) -> Result<(), NetError> {
        check_size("inputs", inputs, MAX_INPUTS)?;
        check_text("encoding", encoding)?;
        if inputs < self.inputs {
            return Err(NetError::Mismatch {
                expected: encoding.to_owned(),
                expected_inputs: inputs,
                found: self.encoding.clone(),
                found_inputs: self.inputs,
            });
        }
        self.w1.resize(inputs * self.hidden, 0.0);
        self.inputs = inputs;
        self.encoding = encoding.to_owned();
        Ok(())
    }

    /// Adds hidden units, up to `hidden`, with small input weights drawn
    /// from `seed` (uniform in ±`scale`) and zero output weights: the net's
    /// values are unchanged until it is trained further, and the new units
    /// let it learn more.
    ///
    /// # Errors
    ///
    /// [`NetError::Narrower`] when `hidden` is fewer than the net has,
    /// [`NetError::Size`] when it is more than the format holds.
    ///
    /// ```
    /// use racegames_players::net::Mlp;
    /// let mut net = Mlp::new_random("backgammon", "tables-v2", [217, 4, 5], 1, 0.1).unwrap();
    /// let x = [0.5f32; 217];
    /// let (mut h, mut before, mut after) = ([0.0; 8], [0.0; 5], [0.0; 5]);
    /// net.forward(&x, &mut h, &mut before);
    /// net.widen(8, 2, 0.1).unwrap();
    /// net.forward(&x, &mut h, &mut after);
    /// assert_eq!((net.hidden(), before), (8, after));
    /// let err = net.widen(4, 2, 0.1).unwrap_err();
    /// assert_eq!(err.to_string(), "the net has 8 hidden units; widening it cannot leave it 4");
    /// ```
    pub fn widen(&mut self, hidden: usize, seed: u64, scale: f32) -> Result<(), NetError> {
        check_size("hidden units", hidden, MAX_HIDDEN)?;
        if hidden < self.hidden {
            return Err(NetError::Narrower {
                has: self.hidden,
                asked: hidden,
            });
        }
        let old = self.hidden;
        let mut rng = racegames_board::sim::SplitMix64::new(seed);
        let mut w1 = Vec::with_capacity(self.inputs * hidden);
        for row in self.w1.chunks_exact(old.max(1)).take(self.inputs) {
            w1.extend_from_slice(row);
            w1.extend((old..hidden).map(|_| uniform(&mut rng, scale)));
        }
        let mut w2 = Vec::with_capacity(self.outputs * hidden);
        for row in self.w2.chunks_exact(old.max(1)).take(self.outputs) {
            w2.extend_from_slice(row);
            w2.resize(w2.len() + hidden - old, 0.0);
        }
        self.b1.resize(hidden, 0.0);
        (self.w1, self.w2, self.hidden) = (w1, w2, hidden);
        Ok(())
    }

    /// The weights as slices `(w1, b1, w2, b2)`, laid out as
    /// [`Mlp::weights_mut`] gives them.
    pub fn weights(&self) -> (&[f32], &[f32], &[f32], &[f32]) {
        (&self.w1, &self.b1, &self.w2, &self.b2)
    }

    /// The weights as mutable slices `(w1, b1, w2, b2)`, for a trainer:
    /// `w1` input-to-hidden by input (`hidden` per input), `w2`
    /// hidden-to-output by output (`hidden` per output).
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
        super::dense::add_columns(x, &self.w1, h, hidden);
        for a in hidden.iter_mut() {
            *a = sigmoid(*a);
        }
        for ((o, row), &b) in out.iter_mut().zip(self.w2.chunks_exact(h)).zip(&self.b2) {
            let s: f32 = row.iter().zip(hidden.iter()).map(|(w, a)| w * a).sum();
            *o = sigmoid(s + b);
        }
    }

    /// Reads a value net's file ([`super::file`]; the legacy `RGNT`
    /// layout too).
    ///
    /// # Errors
    ///
    /// A [`NetError`] saying what is wrong with the bytes; never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Mlp, NetError> {
        Mlp::from_checked(NetFile::from_bytes(bytes)?)
    }

    /// The value net a read net file holds.
    ///
    /// ```
    /// use racegames_players::net::{Mlp, NetKind};
    /// let net = Mlp::new_random("daldos", "daldos-v1", [4, 2, 1], 7, 0.5).unwrap();
    /// let file = net.to_file();
    /// assert_eq!((file.kind, file.layers.len()), (NetKind::Value, 2));
    /// assert_eq!(Mlp::from_file(file), Ok(net));
    /// ```
    ///
    /// # Errors
    ///
    /// [`NetError::File`] for a file that fails [`NetFile::check`],
    /// [`NetError::NotValue`] for a policy or a net of other than two
    /// layers, [`NetError::Size`] for sizes over this crate's limits.
    pub fn from_file(file: NetFile) -> Result<Mlp, NetError> {
        file.check()?;
        Mlp::from_checked(file)
    }

    /// [`Mlp::from_file`] of a file that passed [`NetFile::check`].
    fn from_checked(file: NetFile) -> Result<Mlp, NetError> {
        if file.kind != NetKind::Value {
            return Err(NetError::NotValue("a policy".to_owned()));
        }
        let NetFile {
            game,
            encoding,
            inputs,
            trained_games,
            layers,
            ..
        } = file;
        let [first, second]: [DenseLayer; 2] = layers
            .try_into()
            .map_err(|l: Vec<DenseLayer>| NetError::NotValue(format!("{} layers", l.len())))?;
        let (hidden, outputs) = (first.outputs, second.outputs);
        check_size("inputs", inputs, MAX_INPUTS)?;
        check_size("hidden units", hidden, MAX_HIDDEN)?;
        check_size("outputs", outputs, MAX_OUTPUTS)?;
        // The file's rows are the hidden units; memory keeps them by input.
        let mut w1 = vec![0.0; inputs * hidden];
        for (j, row) in first.weights.chunks_exact(inputs).enumerate() {
            for (i, &w) in row.iter().enumerate() {
                w1[i * hidden + j] = w;
            }
        }
        Ok(Mlp {
            game,
            encoding,
            inputs,
            hidden,
            outputs,
            trained_games,
            w1,
            b1: first.bias,
            w2: second.weights,
            b2: second.bias,
        })
    }

    /// The net as a net file's content, of kind value (the
    /// input-to-hidden weights by hidden unit, as the file keeps them):
    /// see [`Mlp::from_file`].
    pub fn to_file(&self) -> NetFile {
        let mut rows = vec![0.0; self.inputs * self.hidden];
        for (i, column) in self.w1.chunks_exact(self.hidden).enumerate() {
            for (j, &w) in column.iter().enumerate() {
                rows[j * self.inputs + i] = w;
            }
        }
        NetFile {
            kind: NetKind::Value,
            game: self.game.clone(),
            encoding: self.encoding.clone(),
            inputs: self.inputs,
            actions: 0,
            trained_games: self.trained_games,
            layers: vec![
                DenseLayer {
                    inputs: self.inputs,
                    outputs: self.hidden,
                    weights: rows,
                    bias: self.b1.clone(),
                },
                DenseLayer {
                    inputs: self.hidden,
                    outputs: self.outputs,
                    weights: self.w2.clone(),
                    bias: self.b2.clone(),
                },
            ],
        }
    }

    /// Reads a value net's file from `path` (bounded as
    /// [`super::file::read_net_file`] says).
    ///
    /// # Errors
    ///
    /// [`NetError::Io`] when the file cannot be read, else as
    /// [`Mlp::from_bytes`].
    pub fn from_path(path: impl AsRef<std::path::Path>) -> Result<Mlp, NetError> {
        let bytes =
            super::file::read_net_file(path.as_ref()).map_err(|e| NetError::Io(e.to_string()))?;
        Mlp::from_bytes(&bytes)
    }

    /// The net file's bytes, in the current layout.
    ///
    /// ```
    /// use racegames_players::net::Mlp;
    /// let net = Mlp::new_random("backgammon", "tables-v1", [4, 3, 1], 1, 0.5).unwrap();
    /// assert_eq!(Mlp::from_bytes(&net.to_bytes()), Ok(net));
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_file().to_bytes()
    }
}

/// A starting weight: uniform in ±`scale`.
fn uniform(rng: &mut racegames_board::sim::SplitMix64, scale: f32) -> f32 {
    (rng.next_f64() as f32 * 2.0 - 1.0) * scale
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
        let file = |e| Err(NetError::File(e));
        assert_eq!(Mlp::from_bytes(b"nope"), file(FileError::Magic));
        for cut in 0..good.len() {
            assert!(Mlp::from_bytes(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = good.clone();
        long.push(0);
        assert_eq!(Mlp::from_bytes(&long), file(FileError::TrailingBytes(1)));
        let mut v2 = good.clone();
        v2[4] = 2;
        assert!(matches!(
            Mlp::from_bytes(&v2),
            Err(NetError::File(FileError::Version { version: 2, .. }))
        ));
        let mut nan = good.clone();
        let n = nan.len();
        nan[n - 4..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(matches!(
            Mlp::from_bytes(&nan),
            Err(NetError::File(FileError::NotFinite(_)))
        ));
        let mut huge = good.clone();
        // The inputs field follows magic, version, kind and the two texts.
        let at = 12 + 4 + "backgammon".len() + 4 + "tables-v1".len();
        huge[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(
            Mlp::from_bytes(&huge),
            Err(NetError::File(FileError::Size { .. }))
        ));
        // A policy is not a value net.
        let mut policy = good;
        policy[8] = 1;
        assert!(Mlp::from_bytes(&policy).is_err());
    }

    proptest::proptest! {
        #[test]
        fn no_bytes_make_the_reader_panic(bytes in proptest::collection::vec(0u8..=255, 0..200)) {
            let _ = Mlp::from_bytes(&bytes);
        }
    }
}
