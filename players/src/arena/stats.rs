//! The arena's statistics: Wilson score intervals and an Elo fit.

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion with its Wilson 95% score interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Successes over trials (0 when there were no trials).
    pub rate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The Wilson 95% score interval of `successes` out of `trials` (draws may
/// be counted as halves, so `successes` is a float).
///
/// Unlike the normal approximation it stays within `[0, 1]` and is sound
/// for rates near 0 or 1, which strong players against weak ones give.
/// With no trials the interval is the whole of `[0, 1]`.
pub fn wilson(successes: f64, trials: usize) -> Interval {
    if trials == 0 {
        return Interval {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let n = trials as f64;
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The mean of `values` and the half-width of its normal 95% interval
/// ([`Z95`] standard errors, the sample variance's): `(0, 0)` for no
/// values, an infinite half-width for one. The one formula of this
/// interval, the Python package's and the training command's.
///
/// ```
/// use racegames_players::arena::stats::mean_interval;
/// let (mean, half) = mean_interval(&[0.0, 1.0, 0.0, 1.0]);
/// assert_eq!(mean, 0.5);
/// assert!((half - 1.959_963_984_540_054 * (1.0f64 / 12.0).sqrt()).abs() < 1e-12);
/// assert_eq!(mean_interval(&[]), (0.0, 0.0));
/// assert_eq!(mean_interval(&[2.0]), (2.0, f64::INFINITY));
/// ```
pub fn mean_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (var / n).sqrt())
}

/// Elo ratings fitted to a table of pairwise results.
///
/// The model is Bradley–Terry, which is Elo's logistic curve: player `i`
/// scores against `j` with probability `γi / (γi + γj)`, and its rating is
/// `400 · log10 γi`. The fit is the maximum-likelihood one, found by the
/// minorisation–maximisation iteration of Hunter (2004):
/// `γi ← Wi / Σj nij / (γi + γj)`, where `Wi` is `i`'s total score (a draw
/// counts half a win to each side) and `nij` the games between `i` and `j`.
///
/// A player who wins (or loses) every game has no finite maximum, so
/// `prior_draws` virtual drawn games are added to every pair that met, as
/// BayesElo does; the ladder uses one. Ratings are shifted to average 0.
///
/// `score[i][j]` is `i`'s score against `j` and `games[i][j]` the number of
/// games between them (symmetric); players who met nobody get 0.
pub fn elo(score: &[Vec<f64>], games: &[Vec<f64>], prior_draws: f64) -> Vec<f64> {
    let n = score.len();
    let met = |i: usize, j: usize| i != j && games[i][j] > 0.0;
    let total = |i: usize| -> f64 {
        (0..n)
            .filter(|&j| met(i, j))
            .map(|j| score[i][j] + prior_draws / 2.0)
            .sum()
    };
    let wins: Vec<f64> = (0..n).map(total).collect();
    let mut gamma = vec![1.0f64; n];
    for _ in 0..100_000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let denom: f64 = (0..n)
                .filter(|&j| met(i, j))
                .map(|j| (games[i][j] + prior_draws) / (gamma[i] + gamma[j]))
                .sum();
            if denom > 0.0 {
                next[i] = wins[i] / denom;
            }
        }
        // Ratings are relative: keep the geometric mean at 1.
        let log_mean = next
            .iter()
            .filter(|g| **g > 0.0)
            .map(|g| g.ln())
            .sum::<f64>()
            / n as f64;
        let scale = (-log_mean).exp();
        let mut change = 0.0f64;
        for (g, old) in next.iter_mut().zip(&gamma) {
            *g *= scale;
            change = change.max((g.ln() - old.ln()).abs());
        }
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let ratings: Vec<f64> = gamma.iter().map(|g| 400.0 * g.log10()).collect();
    let finite: Vec<f64> = ratings.iter().copied().filter(|r| r.is_finite()).collect();
    let mean = finite.iter().sum::<f64>() / finite.len().max(1) as f64;
    ratings.iter().map(|r| r - mean).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Values worked by hand from the formula (z = 1.96):
    /// 8/10: centre (0.8 + 0.19207) / 1.38415 = 0.71674, half-width
    /// 1.41600 · sqrt(0.016 + 0.0096037) = 0.22658, so (0.4902, 0.9433);
    /// 0/10: centre 0.19207 / 1.38415 = 0.13876 = half-width, so (0, 0.2775);
    /// 50/100: 0.5 ± 1.88746 · sqrt(0.0025 + 0.00009604) = 0.5 ± 0.09617;
    /// 10/10: centre 1.19207 / 1.38415 = 0.86124, half-width 1.41600 ·
    /// sqrt(0.0096037) = 0.13877, so (0.7225, 1).
    #[test]
    fn wilson_matches_hand_computed_intervals() {
        let i = wilson(8.0, 10);
        assert!(close(i.rate, 0.8, 1e-12));
        assert!(close(i.low, 0.4902, 1e-4), "{i:?}");
        assert!(close(i.high, 0.9433, 1e-4), "{i:?}");
        let i = wilson(0.0, 10);
        assert!(
            close(i.low, 0.0, 1e-12) && close(i.high, 0.2775, 1e-4),
            "{i:?}"
        );
        let i = wilson(50.0, 100);
        assert!(
            close(i.low, 0.4038, 1e-4) && close(i.high, 0.5962, 1e-4),
            "{i:?}"
        );
        let i = wilson(10.0, 10);
        assert!(
            close(i.low, 0.7225, 1e-4) && close(i.high, 1.0, 1e-12),
            "{i:?}"
        );
        assert_eq!(
            wilson(0.0, 0),
            Interval {
                rate: 0.0,
                low: 0.0,
                high: 1.0
            }
        );
    }

    /// 75 points of 100: γa/γb = 3, a gap of 400 · log10 3 = 190.85.
    #[test]
    fn elo_of_two_players_is_the_logit_of_the_score() {
        let score = vec![vec![0.0, 75.0], vec![25.0, 0.0]];
        let games = vec![vec![0.0, 100.0], vec![100.0, 0.0]];
        let r = elo(&score, &games, 0.0);
        assert!(close(r[0] - r[1], 190.85, 0.01), "{r:?}");
        assert!(close(r[0] + r[1], 0.0, 1e-9));
    }

    /// A table that fits the model exactly (γ = 1, 2, 4; 60 games a pair,
    /// each score its expectation) is fitted exactly: 120.41 points apart
    /// (400 · log10 2), averaging 0, so -120.41, 0, 120.41.
    #[test]
    fn elo_recovers_an_exact_table() {
        // 1 v 2: 1/3 of 60 = 20; 1 v 4: 1/5 = 12; 2 v 4: 1/3 = 20.
        let score = vec![
            vec![0.0, 20.0, 12.0],
            vec![40.0, 0.0, 20.0],
            vec![48.0, 40.0, 0.0],
        ];
        let games = vec![
            vec![0.0, 60.0, 60.0],
            vec![60.0, 0.0, 60.0],
            vec![60.0, 60.0, 0.0],
        ];
        let r = elo(&score, &games, 0.0);
        for (got, want) in r.iter().zip([-120.41, 0.0, 120.41]) {
            assert!(close(*got, want, 0.01), "{r:?}");
        }
    }

    /// A clean sweep stays finite with the prior: 10 of 10 plus one virtual
    /// draw is 10.5 of 11, a ratio of 21, 400 · log10 21 = 528.89 apart.
    #[test]
    fn a_clean_sweep_is_finite_with_the_prior() {
        let score = vec![vec![0.0, 10.0], vec![0.0, 0.0]];
        let games = vec![vec![0.0, 10.0], vec![10.0, 0.0]];
        let r = elo(&score, &games, 1.0);
        assert!(close(r[0] - r[1], 528.89, 0.01), "{r:?}");
    }
}
