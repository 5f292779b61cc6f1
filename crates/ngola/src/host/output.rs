//! Files the program writes where the user says: each is written to a
//! temporary file beside it and renamed over it, so a rename must never
//! replace what is not an earlier output: a device node, a folder, a
//! symbolic link (whose target the user meant, not the link) or anything
//! else that is not a regular file is refused before any work, with exit
//! 2 naming the flag.

use std::path::Path;

use crate::cli_error::CliError;

/// `Ok` if `path` does not exist or is a regular file (not a link to
/// one); otherwise bad input naming `flag`.
pub fn check_target(flag: &str, path: &Path) -> Result<(), CliError> {
    let refuse = |what: &str| {
        Err(CliError::input(format!(
            "{flag} {}: {what}; give the path of a file to write (an earlier output is replaced)",
            path.display()
        )))
    };
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(CliError::input(format!("{flag} {}: {e}", path.display()))),
        Ok(meta) if meta.file_type().is_symlink() => refuse("is a symbolic link"),
        Ok(meta) if meta.is_dir() => refuse("is a folder"),
        Ok(meta) if !meta.is_file() => {
            refuse("is not a regular file (a device, a pipe or a socket)")
        }
        Ok(_) => Ok(()),
    }
}
