//! A joint rating fit over all games of a run (`ratings.csv`), so that
//! agents that never met (a gauntlet's) get comparable ratings, as Ordo and
//! BayesElo give.
//!
//! Model: logistic Elo. Each agent `i` has a rating `r_i` (the anchor's is
//! 0); in a colour-swapped pair between `a` and `b`, `a`'s pair score `x`
//! (0, 1/4, 1/2, 3/4 or 1: the mean of its two games, draws half) has
//! expectation `E = 1 / (1 + 10^(-(r_a - r_b) / 400))`. The ratings are the
//! maximum of the likelihood `sum over pairs of x ln E + (1 - x) ln(1 - E)`,
//! whose equations say that every agent's expected score equals its actual
//! score (Ordo's condition); found by Newton's method.
//!
//! Intervals: the pairs, not the games, are the independent units, and a
//! pair's score varies as the pentanomial counts say, not as a binomial
//! would. The covariance of the ratings is the sandwich `H^-1 J H^-1`, with
//! `H` the Fisher information of the fit (`sum E (1 - E) d d'` over pairs,
//! `d` the pair's +1/-1 design vector) and `J` the observed spread
//! (`sum (x - E)^2 d d'`): for two agents it is exactly the pentanomial
//! interval of `pairs.csv`, mapped to Elo at the estimate. A pairing whose
//! pairs all scored exactly their expectation (no observed spread, e.g. all
//! pairs split) counts the largest spread a score with that mean can have,
//! `E (1 - E)` per pair, as the per-pairing intervals fall back to Wilson's.
//! The 95% interval is taken on the score scale, as the pairings' are: the
//! expected score against the anchor `E ± 1.96 se_E` (`se_E = se E (1 - E)`
//! by the delta method), clipped to [0, 1] and mapped to Elo, so that the
//! summary's table and its pairing lines agree (for two agents exactly).
//!
//! Perfect scores: if a group of agents never scored a point against the
//! agents it played outside the group, no finite rating separates them and
//! the likelihood has no maximum. The agents are split into groups within
//! which every agent scored, directly or through others, against every
//! other (the strongly connected components of "scored against"); the
//! anchor's group is fitted on its own pairs, an agent of a group that is
//! above the anchor's (by a chain of perfect scores) is `inf`, below it
//! `-inf`, and an agent neither above nor below the anchor's group, or not
//! connected to the anchor by games at all, has no rating (empty).

use std::collections::BTreeMap;

use crate::record::GameRecord;
use crate::stats::elo::{elo_from_score, score_from_elo, Z95};
use crate::stats::units::UnitCounts;

/// Elo points per unit of the natural log-odds.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// One agent's line of `ratings.csv`.
#[derive(Clone, Debug)]
pub struct Rating {
    /// Agent id.
    pub id: u32,
    /// Its name.
    pub agent: String,
    /// The rating, anchor 0: finite, `±inf` (perfect scores), or NaN (no
    /// rating relative to the anchor).
    pub elo: f64,
    /// Standard error of a finite rating (NaN otherwise; 0 for the anchor).
    pub std_error: f64,
    /// Lower end of the 95% interval (NaN where `elo` is not finite).
    pub elo_low: f64,
    /// Upper end of the 95% interval.
    pub elo_high: f64,
    /// Colour-swapped pairs the agent played (the fit's units).
    pub pairs: u64,
    /// Games the agent played.
    pub games: u64,
}

impl PartialEq for Rating {
    /// Equal fields, an undefined (NaN) value equal to another.
    fn eq(&self, other: &Self) -> bool {
        let same = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
        self.id == other.id
            && self.agent == other.agent
            && same(self.elo, other.elo)
            && same(self.std_error, other.std_error)
            && same(self.elo_low, other.elo_low)
            && same(self.elo_high, other.elo_high)
            && (self.pairs, self.games) == (other.pairs, other.games)
    }
}

/// The joint fit of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// The agent rated 0.
    pub anchor: u32,
    /// Every agent, best rating first (no rating last, ties by id).
    pub ratings: Vec<Rating>,
}

