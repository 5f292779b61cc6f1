//! Solves Kalah(m, n) under Irving, Donkers and Uiterwijk's capture rule
//! (`empty_capture=true`) and prints one line per board:
//! `Kalah(m,n) result margin nodes time`.
//!
//! ```text
//! cargo run --release -p ngola-agents --example kalah_table -- MAX_PITS MAX_SEEDS [TT_MB]
//! ```

use ngola_agents::solver::{Solver, SolverConfig};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::{Game, RuleOptions};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (max_pits, max_seeds) = (
        args.first().copied().unwrap_or(3),
        args.get(1).copied().unwrap_or(3),
    );
    let tt_mb = args.get(2).copied().unwrap_or(256);
    for m in 1..=max_pits {
        for n in 1..=max_seeds {
            let rules = match KalahRules::from_assignments(&[
                format!("pits={m}"),
                format!("seeds={n}"),
                "empty_capture=true".to_string(),
            ]) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{e}");
                    return;
                }
            };
            let s = Solver::new(&SolverConfig { tt_mb, tb: None }).solve(&Kalah::start(rules));
            println!(
                "Kalah({m},{n}) {} {:+} nodes {} time {:.3}s",
                s.result_word(),
                s.margin,
                s.nodes,
                s.time.as_secs_f64()
            );
        }
    }
}
