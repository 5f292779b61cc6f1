//! `ngola openings GAME --plies K --count N --seed S [--max-eval-gap X
//! --agent SPEC] [-o FILE]`: writes an opening suite of N distinct
//! openings of K random plies (one per line, moves from the start), the
//! same kind of draw a tournament's random openings use, optionally only
//! those an agent judges balanced within X seeds. `ngola tournament
//! --openings FILE` plays it.

use std::path::PathBuf;

use clap::Args;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_arena::openings::{suite, SuiteRequest};
use ngola_rules::{with_game, RuleOptions};

use crate::cli_error::{write_file, CliError};
use crate::game_args::parse_game_kind;

/// Arguments of `ngola openings`.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// The game: mangola, umelbagara, kalah or oware.
    #[arg(value_parser = parse_game_kind)]
    game: ngola_rules::GameKind,
    /// A rule option as key=value (repeatable): the rules the openings are drawn under.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// Random plies from the start in each opening.
    #[arg(long, value_name = "K")]
    plies: u32,
    /// How many distinct openings (distinct positions) to write.
    #[arg(long, value_name = "N")]
    count: usize,
    /// Seed of the draws.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Keep only openings the --agent judges within X seeds of even for the side to move.
    #[arg(long, value_name = "X", requires = "agent")]
    max_eval_gap: Option<f64>,
    /// The judge of --max-eval-gap: an alphabeta or greedy spec.
    #[arg(long, value_name = "SPEC", requires = "max_eval_gap")]
    agent: Option<String>,
    /// The suite file to write [default: standard output].
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Draws the suite and writes it.
pub fn run(args: OpeningsArgs) -> Result<(), CliError> {
    with_game!(args.game, G => openings::<G>(&args))
}

fn openings<G: Evaluate>(args: &OpeningsArgs) -> Result<(), CliError> {
    crate::game_args::check_rule_flags(&args.rules)?;
    let rules = G::Rules::from_assignments(&args.rules).map_err(CliError::input)?;
    let balance = match (&args.agent, args.max_eval_gap) {
        (Some(text), Some(gap)) => {
            let spec: AgentSpec = text
                .parse()
                .map_err(|e| CliError::input(format!("--agent: {e}")))?;
            Some((spec, gap))
        }
        _ => None,
    };
    let request = SuiteRequest {
        plies: args.plies,
        count: args.count,
        seed: args.seed,
        balance,
    };
    let lines = suite(&G::start(rules), &request)?;
    let mut text = format!(
        "# ngola openings {} --plies {} --count {} --seed {}",
        G::NAME,
        args.plies,
        args.count,
        args.seed
    );
    for rule in &args.rules {
        text += &format!(" --rule {rule}");
    }
    if let Some((spec, gap)) = &request.balance {
        text += &format!(" --max-eval-gap {gap} --agent {spec}");
    }
    text += "\n# one opening per line: moves from the start position\n";
    for line in &lines {
        text += line;
        text.push('\n');
    }
    match &args.out {
        Some(path) => {
            write_file(path, &text)?;
            eprintln!("wrote {} openings to {}", lines.len(), path.display());
            Ok(())
        }
        None => {
            use std::io::Write;
            std::io::stdout()
                .lock()
                .write_all(text.as_bytes())
                .map_err(|e| CliError::failure(format!("standard output: {e}")))
        }
    }
}
