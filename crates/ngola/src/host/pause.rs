//! A run that stops itself at a known point, so that a test can kill it
//! there instead of guessing with a clock when it is mid-way.
//!
//! With `NGOLA_PAUSE_AT=N:FILE` in its environment, a tournament whose
//! count of finished games reaches `N` (counted over the whole run, a
//! resumed run's earlier games included; a run that starts at `N` or more
//! never pauses), a database build that has written level `N`, a training
//! run that has saved the checkpoint of generation `N`, or a merge
//! (`N` = 1) that is building the merged folder beside its output, writes
//! its process id to `FILE` and stops itself with SIGSTOP. By then at least
//! `N` rows are in `games.csv` (the level's file is on disk), and nothing
//! of the run's end is written. The test waits for `FILE`, then kills the
//! process (SIGKILL ends a stopped process) or continues it (SIGCONT).
//! A `%p` in `FILE` stands for the process id, so that several runs given
//! one environment (the tasks of a Slurm array) announce themselves in
//! files of their own.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use ngola_arena::{Live, Observer};

use crate::cli_error::CliError;

/// The environment variable that asks for the pause.
pub const PAUSE_ENV: &str = "NGOLA_PAUSE_AT";

/// Where a run pauses: at `count`, announced in `file`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PausePoint {
    /// The count that makes the run pause: games finished, or the level a
    /// database build has written.
    pub count: u64,
    /// The file the paused run writes its process id to.
    pub file: PathBuf,
}

impl PausePoint {
    /// The pause `NGOLA_PAUSE_AT` asks for, if it is set; a value that is
    /// not `N:FILE` is an error naming the variable.
    pub fn from_env() -> Result<Option<PausePoint>, CliError> {
        match std::env::var_os(PAUSE_ENV) {
            None => Ok(None),
            Some(value) => PausePoint::parse(&value.to_string_lossy()).map(Some),
        }
    }

    /// The file that the process `pid` announces its pause in: `file`
    /// with every `%p` replaced by `pid`.
    pub fn file_of(&self, pid: u32) -> PathBuf {
        PathBuf::from(self.file.to_string_lossy().replace("%p", &pid.to_string()))
    }

    /// Reads `N:FILE`.
    pub fn parse(text: &str) -> Result<PausePoint, CliError> {
        let bad = || {
            CliError::input(format!(
                "{PAUSE_ENV}: `{text}` is not COUNT:FILE (a number of games or a level, a file to write)"
            ))
        };
        let (count, file) = text.split_once(':').ok_or_else(bad)?;
        let count = count.parse().map_err(|_| bad())?;
        if file.is_empty() {
            return Err(bad());
        }
        Ok(PausePoint {
            count,
            file: PathBuf::from(file),
        })
    }
}

/// The pause of one run: taken once, when the count first reaches the
/// point.
pub struct Pause {
    point: PausePoint,
    armed: AtomicBool,
}

impl Pause {
    /// A pause at `point`, not yet taken.
    pub fn new(point: PausePoint) -> Pause {
        Pause {
            point,
            armed: AtomicBool::new(true),
        }
    }

    /// The run starts with `done` already done: at or past the point, it
    /// never pauses.
    pub fn starting_at(&self, done: u64) {
        if done >= self.point.count {
            self.armed.store(false, Ordering::Relaxed);
        }
    }

    /// The count is now `done`: pauses the process the first time it
    /// reaches the point.
    pub fn reached(&self, done: u64) {
        if done >= self.point.count && self.armed.swap(false, Ordering::Relaxed) {
            self.stop_here();
        }
    }

    fn stop_here(&self) {
        // Written whole, then renamed, so that a waiting test never reads a
        // partial process id.
        let pid = std::process::id();
        let file = self.point.file_of(pid);
        let partial = file.with_extension("partial");
        let written = std::fs::write(&partial, format!("{pid}\n"))
            .and_then(|()| std::fs::rename(&partial, &file));
        if let Err(e) = written {
            eprintln!("{PAUSE_ENV}: cannot write {}: {e}", file.display());
            return;
        }
        let _ =
            rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::STOP);
    }
}

/// A tournament's observer that forwards everything to `inner` and takes
/// the pause.
pub struct Pausing<'a> {
    inner: &'a dyn Observer,
    pause: Pause,
}

impl<'a> Pausing<'a> {
    /// Watches the run for `point`, reporting to `inner`.
    pub fn new(inner: &'a dyn Observer, point: PausePoint) -> Pausing<'a> {
        Pausing {
            inner,
            pause: Pause::new(point),
        }
    }
}

impl Observer for Pausing<'_> {
    fn start(&self, total: u64, done: u64) {
        self.pause.starting_at(done);
        self.inner.start(total, done);
    }

    fn game_done(&self, done: u64, leader: Option<(&str, f64)>) {
        self.inner.game_done(done, leader);
        self.pause.reached(done);
    }

    fn live(&self, live: &Live) {
        self.inner.live(live);
    }

    fn finish(&self) {
        self.inner.finish();
    }

    fn stop_requested(&self) -> bool {
        self.inner.stop_requested()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pause_point_is_games_then_a_file() {
        assert_eq!(
            PausePoint::parse("20:/tmp/x:y").unwrap(),
            PausePoint {
                count: 20,
                file: PathBuf::from("/tmp/x:y"),
            }
        );
        let each = PausePoint::parse("5:/tmp/paused-%p.pid").unwrap();
        assert_eq!(each.file_of(42), PathBuf::from("/tmp/paused-42.pid"));
        for bad in ["20", "x:/tmp/f", "20:", "-1:/f", ""] {
            let message = PausePoint::parse(bad).unwrap_err().message;
            assert!(message.contains(PAUSE_ENV), "{bad}: {message}");
        }
    }
}
