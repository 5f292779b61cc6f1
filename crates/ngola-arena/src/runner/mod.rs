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
use std::time::{Duration, Instant};

use ngola_agents::Evaluate;
use ngola_rules::Game;
use rayon::prelude::*;

use crate::contestant::Seats;
use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::format::SprtConfig;
use crate::kept::{Played, Row};
use crate::lock::FolderLock;
use crate::openings::{OpeningPlan, OpeningsNote};
use crate::output;
use crate::play::{play_game, Scratch};
use crate::progress::{Live, Observer, Silent};
use crate::provenance::Provenance;
use crate::record::{read_games, write_lines, GameRecord, GamesFile, GamesWriter, SharedWriter};
use crate::replay::check_row;
use crate::schedule::{Schedule, ScheduledGame};
use crate::seat::{ClockRules, Table};
use crate::stats::sprt::SprtDecision;
use crate::stats::Statistics;
use crate::suite::SUITE_FILE;
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
    /// The joint rating fit.
    pub const RATINGS: &str = "ratings.csv";
    /// Each pairing, both colours.
    pub const PAIRS: &str = "pairs.csv";
    /// The first player's results.
    pub const FIRST_PLAYER: &str = "first_player.csv";
    /// The SPRT's state, when the run has one.
    pub const SPRT: &str = "sprt.csv";
    /// The printed summary.
    pub const SUMMARY: &str = "summary.txt";
    /// The run's copy of its opening suite, when it has one.
    pub const OPENINGS: &str = super::SUITE_FILE;
}

/// What the calling program hands a run: whom to tell about its progress,
/// and the git commit of the program's build (the folder's provenance).
#[derive(Copy, Clone)]
pub struct Caller<'a> {
    /// Told about the run's progress (a progress bar, a stop flag).
    pub observer: &'a dyn Observer,
    /// The git commit of the calling program's build, or `unknown`.
    pub commit: &'a str,
}

impl Caller<'static> {
    /// Reports nothing, commit `unknown` (tests, benches).
    pub const QUIET: Caller<'static> = Caller {
        observer: &Silent,
        commit: "unknown",
    };
}

/// How often the progress line's live standings are refreshed.
const LIVE_EVERY: Duration = Duration::from_secs(2);

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
    /// The summary table (also in `summary.txt`, which adds the run's
    /// provenance).
    pub summary: String,
}

/// Which game ids of a run a folder holds: one bit per game.
#[derive(Clone, Debug)]
pub struct Present {
    bits: Vec<u64>,
}

impl Present {
    fn new(games: u64) -> Present {
        Present {
            bits: vec![0; games.div_ceil(64) as usize],
        }
    }

    /// True if game `id` is there.
    pub fn contains(&self, id: u64) -> bool {
        self.bits
            .get((id / 64) as usize)
            .is_some_and(|w| w & (1 << (id % 64)) != 0)
    }

    /// Marks game `id`; false if it was already there.
    fn insert(&mut self, id: u64) -> bool {
        let (word, bit) = ((id / 64) as usize, 1u64 << (id % 64));
        let fresh = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        fresh
    }
}

/// Checks that a folder's rows belong to `experiment`'s schedule (and
/// shard, if it has one), each exactly once. Returns which game ids are
/// present. Errors name the line and the field.
pub fn check_rows(
    path: &Path,
    experiment: &Experiment,
    schedule: &Schedule,
    found: &GamesFile,
) -> Result<Present> {
    let names = experiment.agent_names();
    let mut seen = Present::new(schedule.games());
    for (index, r) in found.records.iter().enumerate() {
        let bad = |what: String| {
            ArenaError::bad_file(
                path,
                format!("line {}: game {}: {what}", found.line(index), r.game),
            )
        };
        let g = schedule.game(r.game).ok_or_else(|| {
            bad(format!(
                "`game`: not in the schedule of {} games",
                schedule.games()
            ))
        })?;
        if experiment.shard.is_some_and(|s| !s.holds_pair(g.pair)) {
            return Err(bad(format!(
                "`game`: not in shard {}",
                experiment.shard.map_or(String::new(), |s| s.to_string())
            )));
        }
        for (field, found, expected) in [
            ("pair", r.pair, g.pair),
            ("pairing", u64::from(r.pairing), u64::from(g.pairing)),
            ("south_id", u64::from(r.south_id), u64::from(g.south)),
            ("north_id", u64::from(r.north_id), u64::from(g.north)),
            ("seed", r.seed, g.seed),
        ] {
            if found != expected {
                return Err(bad(format!(
                    "`{field}` is {found}, the schedule says {expected}"
                )));
            }
        }
        let agents = (&names[g.south as usize], &names[g.north as usize]);
        if (&r.south, &r.north) != agents {
            return Err(bad(format!(
                "`south`, `north` are {} vs {}, the experiment says {} vs {}",
                r.south, r.north, agents.0, agents.1
            )));
        }
        if !seen.insert(r.game) {
            return Err(bad("appears twice".to_string()));
        }
    }
    Ok(seen)
}

