//! `ngola bench search <game>`: search speed from a position (default the
//! start), on one thread: alpha-beta nodes per second (iterative deepening
//! until a node budget) and MCTS simulations per second (full random
//! rollouts, one per simulation, tree from scratch), each after a warm-up
//! search, from a fixed seed. Prints a small table.

use std::io::Write;
use std::time::Instant;

use clap::Args;

use ngola_agents::alphabeta::{AlphaBeta, AlphaBetaConfig, MAX_DEPTH};
use ngola_agents::mcts::{Mcts, MctsConfig};
use ngola_agents::{EvalKind, Evaluate};
use ngola_rules::with_game;

use crate::cli_error::CliError;
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
    let mut rows = Vec::new();
    for eval in [EvalKind::Heuristic, EvalKind::Material] {
        let config = AlphaBetaConfig {
            depth: MAX_DEPTH,
            nodes: Some(args.nodes),
            eval,
            ..AlphaBetaConfig::default()
        };
        // Warm-up: a tenth of the budget, own table.
        AlphaBeta::<G>::new(AlphaBetaConfig {
            nodes: Some((args.nodes / 10).max(1)),
            ..config.clone()
        })
        .search(&game);
        let mut searcher = AlphaBeta::<G>::new(config);
        let start = Instant::now();
        let info = searcher.search(&game);
        let secs = start.elapsed().as_secs_f64();
        rows.push((
            format!("alphabeta:nodes={},eval={eval}", args.nodes),
            format!("{} nodes, depth {}", info.nodes, info.depth),
            secs,
            format!("{} nodes/s", per_second(info.nodes, secs)),
        ));
    }
    for (solver, label) in [(false, "false"), (true, "true")] {
        let config = MctsConfig {
            sims: Some(args.sims),
            solver,
            reuse: false,
            ..MctsConfig::default()
        };
        Mcts::<G>::new(
            MctsConfig {
                sims: Some((args.sims / 10).max(1)),
                ..config.clone()
            },
            args.seed,
        )
        .search(&game);
        let mut mcts = Mcts::<G>::new(config, args.seed);
        let start = Instant::now();
        let info = mcts.search(&game);
        let secs = start.elapsed().as_secs_f64();
        rows.push((
            format!("mcts:sims={},solver={label}", args.sims),
            format!("{} sims", info.sims),
            secs,
            format!("{} sims/s", per_second(info.sims, secs)),
        ));
    }
    let mut out = std::io::stdout().lock();
    let mut text = format!(
        "{:<40} {:>18} {:>9} {:>18}\n",
        "search", "work", "time", "rate"
    );
    for (name, work, secs, rate) in rows {
        text += &format!("{name:<40} {work:>18} {secs:>8.3}s {rate:>18}\n");
    }
    out.write_all(text.as_bytes()).map_err(CliError::failure)?;
    out.flush().map_err(CliError::failure)
}

fn per_second(count: u64, secs: f64) -> u64 {
    if secs > 0.0 {
        (count as f64 / secs).round() as u64
    } else {
        0
    }
}
