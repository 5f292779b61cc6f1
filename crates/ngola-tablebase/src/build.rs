//! Building a database level by level, resumable.
//!
//! Level `k` needs only levels `0..k`, so a build writes level 0, 1, ...
//! in turn, each atomically (see [`crate::file`]). On start it keeps every
//! finished level already in the folder whose header and checksum are
//! right and continues from the first one missing; a level that fails its
//! checksum is rebuilt, with every level above it. The files are a
//! function of the game, the rules and the level only (no dates, no thread
//! count), so a build killed and resumed writes the same bytes as one run
//! straight through.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::db::{check_header, expected_header};
use crate::error::TablebaseError;
use crate::file::{level_path, read_header, sha256_hex, write_level, LevelFile};
use crate::games::{Endgame, Semantics};
use crate::index::Arrangements;
use crate::level::{level_bytes, LevelView};
use crate::solve::{acyclic, cyclic, work_units, LevelJob};

/// What one level takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelPlan {
    /// Seeds on the board.
    pub level: usize,
    /// Entries (arrangements times slices).
    pub entries: u64,
    /// Bytes of its file.
    pub file_bytes: u64,
    /// Peak memory while it is solved (not counting the page cache that
    /// the lower levels' mapped files use).
    pub memory_bytes: u64,
}

/// What a build takes, stated before it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Every level, 0 to the top.
    pub levels: Vec<LevelPlan>,
}

impl Plan {
    /// Disk for every level file.
    pub fn disk_bytes(&self) -> u64 {
        self.levels.iter().map(|l| l.file_bytes).sum()
    }

    /// Peak memory over the levels.
    pub fn memory_bytes(&self) -> u64 {
        self.levels
            .iter()
            .map(|l| l.memory_bytes)
            .max()
            .unwrap_or(0)
    }

    /// Entries over the levels.
    pub fn entries(&self) -> u64 {
        self.levels.iter().map(|l| l.entries).sum()
    }
}

/// The plan of a database of `endgame` up to `seeds` seeds on the board.
pub fn plan<E: Endgame>(endgame: &E, seeds: usize) -> Result<Plan, TablebaseError> {
    let mut levels = Vec::with_capacity(seeds + 1);
    let width = crate::db::entry_width(endgame.semantics()) as u64;
    // Moves within a level at most: one per house of the mover, plus one
    // (Um el-Bagara's middle house sows both ways).
    let most_moves = endgame.holes() as u64 / 2 + 1;
    for level in 0..=seeds {
        let n = Arrangements::new(endgame.holes(), level)?.count();
        let slices = endgame.slices(level);
        let data = level_bytes(n, slices, 1) * width;
        let memory = match endgame.semantics() {
            // The entries as atomic bytes, written out in place.
            Semantics::Acyclic => n,
            // The graph, a slice group's work arrays, and the level itself.
            _ => n * (cyclic::BYTES_PER_POSITION + 4 * most_moves) + data,
        };
        levels.push(LevelPlan {
            level,
            entries: n * slices as u64,
            file_bytes: crate::file::HEADER_BYTES as u64 + data,
            memory_bytes: memory,
        });
    }
    Ok(Plan { levels })
}

/// What a build reports as it goes.
pub trait BuildMonitor: Sync {
    /// A level was found finished in the folder and kept.
    fn kept(&self, level: usize);
    /// A level's file was damaged or partial and is rebuilt.
    fn discarded(&self, path: &Path, reason: &str);
    /// Solving `level` starts: `units` of work (see [`BuildMonitor::advance`]).
    fn level_started(&self, level: usize, units: u64);
    /// `units` more of the current level are done (from any thread).
    fn advance(&self, units: u64);
    /// `level` is written.
    fn level_finished(&self, level: usize, entries: u64, seconds: f64, path: &Path);
}

/// A monitor that reports nothing.
pub struct Quiet;

impl BuildMonitor for Quiet {
    fn kept(&self, _: usize) {}
    fn discarded(&self, _: &Path, _: &str) {}
    fn level_started(&self, _: usize, _: u64) {}
    fn advance(&self, _: u64) {}
    fn level_finished(&self, _: usize, _: u64, _: f64, _: &Path) {}
}

/// What a finished build did.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildReport {
    /// Levels found finished and kept.
    pub kept: Vec<usize>,
    /// Levels solved, with their seconds.
    pub solved: Vec<(usize, f64)>,
}