/// Replays every row's `moves` from its opening (in parallel) and checks
/// that they give its opening, result, reason, plies and totals; the error
/// names the first bad row's line and field. Rows must already have passed
/// [`check_rows`].
pub fn verify_rows<G: Game>(
    path: &Path,
    found: &GamesFile,
    plan: &OpeningPlan<G>,
    schedule: &Schedule,
) -> Result<()> {
    if !found.has_moves() {
        return Err(ArenaError::bad_file(
            path,
            "has no `moves` column (written by an older ngola), so its rows cannot be \
             checked by replaying them; it cannot be resumed or merged",
        ));
    }
    let bad = found
        .records
        .par_iter()
        .enumerate()
        .find_map_first(|(index, record)| {
            let opening_seed = schedule.game(record.game).map_or(0, |g| g.opening_seed);
            let opening = match plan.opening(record.pair, opening_seed) {
                Ok(opening) => opening,
                Err(e) => return Some((index, format!("`opening`: {e}"))),
            };
            check_row(plan.start(), &opening, record)
                .err()
                .map(|e| (index, e))
        });
    match bad {
        None => Ok(()),
        Some((index, message)) => Err(ArenaError::bad_file(
            path,
            format!(
                "line {}: game {}: {message}",
                found.line(index),
                found.records[index].game
            ),
        )),
    }
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

/// Starts a fresh run of `experiment` in `dir`, which must not hold a run
/// yet, and plays it to the end; `engine:NAME` agents are the experiment's
/// UGI engines ([`UgiSeats`]). Everything is checked (rules, memory,
/// openings) before the folder is created, so a run refused by its own
/// checks leaves no folder behind. The folder is locked for the whole run
/// ([`FolderLock`]): another process writing it fails at once.
pub fn run<G: Evaluate>(experiment: &Experiment, dir: &Path, caller: &Caller) -> Result<Report> {
    let seats = UgiSeats::new(experiment.engines.clone(), dir);
    run_with::<G>(experiment, dir, caller, &seats)
}

/// [`run`] with the external agents seated by `seats` (e.g. Python
/// callables).
pub fn run_with<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    caller: &Caller,
    seats: &dyn Seats<G>,
) -> Result<Report> {
    check_seats(experiment, seats)?;
    let mut experiment = experiment.clone();
    let rules = experiment.resolve::<G>()?;
    experiment.check_memory()?;
    let start = G::start(rules);
    let plan = OpeningPlan::new(&experiment, &start)?;
    let created = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| ArenaError::io(dir, e))?;
    let lock = FolderLock::acquire(dir)?;
    if holds_run(dir) {
        return Err(ArenaError::bad_file(
            dir,
            "already holds a run; finish it with --resume, or choose another --out",
        ));
    }
    let provenance = Provenance::now(experiment.threads, caller.commit);
    let played = (|| {
        write_experiment(dir, &experiment, &provenance)?;
        let writer = GamesWriter::create(&dir.join(files::GAMES))?;
        let schedule = Schedule::new(&experiment);
        let present = Present::new(schedule.games());
        let context = Context {
            plan: &plan,
            schedule: &schedule,
            provenance: &provenance.summary_lines("run"),
            seats,
        };
        play_rest::<G>(
            &experiment,
            dir,
            (writer, Vec::new(), present),
            caller.observer,
            &context,
        )
    })();
    if played.is_err() {
        undo_unplayed(dir, created, lock);
    }
    played
}

/// After a fresh run failed: if not one game reached `games.csv` (the run
/// stopped before its first game ended, e.g. an engine failed its
/// handshake or refused the rules), removes the files the run wrote, then
/// the lock, then the folder if this run made it and nothing else is in
/// it, so that the same command can simply be run again. Engines' logs
/// stay (the error names them). A run that wrote games keeps its folder:
/// `--resume` finishes it.
fn undo_unplayed(dir: &Path, created: bool, lock: FolderLock) {
    match read_games(&dir.join(files::GAMES)) {
        Ok(found) if found.records.is_empty() && !found.partial_tail => {}
        _ => return,
    }
    for name in [
        files::GAMES,
        files::EXPERIMENT,
        files::OPENINGS,
        files::SUMMARY,
    ] {
        let _ = std::fs::remove_file(dir.join(name));
    }
    // Engines' logs folder, if no engine wrote to it.
    let _ = std::fs::remove_dir(dir.join("logs"));
    drop(lock);
    if created {
        // Fails, as it should, unless the folder is empty.
        let _ = std::fs::remove_dir(dir);
    }
}

