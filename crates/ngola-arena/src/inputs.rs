//! The files a run reads besides its own folder, named by content: every
//! network (`net=PATH`, `eval=net:PATH`) by the SHA-256 of its file, and
//! every endgame database (`tb=DIR`, `--adjudicate tablebase=DIR`,
//! `--accuracy DIR`) by its identity (SHA-256 over its levels' checksums,
//! each checked against the level's entries when the database opens).
//!
//! A fresh run writes them to `inputs.csv` (`what,path,sha256`, one row
//! per file, in the order of the experiment); a resume computes them again
//! and refuses a file whose content changed, and a merge refuses shards
//! that read different files, so that the games of one run never mix two
//! networks or two databases found at the same path.

use ngola_agents::tablebase::Databases;
use std::path::Path;

use serde::{Deserialize, Serialize};

use ngola_agents::Evaluate;

use crate::adjudicate::Adjudication;
use crate::entry::AgentKind;
use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;

/// The file of a run's inputs, in its folder.
pub const INPUTS: &str = "inputs.csv";

/// One file a run reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    /// Where the experiment names it: `agents[1].net`, `agents[0].tb`,
    /// `adjudicate.tablebase` or `accuracy`.
    pub what: String,
    /// The path, as the experiment gives it.
    pub path: String,
    /// The network file's SHA-256, or the database's identity.
    pub sha256: String,
}

/// Every file `experiment` reads besides its folder, with its content's
/// digest (databases opened into `databases`, and so checked, on the way).
pub fn inputs_of<G: Evaluate>(
    experiment: &Experiment,
    databases: &Databases,
) -> Result<Vec<Input>> {
    let mut inputs = Vec::new();
    for (i, agent) in experiment.agents.iter().enumerate() {
        let AgentKind::BuiltIn(spec) = &agent.kind else {
            continue;
        };
        if let Some(net) = spec.network() {
            let what = format!("agents[{i}].net");
            let sha256 = file_sha256(net).map_err(|e| ArenaError::field(&what, e))?;
            inputs.push(input(what, net, sha256));
        }
        if let Some(dir) = spec.tablebase() {
            let what = format!("agents[{i}].tb");
            let sha256 =
                database_id::<G>(dir, databases).map_err(|e| ArenaError::field(&what, e))?;
            inputs.push(input(what, dir, sha256));
        }
    }
    for adjudication in &experiment.adjudicate {
        if let Adjudication::Tablebase(dir) = adjudication {
            let what = "adjudicate.tablebase".to_string();
            let sha256 =
                database_id::<G>(dir, databases).map_err(|e| ArenaError::field(&what, e))?;
            inputs.push(input(what, dir, sha256));
        }
    }
    if let Some(dir) = &experiment.accuracy {
        let what = "accuracy".to_string();
        let sha256 = database_id::<G>(dir, databases).map_err(|e| ArenaError::field(&what, e))?;
        inputs.push(input(what, dir, sha256));
    }
    Ok(inputs)
}

fn input(what: String, path: &Path, sha256: String) -> Input {
    Input {
        what,
        path: path.display().to_string(),
        sha256,
    }
}

/// The SHA-256 of the file at `path`.
fn file_sha256(path: &Path) -> std::result::Result<String, String> {
    ngola_files::file_sha256(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The identity of the database in `dir`, opened for `G`.
fn database_id<G: Evaluate>(
    dir: &Path,
    databases: &Databases,
) -> std::result::Result<String, String> {
    G::open_tablebase(dir, databases)
        .map(|oracle| oracle.id().to_string())
        .map_err(|e| format!("{}: {e}", dir.display()))
}

/// Writes `inputs` to `DIR/inputs.csv`; nothing when there are none.
pub fn write(dir: &Path, inputs: &[Input]) -> Result<()> {
    if inputs.is_empty() {
        return Ok(());
    }
    let path = dir.join(INPUTS);
    let mut writer = csv::Writer::from_path(&path).map_err(|e| csv_error(&path, e))?;
    for row in inputs {
        writer.serialize(row).map_err(|e| csv_error(&path, e))?;
    }
    writer.flush().map_err(|e| ArenaError::io(&path, e))
}

/// The inputs recorded in `DIR/inputs.csv` (none if the file is not there).
pub fn read(dir: &Path) -> Result<Vec<Input>> {
    let path = dir.join(INPUTS);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let mut reader = csv::Reader::from_path(&path).map_err(|e| csv_error(&path, e))?;
    reader
        .deserialize()
        .enumerate()
        .map(|(i, row)| {
            row.map_err(|e| ArenaError::bad_file(&path, format!("line {}: {e}", i + 2)))
        })
        .collect()
}

fn csv_error(path: &Path, e: csv::Error) -> ArenaError {
    ArenaError::bad_file(path, e.to_string())
}

/// Checks the inputs of a run being resumed (`now`) against the ones its
/// folder recorded when it began; a file whose content differs is an
/// error naming it with both digests. A folder that recorded none (written
/// before inputs were recorded) gets `now`'s.
pub fn check_resumed(dir: &Path, now: &[Input]) -> Result<()> {
    let path = dir.join(INPUTS);
    if !path.exists() {
        return write(dir, now);
    }
    let recorded = read(dir)?;
    if let Some(difference) = difference(&recorded, now) {
        return Err(ArenaError::bad_file(
            &path,
            format!("{difference}: the run's games were played with the recorded one; give it back, or start a new run"),
        ));
    }
    Ok(())
}

/// Checks that a shard `dir` read the same files as the first shard
/// `first`, as their folders recorded them.
pub fn check_shard(first: &Path, dir: &Path) -> Result<()> {
    let (reference, shard) = (read(first)?, read(dir)?);
    if let Some(difference) = difference(&reference, &shard) {
        return Err(ArenaError::bad_file(
            dir,
            format!(
                "read other files than {} ({difference}); the shards of one run read the same",
                first.display()
            ),
        ));
    }
    Ok(())
}

/// The first difference between the inputs `before` and `after`, in words.
fn difference(before: &[Input], after: &[Input]) -> Option<String> {
    for (a, b) in before.iter().zip(after) {
        if a.what != b.what || a.sha256 != b.sha256 {
            return Some(format!(
                "{} `{}` has SHA-256 {} here, {} before",
                b.what, b.path, b.sha256, a.sha256
            ));
        }
    }
    match before.len().cmp(&after.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Less => Some(format!("{} is new", after[before.len()].what)),
        std::cmp::Ordering::Greater => Some(format!("{} is gone", before[after.len()].what)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(what: &str, sha256: &str) -> Input {
        Input {
            what: what.into(),
            path: "p".into(),
            sha256: sha256.into(),
        }
    }

    #[test]
    fn a_changed_digest_or_a_file_more_or_less_is_a_difference() {
        let before = [row("agents[0].net", "aa"), row("accuracy", "bb")];
        assert_eq!(difference(&before, &before), None);
        let changed = [row("agents[0].net", "cc"), row("accuracy", "bb")];
        assert_eq!(
            difference(&before, &changed).as_deref(),
            Some("agents[0].net `p` has SHA-256 cc here, aa before")
        );
        assert_eq!(
            difference(&before, &before[..1]).as_deref(),
            Some("accuracy is gone")
        );
        assert_eq!(
            difference(&before[..1], &before).as_deref(),
            Some("accuracy is new")
        );
    }
}
