//! Plays a match between two agent specs and prints the first one's result.
//!
//! ```text
//! cargo run --release -p ngola-agents --example duel -- GAME SPEC_A SPEC_B [PAIRS] [OPENING_PLIES] [SEED] [--rule KEY=VALUE]...
//! cargo run --release -p ngola-agents --example duel -- kalah alphabeta:depth=6 alphabeta:depth=6,eval=material 100 4
//! ```
//!
//! Each pair of games starts from the same random opening with colours
//! swapped.

#[path = "common/cli.rs"]
mod cli;
#[path = "../tests/common/duel.rs"]
mod duel;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{with_game, GameKind, RuleOptions, UnknownGame};

fn run<G: Evaluate>(
    rules: &[String],
    a: &AgentSpec,
    b: &AgentSpec,
    pairs: u32,
    opening: u32,
    seed: u64,
) -> Result<(), String> {
    let rules = G::Rules::from_assignments(rules).map_err(|e| e.to_string())?;
    let start = G::start(rules);
    let time = std::time::Instant::now();
    let tally = duel::duel(&start, a, b, pairs, opening, seed);
    println!(
        "{a} vs {b}: {tally} in {:.1}s",
        time.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() {
    let (rules, args) = cli::rules_and_args();
    let result = (|| -> Result<(), String> {
        let [game, a, b, rest @ ..] = args.as_slice() else {
            return Err("usage: duel GAME SPEC_A SPEC_B [PAIRS] [OPENING_PLIES] [SEED] [--rule KEY=VALUE]...".into());
        };
        let kind: GameKind = game.parse().map_err(|e: UnknownGame| e.to_string())?;
        let a = cli::spec(a)?;
        let b = cli::spec(b)?;
        let num = |i: usize, default: u64| -> Result<u64, String> {
            rest.get(i).map_or(Ok(default), |s| {
                s.parse().map_err(|_| format!("not a number: {s}"))
            })
        };
        let (pairs, opening, seed) = (num(0, 50)? as u32, num(1, 4)? as u32, num(2, 1)?);
        with_game!(kind, G => run::<G>(&rules, &a, &b, pairs, opening, seed))
    })();
    cli::exit_on_error("duel", result);
}
