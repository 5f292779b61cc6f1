//! The one error type of the command-line program: a message for stderr
//! and the exit code.

use std::fmt::Display;
use std::io;
use std::path::Path;

use ngola_arena::ArenaError;

/// An error that ends the program with `code` after printing `message`.
#[derive(Debug)]
pub struct CliError {
    /// Exit code: 2 for bad input, 1 for other failures.
    pub code: u8,
    /// What went wrong, for a person.
    pub message: String,
    /// End without printing the message: standard output is a pipe whose
    /// reader has gone (`ngola ... | head`), where Unix tools end quietly.
    pub quiet: bool,
}

impl CliError {
    /// Bad input from the user (exit code 2).
    pub fn input(message: impl Display) -> Self {
        CliError {
            code: 2,
            message: message.to_string(),
            quiet: false,
        }
    }

    /// Any other failure, e.g. a file that cannot be written (exit code 1).
    pub fn failure(message: impl Display) -> Self {
        CliError {
            code: 1,
            message: message.to_string(),
            quiet: false,
        }
    }

    /// Writing to standard output failed (exit code 1), e.g. `standard
    /// output: No space left on device`; quiet for a closed pipe.
    pub fn stdout(err: io::Error) -> Self {
        CliError {
            quiet: err.kind() == io::ErrorKind::BrokenPipe,
            ..CliError::failure(format!("standard output: {}", io_reason(&err)))
        }
    }

    /// Reading standard input failed (exit code 1).
    pub fn stdin(err: io::Error) -> Self {
        CliError::failure(format!("standard input: {}", io_reason(&err)))
    }
}

/// An I/O error's reason without the `(os error N)` suffix.
pub fn io_reason(err: &io::Error) -> String {
    let text = err.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
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

impl From<ngola_arena::error::FileError> for CliError {
    /// As the arena's file errors: exit 2 for a file that cannot be
    /// understood, 1 for one that cannot be read or written.
    fn from(err: ngola_arena::error::FileError) -> Self {
        CliError::from(ArenaError::from(err))
    }
}

/// Writes `content` to `path`; a failure is the program's (exit code 1).
pub fn write_file(path: &Path, content: &str) -> Result<(), CliError> {
    std::fs::write(path, content)
        .map_err(|e| CliError::failure(format!("cannot write {}: {e}", path.display())))
}

/// Writes `text` to standard output and flushes it: a full disk or a
/// closed pipe is an error naming standard output, never a panic.
pub fn print(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(CliError::stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_errors_name_the_stream_without_the_os_error_number() {
        let full = CliError::stdout(io::Error::from_raw_os_error(28));
        assert_eq!(full.message, "standard output: No space left on device");
        assert_eq!((full.code, full.quiet), (1, false));
        let pipe = CliError::stdout(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(pipe.quiet && pipe.code == 1);
        let input = CliError::stdin(io::Error::from_raw_os_error(5));
        assert_eq!(input.message, "standard input: Input/output error");
    }
}
