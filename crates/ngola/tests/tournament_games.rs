//! Games of a tournament from the outside: `replay --run` and `render
//! --run` show a game of a folder; resume and merge refuse altered rows,
//! naming line and field; distinct openings are refused when too few
//! exist, with both numbers and before any folder is made; runs that fail
//! their own checks leave nothing behind; the files load as typed data.

use crate::common;
use common::*;

use std::path::Path;

use ngola_arena::record::read_games;

/// A small Kalah round robin into `dir`.
fn small_run(dir: &Path, extra: &[&str]) {
    let mut args = vec![
        "tournament",
        "--game",
        "kalah",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--agent",
        "alphabeta:depth=2",
        "--games",
        "6",
        "--opening-plies",
        "2",
        "--seed",
        "4",
        "--threads",
        "2",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    succeed(&args);
}

#[test]
fn replay_and_render_show_a_game_of_a_run() {
    let dir = temp_dir("replay");
    small_run(&dir, &[]);
    let rows = read_games(&dir.join("games.csv")).unwrap().records;
    let row = &rows[7];
    let stdout = succeed(&["replay", "--run", dir.to_str().unwrap(), "--id", "7"]);
    let lines: Vec<&str> = stdout.lines().collect();
    // One line per ply, then the result.
    assert_eq!(lines.len(), row.plies as usize + 1, "{stdout}");
    let moves: Vec<&str> = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(moves.join(" "), row.moves);
    assert_eq!(lines.last().unwrap(), &format!("result {}", row.result));

    let page = dir.join("game.html");
    let stdout = succeed(&args!["render --run", dir, "--id 7 -o", page]);
    assert!(
        stdout.contains(&format!("({} steps)", row.plies + 1)),
        "{stdout}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains(&row.south) || html.contains("South"),
        "no players"
    );
    refused(
        &["replay", "--run", dir.to_str().unwrap(), "--id", "999"],
        &["--id 999", "no game 999"],
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Replaces field `column` of data line `line` (1 is the header) of a
/// folder's games.csv.
fn alter(dir: &Path, line: usize, column: usize, value: &str) {
    let path = dir.join("games.csv");
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(&path)
        .unwrap();
    let mut rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    rows[line - 1][column] = value.to_string();
    let mut writer = csv::Writer::from_path(&path).unwrap();
    for row in rows {
        writer.write_record(row).unwrap();
    }
    writer.flush().unwrap();
}

#[test]
fn altered_rows_are_refused_by_resume_and_merge() {
    let whole = temp_dir("altered");
    small_run(&whole, &[]);
    let rows = read_games(&whole.join("games.csv")).unwrap().records;
    let flipped = if rows[4].result.to_string() == "S" {
        "N"
    } else {
        "S"
    };
    // Each alteration: (line, column, value, the field the error names).
    let cases = [
        (6, 8, flipped, "`result`"),
        (3, 9, "4000", "`plies`"),
        (9, 10, "99", "`south_total`"),
        (12, 15, "a1 a2 a3", "`moves`"),
    ];
    for (line, column, value, field) in cases {
        for merge in [false, true] {
            let dir = temp_dir(&format!("altered-{line}-{merge}"));
            std::fs::create_dir_all(&dir).unwrap();
            for file in ["experiment.toml", "games.csv"] {
                std::fs::copy(whole.join(file), dir.join(file)).unwrap();
            }
            alter(&dir, line, column, value);
            let needles = [&format!("line {line}") as &str, field];
            if merge {
                let out = temp_dir(&format!("altered-merged-{line}"));
                refused(&args!["merge", dir, "--out", out], &needles);
                assert!(!out.exists(), "a refused merge made {}", out.display());
            } else {
                refused(
                    &["tournament", "--resume", dir.to_str().unwrap(), "--quiet"],
                    &needles,
                );
            }
            std::fs::remove_dir_all(dir).unwrap();
        }
    }
    // The unaltered folder resumes (nothing to play) and merges.
    succeed(&["tournament", "--resume", whole.to_str().unwrap(), "--quiet"]);
    let merged = temp_dir("altered-ok");
    succeed(&args!["merge", whole, "--out", merged, "-q"]);
    for dir in [whole, merged] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn too_few_distinct_openings_are_refused_with_both_numbers() {
    // The README's old SPRT example: 1,000 pairs of deterministic agents
    // from 4-ply Mangola openings, of which 16 exist.
    let dir = temp_dir("sprt-example");
    refused(
        &args!["tournament --game mangola --agent alphabeta:depth=4 --agent alphabeta:depth=3 --games 2000 --opening-plies 4 --sprt elo0=0,elo1=20,alpha=0.05,beta=0.05 --out", dir],
        &[
            "opening_plies",
            "16 distinct opening(s) for 1000 pairs",
            "--allow-repeated-openings",
        ],
    );
    assert!(!dir.exists());
    // Without openings (an explicit `--opening-plies 0`), two deterministic
    // agents replay one game: refused beyond one pair; an agent that draws
    // on its seed makes it fine.
    let deterministic = [
        "tournament",
        "--game",
        "kalah",
        "--agent",
        "alphabeta:depth=2",
        "--agent",
        "alphabeta:depth=1",
        "--games",
        "4",
        "--out",
        dir.to_str().unwrap(),
    ];
    refused(
        &[&deterministic[..], &["--opening-plies", "0"]].concat(),
        &["1 distinct opening for 2 pairs"],
    );
    assert!(!dir.exists());
    // Given no openings at all, the run chooses the fewest random plies that
    // give each pair its own opening (1 in Kalah), and says so.
    let stdout = succeed(&deterministic);
    assert!(
        stdout.contains("openings: 1 random plies from the start (chosen automatically"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    succeed(&args!["tournament --game kalah --agent alphabeta:depth=2 --agent random --games 4 --opening-plies 0 -q --out", dir]);
    std::fs::remove_dir_all(&dir).unwrap();
    // Allowed repeats: each pair's own draw (as before openings were
    // distinct, so earlier runs reproduce), and said so.
    let stdout = succeed(&args!["tournament --game kalah --agent alphabeta:depth=2 --agent alphabeta:depth=1 --games 16 --opening-plies 1 --allow-repeated-openings --out", dir]);
    assert!(
        stdout.contains("statistics over repeated openings"),
        "{stdout}"
    );
    // 6 openings x 2 colours: at most 12 distinct games among 16.
    let distinct: u32 = stdout
        .split("16 games (")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(distinct <= 12, "{stdout}");
    // The openings are the pairs' first draws: those of the old arena.
    let rows = read_games(&dir.join("games.csv")).unwrap().records;
    let experiment = ngola_arena::runner::folder_experiment(&dir).unwrap();
    let schedule = experiment.schedule();
    let start = <ngola_rules::kalah::Kalah as ngola_rules::Game>::start(Default::default());
    for r in rows.iter().step_by(2) {
        let seed = schedule.game(r.game).unwrap().opening_seed;
        let (_, moves) = ngola_rules::opening::random_opening(&start, 1, seed).unwrap();
        let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(r.opening, moves.join(" "), "{r:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn runs_that_fail_their_own_checks_leave_no_folder() {
    let dir = temp_dir("no-folder");
    let base = [
        "tournament",
        "--game",
        "kalah",
        "--agent",
        "random",
        "--agent",
        "random",
    ];
    let with = |extra: &[&'static str]| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", dir.to_str().unwrap()]);
        args
    };
    // Once, --games 4294967294 aborted building the schedule and left a
    // folder that blocked its own retry.
    refused(&with(&["--games", "4294967294"]), &["games", "10000000"]);
    assert!(!dir.exists());
    // An opening no game survives: Kalah always ends within 200 plies.
    refused(&with(&["--opening-plies", "200"]), &["opening_plies"]);
    assert!(!dir.exists());
    // NaN SPRT bounds and too many threads.
    refused(
        &with(&["--sprt", "elo0=0,elo1=1e6"]),
        &["sprt.elo1", "2000"],
    );
    refused(&with(&["--threads", "100000"]), &["threads", "1024"]);
    refused(&with(&["--threads", "0"]), &["threads"]);
    assert!(!dir.exists());
    // A run stopped before its first game ends (an engine that cannot
    // start fails its handshake) leaves only the engines' logs: the same
    // command runs again (and fails again for its own reason, not because
    // the folder holds a run).
    let ghost = [
        "tournament",
        "--game",
        "kalah",
        "--engine",
        "ghost=/nonexistent/engine",
        "--agent",
        "engine:ghost",
        "--agent",
        "random",
        "--games",
        "2",
        "-q",
        "--out",
        dir.to_str().unwrap(),
    ];
    for _ in 0..2 {
        let out = ngola(&ghost);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("engine `ghost` failed its handshake"),
            "{}",
            text(&out.stderr)
        );
        for file in ["experiment.toml", "games.csv", ".lock", "summary.txt"] {
            assert!(!dir.join(file).exists(), "{file}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // --threads on resume is checked too.
    succeed(&with(&["--games", "2", "-q"]));
    refused(
        &args!["tournament --resume", dir, "--threads 5000"],
        &["threads", "1024"],
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn files_load_as_typed_data_and_record_their_provenance() {
    let dir = temp_dir("typed");
    small_run(&dir, &[]);
    let toml_text = std::fs::read_to_string(dir.join("experiment.toml")).unwrap();
    // Rule values are TOML numbers, not strings.
    assert!(toml_text.contains("\nseeds = 4\n"), "{toml_text}");
    assert!(toml_text.contains("\npits = 6\n"), "{toml_text}");
    let parsed: toml::Table = toml_text.parse().unwrap();
    assert!(parsed["rules"]["seeds"].is_integer());
    // Provenance, as comments: version, commit, start time, threads, cores.
    for key in [
        "ngola_version",
        "git_commit",
        "started_utc",
        "threads = 2",
        "cores",
    ] {
        assert!(
            toml_text.contains(&format!("# {key}")),
            "{key}: {toml_text}"
        );
    }
    let summary = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    assert!(
        summary.contains("run: ngola ") && summary.contains("2 threads on"),
        "{summary}"
    );
    // first_player.csv: the overall line leaves `pairing` empty (numeric
    // column), not `all`.
    let first = std::fs::read_to_string(dir.join("first_player.csv")).unwrap();
    let last = first.lines().last().unwrap();
    assert!(last.starts_with(",,,"), "{last}");
    assert!(first
        .lines()
        .skip(1)
        .all(|l| l.split(',').next().unwrap().parse::<u32>().is_ok() || l.starts_with(',')));
    // The seed's halves rebuild the seed.
    let mut reader = csv::Reader::from_path(dir.join("games.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    for row in reader.records() {
        let row = row.unwrap();
        let seed: u64 = row[at("seed")].parse().unwrap();
        let hi: u64 = row[at("seed_hi")].parse().unwrap();
        let lo: u64 = row[at("seed_lo")].parse().unwrap();
        assert!(hi < 1 << 32 && lo < 1 << 32);
        assert_eq!(hi * (1 << 32) + lo, seed);
    }
    // ratings.csv: the first agent is the anchor.
    let ratings = std::fs::read_to_string(dir.join("ratings.csv")).unwrap();
    assert!(ratings.starts_with("rank,id,agent,elo,elo_low,elo_high,se,pairs,games\n"));
    assert!(ratings.contains(",0,random,0.0,0.0,0.0,0.0,"), "{ratings}");
    // --anchor names another agent (by spec); it is not part of the games.
    let anchored = temp_dir("anchored");
    small_run(&anchored, &["--anchor", "alphabeta:depth=2"]);
    let ratings = std::fs::read_to_string(anchored.join("ratings.csv")).unwrap();
    assert!(
        ratings.contains(",2,\"alphabeta:depth=2,nodes=none,time=none,eval=heuristic,tt=16\",0.0,"),
        "{ratings}"
    );
    let toml_text = std::fs::read_to_string(anchored.join("experiment.toml")).unwrap();
    assert!(toml_text.contains("\nanchor = 2\n"), "{toml_text}");
    refused(
        &args!["tournament --game kalah --agent random --agent greedy --anchor mcts"],
        &["anchor", "mcts"],
    );
    std::fs::remove_dir_all(anchored).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}
