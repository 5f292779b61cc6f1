//! Merging the folders of shards into one run.

use std::path::{Path, PathBuf};

use ngola_rules::Game;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::kept::Row;
use crate::openings::OpeningPlan;
use crate::provenance::Provenance;
use crate::schedule::Schedule;

use super::{
    checked_rows, complete, files, folder_experiment, holds_run, write_experiment, Ending, Report,
};

/// Merges the folders of shards (or any folders whose games together make
/// one run, each game exactly once) into `out`, and summarises the whole.
/// Every row is checked against the schedule and by replaying its moves.
/// `G` is the game of the first folder's experiment.
pub fn merge<G: Game>(dirs: &[PathBuf], out: &Path) -> Result<Report> {
    let Some(first) = dirs.first() else {
        return Err(ArenaError::field(
            "folders",
            "give at least one folder to merge",
        ));
    };
    let mut reference = folder_experiment(first)?;
    let rules = reference.resolve::<G>()?;
    let plan = OpeningPlan::new(&reference, &G::start(rules))?;
    let schedule = Schedule::new(&reference);
    let mut owner: Vec<Option<u32>> = vec![None; schedule.games() as usize];
    let mut records = Vec::new();
    let mut started = Vec::new();
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
        let (found, _) = checked_rows(dir, &experiment, &schedule, &plan)?;
        for r in found.records {
            let slot = &mut owner[r.game as usize];
            if let Some(other) = *slot {
                return Err(ArenaError::bad_file(
                    dir,
                    format!(
                        "game {} is also in {}",
                        r.game,
                        dirs[other as usize].display()
                    ),
                ));
            }
            *slot = Some(k as u32);
            records.push(r);
        }
        started.push(Provenance::read(&dir.join(files::EXPERIMENT)));
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
                schedule.games(),
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
    let provenance = Provenance::now(rayon::current_num_threads());
    write_experiment(out, &merged, &provenance)?;
    let rows = records.iter().map(Row::read).collect();
    let mut lines = String::new();
    for (dir, run) in dirs.iter().zip(&started) {
        lines += &run.summary_lines(&format!("shard {}", dir.display()));
    }
    lines += &provenance.summary_lines("merged");
    let ending = Ending {
        expected: schedule.games() as usize,
        pairs: schedule.pairs() as usize,
        note: plan.note(),
        provenance: &lines,
    };
    complete(&merged, out, rows, true, &ending)
}
