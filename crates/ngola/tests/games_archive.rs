//! `--format-out csv.gz`: a run's games kept as `games.csv.gz` alone. The
//! archive decompresses to the very `games.csv` a plain run writes (wall
//! times aside), and every reader of a run folder reads it: `--resume`
//! (which keeps the folder archived), `merge` of archived shards,
//! `plot` and `replay --run`. A killed run resumes and is archived at its
//! end.

use crate::common;

use std::io::Read;
use std::path::Path;

use common::{
    args, games, kill_when_paused, ngola, ngola_command, refused, succeed, temp_dir, words,
};
use ngola_arena::record::{parse_games, GameRecord};

const GAME: &str = "tournament --game kalah --agent random --agent greedy --games 40 --seed 3 --opening-plies 2 -q";

/// The command line `base` followed by `rest`.
fn with<'a>(base: &'static str, rest: Vec<&'a str>) -> Vec<&'a str> {
    [words(base), rest].concat()
}

/// The rows of an archived folder's `games.csv.gz`, wall times zeroed.
fn archived(dir: &Path) -> Vec<GameRecord> {
    assert!(
        !dir.join("games.csv").exists(),
        "{} has a plain games.csv",
        dir.display()
    );
    let file = std::fs::File::open(dir.join("games.csv.gz")).expect("games.csv.gz");
    let mut bytes = Vec::new();
    flate2::read::MultiGzDecoder::new(file)
        .read_to_end(&mut bytes)
        .expect("gzip");
    parse_games(&bytes, &dir.join("games.csv.gz"))
        .expect("rows")
        .records
        .into_iter()
        .map(|r| GameRecord { time_s: 0.0, ..r })
        .collect()
}

#[test]
fn an_archived_run_holds_the_plain_run_s_games_and_resumes_archived() {
    let plain = temp_dir("plain");
    let packed = temp_dir("packed");
    succeed(&with(GAME, args!["--out", &plain]));
    succeed(&with(GAME, args!["--out", &packed, "--format-out csv.gz"]));
    assert_eq!(archived(&packed), games(&plain));
    let summary = std::fs::read_to_string(packed.join("summary.txt")).expect("summary");
    // Resuming a complete archived run plays nothing, keeps it archived
    // and writes the same statistics.
    succeed(&args!["tournament -q --resume", &packed]);
    assert_eq!(archived(&packed), games(&plain));
    let again = std::fs::read_to_string(packed.join("summary.txt")).expect("summary");
    let tables = |s: &str| {
        s.lines()
            .take_while(|l| !l.starts_with("run:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(tables(&again), tables(&summary));
    // Plots and replays read the archive.
    succeed(&args!["plot", &packed]);
    assert!(packed.join("plots").is_dir());
    let replay = succeed(&args!["replay --run", &packed, "--id 7"]);
    let direct = succeed(&args!["replay --run", &plain, "--id 7"]);
    assert_eq!(replay, direct);
    // `--format-out csv` on a resume makes it plain again.
    succeed(&args!["tournament -q --format-out csv --resume", &packed]);
    assert_eq!(games(&packed), games(&plain));
    assert!(!packed.join("games.csv.gz").exists());
}

#[test]
fn archived_shards_merge_into_the_same_games() {
    let whole = temp_dir("whole");
    succeed(&with(GAME, args!["--out", &whole]));
    let base = temp_dir("shards");
    let shard = |i: u32| base.join(format!("shard-{i}"));
    for i in 1..=2 {
        let part = format!("{i}/2");
        succeed(&with(
            GAME,
            args!["--shard", part, "--out", shard(i), "--format-out csv.gz"],
        ));
        assert!(shard(i).join("games.csv.gz").exists());
    }
    let merged = base.join("merged");
    succeed(&args![
        "merge -q",
        shard(1),
        shard(2),
        "--out",
        &merged,
        "--format-out csv.gz"
    ]);
    assert_eq!(archived(&merged), games(&whole));
    let leftovers: Vec<_> = std::fs::read_dir(&merged)
        .expect("merged")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("shard") || n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_killed_run_resumes_and_is_archived_at_its_end() {
    let plain = temp_dir("unkilled");
    let long = "tournament --game mangola --agent alphabeta:depth=5 --agent greedy --games 1000 --seed 5 --opening-plies 8 -q --threads 1";
    succeed(&with(long, args!["--out", &plain]));
    let dir = temp_dir("killed");
    // Killed once 20 games are written (1,000 take seconds).
    kill_when_paused(
        ngola_command().args(with(long, args!["--out", &dir, "--format-out csv.gz"])),
        20,
    );
    assert!(
        !dir.join("games.csv.gz").exists() && !dir.join("summary.txt").exists(),
        "the run ended before the kill"
    );
    succeed(&args!["tournament -q --format-out csv.gz --resume", &dir]);
    assert_eq!(archived(&dir), games(&plain));
}

#[test]
fn an_unknown_format_is_refused_naming_the_flag() {
    let dir = temp_dir("unknown");
    refused(
        &with(GAME, args!["--out", &dir, "--format-out parquet"]),
        &["--format-out", "parquet", "csv.gz"],
    );
    assert!(!dir.exists());
    let out = ngola(&args!["merge", &dir, "--out", &dir, "--format-out zip"]);
    assert_eq!(out.status.code(), Some(2));
}
