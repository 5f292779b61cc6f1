//! `ngola chances <game> [--rule ...] [--position ...]`: the exact chances
//! of each result under uniform random play (both sides draw every move
//! uniformly among the legal ones, as the `random` agent does), for boards
//! small enough to walk every reachable position.
//!
//! Output, one item per line:
//!
//! ```text
//! south_wins 0.436201234567   probability that South (the first player) wins
//! draws 0.110801234567        probability of a draw
//! north_wins 0.452997530866   probability that North wins
//! south_score 0.491601851851  South's expected score, a draw counting half
//! positions 123456            positions (not over) whose chances were computed
//! time 0.012s                 wall-clock time
//! ```
//!
//! `south_score` is the quantity a random self-play tournament's
//! first-player line estimates: its interval should cover this value.

use std::time::Instant;

use clap::Args;

use ngola_agents::Evaluate;
use ngola_rules::with_game;
use ngola_study::measures::exact_chances;

use crate::cli_error::{print, CliError};
use crate::game_args::GameArgs;

/// Arguments of `ngola chances`.
#[derive(Args, Debug)]
pub struct ChancesArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The most positions to hold (about 100 bytes each; Oware's, which
    /// carry the boards since the last capture, far more); a board with
    /// more reachable positions fails with exit 1.
    #[arg(long, default_value_t = 20_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    max_positions: u64,
}

/// Computes and prints the chances of each result.
pub fn run(args: ChancesArgs) -> Result<(), CliError> {
    with_game!(args.game.game, G => chances::<G>(&args))
}

fn chances<G: Evaluate + Eq + std::hash::Hash>(args: &ChancesArgs) -> Result<(), CliError> {
    let game: G = args.game.setup()?;
    let began = Instant::now();
    let found = exact_chances(&game, args.max_positions)
        .map_err(|e| CliError::failure(format!("--max-positions {}: {e}", args.max_positions)))?;
    print(&format!(
        "south_wins {:.12}\ndraws {:.12}\nnorth_wins {:.12}\nsouth_score {:.12}\npositions {}\ntime {:.3}s\n",
        found.south_wins,
        found.draws,
        found.north_wins,
        found.south_score(),
        found.positions,
        began.elapsed().as_secs_f64()
    ))
}
