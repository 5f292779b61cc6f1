//! The sequential probability ratio test for two-agent matches.
//!
//! Model: logistic Elo, generalised SPRT (GSPRT) over colour-swapped pairs
//! (the pentanomial model, as fastchess and Fishtest use). Each pair gives
//! the first agent 0, 1/4, 1/2, 3/4 or 1 (its mean score over the two
//! games). H0: the Elo difference is `elo0`; H1: it is `elo1`; each Elo maps
//! to an expected pair score `s = 1 / (1 + 10^(-elo/400))`. The
//! log-likelihood ratio is that of the two maximum-likelihood distributions
//! over the five outcomes whose mean is `s1` and `s0` respectively
//! (Van den Bergh's GSPRT): `LLR = sum_i n_i ln(p1_i / p0_i)`. Empty
//! outcome classes are given a count of 1e-3 first (Fishtest's
//! regularisation), so that the constrained maxima exist.
//!
//! The test stops when `LLR >= ln((1 - beta) / alpha)` (H1 accepted) or
//! `LLR <= ln(beta / (1 - alpha))` (H0 accepted), checked after every
//! pair in schedule order, so the stopping point does not depend on the
//! number of threads.

use std::fmt;
use std::str::FromStr;

use crate::error::FieldError;
use crate::stats::elo::score_from_elo;

/// The scores of the five pair outcomes, for the first agent.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// What the test says so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Keep playing.
    Continue,
    /// H0 accepted: the difference is `elo0` rather than `elo1`.
    AcceptH0,
    /// H1 accepted.
    AcceptH1,
}

impl SprtDecision {
    /// Words for summaries: `inconclusive`, `H0 accepted`, `H1 accepted`.
    pub fn as_str(self) -> &'static str {
        match self {
            SprtDecision::Continue => "inconclusive",
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
        }
    }

    /// The word in `sprt.csv`: `continue`, `H0` or `H1`.
    pub fn code(self) -> &'static str {
        match self {
            SprtDecision::Continue => "continue",
            SprtDecision::AcceptH0 => "H0",
            SprtDecision::AcceptH1 => "H1",
        }
    }
}

/// The lower and upper LLR bounds of the test.
pub fn bounds(config: &SprtConfig) -> (f64, f64) {
    (
        (config.beta / (1.0 - config.alpha)).ln(),
        ((1.0 - config.beta) / config.alpha).ln(),
    )
}

/// The decision for a log-likelihood ratio.
pub fn decide(config: &SprtConfig, llr: f64) -> SprtDecision {
    let (lower, upper) = bounds(config);
    if llr >= upper {
        SprtDecision::AcceptH1
    } else if llr <= lower {
        SprtDecision::AcceptH0
    } else {
        SprtDecision::Continue
    }
}

/// The maximum-likelihood distribution over `PAIR_SCORES` with mean
/// `mean`, given observed frequencies `freq` (summing to 1, all positive):
/// `q_i = freq_i / (1 + theta (a_i - mean))` with `theta` the root of
/// `sum freq_i (a_i - mean) / (1 + theta (a_i - mean)) = 0`, found by
/// bisection (the sum decreases in `theta`).
fn constrained_mle(freq: &[f64; 5], mean: f64) -> [f64; 5] {
    let d = PAIR_SCORES.map(|a| a - mean);
    // theta keeps every 1 + theta d_i positive: (-1/d_max, -1/d_min).
    let mut low = -1.0 / (1.0 - mean);
    let mut high = 1.0 / mean;
    let f = |theta: f64| -> f64 {
        freq.iter()
            .zip(&d)
            .map(|(p, di)| p * di / (1.0 + theta * di))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let theta = 0.5 * (low + high);
    std::array::from_fn(|i| freq[i] / (1.0 + theta * d[i]))
}

/// The log-likelihood ratio of H1 against H0 for pentanomial counts
/// (`counts[k]` = pairs in which the first agent scored `k / 2` points).
pub fn llr(config: &SprtConfig, counts: &[u64; 5]) -> f64 {
    if counts.iter().sum::<u64>() == 0 {
        return 0.0;
    }
    let regularised = counts.map(|n| if n == 0 { 1e-3 } else { n as f64 });
    let total: f64 = regularised.iter().sum();
    let freq = regularised.map(|n| n / total);
    let p0 = constrained_mle(&freq, score_from_elo(config.elo0));
    let p1 = constrained_mle(&freq, score_from_elo(config.elo1));
    (0..5).map(|i| regularised[i] * (p1[i] / p0[i]).ln()).sum()
}

/// The largest |Elo| an SPRT hypothesis may state: beyond it an expected
/// score is within 1e-5 of 0 or 1 and the test's likelihoods lose their
/// precision (past about 6400 they round to certainty and the LLR is NaN).
pub const MAX_SPRT_ELO: f64 = 2000.0;

/// A sequential probability ratio test between two Elo hypotheses, for
/// two-agent matches (see [`crate::stats::sprt`] for the model).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtConfig {
    /// Elo difference (first agent minus second) under H0.
    pub elo0: f64,
    /// Elo difference under H1; larger than `elo0`.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds (false positive).
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds (false negative).
    pub beta: f64,
}

