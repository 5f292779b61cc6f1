//! Helpers shared by the program's integration tests: running `ngola`,
//! scratch folders (all under Cargo's temporary folder for tests, named
//! for the test file and the process), and a folder's games.
// Each test file uses some of them.
#![allow(dead_code, unused_macros, unused_imports)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use ngola_arena::record::{read_games, GameRecord};

/// The `ngola` program under test, ready for arguments.
pub fn ngola_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ngola"))
}

/// The words of `text`, split at white space: [`args!`] uses it for the
/// literals it is given.
pub fn words(text: &'static str) -> Vec<&'static str> {
    text.split_whitespace().collect()
}

/// A literal argument that holds spaces and must stay one argument (a
/// position text, an engine command) inside [`args!`].
pub fn whole(text: &str) -> &str {
    text
}

/// A command line from pieces: every string literal is split into words at
/// white space, every other expression (a path's text, [`whole`]) is one
/// argument. `args!["tournament --game kalah --out", dir]` is the five
/// arguments `tournament`, `--game`, `kalah`, `--out` and `dir`'s text.
macro_rules! args {
    (@acc [$($done:expr),*]) => { [$($done),*].concat() };
    (@acc [$($done:expr),*] $l:literal $(, $($rest:tt)*)?) => {
        $crate::common::args!(@acc [$($done,)* $crate::common::words($l)] $($($rest)*)?)
    };
    (@acc [$($done:expr),*] $e:expr $(, $($rest:tt)*)?) => {
        $crate::common::args!(@acc [$($done,)* vec![$crate::common::AsArg::as_arg(&$e)]] $($($rest)*)?)
    };
    ($($t:tt)*) => { $crate::common::args!(@acc [] $($t)*) };
}
pub(crate) use args;

/// What [`args!`] takes as one argument: text, or a path shown as text.
pub trait AsArg {
    /// The argument's text (a path that is not UTF-8 fails the test).
    fn as_arg(&self) -> &str;
}

impl AsArg for &str {
    fn as_arg(&self) -> &str {
        self
    }
}

impl AsArg for String {
    fn as_arg(&self) -> &str {
        self
    }
}

impl AsArg for &String {
    fn as_arg(&self) -> &str {
        self
    }
}

impl AsArg for PathBuf {
    fn as_arg(&self) -> &str {
        self.to_str().expect("test paths are UTF-8")
    }
}

impl AsArg for &PathBuf {
    fn as_arg(&self) -> &str {
        self.to_str().expect("test paths are UTF-8")
    }
}

impl AsArg for &Path {
    fn as_arg(&self) -> &str {
        self.to_str().expect("test paths are UTF-8")
    }
}

/// Runs `ngola args` to the end.
pub fn ngola(args: &[&str]) -> Output {
    ngola_command()
        .args(args)
        .output()
        .expect("the ngola binary runs")
}

/// Runs `ngola args` to the end in the folder `dir`.
pub fn ngola_in(dir: &Path, args: &[&str]) -> Output {
    ngola_command()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the ngola binary runs")
}

/// Waits for `child` at most `within`; after that kills it and fails the
/// test naming `what`. Its exit status.
pub fn finish_within(child: &mut Child, within: Duration, what: &str) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait works") {
            return status;
        }
        if started.elapsed() > within {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not finish within {within:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `ngola engine ARGS` on `input` (stdin closed after it): its
/// answer lines and exit status; fails the test if the engine is still
/// running after `within` (it is killed then).
pub fn engine_session(args: &[&str], input: &[u8], within: Duration) -> (Vec<String>, ExitStatus) {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let mut child = ngola_command()
        .arg("engine")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("ngola starts");
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).expect("utf-8 answers");
        text
    });
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input).expect("engine reads");
    drop(stdin);
    let status = finish_within(&mut child, within, &format!("ngola engine {args:?}"));
    let text = reader.join().expect("reader");
    (text.lines().map(str::to_string).collect(), status)
}

