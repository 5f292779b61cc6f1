//! `ngola solve <game> [--rule ...] [--position ...]`: the exact value of a
//! position under perfect play, for boards small enough to solve.
//!
//! Output, one item per line:
//!
//! ```text
//! value win 2        result and final margin from the side to move's view
//! pv a2 b1 a1        a principal variation (best moves of both sides)
//! plies 7            unscored games (Mangola) with a decisive result only:
//!                    plies to the end (shortest win, longest loss)
//! nodes 1234         positions searched
//! time 0.012s        wall-clock time
//! ```
//!
//! With `--moves`, then one line per legal move, in move order, with the
//! value the side to move gets by playing it (result and margin, each move
//! solved on its own):
//!
//! ```text
//! move a1 loss -2
//! move a2 win 2
//! ```
//!
//! Under the swap rule (`--rule swap=true`) from the start, a first move
//! whose value is `draw 0` leaves the game balanced: whatever North does,
//! swap or not, perfect play draws.
//!
//! The margin is the final difference of the game's totals (Kalah: store
//! plus own pits; Um el-Bagara: taken plus own houses; Oware: score) and 0
//! for Mangola, which has no score. Lines that reach the ply cap
//! (`max_plies`) end there as the rules say; see `ngola_agents::solver`.

use clap::Args;

use ngola_agents::solver::{Solution, Solver, SolverConfig, MAX_LINE_PLIES};
use ngola_agents::Evaluate;
use ngola_rules::{with_game, MoveList};

use crate::cli_error::{print, CliError};
use crate::game_args::GameArgs;

/// Arguments of `ngola solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Transposition-table size in MiB (at most the memory available).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65536))]
    tt: u32,
    /// Also solve every legal move and print its value for the side to move
    /// (`move MOVE RESULT MARGIN`, one line each).
    #[arg(long)]
    moves: bool,
}

/// Solves the position and prints value, principal variation, nodes, time.
pub fn run(args: SolveArgs) -> Result<(), CliError> {
    with_game!(args.game.game, G => solve::<G>(&args))
}

fn solve<G: Evaluate>(args: &SolveArgs) -> Result<(), CliError> {
    let game: G = args.game.setup()?;
    // A table the machine cannot hold is refused before anything is
    // allocated (exit 2, naming the limit).
    let mut solver = Solver::<G>::try_new(
        &SolverConfig {
            tt_mb: args.tt,
            tb: None,
        },
        crate::host::memory_limit(),
    )
    .map_err(|e| CliError::input(format!("--tt {}: {e}", args.tt)))?;
    let solution = solver.solve(&game);
    too_deep(&solution)?;
    let pv: Vec<String> = solution.pv.iter().map(|m| m.to_string()).collect();
    let mut text = format!(
        "value {} {}\npv {}\n",
        solution.result_word(),
        solution.margin,
        pv.join(" ")
    );
    if let Some(plies) = solution.plies {
        text += &format!("plies {plies}\n");
    }
    if solution.repetitions > 0 {
        text += &format!("repetitions {}\n", solution.repetitions);
    }
    text += &format!(
        "nodes {}\ntime {:.3}s\n",
        solution.nodes,
        solution.time.as_secs_f64()
    );
    if args.moves {
        text += &move_values(&mut solver, &game)?;
    }
    print(&text)
}

/// An error for a solution that did not reach a result.
fn too_deep<M>(solution: &Solution<M>) -> Result<(), CliError> {
    if solution.too_deep {
        return Err(CliError::failure(format!(
            "no result: a line ran past {MAX_LINE_PLIES} plies without ending or repeating \
             (after {} nodes); set a ply cap, e.g. --rule max_plies=40",
            solution.nodes
        )));
    }
    Ok(())
}

/// `move MOVE RESULT MARGIN` for every legal move of `game`: the value its
/// side to move gets by playing it (the child's value, negated unless the
/// same side is to move again, as after a Kalah move ending in the store).
fn move_values<G: Evaluate>(solver: &mut Solver<G>, game: &G) -> Result<String, CliError> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut text = String::new();
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play(mv);
        let found = solver.solve(&child);
        too_deep(&found)?;
        // The solver answers for the child's side to move, even in an
        // ended game.
        let sign = if child.to_move() == game.to_move() {
            1
        } else {
            -1
        };
        let word = match sign * found.result {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        };
        text += &format!("move {mv} {word} {}\n", sign * found.margin);
    }
    Ok(text)
}
