//! The committed reports of the studies are what `ngola report` writes:
//! measuring the committed games of `results/first-player-advantage` (in
//! a copy of the folder) with the table of judged boards,
//! `results/solved/boards.csv`, gives the committed tables, `REPORT.md`
//! and plot byte for byte, and its headline states the value of every
//! decided board it plays. That table and the solved boards' page are
//! what their script writes from the prover's and the databases' records.

use crate::common;

use std::path::Path;

use common::{ngola_command, repo, scratch, stderr};

/// The files `ngola report` writes into a study folder.
const OUTPUTS: [&str; 6] = [
    "measures.csv",
    "skill.csv",
    "exact.csv",
    "study-name.txt",
    "REPORT.md",
    "plots/first_player.svg",
];

/// Copies what `ngola report` reads of the study folder `from`: its
/// study file and template, and each run's experiment and games.
fn copy_inputs(from: &Path, to: &Path) {
    for file in ["study.toml", "report.md.j2"] {
        if from.join(file).exists() {
            std::fs::copy(from.join(file), to.join(file)).expect("copy");
        }
    }
    for entry in std::fs::read_dir(from.join("runs")).expect("runs") {
        let run = entry.expect("entry").path();
        let name = run.file_name().expect("a name");
        let dest = to.join("runs").join(name);
        std::fs::create_dir_all(&dest).expect("folder");
        for file in ["experiment.toml", "games.csv", "games.csv.gz"] {
            if run.join(file).exists() {
                std::fs::copy(run.join(file), dest.join(file)).expect("copy");
            }
        }
    }
}

/// `ngola report` on a copy of the committed study `name` reproduces
/// every committed output; returns the committed report.
fn reproduces(name: &str) -> String {
    let committed = repo().join("results").join(name);
    let copy = scratch(&format!("report-{name}"));
    copy_inputs(&committed, &copy);
    let out = ngola_command()
        .current_dir(repo())
        .args(["report", &copy.to_string_lossy()])
        .output()
        .expect("ngola runs");
    assert!(out.status.success(), "{}", stderr(&out));
    // The study's own plots and their table, where it has them: every
    // plot written is committed, and every committed plot is written.
    let listed = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir.join("plots"))
            .expect("plots/")
            .map(|e| format!("plots/{}", e.expect("entry").file_name().to_string_lossy()))
            .collect();
        names.sort();
        names
    };
    assert_eq!(listed(&copy), listed(&committed), "{name}: plots/");
    let mut outputs: Vec<String> = OUTPUTS.iter().map(|f| f.to_string()).collect();
    outputs.extend(listed(&committed));
    if committed.join("plots.csv").exists() {
        outputs.push("plots.csv".to_string());
    }
    for file in &outputs {
        let mine = std::fs::read(copy.join(file)).expect("written");
        let theirs = std::fs::read(committed.join(file)).expect("committed");
        assert!(
            mine == theirs,
            "{name}/{file} differs from what `ngola report results/{name}` writes"
        );
    }
    std::fs::read_to_string(committed.join("REPORT.md")).expect("REPORT.md")
}

#[test]
fn the_first_player_report_is_generated_and_leads_with_the_proved_values() {
    let report = reproduces("first-player-advantage");
    let exact = report.find("## Exact values").expect("exact values");
    let headline = report.find("## Headline").expect("a headline");
    assert!(exact < headline);
    // The boards it plays that the tables decide (results/solved/boards.csv).
    for line in [
        "- 4 x 8 Mangola: South wins under best play (proved, certificate \
         `results/solved/certificates/mangola-c8-lap-start.txt.gz`)",
        "- 4 x 8 Mangola (capture_sowing=ludii): North wins under best play",
        "- 4 x 6 Mangola: South wins under best play",
        "- 2 x 5 Um el-Bagara, 2 counters a house: North wins by 2 under best play",
        // A database's own probe: the database is not committed, so the
        // value is claimed, not checked.
        "- 2 x 3 Um el-Bagara, 5 counters a house (max_plies=0): North wins by 4 under best \
         play (claimed, not checked: endgame database `b21f60dee079`",
    ] {
        let at = report.find(line).unwrap_or_else(|| panic!("no `{line}`"));
        assert!(at < headline, "`{line}` comes after the headline");
    }
    assert!(!report.contains("not decided") && !report.contains("undecided"));
    assert!(!report.contains("scripts/"), "the report cites no script");
}

#[test]
fn the_variant_survey_report_is_generated_and_ranks_the_variants() {
    let report = reproduces("variant-survey");
    let exact = report.find("## Exact values").expect("exact values");
    let first = report.find("## First player").expect("first player");
    assert!(exact < first);
    assert!(report.contains("- 4 x 8 Mangola (capture_sowing=ludii): North wins under best play"));
    for ranking in [
        "- Most balanced: **",
        "- Most decisive (fewest draws, then the earliest lead for good): **",
        "- Skill counts most: **",
    ] {
        assert!(report.contains(ranking), "no `{ranking}`");
    }
    // Every variant is also played under the swap rule, and the report
    // sets each beside its cell without it.
    let swap = report.find("## The swap rule").expect("the swap section");
    assert!(first < swap && swap < report.find("## Rankings").expect("rankings"));
    assert!(report.contains(
        "- **4 x 8 Mangola** (ab2, ab4, ab6): South scores 68.3% [66.1%, 70.4%] without the swap rule \
         (`mangola-lap-start-c8-illegal`) and "
    ));
    assert!(report.contains("- Over 36 variants: the swap rule moves South's score"));
}

/// Copies the folder `from` into `to`, every file.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("a folder") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy");
        }
    }
}

#[test]
fn the_solved_boards_page_is_what_its_script_writes() {
    if !common::python() {
        return;
    }
    // A copy of results/solved and results/tablebase, so that the script
    // writes its page into the copy.
    let copy = scratch("solved-page").join("results");
    copy_tree(&repo().join("results/solved"), &copy.join("solved"));
    copy_tree(&repo().join("results/tablebase"), &copy.join("tablebase"));
    let out = std::process::Command::new("python3")
        .arg(repo().join("experiments/solved-report.py"))
        .arg(copy.join("solved"))
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", stderr(&out));
    // The page and the table of boards, each byte for byte.
    let written = |file: &str| {
        let mine = std::fs::read_to_string(copy.join("solved").join(file)).expect("written");
        let committed =
            std::fs::read_to_string(repo().join("results/solved").join(file)).expect("committed");
        assert!(
            mine == committed,
            "results/solved/{file} differs from what experiments/solved-report.py writes"
        );
        committed
    };
    let committed = written("README.md");
    let boards = written("boards.csv");
    // The boards the prover alone left open and a database decides are
    // one row each, decided.
    for board in [
        "kalah,pits=5 seeds=4 empty_capture=true max_plies=0,",
        "kalah,pits=6 seeds=3 empty_capture=true max_plies=0,",
    ] {
        let rows: Vec<&str> = boards.lines().filter(|l| l.starts_with(board)).collect();
        assert_eq!(rows.len(), 1, "{board}: {rows:?}");
        assert!(rows[0].contains(",prover over a database,"), "{}", rows[0]);
    }
    // Nothing decided is listed as open: the boards decided over a
    // database are not among the open questions.
    let open = committed
        .split("## Decided over endgame databases")
        .next()
        .expect("the page");
    for board in ["kalah pits=5 seeds=4", "kalah pits=6 seeds=3"] {
        assert!(
            !open.contains(&format!("- {board} ")),
            "{board} is listed as open"
        );
    }
}
