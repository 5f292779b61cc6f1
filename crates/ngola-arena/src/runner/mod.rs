//! Running a tournament: a fresh run, a resume after a kill, the SPRT
//! early stop, and the final summary written from `games.csv`.
//!
//! Workers on a rayon pool take games from the schedule in id order (an
//! atomic counter), play them, and append each row to `games.csv` at once
//! (group commit, see [`SharedWriter`]). A kill loses at most the games in
//! flight; `--resume` reads the rows back, ignores a partial last line, and
//! plays exactly the games missing. When all games are in, the file is
//! rewritten sorted by game id (through a rename) unless its rows already
//! came in order, so that runs with any thread count, or resumed, give the
//! same file apart from the `time_s` column.
//!
//! Each worker also keeps its rows in memory, so the end of a run neither
//! reads `games.csv` back nor formats it again: the sorted file is written
//! from the kept lines while the statistics are computed from the kept
//! records, in parallel. [`finish`] does the same from the file alone (a
//! merge, or a folder checked by hand) and gives the same summary.
//!
//! One process at a time writes a folder: each entry point holds the
//! folder's lock ([`FolderLock`]) while it works.

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use ngola_agents::Evaluate;
use ngola_rules::Game;
use rayon::prelude::*;

use crate::contestant::Seats;
use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::format::SprtConfig;
use crate::kept::{Played, Row};
use crate::lock::FolderLock;
use crate::output;
use crate::play::play_game;
use crate::progress::Observer;
use crate::record::{read_games, write_lines, GameRecord, GamesWriter, SharedWriter};
use crate::schedule::{schedule, shard_games, ScheduledGame};
use crate::seat::{ClockRules, Table};
use crate::stats::sprt::SprtDecision;
use crate::stats::Statistics;
use crate::ugi::UgiSeats;

mod merge;
mod tracking;

pub use merge::{merge, IfExists};
use tracking::{tracker_stop, SprtTracker, Tally};

/// The file names inside an output folder.
pub mod files {
    /// The resolved experiment.
    pub const EXPERIMENT: &str = "experiment.toml";
    /// One row per game.
    pub const GAMES: &str = "games.csv";
    /// Standings with Elo.
    pub const STANDINGS: &str = "standings.csv";
    /// Each pairing, both colours.
    pub const PAIRS: &str = "pairs.csv";
    /// The first player's results.
    pub const FIRST_PLAYER: &str = "first_player.csv";
    /// The printed summary.
    pub const SUMMARY: &str = "summary.txt";
}

/// The SPRT's state at the end of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct SprtStatus {
    /// The test's parameters.
    pub config: SprtConfig,
    /// Complete pairs counted.
    pub pairs: u64,
    /// Pentanomial counts of the first agent over those pairs.
    pub pentanomial: [u64; 5],
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The decision.
    pub decision: SprtDecision,
}

/// What a run, resume or merge produced.
#[derive(Clone, Debug)]
pub struct Report {
    /// The output folder.
    pub dir: PathBuf,
    /// The experiment as written in the folder.
    pub experiment: Experiment,
    /// Games played by this process.
    pub played: u64,
    /// Games that were already in `games.csv` (a resume).
    pub resumed: u64,
    /// Games played past an SPRT stop and left out of `games.csv`.
    pub discarded: u64,
    /// The statistics of the games in `games.csv`.
    pub stats: Statistics,
    /// The SPRT, if the experiment has one.
    pub sprt: Option<SprtStatus>,
    /// The summary table (also in `summary.txt`).
    pub summary: String,
}

/// Checks that a folder's rows belong to `experiment`'s schedule (and
/// shard, if it has one), each exactly once. Returns which game ids are
/// present (indexed by id).
pub fn check_rows(
    path: &Path,
    experiment: &Experiment,
    all: &[ScheduledGame],
    records: &[GameRecord],
) -> Result<Vec<bool>> {
    let names = experiment.agent_names();
    let mut seen = vec![false; all.len()];
    for r in records {
        let bad = |what: String| ArenaError::bad_file(path, format!("game {}: {what}", r.game));
        let g = all
            .get(r.game as usize)
            .ok_or_else(|| bad(format!("not in the schedule of {} games", all.len())))?;
        if experiment.shard.is_some_and(|s| !s.holds_pair(g.pair)) {
            return Err(bad(format!(
                "not in shard {}",
                experiment.shard.map_or(String::new(), |s| s.to_string())
            )));
        }
        let expected = (g.pair, g.pairing, g.south, g.north, g.seed);
        let found = (r.pair, r.pairing, r.south_id, r.north_id, r.seed);
        if expected != found {
            return Err(bad(format!(
                "(pair, pairing, south_id, north_id, seed) is {found:?}, the schedule says {expected:?}"
            )));
        }
        let agents = (&names[g.south as usize], &names[g.north as usize]);
        if (&r.south, &r.north) != agents {
            return Err(bad(format!(
                "agents are {} vs {}, the experiment says {} vs {}",
                r.south, r.north, agents.0, agents.1
            )));
        }
        if std::mem::replace(&mut seen[r.game as usize], true) {
            return Err(bad("appears twice".to_string()));
        }
    }
    Ok(seen)
}

