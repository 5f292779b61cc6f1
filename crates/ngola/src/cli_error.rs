//! The one error type of the command-line program: a message for stderr
//! and the exit code.

use std::fmt::Display;
use std::path::Path;

use ngola_arena::ArenaError;

/// An error that ends the program with `code` after printing `message`.
#[derive(Debug)]
pub struct CliError {
    /// Exit code: 2 for bad input, 1 for other failures.
    pub code: u8,
    /// What went wrong, for a person.
    pub message: String,
}

impl CliError {
    /// Bad input from the user (exit code 2).
    pub fn input(message: impl Display) -> Self {
        CliError {
            code: 2,
            message: message.to_string(),
        }
    }

    /// Any other failure, e.g. a file that cannot be written (exit code 1).
    pub fn failure(message: impl Display) -> Self {
        CliError {
            code: 1,
            message: message.to_string(),
        }
    }
}

impl From<ArenaError> for CliError {
    /// Bad input (a malformed file, a bad field) exits with 2, anything
    /// else (a file that cannot be written) with 1.
    fn from(err: ArenaError) -> Self {
        if err.is_input() {
            CliError::input(err)
        } else {
            CliError::failure(err)
        }
    }
}

/// Writes `content` to `path`; a failure is the program's (exit code 1).
pub fn write_file(path: &Path, content: &str) -> Result<(), CliError> {
    std::fs::write(path, content)
        .map_err(|e| CliError::failure(format!("cannot write {}: {e}", path.display())))
}
