//! The crates' dependency arrows are those the book's architecture page
//! states: its table is compared with every crate's `Cargo.toml`.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::repo;

/// The workspace crates named in a manifest's `[dependencies]` section.
fn workspace_dependencies(manifest: &str) -> BTreeSet<String> {
    let mut inside = false;
    let mut found = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && line.starts_with("ngola") {
            let name: String = line
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            found.insert(name);
        }
    }
    found
}

/// The table of docs/src/architecture.md: crate -> its dependencies.
fn documented() -> BTreeMap<String, BTreeSet<String>> {
    let page = std::fs::read_to_string(repo().join("docs/src/architecture.md"))
        .expect("the architecture page");
    let names = |cell: &str| -> BTreeSet<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    page.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            match cells[..] {
                ["", krate, deps, ""] if krate.starts_with("`ngola") => {
                    let krate = names(krate).into_iter().next()?;
                    Some((krate, names(deps)))
                }
                _ => None,
            }
        })
        .collect()
}

#[test]
fn the_dependency_table_is_every_crate_s_manifest() {
    let table = documented();
    let mut actual = BTreeMap::new();
    for entry in std::fs::read_dir(repo().join("crates")).expect("crates/") {
        let dir = entry.expect("a crate folder").path();
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("a manifest");
        let name = dir
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        actual.insert(name, workspace_dependencies(&manifest));
    }
    assert!(table.len() >= 9, "the table was not found: {table:?}");
    assert_eq!(
        table, actual,
        "docs/src/architecture.md against crates/*/Cargo.toml"
    );
}

#[test]
fn the_drawings_and_the_rules_stand_on_nothing_above_them() {
    let table = documented();
    assert_eq!(table["ngola-rules"], BTreeSet::new());
    assert_eq!(
        table["ngola-viz"],
        BTreeSet::from(["ngola-rules".to_string()])
    );
    assert!(!table["ngola-learn"].contains("ngola-arena"));
}
