//! What the search threads share, below the search, the checkpoints and
//! the progress reports that read it.

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8};
use std::sync::Arc;

use super::table::Table;
use crate::eval::Evaluate;
use crate::tablebase::Oracle;

/// What the search threads share.
pub(crate) struct Shared {
    pub(super) table: Table,
    pub(super) stop: AtomicBool,
    pub(super) nodes: AtomicU64,
    /// Threads inside each position (by key, in a small hashed array).
    pub(super) busy: Vec<AtomicU8>,
    /// Proofs and disproofs found (stored), this run.
    pub(super) settled: [AtomicU64; 2],
    /// The endgame database whose positions are decided leaves: an
    /// `Arc<dyn Oracle<G>>` of the prover's game (the table and threads
    /// are not generic over the game, so it is kept as `Any`).
    pub(super) oracle: Option<Box<dyn Any + Send + Sync>>,
}

impl Shared {
    /// The endgame database of game `G`, if the prover has one.
    #[inline]
    pub(crate) fn oracle<G: Evaluate>(&self) -> Option<&Arc<dyn Oracle<G>>> {
        self.oracle.as_ref()?.downcast_ref::<Arc<dyn Oracle<G>>>()
    }
}

/// A strong 64-bit mixer (SplitMix64's finaliser).
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
