//! The tournament runner's speed with 1 and 2 threads: random against
//! random (default rules), the whole run timed (schedule, play, `games.csv`
//! rows, final sort and statistics).
//!
//! `cargo bench -p ngola-arena --bench runner [-- [GAME] [GAMES]]` (default
//! Mangola, 100000 games per run; each thread count is run 11 times, or
//! `NGOLA_BENCH_ROUNDS`, alternating, and the best kept).

use std::time::Instant;

use ngola_agents::Evaluate;
use ngola_arena::{runner, Caller, ExperimentDraft};
use ngola_rules::{with_game, GameKind};

/// The allocator the `ngola` program uses, so the bench times the same code.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Seconds for the whole run: schedule, play, `games.csv` rows, the final
/// sort and the statistics files.
fn run_once<G: Evaluate>(games: u32, threads: usize, tag: &str) -> f64 {
    let dir = std::env::temp_dir().join(format!("ngola-bench-runner-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let experiment = ExperimentDraft {
        game: Some(G::NAME.into()),
        agents: Some(vec!["random".into(), "random".into()]),
        games: Some(games),
        seed: Some(1),
        threads: Some(threads),
        ..Default::default()
    }
    .finish()
    .expect("a valid experiment");
    let clock = Instant::now();
    let report = runner::run::<G>(&experiment, &dir, &Caller::quiet()).expect("the run completes");
    let seconds = clock.elapsed().as_secs_f64();
    assert_eq!(report.stats.games, u64::from(games));
    let _ = std::fs::remove_dir_all(&dir);
    seconds
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(100_000);
    let rounds: usize = std::env::var("NGOLA_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(11);
    let kind: GameKind = args
        .iter()
        .find_map(|a| a.parse().ok())
        .unwrap_or(GameKind::Mangola);
    with_game!(kind, G => bench::<G>(games, rounds));
}

fn bench<G: Evaluate>(games: u32, rounds: usize) {
    // Warm-up (page cache, CPU frequency).
    run_once::<G>(games / 10, 2, "warm");
    // Rounds alternate the thread counts, so that a burst of load from
    // elsewhere on a shared machine hits both.
    let mut times = [Vec::new(), Vec::new()];
    for round in 0..rounds {
        for (k, threads) in [1, 2].into_iter().enumerate() {
            times[k].push(run_once::<G>(games, threads, &format!("{threads}-{round}")));
        }
    }
    let best = times
        .clone()
        .map(|t| t.into_iter().fold(f64::INFINITY, f64::min));
    let mut ratios: Vec<f64> = times[0].iter().zip(&times[1]).map(|(a, b)| a / b).collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "runner: {} random vs random, {games} games per run, best of {rounds}",
        G::NAME
    );
    for (k, threads) in [1, 2].into_iter().enumerate() {
        println!(
            "threads {threads}: {:.3} s, {:.0} games/s",
            best[k],
            f64::from(games) / best[k]
        );
    }
    println!(
        "speed-up 2 threads / 1 thread: {:.2}x (best times; per round {:.2}x to {:.2}x, median {:.2}x)",
        best[0] / best[1],
        ratios[0],
        ratios[ratios.len() - 1],
        ratios[ratios.len() / 2]
    );
}