/// The units of each pairing of agents `a < b`: `a`'s pair scores.
pub(crate) type PairUnits = BTreeMap<(usize, usize), UnitCounts>;

impl Ratings {
    /// Fits the ratings of the agents `names` (ids are indices) from
    /// `records`, with agent `anchor` at 0.
    pub fn fit(names: &[String], records: &[&GameRecord], anchor: u32) -> Ratings {
        let n = names.len();
        let anchor = (anchor as usize).min(n.saturating_sub(1));
        // Each pair's games in turn: (a, b, a's points, games), a < b.
        let mut ordered: Vec<&GameRecord> = records.to_vec();
        if !ordered.is_sorted_by_key(|r| r.pair) {
            ordered.sort_by_key(|r| r.pair);
        }
        let mut games = vec![0u64; n];
        let mut units = PairUnits::new();
        let mut unit_count = vec![0u64; n];
        let mut current: Option<(u64, usize, usize, f64, u32)> = None;
        let mut close = |unit: Option<(u64, usize, usize, f64, u32)>| {
            if let Some((_, a, b, points, count)) = unit {
                units
                    .entry((a, b))
                    .or_default()
                    .add((points * 2.0).round() as u32, count);
                unit_count[a] += 1;
                unit_count[b] += 1;
            }
        };
        for r in ordered {
            let (s, t) = (r.south_id as usize, r.north_id as usize);
            if s >= n || t >= n || s == t {
                continue;
            }
            games[s] += 1;
            games[t] += 1;
            let (a, b) = (s.min(t), s.max(t));
            let south = r.result.south_score();
            let a_points = if s == a { south } else { 1.0 - south };
            match &mut current {
                Some(unit) if unit.0 == r.pair => {
                    unit.3 += a_points;
                    unit.4 += 1;
                }
                _ => {
                    close(current.take());
                    current = Some((r.pair, a, b, a_points, 1));
                }
            }
        }
        close(current.take());
        Ratings::from_units(names, (&games, &unit_count), &units, anchor as u32)
    }

    /// The fit from the agents' games and units (`(games, pairs)` per
    /// agent) and each pairing's units.
    pub(crate) fn from_units(
        names: &[String],
        (games, unit_count): (&[u64], &[u64]),
        units: &PairUnits,
        anchor: u32,
    ) -> Ratings {
        let n = names.len();
        let anchor = (anchor as usize).min(n.saturating_sub(1));
        let elo = rate(n, anchor, units);
        let mut ratings: Vec<Rating> = (0..n)
            .map(|i| {
                let (value, se) = elo[i];
                let (low, high) = interval(value, se);
                Rating {
                    id: i as u32,
                    agent: names[i].clone(),
                    elo: value,
                    std_error: se,
                    elo_low: low,
                    elo_high: high,
                    pairs: unit_count[i],
                    games: games[i],
                }
            })
            .collect();
        ratings.sort_by(|x, y| {
            let key = |r: &Rating| {
                if r.elo.is_nan() {
                    f64::NEG_INFINITY
                } else {
                    r.elo
                }
            };
            let nan = |r: &Rating| r.elo.is_nan();
            nan(x)
                .cmp(&nan(y))
                .then(key(y).total_cmp(&key(x)))
                .then(x.id.cmp(&y.id))
        });
        Ratings {
            anchor: anchor as u32,
            ratings,
        }
    }
}

/// The 95% interval of a rating `elo` with standard error `se` (Elo),
/// taken on the score scale as the pairings' intervals are: the expected
/// score against the anchor `E`, its standard error `se E (1 - E)` (in
/// nats; the delta method), `E ± 1.96 se_E` clipped to [0, 1] and mapped
/// back to Elo. For two agents it is the pairing's interval seen from the
/// other side; an end at a score of 0 or 1 is `-inf` or `inf`. NaN for a
/// rating that is not finite.
fn interval(elo: f64, se: f64) -> (f64, f64) {
    if !elo.is_finite() {
        return (f64::NAN, f64::NAN);
    }
    let expected = score_from_elo(elo);
    let se_score = se / ELO_PER_NAT * expected * (1.0 - expected);
    (
        elo_from_score((expected - Z95 * se_score).max(0.0)),
        elo_from_score((expected + Z95 * se_score).min(1.0)),
    )
}

