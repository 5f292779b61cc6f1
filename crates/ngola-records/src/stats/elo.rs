//! Score fractions, Elo and their intervals.
//!
//! Elo is the logistic model: a score fraction `s` is an Elo difference of
//! `400 * log10(s / (1 - s))`, so 0.5 is 0, 0.64 is about +100, 0.76
//! about +200.
//!
//! Intervals are normal approximations over *units*: a unit is one
//! colour-swapped pair of games (the pentanomial model of fastchess and
//! Fishtest). A unit's score is the mean of its games' scores (draws count
//! half): 0, 1/4, 1/2, 3/4 or 1. With `N` units of scores `x_k`:
//! `s = mean(x_k)`, `var = mean((x_k - s)^2)` (the maximum-likelihood
//! variance, as fastchess uses), `se = sqrt(var / N)`, and the 95%
//! interval of the score is `s ± 1.96 se`, clipped to [0, 1]. The Elo
//! interval is that score interval mapped through the logistic curve (so it
//! is not symmetric). Pairs vary less than single games when the colours
//! matter, so this interval is narrower than the trinomial one, and
//! correct: the pairs, not the games, are independent.
//!
//! When every unit has the same score (all pairs won, or all split), the
//! sample variance is 0 and the normal interval would be a point; the
//! interval is then the Wilson interval over the units (each unit's
//! variance bounded by `s (1 - s)`), e.g. 10 pairs all won give a score of
//! at least 10 / (10 + 1.96^2) = 0.722, Elo >= +166. Like every normal
//! approximation (fastchess's included) the interval is rough for a few
//! units or scores near 0 or 1.

use super::units::UnitCounts;

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference of a score fraction (`±inf` at 1 and 0).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (score / (1.0 - score)).log10()
    }
}

/// The expected score fraction of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A score fraction and its Elo, with 95% intervals, from units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Independent units (colour-swapped pairs) the estimate rests on.
    pub units: u64,
    /// Mean score fraction (NaN without units).
    pub score: f64,
    /// Standard error of `score`.
    pub std_error: f64,
    /// Lower end of the 95% interval of the score.
    pub score_low: f64,
    /// Upper end of the 95% interval of the score.
    pub score_high: f64,
    /// Elo of `score`.
    pub elo: f64,
    /// Elo of `score_low`.
    pub elo_low: f64,
    /// Elo of `score_high`.
    pub elo_high: f64,
}

impl Estimate {
    /// The estimate from unit scores (each in [0, 1]).
    pub fn from_units(units: &[f64]) -> Estimate {
        let n = units.len() as f64;
        Estimate::from_parts(units.len() as u64, units.iter().sum::<f64>(), |score| {
            units.iter().map(|x| (x - score).powi(2)).sum::<f64>() / n
        })
    }

    /// The estimate from unit scores counted by value (the same as
    /// [`Estimate::from_units`] on the list of those units, up to rounding).
    pub fn from_counts(counts: &UnitCounts) -> Estimate {
        let n = counts.count() as f64;
        Estimate::from_parts(counts.count(), counts.sum(), |score| {
            counts.spread(score) / n
        })
    }

    /// The estimate from `count` units whose scores sum to `sum`, given
    /// their variance about a mean.
    fn from_parts(count: u64, sum: f64, variance_about: impl Fn(f64) -> f64) -> Estimate {
        let n = count as f64;
        if count == 0 {
            return Estimate {
                units: 0,
                score: f64::NAN,
                std_error: f64::NAN,
                score_low: f64::NAN,
                score_high: f64::NAN,
                elo: f64::NAN,
                elo_low: f64::NAN,
                elo_high: f64::NAN,
            };
        }
        let score = sum / n;
        let variance = variance_about(score);
        let std_error = (variance / n).sqrt();
        let (score_low, score_high) = if variance == 0.0 {
            // Every unit scored the same: the normal interval would have
            // no width at all. Bound the unit's variance by s (1 - s)
            // instead, i.e. the Wilson interval over the units.
            wilson(score * n, count)
        } else {
            (
                (score - Z95 * std_error).max(0.0),
                (score + Z95 * std_error).min(1.0),
            )
        };
        Estimate {
            units: count,
            score,
            std_error,
            score_low,
            score_high,
            elo: elo_from_score(score),
            elo_low: elo_from_score(score_low),
            elo_high: elo_from_score(score_high),
        }
    }

    /// Likelihood of superiority: the probability, under the same normal
    /// approximation, that the true score is above one half (NaN when
    /// every unit scored the same).
    pub fn los(&self) -> f64 {
        if self.std_error.is_nan() {
            return f64::NAN;
        }
        if self.std_error == 0.0 {
            // Every unit scored the same: no spread to judge by.
            return f64::NAN;
        }
        normal_cdf((self.score - 0.5) / self.std_error)
    }
}

