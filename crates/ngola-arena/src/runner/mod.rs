//! Running a tournament: a fresh run, a resume after a kill, the SPRT
//! early stop, and the final summary written from `games.csv`.
//!
//! Workers on a rayon pool take games from the schedule in id order (an
//! atomic counter), play them, and append each row to `games.csv` at once
//! (group commit, see `SharedWriter` in the writer module). A kill loses at most the games in
//! flight; `--resume` reads the rows back, ignores a partial last line, and
//! plays exactly the games missing. When all games are in, the file is
//! rewritten sorted by game id (through a rename) unless its rows already
//! came in order, so that runs with any thread count, or resumed, give the
//! same file apart from the `time_s` column.
//!
//! Nothing of a finished game stays in memory: its row goes to the file
//! and its facts to the statistics, counted as games finish (in any
//! order, with constant memory), and the final sort reads the file back
//! through a heap of a few megabytes ([`crate::record::sort_rows`]), so a
//! run's memory does not grow with its games. [`finish`] counts the same
//! statistics from the file alone (a merge, or a folder checked by hand)
//! and gives the same summary.
//!
//! One process at a time writes a folder: each entry point holds the
//! folder's lock ([`FolderLock`]) while it works.

use ngola_agents::Resources;
use std::path::Path;

use ngola_agents::Evaluate;
use ngola_rules::Game;

use crate::contestant::Seats;
use crate::entry::AgentKind;
use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::lock::FolderLock;
use crate::openings::OpeningPlan;
use crate::progress::{Observer, Silent};
use crate::provenance::Provenance;
use crate::record::{read_games, GamesWriter};
use crate::ugi::UgiSeats;

mod check;
mod complete;
mod counting;
mod distinct;
pub mod files;
mod merge;
mod report;
mod tracking;
mod workers;

use check::checked_rows;
pub use check::{check_folder, check_rows, verify_rows, CheckedFolder, Present};
pub use complete::finish;
pub use files::{folder_experiment, holds_run};
pub use merge::{merge, merge_observed, IfExists, MergeObserver};
pub use report::{Report, SprtStatus};
use workers::{play_rest, Context};

/// What the calling program hands a run: whom to tell about its progress,
/// the git commit of the program's build (the folder's provenance), and
/// the agents' resources (the memory limit, the databases opened).
#[derive(Clone)]
pub struct Caller<'a> {
    /// Told about the run's progress (a progress bar, a stop flag).
    pub observer: &'a dyn Observer,
    /// The git commit of the calling program's build, or `unknown`.
    pub commit: &'a str,
    /// The memory limit of the agents' tables and the databases opened.
    pub resources: Resources,
}

impl Caller<'static> {
    /// Reports nothing, commit `unknown`, no memory limit (tests, benches).
    pub fn quiet() -> Caller<'static> {
        Caller {
            observer: &Silent,
            commit: "unknown",
            resources: Resources::default(),
        }
    }
}

