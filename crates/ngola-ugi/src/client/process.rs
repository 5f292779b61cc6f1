//! An engine process: its pipes, its stderr log, and its output read by a
//! thread of its own, line by line with a length limit, so that every wait
//! has a deadline.
//!
//! The engine runs in a process group of its own, and the whole group is
//! killed when the engine is done or faulty: a child it left behind that
//! still holds its output can neither keep a worker waiting nor outlive
//! the run. The engine's own exit is noticed while waiting (not only at the
//! end of its output), so an engine that exits is a crash at once whatever
//! its children do.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use crate::line::{excerpt_at, read_bounded, too_long_excerpt, Bounded, ANSWER_LIMIT};

/// How often a wait looks whether the engine has exited.
const WATCH_TICK: Duration = Duration::from_millis(20);

/// How long a process may take to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// How long the output of an engine that exited is still read (what it
/// wrote before exiting) once its process group is killed.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// Characters of a stderr line quoted at most.
const STDERR_CHARS: usize = 200;

/// Lines read ahead of the runner at most (the reader then waits).
const AHEAD: usize = 16;

/// Why no line came.
#[derive(Debug)]
pub enum ReadFailure {
    /// The deadline passed (the process was killed).
    Overdue,
    /// The process closed its output or exited.
    Closed,
    /// A line was longer than [`ANSWER_LIMIT`]: its quoted start and length.
    TooLong(String),
}

/// How to start an engine: its command, working directory and log.
#[derive(Clone, Copy, Debug)]
pub struct Launch<'a> {
    /// The program and its arguments (run directly, no shell).
    pub command: &'a [String],
    /// The working directory (`None`: the current one).
    pub dir: Option<&'a Path>,
    /// The file its stderr is appended to (its folder is made).
    pub log: &'a Path,
}

/// What the reader thread passes on.
enum Received {
    Line(String),
    TooLong(String),
    Closed,
}

/// A running engine.
pub struct Process {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    lines: Receiver<Received>,
    log: PathBuf,
    /// The group was killed (the engine is done).
    killed: bool,
}

impl Process {
    /// Starts `launch`'s command in a process group of its own, with
    /// stderr appended to its log.
    pub fn spawn(launch: &Launch<'_>) -> std::io::Result<Process> {
        let log = launch.log;
        if let Some(parent) = log.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let stderr = File::options().create(true).append(true).open(log)?;
        let (program, args) = launch
            .command
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty command"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(stderr));
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        if let Some(dir) = launch.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other("no pipes to the engine"));
        };
        let (sender, lines) = sync_channel(AHEAD);
        let started = std::thread::Builder::new()
            .name("ngola-engine-reader".to_string())
            .spawn(move || read_lines(stdout, &sender));
        let process = Process {
            child,
            stdin: BufWriter::new(stdin),
            lines,
            log: log.to_path_buf(),
            killed: false,
        };
        // A thread that cannot start: the process is killed on drop.
        started?;
        Ok(process)
    }

    /// Sends `text` (one or more whole lines) and flushes.
    pub fn send(&mut self, text: &str) -> std::io::Result<()> {
        self.stdin.write_all(text.as_bytes())?;
        self.stdin.flush()
    }

    /// Reads lines until `accept` takes one (returns `Some`), waiting at
    /// most until `deadline`; the process group is killed if it passes, if
    /// the engine exits, or if a line is too long.
    pub fn read_until<T>(
        &mut self,
        deadline: Instant,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, ReadFailure> {
        // Set once the engine is seen to have exited: what it wrote before
        // is still read until then.
        let mut exited: Option<Instant> = None;
        loop {
            let now = Instant::now();
            if exited.is_some_and(|at| now >= at) {
                return Err(ReadFailure::Closed);
            }
            if now >= deadline && exited.is_none() {
                self.kill();
                return Err(ReadFailure::Overdue);
            }
            let wait = deadline
                .saturating_duration_since(now)
                .clamp(Duration::from_millis(1), WATCH_TICK);
            match self.lines.recv_timeout(wait) {
                Ok(Received::Line(line)) => {
                    if let Some(value) = accept(line.trim()) {
                        return Ok(value);
                    }
                }
                Ok(Received::TooLong(quoted)) => {
                    self.kill();
                    return Err(ReadFailure::TooLong(quoted));
                }
                Ok(Received::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    self.kill();
                    return Err(ReadFailure::Closed);
                }
                Err(RecvTimeoutError::Timeout) => {
                    if exited.is_none() && matches!(self.child.try_wait(), Ok(Some(_))) {
                        // Its children may hold the output open: end them.
                        self.kill();
                        exited = Some(Instant::now() + EXIT_GRACE);
                    }
                }
            }
        }
    }

    /// The exit status, waiting a little for a process that closed its
    /// output; `None` if it still runs.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if start.elapsed() > Duration::from_millis(200) {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// True if the process has exited (it is not waited for).
    pub fn has_exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// The last `n` lines of the engine's stderr log.
    pub fn stderr_tail(&self, n: usize) -> Vec<String> {
        log_tail(&self.log, n)
    }

    /// Sends `quit` and waits a little for the engine to exit; its group
    /// is killed on drop either way.
    pub fn close(mut self) {
        let _ = self.send(&format!("{}\n", crate::protocol::Command::Quit));
        let start = Instant::now();
        while start.elapsed() < QUIT_GRACE {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Kills the engine's process group (the engine and every child it
    /// left in it), once.
    fn kill(&mut self) {
        if self.killed {
            return;
        }
        self.killed = true;
        #[cfg(unix)]
        {
            let group = rustix::process::Pid::from_child(&self.child);
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        let _ = self.child.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
        let _ = self.child.wait();
    }
}

/// The reader thread: passes on the engine's lines (cut at
/// [`ANSWER_LIMIT`]) until its output ends or nobody listens.
fn read_lines(stdout: ChildStdout, sender: &SyncSender<Received>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::with_capacity(256);
    loop {
        let received = match read_bounded(&mut reader, ANSWER_LIMIT, &mut line) {
            Ok(Bounded::Line) => Received::Line(String::from_utf8_lossy(&line).into_owned()),
            Ok(Bounded::TooLong { len }) => Received::TooLong(too_long_excerpt(&line, len)),
            Ok(Bounded::End) | Err(_) => {
                let _ = sender.send(Received::Closed);
                return;
            }
        };
        if sender.send(received).is_err() {
            return;
        }
    }
}

/// The last `n` non-empty lines of a log file (read from its end), each
/// cut to a few hundred characters.
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
        .map(|l| excerpt_at(l, STDERR_CHARS))
        .collect()
}
