//! How much memory the agents' tables may take: the search tables are
//! allocated in one block, checked against the limit the caller hands in
//! (its [`crate::Resources`]), so that a table too big for the machine is
//! an error naming the limit instead of an allocation failure (an abort)
//! or the system's out-of-memory killer.
//!
//! The limit is the caller's policy: the `ngola` program and the Python
//! bindings take, when they start, the memory the machine has available
//! (Linux: `MemAvailable` of `/proc/meminfo`: free memory and caches it
//! can drop), the control group's `memory.max` and the process's
//! address-space limit (`ulimit -v`), or `NGOLA_MEMORY_MB` when set (a
//! share of a machine others use too), whichever is tightest
//! ([`machine_limit`] reads the files, [`limit_from`] picks from their
//! texts). Where no limit is given, none is checked and only the
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

/// The file of the memory available (Linux).
pub const MEMINFO: &str = "/proc/meminfo";
/// The control group's memory limit (Linux, cgroup v2).
pub const CGROUP_MAX: &str = "/sys/fs/cgroup/memory.max";
/// The process's limits, the address space among them (Linux).
pub const PROCESS_LIMITS: &str = "/proc/self/limits";

/// A memory limit in MiB and where it comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    /// MiB the tables may take.
    pub mb: u64,
    /// Where the limit comes from (for messages).
    pub source: &'static str,
}

/// The texts a caller read to find the memory limit, each `None` where
/// it is missing: [`MEMORY_ENV`]'s value and the files [`MEMINFO`],
/// [`CGROUP_MAX`] and [`PROCESS_LIMITS`].
#[derive(Copy, Clone, Debug, Default)]
pub struct LimitTexts<'a> {
    /// The value of [`MEMORY_ENV`].
    pub env: Option<&'a str>,
    /// The text of [`MEMINFO`].
    pub meminfo: Option<&'a str>,
    /// The text of [`CGROUP_MAX`].
    pub cgroup_max: Option<&'a str>,
    /// The text of [`PROCESS_LIMITS`].
    pub process_limits: Option<&'a str>,
}

/// The limit those texts give: [`MEMORY_ENV`]'s when set, else the
/// tightest of the memory available, the control group's and the address
/// space's; `None` where none is known.
pub fn limit_from(texts: &LimitTexts<'_>) -> Option<MemoryLimit> {
    let limit = |mb, source| MemoryLimit { mb, source };
    if let Some(mb) = texts.env.and_then(|v| v.trim().parse::<u64>().ok()) {
        return Some(limit(mb, "set by NGOLA_MEMORY_MB"));
    }
    [
        texts
            .meminfo
            .and_then(meminfo_available_mb)
            .map(|mb| limit(mb, "memory available now")),
        texts
            .cgroup_max
            .and_then(cgroup_max_mb)
            .map(|mb| limit(mb, "the control group's memory.max")),
        texts
            .process_limits
            .and_then(address_space_mb)
            .map(|mb| limit(mb, "the address-space limit, ulimit -v")),
    ]
    .into_iter()
    .flatten()
    .min_by_key(|limit| limit.mb)
}

/// This machine's limit as [`limit_from`] picks it, from `env` (the value
/// of [`MEMORY_ENV`], which the caller reads) and the files [`MEMINFO`],
/// [`CGROUP_MAX`] and [`PROCESS_LIMITS`] as they are now.
pub fn machine_limit(env: Option<&str>) -> Option<MemoryLimit> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let (meminfo, cgroup_max, process_limits) =
        (read(MEMINFO), read(CGROUP_MAX), read(PROCESS_LIMITS));
    limit_from(&LimitTexts {
        env,
        meminfo: meminfo.as_deref(),
        cgroup_max: cgroup_max.as_deref(),
        process_limits: process_limits.as_deref(),
    })
}

/// Checks that `need` MiB, for `what`, fit in `limit` (`None`: no limit).
pub fn check(
    limit: Option<MemoryLimit>,
    need: u64,
    what: impl FnOnce() -> String,
) -> Result<(), MemoryError> {
    match limit {
        Some(MemoryLimit { mb, source }) if need > mb => Err(MemoryError::OverLimit {
            what: what(),
            need,
            limit: mb,
            source_: source,
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

/// `MemAvailable` of a `/proc/meminfo` text.
fn meminfo_available_mb(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb >> 10)
}

/// The soft address-space limit (`Max address space` of a
/// `/proc/self/limits` text), if there is one.
fn address_space_mb(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line.split_whitespace().nth(3)?;
    soft.parse::<u64>().ok().map(|bytes| bytes >> 20)
}

/// A `memory.max` text (`max` is no limit).
fn cgroup_max_mb(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().map(|bytes| bytes >> 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tightest_limit_is_found_in_the_texts() {
        let meminfo = "MemTotal:       24000000 kB\nMemAvailable:    2048000 kB\n";
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         1048576000           unlimited            bytes\n";
        let texts = LimitTexts {
            meminfo: Some(meminfo),
            cgroup_max: Some("max\n"),
            process_limits: Some(limits),
            ..LimitTexts::default()
        };
        assert_eq!(
            limit_from(&texts),
            Some(MemoryLimit {
                mb: 1000,
                source: "the address-space limit, ulimit -v"
            })
        );
        let cgroup = LimitTexts {
            cgroup_max: Some("1073741824\n"),
            ..texts
        };
        assert_eq!(limit_from(&cgroup).map(|l| l.mb), Some(1000));
        let loose = LimitTexts {
            process_limits: None,
            ..texts
        };
        assert_eq!(
            limit_from(&loose),
            Some(MemoryLimit {
                mb: 2000,
                source: "memory available now"
            })
        );
        let set = LimitTexts {
            env: Some(" 64 "),
            ..texts
        };
        assert_eq!(limit_from(&set).map(|l| l.mb), Some(64));
        assert_eq!(limit_from(&LimitTexts::default()), None);
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
