//! `ngola tournament [EXPERIMENT] [flags]`: plays a tournament between
//! agents, from an experiment file (TOML, see `experiments/`) and/or
//! flags (which override the file's fields), or finishes a killed run
//! with `--resume DIR`.
//!
//! Without `--out`, results go to `results/runs/<name>-<UTC time>` (plus
//! `-shard-<i>-of-<n>` for a shard), where `<name>` is the experiment's
//! `name`, else the file's stem, else `tournament`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Args;

use ngola_arena::entry::is_valid_name;
use ngola_arena::experiment::{check_threads, OpeningPlies};
use ngola_arena::provenance::{unix_now, utc_stamp};
use ngola_arena::record::{self, GamesFormat};
use ngola_arena::{
    runner, Caller, EngineConfig, Experiment, ExperimentDraft, Observer, Report, Silent,
};
use ngola_rules::with_game;

use crate::cli_error::{print, CliError};
use crate::host::pause::{PausePoint, Pausing};
use crate::host::{progress::Bar, GIT_COMMIT};

/// Arguments of `ngola tournament`.
#[derive(Args, Debug, Default)]
pub struct TournamentArgs {
    /// An experiment file (TOML); flags given too override its fields.
    #[arg(value_name = "EXPERIMENT")]
    experiment: Option<PathBuf>,
    /// The game: mangola, umelbagara, kalah or oware.
    #[arg(long)]
    game: Option<String>,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// An agent: [NAME=]SPEC, e.g. random, ab4=alphabeta:depth=4, mine=engine:mine (repeatable, in order; replaces the file's list).
    #[arg(long = "agent", value_name = "[NAME=]SPEC")]
    agents: Vec<String>,
    /// An external UGI engine: NAME=COMMAND, split into words as a shell would (no shell runs it); the agent `engine:NAME` (repeatable).
    #[arg(long = "engine", value_name = "NAME=COMMAND")]
    engines: Vec<String>,
    /// Time control for every agent: BASE+INC in seconds, e.g. 10+0.1.
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<String>,
    /// Milliseconds a clock may run over in all (its debt is kept across moves) before its side loses [default: 100].
    #[arg(long, value_name = "MS")]
    timemargin: Option<u64>,
    /// round-robin (every pair of agents) or gauntlet (the first agent against each other).
    #[arg(long)]
    format: Option<String>,
    /// Games per pairing, both colours included (even) [default: 10].
    #[arg(long)]
    games: Option<u32>,
    /// Master seed of the schedule [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Random plies played before each colour-swapped pair (the same for both games; a distinct position for each pair of a pairing); 0 for none [default: the fewest that give each pair its own opening, stated in the summary].
    #[arg(long, value_name = "K")]
    opening_plies: Option<u32>,
    /// An opening suite: one opening per line (moves from the start, or a position text); each is played by a pair of each pairing.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The order of the suite's openings: sequential or random [default: sequential].
    #[arg(long, value_name = "ORDER")]
    openings_order: Option<String>,
    /// Draw each pair's opening from its own seed, repeats allowed (as before openings were distinct; the summary says so).
    #[arg(long)]
    allow_repeated_openings: bool,
    /// End games early: tablebase=DIR (a position the endgame database decides ends the game with its value, reason tablebase) or majority (Kalah, Oware: a side holding more than half the seeds wins, reason majority); repeatable.
    #[arg(long, value_name = "HOW")]
    adjudicate: Vec<String>,
    /// Measure every agent's moves against the endgame database in DIR (accuracy.csv, and a table in the summary).
    #[arg(long, value_name = "DIR")]
    accuracy: Option<PathBuf>,
    /// The agent rated 0 in ratings.csv: its id or spec [default: the first agent].
    #[arg(long, value_name = "NAME")]
    anchor: Option<String>,
    /// Worker threads, 1 to 1024 (results do not depend on it) [default: all cores].
    #[arg(long)]
    threads: Option<usize>,
    /// Output folder [default: results/runs/<name>-<UTC time>].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Play only shard i of n (1 <= i <= n); merge the folders with `ngola merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Stop a two-agent match early: elo0=..,elo1=..[,alpha=0.05][,beta=0.05].
    #[arg(long, value_name = "PARAMS")]
    sprt: Option<String>,
    /// The experiment's name (names the default output folder).
    #[arg(long)]
    name: Option<String>,
    /// Finish the run in DIR after a kill (plays exactly the games missing).
    #[arg(long, value_name = "DIR")]
    resume: Option<PathBuf>,
    /// How the games are kept once the run completes: `csv` (games.csv) or
    /// `csv.gz` (games.csv.gz alone: gzip, read by pandas and polars as it is;
    /// resume, merge, plot and replay read it) [default: csv; with --resume,
    /// as the folder kept them].
    #[arg(long, value_name = "FORMAT")]
    format_out: Option<GamesFormat>,
    /// No progress bar and no summary table (the folder has everything).
    #[arg(long, short)]
    quiet: bool,
}

