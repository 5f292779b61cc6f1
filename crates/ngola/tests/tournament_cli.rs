//! `ngola tournament` and `ngola merge` from the outside: the documented
//! command line, the quickstart experiment, determinism across threads and
//! shards, the SPRT, and errors that name the bad field.

use crate::common;
use common::*;

use std::path::{Path, PathBuf};

#[test]
fn the_issue_command_line_works_as_written() {
    let dir = temp_dir("issue");
    let dir_text = dir.to_str().unwrap();
    let stdout = succeed(&args!["tournament --game mangola --rule capture_sowing=lap-start --agent random --agent greedy --agent alphabeta:depth=2 --games 20 --seed 7 --threads 2 --out", dir_text]);
    // 3 pairings x 20 games, both colours in colour-swapped pairs.
    let rows = games(&dir);
    assert_eq!(rows.len(), 60);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.game, i as u64);
    }
    for pair in rows.chunks(2) {
        assert_eq!(
            (pair[0].south_id, pair[0].north_id),
            (pair[1].north_id, pair[1].south_id)
        );
    }
    // The summary table: standings, first player.
    for needle in [
        "rank",
        "agent",
        "Elo",
        "first player (South)",
        "alphabeta:depth=2",
    ] {
        assert!(stdout.contains(needle), "no `{needle}` in\n{stdout}");
    }
    // The resolved spec: every rule explicit, canonical agents.
    let spec = std::fs::read_to_string(dir.join("experiment.toml")).unwrap();
    for needle in [
        "game = \"mangola\"",
        "capture_sowing = \"lap-start\"",
        "max_plies",
        "seed = 7",
        "games = 20",
    ] {
        assert!(spec.contains(needle), "no `{needle}` in\n{spec}");
    }
    for file in [
        "standings.csv",
        "pairs.csv",
        "first_player.csv",
        "summary.txt",
    ] {
        assert!(dir.join(file).exists(), "{file}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn quickstart_runs_and_prints_the_table() {
    let experiment =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments/quickstart.toml");
    let dir = temp_dir("quickstart");
    let stdout = succeed(&args!["tournament", experiment, "--out", dir]);
    assert!(stdout.contains("quickstart on mangola"), "{stdout}");
    assert!(stdout.contains("first player (South)"), "{stdout}");
    let standings = std::fs::read_to_string(dir.join("standings.csv")).unwrap();
    assert_eq!(standings.lines().count(), 4);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn perfect_scores_print_finite_statements_not_infinite_bounds() {
    let dir = temp_dir("perfect");
    succeed(&args![
        "tournament --game kalah --agent alphabeta:depth=4 --agent random --games 6 -q --out",
        dir
    ]);
    let summary = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    assert!(!summary.contains("inf"), "{summary}");
    assert!(
        summary.contains("100.0%, no losses in 6 games, Elo [at least -42.9]"),
        "{summary}"
    );
    assert!(
        summary.contains("below  (perfect scores separate it from the anchor's group)"),
        "{summary}"
    );
    // The files keep the numbers, infinite ends included.
    let pairs = std::fs::read_to_string(dir.join("pairs.csv")).unwrap();
    assert!(pairs.contains(",inf,"), "{pairs}");
}

#[test]
fn two_agents_get_one_interval_in_the_table_and_the_pairing_line() {
    let dir = temp_dir("two-agents");
    succeed(&args![
        "tournament --game mangola --agent greedy --agent alphabeta:depth=2 --games 40 --opening-plies 6 -q --out",
        dir
    ]);
    let summary = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    // The table rates alpha-beta against greedy (the anchor); the pairing
    // line rates greedy against alpha-beta: the same interval, mirrored.
    let table = summary
        .lines()
        .find(|l| l.contains("alphabeta:depth=2") && l.trim_start().starts_with(char::is_numeric))
        .expect("alpha-beta's row");
    let pairing = summary
        .lines()
        .find(|l| l.starts_with("  ") && l.contains(" vs "))
        .expect("the pairing line");
    let ends = |line: &str| -> (String, String) {
        // The first bracket of the line: the table's only one, the
        // pairing line's Elo interval.
        let inside = line.split_once('[').unwrap().1.split_once(']').unwrap().0;
        let (low, high) = inside.split_once(", ").unwrap();
        (low.to_string(), high.to_string())
    };
    let flip = |text: &str| match text.chars().next() {
        Some('+') => text.replacen('+', "-", 1),
        Some('-') => text.replacen('-', "+", 1),
        _ => text.to_string(),
    };
    let (low, high) = ends(table);
    assert_eq!((flip(&high), flip(&low)), ends(pairing), "{summary}");
}

#[test]
fn threads_and_shards_give_the_same_games() {
    let base = [
        "tournament",
        "--game",
        "mangola",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--agent",
        "random",
        "--games",
        "8",
        "--seed",
        "3",
        "--opening-plies",
        "4",
        "--quiet",
    ];
    let run = |name: &str, extra: &[&str]| {
        let dir = temp_dir(name);
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        let dir_text = dir.to_str().unwrap().to_string();
        args.extend_from_slice(&["--out", &dir_text]);
        let stdout = succeed(&args);
        assert!(stdout.is_empty(), "--quiet printed {stdout}");
        dir
    };
    let one = run("det-1", &["--threads", "1"]);
    let two = run("det-2", &["--threads", "2"]);
    let reference = games(&one);
    assert_eq!(reference.len(), 24);
    assert_eq!(games(&two), reference);
    assert!(reference.iter().all(|r| r.opening.split(' ').count() == 4));

    let shards: Vec<PathBuf> = (1..=3)
        .map(|i| {
            run(
                &format!("det-shard{i}"),
                &["--threads", "1", "--shard", &format!("{i}/3")],
            )
        })
        .collect();
    let merged = temp_dir("det-merged");
    let mut args = vec!["merge".to_string()];
    args.extend(shards.iter().map(|d| d.to_str().unwrap().to_string()));
    args.extend(["--out".to_string(), merged.to_str().unwrap().to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let stdout = succeed(&args);
    assert!(stdout.contains("rank"), "{stdout}");
    assert_eq!(games(&merged), reference);
    for file in ["standings.csv", "pairs.csv", "first_player.csv"] {
        assert_eq!(
            std::fs::read(merged.join(file)).unwrap(),
            std::fs::read(one.join(file)).unwrap(),
            "{file}"
        );
    }

    // Two shards only: the merge names the missing games (exit code 2).
    let out = ngola(&args![
        "merge",
        shards[0],
        shards[1],
        "--out",
        temp_dir("det-partial")
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("missing"),
        "{}",
        text(&out.stderr)
    );
    for dir in shards.into_iter().chain([one, two, merged]) {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn an_sprt_match_stops_and_says_why() {
    let dir = temp_dir("sprt");
    let stdout = succeed(&args!["tournament --game mangola --agent greedy --agent random --games 400 --sprt elo0=0,elo1=50 --threads 2 --out", dir]);
    assert!(
        stdout.contains("SPRT (elo0=0,elo1=50,alpha=0.05,beta=0.05"),
        "{stdout}"
    );
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    let rows = games(&dir);
    // Stopped early, at the end of a pair, with every earlier pair complete.
    assert!(
        rows.len() < 400 && rows.len().is_multiple_of(2),
        "{}",
        rows.len()
    );
    assert!(rows.iter().enumerate().all(|(i, r)| r.game == i as u64));
    // The test's state in sprt.csv: bounds, LLR, pairs, pentanomial,
    // decision.
    let sprt = std::fs::read_to_string(dir.join("sprt.csv")).unwrap();
    let lines: Vec<&str> = sprt.lines().collect();
    assert_eq!(
        lines[0],
        "elo0,elo1,alpha,beta,lower,upper,llr,pairs,p0,p1,p2,p3,p4,decision"
    );
    let fields: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(
        &fields[..6],
        ["0", "50", "0.05", "0.05", "-2.944439", "2.944439"]
    );
    let llr: f64 = fields[6].parse().unwrap();
    assert!(llr >= 2.944439, "{sprt}");
    assert_eq!(fields[7], (rows.len() / 2).to_string());
    let pentanomial: u64 = fields[8..13]
        .iter()
        .map(|n| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(pentanomial as usize, rows.len() / 2);
    assert_eq!(fields[13], "H1");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_input_names_the_field_with_exit_code_2() {
    let dir = temp_dir("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let good = "game = \"mangola\"\nagents = [\"random\", \"greedy\"]\n";
    let cases = [
        (format!("{good}gamez = 4\n"), "gamez"),
        (
            "game = \"mangola\"\nagents = [\"random\", \"alphabeta:depht=2\"]\n".to_string(),
            "agents[1]",
        ),
        (
            "game = \"mangola\"\nagents = [\"random\", \"alphabeta:depht=2\"]\n".to_string(),
            "depht",
        ),
        (format!("{good}games = 5\n"), "games"),
        (format!("{good}games = -2\n"), "games"),
        (
            format!("{good}[rules]\ncapture_sowing = \"sideways\"\n"),
            "capture_sowing",
        ),
        (format!("{good}[rules]\ncolour = \"red\"\n"), "colour"),
        (
            "game = \"chess\"\nagents = [\"random\", \"greedy\"]\n".to_string(),
            "game",
        ),
        (
            format!("{good}sprt = \"elo0=0,elo1=5,beta=2\"\n"),
            "sprt.beta",
        ),
        ("game = [\"mangola\"\n".to_string(), "experiment"),
    ];
    for (k, (content, needle)) in cases.iter().enumerate() {
        let path = dir.join(format!("experiment{k}.toml"));
        std::fs::write(&path, content).unwrap();
        refused(
            &args!["tournament", path, "--out", dir.join("out")],
            &[needle],
        );
    }
    refused(
        &["tournament", dir.join("nowhere.toml").to_str().unwrap()],
        &["nowhere.toml"],
    );
    refused(
        &args!["tournament --game mangola --agent random --agent mcts:sims=x"],
        &["sims"],
    );
    refused(
        &args!["tournament --game mangola --agent random --agent random --shard 4/3"],
        &["shard"],
    );
    refused(
        &["tournament", "--resume", dir.to_str().unwrap()],
        &["not a tournament folder"],
    );
    assert!(!dir.join("out").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_rule_option_given_twice_is_refused_by_every_command() {
    let dir = temp_dir("twice");
    let out = dir.join("run");
    let db = dir.join("db");
    let commands: [Vec<&str>; 7] = [
        args!["tournament --game kalah --agent random --agent greedy --games 2 --rule pits=3 --rule pits=4 --out", out],
        args!["solve kalah --rule seeds=2 --rule seeds=3"],
        args!["prove kalah --rule pits=2 --rule pits=2"],
        args!["openings kalah --count 2 --plies 2 --rule pits=3 --rule pits=4"],
        args!["render kalah --rule pits=3 --rule pits=4"],
        args!["tablebase build kalah --seeds 2 --rule pits=3 --rule pits=4 -o", db],
        args!["train kalah --generations 1 --rule pits=3 --rule pits=4 -o", db],
    ];
    for command in commands {
        let run = ngola(&command);
        let err = stderr(&run);
        assert_eq!(run.status.code(), Some(2), "{command:?}: {err}");
        assert!(err.contains("given twice"), "{command:?}: {err}");
    }
    // Nothing was started: no run folder, no database.
    assert!(!out.exists() && !db.exists());
}

#[test]
fn a_folder_holding_other_files_is_refused_and_left_alone() {
    let dir = temp_dir("others");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("summary.txt"), "my notes").unwrap();
    std::fs::write(dir.join("standings.csv"), "mine").unwrap();
    refused(
        &args![
            "tournament --game kalah --agent random --agent greedy --games 2 -q --out",
            dir
        ],
        &["holds files that are not a run's (standings.csv, summary.txt)"],
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("summary.txt")).unwrap(),
        "my notes"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    // The root folder holds other things: refused before anything is written.
    let root = ngola(&args![
        "tournament --game kalah --agent random --agent greedy --games 2 -q --out /"
    ]);
    assert_eq!(root.status.code(), Some(2), "{}", stderr(&root));
    assert!(!Path::new("/games.csv").exists() && !Path::new("/summary.txt").exists());
    // An empty folder is a run's.
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    succeed(&args![
        "tournament --game kalah --agent random --agent greedy --games 2 -q --out",
        dir
    ]);
}
