//! Writing `games.csv`: rows appended one `write` each as games end, from
//! many threads by group commit, and the sorted file at the end.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

use ngola_files::FileError;

use crate::record::Result;

use super::{header_line, GameRecord, GamesFile};

/// Appends rows to `games.csv`: each row is one `write` call of the whole
/// line straight to the file (no user-space buffer), so a killed process
/// leaves complete rows and at most one partial last line.
#[derive(Debug)]
pub struct GamesWriter {
    file: File,
    path: PathBuf,
}

impl GamesWriter {
    /// Creates `path` with its header (replacing any file there).
    pub fn create(path: &Path) -> Result<GamesWriter> {
        let mut file = File::create(path).map_err(|e| FileError::io(path, e))?;
        file.write_all(header_line().as_bytes())
            .map_err(|e| FileError::io(path, e))?;
        Ok(GamesWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Opens an existing `games.csv` for appending after a kill: drops a
    /// trailing partial line, writes the header if it is missing.
    pub fn reopen(path: &Path, found: &GamesFile) -> Result<GamesWriter> {
        if !found.has_header {
            return GamesWriter::create(path);
        }
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| FileError::io(path, e))?;
        file.set_len(found.complete_len)
            .map_err(|e| FileError::io(path, e))?;
        drop(file);
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| FileError::io(path, e))?;
        Ok(GamesWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one row and hands it to the operating system at once.
    pub fn append(&mut self, record: &GameRecord) -> Result<()> {
        self.append_bytes(&record.to_csv_line())
    }

    /// Appends complete rows (CSV text ending in a line end) in one write.
    pub fn append_bytes(&mut self, rows: &[u8]) -> Result<()> {
        self.file
            .write_all(rows)
            .and_then(|()| self.file.flush())
            .map_err(|e| FileError::io(&self.path, e))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Appends rows from many threads by group commit: a finished game's row
/// joins a pending buffer, and a thread that finds the file free writes
/// everything pending in one `write`; a thread that finds it busy goes
/// back to playing, and the writing thread takes its row too before it
/// lets go. So no thread waits for another's write, and a row waits at
/// most for the one write in progress when it arrived.
#[derive(Debug)]
pub struct SharedWriter {
    file: Mutex<GamesWriter>,
    pending: Mutex<Pending>,
}

/// Rows queued for the file, and whether all rows so far came in game id
/// order (the queue's order is the file's).
#[derive(Debug, Default)]
struct Pending {
    bytes: Vec<u8>,
    last_game: Option<u64>,
    in_order: bool,
}

impl SharedWriter {
    /// Shares `writer` between threads; `last_game` is the id of the last
    /// row already in the file, if any.
    pub fn new(writer: GamesWriter, last_game: Option<u64>) -> SharedWriter {
        SharedWriter {
            file: Mutex::new(writer),
            pending: Mutex::new(Pending {
                bytes: Vec::new(),
                last_game,
                in_order: true,
            }),
        }
    }

    /// Queues the row (with its line end) of game `game` and writes what
    /// is pending if no other thread is writing.
    pub fn push(&self, game: u64, row: &[u8]) -> Result<()> {
        {
            let mut pending = lock(&self.pending);
            pending.bytes.extend_from_slice(row);
            pending.in_order &= !matches!(pending.last_game, Some(last) if last >= game);
            pending.last_game = Some(game);
        }
        loop {
            let mut file = match self.file.try_lock() {
                Ok(file) => file,
                Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
                // The thread holding the file checks `pending` after it
                // lets go, and our row was queued before we tried.
                Err(TryLockError::WouldBlock) => return Ok(()),
            };
            let batch = std::mem::take(&mut lock(&self.pending).bytes);
            if !batch.is_empty() {
                file.append_bytes(&batch)?;
            }
            drop(file);
            if lock(&self.pending).bytes.is_empty() {
                return Ok(());
            }
        }
    }

    /// Writes anything still pending (once every thread is done). Returns
    /// true if the file's rows are in game id order.
    pub fn finish(self) -> Result<bool> {
        let pending = self
            .pending
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let mut file = self
            .file
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        if !pending.bytes.is_empty() {
            file.append_bytes(&pending.bytes)?;
        }
        Ok(pending.in_order)
    }
}

/// Creates the file `path` anew: whatever is there (a file left behind, a
/// link) is removed first, and the file is made only if nothing took its
/// place meanwhile (`create_new` follows no link).
pub fn fresh_file(path: &Path) -> Result<File> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(FileError::io(path, e));
        }
        _ => {}
    }
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| FileError::io(path, e))
}
