//! What alpha-beta's transposition table costs a tournament of short
//! games: 4 x 4 Mangola, alpha-beta depth 8 against itself, 1,200 games
//! from 4-ply random openings, with `tt=1`, the default `tt=16` and
//! `tt=64` MiB. Every game builds two fresh agents; their tables are
//! reused per worker thread (see `ngola_agents::alphabeta::tt`), so the
//! default table should cost a game no more than a 1 MiB one (within
//! 10%). Prints each size's best time over the rounds, its ratio to
//! `tt=1`, and whether the games are the same for all three sizes.
//!
//! `cargo bench -p ngola-arena --bench tables [-- GAMES]` (default 1200;
//! `NGOLA_BENCH_ROUNDS` rounds, default 5, alternating the sizes).

use std::time::Instant;

use ngola_arena::record::read_games;
use ngola_arena::{runner, Caller, ExperimentDraft};
use ngola_rules::mangola::Mangola;

/// The allocator the `ngola` program uses, so the bench times the same code.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const SIZES: [u32; 3] = [1, 16, 64];

/// Seconds for the whole run, and the games as (result, plies, totals).
fn run_once(games: u32, tt: u32, tag: &str) -> (f64, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("ngola-bench-tables-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let agent = format!("alphabeta:depth=8,tt={tt}");
    let experiment = ExperimentDraft {
        game: Some("mangola".into()),
        rules: vec![("columns".into(), "4".into())],
        agents: Some(vec![agent.clone(), agent]),
        games: Some(games),
        seed: Some(1),
        opening_plies: Some(ngola_arena::experiment::OpeningPlies::Plies(4)),
        // More pairs than distinct 4-ply openings on 4 columns: the bench
        // times tables, whatever the openings.
        allow_repeated_openings: Some(true),
        threads: Some(2),
        ..Default::default()
    }
    .finish()
    .expect("a valid experiment");
    let clock = Instant::now();
    let report =
        runner::run::<Mangola>(&experiment, &dir, &Caller::quiet()).expect("the run completes");
    let seconds = clock.elapsed().as_secs_f64();
    assert_eq!(report.stats.games, u64::from(games));
    let rows = read_games(&dir.join(runner::files::GAMES))
        .expect("games.csv")
        .records
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {} {}",
                r.game,
                r.result.south_score(),
                r.plies,
                r.south_total,
                r.north_total
            )
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    (seconds, rows)
}

fn main() {
    let games: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1200);
    let rounds: usize = std::env::var("NGOLA_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(5);
    run_once(games / 10, 16, "warm");
    let mut best = [f64::INFINITY; SIZES.len()];
    let mut games_of = vec![Vec::new(); SIZES.len()];
    for round in 0..rounds {
        for (k, tt) in SIZES.into_iter().enumerate() {
            let (seconds, rows) = run_once(games, tt, &format!("{tt}-{round}"));
            best[k] = best[k].min(seconds);
            games_of[k] = rows;
        }
    }
    println!(
        "tables: 4 x 4 Mangola, alphabeta:depth=8 self-play, {games} games, 2 threads, best of {rounds}"
    );
    for (k, tt) in SIZES.into_iter().enumerate() {
        println!(
            "tt={tt:<3} {:.3} s  {:.2}x tt=1",
            best[k],
            best[k] / best[0]
        );
    }
    let same = games_of.iter().all(|g| *g == games_of[0]);
    println!(
        "games identical for tt=1, 16, 64: {}",
        if same { "yes" } else { "no" }
    );
}
