//! What the tests share: scratch folders and small databases.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use ngola_rules::{Game, RuleOptions};
use ngola_tablebase::{build, Database, Endgame, Quiet};

/// A fresh scratch folder for one test, named after the calling test
/// module's file (the modules share one test binary, and so one process).
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let module = std::path::Path::new(std::panic::Location::caller().file())
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = std::env::temp_dir().join(format!(
        "ngola-tb-test-{}-{module}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The rules from `key=value` texts.
pub fn rules<G: Game>(assignments: &[&str]) -> G::Rules {
    G::Rules::from_assignments(assignments).unwrap_or_else(|e| panic!("{e}"))
}

/// A database of `endgame` up to `seeds`, built in a scratch folder.
#[track_caller]
pub fn database<E: Endgame>(endgame: &E, seeds: usize, name: &str) -> Database<E> {
    let dir = scratch(name);
    build(endgame, seeds, &dir, &Quiet, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"));
    Database::open(&dir, endgame).unwrap_or_else(|e| panic!("{e}"))
}