/// The Wilson score interval (95%) of a proportion `points / n`.
///
/// Used for the first player's score with draws counted as half a win.
/// For games without draws it is the textbook binomial interval; with
/// draws a game's score varies less than a win/loss coin with the same
/// mean (`w + d/4 - p^2 <= p (1 - p)`), so the interval is conservative.
pub fn wilson(points: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let n = n as f64;
    let p = points / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At p = 0 or 1 the end is exactly 0 or 1; say so despite rounding.
    let low = if points <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if points >= n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// Newcombe's hybrid score interval (95%) of the difference `a - b` of
/// two independent proportions, from each one's estimate and its Wilson
/// interval ([`wilson`]), each given as `(estimate, low, high)`: Newcombe
/// (1998), method 10. Returns the interval's two ends; NaN where either
/// proportion has no estimate.
pub fn difference_interval(a: (f64, f64, f64), b: (f64, f64, f64)) -> (f64, f64) {
    let (pa, la, ua) = a;
    let (pb, lb, ub) = b;
    let d = pa - pb;
    let low = d - ((pa - la).powi(2) + (ub - pb).powi(2)).sqrt();
    let high = d + ((ua - pa).powi(2) + (pb - lb).powi(2)).sqrt();
    (low, high)
}

/// The standard normal distribution function, via `erfc` (Numerical
/// Recipes' Chebyshev fit, relative error below 1.2e-7).
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        // 0.75 = 3:1 odds: 400 log10 3 = 190.848...
        assert!(close(elo_from_score(0.75), 190.848_501_887_864_98, 1e-9));
        assert!(close(elo_from_score(0.25), -190.848_501_887_864_98, 1e-9));
        assert!(close(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn pair_interval_by_hand() {
        // Four pairs scoring 1, 3/4, 1/2, 3/4: mean 3/4; deviations
        // 1/4, 0, -1/4, 0, so var = (1/16 + 1/16) / 4 = 1/32 and
        // se = sqrt(1/32 / 4) = 1/sqrt(128) = 0.088388...; the interval is
        // 0.75 ± 1.959964 * 0.088388 = [0.576762, 0.923238].
        let e = Estimate::from_units(&[1.0, 0.75, 0.5, 0.75]);
        assert_eq!(e.units, 4);
        assert_eq!(e.score, 0.75);
        assert!(close(e.std_error, 0.088_388_347_648_318_44, 1e-12));
        assert!(close(e.score_low, 0.576_762_022, 1e-8));
        assert!(close(e.score_high, 0.923_237_978, 1e-8));
        // Elo: 400 log10(0.576762/0.423238) = +53.765; 400 log10(0.923238/0.076762) = +432.067.
        assert!(close(e.elo_low, 53.765, 0.001), "{}", e.elo_low);
        assert!(close(e.elo_high, 432.067, 0.001), "{}", e.elo_high);
        // LOS = Phi(0.25 / 0.088388) = Phi(2.828427) = 0.997661.
        assert!(close(e.los(), 0.997_661, 1e-5), "{}", e.los());
    }

    #[test]
    fn identical_units_fall_back_to_wilson_and_intervals_clip() {
        // 10 pairs all won: Wilson's lower end n / (n + z^2) =
        // 10 / 13.841459 = 0.722467, Elo +166.20; the upper end is 1.
        let e = Estimate::from_units(&[1.0; 10]);
        assert!(close(e.score_low, 0.722_467_2, 1e-6), "{}", e.score_low);
        assert!(close(e.elo_low, 166.20, 0.01), "{}", e.elo_low);
        assert_eq!(
            (e.score_high, e.elo, e.elo_high),
            (1.0, f64::INFINITY, f64::INFINITY)
        );
        assert_eq!(e.std_error, 0.0);
        assert!(e.los().is_nan());
        // 4 pairs all split: 0.5 with Wilson's interval (for p = 1/2:
        // centre 1/2, half-width z / (1 + z^2/n) * sqrt(1/(4n) + z^2/(4n^2))
        // = 1.959964 / 1.960365 * 0.350033 = 0.349961).
        let e = Estimate::from_units(&[0.5; 4]);
        assert!(close(e.score_low, 0.5 - 0.349_961, 1e-5), "{}", e.score_low);
        assert!(close(e.score_high, 0.5 + 0.349_961, 1e-5));
        // Two units 0 and 1: s = 1/2, se = 1/2/sqrt(2) = 0.353553, so
        // s ± 0.692965 clips to [0, 1].
        let e = Estimate::from_units(&[0.0, 1.0]);
        assert_eq!((e.score_low, e.score_high), (0.0, 1.0));
        assert!(Estimate::from_units(&[]).score.is_nan());
    }

    #[test]
    fn wilson_by_hand() {
        // 7 of 10: z^2 = 3.841459; centre = (0.7 + 0.192073) / 1.384146
        // = 0.644494; half = 1.959964 / 1.384146 * sqrt(0.021 + 0.009604)
        // = 0.247715; interval [0.396778, 0.892209].
        let (low, high) = wilson(7.0, 10);
        assert!(close(low, 0.396_778, 1e-6), "{low}");
        assert!(close(high, 0.892_209, 1e-6), "{high}");
        // 0 of 5: the lower end is exactly 0, the upper z^2/(n + z^2) = 0.434482.
        let (low, high) = wilson(0.0, 5);
        assert!(close(low, 0.0, 1e-15));
        assert!(close(high, 0.434_482, 1e-6), "{high}");
    }

    #[test]
    fn difference_interval_by_hand() {
        // Newcombe's (1998) example: 56/70 against 48/80, a difference of
        // 0.2 with the interval [0.0524, 0.3339] (method 10).
        let with = |x: f64, n: u64| {
            let (low, high) = wilson(x, n);
            (x / n as f64, low, high)
        };
        let (low, high) = difference_interval(with(56.0, 70), with(48.0, 80));
        assert!(close(low, 0.052_431, 1e-6), "{low}");
        assert!(close(high, 0.333_873, 1e-6), "{high}");
        // The other way round, the same interval negated.
        let (low, high) = difference_interval(with(48.0, 80), with(56.0, 70));
        assert!(close(low, -0.333_873, 1e-6) && close(high, -0.052_431, 1e-6));
        assert!(difference_interval((f64::NAN, 0.0, 1.0), with(1.0, 2))
            .0
            .is_nan());
    }

    #[test]
    fn normal_cdf_known_values() {
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(Z95), 0.975, 1e-7));
        assert!(close(normal_cdf(-1.0), 0.158_655_25, 1e-7));
    }
}
