//! `ngola tablebase`: a build killed with SIGKILL resumes to the same
//! bytes as one never stopped; a database of other rules is refused; a
//! probe agrees with `ngola solve`; `verify` finds one changed entry.

use crate::common;
use common::args;

use std::path::Path;
use std::process::Stdio;

use common::{ngola, ngola_command, refused, scratch, spawn_paused, stderr, stdout, succeed};

/// Kalah with 5 pits and no ply cap, to 15 seeds: 16 levels, about a
/// second and a half on one thread, the top levels the slowest.
const BUILD: [&str; 8] = [
    "tablebase",
    "build",
    "kalah",
    "--rule",
    "pits=5",
    "--seeds",
    "15",
    "--threads=1",
];

fn build_args(dir: &str) -> Vec<&str> {
    let mut args = BUILD.to_vec();
    args.extend(["-o", dir]);
    args
}

/// Every file of `dir`, by name, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("the database folder")
        .map(|e| {
            let path = e.expect("an entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read(&path).expect("a file"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_build_killed_part_way_resumes_to_the_same_bytes() {
    let root = scratch("killed");
    let whole = root.join("whole");
    succeed(&build_args(whole.to_str().unwrap()));

    let killed = root.join("killed");
    // Stopped once a middle level is on disk, before the top one is.
    let mut first = spawn_paused(
        ngola_command()
            .args(build_args(killed.to_str().unwrap()))
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
        11,
    );
    // While it holds the folder, a second build of it is refused at once
    // (exit 2, naming the holder) and removes nothing of the first's.
    let before = files(&killed);
    let second = ngola(&build_args(killed.to_str().unwrap()));
    assert_eq!(second.status.code(), Some(2), "{}", stderr(&second));
    assert!(
        stderr(&second).contains(&format!("another process (pid {})", first.id())),
        "{}",
        stderr(&second)
    );
    assert_eq!(
        files(&killed),
        before,
        "the second build touched the folder"
    );
    // Then killed (-9): the lock ends with it.
    first.kill().expect("SIGKILL");
    let _ = first.wait();
    assert!(
        !killed.join("level-015.tb").exists(),
        "the build finished before it was killed: the test proves nothing"
    );

    let resumed = succeed(&build_args(killed.to_str().unwrap()));
    // "... kept K solved S ...": levels found finished, levels built now.
    let count = |word: &str| -> u32 {
        let mut words = resumed.split_whitespace();
        words.find(|w| *w == word);
        words.next().and_then(|n| n.parse().ok()).unwrap_or(0)
    };
    assert!(count("kept") > 0, "no level was kept: {resumed}");
    assert!(count("solved") > 0, "nothing was left to build: {resumed}");
    assert_eq!(
        files(&killed),
        files(&whole),
        "the resumed database differs"
    );
    succeed(&["tablebase", "verify", killed.to_str().unwrap()]);
}

#[test]
fn other_rules_probes_and_a_changed_entry() {
    let root = scratch("rules");
    let db = root.join("db");
    let dir = db.to_str().unwrap();
    succeed(&build_args(dir));

    // Another rule set into the same folder: refused, naming both.
    let mut other = build_args(dir);
    other.extend(["--rule", "empty_capture=true"]);
    refused(&other, &["empty_capture=false", "empty_capture=true"]);

    // The probe's value is the solver's, on a position inside the database.
    let position = "kalah 1,1,1,1,1/1,1,1,1,1 S 0 0,0";
    let probe = succeed(&["tablebase", "probe", dir, position]);
    let solve = succeed(&args![
        "solve kalah --rule pits=5 --rule max_plies=0 --position",
        position
    ]);
    let value = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("value "))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no value line in {text}"))
    };
    assert_eq!(
        value(&probe),
        value(&solve),
        "probe:\n{probe}\nsolve:\n{solve}"
    );

    // One entry changed in the middle of a level: verify refuses it.
    let level = db.join("level-009.tb");
    let mut bytes = std::fs::read(&level).expect("level 9");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x01;
    std::fs::write(&level, bytes).expect("level 9 written");
    let out = ngola(&["tablebase", "verify", dir]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = stdout(&out);
    assert!(report.contains("checksums bad at levels [9]"), "{report}");
    assert!(report.contains("failure level 9 "), "{report}");
    // Every other use refuses the damaged level, naming it: the probe and
    // an agent searching over the database.
    refused(
        &["tablebase", "probe", dir, position],
        &["level-009.tb", "sha256", "damaged"],
    );
    let agent = format!("alphabeta:depth=2,tb={dir}");
    let run = root.join("run");
    refused(
        &args![
            "tournament --game kalah --rule pits=5 --rule max_plies=0 --agent",
            agent,
            "--agent random --games 2 -q --out",
            run
        ],
        &["level-009.tb", "sha256", "damaged"],
    );
}

#[test]
fn a_missing_middle_level_is_an_error_everywhere() {
    let dir = scratch("gap");
    let db = dir.join("db");
    let db_text = db.to_str().unwrap();
    succeed(&args![
        "tablebase build kalah --rule pits=3 --seeds 6 --threads=1 -o",
        db_text
    ]);
    std::fs::remove_file(db.join("level-003.tb")).unwrap();
    let position = "kalah 1,1,0/1,1,0 S 10 10,10";
    for command in [
        args!["tablebase verify", db_text],
        args!["tablebase info", db_text],
        args!["tablebase probe", db_text, position],
    ] {
        let out = ngola(&command);
        let err = stderr(&out);
        assert!(
            !out.status.success(),
            "{command:?} passed: {}",
            stdout(&out)
        );
        assert!(
            err.contains("level-003.tb") && err.contains("level-006.tb above it"),
            "{command:?}: {err}"
        );
    }
}