fn draft(args: &TournamentArgs) -> Result<ExperimentDraft, CliError> {
    let file = match &args.experiment {
        Some(path) => ExperimentDraft::from_file(path)?,
        None => ExperimentDraft::default(),
    };
    crate::game_args::check_rule_flags(&args.rules)?;
    let rules = args
        .rules
        .iter()
        .map(|text| {
            text.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| CliError::input(format!("--rule `{text}`: expected key=value")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut engines = BTreeMap::new();
    for text in &args.engines {
        let (name, command) = parse_engine(text)?;
        engines.insert(name, command);
    }
    let flags = ExperimentDraft {
        name: args.name.clone(),
        game: args.game.clone(),
        rules,
        agents: (!args.agents.is_empty()).then(|| args.agents.clone()),
        format: args.format.clone(),
        games: args.games,
        seed: args.seed,
        opening_plies: args.opening_plies.map(OpeningPlies::Plies),
        threads: args.threads,
        sprt: args.sprt.clone(),
        shard: args.shard.clone(),
        out: args.out.clone(),
        openings: args.openings.clone(),
        openings_order: args.openings_order.clone(),
        allow_repeated_openings: args.allow_repeated_openings.then_some(true),
        anchor: args.anchor.clone(),
        engines,
        tc: args.tc.clone(),
        timemargin: args.timemargin,
        adjudicate: (!args.adjudicate.is_empty()).then(|| args.adjudicate.clone()),
        accuracy: args.accuracy.clone(),
        ..ExperimentDraft::default()
    };
    Ok(file.overlay(flags))
}

/// Reads `--engine NAME=COMMAND`: COMMAND split into words as a POSIX
/// shell would (quotes, backslashes), without running a shell.
fn parse_engine(text: &str) -> Result<(String, EngineConfig), CliError> {
    let bad = |why: &str| CliError::input(format!("--engine `{text}`: {why}"));
    let (name, command) = text
        .split_once('=')
        .ok_or_else(|| bad("expected NAME=COMMAND, e.g. mine=\"python3 bots/mine.py\""))?;
    let name = name.trim();
    if !is_valid_name(name) {
        return Err(bad("the name uses letters, digits, `.`, `_` and `-` only"));
    }
    let words = shlex::split(command).ok_or_else(|| bad("unbalanced quotes in the command"))?;
    if words.is_empty() {
        return Err(bad("the command is empty"));
    }
    Ok((
        name.to_string(),
        EngineConfig {
            command: words,
            ..EngineConfig::default()
        },
    ))
}

/// Runs or resumes a tournament and prints its summary.
pub fn run(args: TournamentArgs) -> Result<(), CliError> {
    let draft = draft(&args)?;
    let bar;
    let observer: &dyn Observer = if args.quiet {
        &Silent
    } else {
        bar = Bar::new();
        &bar
    };
    let pausing;
    let observer = match PausePoint::from_env()? {
        Some(point) => {
            pausing = Pausing::new(observer, point);
            &pausing
        }
        None => observer,
    };
    let caller = Caller {
        observer,
        commit: GIT_COMMIT,
        resources: crate::host::resources(),
    };
    let format = match &args.resume {
        Some(dir) if args.format_out.is_none() && record::is_archived(dir) => GamesFormat::CsvGz,
        _ => args.format_out.unwrap_or_default(),
    };
    let report = match &args.resume {
        Some(dir) => resume(draft, dir, args.threads, &caller)?,
        None => {
            let experiment = draft.finish()?;
            let dir = experiment
                .out
                .clone()
                .unwrap_or_else(|| default_out(&experiment));
            with_game!(experiment.game, G => runner::run::<G>(&experiment, &dir, &caller))?
        }
    };
    keep_games(&report.dir, format)?;
    if args.quiet {
        return Ok(());
    }
    print_report(&report)
}

/// Keeps the games of the completed run in `dir` as `format` says:
/// archived (`csv.gz`) or as they are.
pub fn keep_games(dir: &Path, format: GamesFormat) -> Result<(), CliError> {
    if format == GamesFormat::CsvGz {
        record::archive_games(dir)?;
    }
    Ok(())
}

fn resume(
    draft: ExperimentDraft,
    dir: &Path,
    threads: Option<usize>,
    caller: &Caller,
) -> Result<Report, CliError> {
    if draft.out.is_some() {
        return Err(CliError::input(
            "--out cannot be used with --resume (the run stays in its folder)",
        ));
    }
    if draft.anchor.is_some() {
        return Err(CliError::input(
            "--anchor cannot be used with --resume (the run keeps the anchor of its experiment.toml)",
        ));
    }
    let mut folder = runner::folder_experiment(dir)?;
    if let Some(threads) = threads {
        folder.threads = check_threads(threads)?;
    }
    // Flags or a file given with --resume are checked against the folder's
    // run: laid over its experiment, they must not change the games.
    let given = if draft.sets_identity() {
        let base = ExperimentDraft::from_file(&dir.join(runner::files::EXPERIMENT))?;
        Some(base.overlay(draft).finish()?)
    } else {
        None
    };
    with_game!(folder.game, G => {
        if let Some(mut given) = given {
            runner::check_same::<G>(&folder, &mut given, dir)?;
        }
        Ok(runner::resume::<G>(&folder, dir, caller)?)
    })
}

/// Prints the summary and where the files are.
pub fn print_report(report: &Report) -> Result<(), CliError> {
    let mut text = report.summary.clone();
    let mut line = format!("\nresults in {}", report.dir.display());
    if report.played > 0 || report.resumed > 0 {
        line += &format!(" ({} games played now", report.played);
        if report.resumed > 0 {
            line += &format!(", {} from before", report.resumed);
        }
        if report.discarded > 0 {
            line += &format!(", {} past the SPRT stop left out", report.discarded);
        }
        line += ")";
    }
    text += &line;
    text.push('\n');
    print(&text)
}

/// `results/runs/<name>-<UTC yyyymmdd-hhmmss>[-shard-i-of-n]`.
fn default_out(experiment: &Experiment) -> PathBuf {
    let mut name = format!("{}-{}", experiment.name, utc_stamp(unix_now()));
    if let Some(shard) = experiment.shard {
        name += &format!("-shard-{}-of-{}", shard.index, shard.count);
    }
    Path::new("results").join("runs").join(name)
}
