//! Self-play TD(λ) training, as TD-Gammon trained.
//!
//! Both seats play the net's greedy choice: at each decision, the
//! end-of-turn position with the best expected return by the net (exact
//! at the end of the game). The positions chosen form the game's
//! sequence; once the game is over each is trained towards its λ-return,
//! `G_t = (1 − λ) V(s_{t+1}) + λ G_{t+1}` (seen from `s_t`'s seat), ending
//! in the result itself, with the cross-entropy gradient of each sigmoid
//! output. Values along the game come from the weights it was played
//! with (the offline λ-return), and updates are made when it ends.

use racegames_board::sim::SplitMix64;
use racegames_board::{Game, Node, Seat};
use racegames_players::net::{flip_outputs, Mlp, NetGame, MAX_HIDDEN, MAX_INPUTS, MAX_OUTPUTS};
use racegames_players::ply::{ply_ends, PlyEnd};

use crate::backprop::RowErrors;

/// The settings of a training run.
#[derive(Clone, Debug, PartialEq)]
pub struct TdOptions {
    /// Self-play games to play.
    pub games: u64,
    /// The seed of the dice (and of a new net's weights).
    pub seed: u64,
    /// The learning rate at the start.
    pub lr: f32,
    /// The learning rate at the end (linear in between).
    pub lr_end: f32,
    /// λ of the λ-return.
    pub lambda: f32,
}

impl Default for TdOptions {
    fn default() -> TdOptions {
        TdOptions {
            games: 1000,
            seed: 1,
            lr: 0.02,
            lr_end: 0.005,
            lambda: 0.7,
        }
    }
}

/// One position of a game: its inputs, the seat they are seen from, and
/// the net's outputs for that seat when it was chosen.
#[derive(Clone, Debug)]
struct Step {
    x: Vec<f32>,
    seat: Seat,
    value: [f32; MAX_OUTPUTS],
}

/// Reusable buffers for the games of a run.
#[derive(Debug, Default)]
pub struct Trainer {
    steps: Vec<Step>,
    spare: Vec<Vec<f32>>,
}

/// The net's outputs for `seat` at `state` (exact at a terminal state),
/// with the inputs written into `x` when the state is not terminal.
/// `None` before the first turn.
fn outputs_for<G: NetGame>(
    game: &G,
    net: &Mlp,
    state: &G::State,
    seat: Seat,
    x: &mut [f32],
    out: &mut [f32; MAX_OUTPUTS],
) -> Option<Seat> {
    let n = net.outputs();
    if game.node(state) == Node::Terminal {
        game.net_outcome(state, seat, &mut out[..n]);
        return Some(seat);
    }
    let from = game.net_encode(state, x)?;
    let mut h = [0.0f32; MAX_HIDDEN];
    net.forward(&x[..net.inputs()], &mut h, &mut out[..n]);
    if from != seat {
        flip_outputs(&mut out[..n]);
    }
    Some(from)
}

/// The index of the end position best for the mover by `net`, and the
/// net's outputs there for the mover. Ties go to the first end listed.
pub fn greedy_choice<G: NetGame>(
    game: &G,
    net: &Mlp,
    mover: Seat,
    ends: &[racegames_players::ply::PlyEnd<G::State>],
) -> (usize, [f32; MAX_OUTPUTS]) {
    let n = net.outputs();
    let mut x = [0.0f32; MAX_INPUTS];
    let mut best = (0, [0.0; MAX_OUTPUTS], f64::NEG_INFINITY);
    for (i, end) in ends.iter().enumerate() {
        let mut out = [0.0; MAX_OUTPUTS];
        if outputs_for(game, net, &end.state, mover, &mut x, &mut out).is_none() {
            continue;
        }
        let u = game.net_utility(&out[..n]);
        if u > best.2 {
            best = (i, out, u);
        }
    }
    (best.0, best.1)
}

/// Plays one game from the start, its chance nodes drawn with `rng`: at each
/// decision, `choose` (given `rng`, the mover and the turn's ends) picks the
/// end played. Returns the state where the game stopped: its end, or a
/// position with no move.
pub fn play_turns<G: Game>(
    game: &G,
    rng: &mut SplitMix64,
    mut choose: impl FnMut(&mut SplitMix64, Seat, &[PlyEnd<G::State>]) -> usize,
) -> G::State {
    let mut state = game.new_initial_state();
    loop {
        match game.node(&state) {
            Node::Terminal => return state,
            Node::Chance => {
                let Some(a) = game.sample_chance(&state, rng.next_f64()) else {
                    return state;
                };
                game.apply_legal(&mut state, a);
            }
            Node::Decision(mover) => {
                let ends = ply_ends(game, &state).ends;
                if ends.is_empty() {
                    return state;
                }
                let i = choose(rng, mover, &ends);
                state = ends[i].state;
            }
        }
    }
}

