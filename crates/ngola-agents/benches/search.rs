//! Search speed of every game from its start position, one thread:
//! alpha-beta nodes/s (heuristic and material evaluations) and MCTS
//! simulations/s (one full random rollout each, with and without the
//! solver). `cargo bench -p ngola-agents --bench search`.
//!
//! Budgets can be set with NGOLA_BENCH_NODES and NGOLA_BENCH_SIMS.

use ngola_agents::bench::{time_alphabeta, time_mcts, Timing};
use ngola_agents::{EvalKind, Evaluate};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::Game;

/// The allocator the `ngola` program uses, so the bench times the same code.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Times every search of one game for the given budgets.
type GameBench = fn(u64, u64) -> Vec<Timing>;

fn budget(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn bench_game<G: Evaluate>(nodes: u64, sims: u64) -> Vec<Timing> {
    let start = G::start(Default::default());
    let mut timings = Vec::new();
    for eval in [EvalKind::Heuristic, EvalKind::Material] {
        timings.push(time_alphabeta(&start, nodes, eval));
    }
    for solver in [false, true] {
        timings.push(time_mcts(&start, sims, 1.4, solver, 1));
    }
    timings
}

fn main() {
    let nodes = budget("NGOLA_BENCH_NODES", 2_000_000);
    let sims = budget("NGOLA_BENCH_SIMS", 100_000);
    println!(
        "{:<12} {:<42} {:>14} {:>9}",
        "game", "search", "rate", "detail"
    );
    let games: [(&str, GameBench); 4] = [
        (Mangola::NAME, bench_game::<Mangola>),
        (UmElBagara::NAME, bench_game::<UmElBagara>),
        (Kalah::NAME, bench_game::<Kalah>),
        (Oware::NAME, bench_game::<Oware>),
    ];
    for (name, bench) in games {
        for t in bench(nodes, sims) {
            println!(
                "{name:<12} {:<42} {:>9} {}/s {}",
                t.label,
                t.per_second(),
                t.unit,
                t.detail
            );
        }
    }
}
