//! `ngola bench engine`: what the UGI round trip costs. Plays the same
//! Kalah match twice through the tournament runner: the random agent
//! against itself as external engines (`ngola engine kalah --agent random`,
//! two processes per worker, spoken to over pipes), then as the built-in
//! agent; prints games per second of both and the time per move (one
//! `position ... go` / `bestmove` round trip).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use ngola_arena::runner;
use ngola_arena::{Caller, EngineConfig, ExperimentDraft};
use ngola_rules::kalah::Kalah;

use crate::cli_error::{print, CliError};

/// Arguments of `ngola bench engine`.
#[derive(Args, Debug)]
pub struct EngineBenchArgs {
    /// Games of each match (even).
    #[arg(long, default_value_t = 2000)]
    games: u32,
    /// Worker threads of each match.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// One timed match: seconds, games, plies.
struct Timed {
    seconds: f64,
    games: u64,
    plies: u64,
}

fn play(
    name: &str,
    agents: &[&str],
    engines: BTreeMap<String, EngineConfig>,
    args: &EngineBenchArgs,
) -> Result<Timed, CliError> {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("ngola-bench-engine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let experiment = ExperimentDraft {
        game: Some("kalah".to_string()),
        agents: Some(agents.iter().map(|a| a.to_string()).collect()),
        games: Some(args.games),
        threads: Some(args.threads),
        // Every game from the start: the random agents' seeds vary the
        // games, and an engine is not counted on to use its seed.
        allow_repeated_openings: Some(true),
        engines,
        ..ExperimentDraft::default()
    }
    .finish()?;
    let clock = Instant::now();
    let report = runner::run::<Kalah>(&experiment, &dir, &Caller::quiet());
    let seconds = clock.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    let report = report?;
    Ok(Timed {
        seconds,
        games: report.stats.games,
        plies: (report.stats.mean_plies * report.stats.games as f64).round() as u64,
    })
}

/// Runs the benchmark and prints its figures.
pub fn run(args: EngineBenchArgs) -> Result<(), CliError> {
    if args.games == 0 || args.games % 2 == 1 || args.threads == 0 {
        return Err(CliError::input(
            "--games must be even and at least 2, --threads at least 1",
        ));
    }
    let program = std::env::current_exe()
        .map_err(|e| CliError::failure(format!("cannot find the ngola program: {e}")))?;
    let command: Vec<String> = [
        program.to_string_lossy().as_ref(),
        "engine",
        "kalah",
        "--agent",
        "random",
    ]
    .iter()
    .map(|w| w.to_string())
    .collect();
    let engines = BTreeMap::from([(
        "random".to_string(),
        EngineConfig {
            command: command.clone(),
            ..EngineConfig::default()
        },
    )]);
    let external = play(
        "external",
        &["a=engine:random", "b=engine:random"],
        engines,
        &args,
    )?;
    let built_in = play("builtin", &["random", "random"], BTreeMap::new(), &args)?;
    let per_move = |t: &Timed| 1e6 * t.seconds / t.plies.max(1) as f64;
    // One write: a full or closed standard output is an error naming it.
    print(&format!(
        "Kalah, random against random, {} games, {} thread(s)\n\
         external engines (`ngola engine kalah --agent random`, 2 processes per thread): {:.3} s, {:.0} games/s, {} moves, {:.1} µs per move\n\
         built-in agents: {:.3} s, {:.0} games/s, {} moves, {:.3} µs per move\n\
         round trip per move (external minus built-in, per move): {:.1} µs\n",
        args.games,
        args.threads,
        external.seconds,
        external.games as f64 / external.seconds,
        external.plies,
        per_move(&external),
        built_in.seconds,
        built_in.games as f64 / built_in.seconds,
        built_in.plies,
        per_move(&built_in),
        (external.seconds - built_in.seconds) / external.plies.max(1) as f64 * 1e6
    ))?;
    Ok(())
}
