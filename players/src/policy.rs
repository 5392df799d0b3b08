//! Trained policies as players: a small network from the observation to a
//! score per action, evaluated natively (no torch at play time).
//!
//! # The policy file (version 1)
//!
//! Written by `python -m racegames.train`; all numbers little-endian.
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `RGPL` |
//! | 4 | `u32` format version, 1 |
//! | 4 + n | `u32` length then UTF-8 text: the game's name (at most 64 bytes) |
//! | 4 × 3 | `u32` observation length, number of actions, number of layers `L` |
//! | per layer | `u32` inputs, `u32` outputs, then `f32` weights by output row (`outputs × inputs`), then `f32` biases (`outputs`) |
//!
//! Layers are dense; every layer but the last is followed by a ReLU, and the
//! last gives one logit per action. The first layer reads the game's
//! observation tensor (flattened) of the player to move; each layer reads
//! the one before. The player plays the legal action of highest logit, or
//! with `temperature > 0` samples the masked softmax of `logit / temperature`.

use board_core::sim::SplitMix64;
use board_core::{Action, ActionBuffer, Game, Node};

use crate::ply::decision_seed;
use crate::{Player, PlayerError};

/// The magic bytes that start a policy file.
pub const MAGIC: [u8; 4] = *b"RGPL";
/// The version of the policy file this crate reads.
pub const VERSION: u32 = 1;
/// The most layers a policy may have.
pub const MAX_LAYERS: usize = 8;
/// The widest layer a policy may have (inputs or outputs).
pub const MAX_WIDTH: usize = 1 << 16;
/// The most weights a policy may have, in all (256 MB of `f32`).
pub const MAX_WEIGHTS: usize = 1 << 26;

/// Why a policy file could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PolicyError {
    /// The file does not start with `RGPL`.
    #[error("not a racegames policy file (no RGPL magic)")]
    Magic,
    /// The version is not one this crate reads.
    #[error("policy file version {0} is not supported (this crate reads version 1)")]
    Version(u32),
    /// The file ends early or has bytes after its weights.
    #[error("the policy file is {0}")]
    Length(&'static str),
    /// A text or size is out of range.
    #[error("the policy file's {0} is out of range")]
    Range(&'static str),
    /// Two layers do not chain, or the ends do not fit the game.
    #[error("the policy does not fit: {0}")]
    Mismatch(String),
    /// A weight is NaN or infinite.
    #[error("weight {0} of the policy file is not a finite number")]
    NotFinite(usize),
}

/// One dense layer: `out = weights · in + bias`.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    /// By output row, as in the file: one row per logit of the last layer.
    weights: Vec<f32>,
    /// The same weights by input column, for the hidden layers: a zero
    /// input (most of an observation) is then skipped whole.
    by_input: Vec<f32>,
    bias: Vec<f32>,
}

impl Layer {
    fn new(inputs: usize, outputs: usize, weights: Vec<f32>, bias: Vec<f32>) -> Layer {
        let mut by_input = vec![0.0; weights.len()];
        for (o, row) in weights.chunks_exact(inputs.max(1)).enumerate() {
            for (i, &w) in row.iter().enumerate() {
                by_input[i * outputs + o] = w;
            }
        }
        Layer {
            inputs,
            outputs,
            weights,
            by_input,
            bias,
        }
    }

    /// `out = relu(weights · input + bias)`.
    fn hidden(&self, input: &[f32], out: &mut Vec<f32>) {
        out.clear();
        out.extend_from_slice(&self.bias);
        for (&x, column) in input
            .iter()
            .zip(self.by_input.chunks_exact(self.outputs.max(1)))
        {
            if x != 0.0 {
                for (o, &w) in out.iter_mut().zip(column) {
                    *o += x * w;
                }
            }
        }
        for o in out.iter_mut() {
            *o = o.max(0.0);
        }
    }

    /// Output `index` before any activation.
    fn output(&self, input: &[f32], index: usize) -> f32 {
        let row = &self.weights[index * self.inputs..(index + 1) * self.inputs];
        dot(row, input) + self.bias[index]
    }
}

