//! The errors of the tablebase crate: one enum a caller can match.

use std::path::PathBuf;

use thiserror::Error;

/// What can go wrong building, opening, probing or verifying a database.
#[derive(Debug, Error)]
pub enum TablebaseError {
    /// A level too large to index (or numbers out of range).
    #[error("{what}: too many arrangements to index")]
    TooLarge {
        /// What was asked for.
        what: String,
    },
    /// The rules cannot be used for a database (e.g. a ply cap).
    #[error("rule {key}={value}: {reason}")]
    Rules {
        /// The offending key.
        key: String,
        /// Its value.
        value: String,
        /// Why it cannot be used.
        reason: String,
    },
    /// A database built under other rules (or of another game).
    #[error(
        "{path}: the database is of {found}, not of {wanted}; \
         build one for these rules with `ngola tablebase build`"
    )]
    OtherRules {
        /// The database folder or file.
        path: PathBuf,
        /// The game and rules the database was built for.
        found: String,
        /// The game and rules asked for.
        wanted: String,
    },
    /// A level file whose header or size is not what it should be.
    #[error("{path}: {field}: {reason}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// The header field or part at fault.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// A database folder without the level a position needs.
    #[error("{path}: no level {level} (the database holds levels 0..={top})")]
    MissingLevel {
        /// The database folder.
        path: PathBuf,
        /// The level needed.
        level: usize,
        /// Its highest level.
        top: usize,
    },
    /// A position the database does not cover (too many seeds on the board).
    #[error("the position has {seeds} seeds on the board; the database covers at most {top}")]
    NotCovered {
        /// Seeds on the board.
        seeds: usize,
        /// The database's highest level.
        top: usize,
    },
    /// A position that cannot be probed (e.g. one the rules reject).
    #[error("position: {0}")]
    Position(String),
    /// The machine cannot hold what a build needs.
    #[error(
        "the build needs {need_mb} MiB of memory and {disk_mb} MiB of disk; \
         the machine has {have_mb} MiB of memory ({memory_source}) and {free_mb} MiB free on disk"
    )]
    Resources {
        /// Peak memory the build needs.
        need_mb: u64,
        /// Disk the finished levels take.
        disk_mb: u64,
        /// Memory available.
        have_mb: u64,
        /// Where the memory figure comes from.
        memory_source: String,
        /// Disk available.
        free_mb: u64,
    },
    /// The game's rules broke an assumption of the solver (a bug or a rule
    /// set the database cannot represent).
    #[error("level {level}: {reason}")]
    Invariant {
        /// The level being built.
        level: usize,
        /// What broke.
        reason: String,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A build asked for fewer seeds than the folder's database has levels.
    #[error(
        "{dir}: holds levels up to {top}, above the {seeds} seeds asked for: the database \
         is built (use it as it is), or build into another folder (--seeds {seeds})"
    )]
    MoreLevels {
        /// The folder.
        dir: PathBuf,
        /// Its highest level.
        top: usize,
        /// The seeds asked for.
        seeds: usize,
    },
    /// The build was stopped from outside (finished levels are kept).
    #[error("stopped; the finished levels are kept and the build resumes from the next one")]
    Stopped,
    /// Another process builds in the same folder (it holds the folder's
    /// lock), or the folder cannot be locked.
    #[error(transparent)]
    Lock(#[from] ngola_files::LockError),
}

impl TablebaseError {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> TablebaseError {
        TablebaseError::Io {
            path: path.into(),
            source,
        }
    }

    /// True for errors of the caller's input (rules, positions, files that
    /// are not databases), as opposed to failures of the machine.
    pub fn is_input(&self) -> bool {
        match self {
            TablebaseError::Lock(e) => e.is_input(),
            _ => !matches!(
                self,
                TablebaseError::Io { .. }
                    | TablebaseError::Invariant { .. }
                    | TablebaseError::Stopped
            ),
        }
    }
}
