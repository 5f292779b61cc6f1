//! Tables larger than the machine can hold (`solve --tt`, an agent's
//! `tt=`) are refused with exit code 2 naming the limit, before anything
//! is allocated or any folder made; never an abort. `NGOLA_MEMORY_MB`
//! stands for a small machine here.

use crate::common;
use common::{args, ngola_command, temp_dir};

use std::process::{Command, Output, Stdio};

fn ngola(limit_mb: Option<&str>, args: &[&str], input: &str) -> Output {
    let mut command = ngola_command();
    command.args(args).env_remove("NGOLA_MEMORY_MB");
    if let Some(mb) = limit_mb {
        command.env("NGOLA_MEMORY_MB", mb);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn refused(limit_mb: Option<&str>, args: &[&str], input: &str, needles: &[&str]) {
    let out = ngola(limit_mb, args, input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "ngola {args:?}: {stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "ngola {args:?}: {stderr}");
    }
}

#[test]
fn tables_over_the_limit_are_refused_by_every_command() {
    let limit = Some("1000");
    let named = ["more than the 1000 MiB this machine can hold"];
    refused(
        limit,
        &["solve", "kalah", "--rule", "pits=2", "--tt", "2048"],
        "",
        &["--tt 2048", named[0]],
    );
    refused(
        limit,
        &["engine", "kalah", "--agent", "alphabeta:tt=2048"],
        "go\n",
        &["tt=2048", named[0]],
    );
    refused(
        limit,
        &args!["play kalah --agent solver:tt=600 --record /dev/null"],
        "quit\n",
        &["--agent", named[0]],
    );
    let out = temp_dir("run");
    let out_text = out.display().to_string();
    // Each of 2 threads plays a game of two 600 MiB tables: 2400 MiB.
    refused(
        limit,
        &args!["tournament --game kalah --agent alphabeta:depth=1,tt=600 --agent alphabeta:depth=1,tt=600 --agent random --threads 2 --out", &out_text],
        "",
        &["agents:", "2400 MiB", "fewer threads", named[0]],
    );
    assert!(!out.exists(), "no folder is left behind");
    // One thread and the random agent beside a 600 MiB table fit.
    let fits = ngola(
        limit,
        &args!["tournament --game kalah --agent alphabeta:depth=1,tt=600 --agent random --threads 1 --games 2 -q --out", &out_text],
        "",
    );
    assert!(fits.status.success(), "{fits:?}");
}

#[test]
fn the_documented_maximum_is_refused_on_a_machine_that_cannot_hold_it() {
    // `--tt 65536` (64 GiB) aborted on allocation; now the machine's own
    // limit refuses it (this test machine has less memory than that).
    use ngola_agents::memory::{self, LimitTexts, MemoryLimit};
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let (meminfo, cgroup_max, process_limits) = (
        read(memory::MEMINFO),
        read(memory::CGROUP_MAX),
        read(memory::PROCESS_LIMITS),
    );
    let machine = memory::limit_from(&LimitTexts {
        env: None,
        meminfo: meminfo.as_deref(),
        cgroup_max: cgroup_max.as_deref(),
        process_limits: process_limits.as_deref(),
    });
    match machine {
        Some(MemoryLimit { mb, .. }) if mb < 49152 => {}
        _ => return,
    }
    refused(
        None,
        &["solve", "kalah", "--rule", "pits=2", "--tt", "65536"],
        "",
        &["--tt 65536", "this machine can hold"],
    );
    refused(
        None,
        &["engine", "kalah", "--agent", "alphabeta:tt=65536"],
        "go\n",
        &["this machine can hold"],
    );
}

/// Runs `ngola args` (with `input`) under `ulimit -v 2000000` (KiB); None
/// where the shell cannot set it.
fn under_ulimit(args: &str, input: &str) -> Option<Output> {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 2000000 && echo '{input}' | exec {} {args}",
            env!("CARGO_BIN_EXE_ngola")
        ))
        .env_remove("NGOLA_MEMORY_MB")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("ulimit") && !stderr.contains("ngola:") {
        eprintln!("skipped: the shell cannot set ulimit -v: {stderr}");
        return None;
    }
    Some(out)
}

#[test]
fn an_address_space_limit_is_a_memory_limit() {
    // `ulimit -v` (2,000,000 KiB) below the table: refused naming the
    // limit, where the allocation used to abort; the two reported cases
    // (`--tt 65536`, `alphabeta:tt=8192`) among them, on any machine.
    for (args, input, named) in [
        ("engine kalah --agent alphabeta:tt=4096", "go", "tt=4096"),
        ("engine kalah --agent alphabeta:tt=8192", "go", "tt=8192"),
        ("solve kalah --rule pits=2 --tt 65536", "", "--tt 65536"),
    ] {
        let Some(out) = under_ulimit(args, input) else {
            return;
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "ngola {args}: {stderr}");
        assert!(stderr.contains("ulimit -v"), "ngola {args}: {stderr}");
        assert!(stderr.contains(named), "ngola {args}: {stderr}");
    }
}
