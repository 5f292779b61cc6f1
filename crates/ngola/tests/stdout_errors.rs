//! Every command whose standard output is full (`> /dev/full`) or a pipe
//! nobody reads (`| true`) ends with exit code 1, never a panic (101): a
//! full output with a message naming standard output, a closed pipe
//! quietly, as Unix tools do.

use crate::common;
use common::*;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};

/// The tests of this file run one at a time: a process another test forks
/// while `closed_pipe` is being made would inherit the pipe's read end for
/// a moment, and a command started then could write to an open pipe.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Standard output that is a pipe whose reader has already exited: the
/// write end of the standard input of a `true` that has finished.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let write_end = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(write_end)
}

fn full_device() -> Stdio {
    Stdio::from(File::options().write(true).open("/dev/full").unwrap())
}

/// Runs `ngola args` with `stdout` and `input` on its standard input.
fn run(args: &[String], stdout: Stdio, input: &Path) -> Output {
    ngola_command()
        .args(args)
        .stdin(File::open(input).unwrap())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Every command, each with its own output paths under `dir` (`tag`
/// keeps two runs of one command apart).
fn commands(dir: &Path, tag: &str) -> Vec<Vec<String>> {
    let d = |name: &str| dir.join(format!("{name}-{tag}")).display().to_string();
    let shared = |name: &str| dir.join(name).display().to_string();
    [
        vec!["--help"],
        vec!["perft", "mangola", "3"],
        vec!["replay", "mangola", "a1", "d8"],
        vec!["replay", "--record", &shared("game.txt")],
        vec!["bench", "movegen", "mangola", "--games", "10"],
        vec![
            "bench", "search", "kalah", "--nodes", "1000", "--sims", "100",
        ],
        vec![
            "tournament",
            "--game",
            "mangola",
            "--agent",
            "random",
            "--agent",
            "random",
            "--games",
            "2",
            "--out",
            &d("run"),
        ],
        vec!["merge", &shared("done"), "--out", &d("merged")],
        vec!["render", "kalah"],
        vec![
            "render",
            "--record",
            &shared("game.txt"),
            "-o",
            &d("page.html"),
        ],
        vec![
            "render",
            "--record",
            &shared("game.txt"),
            "-o",
            &d("frames"),
        ],
        vec!["plot", &shared("done"), "-o", &d("plots")],
        vec!["solve", "kalah", "--rule", "pits=2", "--rule", "seeds=2"],
        vec!["prove", "kalah", "--rule", "pits=2", "--rule", "seeds=2"],
        vec!["bench", "engine", "--games", "2"],
        vec!["engine", "kalah", "--agent", "random"],
        vec![
            "play",
            "kalah",
            "--agent",
            "random",
            "--seed",
            "1",
            "--record",
            &d("record.txt"),
        ],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(str::to_string).collect())
    .collect()
}

fn setup(dir: &Path) -> PathBuf {
    std::fs::write(dir.join("game.txt"), "game kalah\nmoves\na3\n").unwrap();
    let out = ngola_command()
        .args(["tournament", "--game", "mangola", "--agent", "random"])
        .args(["--agent", "random", "--games", "2", "-q", "--out"])
        .arg(dir.join("done"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let input = dir.join("input.txt");
    // `go` for the engine, a move and `quit` for play.
    std::fs::write(&input, "go\na3\nquit\n").unwrap();
    input
}

#[test]
fn a_full_standard_output_is_exit_1_naming_it() {
    let _serial = serial();
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full on this system");
        return;
    }
    let dir = scratch("full");
    let input = setup(&dir);
    for args in commands(&dir, "full") {
        let out = run(&args, full_device(), &input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "ngola {args:?}: {stderr}");
        assert!(
            stderr.contains("standard output: No space left on device")
                && !stderr.contains("panicked"),
            "ngola {args:?}: {stderr}"
        );
    }
    // `play` saved its record before the failure was reported.
    let record = std::fs::read_to_string(dir.join("record.txt-full")).unwrap();
    assert!(record.contains("game kalah"), "{record}");
}

#[test]
fn a_closed_pipe_is_exit_1_without_a_panic() {
    let _serial = serial();
    let dir = scratch("pipe");
    let input = setup(&dir);
    for args in commands(&dir, "pipe") {
        let out = run(&args, closed_pipe(), &input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "ngola {args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "ngola {args:?}: {stderr}"
        );
    }
}

#[test]
fn a_full_standard_error_does_not_panic() {
    let _serial = serial();
    if !Path::new("/dev/full").exists() {
        return;
    }
    let out = ngola_command()
        .args(["perft", "mangola", "3", "--rule", "foo=1"])
        .stderr(full_device())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
