//! `ngola train`: one run per folder; a run killed with SIGKILL resumes
//! from its last checkpoint, its network plays in a tournament under `az`
//! and `policy`,
//! and bad settings are refused with exit code 2 naming the flag.

use crate::common;

use std::path::Path;

use common::{args, ngola_command, refused, spawn_paused, succeed, temp_dir};

/// A tiny run's settings: each generation takes a fraction of a second.
const TINY: &[&str] = &[
    "--rule",
    "pits=3",
    "--rule",
    "seeds=2",
    "--games",
    "8",
    "--games-in-flight",
    "4",
    "--hidden",
    "16",
    "--sims",
    "8",
    "--fast-sims",
    "4",
    "--batch-size",
    "16",
    "--replay",
    "1000",
    "--eval-pairs",
    "1",
    "--threads",
    "2",
];

/// The generation the checkpoint in `dir` names, if there is one.
fn checkpointed(dir: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(dir.join("checkpoint.json")).ok()?;
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    value.get("generation")?.as_u64()
}

/// The columns of `train.csv` the tests read.
const GENERATION: usize = 0;
const STEP: usize = 1;

/// Column `column` of `train.csv`'s rows.
fn logged(dir: &Path, column: usize) -> Vec<u64> {
    let text = std::fs::read_to_string(dir.join("train.csv")).expect("train.csv");
    text.lines()
        .skip(1)
        .map(|l| {
            l.split(',')
                .nth(column)
                .and_then(|n| n.parse().ok())
                .expect("a number")
        })
        .collect()
}

