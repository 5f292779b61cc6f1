//! Every fuzz target's check over its seed inputs (made by `fuzz/seeds.py`
//! from the repository's data) and the inputs of `fuzz/regressions/`, as
//! an ordinary test: what the fuzz campaign starts from passes on every
//! test run, without the instrumented build.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;

use ngola_fuzz::targets::ALL;

/// The seed inputs of every target, written by `fuzz/seeds.py` into a
/// fresh folder.
fn seeds() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("seeds-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let made = Command::new(&python)
        .arg(root.join("seeds.py"))
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("fuzz/seeds.py needs `{python}`: {e}"));
    assert!(
        made.status.success(),
        "fuzz/seeds.py failed: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    eprintln!(
        "seed inputs: {}",
        String::from_utf8_lossy(&made.stdout).trim()
    );
    out
}

/// The files of `dir`, in name order.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.is_file())
        .collect();
    found.sort();
    found
}

#[test]
fn every_target_passes_on_its_seeds_and_regressions() {
    let seeds = seeds();
    let mut failed = Vec::new();
    for (target, check) in ALL {
        let inputs = files(&seeds.join(target));
        // seeds.py copies fuzz/regressions/TARGET/ among the seeds; a target
        // with no seed at all would make this test pass without checking.
        assert!(!inputs.is_empty(), "no seed input for `{target}`");
        for input in &inputs {
            let data = std::fs::read(input).expect("a seed reads");
            if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
                failed.push(format!("{target}: {}", input.display()));
            }
        }
        eprintln!("{target}: {} inputs", inputs.len());
    }
    assert!(failed.is_empty(), "failing inputs:\n{}", failed.join("\n"));
    std::fs::remove_dir_all(seeds).unwrap();
}

#[test]
fn every_target_of_the_manifest_has_a_check() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .expect("fuzz/Cargo.toml reads");
    let bins: Vec<&str> = manifest
        .split("[[bin]]")
        .skip(1)
        .filter_map(|bin| bin.lines().find_map(|l| l.strip_prefix("name = ")))
        .map(|name| name.trim_matches('"'))
        .collect();
    let checks: Vec<&str> = ALL.iter().map(|(name, _)| *name).collect();
    assert_eq!(bins, checks);
}
