//! Merging the folders of shards into one run.
//!
//! The merged run is written into a temporary folder next to the output
//! (`.NAME.merging`) and renamed into place only when it is whole, so a
//! merge that fails or is killed never leaves a half-written folder under
//! the output's name, and an earlier merge being replaced (`--replace`)
//! stays in place until the new one is complete. The output folder is
//! locked ([`FolderLock`]) from start to end.

use std::path::{Path, PathBuf};

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::lock::{FolderLock, LOCK_FILE};
use crate::openings::OpeningPlan;
use crate::provenance::Provenance;

use super::{
    checked_rows,
    complete::{complete_from, count_rows, Ending},
    files, folder_experiment, holds_run, write_experiment, Report,
};

/// What [`merge`] does when its output folder already holds a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IfExists {
    /// Refuse (bad input): choose another output folder.
    #[default]
    Refuse,
    /// Replace it if it holds a run of the same experiment (an earlier
    /// merge), once the new merge is complete; refuse anything else.
    Replace,
}

/// Merges the folders of shards (or any folders whose games together make
/// one run, each game exactly once) into `out`, and summarises the whole.
/// Every row is checked against the schedule and by replaying its moves;
/// `G` is the game of the first folder's experiment.
///
/// `out` must be new, empty, or (with [`IfExists::Replace`]) hold a run of
/// the same experiment. The merge is built in a temporary folder beside
/// `out` and renamed into place at the end; the folder `out` held before
/// is removed only after that. `commit` is the git commit of the calling
/// program's build (for the merged folder's provenance).
pub fn merge<G: ngola_agents::Evaluate>(
    dirs: &[PathBuf],
    out: &Path,
    if_exists: IfExists,
    commit: &str,
) -> Result<Report> {
    merge_observed::<G>(dirs, out, if_exists, commit, &Unobserved)
}

/// Told where a merge has got to (the program lets a test stop a merge at
/// a known point through it).
pub trait MergeObserver {
    /// The merged run is being built in `dir`, beside the output (its
    /// experiment is written there); a kill from here on leaves the output
    /// as it was.
    fn building(&self, dir: &Path);
}

/// A merge nobody watches.
struct Unobserved;

impl MergeObserver for Unobserved {
    fn building(&self, _dir: &Path) {}
}

/// [`merge`], telling `observer` where it has got to.
pub fn merge_observed<G: ngola_agents::Evaluate>(
    dirs: &[PathBuf],
    out: &Path,
    if_exists: IfExists,
    commit: &str,
    observer: &dyn MergeObserver,
) -> Result<Report> {
    let Some(first) = dirs.first() else {
        return Err(ArenaError::field(
            "folders",
            "give at least one folder to merge",
        ));
    };
    let (parent, name) = beside(out)?;
    let created = !out.exists();
    std::fs::create_dir_all(out).map_err(|e| ArenaError::io(out, e))?;
    let result = FolderLock::acquire(out)
        .map_err(ArenaError::from)
        .and_then(|lock| {
            merge_locked::<G>(
                dirs,
                first,
                out,
                (&parent, &name),
                (if_exists, commit, observer),
                lock,
            )
        });
    if result.is_err() && created {
        // Leave no folder behind (only removed if it is still empty).
        let _ = std::fs::remove_dir(out);
    }
    result
}

/// The folder `out` is in, and its name.
fn beside(out: &Path) -> Result<(PathBuf, String)> {
    let name = out
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| !n.is_empty() && *n != "." && *n != "..")
        .ok_or_else(|| {
            ArenaError::bad_file(
                out,
                "name a new folder for the merged run (e.g. runs/merged)",
            )
        })?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((parent, name.to_string()))
}

/// Checks that `out` (locked) may receive the merge of `reference`.
fn check_out(out: &Path, reference: &Experiment, if_exists: IfExists) -> Result<()> {
    if holds_run(out) {
        if if_exists == IfExists::Refuse {
            return Err(ArenaError::bad_file(
                out,
                "already holds a run; choose another --out, or give --replace to replace \
                 an earlier merge of the same experiment",
            ));
        }
        let old = folder_experiment(out)?;
        if let Some(shard) = old.shard {
            return Err(ArenaError::bad_file(
                out,
                format!("holds shard {shard} of a run, not a merge; will not replace it"),
            ));
        }
        let differences = reference.identity_differences(&old);
        if !differences.is_empty() {
            return Err(ArenaError::bad_file(
                out,
                format!(
                    "holds another experiment (differs in {}); will not replace it",
                    differences.join(", ")
                ),
            ));
        }
        return Ok(());
    }
    let entries = std::fs::read_dir(out).map_err(|e| ArenaError::io(out, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| ArenaError::io(out, e))?;
        if entry.file_name() != LOCK_FILE {
            return Err(ArenaError::bad_file(
                out,
                format!(
                    "is not empty ({} is there) and holds no run; merge into a new or empty folder",
                    entry.file_name().to_string_lossy()
                ),
            ));
        }
    }
    Ok(())
}

