//! What the tests share: scratch folders and small databases.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use ngola_rules::{Game, RuleOptions};
use ngola_tablebase::{build, Database, Endgame, Quiet};

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ngola-tb-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The rules from `key=value` texts.
pub fn rules<G: Game>(assignments: &[&str]) -> G::Rules {
    G::Rules::from_assignments(assignments).unwrap_or_else(|e| panic!("{e}"))
}

/// A database of `endgame` up to `seeds`, built in a scratch folder.
pub fn database<E: Endgame>(endgame: &E, seeds: usize, name: &str) -> Database<E> {
    let dir = scratch(name);
    build(endgame, seeds, &dir, &Quiet, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"));
    Database::open(&dir, endgame).unwrap_or_else(|e| panic!("{e}"))
}
