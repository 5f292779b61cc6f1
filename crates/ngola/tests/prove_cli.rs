//! `ngola prove` as a program: its output agrees with `ngola solve`,
//! certificates (plain and gzip) pass `--check` and a damaged one fails,
//! a checkpoint is continued, and bad input exits 2 naming what is wrong.

use crate::common;
use common::*;

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Output};

fn path(p: &Path) -> &str {
    p.to_str().unwrap_or_else(|| panic!("non-UTF-8 path"))
}

/// The first line (`value ...`) of `ngola solve` and of `ngola prove`.
fn first_lines(args: &[&str]) -> (String, String) {
    let solve = ngola(&[&["solve"], args].concat());
    assert!(solve.status.success(), "{}", stderr(&solve));
    let prove = ngola(&[&["prove"], args, &["--threads", "2", "--tt", "16"]].concat());
    assert!(prove.status.success(), "{}", stderr(&prove));
    let first = |o: &Output| stdout(o).lines().next().unwrap_or("").to_string();
    (first(&solve), first(&prove))
}

#[test]
fn prove_prints_what_solve_prints_first() {
    for args in [
        &["mangola", "--rule", "columns=3"][..],
        &["mangola", "--rule", "columns=4", "--rule", "max_plies=16"],
        &[
            "kalah",
            "--rule",
            "pits=3",
            "--rule",
            "seeds=2",
            "--rule",
            "empty_capture=true",
        ],
        &["umelbagara", "--rule", "houses=3", "--rule", "counters=3"],
        &["oware", "--rule", "houses=2", "--rule", "seeds=2"],
    ] {
        let (solve, prove) = first_lines(args);
        assert_eq!(prove, solve, "{args:?}");
    }
    let out = ngola(&["prove", "mangola", "--rule", "columns=5", "--threads", "1"]);
    let text = stdout(&out);
    let keys: Vec<&str> = text
        .lines()
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(
        &keys[..5],
        ["value", "pv", "nodes", "time", "depth"],
        "{text}"
    );
}