/// A dot product in eight independent sums, which the compiler vectorizes.
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// A policy network read from a policy file.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyNet {
    game: String,
    observation_len: usize,
    num_actions: usize,
    layers: Vec<Layer>,
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], PolicyError> {
        if self.bytes.len() < n {
            return Err(PolicyError::Length("truncated"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn u32(&mut self) -> Result<u32, PolicyError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn size(&mut self, what: &'static str, max: usize) -> Result<usize, PolicyError> {
        let value = self.u32()? as usize;
        if value == 0 || value > max {
            return Err(PolicyError::Range(what));
        }
        Ok(value)
    }

    fn floats(&mut self, n: usize, first_index: usize) -> Result<Vec<f32>, PolicyError> {
        let bytes = self.take(n.checked_mul(4).ok_or(PolicyError::Range("layer size"))?)?;
        let mut out = Vec::with_capacity(n);
        for (i, b) in bytes.chunks_exact(4).enumerate() {
            let x = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            if !x.is_finite() {
                return Err(PolicyError::NotFinite(first_index + i));
            }
            out.push(x);
        }
        Ok(out)
    }
}

impl PolicyNet {
    /// Reads a policy file's bytes.
    ///
    /// # Errors
    ///
    /// A [`PolicyError`] naming what is wrong; never a panic, whatever the bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<PolicyNet, PolicyError> {
        let mut r = Reader { bytes };
        if r.take(4).map_err(|_| PolicyError::Magic)? != MAGIC {
            return Err(PolicyError::Magic);
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(PolicyError::Version(version));
        }
        let name_len = r.size("game name", 64)?;
        let game = core::str::from_utf8(r.take(name_len)?)
            .map_err(|_| PolicyError::Range("game name"))?
            .to_owned();
        let observation_len = r.size("observation length", MAX_WIDTH)?;
        let num_actions = r.size("number of actions", MAX_WIDTH)?;
        let num_layers = r.size("number of layers", MAX_LAYERS)?;
        let mut layers = Vec::with_capacity(num_layers);
        let mut total = 0usize;
        let mut width = observation_len;
        for index in 0..num_layers {
            let inputs = r.size("layer inputs", MAX_WIDTH)?;
            let outputs = r.size("layer outputs", MAX_WIDTH)?;
            if inputs != width {
                return Err(PolicyError::Mismatch(format!(
                    "layer {index} reads {inputs} values but gets {width}"
                )));
            }
            let count = inputs * outputs;
            if total + count + outputs > MAX_WEIGHTS {
                return Err(PolicyError::Range("number of weights"));
            }
            let weights = r.floats(count, total)?;
            let bias = r.floats(outputs, total + count)?;
            total += count + outputs;
            layers.push(Layer::new(inputs, outputs, weights, bias));
            width = outputs;
        }
        if width != num_actions {
            return Err(PolicyError::Mismatch(format!(
                "the last layer gives {width} values for {num_actions} actions"
            )));
        }
        if !r.bytes.is_empty() {
            return Err(PolicyError::Length("followed by extra bytes"));
        }
        Ok(PolicyNet {
            game,
            observation_len,
            num_actions,
            layers,
        })
    }

    /// The bytes of this net's policy file (what [`PolicyNet::from_bytes`] reads).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&MAGIC);
        let put = |x: u32, out: &mut Vec<u8>| out.extend_from_slice(&x.to_le_bytes());
        put(VERSION, &mut out);
        put(self.game.len() as u32, &mut out);
        out.extend_from_slice(self.game.as_bytes());
        put(self.observation_len as u32, &mut out);
        put(self.num_actions as u32, &mut out);
        put(self.layers.len() as u32, &mut out);
        for layer in &self.layers {
            put(layer.inputs as u32, &mut out);
            put(layer.outputs as u32, &mut out);
            for x in layer.weights.iter().chain(&layer.bias) {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }

    /// The game the policy was trained for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Checks that the policy reads this game's observations and scores its actions.
    ///
    /// # Errors
    ///
    /// [`PolicyError::Mismatch`] naming the difference.
    pub fn check_fits<G: Game>(&self, game: &G) -> Result<(), PolicyError> {
        if self.game != game.name()
            || self.observation_len != game.observation_len()
            || self.num_actions != game.num_distinct_actions()
        {
            return Err(PolicyError::Mismatch(format!(
                "the policy is for {} ({} observation values, {} actions); the game is {} ({}, {})",
                self.game,
                self.observation_len,
                self.num_actions,
                game.name(),
                game.observation_len(),
                game.num_distinct_actions()
            )));
        }
        Ok(())
    }

    /// Writes the logits of `input` into `out`, using `scratch` for the
    /// hidden layers (both grown as needed: reuse them to avoid allocating).
    pub fn logits(&self, input: &[f32], scratch: &mut Vec<f32>, out: &mut Vec<f32>) {
        let all: Vec<usize> = (0..self.num_actions).collect();
        self.logits_of(input, &all, scratch, out);
    }

    /// Writes into `out` the logits of the actions `wanted` only, in their
    /// order: a player needs only its legal actions', and the last layer is
    /// most of the work.
    pub fn logits_of(
        &self,
        input: &[f32],
        wanted: &[usize],
        scratch: &mut Vec<f32>,
        out: &mut Vec<f32>,
    ) {
        let Some((last, hidden)) = self.layers.split_last() else {
            return;
        };
        let mut src = core::mem::take(scratch);
        let mut dst = core::mem::take(out);
        src.clear();
        src.extend_from_slice(input);
        for layer in hidden {
            layer.hidden(&src, &mut dst);
            core::mem::swap(&mut src, &mut dst);
        }
        dst.clear();
        dst.extend(wanted.iter().map(|&a| {
            if a < last.outputs {
                last.output(&src, a)
            } else {
                f32::MIN
            }
        }));
        *out = dst;
        *scratch = src;
    }
}

/// Plays a trained policy: the legal action of highest logit, or a sample of
/// the masked softmax at a temperature.
#[derive(Clone, Debug)]
pub struct PolicyPlayer {
    net: std::sync::Arc<PolicyNet>,
    seed: u64,
    temperature: f32,
    observation: Vec<f32>,
    scratch: Vec<f32>,
    logits: Vec<f32>,
    wanted: Vec<usize>,
}

impl PolicyPlayer {
    /// A player of `net` for `game`.
    ///
    /// # Errors
    ///
    /// [`PolicyError::Mismatch`] when the net was made for another game or
    /// other options; [`PolicyError::Range`] for a negative or non-finite
    /// temperature.
    pub fn new<G: Game>(
        game: &G,
        net: std::sync::Arc<PolicyNet>,
        seed: u64,
        temperature: f32,
    ) -> Result<PolicyPlayer, PolicyError> {
        net.check_fits(game)?;
        if !(temperature >= 0.0 && temperature.is_finite()) {
            return Err(PolicyError::Range("temperature"));
        }
        Ok(PolicyPlayer {
            observation: vec![0.0; game.observation_len()],
            net,
            seed,
            temperature,
            scratch: Vec::new(),
            logits: Vec::new(),
            wanted: Vec::new(),
        })
    }
}

impl<G: Game> Player<G> for PolicyPlayer
where
    G::State: Send,
{
    fn name(&self) -> &str {
        "policy"
    }

    fn act(&mut self, game: &G, state: &G::State) -> Result<Action, PlayerError> {
        let Node::Decision(player) = game.node(state) else {
            return Err(PlayerError::NotADecision);
        };
        let mut actions = ActionBuffer::new();
        game.legal_actions_into(state, &mut actions);
        if game.observe(state, player, &mut self.observation).is_err() {
            // An observation the game cannot write cannot happen for a
            // decision node; fall back to the first legal action.
            return Ok(actions[0]);
        }
        self.wanted.clear();
        self.wanted.extend(actions.iter().map(|&a| a as usize));
        self.net.logits_of(
            &self.observation,
            &self.wanted,
            &mut self.scratch,
            &mut self.logits,
        );
        let logits = &self.logits;
        if self.temperature == 0.0 {
            // Ties go to the lowest action: actions are listed in increasing order.
            let mut best = 0;
            for k in 1..actions.len() {
                if logits[k] > logits[best] {
                    best = k;
                }
            }
            return Ok(actions[best]);
        }
        let top = logits.iter().copied().fold(f32::MIN, f32::max);
        let weights: ActionWeights = logits
            .iter()
            .map(|&l| f64::from((l - top) / self.temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut u = SplitMix64::new(decision_seed(self.seed, state)).next_f64() * total;
        for (&a, w) in actions.iter().zip(&weights) {
            if u < *w {
                return Ok(a);
            }
            u -= w;
        }
        Ok(actions[actions.len() - 1])
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(self.clone())
    }
}

type ActionWeights = arrayvec::ArrayVec<f64, { board_core::ACTION_BUFFER_CAPACITY }>;

/// Builds the `policy` player from its options: `path` (the policy file,
/// required).
///
/// # Errors
///
/// [`PlayerError::BadParameter`] for a missing or unreadable file, a file
/// that is not a policy for this game, or an unknown option.
pub fn make_policy_player<G: Game>(
    game: &G,
    seed: u64,
    params: &crate::Params<'_>,
) -> Result<PolicyPlayer, PlayerError>
where
    G::State: Send,
{
    let mut path = None;
    for (name, value) in params {
        match (*name, value) {
            ("path", board_core::ParamValue::Str(p)) => path = Some(*p),
            ("path", other) => {
                return Err(PlayerError::BadParameter(format!(
                    "player policy: path must be a file path, not {other}"
                )))
            }
            (other, _) => {
                return Err(PlayerError::BadParameter(format!(
                    "player policy takes path, not {:?}",
                    other.chars().take(48).collect::<String>()
                )))
            }
        }
    }
    let path = path.ok_or_else(|| {
        PlayerError::BadParameter("player policy needs path=<policy file>".to_owned())
    })?;
    let bytes = std::fs::read(path)
        .map_err(|e| PlayerError::BadParameter(format!("cannot read policy file {path:?}: {e}")))?;
    let bad = |e: PolicyError| PlayerError::BadParameter(format!("policy file {path:?}: {e}"));
    let net = PolicyNet::from_bytes(&bytes).map_err(bad)?;
    PolicyPlayer::new(game, std::sync::Arc::new(net), seed, 0.0).map_err(bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_core::sim::SplitMix64;
    use tables_core::Tables;

    /// A net whose logits are a fixed linear map of the observation.
    fn net_for(game: &Tables, hidden: usize, seed: u64) -> PolicyNet {
        let mut rng = SplitMix64::new(seed);
        let mut layer = |inputs: usize, outputs: usize| {
            let weights = (0..inputs * outputs)
                .map(|_| rng.next_f64() as f32 - 0.5)
                .collect();
            let bias = (0..outputs).map(|_| rng.next_f64() as f32 - 0.5).collect();
            Layer::new(inputs, outputs, weights, bias)
        };
        PolicyNet {
            game: game.name().to_owned(),
            observation_len: game.observation_len(),
            num_actions: game.num_distinct_actions(),
            layers: vec![
                layer(game.observation_len(), hidden),
                layer(hidden, game.num_distinct_actions()),
            ],
        }
    }

    #[test]
    fn the_logits_of_some_actions_are_those_of_all() {
        let game = Tables::backgammon();
        let mut net = net_for(&game, 40, 5);
        let mut rng = SplitMix64::new(9);
        let extra = (0..40 * 40).map(|_| rng.next_f64() as f32 - 0.5).collect();
        net.layers
            .insert(1, Layer::new(40, 40, extra, vec![0.1; 40]));
        let input: Vec<f32> = (0..game.observation_len())
            .map(|i| {
                if i % 4 == 0 {
                    (i % 7) as f32 / 7.0
                } else {
                    0.0
                }
            })
            .collect();
        let (mut scratch, mut all, mut some) = (Vec::new(), Vec::new(), Vec::new());
        net.logits(&input, &mut scratch, &mut all);
        let wanted = [3, 0, game.num_distinct_actions() - 1, 17];
        net.logits_of(&input, &wanted, &mut scratch, &mut some);
        for (k, &a) in wanted.iter().enumerate() {
            assert!((some[k] - all[a]).abs() <= 1e-5 * (1.0 + all[a].abs()));
        }
    }

    #[test]
    fn a_policy_file_round_trips() {
        let game = Tables::backgammon();
        let net = net_for(&game, 16, 1);
        assert_eq!(PolicyNet::from_bytes(&net.to_bytes()), Ok(net));
    }

    #[test]
    fn a_damaged_policy_file_is_an_error_not_a_panic() {
        let game = Tables::backgammon();
        let bytes = net_for(&game, 8, 2).to_bytes();
        for cut in 0..bytes.len() {
            assert!(
                PolicyNet::from_bytes(&bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            PolicyNet::from_bytes(&longer),
            Err(PolicyError::Length("followed by extra bytes"))
        );
        let mut nan = bytes.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(matches!(
            PolicyNet::from_bytes(&nan),
            Err(PolicyError::NotFinite(_))
        ));
    }

    #[test]
    fn the_logits_are_the_layers_applied_in_turn() {
        let game = Tables::backgammon();
        let net = net_for(&game, 4, 3);
        let input: Vec<f32> = (0..game.observation_len())
            .map(|i| (i % 3) as f32)
            .collect();
        let hidden: Vec<f32> = (0..4)
            .map(|o| {
                let l = &net.layers[0];
                let row = &l.weights[o * l.inputs..(o + 1) * l.inputs];
                (row.iter().zip(&input).map(|(w, x)| w * x).sum::<f32>() + l.bias[o]).max(0.0)
            })
            .collect();
        let l = &net.layers[1];
        let expected: Vec<f32> = (0..l.outputs)
            .map(|o| {
                let row = &l.weights[o * 4..(o + 1) * 4];
                row.iter().zip(&hidden).map(|(w, x)| w * x).sum::<f32>() + l.bias[o]
            })
            .collect();
        let (mut scratch, mut out) = (Vec::new(), Vec::new());
        net.logits(&input, &mut scratch, &mut out);
        assert_eq!(out, expected);
    }

    #[test]
    fn the_policy_plays_its_best_legal_action_and_only_legal_ones() {
        let game = Tables::backgammon();
        let net = std::sync::Arc::new(net_for(&game, 16, 4));
        let mut player = PolicyPlayer::new(&game, net.clone(), 9, 0.0).unwrap();
        let mut warm = PolicyPlayer::new(&game, net, 9, 1.0).unwrap();
        let mut rng = SplitMix64::new(5);
        let mut state = game.new_initial_state();
        let mut decisions = 0;
        while game.node(&state) != Node::Terminal && decisions < 300 {
            if game.node(&state) == Node::Chance {
                let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, a).unwrap();
                continue;
            }
            let a = Player::<Tables>::act(&mut player, &game, &state).unwrap();
            let b = Player::<Tables>::act(&mut warm, &game, &state).unwrap();
            assert!(game.is_legal(&state, a) && game.is_legal(&state, b));
            assert_eq!(b, Player::<Tables>::act(&mut warm, &game, &state).unwrap());
            game.apply(&mut state, a).unwrap();
            decisions += 1;
        }
        assert!(decisions > 10);
    }

    #[test]
    fn a_policy_for_another_game_is_refused() {
        let seys = Tables::seys_dos_e_as();
        let net = std::sync::Arc::new(net_for(&Tables::backgammon(), 4, 6));
        assert!(matches!(
            PolicyPlayer::new(&seys, net, 0, 0.0),
            Err(PolicyError::Mismatch(_))
        ));
    }
}