/// True if `dir` already holds a run (an experiment file or games).
pub fn holds_run(dir: &Path) -> bool {
    dir.join(files::EXPERIMENT).exists() || dir.join(files::GAMES).exists()
}

/// Checks that `seats` can seat every external agent of `experiment`.
pub fn check_seats<G: Evaluate>(experiment: &Experiment, seats: &dyn Seats<G>) -> Result<()> {
    for (i, agent) in experiment.agents.iter().enumerate() {
        if let Some(name) = agent.external() {
            if !seats.knows(name) {
                return Err(ArenaError::field(
                    format!("agents[{i}] (`{agent}`)"),
                    format!(
                        "engine `{name}` is not defined: add an [engines.{name}] table or --engine {name}=COMMAND"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Starts a fresh run of `experiment` in `dir`, which must not
/// hold a run yet, and plays it to the end; `engine:NAME` agents are the
/// experiment's UGI engines ([`UgiSeats`]). The folder is locked for the
/// whole run ([`FolderLock`]): another process writing it fails at once.
pub fn run<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    observer: &dyn Observer,
) -> Result<Report> {
    let seats = UgiSeats::new(experiment.engines.clone(), dir);
    run_with::<G>(experiment, dir, observer, &seats)
}

/// [`run`] with the external agents seated by `seats` (e.g. Python
/// callables).
pub fn run_with<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    observer: &dyn Observer,
    seats: &dyn Seats<G>,
) -> Result<Report> {
    check_seats(experiment, seats)?;
    let mut experiment = experiment.clone();
    experiment.resolve::<G>()?;
    experiment.check_memory()?;
    std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, e))?;
    let _lock = FolderLock::acquire(dir)?;
    if holds_run(dir) {
        return Err(ArenaError::bad_file(
            dir,
            "already holds a run; finish it with --resume, or choose another --out",
        ));
    }
    write_experiment(dir, &experiment)?;
    let writer = GamesWriter::create(&dir.join(files::GAMES))?;
    play_rest::<G>(&experiment, dir, writer, Vec::new(), observer, seats)
}

/// Writes `experiment.toml` through a temporary file and a rename, so that
/// a kill leaves either no file (the folder is still free for a fresh run)
/// or the whole one (the run can be resumed).
fn write_experiment(dir: &Path, experiment: &Experiment) -> Result<()> {
    let path = dir.join(files::EXPERIMENT);
    let tmp = dir.join(format!("{}.tmp", files::EXPERIMENT));
    std::fs::write(&tmp, experiment.to_toml()).map_err(|e| ArenaError::io(&tmp, e))?;
    std::fs::rename(&tmp, &path).map_err(|e| ArenaError::io(&path, e))
}

/// Reads the experiment of a run's folder.
pub fn folder_experiment(dir: &Path) -> Result<Experiment> {
    let path = dir.join(files::EXPERIMENT);
    if !path.exists() {
        return Err(ArenaError::bad_file(
            dir,
            format!("not a tournament folder (no {})", files::EXPERIMENT),
        ));
    }
    Experiment::from_file(&path)
}

/// Finishes the run in `dir` after a kill: keeps every complete row of
/// `games.csv`, plays exactly the games missing, and writes the summary.
/// `experiment` is the folder's own (see [`folder_experiment`]), possibly
/// with another thread count. `engine:NAME` agents are the experiment's
/// UGI engines. The folder is locked while it runs ([`FolderLock`]); a
/// lock left by a killed process does not count.
pub fn resume<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    observer: &dyn Observer,
) -> Result<Report> {
    let seats = UgiSeats::new(experiment.engines.clone(), dir);
    resume_with::<G>(experiment, dir, observer, &seats)
}

/// [`resume`] with the external agents seated by `seats`.
pub fn resume_with<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    observer: &dyn Observer,
    seats: &dyn Seats<G>,
) -> Result<Report> {
    check_seats(experiment, seats)?;
    experiment.check_memory()?;
    let _lock = FolderLock::acquire(dir)?;
    let path = dir.join(files::GAMES);
    let found = read_games(&path)?;
    let writer = GamesWriter::reopen(&path, &found)?;
    play_rest::<G>(experiment, dir, writer, found.records, observer, seats)
}

fn play_rest<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    writer: GamesWriter,
    existing: Vec<GameRecord>,
    observer: &dyn Observer,
    seats: &dyn Seats<G>,
) -> Result<Report> {
    let games_path = dir.join(files::GAMES);
    let mut experiment = experiment.clone();
    let rules = experiment.resolve::<G>()?;
    let start = G::start(rules);
    let names = experiment.agent_names();
    let all = schedule(&experiment);
    let present = check_rows(&games_path, &experiment, &all, &existing)?;
    let mine = shard_games(&all, experiment.shard);
    let expected = mine.clone().count();
    let todo: Vec<&ScheduledGame> = mine.filter(|g| !present[g.id as usize]).collect();

    let mut tally = Tally::new(experiment.display_names());
    let mut tracker = experiment
        .sprt
        .map(|config| SprtTracker::new(config, all.len() / 2));
    for r in &existing {
        tally.add(r);
        if let Some(t) = tracker.as_mut() {
            t.add(r);
        }
    }
    let resumed = existing.len() as u64;
    let stopped = tracker.as_ref().is_some_and(|t| t.stop_pair().is_some());

    struct Shared {
        tally: Tally,
        tracker: Option<SprtTracker>,
        done: u64,
        error: Option<ArenaError>,
    }
    let shared = Mutex::new(Shared {
        tally,
        tracker,
        done: resumed,
        error: None,
    });
    let lock_shared = || shared.lock().unwrap_or_else(PoisonError::into_inner);
    let writer = SharedWriter::new(writer, existing.last().map(|r| r.game));
    let workers_played = Mutex::new(Vec::<Played>::new());
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(stopped);
    // The SPRT's last pair once it has decided (u64::MAX before).
    let stop_pair = AtomicU64::new(tracker_stop(&lock_shared().tracker).unwrap_or(u64::MAX));
    let threads = experiment.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ArenaError::Game {
            game: 0,
            message: format!("cannot start {threads} threads: {e}"),
        })?;
    let fail = |error: ArenaError| {
        lock_shared().error.get_or_insert(error);
        stop.store(true, Ordering::Relaxed);
    };
    // Hands a worker's newly kept games to the progress bar and the SPRT.
    let report = |played: &mut Played| {
        let fresh = played.take_unreported();
        if fresh.is_empty() {
            return;
        }
        let mut guard = lock_shared();
        let s = &mut *guard;
        for record in fresh {
            s.done += 1;
            s.tally.add(record);
            if let Some(t) = s.tracker.as_mut() {
                t.add(record);
            }
        }
        if let Some(pair) = tracker_stop(&s.tracker) {
            stop_pair.store(pair, Ordering::Relaxed);
            stop.store(true, Ordering::Relaxed);
        }
        observer.game_done(s.done, s.tally.leader());
    };

    observer.start(expected as u64, resumed);
    let clocks = ClockRules {
        tc: experiment.tc,
        margin: experiment.timemargin,
    };
    let play_games = |played: &mut Played, table: &mut Table<'_, G>| loop {
        if stop.load(Ordering::Relaxed) || observer.stop_requested() {
            break;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&scheduled) = todo.get(i) else { break };
        let record = match play_caught::<G>(&start, &experiment, &names, scheduled, table, &clocks)
        {
            Ok(record) => record,
            Err(error) => {
                fail(error);
                break;
            }
        };
        played.count += 1;
        if record.pair > stop_pair.load(Ordering::Relaxed) {
            // Past the SPRT's stop: not part of the run.
            continue;
        }
        let at = played.write_line(&record);
        if let Err(e) = writer.push(record.game, played.line(at)) {
            fail(e);
            break;
        }
        played.keep(record, at);
        if played.report_due() {
            report(played);
        }
    };
    let agents = experiment.agents.len();
    let worker = |index: usize| {
        let mut played = Played::default();
        // The worker's external players (processes end when it drops).
        let mut table = Table::new(seats, index, agents);
        play_games(&mut played, &mut table);
        drop(table);
        report(&mut played);
        workers_played
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(played);
    };
    pool.scope(|scope| {
        for index in 1..=threads {
            let worker = &worker;
            scope.spawn(move |_| worker(index));
        }
    });
    observer.finish();
    let in_order = writer.finish();

    let workers_played = workers_played
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let shared = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(error) = shared.error {
        return Err(error);
    }
    let played: u64 = workers_played.iter().map(|p| p.count).sum();
    // The file's rows, kept in memory: the summary need not read them back.
    let file_sorted = in_order? && existing.is_sorted_by_key(|r| r.game);
    let kept: usize = workers_played.iter().map(Played::len).sum();
    let mut rows: Vec<Row> = Vec::with_capacity(existing.len() + kept);
    rows.extend(existing.iter().map(|record| Row { record, line: None }));
    for played in &workers_played {
        rows.extend(played.rows());
    }
    let pairs = all.len() / 2;
    drop(todo);
    drop((all, present));
    let report = pool.install(|| complete(&experiment, dir, rows, !file_sorted, expected, pairs));
    // Each worker's memory freed on a thread of its own.
    pool.install(|| workers_played.into_par_iter().for_each(drop));
    let mut report = report?;
    report.played = played;
    report.resumed = resumed;
    // Rows past an SPRT stop: dropped when seen after the decision, or
    // written before it and dropped by `complete`.
    report.discarded = (resumed + played).saturating_sub(report.stats.games);
    Ok(report)
}

