//! What a caller hands the agents it builds, instead of state kept by the
//! library: the memory limit their tables are checked against, and the
//! endgame databases opened so far.

use crate::memory::MemoryLimit;
use crate::tablebase::Databases;

/// The caller's resources: cloned cheaply, and every clone shares the
/// databases opened (a run's workers open a folder once between them).
/// `Resources::default()` checks no memory limit.
#[derive(Clone, Debug, Default)]
pub struct Resources {
    /// The memory the agents' tables may take (`None`: none checked; the
    /// allocation itself can still fail, as an error).
    pub memory: Option<MemoryLimit>,
    /// The endgame databases opened so far.
    pub databases: Databases,
}

impl Resources {
    /// Resources with the memory limit `memory` and no database open yet.
    pub fn new(memory: Option<MemoryLimit>) -> Resources {
        Resources {
            memory,
            databases: Databases::default(),
        }
    }
}