/// Builds (or resumes) the database of `endgame` up to `seeds` in `dir`,
/// on the current rayon pool. `stop` stops it between chunks of work
/// ([`TablebaseError::Stopped`]; finished levels stay). The folder is
/// locked while it builds: a second build of the same folder fails at
/// once ([`TablebaseError::Lock`]) instead of removing the first's files.
pub fn build<E: Endgame>(
    endgame: &E,
    seeds: usize,
    dir: &Path,
    monitor: &dyn BuildMonitor,
    stop: &AtomicBool,
) -> Result<BuildReport, TablebaseError> {
    std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
    let _lock = ngola_files::FolderLock::acquire(dir)?;
    remove_partial(dir, monitor)?;
    // A database of more levels than asked: building would leave levels
    // above the ones it checks, and a report that counts the fewer.
    let present = crate::db::level_paths(dir)?.len();
    if present > seeds + 1 {
        return Err(TablebaseError::MoreLevels {
            dir: dir.to_path_buf(),
            top: present - 1,
            seeds,
        });
    }
    let mut files: Vec<LevelFile> = Vec::new();
    let mut report = BuildReport {
        kept: Vec::new(),
        solved: Vec::new(),
    };
    // Keep the finished levels from the bottom up.
    for level in 0..=seeds {
        let path = level_path(dir, level);
        if !path.exists() {
            break;
        }
        let want = expected_header(endgame, level)?;
        // Another game's or rules' database is never overwritten.
        check_header(&read_header(&path)?, &want, &path)?;
        match LevelFile::open(&path) {
            Ok(file) if file.checksum_ok() => {
                monitor.kept(level);
                report.kept.push(level);
                files.push(file);
            }
            Ok(_) => {
                discard_from(dir, level, "its checksum does not match", monitor)?;
                break;
            }
            Err(e) => {
                discard_from(dir, level, &e.to_string(), monitor)?;
                break;
            }
        }
    }
    for level in files.len()..=seeds {
        let started = Instant::now();
        monitor.level_started(level, work_units(endgame, level)?);
        let views: Vec<LevelView<'_>> = files
            .iter()
            .enumerate()
            .map(|(l, f)| LevelView {
                level: l,
                arrangements: f.header.arrangements,
                slices: f.header.slices,
                width: f.header.width,
                data: f.data(),
            })
            .collect();
        let advance = |units: u64| monitor.advance(units);
        let job = LevelJob {
            endgame,
            level,
            lower: &views,
            stop,
            progress: &advance,
        };
        let data = match endgame.semantics() {
            Semantics::Acyclic => acyclic::solve(&job)?,
            _ => cyclic::solve(&job)?,
        };
        drop(views);
        let mut header = expected_header(endgame, level)?;
        header.sha256 = sha256_hex(&data);
        let path = write_level(dir, &header, &data)?;
        drop(data);
        let seconds = started.elapsed().as_secs_f64();
        monitor.level_finished(
            level,
            header.arrangements * header.slices as u64,
            seconds,
            &path,
        );
        report.solved.push((level, seconds));
        files.push(LevelFile::open(&path)?);
    }
    Ok(report)
}

/// Removes temporary files a killed build left.
fn remove_partial(dir: &Path, monitor: &dyn BuildMonitor) -> Result<(), TablebaseError> {
    let entries = std::fs::read_dir(dir).map_err(|e| TablebaseError::io(dir, e))?;
    for entry in entries.flatten() {
        let path: PathBuf = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("level-") && name.ends_with(".tb.tmp") {
            monitor.discarded(&path, "a partial level of a build that was stopped");
            std::fs::remove_file(&path).map_err(|e| TablebaseError::io(&path, e))?;
        }
    }
    Ok(())
}

/// Removes level `level` and every level above it (they were built on it).
fn discard_from(
    dir: &Path,
    level: usize,
    reason: &str,
    monitor: &dyn BuildMonitor,
) -> Result<(), TablebaseError> {
    let mut l = level;
    loop {
        let path = level_path(dir, l);
        if !path.exists() {
            return Ok(());
        }
        monitor.discarded(&path, reason);
        std::fs::remove_file(&path).map_err(|e| TablebaseError::io(&path, e))?;
        l += 1;
    }
}
