//! Merging the folders of shards into one run.

use std::path::{Path, PathBuf};

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::kept::Row;
use crate::record::read_games;
use crate::schedule::schedule;

use super::{check_rows, complete, files, folder_experiment, holds_run, write_experiment, Report};

/// Merges the folders of shards (or any folders whose games together make
/// one run, each game exactly once) into `out`, and summarises the whole.
pub fn merge(dirs: &[PathBuf], out: &Path) -> Result<Report> {
    let Some(first) = dirs.first() else {
        return Err(ArenaError::field(
            "folders",
            "give at least one folder to merge",
        ));
    };
    let reference = folder_experiment(first)?;
    let all = schedule(&reference);
    let mut owner: Vec<Option<usize>> = vec![None; all.len()];
    let mut records = Vec::with_capacity(all.len());
    for (k, dir) in dirs.iter().enumerate() {
        let experiment = folder_experiment(dir)?;
        let differences = reference.identity_differences(&experiment);
        if !differences.is_empty() {
            return Err(ArenaError::bad_file(
                dir,
                format!(
                    "is not the same experiment as {} (differs in {})",
                    first.display(),
                    differences.join(", ")
                ),
            ));
        }
        let path = dir.join(files::GAMES);
        let rows = read_games(&path)?.records;
        check_rows(&path, &experiment, &all, &rows)?;
        for r in rows {
            let slot = &mut owner[r.game as usize];
            if let Some(other) = *slot {
                return Err(ArenaError::bad_file(
                    dir,
                    format!("game {} is also in {}", r.game, dirs[other].display()),
                ));
            }
            *slot = Some(k);
            records.push(r);
        }
    }
    let missing: Vec<u64> = owner
        .iter()
        .enumerate()
        .filter(|(_, o)| o.is_none())
        .map(|(id, _)| id as u64)
        .collect();
    if !missing.is_empty() && reference.sprt.is_none() {
        let shown: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
        return Err(ArenaError::field(
            "folders",
            format!(
                "{} of {} games are missing (games {}{}); resume the shards that hold them",
                missing.len(),
                all.len(),
                shown.join(", "),
                if missing.len() > 10 { ", ..." } else { "" }
            ),
        ));
    }
    if holds_run(out) {
        return Err(ArenaError::bad_file(
            out,
            "already holds a run; choose another --out",
        ));
    }
    std::fs::create_dir_all(out).map_err(|e| ArenaError::io(out, e))?;
    let merged = Experiment {
        shard: None,
        out: None,
        ..reference
    };
    write_experiment(out, &merged)?;
    let rows = records
        .iter()
        .map(|record| Row { record, line: None })
        .collect();
    complete(&merged, out, rows, true, all.len(), all.len() / 2)
}
