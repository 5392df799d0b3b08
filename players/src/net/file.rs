//! The one net file: value nets ([`super::Mlp`]) and policies
//! ([`crate::policy::PolicyNet`]) are both stacks of dense layers, written
//! in one versioned container and read back by one bounded reader.
//!
//! # The net file (version 1)
//!
//! All numbers little-endian.
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `RGNF` |
//! | 4 | `u32` format version, 1 |
//! | 4 | `u32` kind: 0 value net, 1 policy with a logit per action, 2 policy scoring afterstates, 3 policy scoring the ends of a turn ([`NetKind`]) |
//! | 4 + n | `u32` length then UTF-8 text: the game's name (at most 64 bytes) |
//! | 4 + n | `u32` length then UTF-8 text: the input encoding (`tables-v1`, `daldos-v1`; `observation` for a policy, which reads the game's observation tensor) |
//! | 4 × 2 | `u32` number of inputs, `u32` number of actions (0 for a value net) |
//! | 8 | `u64` self-play games it was trained on (0 when not counted) |
//! | 4 | `u32` number of layers `L` (1 to [`MAX_LAYERS`]) |
//! | per layer | `u32` inputs, `u32` outputs, then `f32` weights by output row (`outputs × inputs`), then `f32` biases (`outputs`) |
//!
//! The first layer reads the inputs and each layer the one before. The kind
//! says the activations: a value net has sigmoid hidden units and sigmoid
//! outputs (probabilities), a policy ReLU hidden units and a linear last
//! layer. A policy of kind 1 ends in one logit per action, of kinds 2 and 3
//! in one score. The file ends there; a shorter or longer file, a text over
//! 64 bytes, a size of zero or over [`MAX_WIDTH`], more than
//! [`MAX_WEIGHTS`] weights, layers that do not chain, or a weight that is
//! not finite are refused with a [`FileError`].
//!
//! # Legacy layouts
//!
//! The reader also takes the two layouts that came before (and only
//! reads them; everything is written as above):
//!
//! - `RGNT` version 1, value nets: magic, `u32` version, game and encoding
//!   texts, `u32` inputs, hidden units and outputs, `u64` games, then the
//!   input-to-hidden weights by input, hidden biases, hidden-to-output
//!   weights by output and output biases.
//! - `RGPL` versions 1 and 2, policies: magic, `u32` version, game text,
//!   `u32` observation length and number of actions, in version 2 a `u32`
//!   kind (0 actions, 1 afterstates, 2 turns), `u32` number of layers, then
//!   the layers as above. Its encoding reads as `observation`.
//!
//! `cargo run -p racegames-players --example convert_net -- OLD NEW`
//! rewrites a file in the current layout.
//!
//! ```
//! use racegames_players::net::file::{DenseLayer, NetFile, NetKind};
//!
//! let file = NetFile {
//!     kind: NetKind::Value,
//!     game: "backgammon".into(),
//!     encoding: "tables-v1".into(),
//!     inputs: 2,
//!     actions: 0,
//!     trained_games: 0,
//!     layers: vec![
//!         DenseLayer { inputs: 2, outputs: 1, weights: vec![0.5, -0.5], bias: vec![0.0] },
//!         DenseLayer { inputs: 1, outputs: 1, weights: vec![1.0], bias: vec![0.0] },
//!     ],
//! };
//! let bytes = file.to_bytes();
//! assert_eq!(&bytes[..4], b"RGNF");
//! assert_eq!(NetFile::from_bytes(&bytes), Ok(file));
//! assert!(NetFile::from_bytes(&bytes[..10]).is_err());
//! ```

/// The magic bytes that start a net file.
pub const MAGIC: [u8; 4] = *b"RGNF";
/// The net file version this crate writes (and reads, with the legacy
/// layouts).
pub const VERSION: u32 = 1;
/// The magic of the legacy value net layout.
pub const LEGACY_VALUE_MAGIC: [u8; 4] = *b"RGNT";
/// The magic of the legacy policy layout.
pub const LEGACY_POLICY_MAGIC: [u8; 4] = *b"RGPL";
/// The most layers a net may have.
pub const MAX_LAYERS: usize = 8;
/// The widest layer a net may have (inputs or outputs), and the most
/// actions.
pub const MAX_WIDTH: usize = 1 << 16;
/// The most weights and biases a net may have, in all (256 MB of `f32`).
pub const MAX_WEIGHTS: usize = 1 << 26;
/// The longest game name or encoding text.
pub const MAX_TEXT: usize = 64;
/// The largest file read from disk (the largest net [`MAX_WEIGHTS`]
/// allows is bigger, but no shipped or trained net comes near it).
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The encoding named for a policy: the game's observation tensor.
pub const OBSERVATION: &str = "observation";

