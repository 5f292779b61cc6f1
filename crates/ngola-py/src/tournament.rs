//! `ngola.tournament` (the arena's runner, GIL released, stopped cleanly
//! by Ctrl-C, with Python callables seated as external agents, see
//! [`crate::callables`]) and `ngola.load_run`'s check of a folder.

use crate::host::resources;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;

use ngola_arena::experiment::OpeningPlies;
use ngola_arena::{runner, ArenaError, Caller, ExperimentDraft, Observer, Report};
use ngola_rules::with_game;

use crate::agent::parse_spec;
use crate::callables::PySeats;
use crate::errors::{self, guard};
use crate::game::PyGame;
use crate::host::{Bar, GIT_COMMIT};
use crate::interrupt::run_interruptible;
use crate::selfplay::whole_number;

/// The bindings' observer: the progress bar unless quiet, and the stop
/// flag raised by Ctrl-C.
struct Watch<'a> {
    bar: Option<Bar>,
    stop: &'a AtomicBool,
}

impl Observer for Watch<'_> {
    fn start(&self, total: u64, done: u64) {
        if let Some(bar) = &self.bar {
            bar.start(total, done);
        }
    }

    fn game_done(&self, done: u64, leader: Option<(&str, f64)>) {
        if let Some(bar) = &self.bar {
            bar.game_done(done, leader);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish();
        }
    }

    fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// An arena error as the package's exception: bad input is `RunError`.
fn arena_error(error: ArenaError) -> PyErr {
    if error.is_input() {
        errors::run(error)
    } else {
        errors::failure(error)
    }
}

/// Plays a tournament into `out` (or finishes the run there when `resume`
/// is true and the folder holds one) and returns the summary text.
#[pyfunction]
#[pyo3(signature = (game, agents, games, *, seed, threads, opening_plies, format, out, quiet, resume, allow_repeated_openings=false))]
#[allow(clippy::too_many_arguments)]
pub fn run_tournament(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    agents: Vec<(String, Bound<'_, PyAny>)>,
    games: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    opening_plies: Option<&Bound<'_, PyAny>>,
    format: &str,
    out: PathBuf,
    quiet: bool,
    resume: bool,
    allow_repeated_openings: bool,
) -> PyResult<String> {
    guard(|| {
        let game = PyGame::from_py(game)?;
        // Each agent under its name: `NAME=SPEC`, or `NAME=engine:NAME`
        // for a callable, which `PySeats` seats.
        let mut entries = Vec::with_capacity(agents.len());
        let mut callables = Vec::new();
        for (name, agent) in &agents {
            if let Ok(text) = agent.extract::<String>() {
                parse_spec(&text)
                    .map_err(|e| errors::spec(format!("agent `{name}` (`{text}`): {e}")))?;
                entries.push(format!("{name}={text}"));
            } else if agent.is_callable() {
                entries.push(format!("{name}=engine:{name}"));
                callables.push((name.clone(), agent.clone().unbind()));
            } else {
                return Err(errors::spec(format!(
                    "agent `{name}`: give a spec string such as \"alphabeta:depth=4\" \
                     or a callable f(state) -> move"
                )));
            }
        }
        let seats = PySeats::new(callables);
        let to_u32 = |value: &Bound<'_, PyAny>, field: &str| -> PyResult<u32> {
            u32::try_from(whole_number(value, field)?)
                .map_err(|_| errors::run(format!("{field}: more than {}", u32::MAX)))
        };
        let draft = ExperimentDraft {
            game: Some(game.rules.kind().name().to_string()),
            rules: game.rules.pairs(),
            agents: Some(entries),
            format: Some(format.to_string()),
            games: Some(to_u32(games, "games")?),
            seed: Some(whole_number(seed, "seed")?),
            // None: the program's default, the fewest plies that give each
            // pair its own opening.
            opening_plies: opening_plies
                .map(|k| to_u32(k, "opening_plies").map(OpeningPlies::Plies))
                .transpose()?,
            allow_repeated_openings: Some(allow_repeated_openings),
            threads: Some(crate::selfplay::thread_count(threads)?),
            out: Some(out.clone()),
            ..ExperimentDraft::default()
        };
        let mut experiment = draft.finish().map_err(arena_error)?;
        let report: Result<Report, ArenaError> = run_interruptible(py, |stop| {
            let watch = Watch {
                bar: (!quiet).then(Bar::new),
                stop,
            };
            let caller = Caller {
                observer: &watch,
                commit: GIT_COMMIT,
                resources: resources().clone(),
            };
            with_game!(experiment.game, G => {
                if resume && runner::holds_run(&out) {
                    let mut folder = runner::folder_experiment(&out)?;
                    runner::check_same::<G>(&folder, &mut experiment, &out)?;
                    folder.threads = experiment.threads;
                    runner::resume_with::<G>(&folder, &out, &caller, &seats)
                } else {
                    runner::run_with::<G>(&experiment, &out, &caller, &seats)
                }
            })
        })?;
        Ok(report.map_err(arena_error)?.summary)
    })
}

/// Checks that `dir` holds a tournament run (its `experiment.toml` reads)
/// and returns the experiment file's text.
#[pyfunction]
pub fn read_run(dir: PathBuf) -> PyResult<String> {
    guard(|| {
        runner::folder_experiment(&dir).map_err(arena_error)?;
        let path = dir.join(runner::files::EXPERIMENT);
        std::fs::read_to_string(&path)
            .map_err(|e| errors::failure(format!("{}: {e}", path.display())))
    })
}
