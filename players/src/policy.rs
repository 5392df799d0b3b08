//! Trained policies as players: a small network from an observation to a
//! score per action, or to one score for the position an action leads to,
//! evaluated natively (no torch at play time).
//!
//! # The policy file
//!
//! A policy is a net file ([`crate::net::file`]) of a policy kind: dense
//! layers with a ReLU after every layer but the last, the first reading a
//! flattened observation tensor of the game. Files are written by
//! `python -m racegames.train`; the legacy `RGPL` layout still reads.
//!
//! The kinds (numbered 1 to 3 in the net file, 0 to 2 in the legacy one):
//!
//! - [`PolicyKind::Actions`]: the net reads the observation of the
//!   player to move, and its last layer gives one logit per action.
//! - [`PolicyKind::Afterstates`]: the last layer gives one value,
//!   the score of a position seen by the player who has just acted. Each
//!   legal action is scored by the position it leads to; an action that
//!   ends the game scores [`TERMINAL_SCORE`] times the actor's return.
//! - [`PolicyKind::Turns`]: the same one score, given to each
//!   distinct position at the end of the player's ply (both dice of a
//!   tables throw: see [`crate::ply`]). The player plays the first action
//!   towards the best end, and chooses afresh at its next decision, so that
//!   the same seed and state give the same action whatever came before
//!   (the best end stays reachable, so at temperature 0 the ply is the one
//!   chosen at its start).
//!
//! The player plays the legal action of highest score (ties to the first
//! listed), or with `temperature > 0` samples the masked softmax of
//! `score / temperature`.

use racegames_board::sim::SplitMix64;

use crate::limit::{Watch, CHECK_EVERY as EVERY_EVALUATION};
use racegames_board::{Action, ActionBuffer, Game, Node};

use crate::ply::{decision_seed, ply_ends, PlyEnds};
use crate::{Player, PlayerError};

use crate::net::dense::Layer;
use crate::net::file::{DenseLayer, NetFile, NetKind, OBSERVATION};
pub use crate::net::file::{
    FileError, PolicyKind, MAGIC, MAX_LAYERS, MAX_WEIGHTS, MAX_WIDTH, VERSION,
};

/// The score of an afterstate where the game is over, per unit of the
/// acting player's return: a finished game needs no net, and a win then
/// outscores any position the net can rate so it is always taken.
pub const TERMINAL_SCORE: f32 = 20.0;

/// Why a policy file could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PolicyError {
    /// The bytes are not a net file ([`FileError`] says why).
    #[error(transparent)]
    File(#[from] FileError),
    /// A text or size is out of range.
    #[error("the policy file's {0} is out of range")]
    Range(&'static str),
    /// Two layers do not chain, or the ends do not fit the game.
    #[error("the policy does not fit: {0}")]
    Mismatch(String),
}

/// A policy network read from a policy file.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyNet {
    game: String,
    observation_len: usize,
    num_actions: usize,
    kind: PolicyKind,
    layers: Vec<Layer>,
}

