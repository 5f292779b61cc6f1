//! `ngola study` and `ngola report` as a user runs them: a study plays its
//! cells into run folders, running it again plays nothing, a shard plays
//! its own cells, the report is written, and bad input exits 2 naming
//! the field.

use crate::common;

use common::{ngola_in, refused, repo, scratch, stderr, succeed};

const STUDY: &str = r#"
name = "tiny"
[base]
game = "umelbagara"
agent = "random"
games = 2
threads = 1
[[axis]]
key = "seed"
values = [1, 2, 3]
"#;

#[test]
fn a_study_plays_its_cells_once_and_reports_them() {
    let dir = scratch("study");
    let file = dir.join("tiny.toml");
    std::fs::write(&file, STUDY).expect("write");
    let out = dir.join("out");
    let (file, out_text) = (file.to_string_lossy(), out.to_string_lossy());
    // Shard 2 of 2 plays the second cell only.
    let shard = succeed(&["study", &file, "--out", &out_text, "--shard", "2/2"]);
    assert!(shard.contains("cell 1/1 2: 2 games played"), "{shard}");
    assert!(!out.join("runs/1").exists() && out.join("runs/2/games.csv").exists());
    let first = succeed(&["study", &file, "--out", &out_text]);
    assert!(first.contains("cell 1/3 1: 2 games played"), "{first}");
    assert!(first.contains("cell 2/3 2: complete"), "{first}");
    let again = succeed(&["study", &file, "--out", &out_text]);
    assert_eq!(again.matches(": complete").count(), 3, "{again}");
    let list = succeed(&["study", &file, "--out", &out_text, "--list"]);
    assert_eq!(list.lines().count(), 3);
    succeed(&["report", &out_text, "--no-solved"]);
    let report = std::fs::read_to_string(out.join("REPORT.md")).expect("REPORT.md");
    assert!(report.contains("# Study: tiny"), "{report}");
    assert!(report.contains("- **3** (2 x 5 Um el-Bagara, 5 counters a house, random self-play)"));
    let measures = std::fs::read_to_string(out.join("measures.csv")).expect("measures.csv");
    assert_eq!(measures.lines().count(), 4, "{measures}");
    succeed(&["report", &out_text, "--tables"]);
    assert_eq!(
        std::fs::read_to_string(out.join("REPORT.md")).expect("REPORT.md"),
        report
    );
}

#[test]
fn bad_studies_exit_2_naming_the_field() {
    let dir = scratch("bad-study");
    let file = dir.join("bad.toml");
    std::fs::write(&file, "[base]\ngame = \"umelbagara\"\ngamez = 2\n").expect("write");
    refused(
        &["study", &file.to_string_lossy()],
        &["unknown field `gamez`"],
    );
    refused(
        &["study", &dir.join("none.toml").to_string_lossy()],
        &["none.toml"],
    );
    std::fs::write(&file, STUDY).expect("write");
    refused(
        &["study", &file.to_string_lossy(), "--shard", "3/2"],
        &["shard"],
    );
    refused(
        &["report", &dir.join("nothing").to_string_lossy()],
        &["nothing"],
    );
}

#[test]
fn the_report_finds_the_exact_results_beside_the_study_or_says_what_it_misses() {
    let root = scratch("report-folders");
    let file = root.join("tiny.toml");
    std::fs::write(&file, STUDY).expect("write");
    let study = root.join("results/tiny");
    let study_text = study.to_string_lossy().into_owned();
    succeed(&["study", &file.to_string_lossy(), "--out", &study_text, "-q"]);
    // A folder given that does not exist is an error naming the flag.
    refused(
        &["report", &study_text, "--solved", "/nonexistent/typo"],
        &["--solved /nonexistent/typo: no such folder"],
    );
    // Nothing here and nothing beside the study: said on stderr.
    let elsewhere = scratch("report-elsewhere");
    let out = ngola_in(&elsewhere, &["report", &study_text]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains("no results/solved here or beside") && said.contains("--solved DIR"),
        "{said}"
    );
    // The repository's results copied beside the study: found from anywhere.
    std::fs::create_dir_all(root.join("results/solved")).expect("folder");
    std::fs::copy(
        repo().join("results/solved/boards.csv"),
        root.join("results/solved/boards.csv"),
    )
    .expect("copy");
    let out = ngola_in(&elsewhere, &["report", &study_text]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        !stderr(&out).contains("no results/solved"),
        "{}",
        stderr(&out)
    );
    // A hand-edited claim its certificate does not prove: refused, naming
    // the line and what the certificate proves.
    let certificates = root.join("results/solved/certificates");
    std::fs::create_dir_all(&certificates).expect("folder");
    std::fs::copy(
        repo().join("results/solved/certificates/kalah-2-3.txt.gz"),
        certificates.join("kalah-2-3.txt.gz"),
    )
    .expect("copy");
    let table = std::fs::read_to_string(root.join("results/solved/boards.csv")).expect("read");
    let edited = table.replace(
        "kalah,pits=2 seeds=3 empty_capture=true max_plies=0,loss,-2,",
        "kalah,pits=2 seeds=3 empty_capture=true max_plies=0,loss,-99,",
    );
    assert_ne!(edited, table, "the row of 2 x 3 Kalah");
    std::fs::write(root.join("results/solved/boards.csv"), edited).expect("write");
    refused(
        &["report", &study_text],
        &[
            "boards.csv",
            "kalah-2-3.txt.gz` proves another claim: a margin of at least 2, the row says 99",
        ],
    );
}