impl SprtConfig {
    /// The valid keys, for error messages.
    pub const KEYS: &'static str = "elo0, elo1, alpha, beta";
}

impl fmt::Display for SprtConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl FromStr for SprtConfig {
    type Err = FieldError;

    /// Reads `elo0=0,elo1=10[,alpha=0.05][,beta=0.05]`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut elo0 = None;
        let mut elo1 = None;
        let mut alpha = 0.05;
        let mut beta = 0.05;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| FieldError::new("sprt", format!("`{part}` is not key=value")))?;
            let (key, value) = (key.trim(), value.trim());
            let number: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| {
                    FieldError::new(format!("sprt.{key}"), format!("`{value}` is not a number"))
                })?;
            match key {
                "elo0" => elo0 = Some(number),
                "elo1" => elo1 = Some(number),
                "alpha" => alpha = number,
                "beta" => beta = number,
                other => {
                    return Err(FieldError::new(
                        "sprt",
                        format!("unknown key `{other}`; valid keys: {}", Self::KEYS),
                    ))
                }
            }
        }
        let elo0 = elo0.ok_or_else(|| FieldError::new("sprt.elo0", "missing"))?;
        let elo1 = elo1.ok_or_else(|| FieldError::new("sprt.elo1", "missing"))?;
        for (key, elo) in [("sprt.elo0", elo0), ("sprt.elo1", elo1)] {
            if elo.abs() > MAX_SPRT_ELO {
                return Err(FieldError::new(
                    key,
                    format!(
                        "{elo} is outside -{MAX_SPRT_ELO}..{MAX_SPRT_ELO} (the test's \
                         likelihood ratio is not a number there)"
                    ),
                ));
            }
        }
        if elo1 <= elo0 {
            return Err(FieldError::new(
                "sprt.elo1",
                format!("must be larger than elo0 ({elo0})"),
            ));
        }
        for (key, p) in [("sprt.alpha", alpha), ("sprt.beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(FieldError::new(key, format!("{p} is not in (0, 0.5)")));
            }
        }
        Ok(SprtConfig {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(elo0: f64, elo1: f64) -> SprtConfig {
        SprtConfig {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn bounds_by_hand() {
        // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439.
        let (lower, upper) = bounds(&config(0.0, 10.0));
        assert!((lower + 2.944_438_979).abs() < 1e-8);
        assert!((upper - 2.944_438_979).abs() < 1e-8);
        assert_eq!(decide(&config(0.0, 10.0), 3.0), SprtDecision::AcceptH1);
        assert_eq!(decide(&config(0.0, 10.0), -3.0), SprtDecision::AcceptH0);
        assert_eq!(decide(&config(0.0, 10.0), 0.0), SprtDecision::Continue);
    }

    #[test]
    fn the_constrained_mle_has_the_asked_mean() {
        let freq = [0.1, 0.2, 0.3, 0.25, 0.15];
        for mean in [0.2, 0.5, 0.5143, 0.8] {
            let q = constrained_mle(&freq, mean);
            let sum: f64 = q.iter().sum();
            let m: f64 = q.iter().zip(PAIR_SCORES).map(|(q, a)| q * a).sum();
            assert!(
                (sum - 1.0).abs() < 1e-12 && (m - mean).abs() < 1e-12,
                "{q:?}"
            );
        }
        // At the observed mean the MLE is the observation itself.
        let observed: f64 = freq.iter().zip(PAIR_SCORES).map(|(q, a)| q * a).sum();
        let q = constrained_mle(&freq, observed);
        assert!(q.iter().zip(freq).all(|(a, b)| (a - b).abs() < 1e-12));
    }

    #[test]
    fn two_outcomes_by_hand() {
        // Only pairs scoring 0 or 1 (plus the 1e-3 regularisation): the
        // MLE with mean s is nearly (1 - s) at 0 and s at 1, so
        // LLR ~ n1 ln(s1/s0) + n0 ln((1-s1)/(1-s0)). With elo0 = 0 (s0 =
        // 1/2), elo1 = 100 (s1 = 0.640065), 30 pairs at 1 and 10 at 0:
        // 30 ln(1.280130) + 10 ln(0.719870) = 7.40885 - 3.28685 = 4.12200.
        let value = llr(&config(0.0, 100.0), &[10, 0, 0, 0, 30]);
        assert!((value - 4.1220).abs() < 0.01, "{value}");
    }

    #[test]
    fn the_llr_is_finite_within_the_accepted_elo_range() {
        // At the edge of what SprtConfig accepts, and between, every count
        // pattern gives a finite LLR (past about 6400 Elo an expected score
        // rounds to 1 and the LLR is NaN: such bounds are refused).
        let max = MAX_SPRT_ELO;
        let patterns = [
            [1, 0, 0, 0, 0],
            [0, 0, 0, 0, 1],
            [0, 0, 1, 0, 0],
            [3, 1, 0, 2, 9],
            [1_000_000, 0, 0, 0, 1],
            [0, 5, 0, 7, 0],
        ];
        for (elo0, elo1) in [
            (-max, max),
            (max - 0.01, max),
            (-max, -max + 0.01),
            (0.0, max),
        ] {
            let c = SprtConfig {
                alpha: 0.05,
                beta: 0.05,
                elo0,
                elo1,
            };
            for p in &patterns {
                assert!(llr(&c, p).is_finite(), "{elo0} {elo1} {p:?}");
            }
        }
        let beyond = SprtConfig {
            elo1: 1e6,
            ..config(0.0, 10.0)
        };
        assert!(llr(&beyond, &[1, 0, 0, 0, 0]).is_nan());
    }

    #[test]
    fn symmetric_data_and_hypotheses_give_zero() {
        let value = llr(&config(-20.0, 20.0), &[3, 10, 20, 10, 3]);
        assert!(value.abs() < 1e-9, "{value}");
        assert_eq!(llr(&config(0.0, 10.0), &[0; 5]), 0.0);
    }

    #[test]
    fn agrees_with_the_normal_approximation_on_a_large_sample() {
        // For close hypotheses LLR ~ N (s1 - s0)(2 mean - s0 - s1) / (2 var).
        let counts = [400, 1500, 2600, 1800, 500];
        let c = config(0.0, 10.0);
        let n: u64 = counts.iter().sum();
        let mean: f64 = counts
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&k, a)| k as f64 * a)
            .sum::<f64>()
            / n as f64;
        let var: f64 = counts
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&k, a)| k as f64 * (a - mean).powi(2))
            .sum::<f64>()
            / n as f64;
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(10.0));
        let approx = n as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        let exact = llr(&c, &counts);
        assert!(
            (exact - approx).abs() < 0.02 * approx.abs(),
            "{exact} vs {approx}"
        );
        assert_eq!(decide(&c, exact), SprtDecision::AcceptH1);
    }
}
