//! Files that ngola's programs write, below every crate that writes a
//! folder (tournament runs, endgame databases, training runs, networks):
//! one writer per folder ([`FolderLock`]), the one error of a file
//! ([`FileError`]) that each caller's error wraps, and whole files written
//! so that a crash leaves the old or the new one ([`write_atomically`]).

pub mod digest;
pub mod error;
pub mod lock;
pub mod write;

pub use digest::{file_sha256, sha256_hex};
pub use error::FileError;
pub use lock::{FolderLock, LockError, LOCK_FILE};
pub use write::{write_atomically, write_parts_atomically};
