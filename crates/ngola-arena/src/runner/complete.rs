//! The end of a run: every row checked, rows past the SPRT's stop
//! dropped, the file sorted, and the statistics and summary written from
//! the rows alone.

use std::path::Path;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::lock::FolderLock;
use crate::openings::{OpeningPlan, OpeningsNote};
use crate::output;
use crate::provenance::Provenance;
use crate::record::{sort_rows, GameRecord};
use crate::schedule::Schedule;
use crate::stats::GameFacts;

use super::check::checked_rows;
use super::counting::{Counted, Counting};
use super::{files, Report};

/// Completes a folder whose `games.csv` holds every game of the run (or
/// shard, or up to the SPRT's stop): checks every row (against the
/// schedule and by replaying it), drops rows past the SPRT's stop, sorts
/// the rows by game id, and writes the statistics and summary computed
/// from `games.csv` alone (an archived folder is restored to `games.csv`
/// first). The folder is locked meanwhile.
pub fn finish<G: ngola_agents::Evaluate>(experiment: &Experiment, dir: &Path) -> Result<Report> {
    let _lock = FolderLock::acquire(dir)?;
    crate::record::restore_games(dir)?;
    let mut experiment = experiment.clone();
    let rules = experiment.resolve::<G>()?;
    let plan = OpeningPlan::new(&experiment, &G::start(rules))?;
    let schedule = experiment.schedule();
    // One folder's databases, opened once for the check and the accuracy.
    let databases = ngola_agents::tablebase::Databases::default();
    let (found, _) = checked_rows(dir, &experiment, &schedule, &plan, &databases)?;
    let measure = crate::accuracy::measurer::<G>(&experiment, plan.start(), &databases)?;
    let rewrite = found.partial_tail || !found.records.is_sorted_by_key(|r| r.game);
    let counting = count_rows(&experiment, &schedule, dir, &found.records)?;
    drop(found);
    let ending = Ending {
        expected: schedule.shard_len(experiment.shard) as usize,
        note: plan.note(),
        provenance: &Provenance::read(&dir.join(files::EXPERIMENT)).summary_lines("run"),
        accuracy: measure.as_deref(),
        uncapped: uncapped_note(&experiment, plan.start()),
    };
    complete(&experiment, dir, counting, rewrite, &ending)
}

/// The statistics of `records` counted, for a folder `dir` of `experiment`.
pub(super) fn count_rows(
    experiment: &Experiment,
    schedule: &Schedule,
    dir: &Path,
    records: &[GameRecord],
) -> Result<Counting> {
    let mut counting = Counting::new(experiment, schedule.pairs() as usize, dir);
    for r in records {
        counting.add(GameFacts::of(r), r.game_key())?;
    }
    Ok(counting)
}

/// What [`complete`] needs besides the rows: the number of games of the
/// run or shard, what the openings were, and the provenance lines of
/// `summary.txt`.
pub(super) struct Ending<'a> {
    pub(super) expected: usize,
    pub(super) note: &'a OpeningsNote,
    pub(super) provenance: &'a str,
    /// The agents' moves measured against an endgame database (`accuracy`).
    pub(super) accuracy: Option<&'a crate::accuracy::Measure>,
    /// The summary's statement that the run's database assumes no ply cap
    /// while its games have one ([`uncapped_note`]).
    pub(super) uncapped: Option<String>,
}

/// The statement, for the summary, that the endgame database of
/// `--adjudicate tablebase=DIR` or `--accuracy DIR` holds the values of the
/// game without a ply cap while the run's games (from `start`) have one,
/// or `None` (no database, or no cap).
pub(super) fn uncapped_note<G: ngola_agents::Evaluate>(
    experiment: &Experiment,
    start: &G,
) -> Option<String> {
    use ngola_rules::RuleOptions;
    let adjudicated = experiment
        .adjudicate
        .iter()
        .any(|a| matches!(a, crate::adjudicate::Adjudication::Tablebase(_)));
    if !adjudicated && experiment.accuracy.is_none() {
        return None;
    }
    start.ply_cap()?;
    let cap = start
        .rules()
        .to_pairs()
        .into_iter()
        .find(|(k, _)| k == "max_plies")
        .map_or_else(|| "a ply cap".to_string(), |(k, v)| format!("{k}={v}"));
    Some(format!(
        "The endgame database's values are those of the game without a ply cap; these games \
         were played under {cap}: where perfect play reaches the cap, an adjudication or a \
         move's measure can differ from the capped game's value.\n"
    ))
}

/// [`finish`] from the statistics of the rows of `games.csv`, already
/// counted (`rewrite`: the file is not sorted by game id as it should
/// end). The file is sorted (in bounded memory, dropping rows past the
/// SPRT's stop) while the statistics are completed, in parallel on the
/// current rayon pool.
pub(super) fn complete(
    experiment: &Experiment,
    dir: &Path,
    counting: Counting,
    rewrite: bool,
    ending: &Ending,
) -> Result<Report> {
    complete_from(experiment, dir, counting, (rewrite, &[]), ending)
}

/// [`complete`] with the rows read from `sources` (other folders' files)
/// when there are some, else from the folder's own `games.csv`.
pub(super) fn complete_from(
    experiment: &Experiment,
    dir: &Path,
    counting: Counting,
    (mut rewrite, sources): (bool, &[&Path]),
    ending: &Ending,
) -> Result<Report> {
    let path = dir.join(files::GAMES);
    let mut expected = ending.expected;
    let stop_pair = counting.stop_pair();
    let (games, dropped) = counting.games();
    if let Some(stop) = stop_pair {
        rewrite |= dropped > 0;
        expected = 2 * (stop as usize + 1);
    }
    if games as usize != expected {
        return Err(ArenaError::bad_file(
            &path,
            format!("holds {games} of the {expected} games of the run; finish it with --resume"),
        ));
    }
    let own = [path.as_path()];
    let sources = if sources.is_empty() {
        &own[..]
    } else {
        sources
    };
    let (written, counted) = rayon::join(
        || {
            if !rewrite && sources == own {
                return Ok(0);
            }
            sort_rows(&path, sources, &|pair| {
                stop_pair.is_none_or(|stop| pair <= stop)
            })
        },
        || counting.finish(),
    );
    written?;
    let Counted {
        stats,
        sprt: sprt_status,
    } = counted?;
    output::write_statistics(dir, &stats)?;
    if let Some(status) = &sprt_status {
        output::write_sprt(dir, status)?;
    }
    let mut summary = output::summary(experiment, &stats, sprt_status.as_ref(), ending.note);
    if let (Some(measure), Some(db)) = (ending.accuracy, &experiment.accuracy) {
        // The sorted file's rows (those past an SPRT stop dropped): read
        // back only when accuracy is asked for.
        let found = crate::record::read_games(&path)?;
        let records: Vec<&GameRecord> = found.records.iter().collect();
        let accuracy = measure(&records)?;
        crate::accuracy::write(dir, &experiment.agent_names(), &accuracy)?;
        summary += "\n";
        summary += &crate::accuracy::table(&experiment.display_names(), &accuracy, db);
    }
    if let Some(note) = &ending.uncapped {
        summary += "\n";
        summary += note;
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