/// `experiment` resolved for game `G`, with its rules, once everything a
/// run needs is checked: the external agents' seats, the agents' networks
/// and endgame databases, the adjudicator, the accuracy measure and the
/// memory the agents' tables take.
fn checked<G: Evaluate>(
    experiment: &Experiment,
    seats: &dyn Seats<G>,
    resources: &Resources,
) -> Result<(Experiment, G::Rules)> {
    check_seats(experiment, seats)?;
    let mut experiment = experiment.clone();
    let rules = experiment.resolve::<G>()?;
    check_agent_files::<G>(&experiment, &rules, resources)?;
    let databases = &resources.databases;
    crate::adjudicate::Adjudicator::<G>::new(&experiment.adjudicate, &rules, databases)?;
    crate::accuracy::measurer::<G>(&experiment, &G::start(rules), databases)?;
    experiment.check_memory(resources.memory)?;
    Ok((experiment, rules))
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

/// Checks that every network (`net=PATH`, `eval=net:PATH`) and endgame
/// database (`tb=DIR`) a built-in agent names opens and is of `rules`'
/// game and rules of play (a solver's database, of exactly `rules`), so
/// that no game is played with an agent that cannot be built or would not
/// use its files ([`ngola_agents::AgentSpec::check_files`]).
pub fn check_agent_files<G: Evaluate>(
    experiment: &Experiment,
    rules: &G::Rules,
    resources: &Resources,
) -> Result<()> {
    for (i, agent) in experiment.agents.iter().enumerate() {
        if let AgentKind::BuiltIn(spec) = &agent.kind {
            spec.check_files::<G>(resources, rules).map_err(|e| {
                ArenaError::field(format!("agents[{i}] (`{agent}`)"), e.to_string())
            })?;
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
///
/// ```
/// use ngola_arena::{runner, Caller, ExperimentDraft};
/// use ngola_rules::kalah::Kalah;
///
/// let experiment = ExperimentDraft::from_toml(
///     r#"
///     game = "kalah"
///     agents = ["random", "greedy", "alphabeta:depth=2"]
///     games = 6
///     seed = 3
///     opening_plies = 2
///     threads = 1
///     "#,
/// )
/// .unwrap()
/// .finish()
/// .unwrap();
/// let dir = std::env::temp_dir().join(format!("ngola-doc-run-{}", std::process::id()));
/// let report = runner::run::<Kalah>(&experiment, &dir, &Caller::quiet()).unwrap();
/// assert_eq!((report.played, report.stats.games), (18, 18));
/// // Standings are best first; every game is a row of games.csv.
/// let best = &report.stats.standings[0];
/// assert!(best.wdl.wins >= report.stats.standings[2].wdl.wins);
/// assert!(dir.join(runner::files::GAMES).exists());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
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
    let (experiment, rules) = checked::<G>(experiment, seats, &caller.resources)?;
    let inputs = crate::inputs::inputs_of::<G>(&experiment, &caller.resources.databases)?;
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
    if let Some(found) = other_entries(dir)? {
        return Err(ArenaError::bad_file(
            dir,
            format!(
                "holds files that are not a run's ({found}); a run writes summary.txt, \
                 standings.csv and more, replacing what is there: choose an empty or new --out"
            ),
        ));
    }
    let provenance = Provenance::now(experiment.threads, caller.commit);
    let played = (|| {
        write_experiment(dir, &experiment, &provenance)?;
        // After the experiment: a kill between the two leaves a run that
        // resumes (and records its inputs then), not a folder of strays.
        crate::inputs::write(dir, &inputs)?;
        let writer = GamesWriter::create(&dir.join(files::GAMES))?;
        let schedule = experiment.schedule();
        let present = Present::new(schedule.games());
        let context = Context {
            plan: &plan,
            schedule: &schedule,
            provenance: &provenance.summary_lines("run"),
            seats,
            resources: &caller.resources,
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

/// The entries of `dir` that a fresh run did not leave there, named (at
/// most three, then how many more), or `None` if it holds nothing else.
/// A fresh run leaves its lock and, if it stopped before its first game
/// ended, its engines' logs (`logs/`), so that the same command can run
/// again.
fn other_entries(dir: &Path) -> Result<Option<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| ArenaError::io(dir, e))? {
        let name = entry.map_err(|e| ArenaError::io(dir, e))?.file_name();
        if name != crate::lock::LOCK_FILE && name != crate::ugi::LOGS {
            names.push(name.to_string_lossy().into_owned());
        }
    }
    if names.is_empty() {
        return Ok(None);
    }
    names.sort();
    let more = names.len().saturating_sub(3);
    names.truncate(3);
    let mut text = names.join(", ");
    if more > 0 {
        text += &format!(" and {more} more");
    }
    Ok(Some(text))
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
        files::INPUTS,
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
    let mut file = crate::record::fresh_file(&tmp)?;
    std::io::Write::write_all(
        &mut file,
        experiment
            .to_toml_with(&provenance.toml_comments())
            .as_bytes(),
    )
    .map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        ArenaError::io(&tmp, e)
    })?;
    std::fs::rename(&tmp, &path).map_err(|e| ArenaError::io(&path, e))
}

/// Finishes the run in `dir` after a kill: keeps every complete row of
/// `games.csv` (each checked against the schedule and by replaying its
/// moves), plays exactly the games missing, and writes the summary. An
/// archived folder (`games.csv.gz` alone) is restored to `games.csv`
/// first ([`crate::record::restore_games`]).
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
    let (experiment, rules) = checked::<G>(experiment, seats, &caller.resources)?;
    let _lock = FolderLock::acquire(dir)?;
    // The networks and databases it reads are the ones it began with.
    let databases = &caller.resources.databases;
    crate::inputs::check_resumed(dir, &crate::inputs::inputs_of::<G>(&experiment, databases)?)?;
    // An archived run is resumed from its rows made plain again.
    crate::record::restore_games(dir)?;
    let start = G::start(rules);
    let plan = OpeningPlan::new(&experiment, &start)?;
    let schedule = experiment.schedule();
    let (found, present) = checked_rows(dir, &experiment, &schedule, &plan, databases)?;
    let writer = GamesWriter::reopen(&dir.join(files::GAMES), &found)?;
    let mut summary_lines = Provenance::read(&dir.join(files::EXPERIMENT)).summary_lines("run");
    summary_lines += &Provenance::now(experiment.threads, caller.commit).summary_lines("resumed");
    let context = Context {
        plan: &plan,
        schedule: &schedule,
        provenance: &summary_lines,
        seats,
        resources: &caller.resources,
    };
    play_rest::<G>(
        &experiment,
        dir,
        (writer, found.records, present),
        caller.observer,
        &context,
    )
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
