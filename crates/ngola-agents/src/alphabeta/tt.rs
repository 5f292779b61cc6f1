//! The alpha-beta transposition table: one entry per slot, indexed by the
//! position's Zobrist key, replaced by depth and age.

use crate::score::{is_decisive, MAX_DISTANCE, WIN};

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the exact value (to the stored depth).
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// The full key, to tell positions sharing a slot apart.
    pub key: u64,
    /// The best move found, if any (tried first when the position recurs).
    pub best: Option<M>,
    /// The score, with win distances counted from this position.
    pub score: i32,
    /// The depth searched below this position.
    pub depth: u8,
    /// What the score bounds.
    pub bound: Bound,
    /// The search (move number) that stored it, for replacement.
    generation: u8,
}

/// How many slots of type `T` make a table of about `megabytes` MiB:
/// rounded down to a power of two, at least 1024.
pub(crate) fn slot_count<T>(megabytes: u32) -> usize {
    let entry = std::mem::size_of::<T>().max(1);
    let wanted = (megabytes as usize * (1 << 20) / entry).max(1024);
    1usize << (usize::BITS - 1 - wanted.leading_zeros())
}

/// A fixed-size, always-allocated transposition table.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (rounded down to a power of two
    /// slots, at least 1024).
    pub fn new(megabytes: u32) -> Table<M> {
        let slots = slot_count::<Option<Entry<M>>>(megabytes);
        Table {
            slots: vec![None; slots],
            mask: slots - 1,
            generation: 0,
        }
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Fold the high bits in: a weak key in the low bits still spreads.
        ((key ^ (key >> 29)) as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        match self.slots[self.index(key)] {
            Some(e) if e.key == key => Some(e),
            _ => None,
        }
    }

    /// Stores a result found `ply` plies below the root, replacing the slot
    /// unless it holds a deeper result of the current search for another
    /// position.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        best: Option<M>,
        score: i32,
        depth: u8,
        bound: Bound,
        ply: i32,
    ) {
        let index = self.index(key);
        let generation = self.generation;
        if let Some(old) = &self.slots[index] {
            if old.key != key && old.generation == generation && old.depth > depth {
                return;
            }
        }
        let best = best.or_else(|| match self.slots[index] {
            Some(e) if e.key == key => e.best,
            _ => None,
        });
        self.slots[index] = Some(Entry {
            key,
            best,
            score: to_table(score, ply),
            depth,
            bound,
            generation,
        });
    }
}

/// Converts a score relative to the root into one relative to the node
/// `ply` plies below it (win distances counted from the node).
#[inline]
pub fn to_table(score: i32, ply: i32) -> i32 {
    if is_decisive(score) {
        if score > 0 {
            score + ply
        } else {
            score - ply
        }
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub fn from_table(score: i32, ply: i32) -> i32 {
    if is_decisive(score) {
        if score > 0 {
            (score - ply).max(WIN - MAX_DISTANCE)
        } else {
            (score + ply).min(-WIN + MAX_DISTANCE)
        }
    } else {
        score
    }
}