impl PolicyNet {
    /// Reads a policy file's bytes (a net file of a policy kind, or the
    /// legacy `RGPL` layout).
    ///
    /// # Errors
    ///
    /// A [`PolicyError`] naming what is wrong; never a panic, whatever the bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<PolicyNet, PolicyError> {
        PolicyNet::from_checked(NetFile::from_bytes(bytes)?)
    }

    /// The policy a read net file holds.
    ///
    /// ```
    /// use racegames_players::net::file::{DenseLayer, NetFile, NetKind};
    /// use racegames_players::policy::{PolicyKind, PolicyNet};
    /// let file = NetFile {
    ///     kind: NetKind::Policy(PolicyKind::Afterstates),
    ///     game: "daldos".into(),
    ///     encoding: "observation".into(),
    ///     inputs: 2,
    ///     actions: 5,
    ///     trained_games: 0,
    ///     layers: vec![DenseLayer { inputs: 2, outputs: 1, weights: vec![1.0, -1.0], bias: vec![0.0] }],
    /// };
    /// let net = PolicyNet::from_file(file.clone()).unwrap();
    /// assert_eq!(net.kind(), PolicyKind::Afterstates);
    /// assert_eq!(net.to_file(), file);
    /// assert_eq!(PolicyNet::from_bytes(&net.to_bytes()), Ok(net));
    /// ```
    ///
    /// # Errors
    ///
    /// [`PolicyError::File`] for a file that fails [`NetFile::check`],
    /// [`PolicyError::Mismatch`] for a value net.
    pub fn from_file(file: NetFile) -> Result<PolicyNet, PolicyError> {
        file.check()?;
        PolicyNet::from_checked(file)
    }

    /// [`PolicyNet::from_file`] of a file that passed [`NetFile::check`].
    fn from_checked(file: NetFile) -> Result<PolicyNet, PolicyError> {
        let NetKind::Policy(kind) = file.kind else {
            return Err(PolicyError::Mismatch(
                "the file holds a value net, not a policy".to_owned(),
            ));
        };
        Ok(PolicyNet {
            game: file.game,
            observation_len: file.inputs,
            num_actions: file.actions,
            kind,
            layers: file
                .layers
                .into_iter()
                .map(|l| Layer::new(l.inputs, l.outputs, l.weights, l.bias))
                .collect(),
        })
    }

    /// The policy as a net file's content (see [`PolicyNet::from_file`]).
    pub fn to_file(&self) -> NetFile {
        NetFile {
            kind: NetKind::Policy(self.kind),
            game: self.game.clone(),
            encoding: OBSERVATION.to_owned(),
            inputs: self.observation_len,
            actions: self.num_actions,
            trained_games: 0,
            layers: self
                .layers
                .iter()
                .map(|l| DenseLayer {
                    inputs: l.inputs,
                    outputs: l.outputs,
                    weights: l.weights.clone(),
                    bias: l.bias.clone(),
                })
                .collect(),
        }
    }

    /// The bytes of this net's policy file, in the current net file
    /// layout (what [`PolicyNet::from_bytes`] reads).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_file().to_bytes()
    }

    /// The game the policy was trained for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// What the net scores: actions, or the positions they lead to.
    pub fn kind(&self) -> PolicyKind {
        self.kind
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

    /// The net's first output on `input`: the score of an
    /// [`PolicyKind::Afterstates`] net, whose only output it is (action 0's
    /// logit for the other kind). `scratch` and `out` are working space, as
    /// for [`PolicyNet::logits_of`]: reuse them to avoid allocating.
    pub fn score(&self, input: &[f32], scratch: &mut Vec<f32>, out: &mut Vec<f32>) -> f32 {
        self.logits_of(input, &[0], scratch, out);
        out.first().copied().unwrap_or(f32::MIN)
    }
}

/// Where an action leads, as [`observe_afterstate`] found it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Afterstate {
    /// The game is over; the acting player's return.
    Over(f64),
    /// The acting player's observation of the position was written.
    Observed,
    /// The game could not write that observation.
    Unobservable,
}

/// Plays the legal `action` on a copy of `state` and, unless that ends the
/// game, writes into `obs` the position it leads to as `player` (who plays
/// it) sees it: what an afterstate policy scores, in play and in training
/// batches alike. `returns` (one slot per player) is working space.
pub fn observe_afterstate<G: Game>(
    game: &G,
    state: &G::State,
    player: racegames_board::Seat,
    action: Action,
    obs: &mut [f32],
    returns: &mut [f64],
) -> Afterstate {
    let mut after = *state;
    game.apply_legal(&mut after, action);
    observe_position(game, &after, player, obs, returns)
}

/// Writes into `obs` the position `after` as `player` sees it, or gives
/// `player`'s return where the game is over there: how a
/// [`PolicyKind::Turns`] policy sees the end of a ply. `returns` holds one
/// value per seat; of another length, a terminal `after` is
/// [`Afterstate::Unobservable`].
pub fn observe_position<G: Game>(
    game: &G,
    after: &G::State,
    player: racegames_board::Seat,
    obs: &mut [f32],
    returns: &mut [f64],
) -> Afterstate {
    if game.node(after) == Node::Terminal {
        return match game.returns(after, returns) {
            Ok(()) => Afterstate::Over(returns.get(player.index()).copied().unwrap_or(0.0)),
            Err(_) => Afterstate::Unobservable,
        };
    }
    match game.observe(after, player, obs) {
        Ok(()) => Afterstate::Observed,
        Err(_) => Afterstate::Unobservable,
    }
}

