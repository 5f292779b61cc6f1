//! The layout of one level's entries: `slices` blocks of one entry per
//! arrangement (rank order), each entry one byte (the exact margin) or two
//! (`lower`, then `upper`), as [`crate::value`] encodes them.

use crate::value::{decode, Bounds};

/// Read access to one finished level's entries.
#[derive(Copy, Clone, Debug)]
pub struct LevelView<'a> {
    /// Seeds on the board.
    pub level: usize,
    /// Arrangements per slice.
    pub arrangements: u64,
    /// Slices (Oware: score differences).
    pub slices: usize,
    /// Bytes per entry: 1 (exact) or 2 (two bounds).
    pub width: usize,
    /// The entries.
    pub data: &'a [u8],
}

impl LevelView<'_> {
    /// Where the entry of `rank` in `slice` begins in [`LevelView::data`].
    #[inline]
    pub fn offset(&self, slice: usize, rank: u64) -> usize {
        (slice as u64 * self.arrangements + rank) as usize * self.width
    }

    /// The entry of `rank` in `slice`.
    #[inline]
    pub fn bounds(&self, slice: usize, rank: u64) -> Bounds {
        let at = self.offset(slice, rank);
        let lower = decode(self.data[at] as i8);
        let upper = if self.width == 2 {
            decode(self.data[at + 1] as i8)
        } else {
            lower
        };
        Bounds { lower, upper }
    }

    /// Entries in the level.
    pub fn entries(&self) -> u64 {
        self.arrangements * self.slices as u64
    }
}

/// Bytes a level takes: entries times width.
pub fn level_bytes(arrangements: u64, slices: usize, width: usize) -> u64 {
    arrangements * slices as u64 * width as u64
}
