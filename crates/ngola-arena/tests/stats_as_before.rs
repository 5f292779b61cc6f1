//! The statistics counted as games finish (in any order, in constant
//! memory) and `games.csv` sorted in bounded memory give exactly the files
//! that the earlier computation over all rows held in memory gave on the
//! same runs. `tests/data/before/<case>/` holds each run's folder as that
//! computation wrote it (the experiment, `games.csv` and the statistics
//! files; `summary.txt` is left out, it names dates and machines):
//!
//! - `kalah-round-robin`: four agents, every pairing, draws, 2 threads;
//! - `mangola-random`: random self-play, 600 games, 2 threads;
//! - `umelbagara-gauntlet`: a gauntlet of three agents, anchor not the first;
//! - `mangola-sprt`: an SPRT that stops early (rows past its stop dropped).
//!
//! Each run is played again here and compared file by file (`games.csv`
//! apart from its `time_s` column), and the statistics are also counted
//! from the rows in a scrambled order.

use std::path::{Path, PathBuf};

use ngola_arena::output::write_statistics;
use ngola_arena::record::read_games;
use ngola_arena::runner::{self, files};
use ngola_arena::{Caller, Statistics};
use ngola_rules::with_game;

const CASES: [&str; 4] = [
    "kalah-round-robin",
    "mangola-random",
    "umelbagara-gauntlet",
    "mangola-sprt",
];

const STATS_FILES: [&str; 4] = [
    files::STANDINGS,
    files::PAIRS,
    files::RATINGS,
    files::FIRST_PLAYER,
];

fn before(case: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/before")
        .join(case)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ngola-before-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rows of `games.csv` (header included) without `time_s`.
fn rows_without_time(path: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .unwrap();
    reader
        .records()
        .map(|row| {
            let mut fields: Vec<String> = row.unwrap().iter().map(str::to_string).collect();
            fields.remove(13);
            fields
        })
        .collect()
}

#[test]
fn runs_give_the_files_they_gave_before() {
    for case in CASES {
        let expected = before(case);
        let experiment = runner::folder_experiment(&expected).unwrap();
        let dir = temp_dir(case);
        let report = with_game!(experiment.game, G => {
            runner::run::<G>(&experiment, &dir, &Caller::quiet()).unwrap()
        });
        assert_eq!(
            rows_without_time(&dir.join(files::GAMES)),
            rows_without_time(&expected.join(files::GAMES)),
            "{case}: games.csv"
        );
        let mut names: Vec<&str> = STATS_FILES.to_vec();
        if experiment.sprt.is_some() {
            names.push(files::SPRT);
            assert!(report.discarded > 0 || report.stats.games < u64::from(experiment.games));
        }
        for name in names {
            assert_eq!(
                text(&dir.join(name)),
                text(&expected.join(name)),
                "{case}: {name}"
            );
        }
        // The summary's table is the statistics' (its counts of distinct
        // games included).
        let summary = text(&dir.join(files::SUMMARY));
        assert!(summary.starts_with(&report.summary), "{case}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn rows_in_any_order_give_the_statistics_of_before() {
    for case in CASES {
        let expected = before(case);
        let experiment = runner::folder_experiment(&expected).unwrap();
        let mut records = read_games(&expected.join(files::GAMES)).unwrap().records;
        let in_order =
            Statistics::from_games_anchored(&experiment.agent_names(), &records, experiment.anchor);
        // Scrambled: every pair's two games far apart, in no order.
        let n = records.len();
        let mut scrambled = Vec::with_capacity(n);
        let stride = (1..).map(|k| n / 3 + k).find(|s| gcd(*s, n) == 1).unwrap();
        for i in 0..n {
            scrambled.push(records[i * stride % n].clone());
        }
        records.clear();
        let stats = Statistics::from_games_anchored(
            &experiment.agent_names(),
            &scrambled,
            experiment.anchor,
        );
        assert_eq!(stats.games, in_order.games);
        assert_eq!(stats.distinct_games, in_order.distinct_games);
        let dir = temp_dir(&format!("{case}-scrambled"));
        std::fs::create_dir_all(&dir).unwrap();
        write_statistics(&dir, &stats).unwrap();
        for name in STATS_FILES {
            assert_eq!(
                text(&dir.join(name)),
                text(&expected.join(name)),
                "{case}: {name}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