/// Each agent's (rating, standard error) in Elo, anchor 0.
fn rate(n: usize, anchor: usize, units: &PairUnits) -> Vec<(f64, f64)> {
    let mut out = vec![(f64::NAN, f64::NAN); n];
    if n == 0 {
        return out;
    }
    // "i scored against j": i -> j.
    let mut scored = vec![vec![false; n]; n];
    for (&(a, b), u) in units {
        let sum = u.sum();
        if sum > 0.0 {
            scored[a][b] = true;
        }
        if sum < u.count() as f64 {
            scored[b][a] = true;
        }
    }
    let reach = reachability(&scored);
    let group: Vec<usize> = (0..n)
        .filter(|&i| reach[i][anchor] && reach[anchor][i])
        .collect();
    for i in 0..n {
        if group.contains(&i) {
            continue;
        }
        out[i].0 = match (reach[i][anchor], reach[anchor][i]) {
            (true, false) => f64::INFINITY,
            (false, true) => f64::NEG_INFINITY,
            _ => f64::NAN,
        };
    }
    // Fit the anchor's group on the pairings inside it.
    let index: BTreeMap<usize, usize> = group
        .iter()
        .filter(|&&i| i != anchor)
        .enumerate()
        .map(|(k, &i)| (i, k))
        .collect();
    let inside: Vec<(usize, usize, &UnitCounts)> = units
        .iter()
        .filter(|(&(a, b), _)| group.contains(&a) && group.contains(&b))
        .map(|(&(a, b), u)| (a, b, u))
        .collect();
    let beta = newton(&index, &inside);
    let cov = sandwich(&index, &inside, &beta);
    out[anchor] = (0.0, 0.0);
    for (&agent, &k) in &index {
        out[agent] = (
            beta[k] * ELO_PER_NAT,
            cov.as_ref()
                .map_or(f64::NAN, |c| c[k][k].max(0.0).sqrt() * ELO_PER_NAT),
        );
    }
    out
}

