//! The one error of a file, for every crate that reads or writes them:
//! a file that exists but cannot be understood (the user's to fix), or one
//! that cannot be read or written (the machine's).

use std::path::{Path, PathBuf};

use thiserror::Error;

/// A file that is wrong, or that the system could not read or write.
#[derive(Debug, Error)]
pub enum FileError {
    /// A file or folder that exists but cannot be understood, or folders
    /// that do not fit together.
    #[error("{path}: {message}")]
    Bad {
        /// The file or folder.
        path: PathBuf,
        /// What is wrong, with the line where there is one.
        message: String,
    },
    /// A file or folder that could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
}

impl FileError {
    /// An error about the content of `path`.
    pub fn bad(path: &Path, message: impl Into<String>) -> FileError {
        FileError::Bad {
            path: path.to_path_buf(),
            message: message.into(),
        }
    }

    /// An input/output error on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// True if the user can fix it by changing the file (exit code 2).
    pub fn is_input(&self) -> bool {
        matches!(self, FileError::Bad { .. })
    }
}
