//! One writer per output folder.
//!
//! Every process that writes a folder (a tournament's run, a resume, a
//! merge's output, an endgame database's build, a training run) first
//! takes an exclusive operating-system lock on the folder's lock file
//! `DIR/.lock` (`flock` on Unix, through std's [`File::try_lock`]) and
//! writes its process id into it. A second process fails at once with
//! [`LockError::Locked`], naming
//! the folder and the holder's pid. The lock belongs to the open file, so
//! it ends with its process however that ends (`kill -9` included): a
//! killed run never blocks its own `--resume`, and the file it leaves
//! behind is simply locked again. The holder removes the file when done.
//! A `.lock` that is a symbolic link (or anything but a regular file) is
//! refused, never followed.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

use crate::error::FileError;

/// The lock file's name inside an output folder.
pub const LOCK_FILE: &str = ".lock";

/// Why a folder could not be locked.
#[derive(Debug, Error)]
pub enum LockError {
    /// Another process writes to the folder: it holds the lock.
    #[error(
        "{path}: another process ({}) is writing to this folder (it holds the lock on {}); \
         one process at a time: wait for it to end, or stop it",
        pid.map_or("pid unknown".to_string(), |p| format!("pid {p}")),
        path.join(LOCK_FILE).display()
    )]
    Locked {
        /// The folder.
        path: PathBuf,
        /// The holder's process id, as it wrote it into the lock file.
        pid: Option<u32>,
    },
    /// The folder is not a folder, or its lock file is not a regular file
    /// ([`FileError::Bad`]), or the lock file could not be made, read or
    /// locked ([`FileError::Io`]).
    #[error(transparent)]
    File(#[from] FileError),
}

impl LockError {
    /// True if the user can fix it (another process to wait for, a file
    /// to remove): exit code 2 on the command line.
    pub fn is_input(&self) -> bool {
        match self {
            LockError::Locked { .. } => true,
            LockError::File(e) => e.is_input(),
        }
    }

    fn bad_file(path: &Path, message: &str) -> LockError {
        LockError::File(FileError::bad(path, message))
    }

    fn io(path: &Path, source: std::io::Error) -> LockError {
        LockError::File(FileError::io(path, source))
    }
}

type Result<T> = std::result::Result<T, LockError>;

/// An exclusive lock on an output folder, held until dropped (or until
/// the process ends). Dropping it removes the lock file.
#[derive(Debug)]
pub struct FolderLock {
    file: File,
    path: PathBuf,
}