/// Writes the suite's copy (if any), then `experiment.toml` through a
/// temporary file and a rename, so that a kill leaves either no
/// experiment file (the folder is still free for a fresh run) or the
/// whole one (the run can be resumed).
fn write_experiment(dir: &Path, experiment: &Experiment, provenance: &Provenance) -> Result<()> {
    if let Some(suite) = &experiment.openings {
        let copy = dir.join(files::OPENINGS);
        std::fs::write(&copy, &suite.text).map_err(|e| ArenaError::io(&copy, e))?;
    }
    let path = dir.join(files::EXPERIMENT);
    let tmp = dir.join(format!("{}.tmp", files::EXPERIMENT));
    std::fs::write(&tmp, experiment.to_toml_with(&provenance.toml_comments()))
        .map_err(|e| ArenaError::io(&tmp, e))?;
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

/// A folder's rows read and checked: against the schedule, then by
/// replaying their moves.
fn checked_rows<G: Game>(
    dir: &Path,
    experiment: &Experiment,
    schedule: &Schedule,
    plan: &OpeningPlan<G>,
) -> Result<(GamesFile, Present)> {
    let path = dir.join(files::GAMES);
    let found = read_games(&path)?;
    let present = check_rows(&path, experiment, schedule, &found)?;
    verify_rows(&path, &found, plan, schedule)?;
    Ok((found, present))
}

/// Finishes the run in `dir` after a kill: keeps every complete row of
/// `games.csv` (each checked against the schedule and by replaying its
/// moves), plays exactly the games missing, and writes the summary.
/// `experiment` is the folder's own (see [`folder_experiment`]), possibly
/// with another thread count. `engine:NAME` agents are the experiment's
/// UGI engines. The folder is locked while it runs ([`FolderLock`]); a
/// lock left by a killed process does not count.
pub fn resume<G: Evaluate>(experiment: &Experiment, dir: &Path, caller: &Caller) -> Result<Report> {
    let seats = UgiSeats::new(experiment.engines.clone(), dir);
    resume_with::<G>(experiment, dir, caller, &seats)
}

/// [`resume`] with the external agents seated by `seats`.
pub fn resume_with<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    caller: &Caller,
    seats: &dyn Seats<G>,
) -> Result<Report> {
    check_seats(experiment, seats)?;
    let mut experiment = experiment.clone();
    let rules = experiment.resolve::<G>()?;
    experiment.check_memory()?;
    let _lock = FolderLock::acquire(dir)?;
    let start = G::start(rules);
    let plan = OpeningPlan::new(&experiment, &start)?;
    let schedule = Schedule::new(&experiment);
    let (found, present) = checked_rows(dir, &experiment, &schedule, &plan)?;
    let writer = GamesWriter::reopen(&dir.join(files::GAMES), &found)?;
    let mut summary_lines = Provenance::read(&dir.join(files::EXPERIMENT)).summary_lines("run");
    summary_lines += &Provenance::now(experiment.threads, caller.commit).summary_lines("resumed");
    let context = Context {
        plan: &plan,
        schedule: &schedule,
        provenance: &summary_lines,
        seats,
    };
    play_rest::<G>(
        &experiment,
        dir,
        (writer, found.records, present),
        caller.observer,
        &context,
    )
}

/// What a run or resume plays from: its openings, schedule, provenance
/// lines and external players.
struct Context<'a, G: Evaluate> {
    plan: &'a OpeningPlan<G>,
    schedule: &'a Schedule,
    provenance: &'a str,
    seats: &'a dyn Seats<G>,
}

