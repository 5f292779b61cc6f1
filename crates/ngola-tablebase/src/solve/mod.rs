//! Solving one level, given the finished levels below it.
//!
//! A move either stays in the level (no seed leaves the board: in all
//! three games such a move banks nothing and passes the turn) or leaves
//! it: it banks seeds, so its child is in a finished lower level, or it
//! ends the game. So a level is a graph of its own positions whose exits
//! have known values, and its values follow from the exits alone:
//!
//! - [`acyclic`]: levels whose graph has no cycle (Kalah: within a level a
//!   move only shifts the mover's seeds towards his store, so the sum over
//!   seeds of their distance to their store falls with every move). Each
//!   entry is computed once from its children, depth first, one byte each.
//! - [`cyclic`]: retrograde analysis (Um el-Bagara, Oware). Each position
//!   appears twice, once with its mover as the attacker (the one who must
//!   force the end: the `lower` value) and once as the defender (`upper`).
//!   Thresholds are taken from the best margin down; at each, a position
//!   whose attacker has a move into the set of positions already won at
//!   that threshold, or whose defender has only such moves, joins the set
//!   (counting each position's unresolved moves and propagating from the
//!   positions that join, along the level's moves backwards), and its value
//!   is the threshold. Positions that never join have the infinite value.
//!   Every move is looked at a bounded number of times: linear time, and
//!   exact on cycles.

pub mod acyclic;
pub mod cyclic;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::TablebaseError;
use crate::games::{Endgame, To};
use crate::index::{Arrangements, Binomials};
use crate::level::LevelView;
use crate::value::{add, Bounds};

/// Arrangements per work unit of the parallel passes.
pub(crate) const CHUNK: u64 = 1 << 14;

/// What solving one level needs.
pub struct LevelJob<'a, E: Endgame> {
    /// The game.
    pub endgame: &'a E,
    /// The level to solve.
    pub level: usize,
    /// Every finished level below it, `lower[l]` for level `l`.
    pub lower: &'a [LevelView<'a>],
    /// Set from outside to stop (the job then returns [`TablebaseError::Stopped`]).
    pub stop: &'a AtomicBool,
    /// Called with the number of arrangements just processed, from any thread.
    pub progress: &'a (dyn Fn(u64) + Sync),
}

impl<E: Endgame> LevelJob<'_, E> {
    /// The level's arrangements.
    pub(crate) fn arrangements(&self) -> Result<Arrangements, TablebaseError> {
        Arrangements::new(self.endgame.holes(), self.level)
    }

    /// An error unless the stop flag is clear.
    pub(crate) fn check_stop(&self) -> Result<(), TablebaseError> {
        if self.stop.load(Ordering::Relaxed) {
            Err(TablebaseError::Stopped)
        } else {
            Ok(())
        }
    }

    /// The bounds of a child in a lower level.
    #[inline]
    pub(crate) fn lower_bounds(&self, level: usize, slice: usize, rank: u64) -> Bounds {
        self.lower[level].bounds(slice, rank)
    }
}

/// Work units (arrangements processed) of solving one level, for progress bars.
pub fn work_units<E: Endgame>(endgame: &E, level: usize) -> Result<u64, TablebaseError> {
    let n = Arrangements::new(endgame.holes(), level)?.count();
    Ok(match endgame.semantics() {
        crate::games::Semantics::Acyclic => n,
        // Two passes for the graph, then one per slice.
        _ => n * (2 + endgame.slices(level) as u64),
    })
}

/// What a move is worth to the attacker, for the position's attacker node
/// (its mover attacks) and defender node (its mover defends), given the
/// child's bounds (ignored for a final move).
#[inline]
pub(crate) fn exit_payoffs(to: To, child: Bounds) -> (i32, i32) {
    match to {
        To::Final(f) => (f, -f),
        To::Child {
            gain, same_side, ..
        } => {
            if same_side {
                // The mover keeps his role.
                (add(child.lower, gain), add(-child.upper, -gain))
            } else {
                // The child's mover has the other role.
                (add(-child.upper, gain), add(child.lower, -gain))
            }
        }
    }
}

/// The first arrangement of chunk `chunk` into `counts`, and the ranks of
/// the chunk.
pub(crate) fn chunk_start(
    arrangements: &Arrangements,
    chunk: u64,
    counts: &mut [u8],
) -> std::ops::Range<u64> {
    let start = chunk * CHUNK;
    let end = (start + CHUNK).min(arrangements.count());
    arrangements.unrank(start, counts);
    start..end
}

/// Chunks of `count` arrangements.
pub(crate) fn chunks(count: u64) -> u64 {
    count.div_ceil(CHUNK)
}

/// The binomial table shared by the passes.
pub(crate) fn binomials() -> Binomials {
    Binomials::new()
}
