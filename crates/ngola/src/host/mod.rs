//! What the program decides for the libraries below it (their policy is
//! the caller's): the memory limit of the agents' tables, the git commit
//! recorded as provenance, the progress bar, the pause a test asks for,
//! and which paths an output may be written to.

pub mod output;
pub mod pause;
pub mod progress;

use ngola_agents::memory::{self, MemoryLimit, MEMORY_ENV};
use ngola_agents::Resources;

/// The git commit this program is built from (`NGOLA_GIT_COMMIT` at
/// build time, else the source tree's HEAD as the build script read it),
/// or `unknown`.
pub const GIT_COMMIT: &str = env!("NGOLA_GIT_COMMIT");

/// The agents' memory limit on this machine (see
/// [`ngola_agents::memory`]): `NGOLA_MEMORY_MB` when set, else the
/// tightest of the memory available, the control group's limit and the
/// address-space limit, as they are now.
pub fn memory_limit() -> Option<MemoryLimit> {
    memory::machine_limit(std::env::var(MEMORY_ENV).ok().as_deref())
}

/// The resources a command hands the agents it builds: this machine's
/// memory limit ([`memory_limit`]) and no database open yet.
pub fn resources() -> Resources {
    Resources::new(memory_limit())
}