#[test]
fn certificates_pass_the_check_and_damaged_ones_fail() {
    let dir = scratch("certificates");
    for name in ["m5.txt", "m5.txt.gz"] {
        let file = dir.join(name);
        let out = ngola(&args![
            "prove mangola --rule columns=5 --rule capture_sowing=ludii --threads 1 --certificate",
            path(&file)
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains(&format!("certificate {}", path(&file))));
        let check = ngola(&["prove", "--check", path(&file)]);
        assert!(check.status.success(), "{}", stderr(&check));
        assert!(
            stdout(&check).starts_with("certificate ok: mangola"),
            "{}",
            stdout(&check)
        );
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(name.ends_with(".gz"), bytes.starts_with(&[0x1f, 0x8b]));
    }
    // The last line removed: some loser reply is left unanswered.
    let text = std::fs::read_to_string(dir.join("m5.txt")).unwrap_or_else(|e| panic!("{e}"));
    let mut lines: Vec<&str> = text.lines().collect();
    lines.pop();
    let damaged = dir.join("damaged.txt");
    std::fs::write(&damaged, lines.join("\n") + "\n").unwrap_or_else(|e| panic!("{e}"));
    let check = ngola(&["prove", "--check", path(&damaged)]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        stderr(&check).contains("rejected: no move for the winner"),
        "{}",
        stderr(&check)
    );
    // Not a certificate at all.
    std::fs::write(&damaged, "hello\n").unwrap_or_else(|e| panic!("{e}"));
    let check = ngola(&["prove", "--check", path(&damaged)]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        stderr(&check).contains("line 1: header"),
        "{}",
        stderr(&check)
    );
}

#[test]
fn a_checkpoint_is_continued_and_must_be_the_same_problem() {
    let dir = scratch("checkpoint");
    let cp = dir.join("run.ckpt");
    let args = |extra: &[&str]| -> Vec<String> {
        let mut a: Vec<String> = [
            "prove",
            "mangola",
            "--rule",
            "columns=7",
            "--threads",
            "1",
            "--tt",
            "64",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        a.extend(["--checkpoint".to_string(), path(&cp).to_string()]);
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let run = |a: Vec<String>| {
        let refs: Vec<&str> = a.iter().map(|s| s.as_str()).collect();
        ngola(&refs)
    };
    let first = run(args(&["--time", "50ms"]));
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stdout(&first).starts_with("value unknown"),
        "{}",
        stdout(&first)
    );
    // Stopped with the question open: a last progress line says where it stood.
    assert!(
        stderr(&first).contains("root pn") && stderr(&first).contains("proven"),
        "{}",
        stderr(&first)
    );
    assert!(cp.exists());
    let second = run(args(&[]));
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(
        stderr(&second).contains("continuing from"),
        "{}",
        stderr(&second)
    );
    assert!(
        stdout(&second).starts_with("value win 0"),
        "{}",
        stdout(&second)
    );
    // Finished: a third run answers from the checkpoint alone.
    let third = run(args(&[]));
    assert!(
        stdout(&third).starts_with("value win 0"),
        "{}",
        stdout(&third)
    );
    // Another position with the same checkpoint: refused, naming the field.
    let other = run(args(&args![
        "--position",
        whole("mangola 0,4,0,4,0,4,0/4,0,4,0,4,0,4/2,2,2,2,2,2,2/2,2,2,2,2,2,2 N 1")
    ]));
    assert_eq!(other.status.code(), Some(2));
    assert!(stderr(&other).contains("position"), "{}", stderr(&other));
}

#[test]
fn bad_input_exits_2_naming_the_field() {
    let cases: [(&[&str], &str); 8] = [
        (&["prove", "mangola", "--tt", "0"], "--tt"),
        (
            &["prove", "mangola", "--tt", "16000000"],
            "--tt 16000000: the prover's table",
        ),
        (&["prove", "mangola", "--time", "5 parsecs"], "--time"),
        (&["prove", "mangola", "--threads", "0"], "--threads"),
        (
            &["prove", "mangola", "--position", "mangola 2,2 S 0"],
            "rows",
        ),
        (&["prove", "mangola", "--rule", "colour=red"], "colour"),
        (&["prove", "--check", "/nonexistent/proof.txt"], "--check"),
        (&["prove"], "GAME"),
    ];
    for (args, field) in cases {
        let out = ngola(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(field), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn outputs_never_replace_what_is_not_a_file() {
    // A certificate or checkpoint is written beside its path and renamed
    // over it: a device, a folder or a link there is refused before any
    // search, and left as it was.
    let dir = temp_dir("targets");
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).unwrap();
    let target = dir.join("target.txt");
    std::fs::write(&target, "keep").unwrap();
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    // A named pipe stands for every node that is not a file (a device such
    // as /dev/null included), without risking a real device if the check
    // ever broke.
    let pipe = dir.join("pipe");
    let made = Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    for flag in ["--certificate", "--checkpoint"] {
        for (what, place) in [
            ("is not a regular file", pipe.as_path()),
            ("is a folder", folder.as_path()),
            ("is a symbolic link", link.as_path()),
        ] {
            let out = ngola(&["prove", "mangola", "--rule", "columns=2", flag, path(place)]);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{flag} {place:?}: {}",
                stderr(&out)
            );
            let err = stderr(&out);
            assert!(err.contains(flag) && err.contains(what), "{err}");
        }
    }
    // Nothing replaced, nothing left beside them (no `.tmp`).
    assert!(std::fs::metadata(&pipe).unwrap().file_type().is_fifo());
    assert!(folder.is_dir() && std::fs::read_dir(&dir).unwrap().count() == 4);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    // An earlier certificate is a regular file: it is replaced.
    let cert = dir.join("cert.txt");
    std::fs::write(&cert, "old").unwrap();
    let out = ngola(&[
        "prove",
        "mangola",
        "--rule",
        "columns=2",
        "--certificate",
        path(&cert),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_ne!(std::fs::read_to_string(&cert).unwrap(), "old");
}

/// Runs `ngola args` reporting progress every 50 ms, interrupts it
/// (SIGINT) once its first progress line shows the search under way (the
/// Ctrl-C handler is in place before the search starts), and returns its
/// output, every line of standard error included.
fn interrupted_once_searching(args: &[&str]) -> Output {
    use std::io::{BufRead, BufReader, Read};
    let mut child = ngola_command()
        .args(args)
        .args(["--progress", "50ms"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut errors = BufReader::new(child.stderr.take().expect("piped"));
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        if errors.read_line(&mut line).expect("stderr reads") == 0 {
            break;
        }
        seen.push_str(&line);
        if line.starts_with("prove: [") {
            break;
        }
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(kill.success());
    errors.read_to_string(&mut seen).expect("stderr reads");
    let mut out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    out.stderr = seen.into_bytes();
    out
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_saves_its_checkpoint_and_says_unknown() {
    let dir = scratch("interrupt");
    let cp = dir.join("run.ckpt");
    // 4 x 8 under Ludii's capture reading takes far longer than this test.
    let out = interrupted_once_searching(&[
        "prove",
        "mangola",
        "--rule",
        "capture_sowing=ludii",
        "--threads",
        "1",
        "--tt",
        "64",
        "--checkpoint",
        path(&cp),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("value unknown"),
        "{}",
        stdout(&out)
    );
    assert!(
        stderr(&out).contains("prove: interrupted"),
        "{}",
        stderr(&out)
    );
    assert!(cp.exists());
}

/// Rules without a ply cap under which no game need end (sowings stop
/// rather than end the game): `prove` says so before it starts, and
/// `--time` bounds it (`value unknown`); with a cap it says nothing.
#[test]
fn rules_without_a_cap_are_announced_and_time_bounds_them() {
    let uncapped = [
        "prove",
        "mangola",
        "--rule",
        "columns=3",
        "--rule",
        "max_plies=0",
        "--rule",
        "endless_sowing=stop",
        "--rule",
        "lap_limit=1",
        "--threads",
        "1",
        "--tt",
        "16",
    ];
    let out = ngola(&[&uncapped[..], &["--time", "1s"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("value unknown"),
        "{}",
        stdout(&out)
    );
    // `--time` given: no warning that the search may not end.
    assert!(!stderr(&out).contains("no ply cap"), "{}", stderr(&out));

    // Without --time the note comes first; stop the search with SIGINT.
    let out = interrupted_once_searching(&uncapped);
    let err = stderr(&out);
    assert!(
        err.contains("these rules have no ply cap (max_plies=0)") && err.contains("--time LIMIT"),
        "{err}"
    );
    assert!(
        stdout(&out).starts_with("value unknown"),
        "{}",
        stdout(&out)
    );

    let capped = ngola(&args!["prove mangola --rule columns=3 --threads 1 --tt 16"]);
    assert!(capped.status.success(), "{}", stderr(&capped));
    assert!(
        !stderr(&capped).contains("no ply cap"),
        "{}",
        stderr(&capped)
    );
}