fn merge_locked<G: ngola_agents::Evaluate>(
    dirs: &[PathBuf],
    first: &Path,
    out: &Path,
    (parent, name): (&Path, &str),
    (if_exists, commit, observer): (IfExists, &str, &dyn MergeObserver),
    mut out_lock: FolderLock,
) -> Result<Report> {
    let mut reference = folder_experiment(first)?;
    check_out(out, &reference, if_exists)?;
    let rules = reference.resolve::<G>()?;
    let plan = OpeningPlan::new(&reference, &G::start(rules))?;
    let schedule = reference.schedule();
    let mut owner: Vec<Option<u32>> = vec![None; schedule.games() as usize];
    let mut records = Vec::new();
    let mut started = Vec::new();
    // The shards' databases (adjudication, accuracy), opened once for all.
    let databases = ngola_agents::tablebase::Databases::default();
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
        crate::inputs::check_shard(first, dir)?;
        let (found, _) = checked_rows(dir, &experiment, &schedule, &plan, &databases)?;
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
    let merged = Experiment {
        shard: None,
        out: None,
        ..reference
    };
    let provenance = Provenance::now(rayon::current_num_threads(), commit);
    let mut lines = String::new();
    for (dir, run) in dirs.iter().zip(&started) {
        lines += &run.summary_lines(&format!("shard {}", dir.display()));
    }
    lines += &provenance.summary_lines("merged");
    let measure = crate::accuracy::measurer::<G>(&merged, plan.start(), &databases)?;
    let ending = Ending {
        expected: schedule.games() as usize,
        note: plan.note(),
        provenance: &lines,
        accuracy: measure.as_deref(),
        uncapped: super::complete::uncapped_note(&merged, plan.start()),
    };

    // Built beside `out`, under a name only the holder of `out`'s lock
    // uses: a folder left there by a killed merge is removed first.
    let tmp = parent.join(format!(".{name}.merging"));
    if tmp.exists() {
        // Locked: another merge into `out` is moving it into place.
        drop(FolderLock::acquire(&tmp)?);
        std::fs::remove_dir_all(&tmp).map_err(|e| ArenaError::io(&tmp, e))?;
    }
    std::fs::create_dir(&tmp).map_err(|e| ArenaError::io(&tmp, e))?;
    let mut tmp_lock = FolderLock::acquire(&tmp)?;
    let built = write_experiment(&tmp, &merged, &provenance)
        .and_then(|()| crate::inputs::write(&tmp, &crate::inputs::read(first)?))
        .and_then(|()| {
            observer.building(&tmp);
            let shard_files = shard_sources(dirs, &tmp)?;
            let sources: Vec<&Path> = shard_files.iter().map(PathBuf::as_path).collect();
            let counting = count_rows(&merged, &schedule, &tmp, &records)?;
            drop(records);
            let report = complete_from(&merged, &tmp, counting, (true, &sources), &ending);
            for file in shard_files.iter().filter(|f| f.starts_with(&tmp)) {
                let _ = std::fs::remove_file(file);
            }
            report
        });
    let mut report = match built {
        Ok(report) => report,
        Err(e) => {
            drop(tmp_lock);
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(e);
        }
    };

    // Into place: the new run and `out` (an earlier merge, or the empty
    // folder holding the lock) swap names, then the old one is removed.
    let old = swap_into_place(&tmp, out, &mut tmp_lock, &mut out_lock)?;
    drop(out_lock);
    // The merge is in place: a failure to remove the old folder leaves a
    // hidden folder behind but loses nothing.
    let _ = std::fs::remove_dir_all(old);
    report.dir = out.to_path_buf();
    Ok(report)
}

/// Gives the finished run in `tmp` the name `out` and the folder `out`
/// the name `tmp`: in one step where the system can (Linux), else by two
/// renames (`out` aside, `tmp` into place), putting `out` back if the
/// second fails. Either way the earlier folder exists until the new one
/// is in place. The locks follow their folders. Returns where the
/// earlier folder now is.
fn swap_into_place(
    tmp: &Path,
    out: &Path,
    tmp_lock: &mut FolderLock,
    out_lock: &mut FolderLock,
) -> Result<PathBuf> {
    let failed = |e: std::io::Error, what: String| {
        ArenaError::io(out, std::io::Error::new(e.kind(), format!("{what}: {e}")))
    };
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        use rustix::io::Errno;
        match renameat_with(CWD, tmp, CWD, out, RenameFlags::EXCHANGE) {
            Ok(()) => {
                tmp_lock.moved_to(out);
                out_lock.moved_to(tmp);
                return Ok(tmp.to_path_buf());
            }
            // Not supported here (old kernel, some network file systems):
            // two renames below.
            Err(e) if [Errno::INVAL, Errno::NOSYS, Errno::NOTSUP].contains(&e) => {}
            Err(e) => {
                return Err(failed(
                    e.into(),
                    format!(
                        "cannot move the merged run from {} into place",
                        tmp.display()
                    ),
                ))
            }
        }
    }
    let aside = tmp.with_extension(format!("replaced-{}", std::process::id()));
    std::fs::rename(out, &aside).map_err(|e| {
        failed(
            e,
            format!("cannot move aside for the merged run in {}", tmp.display()),
        )
    })?;
    out_lock.moved_to(&aside);
    if let Err(e) = std::fs::rename(tmp, out) {
        let restored = std::fs::rename(&aside, out).is_ok();
        if restored {
            out_lock.moved_to(out);
        }
        let mut what = format!(
            "cannot move the merged run from {} into place",
            tmp.display()
        );
        if !restored {
            what += &format!(" (the folder that was there is now {})", aside.display());
        }
        return Err(failed(e, what));
    }
    tmp_lock.moved_to(out);
    Ok(aside)
}

/// The rows file of each shard folder: its `games.csv`, or for an archived
/// shard its `games.csv.gz` decompressed into the merge's folder `tmp`
/// (the caller removes those copies).
fn shard_sources(dirs: &[PathBuf], tmp: &Path) -> Result<Vec<PathBuf>> {
    dirs.iter()
        .enumerate()
        .map(|(k, dir)| {
            if !crate::record::is_archived(dir) {
                return Ok(dir.join(files::GAMES));
            }
            let copy = tmp.join(format!("shard-{k}.{}", files::GAMES));
            crate::record::decompress(&dir.join(files::GAMES_ARCHIVE), &copy)?;
            Ok(copy)
        })
        .collect()
}
