//! What the program decides for the libraries below it (their policy is
//! the caller's): the memory limit of the agents' tables, the git commit
//! recorded as provenance, the progress bar, the pause a test asks for,
//! and which paths an output may be written to.

pub mod output;
pub mod pause;
pub mod progress;

use ngola_agents::memory::{self, LimitTexts, MEMORY_ENV};

/// The git commit this program is built from (`NGOLA_GIT_COMMIT` at
/// build time, else the source tree's HEAD as the build script read it),
/// or `unknown`.
pub const GIT_COMMIT: &str = env!("NGOLA_GIT_COMMIT");

/// Sets the agents' memory limit from this machine (see
/// [`ngola_agents::memory`]): `NGOLA_MEMORY_MB` when set, else the
/// tightest of the memory available, the control group's limit and the
/// address-space limit, as they are now.
pub fn set_memory_limit() {
    let env = std::env::var(MEMORY_ENV).ok();
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let (meminfo, cgroup_max, process_limits) = (
        read(memory::MEMINFO),
        read(memory::CGROUP_MAX),
        read(memory::PROCESS_LIMITS),
    );
    memory::set_limit(memory::limit_from(&LimitTexts {
        env: env.as_deref(),
        meminfo: meminfo.as_deref(),
        cgroup_max: cgroup_max.as_deref(),
        process_limits: process_limits.as_deref(),
    }));
}
