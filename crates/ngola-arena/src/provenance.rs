//! Provenance of an output folder: which ngola (version and git commit)
//! played it, when (UTC) and on how many threads and cores. Written as
//! comments into `experiment.toml` (so that resume and merge, which read
//! the experiment, ignore it) and as the last lines of `summary.txt`.
//!
//! The commit is the calling program's: the `ngola` program fixes it at
//! build time, the Python bindings too (`unknown` where no one did).

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The ngola version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Who played a folder's games, when, and with what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The ngola version.
    pub version: String,
    /// The git commit of the build, or `unknown`.
    pub commit: String,
    /// When the process started the work, UTC, ISO 8601 (`...Z`).
    pub started_utc: String,
    /// Worker threads.
    pub threads: String,
    /// The machine's cores (as the operating system reports them).
    pub cores: String,
}

impl Provenance {
    /// This process, now, with `threads` workers, built from git commit
    /// `commit`.
    pub fn now(threads: usize, commit: &str) -> Provenance {
        Provenance {
            version: VERSION.to_string(),
            commit: commit.to_string(),
            started_utc: utc_text(unix_now()),
            threads: threads.to_string(),
            cores: std::thread::available_parallelism()
                .map_or("unknown".to_string(), |n| n.get().to_string()),
        }
    }

    /// The comment lines of `experiment.toml`.
    pub fn toml_comments(&self) -> String {
        format!(
            "# Provenance (comments, not part of the experiment: resume and merge ignore them):\n\
             # ngola_version = \"{}\"\n# git_commit = \"{}\"\n# started_utc = \"{}\"\n\
             # threads = {}\n# cores = {}\n",
            self.version, self.commit, self.started_utc, self.threads, self.cores
        )
    }

    /// The provenance in an `experiment.toml`'s comments (`unknown` for
    /// whatever is missing, e.g. in a folder written before it existed).
    pub fn read(path: &Path) -> Provenance {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let value = |key: &str| {
            text.lines()
                .filter_map(|line| line.strip_prefix("# "))
                .filter_map(|line| line.split_once(" = "))
                .find(|(k, _)| k.trim() == key)
                .map(|(_, v)| v.trim().trim_matches('"').to_string())
                .unwrap_or_else(|| "unknown".to_string())
        };
        Provenance {
            version: value("ngola_version"),
            commit: value("git_commit"),
            started_utc: value("started_utc"),
            threads: value("threads"),
            cores: value("cores"),
        }
    }

    /// One line of `summary.txt`, e.g. `run: ngola 0.1.0 (git 1a2b...),
    /// started 2026-01-02T03:04:05Z, 2 threads on 2 cores`.
    pub fn summary_lines(&self, what: &str) -> String {
        // "1 thread", "2 threads": the counts are kept as read.
        let plural = |n: &str| if n == "1" { "" } else { "s" };
        format!(
            "{what}: ngola {} (git commit {}), started {}, {} thread{} on {} core{}\n",
            self.version,
            self.commit,
            self.started_utc,
            self.threads,
            plural(&self.threads),
            self.cores,
            plural(&self.cores)
        )
    }
}

/// A time in seconds since 1970 as ISO 8601 UTC: `2026-01-02T03:04:05Z`.
pub fn utc_text(unix_seconds: u64) -> String {
    let [year, month, day, hour, minute, second] = utc_fields(unix_seconds);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

/// A time in seconds since 1970 as a UTC stamp for file and folder names:
/// `yyyymmdd-hhmmss`.
pub fn utc_stamp(unix_seconds: u64) -> String {
    let [year, month, day, hour, minute, second] = utc_fields(unix_seconds);
    format!("{year:04}{month:02}{day:02}-{hour:02}{minute:02}{second:02}")
}

/// Seconds since 1970 now (0 if the clock is before 1970).
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Year, month, day, hour, minute and second (UTC) of a time in seconds
/// since 1970.
fn utc_fields(unix_seconds: u64) -> [i64; 6] {
    let (year, month, day) = civil_from_days((unix_seconds / 86_400) as i64);
    let rest = (unix_seconds % 86_400) as i64;
    [
        year,
        i64::from(month),
        i64::from(day),
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
    ]
}

/// The proleptic Gregorian date (year, month, day) of a day count since
/// 1970-01-01 (Howard Hinnant's `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_texts_of_known_times() {
        assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56 UTC, a leap day.
        assert_eq!(utc_text(951_827_696), "2000-02-29T12:34:56Z");
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn utc_stamps_of_known_times() {
        assert_eq!(utc_stamp(0), "19700101-000000");
        // 2000-02-29 12:34:56 UTC, a leap day.
        assert_eq!(utc_stamp(951_827_696), "20000229-123456");
        // 2026-03-01 00:00:00 UTC.
        assert_eq!(utc_stamp(1_772_323_200), "20260301-000000");
        // 2024-02-29 13:05:09 UTC is 19_782 days, then 47_109 s.
        assert_eq!(utc_stamp(1_709_211_909), "20240229-130509");
    }

    #[test]
    fn comments_read_back() {
        let p = Provenance::now(3, "1a2b3c4");
        assert_eq!(p.threads, "3");
        assert!(!p.commit.is_empty() && p.version == VERSION);
        let dir = std::env::temp_dir().join(format!("ngola-provenance-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("experiment.toml");
        std::fs::write(
            &path,
            format!("# head\n{}name = \"x\"\n", p.toml_comments()),
        )
        .unwrap();
        assert_eq!(Provenance::read(&path), p);
        assert_eq!(Provenance::read(&dir.join("none")).commit, "unknown");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
