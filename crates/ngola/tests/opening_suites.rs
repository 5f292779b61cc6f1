//! Opening suites: `ngola openings` writes distinct (and optionally
//! balanced) openings; `ngola tournament --openings FILE` plays each by a
//! colour-swapped pair of every pairing, in file or shuffled order; bad
//! lines stop the run naming the line; resume and merge keep the suite.

use crate::common;
use common::*;

use std::collections::HashSet;

use ngola_arena::record::read_games;

/// The openings of a suite file (lines that are not comments).
fn openings(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(String::from)
        .collect()
}

/// The final position of `moves` from Kalah's start, by `ngola replay`.
fn position_after(moves: &str) -> String {
    let mut args = vec!["replay", "kalah"];
    args.extend(moves.split_whitespace());
    let stdout = succeed(&args);
    let last = stdout.lines().rev().nth(1).unwrap();
    last.split_once(' ')
        .unwrap()
        .1
        .split_once(' ')
        .unwrap()
        .1
        .to_string()
}

#[test]
fn a_written_suite_is_played_pair_by_pair() {
    let dir = scratch("play");
    let book = dir.join("book.txt");
    let stderr = String::from_utf8_lossy(
        &ngola(&args![
            "openings kalah --plies 3 --count 12 --seed 5 -o",
            book
        ])
        .stderr,
    )
    .into_owned();
    assert!(stderr.contains("wrote 12 openings"), "{stderr}");
    let lines = openings(&book);
    assert_eq!(lines.len(), 12);
    // Distinct positions, each 3 plies from the start.
    let positions: HashSet<String> = lines.iter().map(|l| position_after(l)).collect();
    assert_eq!(positions.len(), 12);
    assert!(lines.iter().all(|l| l.split_whitespace().count() == 3));
    // The same command gives the same suite.
    let again = succeed(&[
        "openings", "kalah", "--plies", "3", "--count", "12", "--seed", "5",
    ]);
    let again: Vec<&str> = again.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(again, lines);

    // Played: by default each opening by one pair of every pairing.
    let run = dir.join("run");
    let stdout = succeed(&args!["tournament --game kalah --agent random --agent greedy --agent alphabeta:depth=2 --openings", book, "--threads 2 --out", run]);
    assert!(
        stdout.contains("a suite of 12 openings (sequential order"),
        "{stdout}"
    );
    let rows = read_games(&run.join("games.csv")).unwrap().records;
    // 3 pairings x 12 pairs x 2 games.
    assert_eq!(rows.len(), 72);
    for row in &rows {
        let round = (row.pair / 3) as usize;
        assert_eq!(row.opening, lines[round], "game {}", row.game);
        assert!(row.moves.starts_with(&row.opening));
    }
    assert!(run.join("openings.txt").exists());
    let toml = std::fs::read_to_string(run.join("experiment.toml")).unwrap();
    assert!(
        toml.contains("openings = \"openings.txt\"") && toml.contains("games = 24"),
        "{toml}"
    );
    // The folder resumes and merges with its copy of the suite.
    succeed(&["tournament", "--resume", run.to_str().unwrap(), "-q"]);
    let merged = dir.join("merged");
    succeed(&args!["merge", run, "--out", merged, "-q"]);
    assert!(merged.join("openings.txt").exists());

    // Random order: the suite shuffled, the same for every pairing, and
    // the same from the same seed.
    let shuffled = dir.join("shuffled");
    succeed(&args![
        "tournament --game kalah --agent random --agent greedy --openings",
        book,
        "--openings-order random --games 16 -q --out",
        shuffled
    ]);
    let rows = read_games(&shuffled.join("games.csv")).unwrap().records;
    let used: Vec<&str> = rows.iter().step_by(2).map(|r| r.opening.as_str()).collect();
    assert_eq!(used.len(), 8);
    assert_eq!(used.iter().collect::<HashSet<_>>().len(), 8);
    assert!(used.iter().all(|o| lines.iter().any(|l| l == o)));
    assert_ne!(
        used,
        lines[..8].iter().map(String::as_str).collect::<Vec<_>>()
    );

    // More pairs than openings: refused with both numbers.
    refused(
        &args![
            "tournament --game kalah --agent random --agent greedy --openings",
            book,
            "--games 26 --out",
            dir.join("too-many")
        ],
        &["12 distinct opening(s) for 13 pairs"],
    );
    assert!(!dir.join("too-many").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_suite_lines_are_named() {
    let dir = scratch("bad");
    let start_after_a1 = "kalah 0,5,5,5,5,4/4,4,4,4,4,4 N 1 0,0";
    let cases = [
        ("a1 b1\na2 b9\n", "line 2", "ply 2"),
        (
            "a1\n# a comment\n\na2 b1\n{start}\n",
            "line 5",
            "same position as line 1",
        ),
        ("a1 a2\n", "line 1", "ply 2"),
        ("chess 1,2,3\n", "line 1", "ply 1"),
        ("kalah 0,0,0,0,0,0/4,4,4,4,4,4 S 30 0,0\n", "line 1", ""),
    ];
    for (k, (content, line, what)) in cases.iter().enumerate() {
        let book = dir.join(format!("book{k}.txt"));
        std::fs::write(&book, content.replace("{start}", start_after_a1)).unwrap();
        let out = dir.join(format!("out{k}"));
        refused(
            &args![
                "tournament --game kalah --agent random --agent greedy --openings",
                book,
                "--out",
                out
            ],
            &[book.to_str().unwrap(), line, what],
        );
        assert!(!out.exists());
    }
    // A position text is an opening of its own; its games start there.
    let book = dir.join("positions.txt");
    std::fs::write(&book, format!("{start_after_a1}\na2\n")).unwrap();
    let run = dir.join("positions");
    succeed(&args![
        "tournament --game kalah --agent random --agent greedy --openings",
        book,
        "-q --out",
        run
    ]);
    let rows = read_games(&run.join("games.csv")).unwrap().records;
    assert_eq!(rows[0].opening, start_after_a1);
    assert!(!rows[0].moves.starts_with("a1"));
    succeed(&["replay", "--run", run.to_str().unwrap(), "--id", "1"]);
    // An empty suite, and a missing one.
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    refused(
        &args![
            "tournament --game kalah --agent random --agent greedy --openings",
            empty
        ],
        &["holds no opening"],
    );
    refused(
        &args!["tournament --game kalah --agent random --agent greedy --openings /nonexistent/book.txt"],
        &["openings", "/nonexistent/book.txt"],
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn openings_can_be_kept_balanced_and_are_refused_when_too_few() {
    let out = succeed(&args![
        "openings kalah --plies 3 --count 8 --seed 3 --max-eval-gap 0.5 --agent alphabeta:depth=3"
    ]);
    let balanced: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(balanced.len(), 8);
    assert!(
        out.contains("--max-eval-gap 0.5 --agent alphabeta:depth=3"),
        "{out}"
    );
    let all = succeed(&[
        "openings", "kalah", "--plies", "3", "--count", "8", "--seed", "3",
    ]);
    let all: Vec<&str> = all.lines().filter(|l| !l.starts_with('#')).collect();
    assert_ne!(balanced, all, "the judge kept every opening drawn");
    // Two plies: 35 openings exist, 5 within half a seed (an error that
    // says both).
    refused(
        &args!["openings kalah --plies 2 --count 8 --seed 3 --max-eval-gap 0.5 --agent alphabeta:depth=3"],
        &[
            "8 openings asked",
            "only 35 distinct positions",
            "5 of them balanced within 0.5",
        ],
    );
    // Kalah has 6 openings of one ply.
    refused(
        &["openings", "kalah", "--plies", "1", "--count", "7"],
        &["7 openings asked", "only 6 distinct positions"],
    );
    // No judgement from an agent without an evaluation.
    refused(
        &args!["openings kalah --plies 2 --count 3 --max-eval-gap 1 --agent random"],
        &["agent", "no evaluation"],
    );
    refused(
        &args!["openings kalah --plies 2 --count 3 --max-eval-gap=-1 --agent greedy"],
        &["max-eval-gap"],
    );
}