/// Spawns `command` and waits until it has stopped itself at `count`
/// (the program's `NGOLA_PAUSE_AT`: games finished, or a database level
/// written), mid-run whatever the machine's speed or load. The stopped
/// child holds what a running one holds (its folder's lock); SIGKILL ends
/// it. Fails the test if the run ends before it pauses.
#[track_caller]
pub fn spawn_paused(command: &mut Command, count: u64) -> Child {
    // A file of its own for every call: two tests of one module pausing at
    // the same count would otherwise share it, and one could take the
    // other's pause for its own (and the other wait for a file gone).
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let file = temp_dir(&format!("paused-at-{count}-call-{call}"));
    let mut child = command
        .env("NGOLA_PAUSE_AT", format!("{count}:{}", file.display()))
        .spawn()
        .expect("the ngola binary runs");
    // Polls for the file the paused run writes; the limit only keeps a
    // broken run from hanging the test.
    let started = Instant::now();
    while !file.exists() {
        if let Some(status) = child.try_wait().expect("wait works") {
            panic!("the run ended ({status}) before pausing at {count}");
        }
        if started.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the run did not pause at {count} within 600 s");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let _ = std::fs::remove_file(&file);
    child
}

/// Runs `command` until it has stopped itself at `count` (see
/// [`spawn_paused`]), then kills it with SIGKILL.
#[track_caller]
pub fn kill_when_paused(command: &mut Command, count: u64) {
    let mut child = spawn_paused(command, count);
    child.kill().expect("SIGKILL");
    let _ = child.wait();
}

/// Bytes as text (lossy).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A run's standard output as text.
pub fn stdout(output: &Output) -> String {
    text(&output.stdout)
}

/// A run's standard error as text.
pub fn stderr(output: &Output) -> String {
    text(&output.stderr)
}

/// Runs `ngola args`, failing the test unless it succeeds; its output.
pub fn succeed(args: &[&str]) -> String {
    let out = ngola(args);
    assert!(
        out.status.success(),
        "ngola {args:?} failed: {}",
        stderr(&out)
    );
    stdout(&out)
}

/// Runs `ngola args` expecting exit code 2 (bad input) with every needle
/// in standard error, and no panic; its standard error.
pub fn refused(args: &[&str], needles: &[&str]) -> String {
    let out = ngola(args);
    let stderr = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "ngola {args:?}: {stderr}");
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "ngola {args:?}: no `{needle}` in {stderr}"
        );
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// A path for test `name`'s files, with nothing there yet: named after the
/// calling test module's file, so that modules of the one test binary may
/// use the same names.
#[track_caller]
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "{}-{name}-{}",
        caller_module(),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The file name (without `.rs`) of the test module that called the
/// function this is called from.
#[track_caller]
pub fn caller_module() -> String {
    let file = Path::new(std::panic::Location::caller().file());
    file.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// An empty folder for test `name`'s files.
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The rows of a folder's `games.csv`.
pub fn rows(dir: &Path) -> Vec<GameRecord> {
    read_games(&dir.join("games.csv"))
        .expect("games.csv reads")
        .records
}

/// The rows of a folder's complete `games.csv` with their wall times
/// zeroed (the one column that varies between runs).
pub fn games(dir: &Path) -> Vec<GameRecord> {
    let found = read_games(&dir.join("games.csv")).expect("games.csv reads");
    assert!(!found.partial_tail);
    found
        .records
        .into_iter()
        .map(|r| GameRecord { time_s: 0.0, ..r })
        .collect()
}

/// The repository's top folder (for its scripts, data and examples).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `--engine NAME=...`: the test engine `faulty_bot.py` with `args` (its
/// fault and when it strikes, e.g. `crash 3`).
pub fn faulty_engine(name: &str, args: &str) -> String {
    let script = repo().join("crates/ngola/tests/data/engines/faulty_bot.py");
    format!("{name}=python3 {} {args}", script.display())
}

/// Whether `python3` runs here (the test engines are Python scripts); says
/// so on stderr when it does not, for the test that skips.
pub fn python() -> bool {
    let found = Command::new("python3")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        eprintln!("skipped: python3 is not installed");
    }
    found
}

/// Builds the endgame database of 2-pit Kalah (no ply cap) to 4 seeds in a
/// fresh folder for test `name`, and returns the folder's path as text.
pub fn small_kalah_database(name: &str) -> String {
    let dir = temp_dir(name);
    let text = dir.to_str().expect("a UTF-8 path").to_string();
    succeed(&[
        "tablebase",
        "build",
        "kalah",
        "--rule",
        "pits=2",
        "--seeds",
        "4",
        "--threads=1",
        "-o",
        &text,
    ]);
    text
}
