//! The perfect index of arrangements: `k` seeds over `n` holes, ranked in
//! the combinatorial number system, so that a level of the database is a
//! plain array with one entry per arrangement and no wasted slot.
//!
//! An arrangement `x_0, .., x_{n-1}` (summing to `k`) is the set of `n - 1`
//! bar positions of its stars-and-bars picture: bar `i` (1-based) stands at
//! `c_i = x_0 + .. + x_{i-1} + (i - 1)`, and the arrangement's rank is
//! `C(c_1, 1) + C(c_2, 2) + .. + C(c_{n-1}, n-1)`, its place in colex order
//! among all `C(k + n - 1, n - 1)` arrangements (the combinatorial number
//! system). Rank 0 puts every seed in the last hole, the last rank every
//! seed in the first. [`Arrangements::next`] steps to the following rank in
//! constant amortised time, so a scan over a level never unranks.

use crate::error::TablebaseError;

/// The most holes a board of the supported games has (Um el-Bagara 2 x 9).
pub const MAX_HOLES: usize = 18;

/// The most seeds a level may hold (margins must fit the value encoding).
pub const MAX_LEVEL: usize = 126;

/// Binomial coefficients `C(m, j)` for `m <= MAX_LEVEL + MAX_HOLES`,
/// `j < MAX_HOLES`, saturated at `u64::MAX` where they overflow.
#[derive(Clone, Debug)]
pub struct Binomials {
    table: Vec<[u64; MAX_HOLES]>,
}

impl Default for Binomials {
    fn default() -> Self {
        Binomials::new()
    }
}

impl Binomials {
    /// The table.
    pub fn new() -> Binomials {
        let rows = MAX_LEVEL + MAX_HOLES + 1;
        let mut table = vec![[0u64; MAX_HOLES]; rows];
        for m in 0..rows {
            table[m][0] = 1;
            for j in 1..MAX_HOLES.min(m + 1) {
                let above = if j < m { table[m - 1][j] } else { 0 };
                table[m][j] = table[m - 1][j - 1].saturating_add(above);
            }
        }
        Binomials { table }
    }

    /// `C(m, j)` (0 when `j > m`).
    #[inline]
    pub fn get(&self, m: usize, j: usize) -> u64 {
        self.table[m][j]
    }
}

/// The arrangements of `seeds` seeds over `holes` holes.
#[derive(Clone, Debug)]
pub struct Arrangements {
    holes: usize,
    seeds: usize,
    count: u64,
    binomials: Binomials,
}

impl Arrangements {
    /// The arrangements of `seeds` over `holes`, or an error when there are
    /// more than `u64` can count or the numbers are out of range.
    pub fn new(holes: usize, seeds: usize) -> Result<Arrangements, TablebaseError> {
        if !(1..=MAX_HOLES).contains(&holes) || seeds > MAX_LEVEL {
            return Err(TablebaseError::TooLarge {
                what: format!("{seeds} seeds over {holes} holes"),
            });
        }
        let binomials = Binomials::new();
        let count = binomials.get(seeds + holes - 1, holes - 1);
        if count >= u64::MAX / 4 {
            return Err(TablebaseError::TooLarge {
                what: format!("{seeds} seeds over {holes} holes"),
            });
        }
        Ok(Arrangements {
            holes,
            seeds,
            count,
            binomials,
        })
    }

    /// How many arrangements there are: `C(seeds + holes - 1, holes - 1)`.
    #[inline]
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The holes.
    #[inline]
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// The seeds.
    #[inline]
    pub fn seeds(&self) -> usize {
        self.seeds
    }

    /// The rank of `counts` (which must hold `holes` counts summing to `seeds`).
    #[inline]
    pub fn rank(&self, counts: &[u8]) -> u64 {
        debug_assert_eq!(counts.len(), self.holes);
        debug_assert_eq!(
            counts.iter().map(|&c| c as usize).sum::<usize>(),
            self.seeds
        );
        rank_with(&self.binomials, counts)
    }