fn play_rest<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    (writer, existing, present): (GamesWriter, Vec<GameRecord>, Present),
    observer: &dyn Observer,
    context: &Context<'_, G>,
) -> Result<Report> {
    let Context {
        plan,
        schedule,
        provenance,
        seats,
    } = *context;
    let names = experiment.agent_names();
    let expected = schedule.shard_len(experiment.shard) as usize;
    let todo: Vec<ScheduledGame> = schedule
        .shard_games(experiment.shard)
        .filter(|g| !present.contains(g.id))
        .collect();
    drop(present);

    let mut tally = Tally::new(experiment.display_names());
    let mut tracker = experiment
        .sprt
        .map(|config| SprtTracker::new(config, schedule.pairs() as usize));
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
        last_live: Option<Instant>,
    }
    let shared = Mutex::new(Shared {
        tally,
        tracker,
        done: resumed,
        error: None,
        last_live: None,
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
        if s.last_live.is_none_or(|t| t.elapsed() >= LIVE_EVERY) {
            s.last_live = Some(Instant::now());
            observer.live(&Live {
                standings: s.tally.standings(),
                sprt: s.tracker.as_ref().map(SprtTracker::live),
            });
        }
    };

    observer.start(expected as u64, resumed);
    let clocks = ClockRules {
        tc: experiment.tc,
        margin: experiment.timemargin,
    };
    let play_games = |played: &mut Played, table: &mut Table<'_, G>| {
        let mut scratch = Scratch::default();
        loop {
            if stop.load(Ordering::Relaxed) || observer.stop_requested() {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(scheduled) = todo.get(i) else { break };
            let record = match play_caught::<G>(
                plan,
                experiment,
                &names,
                scheduled,
                (table, &clocks, &mut scratch),
            ) {
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
            scratch.recycle(played.keep(record, at));
            if played.report_due() {
                report(played);
            }
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
    rows.extend(existing.iter().map(Row::read));
    for played in &workers_played {
        rows.extend(played.rows());
    }
    drop(todo);
    let ending = Ending {
        expected,
        pairs: schedule.pairs() as usize,
        note: plan.note(),
        provenance,
    };
    let report = pool.install(|| complete(experiment, dir, rows, !file_sorted, &ending));
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
    plan: &OpeningPlan<G>,
    experiment: &Experiment,
    names: &[String],
    scheduled: &ScheduledGame,
    (table, clocks, scratch): (&mut Table<'_, G>, &ClockRules, &mut Scratch<G>),
) -> Result<GameRecord> {
    catch_unwind(AssertUnwindSafe(|| {
        let opening = plan
            .opening(scheduled.pair, scheduled.opening_seed)
            .map_err(|error| ArenaError::Opening {
                game: scheduled.id,
                error,
            })?;
        play_game::<G>(
            plan.start(),
            opening,
            &experiment.agents,
            names,
            scheduled,
            table,
            clocks,
            scratch,
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
/// shard, or up to the SPRT's stop): checks every row (against the
/// schedule and by replaying it), drops rows past the SPRT's stop, sorts
/// the rows by game id, and writes the statistics and summary computed
/// from `games.csv` alone. The folder is locked meanwhile.
pub fn finish<G: Game>(experiment: &Experiment, dir: &Path) -> Result<Report> {
    let _lock = FolderLock::acquire(dir)?;
    let mut experiment = experiment.clone();
    let rules = experiment.resolve::<G>()?;
    let plan = OpeningPlan::new(&experiment, &G::start(rules))?;
    let schedule = Schedule::new(&experiment);
    let (found, _) = checked_rows(dir, &experiment, &schedule, &plan)?;
    let rewrite = found.partial_tail || !found.records.is_sorted_by_key(|r| r.game);
    let rows = found.records.iter().map(Row::read).collect();
    let ending = Ending {
        expected: schedule.shard_len(experiment.shard) as usize,
        pairs: schedule.pairs() as usize,
        note: plan.note(),
        provenance: &Provenance::read(&dir.join(files::EXPERIMENT)).summary_lines("run"),
    };
    complete(&experiment, dir, rows, rewrite, &ending)
}

/// What [`complete`] needs besides the rows: the number of games of the
/// run or shard, the run's colour-swapped pairs (all shards), what the
/// openings were, and the provenance lines of `summary.txt`.
struct Ending<'a> {
    expected: usize,
    pairs: usize,
    note: &'a OpeningsNote,
    provenance: &'a str,
}

/// [`finish`] on the rows of `games.csv` already in memory (`rewrite`:
/// the file is not sorted by game id as it should end). Writing the sorted
/// file and computing the statistics run in parallel on the current rayon
/// pool.
fn complete(
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
    let summary = output::summary(experiment, &stats, sprt_status.as_ref(), ending.note);
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

/// Checks that an experiment given again on `--resume` describes the
/// same games as the folder's; otherwise the error names each field that
/// differs with both values.
pub fn check_same<G: Game>(folder: &Experiment, given: &mut Experiment, dir: &Path) -> Result<()> {
    if given.game == folder.game {
        given.resolve::<G>()?;
    }
    let mut differences = folder.identity_differences(given);
    if folder.shard != given.shard {
        differences.push("shard".to_string());
    }
    if differences.is_empty() {
        return Ok(());
    }
    let listed: Vec<String> = differences
        .iter()
        .map(|field| {
            format!(
                "{field} is {} in the folder, {} given",
                folder.field_text(field),
                given.field_text(field)
            )
        })
        .collect();
    Err(ArenaError::bad_file(
        dir,
        format!(
            "holds another experiment ({}); --resume takes no run flags but --threads: \
             resume with the folder alone",
            listed.join("; ")
        ),
    ))
}
