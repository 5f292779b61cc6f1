//! Levels without cycles: every entry from its children, depth first.
//!
//! The entries live in one array of atomic bytes, `UNKNOWN` until computed.
//! Threads take chunks of ranks and compute each unknown entry, descending
//! into unknown children of the same level first; two threads that meet
//! the same entry both compute it and store the same byte, so the result
//! does not depend on the thread count. A line deeper than any acyclic
//! level allows (each move lowers the seeds' total distance to their
//! stores, at most `seeds * holes`) means the level has a cycle after all:
//! an error, never a wrong value.

use std::sync::atomic::{AtomicI8, Ordering};

use rayon::prelude::*;

use super::{binomials, chunk_start, chunks, exit_payoffs, LevelJob};
use crate::error::TablebaseError;
use crate::games::{for_each_step, Endgame, Node, To};
use crate::index::{Arrangements, Binomials, MAX_HOLES};
use crate::value::{decode, encode, Bounds, NEG_INF};

/// The byte of an entry not computed yet (no margin or infinity uses it).
const UNKNOWN: i8 = i8::MIN + 1;

/// Solves an acyclic level: one byte per arrangement (slice 0 only).
pub fn solve<E: Endgame>(job: &LevelJob<'_, E>) -> Result<Vec<u8>, TablebaseError> {
    let arrangements = job.arrangements()?;
    let n = arrangements.count();
    let holes = job.endgame.holes();
    let values: Vec<AtomicI8> = (0..n)
        .into_par_iter()
        .map(|_| AtomicI8::new(UNKNOWN))
        .collect();
    let binomials = binomials();
    let walk = Walk {
        job,
        binomials: &binomials,
        values: &values,
        max_depth: job.level * holes + 8,
    };
    (0..chunks(n)).into_par_iter().try_for_each(|chunk| {
        job.check_stop()?;
        let mut counts = [0u8; MAX_HOLES];
        let ranks = chunk_start(&arrangements, chunk, &mut counts[..holes]);
        let done = ranks.end - ranks.start;
        for rank in ranks {
            if values[rank as usize].load(Ordering::Relaxed) == UNKNOWN {
                walk.value(rank, &counts[..holes], 0)?;
            }
            Arrangements::next(&mut counts[..holes]);
        }
        (job.progress)(done);
        Ok::<(), TablebaseError>(())
    })?;
    // The bytes in place: an element of the same size and alignment, so
    // the standard library collects into the same allocation, without a
    // second copy of the level.
    Ok(values.into_iter().map(|v| v.into_inner() as u8).collect())
}

/// The depth-first computation of entries.
struct Walk<'a, 'j, E: Endgame> {
    job: &'a LevelJob<'j, E>,
    binomials: &'a Binomials,
    values: &'a [AtomicI8],
    max_depth: usize,
}

impl<E: Endgame> Walk<'_, '_, E> {
    /// Computes, stores and returns the entry of `rank` (arrangement `counts`).
    fn value(&self, rank: u64, counts: &[u8], depth: usize) -> Result<i32, TablebaseError> {
        let level = self.job.level;
        if depth > self.max_depth {
            return Err(TablebaseError::Invariant {
                level,
                reason: format!(
                    "a line of more than {} moves within the level: the level has a cycle, \
                     which the acyclic solver cannot handle",
                    self.max_depth
                ),
            });
        }
        let v = match self.job.endgame.position(counts, 0) {
            Node::Over(m) => m,
            Node::Play(game) => {
                let mut best = NEG_INF;
                let mut failure = None;
                for_each_step(self.job.endgame, self.binomials, &game, |_, to, child| {
                    if failure.is_some() {
                        return;
                    }
                    match self.child_bounds(to, child, depth) {
                        Ok(b) => best = best.max(exit_payoffs(to, b).0),
                        Err(e) => failure = Some(e),
                    }
                });
                if let Some(e) = failure {
                    return Err(e);
                }
                best
            }
        };
        self.values[rank as usize].store(encode(v), Ordering::Relaxed);
        Ok(v)
    }

    /// The child's value, computing it first when it is an unknown entry
    /// of this level.
    fn child_bounds(&self, to: To, counts: &[u8], depth: usize) -> Result<Bounds, TablebaseError> {
        let level = self.job.level;
        let To::Child {
            level: child_level,
            slice,
            rank,
            gain,
            same_side,
        } = to
        else {
            return Ok(Bounds { lower: 0, upper: 0 });
        };
        if child_level < level {
            return Ok(self.job.lower_bounds(child_level, slice, rank));
        }
        if child_level > level || gain != 0 || same_side {
            return Err(TablebaseError::Invariant {
                level,
                reason: format!(
                    "a move to level {child_level} banking {gain} (same side: {same_side}): \
                     moves within a level must bank nothing and pass the turn"
                ),
            });
        }
        let known = self.values[rank as usize].load(Ordering::Relaxed);
        let v = if known == UNKNOWN {
            self.value(rank, counts, depth + 1)?
        } else {
            decode(known)
        };
        Ok(Bounds { lower: v, upper: v })
    }
}