/// `reach[i][j]`: a chain of "scored against" leads from `i` to `j` (every
/// agent reaches itself).
fn reachability(edges: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let n = edges.len();
    let mut reach: Vec<Vec<bool>> = (0..n)
        .map(|i| (0..n).map(|j| i == j || edges[i][j]).collect())
        .collect();
    for k in 0..n {
        let through = reach[k].clone();
        for row in reach.iter_mut() {
            if row[k] {
                for (cell, &via) in row.iter_mut().zip(&through) {
                    *cell |= via;
                }
            }
        }
    }
    reach
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The rating (natural log-odds) of agent `i`: 0 for the anchor.
fn value(index: &BTreeMap<usize, usize>, beta: &[f64], i: usize) -> f64 {
    index.get(&i).map_or(0.0, |&k| beta[k])
}

/// The log-likelihood, the score vector and the information matrix at
/// `beta`.
fn derivatives(
    index: &BTreeMap<usize, usize>,
    inside: &[(usize, usize, &UnitCounts)],
    beta: &[f64],
) -> (f64, Vec<f64>, Vec<Vec<f64>>) {
    let m = index.len();
    let mut loglik = 0.0;
    let mut grad = vec![0.0; m];
    let mut info = vec![vec![0.0; m]; m];
    for &(a, b, u) in inside {
        let e = sigmoid(value(index, beta, a) - value(index, beta, b));
        let count = u.count() as f64;
        let sum = u.sum();
        loglik += sum * e.max(f64::MIN_POSITIVE).ln()
            + (count - sum) * (1.0 - e).max(f64::MIN_POSITIVE).ln();
        let residual = sum - count * e;
        let weight = count * e * (1.0 - e);
        let (ka, kb) = (index.get(&a).copied(), index.get(&b).copied());
        if let Some(ka) = ka {
            grad[ka] += residual;
            info[ka][ka] += weight;
        }
        if let Some(kb) = kb {
            grad[kb] -= residual;
            info[kb][kb] += weight;
        }
        if let (Some(ka), Some(kb)) = (ka, kb) {
            info[ka][kb] -= weight;
            info[kb][ka] -= weight;
        }
    }
    (loglik, grad, info)
}

/// The maximum-likelihood ratings (natural log-odds, anchor excluded):
/// Newton steps, halved while they lower the likelihood.
fn newton(index: &BTreeMap<usize, usize>, inside: &[(usize, usize, &UnitCounts)]) -> Vec<f64> {
    let m = index.len();
    let mut beta = vec![0.0; m];
    if m == 0 {
        return beta;
    }
    for _ in 0..200 {
        let (loglik, grad, info) = derivatives(index, inside, &beta);
        let Some(step) = solve(&info, &grad) else {
            break;
        };
        let mut scale = 1.0;
        let mut moved = false;
        for _ in 0..60 {
            let trial: Vec<f64> = beta.iter().zip(&step).map(|(b, s)| b + scale * s).collect();
            if derivatives(index, inside, &trial).0 >= loglik - 1e-12 * loglik.abs() {
                beta = trial;
                moved = true;
                break;
            }
            scale /= 2.0;
        }
        let size = step.iter().fold(0.0f64, |m, s| m.max((scale * s).abs()));
        if !moved || size < 1e-13 {
            break;
        }
    }
    beta
}

/// The sandwich covariance `H^-1 J H^-1` of the ratings (natural log-odds),
/// or `None` if the information is singular.
fn sandwich(
    index: &BTreeMap<usize, usize>,
    inside: &[(usize, usize, &UnitCounts)],
    beta: &[f64],
) -> Option<Vec<Vec<f64>>> {
    let m = index.len();
    if m == 0 {
        return Some(Vec::new());
    }
    let (_, _, info) = derivatives(index, inside, beta);
    let mut spread = vec![vec![0.0; m]; m];
    for &(a, b, u) in inside {
        let e = sigmoid(value(index, beta, a) - value(index, beta, b));
        let mut v = u.spread(e);
        if v <= 1e-15 {
            v = u.count() as f64 * e * (1.0 - e);
        }
        let (ka, kb) = (index.get(&a).copied(), index.get(&b).copied());
        if let Some(ka) = ka {
            spread[ka][ka] += v;
        }
        if let Some(kb) = kb {
            spread[kb][kb] += v;
        }
        if let (Some(ka), Some(kb)) = (ka, kb) {
            spread[ka][kb] -= v;
            spread[kb][ka] -= v;
        }
    }
    let inverse = invert(&info)?;
    let left = multiply(&inverse, &spread);
    Some(multiply(&left, &inverse))
}

fn multiply(x: &[Vec<f64>], y: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let m = x.len();
    (0..m)
        .map(|i| {
            (0..m)
                .map(|j| (0..m).map(|k| x[i][k] * y[k][j]).sum())
                .collect()
        })
        .collect()
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None`
/// if `a` is singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let m = a.len();
    let mut rows: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| {
            let mut row = row.clone();
            row.push(v);
            row
        })
        .collect();
    let scale = a
        .iter()
        .flatten()
        .fold(0.0f64, |s, v| s.max(v.abs()))
        .max(f64::MIN_POSITIVE);
    for col in 0..m {
        let pivot = (col..m).max_by(|&i, &j| rows[i][col].abs().total_cmp(&rows[j][col].abs()))?;
        if rows[pivot][col].abs() <= 1e-12 * scale {
            return None;
        }
        rows.swap(col, pivot);
        let (done, below) = rows.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for row in below.iter_mut() {
            let f = row[col] / pivot_row[col];
            if f != 0.0 {
                for (cell, &p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *cell -= f * p;
                }
            }
        }
    }
    let mut x = vec![0.0; m];
    for i in (0..m).rev() {
        let rest: f64 = (i + 1..m).map(|j| rows[i][j] * x[j]).sum();
        x[i] = (rows[i][m] - rest) / rows[i][i];
    }
    Some(x)
}

fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let columns: Option<Vec<Vec<f64>>> = (0..m)
        .map(|j| {
            let unit: Vec<f64> = (0..m).map(|i| f64::from(u8::from(i == j))).collect();
            solve(a, &unit)
        })
        .collect();
    let columns = columns?;
    Some(
        (0..m)
            .map(|i| (0..m).map(|j| columns[j][i]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{GameResult, Reason};

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// A pair of games between `a` and `b` in which `a` scores `points`
    /// (0, 0.5, 1, 1.5 or 2).
    fn pair(records: &mut Vec<GameRecord>, a: u32, b: u32, points: f64) {
        let pair = records.len() as u64 / 2;
        let results = match (points * 2.0).round() as u32 {
            0 => [GameResult::North, GameResult::South],
            1 => [GameResult::Draw, GameResult::South],
            2 => [GameResult::South, GameResult::South],
            3 => [GameResult::South, GameResult::Draw],
            _ => [GameResult::South, GameResult::North],
        };
        // Game 1: a South; game 2: b South.
        for (k, result) in results.into_iter().enumerate() {
            let (south, north) = if k == 0 { (a, b) } else { (b, a) };
            records.push(GameRecord {
                game: 2 * pair + k as u64,
                pair,
                pairing: 0,
                south_id: south,
                north_id: north,
                south: String::new(),
                north: String::new(),
                seed: 0,
                result,
                plies: 10,
                south_total: 0,
                north_total: 0,
                reason: Reason::Rules(ngola_rules::EndReason::Natural),
                time_s: 0.0,
                opening: String::new(),
                moves: String::new(),
                fault: String::new(),
            });
        }
    }

    fn fit(n: usize, records: &[GameRecord], anchor: u32) -> Vec<Rating> {
        let names: Vec<String> = (0..n).map(|i| format!("agent{i}")).collect();
        let refs: Vec<&GameRecord> = records.iter().collect();
        let mut r = Ratings::fit(&names, &refs, anchor).ratings;
        r.sort_by_key(|r| r.id);
        r
    }

    #[test]
    fn two_agents_by_hand() {
        // Four pairs scoring 1, 3/4, 1/2, 3/4 for agent 1 against agent 0:
        // mean 3/4, so r1 = 400 log10 3 = 190.849; E(1 - E) = 3/16 per
        // pair, H = 4 * 3/16 = 0.75, J = 1/16 + 0 + 1/16 + 0 = 0.125, var =
        // J / H^2 = 0.222222 (nats^2), se = 0.471405 nats = 81.891 Elo.
        let mut records = Vec::new();
        for points in [0.0, 0.5, 1.0, 0.5] {
            pair(&mut records, 0, 1, points);
        }
        let r = fit(2, &records, 0);
        assert_eq!((r[0].elo, r[0].std_error), (0.0, 0.0));
        assert!(close(r[1].elo, 190.848_502, 1e-5), "{}", r[1].elo);
        assert!(close(r[1].std_error, 81.891_09, 1e-3), "{}", r[1].std_error);
        // The interval on the score scale: se_E = se E (1 - E) = 0.0883883
        // (the pentanomial standard error of the four pair scores), 0.75 ±
        // 0.173237 = [0.576763, 0.923237], Elo [+53.765, +432.067]: the
        // pairing's own interval, as `pairs.csv` gives it.
        assert!(close(r[1].elo_low, 53.765, 1e-2), "{}", r[1].elo_low);
        assert!(close(r[1].elo_high, 432.067, 1e-2), "{}", r[1].elo_high);
        let pairing = crate::stats::Estimate::from_units(&[1.0, 0.75, 0.5, 0.75]);
        assert!(close(r[1].elo_low, pairing.elo_low, 1e-6));
        assert!(close(r[1].elo_high, pairing.elo_high, 1e-6));
        assert_eq!((r[1].pairs, r[1].games), (4, 8));
    }

    #[test]
    fn bradley_terry_strengths_one_three_nine() {
        // Strengths 1 : 3 : 9 give expected scores 3/4 (1 over 0 and 2
        // over 1) and 9/10 (2 over 0); data with exactly these means is
        // fitted by ratings 0, 400 log10 3 = 190.849 and 400 log10 9 =
        // 381.697.
        let mut records = Vec::new();
        for points in [2.0, 2.0, 1.0, 1.0] {
            pair(&mut records, 1, 0, points);
            pair(&mut records, 2, 1, points);
        }
        for k in 0..10 {
            pair(&mut records, 2, 0, if k < 6 { 2.0 } else { 1.5 });
        }
        let r = fit(3, &records, 0);
        assert!(close(r[1].elo, 190.848_502, 1e-6), "{}", r[1].elo);
        assert!(close(r[2].elo, 381.697_004, 1e-6), "{}", r[2].elo);
        // Anchored on agent 1 instead: the same differences.
        let s = fit(3, &records, 1);
        assert!(close(s[0].elo, -190.848_502, 1e-6) && close(s[2].elo, 190.848_502, 1e-6));
        assert!(close(s[1].elo, 0.0, 0.0));
    }

    #[test]
    fn relabelling_and_reversing_results_mirror_the_ratings() {
        // A gauntlet with uneven results; swapping every result negates
        // every rating, and the fit's equations hold: each agent's expected
        // score over its pairs equals its actual score.
        let mut records = Vec::new();
        let scores = [
            (1, [2.0, 1.0, 0.5, 1.5, 1.0]),
            (2, [0.0, 0.5, 1.0, 0.5, 1.5]),
            (3, [1.5, 2.0, 1.0, 2.0, 0.5]),
        ];
        for (b, points) in scores {
            for p in points {
                pair(&mut records, 0, b, p);
            }
        }
        pair(&mut records, 1, 2, 1.5);
        pair(&mut records, 2, 3, 0.5);
        let r = fit(4, &records, 0);
        let mut mirrored = Vec::new();
        for (b, points) in scores {
            for p in points {
                pair(&mut mirrored, 0, b, 2.0 - p);
            }
        }
        pair(&mut mirrored, 1, 2, 0.5);
        pair(&mut mirrored, 2, 3, 1.5);
        let m = fit(4, &mirrored, 0);
        for i in 0..4 {
            assert!(
                close(r[i].elo, -m[i].elo, 1e-6),
                "{} vs {}",
                r[i].elo,
                m[i].elo
            );
            assert!(close(r[i].std_error, m[i].std_error, 1e-6));
        }
        // The score equations: sum over agent 1's pairs of (x - E) = 0.
        let e = |d: f64| 1.0 / (1.0 + 10f64.powf(-d / 400.0));
        let mut residual = 0.0;
        for p in scores[0].1 {
            residual += (2.0 - p) / 2.0 - e(r[1].elo - r[0].elo);
        }
        residual += 0.75 - e(r[1].elo - r[2].elo);
        assert!(residual.abs() < 1e-9, "{residual}");
    }

    #[test]
    fn perfect_scores_and_strangers_have_no_finite_rating() {
        // 0 and 1 trade wins; 2 beats 1 every time; 3 loses every game to
        // 0; 4 only plays 5.
        let mut records = Vec::new();
        pair(&mut records, 0, 1, 1.5);
        pair(&mut records, 0, 1, 0.5);
        pair(&mut records, 2, 1, 2.0);
        pair(&mut records, 3, 0, 0.0);
        pair(&mut records, 4, 5, 1.0);
        let r = fit(7, &records, 0);
        assert!(r[0].elo == 0.0 && close(r[1].elo, 0.0, 1e-9));
        assert_eq!(r[2].elo, f64::INFINITY);
        assert_eq!(r[3].elo, f64::NEG_INFINITY);
        assert!(r[4].elo.is_nan() && r[5].elo.is_nan() && r[6].elo.is_nan());
        assert!(r[2].elo_low.is_nan() && r[2].std_error.is_nan());
        // Best first, no rating last.
        let names: Vec<String> = (0..7).map(|i| i.to_string()).collect();
        let refs: Vec<&GameRecord> = records.iter().collect();
        let order: Vec<u32> = Ratings::fit(&names, &refs, 0)
            .ratings
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(order, vec![2, 0, 1, 3, 4, 5, 6]);
    }
}