/// Plays one game, turning a panic into an error.
fn play_caught<G: Evaluate>(
    start: &G,
    experiment: &Experiment,
    names: &[String],
    scheduled: &ScheduledGame,
    table: &mut Table<'_, G>,
    clocks: &ClockRules,
) -> Result<GameRecord> {
    catch_unwind(AssertUnwindSafe(|| {
        play_game::<G>(
            start,
            experiment.opening_plies,
            &experiment.agents,
            names,
            scheduled,
            table,
            clocks,
        )
    }))
    .unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(ArenaError::Game {
            game: scheduled.id,
            message: format!("panicked: {what}"),
        })
    })
}

/// Completes a folder whose `games.csv` holds every game of the run (or
/// shard, or up to the SPRT's stop): drops rows past the SPRT's stop,
/// sorts the rows by game id, and writes the statistics and summary
/// computed from `games.csv` alone. The folder is locked meanwhile.
pub fn finish(experiment: &Experiment, dir: &Path) -> Result<Report> {
    let _lock = FolderLock::acquire(dir)?;
    let path = dir.join(files::GAMES);
    let all = schedule(experiment);
    let found = read_games(&path)?;
    check_rows(&path, experiment, &all, &found.records)?;
    let rewrite = found.partial_tail || !found.records.is_sorted_by_key(|r| r.game);
    let rows = found
        .records
        .iter()
        .map(|record| Row { record, line: None })
        .collect();
    let expected = shard_games(&all, experiment.shard).count();
    complete(experiment, dir, rows, rewrite, expected, all.len() / 2)
}