impl Trainer {
    /// A trainer with empty buffers.
    pub fn new() -> Trainer {
        Trainer::default()
    }

    /// Plays one self-play game with `net` on both seats and trains it on
    /// the game at learning rate `lr`. Returns the number of decisions.
    pub fn train_game<G: NetGame>(
        &mut self,
        game: &G,
        net: &mut Mlp,
        rng: &mut SplitMix64,
        lr: f32,
        lambda: f32,
    ) -> usize {
        let n_in = net.inputs();
        for s in self.steps.drain(..) {
            self.spare.push(s.x);
        }
        let steps = &mut self.steps;
        let spare = &mut self.spare;
        let state = play_turns(game, rng, |_, mover, ends| {
            let (i, _) = greedy_choice(game, net, mover, ends);
            let state = &ends[i].state;
            if game.node(state) == Node::Terminal {
                return i;
            }
            let mut x = spare.pop().unwrap_or_default();
            x.clear();
            x.resize(n_in, 0.0);
            let mut value = [0.0; MAX_OUTPUTS];
            // The chosen position's own seat and outputs.
            let Some(seat) = game.net_encode(state, &mut x) else {
                return i;
            };
            let mut h = [0.0f32; MAX_HIDDEN];
            net.forward(&x[..n_in], &mut h, &mut value[..net.outputs()]);
            x.truncate(n_in);
            steps.push(Step { x, seat, value });
            i
        });
        self.learn(game, net, &state, lr, lambda);
        self.steps.len()
    }

    /// Trains every step of the finished game towards its λ-return.
    fn learn<G: NetGame>(&mut self, game: &G, net: &mut Mlp, end: &G::State, lr: f32, lambda: f32) {
        let n = net.outputs();
        let Some(last) = self.steps.last() else {
            return;
        };
        // The return following the current step, seen from `ret_seat`.
        let mut ret = [0.0f32; MAX_OUTPUTS];
        let mut ret_seat = last.seat;
        game.net_outcome(end, ret_seat, &mut ret[..n]);
        let mut next_value: Option<([f32; MAX_OUTPUTS], Seat)> = None;
        for t in (0..self.steps.len()).rev() {
            let seat = self.steps[t].seat;
            if ret_seat != seat {
                flip_outputs(&mut ret[..n]);
                ret_seat = seat;
            }
            if let Some((mut v, v_seat)) = next_value {
                if v_seat != seat {
                    flip_outputs(&mut v[..n]);
                }
                for k in 0..n {
                    ret[k] = (1.0 - lambda) * v[k] + lambda * ret[k];
                }
            }
            next_value = Some((self.steps[t].value, seat));
            sgd_step(net, &self.steps[t].x, &ret[..n], lr);
        }
    }
}

/// One step of gradient descent on the cross-entropy between the net's
/// outputs at `x` and `target`.
pub fn sgd_step(net: &mut Mlp, x: &[f32], target: &[f32], lr: f32) {
    let errors = RowErrors::new(net, x, target);
    errors.add_scaled(x, lr, net.weights_mut());
}

/// Trains `net` for `opts.games` self-play games, calling `progress` after
/// each game with the number of games played so far; training stops early
/// when `progress` returns `false`.
pub fn train<G: NetGame>(
    game: &G,
    net: &mut Mlp,
    opts: &TdOptions,
    mut progress: impl FnMut(u64, &Mlp) -> bool,
) {
    let mut rng = SplitMix64::new(opts.seed);
    let mut trainer = Trainer::new();
    let start = net.trained_games();
    for g in 0..opts.games {
        let frac = g as f32 / opts.games.max(1) as f32;
        let lr = opts.lr + (opts.lr_end - opts.lr) * frac;
        trainer.train_game(game, net, &mut rng, lr, opts.lambda);
        net.set_trained_games(start + g + 1);
        if !progress(g + 1, net) {
            break;
        }
    }
}
