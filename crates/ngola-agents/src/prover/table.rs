//! The prover's transposition table, shared by every search thread: buckets
//! of four entries behind a lock each, replaced by proof effort.
//!
//! A position may hold several entries in its bucket at once: its proof
//! (valid at some plies), its disproof (valid at others), and its open
//! proof and disproof numbers. A new result replaces the entry of the same
//! position and kind; otherwise an empty slot, otherwise the entry with the
//! least work (positions searched below it), entries of earlier questions
//! first. Proofs and disproofs are never changed into anything else, only
//! replaced by ones valid at more plies, or evicted.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::range::PlyRange;
use crate::memory::{self, MemoryError};

/// Proof and disproof numbers at or above this are infinite.
pub const INF: u32 = u32::MAX;

/// Entries per bucket.
const WAYS: usize = 4;

/// One stored result (32 bytes).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The position's key; 0 marks an empty slot.
    pub key: u64,
    /// Proof number: 0 proven, [`INF`] disproven.
    pub pn: u32,
    /// Disproof number: 0 disproven, [`INF`] proven.
    pub dn: u32,
    /// Proofs and disproofs: the first ply at which the result holds.
    pub lo: u32,
    /// Proofs and disproofs: the last ply at which it holds (or `OPEN`).
    pub hi: u32,
    /// Positions searched below this one, summed over every visit (saturating).
    pub work: u32,
    /// Proofs: the longest line of the proof, in plies (saturating).
    pub depth: u16,
    /// The index (in legal-move order) of the proving, disproving or most
    /// promising move, or 255.
    pub best: u8,
    /// The question that stored it (its number, modulo 256).
    pub generation: u8,
}

/// No best move.
pub const NO_MOVE: u8 = u8::MAX;

/// What an entry says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Neither proven nor disproven: the numbers guide the search.
    Open,
    /// Proven at the plies of its range.
    Proven,
    /// Disproven at the plies of its range.
    Disproven,
}

impl Entry {
    /// Whether it is a proof, a disproof, or open.
    #[inline]
    pub fn kind(&self) -> Kind {
        if self.pn == 0 {
            Kind::Proven
        } else if self.dn == 0 {
            Kind::Disproven
        } else {
            Kind::Open
        }
    }

    /// The plies at which a proof or disproof holds.
    #[inline]
    pub fn range(&self) -> PlyRange {
        PlyRange {
            lo: self.lo,
            hi: self.hi,
        }
    }

    /// The entry as 32 little-endian bytes (checkpoints).
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        b[0..8].copy_from_slice(&self.key.to_le_bytes());
        b[8..12].copy_from_slice(&self.pn.to_le_bytes());
        b[12..16].copy_from_slice(&self.dn.to_le_bytes());
        b[16..20].copy_from_slice(&self.lo.to_le_bytes());
        b[20..24].copy_from_slice(&self.hi.to_le_bytes());
        b[24..28].copy_from_slice(&self.work.to_le_bytes());
        b[28..30].copy_from_slice(&self.depth.to_le_bytes());
        b[30] = self.best;
        b[31] = self.generation;
        b
    }

    /// The entry written by [`Entry::to_bytes`].
    pub fn from_bytes(b: &[u8; 32]) -> Entry {
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let mut key = [0u8; 8];
        key.copy_from_slice(&b[0..8]);
        Entry {
            key: u64::from_le_bytes(key),
            pn: u32_at(8),
            dn: u32_at(12),
            lo: u32_at(16),
            hi: u32_at(20),
            work: u32_at(24),
            depth: u16::from_le_bytes([b[28], b[29]]),
            best: b[30],
            generation: b[31],
        }
    }
}

/// What the table knows of a position at one ply.
#[derive(Copy, Clone, Debug, Default)]
pub struct Probe {
    /// A proof or disproof valid at the ply asked about.
    pub settled: Option<Entry>,
    /// The open entry (numbers, work and best move), if any.
    pub open: Option<Entry>,
}

/// Counts of stored entries by kind.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// Proofs stored.
    pub proven: u64,
    /// Disproofs stored.
    pub disproven: u64,
    /// Open entries stored.
    pub open: u64,
    /// Slots in the table.
    pub slots: u64,
}

/// The shared table.
pub struct Table {
    buckets: Vec<Mutex<[Entry; WAYS]>>,
    /// Proofs and disproofs stored since the table was made.
    stored: [AtomicU64; 2],
}

impl Table {
    /// Bytes per bucket.
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Mutex<[Entry; WAYS]>>();

