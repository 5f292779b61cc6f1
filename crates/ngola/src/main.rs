//! `ngola`: the command-line program over the rules, the agents and the
//! tournament runner.
//!
//! Exit codes: 0 success, 2 bad input (unknown game, rule, position, move,
//! agent spec, file), 1 any other failure (among them a standard output
//! that cannot be written: a full disk, a closed pipe).

mod cli_error;
mod cmd;
mod game_args;
mod host;
mod play_session;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use cli_error::CliError;

/// mimalloc instead of the system allocator: games, agents and rows are
/// allocated and freed on every worker thread, where glibc's allocator
/// both costs more per call and hands big blocks back to the kernel.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// ngola: rules, agents and tournaments for mancala games.
#[derive(Parser)]
#[command(name = "ngola", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move sequences of each length from a position.
    Perft(cmd::perft::PerftArgs),
    /// Play moves from a position, printing each position; checks legality.
    Replay(cmd::replay::ReplayArgs),
    /// Benchmarks: move generation (random playouts) and search.
    #[command(subcommand)]
    Bench(cmd::bench::BenchCommand),
    /// Play a tournament between agents (round robin or gauntlet), or resume one.
    Tournament(Box<cmd::tournament::TournamentArgs>),
    /// Merge the output folders of a tournament's shards.
    Merge(cmd::merge::MergeArgs),
    /// Write an opening suite: distinct random openings, optionally balanced.
    Openings(cmd::openings::OpeningsArgs),
    /// Play against an agent in the terminal; saves a game record.
    Play(cmd::play::PlayArgs),
    /// Draw a position, or every ply of a game record, as SVG (or an HTML page).
    Render(cmd::render::RenderArgs),
    /// Plot a tournament's results (cross-table, Elo, first player) as SVG.
    Plot(cmd::plot::PlotArgs),
    /// Solve a position exactly (small boards): value, margin, best line.
    Solve(cmd::solve::SolveArgs),
    /// Exact chances of each result under uniform random play (small boards).
    Chances(cmd::chances::ChancesArgs),
    /// Prove who wins (proof-number search), with a checkable certificate; or check one.
    Prove(Box<cmd::prove::ProveArgs>),
    /// Serve an agent over a stdin/stdout line protocol (position, moves, go).
    Engine(cmd::engine::EngineArgs),
    /// Play a study's cells (a sweep over agents and rule variants), only what is missing.
    Study(cmd::study::StudyArgs),
    /// Write a study's report (REPORT.md, tables, plots), leading with the exact values.
    Report(cmd::report::ReportArgs),
    /// Endgame databases (Kalah, Oware, Um el-Bagara): build, verify, info, probe.
    #[command(subcommand)]
    Tablebase(cmd::tablebase::TablebaseCommand),
    /// Train a policy-and-value network by self-play (AlphaZero-style), or resume.
    Train(Box<cmd::train::TrainArgs>),
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Perft(args) => cmd::perft::run(args),
        Command::Replay(args) => cmd::replay::run(args),
        Command::Bench(command) => cmd::bench::run(command),
        Command::Tournament(args) => cmd::tournament::run(*args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Openings(args) => cmd::openings::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Render(args) => cmd::render::run(args),
        Command::Plot(args) => cmd::plot::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Chances(args) => cmd::chances::run(args),
        Command::Prove(args) => cmd::prove::run(*args),
        Command::Engine(args) => cmd::engine::run(args),
        Command::Study(args) => cmd::study::run(args),
        Command::Report(args) => cmd::report::run(args),
        Command::Tablebase(command) => cmd::tablebase::run(command),
        Command::Train(args) => cmd::train::run(*args),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage(&err),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report(&err),
    }
}

/// Prints the error (unless quiet) and gives its exit code.
fn report(err: &CliError) -> ExitCode {
    if !err.quiet {
        // Nothing is left to tell if standard error fails too.
        let _ = writeln!(std::io::stderr().lock(), "ngola: {}", err.message);
    }
    ExitCode::from(err.code)
}

/// Prints clap's help, version or usage error; help and version go to
/// standard output, whose failure is reported like any command's.
fn usage(err: &clap::Error) -> ExitCode {
    let code = err.exit_code().clamp(0, 255) as u8;
    let printed = err.print().and_then(|()| std::io::stdout().flush());
    match printed {
        Err(io) if !err.use_stderr() => report(&CliError::stdout(io)),
        _ => ExitCode::from(code),
    }
}
