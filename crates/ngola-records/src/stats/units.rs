//! Unit scores counted by value: a unit (a colour-swapped pair, or a pair
//! with one game present) scores 0, 1/4, 1/2, 3/4 or 1 over two games, or
//! 0, 1/2 or 1 over one, so eight counters hold any number of units in
//! constant memory, whatever order the games come in.
//!
//! Every unit score is a multiple of 1/4, so the count and the sum of the
//! scores are exact in floating point whatever the order of addition; the
//! spread about a mean differs from a sum unit by unit only by rounding.

/// How many units scored each possible value.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitCounts {
    /// `[0..5]`: two-game units with 0..=4 half points; `[5..8]`: one-game
    /// units with 0..=2 half points.
    counts: [u64; 8],
}

impl UnitCounts {
    /// Counts one unit of `games` games (1 or 2) in which the side scored
    /// `half_points` half points (0..=2 per game).
    pub fn add(&mut self, half_points: u32, games: u32) {
        let slot = match games {
            1 => 5 + half_points.min(2),
            _ => half_points.min(4),
        };
        self.counts[slot as usize] += 1;
    }

    /// The score of slot `slot`.
    fn value(slot: usize) -> f64 {
        if slot < 5 {
            slot as f64 / 4.0
        } else {
            (slot - 5) as f64 / 2.0
        }
    }

    /// Units counted.
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The sum of the unit scores (exact).
    pub fn sum(&self) -> f64 {
        self.slots().map(|(value, n)| value * n as f64).sum()
    }

    /// The sum over units of `(score - mean)^2`.
    pub fn spread(&self, mean: f64) -> f64 {
        self.slots()
            .map(|(value, n)| n as f64 * (value - mean).powi(2))
            .sum()
    }

    /// Complete pairs (two-game units) by the side's half points, 0..=4:
    /// the pentanomial counts.
    pub fn pentanomial(&self) -> [u64; 5] {
        let mut out = [0; 5];
        out.copy_from_slice(&self.counts[..5]);
        out
    }

    /// Each occupied score with its count.
    fn slots(&self) -> impl Iterator<Item = (f64, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(slot, &n)| (UnitCounts::value(slot), n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_sum_and_spread_match_the_unit_list() {
        let mut counts = UnitCounts::default();
        let mut list = Vec::new();
        for (half_points, games) in [(3, 2), (2, 2), (2, 2), (4, 2), (1, 1), (0, 2), (2, 1)] {
            counts.add(half_points, games);
            list.push(f64::from(half_points) / (2.0 * f64::from(games)));
        }
        assert_eq!(counts.count(), 7);
        let sum: f64 = list.iter().sum();
        assert_eq!(counts.sum(), sum);
        let mean = sum / 7.0;
        let spread: f64 = list.iter().map(|x| (x - mean).powi(2)).sum();
        assert!((counts.spread(mean) - spread).abs() < 1e-15);
        assert_eq!(counts.pentanomial(), [1, 0, 2, 1, 1]);
    }
}