    /// A table of about `megabytes` MiB (at least one bucket), or an error
    /// naming the limit `limit` if it does not fit
    /// ([`crate::memory`]).
    pub fn new(megabytes: u64, limit: Option<memory::MemoryLimit>) -> Result<Table, MemoryError> {
        let what = || format!("the prover's table ({megabytes} MiB)");
        memory::check(limit, megabytes, what)?;
        let count = ((u128::from(megabytes) << 20) / Self::BUCKET_BYTES as u128).max(1);
        let count = usize::try_from(count).map_err(|_| MemoryError::Allocation {
            what: what(),
            need: megabytes,
            reason: "more than this machine can address".to_string(),
        })?;
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|e| MemoryError::Allocation {
                what: what(),
                need: megabytes,
                reason: e.to_string(),
            })?;
        buckets.resize_with(count, || Mutex::new([Entry::default(); WAYS]));
        Ok(Table {
            buckets,
            stored: [AtomicU64::new(0), AtomicU64::new(0)],
        })
    }

    /// Entries the table holds at most.
    pub fn slots(&self) -> u64 {
        (self.buckets.len() * WAYS) as u64
    }

    #[inline]
    fn bucket(&self, key: u64) -> std::sync::MutexGuard<'_, [Entry; WAYS]> {
        let i = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        // A panic elsewhere cannot leave an entry half-written (entries are
        // copied whole), so a poisoned lock is still good.
        self.buckets[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What is stored for `key`, with the proof or disproof valid at `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: u32) -> Probe {
        let bucket = self.bucket(key);
        let mut probe = Probe::default();
        for e in bucket.iter().filter(|e| e.key == key) {
            match e.kind() {
                Kind::Open => probe.open = Some(*e),
                _ if e.range().contains(ply) => probe.settled = Some(*e),
                _ => {}
            }
        }
        probe
    }

    /// Every entry stored for `key` (proofs, disproofs, open).
    pub fn entries(&self, key: u64) -> Vec<Entry> {
        self.bucket(key)
            .iter()
            .filter(|e| e.key == key)
            .copied()
            .collect()
    }

    /// Stores `entry` (its `generation` the current question's).
    pub fn store(&self, entry: Entry) {
        let kind = entry.kind();
        let mut bucket = self.bucket(entry.key);
        let same = bucket
            .iter()
            .position(|e| e.key == entry.key && e.kind() == kind);
        let slot = match same {
            Some(i) => {
                let old = bucket[i];
                let better = match kind {
                    Kind::Open => true,
                    Kind::Proven => entry.hi >= old.hi || entry.lo < old.lo,
                    Kind::Disproven => entry.lo <= old.lo || entry.hi > old.hi,
                };
                if !better {
                    bucket[i].work = old.work.max(entry.work);
                    return;
                }
                i
            }
            None => {
                if kind != Kind::Open {
                    self.stored[(kind == Kind::Disproven) as usize].fetch_add(1, Ordering::Relaxed);
                }
                let open_twin = (kind != Kind::Open)
                    .then(|| {
                        bucket
                            .iter()
                            .position(|e| e.key == entry.key && e.kind() == Kind::Open)
                    })
                    .flatten();
                match open_twin.or_else(|| bucket.iter().position(|e| e.key == 0)) {
                    Some(i) => i,
                    None => {
                        let generation = entry.generation;
                        let priority = |e: &Entry| {
                            (u64::from(e.generation == generation) << 40) | u64::from(e.work)
                        };
                        bucket
                            .iter()
                            .enumerate()
                            .min_by_key(|(_, e)| priority(e))
                            .map_or(0, |(i, _)| i)
                    }
                }
            }
        };
        bucket[slot] = entry;
    }

    /// Empties every slot.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            *bucket.lock().unwrap_or_else(|e| e.into_inner()) = [Entry::default(); WAYS];
        }
    }

    /// Proofs and disproofs stored since the table was made (including
    /// those later replaced or evicted).
    pub fn stored(&self) -> (u64, u64) {
        (
            self.stored[0].load(Ordering::Relaxed),
            self.stored[1].load(Ordering::Relaxed),
        )
    }

    /// Counts the entries of question `generation` now in the table (all of
    /// it, or every `step`-th bucket for an estimate scaled up).
    pub fn census(&self, generation: u8, step: usize) -> Census {
        let step = step.max(1);
        let mut c = Census {
            slots: self.slots(),
            ..Census::default()
        };
        for bucket in self.buckets.iter().step_by(step) {
            let bucket = bucket.lock().unwrap_or_else(|e| e.into_inner());
            for e in bucket
                .iter()
                .filter(|e| e.key != 0 && e.generation == generation)
            {
                match e.kind() {
                    Kind::Proven => c.proven += 1,
                    Kind::Disproven => c.disproven += 1,
                    Kind::Open => c.open += 1,
                }
            }
        }
        let scale = step as u64;
        c.proven *= scale;
        c.disproven *= scale;
        c.open *= scale;
        c
    }

    /// Calls `keep` on every stored entry (checkpoints). Entries are read
    /// one bucket at a time while searches may go on.
    pub fn for_each(
        &self,
        mut keep: impl FnMut(&Entry) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        for bucket in &self.buckets {
            let copy = *bucket.lock().unwrap_or_else(|e| e.into_inner());
            for e in copy.iter().filter(|e| e.key != 0) {
                keep(e)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prover::range::OPEN;

    fn entry(key: u64, pn: u32, dn: u32, lo: u32, hi: u32, work: u32) -> Entry {
        Entry {
            key,
            pn,
            dn,
            lo,
            hi,
            work,
            depth: 0,
            best: NO_MOVE,
            generation: 0,
        }
    }

    #[test]
    fn a_position_keeps_its_proof_disproof_and_numbers_side_by_side() {
        let t = Table::new(1, None).expect("1 MiB");
        t.store(entry(7, 3, 4, 0, 0, 10));
        t.store(entry(7, 0, INF, 0, 20, 5));
        t.store(entry(7, INF, 0, 30, OPEN, 5));
        // The proof replaced the open entry; the disproof took a slot.
        assert_eq!(t.probe(7, 10).settled.map(|e| e.kind()), Some(Kind::Proven));
        assert_eq!(
            t.probe(7, 30).settled.map(|e| e.kind()),
            Some(Kind::Disproven)
        );
        assert_eq!(t.probe(7, 25).settled, None);
        // A proof valid at fewer plies does not replace a better one.
        t.store(entry(7, 0, INF, 0, 15, 50));
        assert_eq!(t.probe(7, 18).settled.map(|e| e.hi), Some(20));
    }

    #[test]
    fn entries_round_trip_through_bytes() {
        let e = Entry {
            key: 0x0123_4567_89ab_cdef,
            pn: 5,
            dn: INF,
            lo: 3,
            hi: OPEN,
            work: 77,
            depth: 12,
            best: 4,
            generation: 9,
        };
        assert_eq!(Entry::from_bytes(&e.to_bytes()), e);
    }
}