/// Plays a trained policy: the legal action of highest score (its logit,
/// or the score of the position it leads to, as the net's
/// [`PolicyKind`] says), or a sample of the masked softmax at a temperature.
#[derive(Clone, Debug)]
pub struct PolicyPlayer {
    net: std::sync::Arc<PolicyNet>,
    seed: u64,
    temperature: f32,
    /// The observation of the state, or of each afterstate in turn.
    observation: Vec<f32>,
    scratch: Vec<f32>,
    /// One score per legal action, in the order they are listed.
    logits: Vec<f32>,
    /// An afterstate net's output.
    single: Vec<f32>,
    /// Every player's return at a terminal afterstate.
    returns: Vec<f64>,
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
            single: Vec::new(),
            returns: vec![0.0; game.num_players()],
            wanted: Vec::new(),
        })
    }

    /// Chooses an end of `player`'s ply from `state` and gives the first
    /// action towards it.
    fn turn_action<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        player: racegames_board::Seat,
        seed: u64,
    ) -> Option<Action> {
        let ends = self.score_turn_ends(game, state, player);
        let end = ends.ends.get(self.choose(seed))?;
        end.actions.first().copied()
    }

    /// The score of a position `player` has just brought about, as
    /// [`observe_position`] or [`observe_afterstate`] found it (the
    /// observation in `self.observation`).
    fn score_of(&mut self, seen: Afterstate) -> f32 {
        match seen {
            Afterstate::Over(r) => TERMINAL_SCORE * r as f32,
            Afterstate::Observed => {
                self.net
                    .score(&self.observation, &mut self.scratch, &mut self.single)
            }
            Afterstate::Unobservable => f32::MIN,
        }
    }

    /// Writes into `self.logits` the score of each of `actions` by the
    /// position it leads to, seen by `player`, who plays it.
    fn score_afterstates<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        player: racegames_board::Seat,
        actions: &[Action],
    ) {
        self.logits.clear();
        let mut watch = Watch::new();
        for &a in actions {
            if watch.tick(EVERY_EVALUATION) {
                // Past the time limit or interrupted: the rest is unscored.
                self.logits.push(f32::MIN);
                continue;
            }
            let seen = observe_afterstate(
                game,
                state,
                player,
                a,
                &mut self.observation,
                &mut self.returns,
            );
            let score = self.score_of(seen);
            self.logits.push(score);
        }
    }

    /// Scores each end of `player`'s ply from `state` into `self.logits`,
    /// in the order of the ends returned.
    fn score_turn_ends<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        player: racegames_board::Seat,
    ) -> PlyEnds<G::State> {
        let ends = ply_ends(game, state);
        self.logits.clear();
        let mut watch = Watch::new();
        for end in &ends.ends {
            if watch.tick(EVERY_EVALUATION) {
                self.logits.push(f32::MIN);
                continue;
            }
            let seen = observe_position(
                game,
                &end.state,
                player,
                &mut self.observation,
                &mut self.returns,
            );
            let score = self.score_of(seen);
            self.logits.push(score);
        }
        ends
    }

    /// The index of the highest score in `self.logits` (ties to the
    /// first), or at a temperature a sample of their softmax drawn from
    /// `seed`.
    fn choose(&self, seed: u64) -> usize {
        let logits = &self.logits;
        let top = logits.iter().copied().fold(f32::MIN, f32::max);
        if self.temperature == 0.0 {
            // Ties go to the first listed.
            return logits.iter().position(|&l| l == top).unwrap_or(0);
        }
        let weight = |l: f32| f64::from((l - top) / self.temperature).exp();
        let total: f64 = logits.iter().map(|&l| weight(l)).sum();
        let mut u = SplitMix64::new(seed).next_f64() * total;
        for (k, &l) in logits.iter().enumerate() {
            let w = weight(l);
            if u < w {
                return k;
            }
            u -= w;
        }
        logits.len().saturating_sub(1)
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
        if actions.is_empty() {
            // A decision node always has a legal action; a game that broke
            // its rules gets an error, not a panic.
            return Err(PlayerError::NotADecision);
        }
        let seed = decision_seed(self.seed, state);
        match self.net.kind() {
            PolicyKind::Actions => {
                if game.observe(state, player, &mut self.observation).is_err() {
                    // An observation the game cannot write cannot happen for
                    // a decision node; fall back to the first legal action.
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
            }
            PolicyKind::Afterstates => self.score_afterstates(game, state, player, &actions),
            PolicyKind::Turns => {
                let chosen = self.turn_action(game, state, player, seed);
                return Ok(chosen.unwrap_or(actions[0]));
            }
        }
        Ok(actions[self.choose(seed)])
    }

    fn clone_box(&self) -> Box<dyn Player<G>> {
        Box::new(self.clone())
    }
}

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
            ("path", racegames_board::ParamValue::Str(p)) => path = Some(*p),
            ("path", other) => {
                return Err(crate::params::refused(
                    *other,
                    format!(
                        "player policy: path must be a file path, not {}",
                        crate::params::shown(*other)
                    ),
                ))
            }
            (other, value) => {
                return Err(crate::params::refused(
                    *value,
                    format!(
                        "player policy takes path, not {:?}",
                        other.chars().take(48).collect::<String>()
                    ),
                ))
            }
        }
    }
    let path = path.ok_or_else(|| {
        PlayerError::BadParameter("player policy needs path=<policy file>".to_owned())
    })?;
    let bytes = read_policy_file(std::path::Path::new(path))
        .map_err(|e| PlayerError::BadParameter(e.to_string()))?;
    let shown: String = path.chars().take(200).collect();
    let bad = |e: PolicyError| PlayerError::BadParameter(format!("policy file {shown:?}: {e}"));
    let net = PolicyNet::from_bytes(&bytes).map_err(bad)?;
    PolicyPlayer::new(game, std::sync::Arc::new(net), seed, 0.0).map_err(bad)
}

mod file;
pub use file::{read_policy_file, ReadFileError, MAX_FILE_BYTES};

#[cfg(test)]
mod tests;