/// What a policy's net scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PolicyKind {
    /// Net file kind 1: the observation of the player to move gives one
    /// logit per action (a legacy `RGPL` version-1 file is always this
    /// kind).
    #[default]
    Actions,
    /// Net file kind 2: the observation of a position, seen by the player who has
    /// just acted, gives one score; a player rates each legal action by the
    /// position it leads to.
    Afterstates,
    /// Net file kind 3: the same one score, given to the positions at the end of the
    /// player's ply; a player heads for the best of them.
    Turns,
}

/// What a net is, and so how its layers are activated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetKind {
    /// A value net: sigmoid hidden units, sigmoid outputs, each a
    /// probability (kind 0).
    Value,
    /// A policy: ReLU hidden units and a linear last layer that scores
    /// actions as the [`PolicyKind`] says (kinds 1 to 3).
    Policy(PolicyKind),
}

impl NetKind {
    /// The kind's number in the file.
    pub fn code(self) -> u32 {
        match self {
            NetKind::Value => 0,
            NetKind::Policy(PolicyKind::Actions) => 1,
            NetKind::Policy(PolicyKind::Afterstates) => 2,
            NetKind::Policy(PolicyKind::Turns) => 3,
        }
    }

    /// The kind numbered `code` in the file.
    ///
    /// ```
    /// use racegames_players::net::file::{FileError, NetKind};
    /// use racegames_players::policy::PolicyKind;
    /// assert_eq!(NetKind::from_code(0), Ok(NetKind::Value));
    /// assert_eq!(NetKind::from_code(3), Ok(NetKind::Policy(PolicyKind::Turns)));
    /// assert_eq!(NetKind::Policy(PolicyKind::Actions).code(), 1);
    /// assert_eq!(NetKind::from_code(4), Err(FileError::Kind(4)));
    /// ```
    ///
    /// # Errors
    ///
    /// [`FileError::Kind`] for a number that names no kind.
    pub fn from_code(code: u32) -> Result<NetKind, FileError> {
        Ok(match code {
            0 => NetKind::Value,
            1 => NetKind::Policy(PolicyKind::Actions),
            2 => NetKind::Policy(PolicyKind::Afterstates),
            3 => NetKind::Policy(PolicyKind::Turns),
            _ => return Err(FileError::Kind(code)),
        })
    }
}

/// Why a net file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file starts with none of `RGNF`, `RGNT` or `RGPL`.
    #[error(
        "not a racegames policy file or value net (no RGNF magic, nor the legacy RGPL or RGNT)"
    )]
    Magic,
    /// The version is not one this crate reads for that magic.
    #[error("{magic} file version {version} is not supported (this crate reads {supported})")]
    Version {
        /// The magic, as text.
        magic: &'static str,
        /// The version found.
        version: u32,
        /// The versions read, in words.
        supported: &'static str,
    },
    /// The kind number names no kind.
    #[error("net file kind {0} is unknown (0 value, 1 to 3 policies)")]
    Kind(u32),
    /// The file ends before its declared content.
    #[error("the net file is truncated")]
    Truncated,
    /// Bytes follow the declared content.
    #[error("the net file has {0} bytes after its weights")]
    TrailingBytes(usize),
    /// A text field is too long or not UTF-8.
    #[error("the net file's {0} is not UTF-8 text of at most 64 bytes")]
    BadText(&'static str),
    /// A size is zero (where it may not be) or above the limits.
    #[error("the net file's {what} ({value}) is outside 1..={max}")]
    Size {
        /// Which size.
        what: &'static str,
        /// The size found.
        value: u64,
        /// The largest allowed.
        max: usize,
    },
    /// Two layers do not chain, or the last does not fit the kind.
    #[error("the net does not fit together: {0}")]
    Shape(String),
    /// A weight or bias is NaN or infinite (counted over all layers,
    /// weights before biases).
    #[error("weight {0} of the net file is not a finite number")]
    NotFinite(usize),
}

/// One dense layer: `out = weights · in + bias`, weights by output row.
#[derive(Clone, Debug, PartialEq)]
pub struct DenseLayer {
    /// The values it reads.
    pub inputs: usize,
    /// The values it gives.
    pub outputs: usize,
    /// `outputs × inputs` weights, one row of `inputs` per output.
    pub weights: Vec<f32>,
    /// One bias per output.
    pub bias: Vec<f32>,
}

