//! Mini-batch Adam, for fitting a net to fixed labels.
//!
//! One gradient step a row (TD training's [`crate::td::sgd_step`]) suits
//! self-play, where each target is new. Fitting millions of fixed labels
//! goes further with a batch's averaged gradient and a step size per
//! weight (Kingma and Ba's Adam): the same passes over the rows leave the
//! net nearer its labels. A batch is cut into [`PARTS`] parts, each
//! summed on its own thread and the parts added in order, so a seed gives
//! the same net on any number of cores.

use racegames_players::net::Mlp;

use crate::backprop::RowErrors;

/// The parts a batch is cut into, one thread each.
pub const PARTS: usize = 4;

/// A sum of the rows' gradients of the log-likelihood (the direction that
/// brings the outputs nearer their targets), laid out as the weights:
/// `w1, b1, w2, b2`.
#[derive(Clone, Debug)]
pub struct Gradient {
    sums: Vec<f32>,
    inputs: usize,
    hidden: usize,
    outputs: usize,
}

impl Gradient {
    /// A zero gradient for `net`'s weights.
    pub fn new(net: &Mlp) -> Gradient {
        let (inputs, hidden, outputs) = (net.inputs(), net.hidden(), net.outputs());
        Gradient {
            sums: vec![0.0; inputs * hidden + hidden + outputs * hidden + outputs],
            inputs,
            hidden,
            outputs,
        }
    }

    /// Sets every sum back to zero.
    pub fn clear(&mut self) {
        self.sums.fill(0.0);
    }

    /// Adds the gradient of one row: the cross-entropy of each sigmoid
    /// output against its target in `target`, with inputs `x`.
    pub fn add_row(&mut self, net: &Mlp, x: &[f32], target: &[f32]) {
        let (n_i, n_h, n_o) = (self.inputs, self.hidden, self.outputs);
        let (w1, rest) = self.sums.split_at_mut(n_i * n_h);
        let (b1, rest) = rest.split_at_mut(n_h);
        let (w2, b2) = rest.split_at_mut(n_o * n_h);
        RowErrors::new(net, x, target).add_scaled(x, 1.0, (w1, b1, w2, b2));
    }

    /// Adds another gradient of the same net.
    pub fn add(&mut self, other: &Gradient) {
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
    }
}

/// Adam's moments, one pair a weight.
#[derive(Clone, Debug)]
pub struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl Adam {
    /// Zero moments for `net`'s weights.
    pub fn new(net: &Mlp) -> Adam {
        let n = Gradient::new(net).sums.len();
        Adam {
            first: vec![0.0; n],
            second: vec![0.0; n],
            steps: 0,
        }
    }

    /// Moves `net`'s weights one step of size `lr` along `grad`, the sum
    /// over `rows` rows.
    pub fn step(&mut self, net: &mut Mlp, grad: &Gradient, rows: usize, lr: f32) {
        self.steps += 1;
        let fix1 = 1.0 - BETA1.powi(self.steps);
        let fix2 = 1.0 - BETA2.powi(self.steps);
        let scale = 1.0 / rows.max(1) as f32;
        let (w1, b1, w2, b2) = net.weights_mut();
        let weights = w1.iter_mut().chain(b1).chain(w2.iter_mut()).chain(b2);
        let moments = self.first.iter_mut().zip(self.second.iter_mut());
        for ((w, &g), (m, v)) in weights.zip(&grad.sums).zip(moments) {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w += lr * (*m / fix1) / ((*v / fix2).sqrt() + EPSILON);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use racegames_players::net::MAX_HIDDEN;

    fn net() -> Mlp {
        Mlp::new_random("test", "test-v1", [3, 4, 2], 7, 0.5).unwrap()
    }

    /// The summed gradient is the slope of the log-likelihood: a small
    /// step along it raises the likelihood of the targets.
    #[test]
    fn a_step_along_the_gradient_raises_the_likelihood() {
        let mut net = net();
        let (x, target) = ([1.0, 0.0, 0.5], [0.9, 0.2]);
        let log_likelihood = |net: &Mlp| {
            let (mut h, mut y) = ([0.0; MAX_HIDDEN], [0.0; 2]);
            net.forward(&x, &mut h, &mut y);
            (0..2)
                .map(|k| target[k] * y[k].ln() + (1.0 - target[k]) * (1.0 - y[k]).ln())
                .sum::<f32>()
        };
        let before = log_likelihood(&net);
        let mut grad = Gradient::new(&net);
        grad.add_row(&net, &x, &target);
        let mut adam = Adam::new(&net);
        adam.step(&mut net, &grad, 1, 0.01);
        assert!(log_likelihood(&net) > before);
    }

    /// Rows summed in two gradients and added give the one gradient of
    /// all the rows.
    #[test]
    fn parts_add_up_to_the_whole() {
        let net = net();
        let rows = [
            ([1.0, 0.0, 0.5], [0.9, 0.2]),
            ([0.0, 1.0, 0.25], [0.1, 0.7]),
        ];
        let mut whole = Gradient::new(&net);
        let (mut a, mut b) = (Gradient::new(&net), Gradient::new(&net));
        for (x, t) in &rows {
            whole.add_row(&net, x, t);
        }
        a.add_row(&net, &rows[0].0, &rows[0].1);
        b.add_row(&net, &rows[1].0, &rows[1].1);
        a.add(&b);
        for (p, q) in a.sums.iter().zip(&whole.sums) {
            assert!((p - q).abs() < 1e-6);
        }
        whole.clear();
        assert!(whole.sums.iter().all(|&g| g == 0.0));
    }
}
