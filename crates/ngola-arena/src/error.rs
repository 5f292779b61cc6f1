//! The one error type of the arena, split into bad input (the user's to
//! fix: exit code 2 on the command line) and failures (files that cannot
//! be written, a panicking agent: exit code 1). A folder locked by
//! another process counts as bad input.

use std::path::Path;

use thiserror::Error;

pub use ngola_files::FileError;

/// Anything that stops a tournament, a resume or a merge.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// A bad value in an experiment file or on the command line; names the
    /// field (e.g. `games`, `agents[2]`, `rules.capture_sowing`).
    #[error("{field}: {message}")]
    Field {
        /// The field, as written in experiment files.
        field: String,
        /// What is wrong with it and what is allowed.
        message: String,
    },
    /// A file that exists but cannot be understood (experiment.toml,
    /// games.csv), folders that do not fit together
    /// ([`FileError::Bad`]), or a file that could not be read or written
    /// ([`FileError::Io`]).
    #[error(transparent)]
    File(#[from] FileError),
    /// The output folder is being written by another process, which
    /// holds its lock, or cannot be locked (see [`ngola_files::lock`]).
    #[error(transparent)]
    Lock(#[from] ngola_files::LockError),
    /// A game could not be played (a panicking agent, an opening that
    /// cannot be drawn): a defect or a setting the game cannot honour.
    #[error("game {game}: {message}")]
    Game {
        /// The game's id in the schedule.
        game: u64,
        /// What happened.
        message: String,
    },
    /// A pair's opening could not be given (a setting the game cannot
    /// honour).
    #[error("game {game}: {error}")]
    Opening {
        /// The game's id in the schedule.
        game: u64,
        /// Why.
        error: PlanError,
    },
}

impl From<ngola_records::FieldError> for ArenaError {
    fn from(e: ngola_records::FieldError) -> ArenaError {
        ArenaError::Field {
            field: e.field,
            message: e.message,
        }
    }
}

impl ArenaError {
    /// An error naming a bad field.
    pub fn field(field: impl Into<String>, message: impl Into<String>) -> Self {
        ArenaError::Field {
            field: field.into(),
            message: message.into(),
        }
    }

    /// An error about a file's content.
    pub fn bad_file(path: &Path, message: impl Into<String>) -> Self {
        ArenaError::File(FileError::bad(path, message))
    }

    /// An input/output error on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        ArenaError::File(FileError::io(path, source))
    }

    /// True if the user can fix it by changing the input (exit code 2).
    pub fn is_input(&self) -> bool {
        match self {
            ArenaError::Field { .. } => true,
            ArenaError::File(e) => e.is_input(),
            ArenaError::Lock(e) => e.is_input(),
            _ => false,
        }
    }
}

/// Shorthand for results of the arena.
pub type Result<T, E = ArenaError> = std::result::Result<T, E>;

/// Why a pair's opening cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlanError {
    /// The random opening cannot be drawn.
    #[error(transparent)]
    Draw(#[from] ngola_rules::opening::OpeningError),
    /// The pair is past the suite's plan (not a pair of the run).
    #[error("pair {pair} is past the suite's plan")]
    PastSuite {
        /// The pair.
        pair: u64,
    },
}
