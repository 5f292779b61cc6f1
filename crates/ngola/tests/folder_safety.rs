//! Data safety of output folders: one writer per folder (a
//! second `tournament`, `--resume` or `merge` on a locked folder exits 2
//! at once naming the folder and the holder's pid; a lock left by a
//! `kill -9` does not block `--resume`), and merges that never leave a
//! half-written folder nor destroy an earlier complete one.

use crate::common;
use common::{args, finish_within, games, kill_when_paused, ngola_command, scratch, spawn_paused};

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use ngola_arena::record::read_games;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn ngola(args: &[&str]) -> Command {
    let mut command = ngola_command();
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs to the end, failing the test if it takes over `limit` (a process
/// that waited for a lock instead of failing would hang here).
fn output_within(mut command: Command, limit: Duration) -> Output {
    let mut child = command.spawn().expect("ngola starts");
    finish_within(&mut child, limit, &format!("{command:?}"));
    child.wait_with_output().expect("output is read")
}

fn run(args: &[&str]) -> Output {
    output_within(ngola(args), Duration::from_secs(60))
}

fn succeed(args: &[&str]) {
    let out = run(args);
    assert!(
        out.status.success(),
        "ngola {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Takes the folder's lock as another ngola process would, pid written.
fn hold_lock(dir: &Path) -> File {
    std::fs::create_dir_all(dir).unwrap();
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join(".lock"))
        .unwrap();
    file.try_lock().expect("the folder is free");
    file.set_len(0).unwrap();
    writeln!(file, "{}", std::process::id()).unwrap();
    file
}

/// Exit code 2 within a few seconds, naming the folder and the pid.
fn refused_as_locked(args: &[&str], dir: &Path, pid: u32) {
    let out = output_within(ngola(args), Duration::from_secs(20));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "ngola {args:?}: {stderr}");
    assert!(
        stderr.contains(s(dir)) && stderr.contains(&format!("pid {pid}")),
        "ngola {args:?}: {stderr}"
    );
}

const RANDOM_RUN: [&str; 9] = [
    "tournament",
    "--game",
    "kalah",
    "--agent",
    "random",
    "--agent",
    "greedy",
    "--games",
    "40",
];

fn random_run(extra: &[&str]) -> Vec<String> {
    RANDOM_RUN
        .iter()
        .chain(extra)
        .chain(&["--quiet"])
        .map(|a| a.to_string())
        .collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn a_locked_folder_is_refused_at_once_naming_the_holder() {
    let root = scratch("held");
    let me = std::process::id();

    // A fresh run into a folder another process is writing.
    let fresh = root.join("fresh");
    let lock = hold_lock(&fresh);
    refused_as_locked(&strs(&random_run(&["--out", s(&fresh)])), &fresh, me);
    assert!(!fresh.join("experiment.toml").exists());
    drop(lock);
    succeed(&strs(&random_run(&["--out", s(&fresh)])));
    assert!(!fresh.join(".lock").exists(), "the lock file is removed");
    let whole = games(&fresh);

    // A resume of a folder another process is writing.
    let lock = hold_lock(&fresh);
    refused_as_locked(&["tournament", "--resume", s(&fresh)], &fresh, me);
    drop(lock);
    succeed(&["tournament", "--resume", s(&fresh), "--quiet"]);
    assert_eq!(games(&fresh), whole);

    // A merge into a folder another process is writing.
    let shards: Vec<PathBuf> = (1..=2).map(|i| root.join(format!("shard-{i}"))).collect();
    for (i, dir) in shards.iter().enumerate() {
        let shard = format!("{}/2", i + 1);
        succeed(&strs(&random_run(&["--shard", &shard, "--out", s(dir)])));
    }
    let merged = root.join("merged");
    let merge = ["merge", s(&shards[0]), s(&shards[1]), "--out", s(&merged)];
    let lock = hold_lock(&merged);
    refused_as_locked(&merge, &merged, me);
    assert!(!merged.join("experiment.toml").exists());
    drop(lock);
    succeed(&merge);
    assert_eq!(games(&merged), whole);
    std::fs::remove_dir_all(root).unwrap();
}

/// A run that takes a few seconds on one thread.
fn slow_run(dir: &Path) -> Command {
    ngola(&args!["tournament --game mangola --agent alphabeta:depth=4 --agent greedy --games 240 --opening-plies 8 --threads 1 --quiet --out", s(dir)])
}

/// Waits until `dir/.lock` names `child` (it holds the lock).
fn wait_for_lock(child: &mut Child, dir: &Path) {
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(dir.join(".lock")).unwrap_or_default();
        if text.trim() == child.id().to_string() {
            return;
        }
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        assert!(start.elapsed() < Duration::from_secs(30), "no lock taken");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_second_writer_is_refused_and_a_killed_holder_does_not_block_resume() {
    let root = scratch("killed");
    let dir = root.join("run");
    // Stopped by itself after its first games, holding the folder's lock.
    let mut first = spawn_paused(&mut slow_run(&dir), 1);
    wait_for_lock(&mut first, &dir);
    let pid = first.id();

    // While it runs: a second fresh run and a resume on its folder.
    refused_as_locked(
        &args![
            "tournament --game mangola --agent random --agent random --out",
            s(&dir)
        ],
        &dir,
        pid,
    );
    refused_as_locked(&["tournament", "--resume", s(&dir)], &dir, pid);
    assert!(
        first.try_wait().unwrap().is_none(),
        "the first run must still be there for this test to mean anything"
    );

    // kill -9: the lock dies with the process; its file stays behind.
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(dir.join(".lock").exists());
    let before = read_games(&dir.join("games.csv"))
        .map(|f| f.records.len())
        .unwrap_or(0);
    assert!(before < 240, "the run finished before the kill");
    let out = output_within(
        ngola(&["tournament", "--resume", s(&dir), "--threads", "2", "-q"]),
        Duration::from_secs(120),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ids: Vec<u64> = games(&dir).iter().map(|r| r.game).collect();
    assert_eq!(ids, (0..240).collect::<Vec<u64>>());
    assert!(!dir.join(".lock").exists());
    std::fs::remove_dir_all(root).unwrap();
}

/// Everything in `root` whose name starts with a dot (temporary folders
/// of merges).
fn hidden(root: &Path) -> Vec<String> {
    std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn merge_replaces_only_a_whole_result_of_the_same_experiment() {
    let root = scratch("replace");
    let shards: Vec<PathBuf> = (1..=2).map(|i| root.join(format!("shard-{i}"))).collect();
    for (i, dir) in shards.iter().enumerate() {
        let shard = format!("{}/2", i + 1);
        succeed(&strs(&random_run(&["--shard", &shard, "--out", s(dir)])));
    }
    let merged = root.join("merged");
    let both = [
        "merge",
        s(&shards[0]),
        s(&shards[1]),
        "--out",
        s(&merged),
        "-q",
    ];
    succeed(&both);
    let reference = games(&merged);
    let snapshot = |dir: &Path| {
        [
            "experiment.toml",
            "games.csv",
            "summary.txt",
            "standings.csv",
        ]
        .map(|f| std::fs::read(dir.join(f)).unwrap())
    };
    let before = snapshot(&merged);

    // Without --replace an existing run is refused, saying how.
    let out = run(&both);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--replace"));

    // With --replace, a merge that fails (a shard missing) leaves the
    // earlier result as it was, and nothing beside it.
    let one = ["merge", s(&shards[0]), "--out", s(&merged), "--replace"];
    let out = run(&one);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing"));
    assert_eq!(snapshot(&merged), before);
    assert_eq!(hidden(&root), Vec::<String>::new());

    // A whole merge replaces it.
    let mut again = both.to_vec();
    again.push("--replace");
    succeed(&again);
    assert_eq!(games(&merged), reference);
    assert_eq!(hidden(&root), Vec::<String>::new());
    assert!(!merged.join(".lock").exists());

    // --replace never replaces a shard, another experiment, or a folder
    // that holds something else.
    let onto_shard = [
        "merge",
        s(&shards[0]),
        s(&shards[1]),
        "--out",
        s(&shards[1]),
        "--replace",
    ];
    let out = run(&onto_shard);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 2/2"));
    let other = root.join("other");
    succeed(&strs(&random_run(&["--seed", "9", "--out", s(&other)])));
    let other_games = games(&other);
    let out = run(&args![
        "merge",
        s(&shards[0]),
        s(&shards[1]),
        "--out",
        s(&other),
        "--replace"
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("seed"));
    assert_eq!(games(&other), other_games);
    let notes = root.join("notes");
    std::fs::create_dir_all(&notes).unwrap();
    std::fs::write(notes.join("todo.txt"), "keep me").unwrap();
    let out = run(&args![
        "merge",
        s(&shards[0]),
        s(&shards[1]),
        "--out",
        s(&notes),
        "--replace"
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(notes.join("todo.txt")).unwrap(),
        "keep me"
    );
    // A merge refused on its inputs leaves no folder of its own behind.
    let fresh = root.join("never");
    let out = run(&["merge", s(&shards[0]), "--out", s(&fresh)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!fresh.exists());
    assert_eq!(hidden(&root), Vec::<String>::new());
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_killed_merge_leaves_the_earlier_result_or_nothing() {
    let root = scratch("killed-merge");
    let games_arg = "30000";
    let shards: Vec<PathBuf> = (1..=2).map(|i| root.join(format!("shard-{i}"))).collect();
    for (i, dir) in shards.iter().enumerate() {
        let shard = format!("{}/2", i + 1);
        succeed(&args![
            "tournament --game mangola --agent random --agent random --games",
            games_arg,
            "--shard",
            &shard,
            "--out",
            s(dir),
            "--quiet"
        ]);
    }
    let merged = root.join("merged");
    let merge = |out: &Path, replace: bool| {
        let mut args = vec!["merge", s(&shards[0]), s(&shards[1]), "--out", s(out), "-q"];
        if replace {
            args.push("--replace");
        }
        ngola(&args)
    };
    let clock = Instant::now();
    assert!(
        output_within(merge(&merged, false), Duration::from_secs(60))
            .status
            .success()
    );
    let whole_ms = clock.elapsed().as_millis().max(20) as u64;
    let reference = games(&merged);
    // summary.txt without its last block, the provenance (when each merge
    // started), which a replacing merge that completed rewrites.
    let statistics = |dir: &Path| {
        let text = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
        text.rsplit_once("\n\n")
            .map(|(s, _)| s.to_string())
            .unwrap_or(text)
    };
    let summary = statistics(&merged);

    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let fresh = root.join("fresh");
    let mut mid_build = 0;
    for attempt in 0..8 {
        // Odd attempts merge into a new folder, even ones replace.
        let (out, replace) = if attempt % 2 == 0 {
            (&merged, true)
        } else {
            (&fresh, false)
        };
        let _ = std::fs::remove_dir_all(&fresh);
        let finished = if attempt < 4 {
            // A merge first replays every row (most of its time), then
            // builds the merged folder: these merges stop themselves once
            // they build it (the program's NGOLA_PAUSE_AT) and are killed
            // there.
            kill_when_paused(&mut merge(out, replace), 1);
            false
        } else {
            // The rest are killed at random moments, wherever they are.
            let mut child = merge(out, replace).spawn().unwrap();
            std::thread::sleep(Duration::from_millis(
                rng.random_range(whole_ms / 10..whole_ms),
            ));
            let finished = child.try_wait().unwrap().is_some();
            child.kill().ok();
            child.wait().unwrap();
            finished
        };
        if !finished
            && root
                .join(format!(
                    ".{}.merging",
                    out.file_name().unwrap().to_string_lossy()
                ))
                .exists()
        {
            mid_build += 1;
        }
        // The earlier merge is whole, whatever the moment of the kill.
        assert_eq!(statistics(&merged), summary);
        assert_eq!(games(&merged), reference, "attempt {attempt}");
        // A new folder holds the whole merge or no run at all.
        if fresh.join("experiment.toml").exists() || fresh.join("games.csv").exists() {
            assert_eq!(games(&fresh), reference, "attempt {attempt}");
            assert!(fresh.join("summary.txt").exists());
        }
    }
    assert!(
        mid_build >= 4,
        "the paused merges were not killed while the merge was being built"
    );
    // The next merge cleans up what a killed one left beside it.
    assert!(output_within(merge(&merged, true), Duration::from_secs(60))
        .status
        .success());
    let _ = std::fs::remove_dir_all(&fresh);
    assert!(output_within(merge(&fresh, false), Duration::from_secs(60))
        .status
        .success());
    assert_eq!(games(&fresh), reference);
    assert_eq!(hidden(&root), Vec::<String>::new());
    std::fs::remove_dir_all(root).unwrap();
}