/// [`finish`] on the rows of `games.csv` already in memory (`rewrite`:
/// the file is not sorted by game id as it should end); `expected` is the
/// number of games of the run or shard, `pairs` the run's colour-swapped
/// pairs (all shards). Writing the sorted file and
/// computing the statistics run in parallel on the current rayon pool.
fn complete(
    experiment: &Experiment,
    dir: &Path,
    mut rows: Vec<Row>,
    mut rewrite: bool,
    mut expected: usize,
    pairs: usize,
) -> Result<Report> {
    let path = dir.join(files::GAMES);
    if !rows.is_sorted_by_key(|r| r.record.game) {
        // Stable: it merges the workers' runs (each in id order) quickly.
        rows.sort_by_key(|r| r.record.game);
    }
    let mut sprt_status = None;
    if let Some(config) = experiment.sprt {
        let mut tracker = SprtTracker::new(config, pairs);
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
            Statistics::from_games(&experiment.agent_names(), &records)
        },
    );
    written?;
    output::write_statistics(dir, &stats)?;
    let summary = output::summary(experiment, &stats, sprt_status.as_ref());
    let summary_path = dir.join(files::SUMMARY);
    std::fs::write(&summary_path, &summary).map_err(|e| ArenaError::io(&summary_path, e))?;
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

/// Checks that an experiment given again on `--resume` describes the
/// same games as the folder's; returns the differing fields otherwise.
pub fn check_same<G: Game>(folder: &Experiment, given: &mut Experiment, dir: &Path) -> Result<()> {
    if given.game == folder.game {
        given.resolve::<G>()?;
    }
    let mut differences = folder.identity_differences(given);
    if folder.shard != given.shard {
        differences.push("shard");
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(ArenaError::bad_file(
            dir,
            format!(
                "holds another experiment (differs in {}); resume with the folder alone",
                differences.join(", ")
            ),
        ))
    }
}
