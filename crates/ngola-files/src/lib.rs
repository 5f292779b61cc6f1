//! Files that ngola's programs write, below every crate that writes a
//! folder (tournament runs, endgame databases, training runs): one writer
//! per folder ([`FolderLock`]), with an error type of its own that each
//! caller's error wraps.

pub mod lock;

pub use lock::{FolderLock, LockError, LOCK_FILE};
