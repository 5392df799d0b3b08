//! The one runtime of the nets: dense layers whose hidden units are
//! summed column by column (a zero input, most of an observation or an
//! encoding, is skipped whole) and whose outputs are read row by row (a
//! policy needs only its legal actions' logits). Value nets
//! ([`super::Mlp`]) and policies ([`crate::policy::PolicyNet`]) both run
//! on it; they differ in their activations.

/// Adds `x · column` to `out` for each input `x` and its column of
/// `by_input` (`width` weights per input, by input; the first
/// `out.len()` of each are used); zero inputs cost nothing.
#[inline]
pub(crate) fn add_columns(input: &[f32], by_input: &[f32], width: usize, out: &mut [f32]) {
    if width == 0 {
        return;
    }
    for (&x, column) in input.iter().zip(by_input.chunks_exact(width)) {
        if x != 0.0 {
            for (o, &w) in out.iter_mut().zip(column) {
                *o += x * w;
            }
        }
    }
}

/// One dense layer: `out = weights · in + bias`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layer {
    pub(crate) inputs: usize,
    pub(crate) outputs: usize,
    /// By output row, as in the file: one row per logit of the last layer.
    pub(crate) weights: Vec<f32>,
    /// The same weights by input column, for the hidden layers: a zero
    /// input (most of an observation) is then skipped whole.
    by_input: Vec<f32>,
    pub(crate) bias: Vec<f32>,
}

impl Layer {
    pub(crate) fn new(inputs: usize, outputs: usize, weights: Vec<f32>, bias: Vec<f32>) -> Layer {
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
    pub(crate) fn hidden(&self, input: &[f32], out: &mut Vec<f32>) {
        out.clear();
        out.extend_from_slice(&self.bias);
        add_columns(input, &self.by_input, self.outputs, out);
        for o in out.iter_mut() {
            *o = o.max(0.0);
        }
    }

    /// Output `index` before any activation.
    pub(crate) fn output(&self, input: &[f32], index: usize) -> f32 {
        let row = &self.weights[index * self.inputs..(index + 1) * self.inputs];
        dot(row, input) + self.bias[index]
    }
}

/// A dot product in eight independent sums, which the compiler vectorizes.
pub(crate) fn dot(a: &[f32], b: &[f32]) -> f32 {
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