impl FolderLock {
    /// Locks the existing folder `dir` for writing, or fails at once:
    /// [`LockError::Locked`] (bad input, exit code 2) if another process
    /// holds it, [`FileError::Bad`] if `dir` is not a folder, and
    /// [`FileError::Io`] if the lock file cannot be made or locked.
    pub fn acquire(dir: &Path) -> Result<FolderLock> {
        if !dir.is_dir() {
            return Err(LockError::bad_file(dir, "no such folder"));
        }
        let path = dir.join(LOCK_FILE);
        // The holder removes the file when it is done; a process that
        // opened it just before may then lock a file no longer in the
        // folder, so it checks and tries again.
        for _ in 0..16 {
            let file = open_lock_file(&path)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(LockError::Locked {
                        path: dir.to_path_buf(),
                        pid: holder_pid(file),
                    })
                }
                Err(TryLockError::Error(e)) => {
                    return Err(LockError::io(
                        &path,
                        std::io::Error::new(e.kind(), format!("cannot lock: {e}")),
                    ))
                }
            }
            if !is_at(&file, &path) {
                continue;
            }
            let mut lock = FolderLock { file, path };
            lock.write_pid()?;
            return Ok(lock);
        }
        Err(LockError::io(
            &path,
            std::io::Error::other("cannot lock: the lock file keeps being replaced"),
        ))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Follows the folder after it was renamed to `dir` (the lock stays
    /// with the open file; only where to remove it from changes).
    pub fn moved_to(&mut self, dir: &Path) {
        self.path = dir.join(LOCK_FILE);
    }

    fn write_pid(&mut self) -> Result<()> {
        let io = |e| LockError::io(&self.path, e);
        self.file.set_len(0).map_err(io)?;
        self.file.rewind().map_err(io)?;
        writeln!(self.file, "{}", std::process::id()).map_err(io)
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Removed while still locked; the lock itself ends with the file.
        if is_at(&self.file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Opens (or makes) the lock file at `path` without following a link: a
/// symbolic link (or anything but a regular file) named `.lock` is refused
/// as a bad file, so the pid is never written through it to another file.
fn open_lock_file(path: &Path) -> Result<File> {
    let refused = || {
        LockError::bad_file(
            path,
            "is not a regular file (a symbolic link or other); remove it to use the folder",
        )
    };
    if std::fs::symlink_metadata(path).is_ok_and(|m| !m.file_type().is_file()) {
        return Err(refused());
    }
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    no_follow(&mut options);
    let file = options.open(path).map_err(|e| {
        // A link made between the check and the open: `O_NOFOLLOW` fails.
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            refused()
        } else {
            LockError::io(path, e)
        }
    })?;
    match file.metadata() {
        Ok(m) if m.is_file() => Ok(file),
        Ok(_) => Err(refused()),
        Err(e) => Err(LockError::io(path, e)),
    }
}

/// Makes `options` refuse to open a symbolic link (`O_NOFOLLOW`).
#[cfg(target_os = "linux")]
fn no_follow(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    // Nonblocking too: a FIFO named `.lock` must not hang the open.
    let flags = rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK;
    options.custom_flags(flags.bits() as i32);
}

/// Elsewhere the check of the name before the open stands alone.
#[cfg(not(target_os = "linux"))]
fn no_follow(_options: &mut OpenOptions) {}

/// The pid written by the process holding `file`'s lock. It writes it
/// right after locking, so an empty file is read again a few times.
fn holder_pid(mut file: File) -> Option<u32> {
    for _ in 0..20 {
        let mut text = String::new();
        if file.rewind().is_ok() && file.read_to_string(&mut text).is_ok() {
            if let Ok(pid) = text.trim().parse() {
                return Some(pid);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

/// True if `path` is the file open as `file` (not removed or replaced).
#[cfg(unix)]
fn is_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

/// True if `path` is the file open as `file` (not removed or replaced).
#[cfg(not(unix))]
fn is_at(_file: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ngola-lock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_second_lock_fails_at_once_naming_the_holder() {
        let dir = temp_dir("second");
        let lock = FolderLock::acquire(&dir).unwrap();
        let pid = std::fs::read_to_string(lock.path()).unwrap();
        assert_eq!(pid.trim(), std::process::id().to_string());
        // Another open file description: as another process would see it.
        let err = FolderLock::acquire(&dir).unwrap_err();
        assert!(err.is_input(), "{err}");
        let message = err.to_string();
        assert!(
            message.contains(&dir.display().to_string())
                && message.contains(&format!("pid {}", std::process::id())),
            "{message}"
        );
        drop(lock);
        assert!(!dir.join(LOCK_FILE).exists());
        // Free again, and a lock file left behind (a killed holder) is
        // locked again.
        std::fs::write(dir.join(LOCK_FILE), "999999\n").unwrap();
        let again = FolderLock::acquire(&dir).unwrap();
        let pid = std::fs::read_to_string(again.path()).unwrap();
        assert_eq!(pid.trim(), std::process::id().to_string());
        drop(again);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_lock_file_is_refused_and_its_target_untouched() {
        let dir = temp_dir("link");
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, "keep me\n").unwrap();
        std::os::unix::fs::symlink(&victim, dir.join(LOCK_FILE)).unwrap();
        let err = FolderLock::acquire(&dir).unwrap_err();
        assert!(err.is_input(), "{err}");
        assert!(err.to_string().contains("not a regular file"), "{err}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
        let link = std::fs::symlink_metadata(dir.join(LOCK_FILE)).unwrap();
        assert!(link.file_type().is_symlink(), "the link stays");
        // A link to nowhere is refused too, and makes no file.
        std::fs::remove_file(dir.join(LOCK_FILE)).unwrap();
        std::os::unix::fs::symlink(dir.join("nowhere"), dir.join(LOCK_FILE)).unwrap();
        assert!(FolderLock::acquire(&dir).unwrap_err().is_input());
        assert!(!dir.join("nowhere").exists());
        // A folder named `.lock` is refused.
        std::fs::remove_file(dir.join(LOCK_FILE)).unwrap();
        std::fs::create_dir(dir.join(LOCK_FILE)).unwrap();
        assert!(FolderLock::acquire(&dir).unwrap_err().is_input());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_named() {
        let dir = temp_dir("missing").join("not-there");
        let err = FolderLock::acquire(&dir).unwrap_err();
        assert!(err.to_string().contains("no such folder"), "{err}");
    }
}