    /// The arrangement of rank `rank` (< [`Arrangements::count`]) into `out`.
    pub fn unrank(&self, mut rank: u64, out: &mut [u8]) {
        debug_assert!(rank < self.count);
        let n = self.holes;
        // Bars from the last down: the largest c with C(c, i) <= rank.
        let mut upper = self.seeds + n - 1; // c_i < upper
        let mut bars = [0usize; MAX_HOLES];
        for i in (1..n).rev() {
            let mut c = upper - 1;
            while self.binomials.get(c, i) > rank {
                c -= 1;
            }
            rank -= self.binomials.get(c, i);
            bars[i] = c;
            upper = c;
        }
        // x_0 = c_1, x_i = c_{i+1} - c_i - 1, x_{n-1} = k + n - 2 - c_{n-1}.
        let mut previous: isize = -1;
        for i in 1..n {
            out[i - 1] = (bars[i] as isize - previous - 1) as u8;
            previous = bars[i] as isize;
        }
        out[n - 1] = (self.seeds as isize + n as isize - 2 - previous) as u8;
    }

    /// Steps `counts` to the arrangement of the next rank; false (and
    /// `counts` unchanged) when it was the last.
    #[inline]
    pub fn next(counts: &mut [u8]) -> bool {
        // The smallest i >= 1 with x_i > 0: x_i loses a seed, x_{i-1} gets
        // x_0 + 1, and x_0 empties (when i - 1 > 0).
        let Some(i) = (1..counts.len()).find(|&i| counts[i] > 0) else {
            return false;
        };
        let first = counts[0];
        counts[0] = 0;
        counts[i - 1] = first + 1;
        counts[i] -= 1;
        true
    }
}

/// The rank of `counts` among the arrangements of its seeds over its holes.
#[inline]
pub fn rank_with(binomials: &Binomials, counts: &[u8]) -> u64 {
    let mut rank = 0;
    let mut bar = 0usize;
    for (i, &c) in counts[..counts.len() - 1].iter().enumerate() {
        // c_{i+1} = x_0 + .. + x_i + i
        bar += c as usize;
        rank += binomials.get(bar + i, i + 1);
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_match_pascal() {
        let b = Binomials::new();
        assert_eq!(b.get(5, 2), 10);
        assert_eq!(b.get(47, 11), 17_417_133_617);
        assert_eq!(b.get(3, 5), 0);
        assert_eq!(b.get(0, 0), 1);
    }

    /// Every arrangement of every small board: ranks are 0..count in the
    /// order `next` visits them, and unrank inverts rank.
    #[test]
    fn rank_unrank_and_next_agree_exhaustively() {
        for holes in 1..=8 {
            for seeds in 0..=9 {
                let a = Arrangements::new(holes, seeds).unwrap();
                let mut counts = vec![0u8; holes];
                counts[holes - 1] = seeds as u8;
                let mut seen = 0u64;
                let mut back = vec![0u8; holes];
                loop {
                    assert_eq!(a.rank(&counts), seen, "{counts:?}");
                    a.unrank(seen, &mut back);
                    assert_eq!(back, counts);
                    seen += 1;
                    if !Arrangements::next(&mut counts) {
                        break;
                    }
                }
                assert_eq!(seen, a.count(), "holes {holes} seeds {seeds}");
                let mut last = vec![0u8; holes];
                last[0] = seeds as u8;
                assert_eq!(counts, last);
            }
        }
    }

    #[test]
    fn large_boards_round_trip() {
        let a = Arrangements::new(18, 60).unwrap();
        let mut out = [0u8; 18];
        for rank in [0, 1, a.count() / 3, a.count() - 1] {
            a.unrank(rank, &mut out);
            assert_eq!(out.iter().map(|&c| c as usize).sum::<usize>(), 60);
            assert_eq!(a.rank(&out), rank);
        }
    }

    #[test]
    fn too_large_is_refused() {
        assert!(Arrangements::new(18, MAX_LEVEL + 1).is_err());
        assert!(Arrangements::new(0, 3).is_err());
    }
}
