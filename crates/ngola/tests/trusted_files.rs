//! Rows and files checked, not trusted: a fault row that credits the
//! faulting side, a run folder with a duplicated row or an agent id out of
//! range, a symbolic link named `.lock`, a leftover temporary file, and
//! absurd opening counts are refused (exit 2, naming line and field) by
//! every command that reads them.

use crate::common;
use common::*;

use std::path::Path;
use std::process::Command;

fn s(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// A finished run of 4 random Kalah games in `dir`.
fn random_run(dir: &Path) {
    succeed(&args![
        "tournament --game kalah --agent random --agent greedy --games 4 --quiet --out",
        s(dir)
    ]);
}

/// `games.csv`'s lines with cell `column` of line `line` (1 is the
/// header) replaced by `value`; the cells before `fault` hold no commas.
fn edit_cell(dir: &Path, line: usize, column: usize, value: &str) {
    let path = dir.join("games.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut cells: Vec<String> = lines[line - 1]
        .splitn(column + 2, ',')
        .map(String::from)
        .collect();
    cells[column] = value.to_string();
    lines[line - 1] = cells.join(",");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// The `result` and `south_id` columns of `games.csv`.
const RESULT: usize = 8;
const SOUTH_ID: usize = 3;

fn python() -> bool {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("skipped: python3 is not installed");
    }
    found
}

#[test]
fn a_fault_row_that_credits_the_faulting_side_is_refused_everywhere() {
    if !python() {
        return;
    }
    let dir = temp_dir("fault-side");
    let script = repo().join("crates/ngola/tests/data/engines/faulty_bot.py");
    let engine = format!("crash=python3 {} crash 3", script.display());
    succeed(&args![
        "tournament --game kalah --engine",
        &engine,
        "--agent engine:crash --agent random --games 2 --quiet --out",
        s(&dir)
    ]);
    let found = rows(&dir);
    let index = found
        .iter()
        .position(|r| r.reason == ngola_arena::record::Reason::Crash)
        .expect("a crash row");
    let line = index + 2;
    // The crashing engine's side (the side to move) given the win.
    let crashed = if found[index].result == ngola_arena::record::GameResult::South {
        "N"
    } else {
        "S"
    };
    edit_cell(&dir, line, RESULT, crashed);
    let id = found[index].game.to_string();
    let named = [format!("line {line}"), "`result`".to_string()];
    let needles: Vec<&str> = named.iter().map(String::as_str).collect();
    refused(&["replay", "--run", s(&dir), "--id", &id], &needles);
    let merged = temp_dir("fault-side-merged");
    refused(&["merge", s(&dir), "--out", s(&merged)], &needles);
    assert!(!merged.join("games.csv").exists());
    refused(&["tournament", "--resume", s(&dir)], &needles);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&merged);
}

#[test]
fn every_reader_of_a_run_folder_refuses_duplicated_rows_and_unknown_agents() {
    let dir = temp_dir("shared-check");
    random_run(&dir);
    let games = dir.join("games.csv");
    let clean = std::fs::read_to_string(&games).unwrap();
    let page = dir.join("page.html");
    let readers: [Vec<&str>; 3] = [
        vec!["replay", "--run", s(&dir), "--id", "0"],
        vec!["render", "--run", s(&dir), "--id", "0", "-o", s(&page)],
        vec!["plot", s(&dir)],
    ];
    // A row given twice.
    let second = clean.lines().nth(1).unwrap();
    std::fs::write(&games, format!("{clean}{second}\n")).unwrap();
    for args in &readers {
        refused(args, &["line 6", "appears twice"]);
    }
    // An agent id out of range.
    std::fs::write(&games, &clean).unwrap();
    edit_cell(&dir, 2, SOUTH_ID, "99");
    for args in &readers {
        refused(args, &["line 2", "`south_id`"]);
    }
    // A row whose moves do not give its result (game 1: plot reads it).
    std::fs::write(&games, &clean).unwrap();
    let line = clean.lines().nth(2).unwrap().to_string();
    let result = line.split(',').nth(RESULT).unwrap();
    let other = if result == "S" { "N" } else { "S" };
    edit_cell(&dir, 3, RESULT, other);
    refused(&["plot", s(&dir)], &["line 3", "`result`"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_named_lock_is_never_followed() {
    let dir = temp_dir("lock-link");
    random_run(&dir);
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me\n").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join(".lock")).unwrap();
    refused(
        &["tournament", "--resume", s(&dir)],
        &[".lock", "not a regular file"],
    );
    // A merge's output folder holding the link.
    let out = scratch("lock-link-out");
    std::os::unix::fs::symlink(&victim, out.join(".lock")).unwrap();
    refused(
        &["merge", s(&dir), "--out", s(&out)],
        &[".lock", "not a regular file"],
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    let link = std::fs::symlink_metadata(dir.join(".lock")).unwrap();
    assert!(link.file_type().is_symlink(), "the link stays");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&out);
}

#[cfg(unix)]
#[test]
fn a_leftover_temporary_games_file_does_not_break_the_final_rewrite() {
    let dir = temp_dir("leftover-tmp");
    random_run(&dir);
    let before = games(&dir);
    // Rows out of order, as several threads write them: the end of a
    // resume rewrites the file sorted, through `games.csv.tmp`.
    let path = dir.join("games.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(1, 2);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    // What a rewrite that failed left behind, here a link to another file.
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me\n").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("games.csv.tmp")).unwrap();
    succeed(&["tournament", "--resume", s(&dir), "--quiet"]);
    assert_eq!(games(&dir), before);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    assert!(std::fs::symlink_metadata(dir.join("games.csv.tmp")).is_err());
    // A partial file left behind is replaced just as well.
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    std::fs::write(dir.join("games.csv.tmp"), "game,pair\n0,0,half a ro").unwrap();
    succeed(&["tournament", "--resume", s(&dir), "--quiet"]);
    assert_eq!(games(&dir), before);
    assert!(!dir.join("games.csv.tmp").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `ngola args` under a 1 GiB address-space limit (`ulimit -v`).
#[cfg(unix)]
fn limited(args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_ngola"))
        .args(args)
        .output()
        .expect("sh runs")
}

#[cfg(unix)]
#[test]
fn opening_counts_are_checked_before_anything_is_allocated() {
    let base = ["openings", "kalah", "--plies", "2", "--count"];
    for (count, needles) in [
        ("9223372036854775807", ["count", "at most 100000000"]),
        ("288230376151711744", ["count", "at most 100000000"]),
        (
            "100000000",
            ["100000000 openings asked", "only 35 distinct"],
        ),
    ] {
        let mut args = base.to_vec();
        args.push(count);
        let out = limited(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "--count {count}: {err}");
        for needle in needles {
            assert!(err.contains(needle), "--count {count}: {err}");
        }
    }
}

/// `ngola prove mangola --rule columns=5` with `extra` arguments.
fn prove_m5(extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "prove",
        "mangola",
        "--rule",
        "columns=5",
        "--rule",
        "capture_sowing=ludii",
        "--threads",
        "1",
        "--tt",
        "64",
    ];
    args.extend(extra);
    ngola(&args)
}

#[test]
fn an_edited_or_senseless_checkpoint_is_refused() {
    let dir = scratch("checkpoint");
    let cp = dir.join("m5.ckpt");
    let first = prove_m5(&["--checkpoint", s(&cp)]);
    assert!(first.status.success(), "{}", stderr(&first));
    let value = stdout(&first).lines().next().unwrap().to_string();
    let clean = std::fs::read(&cp).unwrap();
    let text = String::from_utf8_lossy(&clean).into_owned();
    let asked = text
        .lines()
        .find(|l| l.starts_with("asked S win proven "))
        .expect("South's win is proven")
        .to_string();
    // Each edit of the header, with what its refusal names.
    let words: Vec<&str> = asked.split(' ').collect();
    let disproven = format!(
        "asked S win disproven {} {} - {}",
        words[4], words[5], words[7]
    );
    let both = format!("{asked}\nasked N win proven 1 0.000 1 0");
    let totals = text.lines().find(|l| l.starts_with("totals ")).unwrap();
    for (from, to, named) in [
        (
            asked.as_str(),
            disproven.as_str(),
            "checksum does not match",
        ),
        (asked.as_str(), both.as_str(), "contradict"),
        (totals, "totals 1 NaN", "bad totals"),
        (
            asked.as_str(),
            &asked.replace(" proven ", " disproven "),
            "depth",
        ),
    ] {
        let edited = text.replacen(from, to, 1);
        let mut bytes = edited.as_bytes().to_vec();
        // The binary entries after the header are kept as they were.
        let header_end = text.find("entries\n").unwrap() + "entries\n".len();
        let new_end = edited.find("entries\n").unwrap() + "entries\n".len();
        bytes.truncate(new_end);
        bytes.extend_from_slice(&clean[header_end..]);
        std::fs::write(&cp, &bytes).unwrap();
        let out = prove_m5(&["--checkpoint", s(&cp)]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{named}: {err}");
        assert!(err.contains("--checkpoint") && err.contains(named), "{err}");
        assert!(stdout(&out).is_empty(), "{named}: printed {}", stdout(&out));
    }
    // A byte of an entry changed.
    let mut bytes = clean.clone();
    let last = bytes.len() - 40;
    bytes[last] ^= 1;
    std::fs::write(&cp, &bytes).unwrap();
    refused(
        &args![
            "prove mangola --rule columns=5 --rule capture_sowing=ludii --checkpoint",
            s(&cp)
        ],
        &["checksum"],
    );
    // The clean file still answers, with the same value.
    std::fs::write(&cp, &clean).unwrap();
    let again = prove_m5(&["--checkpoint", s(&cp)]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again).lines().next().unwrap(), value);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unwritable_checkpoint_path_is_refused_before_the_search() {
    // The full board would search for a long time: the refusal comes first.
    let started = std::time::Instant::now();
    refused(
        &args!["prove mangola --threads 1 --tt 64 --checkpoint /nonexistent/folder/run.ckpt"],
        &["--checkpoint", "cannot be written"],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn certificate_lines_that_are_not_positions_and_goals_out_of_range_are_refused() {
    let dir = scratch("certificate");
    let cert = dir.join("m5.txt");
    let out = prove_m5(&["--certificate", s(&cert)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&cert).unwrap();
    let lines = text.lines().count();
    let check = |body: &str, needles: &[&str]| {
        let file = dir.join("edited.txt");
        std::fs::write(&file, body).unwrap();
        let out = ngola(&["prove", "--check", s(&file)]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(!stdout(&out).contains("certificate ok"), "{}", stdout(&out));
        for needle in needles {
            assert!(err.contains(needle), "no `{needle}` in {err}");
        }
    };
    let after = lines + 1;
    // A Kalah position in a Mangola certificate.
    let kalah = "kalah 4,4,4,4,4,4/4,4,4,4,4,4 0 0 S 0";
    check(
        &format!("{text}{kalah}\ta1\n"),
        &[&format!("line {after}"), "not a position of mangola"],
    );
    // A 10 MB line that is no position.
    let long = "x".repeat(10 << 20);
    check(
        &format!("{text}{long}\ta1\n"),
        &[&format!("line {after}"), "longer than 1048576 bytes"],
    );
    // A goal out of range, in a Kalah certificate.
    let kcert = dir.join("k2.txt");
    let out = ngola(&args![
        "prove kalah --rule pits=2 --threads 1 --tt 16 --certificate",
        s(&kcert)
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ktext = std::fs::read_to_string(&kcert).unwrap();
    let (header, rest) = ktext.split_once('\n').unwrap();
    let (head, _goal) = header.rsplit_once(" margin>=").expect("a margin goal");
    check(
        &format!("{head} margin>=-100\n{rest}"),
        &["line 1", "margin>=-100", "outside"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn long_lines_of_suites_experiments_and_records_are_refused_naming_the_limit() {
    let dir = scratch("long-lines");
    let long = "a1 ".repeat(1 << 20);
    let suite = dir.join("suite.txt");
    std::fs::write(&suite, format!("# a suite\n{long}\n")).unwrap();
    let out = dir.join("run");
    refused(
        &args![
            "tournament --game kalah --agent random --agent greedy --openings",
            s(&suite),
            "--quiet --out",
            s(&out)
        ],
        &["line 2", "longer than 65536 bytes"],
    );
    assert!(!out.exists(), "no folder made");
    let experiment = dir.join("run.toml");
    std::fs::write(
        &experiment,
        format!("game = \"kalah\"\nname = \"{}\"\n", "x".repeat(1 << 20)),
    )
    .unwrap();
    refused(
        &["tournament", s(&experiment), "--quiet"],
        &["line 2", "longer than 65536 bytes"],
    );
    let record = dir.join("game.txt");
    std::fs::write(&record, format!("{long}\n")).unwrap();
    refused(
        &["replay", "--record", s(&record)],
        &["line 1", "longer than 65536 bytes"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_reads_the_same_databases_and_networks_by_content_from_start_to_merge() {
    let root = temp_dir("inputs");
    let db = root.join("db");
    let other = root.join("db-6");
    for (dir, seeds) in [(&db, "4"), (&other, "6")] {
        succeed(&args![
            "tablebase build kalah --rule pits=2 --seeds",
            seeds,
            "--threads=1 -o",
            s(dir)
        ]);
    }
    let agent = format!("alphabeta:depth=2,tb={}", s(&db));
    let shard = |i: &str, out: &Path| {
        succeed(&args![
            "tournament --game kalah --rule pits=2 --agent",
            agent,
            "--agent random --games 4 --threads 1 --quiet --shard",
            i,
            "--out",
            s(out)
        ]);
    };
    let (first, second) = (root.join("s1"), root.join("s2"));
    shard("1/2", &first);
    // The run names its database by content.
    let inputs = std::fs::read_to_string(first.join("inputs.csv")).unwrap();
    let id = succeed(&["tablebase", "info", s(&db)]);
    let id = id
        .lines()
        .find_map(|l| l.strip_prefix("id "))
        .expect("an id");
    assert_eq!(
        inputs,
        format!("what,path,sha256\nagents[0].tb,{},{id}\n", s(&db)),
    );
    // Another database at the same path: the second shard reads it.
    std::fs::rename(&db, root.join("db-4")).unwrap();
    std::fs::rename(&other, &db).unwrap();
    shard("2/2", &second);
    // The merge refuses shards that read different databases, and a
    // resume refuses a database that changed since the run began.
    refused(
        &args![
            "merge",
            s(&first),
            s(&second),
            "--out",
            s(&root.join("merged"))
        ],
        &["read other files than", "agents[0].tb", id],
    );
    refused(
        &args!["tournament --resume", s(&first)],
        &["inputs.csv", "agents[0].tb", id, "before"],
    );
    // With its own database back, the first shard resumes.
    std::fs::rename(&db, &other).unwrap();
    std::fs::rename(root.join("db-4"), &db).unwrap();
    succeed(&args!["tournament --resume", s(&first), "--quiet"]);
}
