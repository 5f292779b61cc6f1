//! The tournament runner's speed with 1 and 2 threads: random against
//! random (default rules), the whole run timed (schedule, play, `games.csv`
//! rows, final sort and statistics).
//!
//! `cargo bench -p ngola-arena --bench runner [-- [GAME] [GAMES]]` (default
//! Mangola, 20000 games per run; each thread count is run 3 times and the
//! best kept).

use std::time::Instant;

use ngola_agents::Evaluate;
use ngola_arena::{runner, ExperimentDraft, Silent};
use ngola_rules::{with_game, GameKind};

/// Seconds for the whole run, and for its final step alone (reading
/// games.csv back, sorting it, statistics), timed again on the folder.
fn run_once<G: Evaluate>(games: u32, threads: usize, tag: &str) -> (f64, f64) {
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
    let report = runner::run::<G>(&experiment, &dir, &Silent).expect("the run completes");
    let seconds = clock.elapsed().as_secs_f64();
    assert_eq!(report.stats.games, u64::from(games));
    let clock = Instant::now();
    runner::finish(&report.experiment, &dir).expect("the folder is complete");
    let finish = clock.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    (seconds, finish)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20_000);
    let kind: GameKind = args
        .iter()
        .find_map(|a| a.parse().ok())
        .unwrap_or(GameKind::Mangola);
    with_game!(kind, G => bench::<G>(games));
}

fn bench<G: Evaluate>(games: u32) {
    // Warm-up (page cache, CPU frequency).
    run_once::<G>(games / 10, 2, "warm");
    let mut best = [f64::INFINITY; 2];
    let mut finish = [f64::INFINITY; 2];
    for round in 0..3 {
        for (k, threads) in [1, 2].into_iter().enumerate() {
            let (run, end) = run_once::<G>(games, threads, &format!("{threads}-{round}"));
            best[k] = best[k].min(run);
            finish[k] = finish[k].min(end);
        }
    }
    println!(
        "runner: {} random vs random, {games} games per run, best of 3",
        G::NAME
    );
    for (k, threads) in [1, 2].into_iter().enumerate() {
        println!(
            "threads {threads}: {:.3} s, {:.0} games/s (final summary step {:.3} s)",
            best[k],
            f64::from(games) / best[k],
            finish[k]
        );
    }
    println!("speed-up 2 threads / 1 thread: {:.2}x", best[0] / best[1]);
}
