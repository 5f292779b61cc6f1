//! The alpha-beta transposition table: one entry per slot, indexed by the
//! position's Zobrist key, replaced by depth and age.
//!
//! # Reuse
//! A tournament builds fresh agents for every game, and allocating and
//! filling a table costs more than a short game (16 MiB for each agent of
//! each game). So a dropped table goes to a small spare list of its thread
//! and the next table of the same size built on that thread takes it,
//! cleared by an epoch stamp: each entry records the epoch of the table's
//! current owner and entries of older epochs read as empty slots. A reused
//! table therefore behaves exactly as a fresh one (probe, replacement and
//! search results are the same, tested), so a game's moves depend on its
//! seed alone, not on the games its thread played before nor on the number
//! of threads. Spare tables of another size are freed before a new table is
//! allocated, so a thread holds no more than the tables it last used.

use std::any::Any;
use std::cell::RefCell;

use crate::memory::{self, MemoryError};
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
    /// The table owner's epoch when stored; other epochs read as empty.
    epoch: u16,
}

/// How many slots of type `T` make a table of about `megabytes` MiB:
/// rounded down to a power of two, at least 1024.
pub(crate) fn slot_count<T>(megabytes: u32) -> usize {
    let entry = std::mem::size_of::<T>().max(1);
    let wanted = (megabytes as usize * (1 << 20) / entry).max(1024);
    1usize << (usize::BITS - 1 - wanted.leading_zeros())
}

/// A fixed-size, always-allocated transposition table.
pub struct Table<M: Copy + 'static> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
    epoch: u16,
}

/// A dropped table's slots, kept for the next table of that size.
struct Spare<M: Copy + 'static> {
    slots: Vec<Option<Entry<M>>>,
    epoch: u16,
}

/// How many dropped tables a thread keeps (the two seats of a game, and
/// a searcher kept beside them such as the solver agent's fallback).
const SPARE_TABLES: usize = 4;

thread_local! {
    static SPARES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

impl<M: Copy + 'static> Table<M> {
    /// A table of about `megabytes` MiB (rounded down to a power of two
    /// slots, at least 1024).
    ///
    /// # Panics
    /// If the machine cannot hold it; [`Table::try_new`] reports that.
    pub fn new(megabytes: u32) -> Table<M> {
        Table::try_new(megabytes, None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `megabytes` MiB, or an error naming the memory
    /// limit `memory` ([`crate::memory`]) if it does not fit.
    pub fn try_new(
        megabytes: u32,
        memory: Option<memory::MemoryLimit>,
    ) -> Result<Table<M>, MemoryError> {
        let len = slot_count::<Option<Entry<M>>>(megabytes);
        let (slots, epoch) = match take_spare::<M>(len) {
            Some(spare) => spare,
            None => {
                let what = || format!("a transposition table of tt={megabytes}");
                memory::check(memory, table_mb::<Option<Entry<M>>>(len), what)?;
                (memory::filled_vec(len, None, what)?, 0)
            }
        };
        Ok(Table {
            slots,
            mask: len - 1,
            generation: 0,
            epoch,
        })
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

    /// The slot's entry if it belongs to this table's owner.
    #[inline]
    fn current(&self, index: usize) -> Option<Entry<M>> {
        self.slots[index].filter(|e| e.epoch == self.epoch)
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.current(self.index(key)).filter(|e| e.key == key)
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
        let old = self.current(index);
        if let Some(old) = old {
            if old.key != key && old.generation == generation && old.depth > depth {
                return;
            }
        }
        let best = best.or(match old {
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
            epoch: self.epoch,
        });
    }
}

impl<M: Copy + 'static> Drop for Table<M> {
    /// Hands the slots to this thread's spare list (see the module docs).
    fn drop(&mut self) {
        let spare = Spare {
            slots: std::mem::take(&mut self.slots),
            epoch: self.epoch,
        };
        // During the thread's own teardown there is nothing to keep.
        let _ = SPARES.try_with(|spares| {
            let mut spares = spares.borrow_mut();
            if spares.len() == SPARE_TABLES {
                spares.remove(0);
            }
            spares.push(Box::new(spare));
        });
    }
}

/// A spare table of `len` slots of this thread, cleared for a new owner
/// (a new epoch), or `None` after freeing the spares (none fits).
fn take_spare<M: Copy + 'static>(len: usize) -> Option<(Vec<Option<Entry<M>>>, u16)> {
    SPARES
        .try_with(|spares| {
            let mut spares = spares.borrow_mut();
            let found = spares.iter().rposition(|s| {
                s.downcast_ref::<Spare<M>>()
                    .is_some_and(|s| s.slots.len() == len)
            });
            let Some(i) = found else {
                // Free what does not fit before a new table is allocated.
                spares.clear();
                return None;
            };
            let spare = spares.remove(i).downcast::<Spare<M>>().ok()?;
            let Spare { mut slots, epoch } = *spare;
            let epoch = epoch.wrapping_add(1);
            if epoch == 0 {
                // Epochs wrapped: entries of every epoch may be there.
                slots.fill(None);
            }
            Some((slots, epoch))
        })
        .ok()
        .flatten()
}

/// The size in MiB (rounded up) of `len` slots of type `T`.
fn table_mb<T>(len: usize) -> u64 {
    (len.saturating_mul(std::mem::size_of::<T>()) as u64).div_ceil(1 << 20)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` on a thread of its own, whose spare list starts empty.
    fn on_fresh_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        std::thread::spawn(f).join().expect("the test thread")
    }

    #[test]
    fn a_dropped_table_is_reused_and_reads_as_empty() {
        on_fresh_thread(|| {
            let mut table = Table::<u8>::new(1);
            table.new_search();
            table.store(42, Some(7), 10, 3, Bound::Exact, 0);
            assert_eq!(table.probe(42).and_then(|e| e.best), Some(7));
            let first = table.slots.as_ptr();
            drop(table);

            let mut reused = Table::<u8>::new(1);
            assert_eq!(reused.slots.as_ptr(), first, "the same slots");
            assert!(reused.probe(42).is_none(), "an old entry reads as empty");
            // A shallower entry of another key sharing the slot is stored,
            // as in a fresh table (the old deeper one does not count).
            reused.new_search();
            let other = 42 ^ (1 << 20);
            assert_eq!(reused.index(other), reused.index(42));
            reused.store(other, Some(1), 0, 1, Bound::Lower, 0);
            assert_eq!(reused.probe(other).and_then(|e| e.best), Some(1));
            // A table of another size is new, and the spare is freed.
            let small = Table::<u8>::new(2);
            assert_ne!(small.slots.as_ptr(), first);
        });
    }

    #[test]
    fn entries_do_not_come_back_when_the_epochs_wrap() {
        on_fresh_thread(|| {
            let mut table = Table::<u8>::new(1);
            table.store(42, Some(7), 10, 3, Bound::Exact, 0);
            for _ in 0..=u16::MAX as u32 {
                drop(table);
                table = Table::<u8>::new(1);
            }
            assert_eq!(table.epoch, 0, "the epochs went round once");
            assert!(table.probe(42).is_none());
        });
    }
}