#[test]
fn a_killed_run_resumes_from_its_last_checkpoint_and_its_network_plays() {
    let dir = temp_dir("killed");
    let out = dir.display().to_string();
    // Stopped by itself once generation 2's checkpoint is saved.
    let mut child = spawn_paused(
        ngola_command()
            .args(["train", "kalah", "--time", "10m", "-o", &out])
            .args(TINY)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null()),
        2,
    );
    assert_eq!(checkpointed(&dir), Some(2));
    // While it holds the folder, a second run on it is refused at once,
    // naming the holder.
    let mut second = vec!["train", "kalah", "--generations", "9", "-o", &out];
    second.extend(TINY);
    refused(&second, &[&format!("another process (pid {})", child.id())]);
    assert_eq!(checkpointed(&dir), Some(2), "the second run wrote");
    child.kill().expect("SIGKILL");
    child.wait().expect("the killed run is reaped");
    let done = checkpointed(&dir).expect("a checkpoint survives the kill");
    let target = (done + 2).to_string();
    let line = succeed(&[
        "train",
        "kalah",
        "--rule",
        "pits=3",
        "--rule",
        "seeds=2",
        "--generations",
        &target,
        "-o",
        &out,
    ]);
    assert!(line.contains(&format!("generation {target} ")), "{line}");
    assert!(
        line.contains(&format!("games {} ", 8 * (done + 2))),
        "{line}"
    );
    assert_eq!(logged(&dir, GENERATION), (1..=done + 2).collect::<Vec<_>>());
    let net = format!("{out}/network.safetensors");
    let az = format!("az=az:net={net},sims=8");
    let policy = format!("policy=policy:net={net}");
    let run = format!("{out}/tournament");
    succeed(&[
        "tournament",
        "--game",
        "kalah",
        "--rule",
        "pits=3",
        "--rule",
        "seeds=2",
        "--agent",
        &az,
        "--agent",
        &policy,
        "--agent",
        "random",
        "--games",
        "4",
        "--threads",
        "1",
        "--quiet",
        "--out",
        &run,
    ]);
    let games = std::fs::read_to_string(format!("{run}/games.csv")).expect("games.csv");
    assert_eq!(games.lines().count(), 1 + 3 * 4, "{games}");
    // The network is refused for other rules before any game.
    refused(
        &[
            "tournament",
            "--game",
            "kalah",
            "--agent",
            &az,
            "--agent",
            "random",
            "--games",
            "2",
            "--quiet",
            "--out",
            &format!("{run}-other"),
        ],
        &["network", "is for kalah"],
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_resumed_run_counts_its_learner_steps_on() {
    let train = |dir: &Path, generations: &str| {
        let out = dir.to_str().unwrap().to_string();
        let mut args = vec!["train", "kalah", "--generations", generations, "-o", &out];
        args.extend_from_slice(TINY);
        succeed(&args);
    };
    let steps_of = |dir: &Path| -> u64 {
        let text = std::fs::read_to_string(dir.join("checkpoint.json")).expect("checkpoint");
        let value: serde_json::Value = serde_json::from_str(&text).expect("json");
        value["steps"].as_u64().expect("steps")
    };
    // Two generations, then a third in a second run of the same folder...
    let resumed = temp_dir("steps-resumed");
    train(&resumed, "2");
    assert!(steps_of(&resumed) > 0, "generation 2 learned");
    train(&resumed, "3");
    // ... count the steps as three generations in one run do.
    let straight = temp_dir("steps-straight");
    train(&straight, "3");
    assert_eq!(logged(&resumed, STEP), logged(&straight, STEP));
    assert_eq!(steps_of(&resumed), steps_of(&straight));
    assert!(logged(&straight, STEP).windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn a_diverging_run_stops_keeping_its_last_good_checkpoint() {
    let dir = temp_dir("diverged");
    let mut command = ngola_command();
    command
        .args(["train", "kalah", "--generations", "3", "--lr", "1e30", "-o"])
        .arg(&dir)
        .args(TINY);
    let out = command.output().expect("ngola runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("training diverged") && err.contains("loss NaN"),
        "{err}"
    );
    // The checkpoint is the last generation learned before the loss broke:
    // its network loads (every weight finite), and no row logs a NaN.
    let generation = checkpointed(&dir).expect("a checkpoint");
    assert!(generation < 3, "{generation}");
    let csv = std::fs::read_to_string(dir.join("train.csv")).expect("train.csv");
    assert!(!csv.to_lowercase().contains("nan"), "{csv}");
    let policy = format!("policy:net={}", dir.join("network.safetensors").display());
    succeed(&args![
        "tournament --game kalah --rule pits=3 --rule seeds=2 --games 2 -q --agent",
        policy,
        "--agent random --out",
        dir.join("run")
    ]);
}

#[test]
fn bad_settings_are_refused_naming_the_flag() {
    let out = temp_dir("bad").display().to_string();
    refused(
        &["train", "kalah", "-o", &out],
        &["--time DURATION or --generations N"],
    );
    let cases: &[(&str, &str)] = &[
        ("--sims 0", "--sims: must be at least 1"),
        (
            "--sims 4 --fast-sims 8",
            "--fast-sims: 8 is more than full_sims (4)",
        ),
        (
            "--eval-opponent minimax",
            "--eval-opponent: unknown agent `minimax`",
        ),
        ("--full-share 2", "--full-share"),
        ("--inputs raw", "--inputs"),
        ("--policy-target q", "--policy-target"),
        ("--time soon", "--time"),
        (
            "--eval-pairs 1000000000",
            "--eval-pairs: 1000000000 is more than 100000",
        ),
    ];
    for (flags, needle) in cases {
        let mut args = vec!["train", "kalah", "--generations", "1", "-o", &out];
        args.extend(flags.split_whitespace());
        refused(&args, &[needle]);
    }
    let other = temp_dir("other");
    std::fs::create_dir_all(&other).expect("a folder");
    std::fs::write(other.join("games.csv"), "x\n").expect("a file");
    let other_text = other.display().to_string();
    refused(
        &["train", "kalah", "--generations", "1", "-o", &other_text],
        &["is not a training folder"],
    );
    std::fs::remove_dir_all(&other).expect("clean up");
}

/// Borrowed arguments.
fn run(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn a_resume_refuses_a_log_that_lost_rows_or_a_network_of_other_widths() {
    let args_for = |dir: &Path, generations: &str, hidden: &'static str| -> Vec<String> {
        let mut args: Vec<String> = ["train", "kalah", "--generations", generations, "-o"]
            .iter()
            .map(|a| a.to_string())
            .collect();
        args.push(dir.to_str().unwrap().to_string());
        args.extend(
            TINY.iter()
                .map(|a| if *a == "16" { hidden } else { a }.to_string()),
        );
        args
    };
    let dir = temp_dir("lost-rows");
    succeed(&run(&args_for(&dir, "2", "16")));
    let again = args_for(&dir, "3", "16");
    // The log cut to its first row, then deleted: refused, naming it.
    let log = dir.join("train.csv");
    let text = std::fs::read_to_string(&log).expect("train.csv");
    let first_row: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&log, first_row).expect("cut");
    refused(&run(&again), &["train.csv", "lost rows"]);
    std::fs::remove_file(&log).expect("deleted");
    refused(&run(&again), &["train.csv", "lost rows"]);
    std::fs::write(&log, &text).expect("restored");
    // The checkpoint's network replaced by one of other widths: refused.
    let other = temp_dir("other-widths");
    succeed(&run(&args_for(&other, "1", "8")));
    std::fs::copy(
        other.join("checkpoints/gen-1/network.safetensors"),
        dir.join("checkpoints/gen-2/network.safetensors"),
    )
    .expect("copied");
    refused(
        &run(&again),
        &["network.safetensors", "hidden widths [8]", "[16]"],
    );
    // ... or by one of the same widths that reads raw counts: refused.
    let counts = temp_dir("other-inputs");
    let mut counts_args = args_for(&counts, "1", "16");
    counts_args.extend(["--inputs".to_string(), "counts".to_string()]);
    succeed(&run(&counts_args));
    std::fs::copy(
        counts.join("checkpoints/gen-1/network.safetensors"),
        dir.join("checkpoints/gen-2/network.safetensors"),
    )
    .expect("copied");
    refused(
        &run(&again),
        &["network.safetensors", "reads counts inputs", "say one-hot"],
    );
}
