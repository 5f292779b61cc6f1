//! `ngola bench search <game>`: search speed from a position (default the
//! start), on one thread: alpha-beta nodes per second (iterative deepening
//! until a node budget) and MCTS simulations per second (full random
//! rollouts, one per simulation, tree from scratch), each after a warm-up
//! search, from a fixed seed. Prints a small table.

use clap::Args;

use ngola_agents::bench::{time_alphabeta, time_mcts};
use ngola_agents::{EvalKind, Evaluate};
use ngola_rules::with_game;

use crate::cli_error::{print, CliError};
use crate::game_args::GameArgs;

/// Arguments of `ngola bench search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Alpha-beta's node budget.
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// MCTS simulations to time (one search).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    sims: u64,
    /// Seed of MCTS's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// MCTS's UCT exploration constant.
    #[arg(long, default_value_t = 1.4)]
    c: f64,
    /// Time only MCTS without the solver (as OpenSpiel's MCTSBot with
    /// solve=false); the last line is then `mcts-sims/s <number>`.
    #[arg(long)]
    mcts_only: bool,
}

/// Runs both searches and prints the table.
pub fn run(args: SearchArgs) -> Result<(), CliError> {
    with_game!(args.game.game, G => bench::<G>(&args))
}

fn bench<G: Evaluate>(args: &SearchArgs) -> Result<(), CliError> {
    let game: G = args.game.setup()?;
    if game.outcome().is_some() {
        return Err(CliError::input("the position is a finished game"));
    }
    let mut timings = Vec::new();
    if !args.mcts_only {
        for eval in [EvalKind::Heuristic, EvalKind::Material] {
            timings.push(time_alphabeta(&game, args.nodes, eval));
        }
    }
    let solver_modes: &[bool] = if args.mcts_only {
        &[false]
    } else {
        &[false, true]
    };
    for &solver in solver_modes {
        timings.push(time_mcts(&game, args.sims, args.c, solver, args.seed));
    }
    let mut text = format!(
        "{:<40} {:>18} {:>9} {:>18}\n",
        "search", "work", "time", "rate"
    );
    for t in &timings {
        let work = if t.detail.is_empty() {
            format!("{} {}", t.work, t.unit)
        } else {
            format!("{} {}, {}", t.work, t.unit, t.detail)
        };
        let rate = format!("{} {}/s", t.per_second(), t.unit);
        text += &format!(
            "{:<40} {work:>18} {:>8.3}s {rate:>18}\n",
            t.label, t.seconds
        );
    }
    if let (true, Some(last)) = (args.mcts_only, timings.last()) {
        text += &format!("mcts-sims/s {}\n", last.per_second());
    }
    print(&text)
}