/// A net file's content, whatever the net: what [`NetFile::from_bytes`]
/// reads and [`NetFile::to_bytes`] writes.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFile {
    /// What the net is.
    pub kind: NetKind,
    /// The game it was trained for.
    pub game: String,
    /// The input encoding it reads ([`OBSERVATION`] for a policy).
    pub encoding: String,
    /// The number of inputs: the first layer's.
    pub inputs: usize,
    /// A policy's number of actions; 0 for a value net.
    pub actions: usize,
    /// The self-play games it was trained on (0 when not counted).
    pub trained_games: u64,
    /// The layers, first to last.
    pub layers: Vec<DenseLayer>,
}

impl NetFile {
    /// Reads a net file's bytes, in the current layout or a legacy one.
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming what is wrong; never a panic, whatever the
    /// bytes, and nothing is allocated beyond what the bytes hold.
    pub fn from_bytes(bytes: &[u8]) -> Result<NetFile, FileError> {
        let mut r = Reader { bytes, pos: 0 };
        let magic = r.take(4).map_err(|_| FileError::Magic)?;
        let file = if magic == MAGIC {
            let version = r.u32()?;
            if version != VERSION {
                return Err(FileError::Version {
                    magic: "RGNF",
                    version,
                    supported: "version 1",
                });
            }
            read_current(&mut r)?
        } else if magic == LEGACY_VALUE_MAGIC {
            read_legacy_value(&mut r)?
        } else if magic == LEGACY_POLICY_MAGIC {
            read_legacy_policy(&mut r)?
        } else {
            return Err(FileError::Magic);
        };
        if r.pos != bytes.len() {
            return Err(FileError::TrailingBytes(bytes.len() - r.pos));
        }
        file.check()?;
        Ok(file)
    }

