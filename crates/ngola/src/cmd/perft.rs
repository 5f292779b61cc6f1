//! `ngola perft <game> <depth>`: one line `D N` per depth 1..=depth.

use std::io::Write;

use clap::Args;

use ngola_rules::{perft::perft, with_game, Game};

use crate::cli_error::CliError;
use crate::game_args::GameArgs;

/// Arguments of `ngola perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The deepest depth to count (every depth from 1 up is printed).
    depth: u32,
}

/// Prints `D N` for every depth D from 1 to the given depth.
pub fn run(args: PerftArgs) -> Result<(), CliError> {
    with_game!(args.game.game, G => print_table::<G>(&args))
}

fn print_table<G: Game>(args: &PerftArgs) -> Result<(), CliError> {
    let game: G = args.game.setup()?;
    let mut out = std::io::stdout().lock();
    for depth in 1..=args.depth {
        let count = perft(&game, depth);
        writeln!(out, "{depth} {count}").map_err(CliError::stdout)?;
        out.flush().map_err(CliError::stdout)?;
    }
    Ok(())
}
