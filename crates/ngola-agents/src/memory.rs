//! How much memory the agents' tables may take: the search tables are
//! allocated in one block, checked against what the machine can hold
//! first, so that a table too big for the machine is an error naming the
//! limit instead of an allocation failure (an abort) or the system's
//! out-of-memory killer.
//!
//! The limit is the memory the machine has available when the tables are
//! made (Linux: `MemAvailable` of `/proc/meminfo`: free memory and caches
//! it can drop), or the control group's `memory.max` when lower (a Slurm
//! job, a container), or `NGOLA_MEMORY_MB` when set (a share of a machine
//! others use too). Where none is known, no limit is checked and only the
//! allocation itself can fail (then with the same error).

use std::collections::TryReserveError;

use thiserror::Error;

/// The environment variable that sets the memory limit in MiB.
pub const MEMORY_ENV: &str = "NGOLA_MEMORY_MB";

/// Memory that tables ask for and cannot have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MemoryError {
    /// More than the limit.
    #[error(
        "{what}: {need} MiB, more than the {limit} MiB this machine can hold ({source_}); \
         use smaller tables (`tt`)"
    )]
    OverLimit {
        /// What needs the memory (e.g. `the table of alphabeta:...`).
        what: String,
        /// MiB asked for.
        need: u64,
        /// MiB the machine can hold.
        limit: u64,
        /// Where the limit comes from.
        source_: &'static str,
    },
    /// The allocation itself failed.
    #[error("{what}: cannot allocate {need} MiB: {reason}")]
    Allocation {
        /// What needed the memory.
        what: String,
        /// MiB asked for.
        need: u64,
        /// The allocator's reason.
        reason: String,
    },
}

/// The memory limit in MiB and where it comes from, if one is known.
pub fn limit_mb() -> Option<(u64, &'static str)> {
    if let Some(mb) = std::env::var(MEMORY_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        return Some((mb, "set by NGOLA_MEMORY_MB"));
    }
    let total = meminfo_available_mb().map(|mb| (mb, "memory available now"));
    let group = cgroup_max_mb().map(|mb| (mb, "the control group's memory.max"));
    match (total, group) {
        (Some(t), Some(g)) => Some(if g.0 < t.0 { g } else { t }),
        (t, g) => t.or(g),
    }
}

/// Checks that `need` MiB, for `what`, fit in the memory limit.
pub fn check(need: u64, what: impl FnOnce() -> String) -> Result<(), MemoryError> {
    match limit_mb() {
        Some((limit, source_)) if need > limit => Err(MemoryError::OverLimit {
            what: what(),
            need,
            limit,
            source_,
        }),
        _ => Ok(()),
    }
}

/// A vector of `len` copies of `value`, allocated fallibly: an
/// allocation failure is an error, not an abort.
pub fn filled_vec<T: Clone>(
    len: usize,
    value: T,
    what: impl FnOnce() -> String,
) -> Result<Vec<T>, MemoryError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|e: TryReserveError| MemoryError::Allocation {
            what: what(),
            need: (len.saturating_mul(std::mem::size_of::<T>()) >> 20) as u64,
            reason: e.to_string(),
        })?;
    v.resize(len, value);
    Ok(v)
}

fn meminfo_available_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb >> 10)
}

fn cgroup_max_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok()?;
    text.trim().parse::<u64>().ok().map(|bytes| bytes >> 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_limit_is_found_on_linux() {
        if cfg!(target_os = "linux") && std::env::var(MEMORY_ENV).is_err() {
            let (mb, _) = limit_mb().expect("a limit on Linux");
            assert!(mb >= 64, "{mb} MiB");
        }
    }

    #[test]
    fn an_impossible_allocation_is_an_error() {
        let err = filled_vec(usize::MAX / 8, 0u64, || "a test table".to_string())
            .expect_err("more than the address space");
        assert!(
            err.to_string().starts_with("a test table: cannot allocate"),
            "{err}"
        );
    }
}
