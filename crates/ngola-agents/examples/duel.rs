//! Plays a match between two agent specs and prints the first one's result.
//!
//! ```text
//! cargo run --release -p ngola-agents --example duel -- GAME SPEC_A SPEC_B [PAIRS] [OPENING_PLIES] [SEED] [--rule KEY=VALUE]...
//! cargo run --release -p ngola-agents --example duel -- kalah alphabeta:depth=6 alphabeta:depth=6,eval=material 100 4
//! ```
//!
//! Each pair of games starts from the same random opening with colours
//! swapped.

#[path = "../tests/common/duel.rs"]
mod duel;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{with_game, GameKind, RuleOptions};

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
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut rules = Vec::new();
    while let Some(i) = args.iter().position(|a| a == "--rule") {
        if i + 1 < args.len() {
            rules.push(args.remove(i + 1));
        }
        args.remove(i);
    }
    let result = (|| -> Result<(), String> {
        let [game, a, b, rest @ ..] = args.as_slice() else {
            return Err("usage: duel GAME SPEC_A SPEC_B [PAIRS] [OPENING_PLIES] [SEED] [--rule KEY=VALUE]...".into());
        };
        let kind: GameKind = game.parse()?;
        let a: AgentSpec = a
            .parse()
            .map_err(|e: ngola_agents::SpecError| e.to_string())?;
        let b: AgentSpec = b
            .parse()
            .map_err(|e: ngola_agents::SpecError| e.to_string())?;
        let num = |i: usize, default: u64| -> Result<u64, String> {
            rest.get(i).map_or(Ok(default), |s| {
                s.parse().map_err(|_| format!("not a number: {s}"))
            })
        };
        let (pairs, opening, seed) = (num(0, 50)? as u32, num(1, 4)? as u32, num(2, 1)?);
        with_game!(kind, G => run::<G>(&rules, &a, &b, pairs, opening, seed))
    })();
    if let Err(e) = result {
        eprintln!("duel: {e}");
        std::process::exit(2);
    }
}
