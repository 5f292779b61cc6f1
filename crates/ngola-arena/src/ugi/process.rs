//! An engine process: its pipes, its stderr log, and a watchdog that kills
//! it when an answer is overdue (so reads can block without a timeout of
//! their own, and a move costs one pipe round trip, no extra thread hop).

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::entry::EngineConfig;

/// How often the watchdog looks at the deadline: an overdue engine is
/// killed at most this late.
const WATCH_TICK: Duration = Duration::from_millis(20);

/// How long a process may take to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Why no line came.
#[derive(Debug)]
pub enum ReadFailure {
    /// The deadline passed (the process was killed).
    Overdue,
    /// The process closed its output or exited.
    Closed,
}

#[derive(Default)]
struct Watch {
    deadline: Option<Instant>,
    fired: bool,
    quit: bool,
}

type Shared = Arc<(Mutex<Watch>, Condvar, Mutex<Child>)>;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A running engine.
pub struct Process {
    shared: Shared,
    stdin: BufWriter<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    line: Vec<u8>,
    watchdog: Option<JoinHandle<()>>,
    log: PathBuf,
}

impl Process {
    /// Starts `config`'s command with stderr appended to `log`.
    pub fn spawn(config: &EngineConfig, log: &Path) -> std::io::Result<Process> {
        if let Some(parent) = log.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let stderr = File::options().create(true).append(true).open(log)?;
        let (program, args) = config
            .command
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty command"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(stderr));
        if let Some(dir) = &config.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other("no pipes to the engine"));
        };
        let shared: Shared = Arc::new((Mutex::default(), Condvar::new(), Mutex::new(child)));
        let watched = Arc::clone(&shared);
        let watchdog = std::thread::Builder::new()
            .name("ngola-engine-watchdog".to_string())
            .spawn(move || watch(&watched))?;
        Ok(Process {
            shared,
            stdin: BufWriter::new(stdin),
            stdout: BufReader::new(stdout),
            line: Vec::with_capacity(256),
            watchdog: Some(watchdog),
            log: log.to_path_buf(),
        })
    }

    /// Sends `text` (one or more whole lines) and flushes.
    pub fn send(&mut self, text: &str) -> std::io::Result<()> {
        self.stdin.write_all(text.as_bytes())?;
        self.stdin.flush()
    }

    /// Reads lines until `accept` takes one (returns `Some`), waiting at
    /// most until `deadline`; the process is killed if it passes.
    pub fn read_until<T>(
        &mut self,
        deadline: Instant,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, ReadFailure> {
        lock(&self.shared.0).deadline = Some(deadline);
        let result = loop {
            self.line.clear();
            match self.stdout.read_until(b'\n', &mut self.line) {
                Ok(0) | Err(_) => break Err(ReadFailure::Closed),
                Ok(_) => {}
            }
            let text = String::from_utf8_lossy(&self.line);
            if let Some(value) = accept(text.trim()) {
                break Ok(value);
            }
        };
        let mut watch = lock(&self.shared.0);
        watch.deadline = None;
        match result {
            Err(_) if watch.fired => Err(ReadFailure::Overdue),
            other => other,
        }
    }

    /// The exit status, waiting a little for a process that closed its
    /// output; `None` if it still runs.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            if let Ok(Some(status)) = lock(&self.shared.2).try_wait() {
                return Some(status);
            }
            if start.elapsed() > Duration::from_millis(200) {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// True if the process has exited (it is not waited for).
    pub fn has_exited(&self) -> bool {
        matches!(lock(&self.shared.2).try_wait(), Ok(Some(_)))
    }

    /// The last `n` lines of the engine's stderr log.
    pub fn stderr_tail(&self, n: usize) -> Vec<String> {
        log_tail(&self.log, n)
    }

    /// Sends `quit`, waits a little, kills the process if it lingers.
    pub fn close(mut self) {
        let _ = self.send("quit\n");
        let start = Instant::now();
        while start.elapsed() < QUIT_GRACE {
            if let Ok(Some(_)) = lock(&self.shared.2).try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        {
            let mut child = lock(&self.shared.2);
            if !matches!(child.try_wait(), Ok(Some(_))) {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
        lock(&self.shared.0).quit = true;
        self.shared.1.notify_all();
        if let Some(watchdog) = self.watchdog.take() {
            let _ = watchdog.join();
        }
    }
}

/// The watchdog: kills the process once a deadline passes.
fn watch(shared: &Shared) {
    let (state, wake, child) = &**shared;
    let mut watch = lock(state);
    while !watch.quit {
        if let Some(deadline) = watch.deadline {
            if Instant::now() >= deadline {
                watch.fired = true;
                watch.deadline = None;
                drop(watch);
                let _ = lock(child).kill();
                watch = lock(state);
                continue;
            }
        }
        watch = wake
            .wait_timeout(watch, WATCH_TICK)
            .unwrap_or_else(PoisonError::into_inner)
            .0;
    }
}

/// The last `n` non-empty lines of a log file (read from its end).
pub fn log_tail(path: &Path, n: usize) -> Vec<String> {
    let Ok(mut file) = File::open(path) else {
        return Vec::new();
    };
    let len = file.metadata().map_or(0, |m| m.len());
    let from = len.saturating_sub(8192);
    let mut bytes = Vec::new();
    if file.seek(SeekFrom::Start(from)).is_err() || file.read_to_end(&mut bytes).is_err() {
        return Vec::new();
    }
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(n)..]
        .iter()
        .map(|l| l.to_string())
        .collect()
}
