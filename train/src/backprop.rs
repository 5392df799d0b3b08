//! The gradient of one row: the net run forward, its errors carried back
//! through the weights as they are, and a multiple of the gradient added
//! to weights (a step a row) or to sums laid out as weights (a batch).

use racegames_players::net::{Mlp, MAX_HIDDEN, MAX_OUTPUTS};

/// Weights, or sums laid out as weights: `(w1, b1, w2, b2)` as
/// [`Mlp::weights_mut`] gives them.
pub type Layers<'a> = (&'a mut [f32], &'a mut [f32], &'a mut [f32], &'a mut [f32]);

/// One row's errors, from the weights as they were when it was run.
pub struct RowErrors {
    hidden: [f32; MAX_HIDDEN],
    outputs: [f32; MAX_OUTPUTS],
    back: [f32; MAX_HIDDEN],
    n_h: usize,
    n_o: usize,
}

impl RowErrors {
    /// Runs `net` on `x` and measures each sigmoid output against its
    /// target in `target` (the cross-entropy's error, `target − output`).
    pub fn new(net: &Mlp, x: &[f32], target: &[f32]) -> RowErrors {
        let (n_h, n_o) = (net.hidden(), net.outputs());
        let mut e = RowErrors {
            hidden: [0.0; MAX_HIDDEN],
            outputs: [0.0; MAX_OUTPUTS],
            back: [0.0; MAX_HIDDEN],
            n_h,
            n_o,
        };
        let mut y = [0.0f32; MAX_OUTPUTS];
        net.forward(x, &mut e.hidden, &mut y[..n_o]);
        let (_, _, w2, _) = net.weights();
        for k in 0..n_o {
            let d = target[k] - y[k];
            e.outputs[k] = d;
            for (b, w) in e.back[..n_h].iter_mut().zip(&w2[k * n_h..(k + 1) * n_h]) {
                *b += d * w;
            }
        }
        e
    }

    /// Adds `scale` times the row's gradient of the log-likelihood (the
    /// direction that brings the outputs nearer their targets) to `into`;
    /// `x` is the row's inputs, whose zeros cost nothing.
    pub fn add_scaled(&self, x: &[f32], scale: f32, into: Layers) {
        let (w1, b1, w2, b2) = into;
        let (n_h, h) = (self.n_h, &self.hidden[..self.n_h]);
        for k in 0..self.n_o {
            let step = scale * self.outputs[k];
            for (w, a) in w2[k * n_h..(k + 1) * n_h].iter_mut().zip(h) {
                *w += step * a;
            }
            b2[k] += step;
        }
        let mut delta = [0.0f32; MAX_HIDDEN];
        for j in 0..n_h {
            delta[j] = self.back[j] * (h[j] * (1.0 - h[j]) * scale);
            b1[j] += delta[j];
        }
        for (&xi, row) in x.iter().zip(w1.chunks_exact_mut(n_h)) {
            if xi != 0.0 {
                for (w, d) in row.iter_mut().zip(&delta[..n_h]) {
                    *w += xi * d;
                }
            }
        }
    }
}
