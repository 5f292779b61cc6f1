//! A tournament killed (SIGKILL) mid-run and resumed each time ends with
//! every game exactly once, identical to an uninterrupted run. The kills
//! land where the run pauses itself (`NGOLA_PAUSE_AT`, at game counts drawn
//! from a seeded generator), not at moments of a clock.

use crate::common;
use common::*;

use std::path::Path;
use std::process::{Command, Stdio};

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
    let status = fresh(&reference_dir).status().unwrap();
    assert!(status.success());
    let reference: Vec<GameRecord> = rows(&reference_dir)
        .into_iter()
        .map(|r| GameRecord { time_s: 0.0, ..r })
        .collect();
    assert_eq!(reference.len(), TOTAL);

    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut partial_lines = 0;
    for attempt in 0..3 {
        let dir = temp_dir(&format!("killed{attempt}"));
        // Killed twice where the run pauses itself (a pause waits for a
        // batch of reported games, at most 64 on), resumed after each.
        let first = rng.random_range(10..60);
        kill_when_paused(&mut fresh(&dir), first);
        let found = read_games(&dir.join("games.csv")).unwrap_or_default();
        assert!(
            (first as usize..TOTAL).contains(&found.records.len()),
            "attempt {attempt}: {} rows after a kill at {first}",
            found.records.len()
        );
        partial_lines += usize::from(found.partial_tail);
        let second = rng.random_range(130..170);
        kill_when_paused(&mut resume(&dir), second);
        partial_lines +=
            usize::from(read_games(&dir.join("games.csv")).is_ok_and(|f| f.partial_tail));
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
    eprintln!("{partial_lines} kills left a partial last line");
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
