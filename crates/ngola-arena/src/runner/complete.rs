//! The end of a run: every row checked, rows past the SPRT's stop
//! dropped, the file sorted, and the statistics and summary written from
//! the rows alone.

use std::borrow::Cow;
use std::path::Path;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::kept::Row;
use crate::lock::FolderLock;
use crate::openings::{OpeningPlan, OpeningsNote};
use crate::output;
use crate::provenance::Provenance;
use crate::record::{write_lines, GameRecord};
use crate::schedule::Schedule;
use crate::stats::Statistics;

use super::check::checked_rows;
use super::tracking::SprtTracker;
use super::{files, Report};

/// Completes a folder whose `games.csv` holds every game of the run (or
/// shard, or up to the SPRT's stop): checks every row (against the
/// schedule and by replaying it), drops rows past the SPRT's stop, sorts
/// the rows by game id, and writes the statistics and summary computed
/// from `games.csv` alone. The folder is locked meanwhile.
pub fn finish<G: ngola_agents::Evaluate>(experiment: &Experiment, dir: &Path) -> Result<Report> {
    let _lock = FolderLock::acquire(dir)?;
    let mut experiment = experiment.clone();
    let rules = experiment.resolve::<G>()?;
    let plan = OpeningPlan::new(&experiment, &G::start(rules))?;
    let schedule = Schedule::new(&experiment);
    let (found, _) = checked_rows(dir, &experiment, &schedule, &plan)?;
    let measure = crate::accuracy::measurer::<G>(&experiment, plan.start())?;
    let rewrite = found.partial_tail || !found.records.is_sorted_by_key(|r| r.game);
    let rows = found.records.iter().map(Row::read).collect();
    let ending = Ending {
        expected: schedule.shard_len(experiment.shard) as usize,
        pairs: schedule.pairs() as usize,
        note: plan.note(),
        provenance: &Provenance::read(&dir.join(files::EXPERIMENT)).summary_lines("run"),
        accuracy: measure.as_deref(),
    };
    complete(&experiment, dir, rows, rewrite, &ending)
}

/// What [`complete`] needs besides the rows: the number of games of the
/// run or shard, the run's colour-swapped pairs (all shards), what the
/// openings were, and the provenance lines of `summary.txt`.
pub(super) struct Ending<'a> {
    pub(super) expected: usize,
    pub(super) pairs: usize,
    pub(super) note: &'a OpeningsNote,
    pub(super) provenance: &'a str,
    /// The agents' moves measured against an endgame database (`accuracy`).
    pub(super) accuracy: Option<&'a crate::accuracy::Measure>,
}

/// [`finish`] on the rows of `games.csv` already in memory (`rewrite`:
/// the file is not sorted by game id as it should end). Writing the sorted
/// file and computing the statistics run in parallel on the current rayon
/// pool.
pub(super) fn complete(
    experiment: &Experiment,
    dir: &Path,
    mut rows: Vec<Row>,
    mut rewrite: bool,
    ending: &Ending,
) -> Result<Report> {
    let path = dir.join(files::GAMES);
    let mut expected = ending.expected;
    if !rows.is_sorted_by_key(|r| r.record.game) {
        // Stable: it merges the workers' runs (each in id order) quickly.
        rows.sort_by_key(|r| r.record.game);
    }
    let mut sprt_status = None;
    if let Some(config) = experiment.sprt {
        let mut tracker = SprtTracker::new(config, ending.pairs);
        for r in &rows {
            tracker.add(r.record);
        }
        if let Some(stop_pair) = tracker.stop_pair() {
            let before = rows.len();
            rows.retain(|r| r.record.pair <= stop_pair);
            rewrite |= rows.len() != before;
            expected = 2 * (stop_pair as usize + 1);
        }
        sprt_status = Some(tracker.status());
    }
    if rows.len() != expected {
        return Err(ArenaError::bad_file(
            &path,
            format!(
                "holds {} of the {expected} games of the run; finish it with --resume",
                rows.len()
            ),
        ));
    }
    let (written, stats) = rayon::join(
        || {
            if !rewrite {
                return Ok(());
            }
            write_lines(
                &path,
                rows.iter().map(|r| match r.line {
                    Some(line) => Cow::Borrowed(line),
                    None => Cow::Owned(r.record.to_csv_line()),
                }),
            )
        },
        || {
            let records: Vec<&GameRecord> = rows.iter().map(|r| r.record).collect();
            let keys: Vec<u128> = rows.iter().map(|r| r.key).collect();
            Statistics::from_keyed_games(
                &experiment.agent_names(),
                &records,
                experiment.anchor,
                Some(&keys),
            )
        },
    );
    written?;
    output::write_statistics(dir, &stats)?;
    if let Some(status) = &sprt_status {
        output::write_sprt(dir, status)?;
    }
    let mut summary = output::summary(experiment, &stats, sprt_status.as_ref(), ending.note);
    if let (Some(measure), Some(db)) = (ending.accuracy, &experiment.accuracy) {
        let records: Vec<&GameRecord> = rows.iter().map(|r| r.record).collect();
        let accuracy = measure(&records)?;
        crate::accuracy::write(dir, &experiment.agent_names(), &accuracy)?;
        summary += "\n";
        summary += &crate::accuracy::table(&experiment.display_names(), &accuracy, db);
    }
    let summary_path = dir.join(files::SUMMARY);
    std::fs::write(&summary_path, format!("{summary}\n{}", ending.provenance))
        .map_err(|e| ArenaError::io(&summary_path, e))?;
    Ok(Report {
        dir: dir.to_path_buf(),
        experiment: experiment.clone(),
        played: 0,
        resumed: 0,
        discarded: 0,
        stats,
        sprt: sprt_status,
        summary,
    })
}
