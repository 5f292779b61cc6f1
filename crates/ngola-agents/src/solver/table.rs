//! The solver's table: exact bounds on a position's value, with what is
//! needed to know where they may be reused (see [`super`] on the ply cap).

use crate::alphabeta::tt::slot_count;
use crate::memory::{self, MemoryError};

/// Marks an entry whose subtree met no ply-cap leaf.
pub const UNCAPPED: u32 = u32::MAX;

/// Bounds on one position's value.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// `zobrist ^ history_key` of the position.
    pub key: u64,
    /// The value is at least this (node-relative score).
    pub lower: i32,
    /// The value is at most this (node-relative score).
    pub upper: i32,
    /// The best move found.
    pub best: Option<M>,
    /// The longest line (plies) the search below this position followed,
    /// counting the heights of the table entries it used.
    pub height: u32,
    /// [`UNCAPPED`], or the ply at which this position was searched when
    /// some line below it ended by the ply cap (then only valid there).
    pub capped_ply: u32,
}

/// Two-way set-associative table: a position may sit in either slot of its
/// pair; a new one evicts the entry of smaller height.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least 1024 slots), or an
    /// error naming the memory limit `limit` if it does not fit.
    pub fn try_new(
        megabytes: u32,
        limit: Option<memory::MemoryLimit>,
    ) -> Result<Table<M>, MemoryError> {
        let slots = slot_count::<Option<Entry<M>>>(megabytes);
        let what = || format!("the solver's table of tt={megabytes}");
        let bytes = slots.saturating_mul(std::mem::size_of::<Option<Entry<M>>>());
        memory::check(limit, (bytes as u64).div_ceil(1 << 20), what)?;
        Ok(Table {
            slots: memory::filled_vec(slots, None, what)?,
            mask: slots - 2,
        })
    }

    #[inline]
    fn pair(&self, key: u64) -> usize {
        ((key ^ (key >> 31)) as usize) & self.mask
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let i = self.pair(key);
        self.slots[i..i + 2]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores `entry`, over the same position's old entry if any, else
    /// over an empty slot or the lower of the pair.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let i = self.pair(entry.key);
        let victim = match (&self.slots[i], &self.slots[i + 1]) {
            (Some(a), _) if a.key == entry.key => i,
            (_, Some(b)) if b.key == entry.key => i + 1,
            (None, _) => i,
            (_, None) => i + 1,
            (Some(a), Some(b)) => {
                if a.height <= b.height {
                    i
                } else {
                    i + 1
                }
            }
        };
        self.slots[victim] = Some(entry);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }
}
