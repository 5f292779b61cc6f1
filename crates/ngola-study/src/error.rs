//! The one error type of studies and reports, split like the arena's into
//! bad input (exit code 2 on the command line) and failures.

use std::path::Path;

use thiserror::Error;

use ngola_arena::error::FileError;
use ngola_arena::ArenaError;

/// Anything that stops a study, its measures or its report.
#[derive(Debug, Error)]
pub enum StudyError {
    /// A bad value in a study file; names the field (e.g. `axes.seed`).
    #[error("{field}: {message}")]
    Field {
        /// The field, as written in study files.
        field: String,
        /// What is wrong with it and what is allowed.
        message: String,
    },
    /// A file that exists but cannot be understood ([`FileError::Bad`]),
    /// or that could not be read or written ([`FileError::Io`]).
    #[error(transparent)]
    File(#[from] FileError),
    /// A row of `games.csv` whose moves do not replay under its run's rules.
    #[error("game {game}: {message}")]
    Replay {
        /// The game's id.
        game: u64,
        /// The move that does not replay, and why.
        message: String,
    },
    /// The report's template does not render (a defect of the template).
    #[error("report template: {0}")]
    Template(String),
    /// A run of the study failed.
    #[error(transparent)]
    Arena(#[from] ArenaError),
}

impl StudyError {
    /// An error naming a bad field.
    pub fn field(field: impl Into<String>, message: impl Into<String>) -> Self {
        StudyError::Field {
            field: field.into(),
            message: message.into(),
        }
    }

    /// An error about a file's content.
    pub fn bad_file(path: &Path, message: impl Into<String>) -> Self {
        StudyError::File(FileError::bad(path, message))
    }

    /// An input/output error on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        StudyError::File(FileError::io(path, source))
    }

    /// True if the user can fix it by changing the input (exit code 2).
    pub fn is_input(&self) -> bool {
        match self {
            StudyError::Field { .. } | StudyError::Replay { .. } => true,
            StudyError::File(e) => e.is_input(),
            StudyError::Arena(e) => e.is_input(),
            StudyError::Template(_) => false,
        }
    }
}
