//! A tournament killed (SIGKILL) at random points and resumed each time
//! ends with every game exactly once, identical to an uninterrupted run.
//! (A run of the 200 games takes under a second on 2 threads; kills are
//! drawn between 5% and 90% of the time an uninterrupted run took.)

mod common;
use common::*;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ngola_arena::record::{read_games, GameRecord};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: &str = "200";
const TOTAL: usize = 200;

fn tournament(extra: &[&str]) -> Command {
    let mut command = ngola_command();
    command
        .arg("tournament")
        .args(extra)
        .args(["--quiet", "--threads", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

fn fresh(dir: &Path) -> Command {
    tournament(&args![
        "--game mangola --agent alphabeta:depth=4 --agent greedy --games",
        GAMES,
        "--opening-plies 8 --seed 5 --out",
        dir
    ])
}

fn resume(dir: &Path) -> Command {
    tournament(&["--resume", dir.to_str().unwrap()])
}

fn rows(dir: &Path) -> Vec<GameRecord> {
    read_games(&dir.join("games.csv"))
        .map(|f| f.records)
        .unwrap_or_default()
}

#[test]
fn killed_runs_resume_with_every_game_exactly_once() {
    let reference_dir = temp_dir("reference");
    let clock = Instant::now();
    let status = fresh(&reference_dir).status().unwrap();
    assert!(status.success());
    // Kill times are drawn within the time a whole run takes here.
    let whole_ms = clock.elapsed().as_millis().max(20) as u64;
    let reference: Vec<GameRecord> = rows(&reference_dir)
        .into_iter()
        .map(|r| GameRecord { time_s: 0.0, ..r })
        .collect();
    assert_eq!(reference.len(), TOTAL);

    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut interrupted = 0;
    // Kills that left some games written but not all: the resume of a
    // partly written games.csv is what this test is about.
    let mut mid_run = 0;
    let mut partial_lines = 0;
    for attempt in 0..3 {
        let dir = temp_dir(&format!("killed{attempt}"));
        // Kill at random moments until a run gets to finish on its own.
        // (A kill before the folder's experiment.toml exists leaves a
        // folder that a fresh run may use.)
        for _ in 0..20 {
            let started = dir.join("experiment.toml").exists();
            let mut child = if started { resume(&dir) } else { fresh(&dir) }
                .spawn()
                .unwrap();
            std::thread::sleep(Duration::from_millis(
                rng.random_range(whole_ms / 20..whole_ms * 9 / 10),
            ));
            let finished = child.try_wait().unwrap().is_some();
            if !finished {
                child.kill().unwrap();
            }
            let status = child.wait().unwrap();
            if finished {
                assert!(status.success(), "attempt {attempt}");
                break;
            }
            let found = read_games(&dir.join("games.csv")).unwrap_or_default();
            if found.records.len() < TOTAL {
                interrupted += 1;
            }
            if (1..TOTAL).contains(&found.records.len()) {
                mid_run += 1;
            }
            if found.partial_tail {
                partial_lines += 1;
            }
        }
        // Whatever state the kills left, one more resume finishes the run.
        if !dir.join("experiment.toml").exists() {
            assert!(fresh(&dir).status().unwrap().success());
        }
        let out = resume(&dir).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got: Vec<GameRecord> = rows(&dir)
            .into_iter()
            .map(|r| GameRecord { time_s: 0.0, ..r })
            .collect();
        assert_eq!(got.len(), TOTAL);
        assert_eq!(got, reference, "attempt {attempt}");
        std::fs::remove_dir_all(dir).unwrap();
    }
    eprintln!(
        "{interrupted} kills interrupted a run, {mid_run} after some games were written, \
         {partial_lines} left a partial last line"
    );
    assert!(mid_run > 0, "no kill landed after some games were written");
    std::fs::remove_dir_all(reference_dir).unwrap();
}

#[test]
fn resume_refuses_another_experiment() {
    let dir = temp_dir("mismatch");
    let out = tournament(&args![
        "--game mangola --agent random --agent random --games 2 --out",
        dir
    ])
    .output()
    .unwrap();
    assert!(out.status.success());
    let out = tournament(&args![
        "--game mangola --agent random --agent random --games 4 --resume",
        dir
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("games is 2 in the folder, 4 given"),
        "{stderr}"
    );
    // A run flag alone (this once said `game: missing`) names the
    // field that differs and says that resume takes no run flags.
    let out = tournament(&["--games", "200", "--resume", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("games is 2 in the folder, 200 given")
            && stderr.contains("--resume takes no run flags")
            && !stderr.contains("missing"),
        "{stderr}"
    );
    // The same value as the folder's is no difference; --threads may change.
    let out = tournament(&["--games", "2", "--resume", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(dir).unwrap();
}