    /// The file's bytes in the current layout.
    pub fn to_bytes(&self) -> Vec<u8> {
        let weights: usize = self
            .layers
            .iter()
            .map(|l| l.weights.len() + l.bias.len())
            .sum();
        let mut out = Vec::with_capacity(64 + 8 * self.layers.len() + 4 * weights);
        let put = |x: usize, out: &mut Vec<u8>| {
            out.extend_from_slice(&u32::try_from(x).unwrap_or(u32::MAX).to_le_bytes())
        };
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.kind.code().to_le_bytes());
        for text in [&self.game, &self.encoding] {
            put(text.len(), &mut out);
            out.extend_from_slice(text.as_bytes());
        }
        put(self.inputs, &mut out);
        put(self.actions, &mut out);
        out.extend_from_slice(&self.trained_games.to_le_bytes());
        put(self.layers.len(), &mut out);
        for layer in &self.layers {
            put(layer.inputs, &mut out);
            put(layer.outputs, &mut out);
            for x in layer.weights.iter().chain(&layer.bias) {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }

    /// Checks what the layout cannot say alone: texts and sizes within
    /// the limits, layers that chain from the inputs, weights the sizes
    /// say, all finite, and a last layer that fits the kind.
    ///
    /// ```
    /// use racegames_players::net::file::{DenseLayer, FileError, NetFile, NetKind};
    /// let mut file = NetFile {
    ///     kind: NetKind::Value,
    ///     game: "daldos".into(),
    ///     encoding: "daldos-v1".into(),
    ///     inputs: 3,
    ///     actions: 0,
    ///     trained_games: 0,
    ///     layers: vec![DenseLayer { inputs: 3, outputs: 1, weights: vec![0.0; 3], bias: vec![0.0] }],
    /// };
    /// assert_eq!(file.check(), Ok(()));
    /// file.layers[0].bias[0] = f32::NAN;
    /// assert_eq!(file.check(), Err(FileError::NotFinite(3)));
    /// ```
    ///
    /// # Errors
    ///
    /// The [`FileError`] of the first thing wrong.
    pub fn check(&self) -> Result<(), FileError> {
        check_text("game name", &self.game)?;
        check_text("encoding", &self.encoding)?;
        check_size("number of inputs", self.inputs, MAX_WIDTH)?;
        check_size("number of layers", self.layers.len(), MAX_LAYERS)?;
        let mut width = self.inputs;
        let mut index = 0usize;
        for (k, layer) in self.layers.iter().enumerate() {
            check_size("layer inputs", layer.inputs, MAX_WIDTH)?;
            check_size("layer outputs", layer.outputs, MAX_WIDTH)?;
            if layer.inputs != width {
                return Err(FileError::Shape(format!(
                    "layer {k} reads {} values but gets {width}",
                    layer.inputs
                )));
            }
            if layer.weights.len() != layer.inputs.saturating_mul(layer.outputs)
                || layer.bias.len() != layer.outputs
            {
                return Err(FileError::Shape(format!(
                    "layer {k} holds {} weights and {} biases for {} × {}",
                    layer.weights.len(),
                    layer.bias.len(),
                    layer.outputs,
                    layer.inputs
                )));
            }
            for x in layer.weights.iter().chain(&layer.bias) {
                if !x.is_finite() {
                    return Err(FileError::NotFinite(index));
                }
                index += 1;
            }
            width = layer.outputs;
        }
        if index > MAX_WEIGHTS {
            return Err(size_error("number of weights", index, MAX_WEIGHTS));
        }
        match self.kind {
            NetKind::Value if self.actions != 0 => Err(FileError::Shape(format!(
                "a value net scores no actions, not {}",
                self.actions
            ))),
            NetKind::Value => Ok(()),
            NetKind::Policy(kind) => {
                check_size("number of actions", self.actions, MAX_WIDTH)?;
                match kind {
                    PolicyKind::Actions if width != self.actions => {
                        Err(FileError::Shape(format!(
                            "the last layer gives {width} values for {} actions",
                            self.actions
                        )))
                    }
                    PolicyKind::Afterstates | PolicyKind::Turns if width != 1 => {
                        Err(FileError::Shape(format!(
                        "the last layer of a position-scoring policy gives {width} values, not 1 score"
                    )))
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// Reads a net file from `path` with [`read_net_file`], then as
    /// [`NetFile::from_bytes`].
    ///
    /// ```
    /// use racegames_players::net::file::NetFile;
    /// let err = NetFile::from_path(std::path::Path::new("/no/such.net")).unwrap_err();
    /// assert!(err.to_string().contains("cannot read net file"));
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ReadFileError`] that says why, with the path cut short.
    pub fn from_path(path: &std::path::Path) -> Result<NetFile, ReadFileError> {
        let bytes = read_net_file(path)?;
        NetFile::from_bytes(&bytes).map_err(|error| ReadFileError::Content {
            path: shown(path),
            error,
        })
    }
}

/// The current layout after its magic and version.
fn read_current(r: &mut Reader<'_>) -> Result<NetFile, FileError> {
    let kind = NetKind::from_code(r.u32()?)?;
    let game = r.text("game name")?;
    let encoding = r.text("encoding")?;
    let inputs = r.size("number of inputs", MAX_WIDTH)?;
    let actions = r.u32()? as usize;
    let trained_games = r.u64()?;
    let layers = r.layers()?;
    Ok(NetFile {
        kind,
        game,
        encoding,
        inputs,
        actions,
        trained_games,
        layers,
    })
}

/// The legacy value layout (`RGNT` version 1) after its magic: one hidden
/// layer whose weights are stored by input, turned into rows here.
fn read_legacy_value(r: &mut Reader<'_>) -> Result<NetFile, FileError> {
    let version = r.u32()?;
    if version != 1 {
        return Err(FileError::Version {
            magic: "RGNT",
            version,
            supported: "version 1",
        });
    }
    let game = r.text("game name")?;
    let encoding = r.text("encoding")?;
    let inputs = r.size("number of inputs", MAX_WIDTH)?;
    let hidden = r.size("hidden units", MAX_WIDTH)?;
    let outputs = r.size("outputs", MAX_WIDTH)?;
    // Saturating: no overflow where `usize` is 32 bits.
    let count = (inputs.saturating_add(outputs)).saturating_mul(hidden);
    if count > MAX_WEIGHTS {
        return Err(size_error("number of weights", count, MAX_WEIGHTS));
    }
    let trained_games = r.u64()?;
    let by_input = r.floats(inputs * hidden, 0)?;
    let b1 = r.floats(hidden, inputs * hidden)?;
    let w2 = r.floats(outputs * hidden, (inputs + 1) * hidden)?;
    let b2 = r.floats(outputs, (inputs + 1 + outputs) * hidden)?;
    let mut w1 = vec![0.0; inputs * hidden];
    for (i, row) in by_input.chunks_exact(hidden).enumerate() {
        for (j, &w) in row.iter().enumerate() {
            w1[j * inputs + i] = w;
        }
    }
    Ok(NetFile {
        kind: NetKind::Value,
        game,
        encoding,
        inputs,
        actions: 0,
        trained_games,
        layers: vec![
            DenseLayer {
                inputs,
                outputs: hidden,
                weights: w1,
                bias: b1,
            },
            DenseLayer {
                inputs: hidden,
                outputs,
                weights: w2,
                bias: b2,
            },
        ],
    })
}

/// The legacy policy layout (`RGPL` versions 1 and 2) after its magic.
fn read_legacy_policy(r: &mut Reader<'_>) -> Result<NetFile, FileError> {
    let version = r.u32()?;
    if !(1..=2).contains(&version) {
        return Err(FileError::Version {
            magic: "RGPL",
            version,
            supported: "versions 1 and 2",
        });
    }
    let game = r.text("game name")?;
    let inputs = r.size("observation length", MAX_WIDTH)?;
    let actions = r.size("number of actions", MAX_WIDTH)?;
    let kind = if version >= 2 {
        match r.u32()? {
            0 => PolicyKind::Actions,
            1 => PolicyKind::Afterstates,
            2 => PolicyKind::Turns,
            code => return Err(FileError::Kind(code)),
        }
    } else {
        PolicyKind::Actions
    };
    let layers = r.layers()?;
    Ok(NetFile {
        kind: NetKind::Policy(kind),
        game,
        encoding: OBSERVATION.to_owned(),
        inputs,
        actions,
        trained_games: 0,
        layers,
    })
}

fn size_error(what: &'static str, value: usize, max: usize) -> FileError {
    FileError::Size {
        what,
        value: value as u64,
        max,
    }
}

fn check_size(what: &'static str, n: usize, max: usize) -> Result<(), FileError> {
    if n == 0 || n > max {
        return Err(size_error(what, n, max));
    }
    Ok(())
}

fn check_text(what: &'static str, text: &str) -> Result<(), FileError> {
    if text.len() > MAX_TEXT {
        return Err(FileError::BadText(what));
    }
    Ok(())
}

/// A cursor over the bytes that never reads past their end.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FileError> {
        let end = self.pos.checked_add(n).ok_or(FileError::Truncated)?;
        let s = self.bytes.get(self.pos..end).ok_or(FileError::Truncated)?;
        self.pos = end;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, FileError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, FileError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    fn size(&mut self, what: &'static str, max: usize) -> Result<usize, FileError> {
        let v = self.u32()? as usize;
        check_size(what, v, max)?;
        Ok(v)
    }

    fn text(&mut self, what: &'static str) -> Result<String, FileError> {
        let n = self.u32()? as usize;
        if n > MAX_TEXT {
            return Err(FileError::BadText(what));
        }
        let b = self.take(n)?;
        std::str::from_utf8(b)
            .map(str::to_owned)
            .map_err(|_| FileError::BadText(what))
    }

    /// `n` finite floats; the first is weight number `first` of the file.
    fn floats(&mut self, n: usize, first: usize) -> Result<Vec<f32>, FileError> {
        let len = n.checked_mul(4).ok_or(FileError::Truncated)?;
        // Taken before anything is allocated: the bytes bound the size.
        let raw = self.take(len)?;
        let mut out = Vec::with_capacity(n);
        for (i, c) in raw.chunks_exact(4).enumerate() {
            let v = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if !v.is_finite() {
                return Err(FileError::NotFinite(first + i));
            }
            out.push(v);
        }
        Ok(out)
    }

    /// The layer count and the layers, each `u32` inputs, `u32` outputs,
    /// weights by row and biases.
    fn layers(&mut self) -> Result<Vec<DenseLayer>, FileError> {
        let count = self.size("number of layers", MAX_LAYERS)?;
        let mut layers = Vec::with_capacity(count);
        let mut total = 0usize;
        for _ in 0..count {
            let inputs = self.size("layer inputs", MAX_WIDTH)?;
            let outputs = self.size("layer outputs", MAX_WIDTH)?;
            let count = inputs.saturating_mul(outputs);
            let after = total.saturating_add(count).saturating_add(outputs);
            if after > MAX_WEIGHTS {
                return Err(size_error("number of weights", after, MAX_WEIGHTS));
            }
            let weights = self.floats(count, total)?;
            let bias = self.floats(outputs, total + count)?;
            total += count + outputs;
            layers.push(DenseLayer {
                inputs,
                outputs,
                weights,
                bias,
            });
        }
        Ok(layers)
    }
}

mod disk;

use disk::shown;
pub use disk::{read_net_file, ReadFileError};

#[cfg(test)]
mod tests;
