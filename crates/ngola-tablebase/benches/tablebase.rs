//! Building and probing speed: positions per second per core of a whole
//! build (one thread and every thread of the machine), and nanoseconds per
//! probe of positions from random games. Kalah pits=4 and Oware houses=4,
//! every position of at most NGOLA_BENCH_SEEDS seeds (default 16).
//! `cargo bench -p ngola-tablebase --bench tablebase`.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ngola_rules::kalah::KalahRules;
use ngola_rules::oware::OwareRules;
use ngola_rules::{Game, RuleOptions};
use ngola_tablebase::{build, plan, Database, Endgame, KalahEndgame, OwareEndgame, Quiet};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A fresh folder for one build.
fn folder(name: &str, threads: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "ngola-tb-bench-{}-{name}-{threads}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Positions of random games that the database covers.
fn covered<G: Game>(start: &G, seeds: usize, count: usize) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut g = start.clone();
        for _ in 0..rng.random_range(0..200) {
            if g.outcome().is_some() {
                break;
            }
            g.play_random(&mut rng);
        }
        let on_board: u32 = g.to_string().split(' ').nth(1).map_or(u32::MAX, |rows| {
            rows.split(['/', ','])
                .filter_map(|c| c.parse::<u32>().ok())
                .sum()
        });
        if g.outcome().is_none() && on_board as usize <= seeds {
            out.push(g);
        }
    }
    out
}

/// Times the build on `threads` threads and the probes, and prints a row each.
fn bench<E: Endgame>(name: &str, endgame: &E, seeds: usize, threads: usize) {
    let entries = match plan(endgame, seeds) {
        Ok(p) => p.entries(),
        Err(e) => return eprintln!("{name}: {e}"),
    };
    let dir = folder(name, threads);
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(64 << 20)
        .build()
    {
        Ok(p) => p,
        Err(e) => return eprintln!("{name}: {e}"),
    };
    let t = Instant::now();
    if let Err(e) = pool.install(|| build(endgame, seeds, &dir, &Quiet, &AtomicBool::new(false))) {
        return eprintln!("{name}: {e}");
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{name:<28} build  {threads:>2} threads {entries:>11} positions {secs:>8.2} s {:>12.0} positions/s/core",
        entries as f64 / secs / threads as f64
    );
    if threads == 1 {
        let db = match Database::open(&dir, endgame) {
            Ok(db) => db,
            Err(e) => return eprintln!("{name}: {e}"),
        };
        let list = covered(&E::G::start(*endgame.rules()), seeds, 2_000);
        let rounds = 200;
        let t = Instant::now();
        for _ in 0..rounds {
            for g in &list {
                black_box(db.worth(black_box(g)).ok());
            }
        }
        let ns = t.elapsed().as_nanos() as f64 / (rounds * list.len()) as f64;
        println!(
            "{name:<28} probe  {ns:>8.1} ns per probe ({} positions)",
            list.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let seeds = std::env::var("NGOLA_BENCH_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16usize);
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    let kalah = KalahRules::from_assignments(&["pits=4", "seeds=4", "max_plies=0"])
        .ok()
        .and_then(|r| KalahEndgame::new(r).ok());
    let oware = OwareRules::from_assignments(&["houses=4", "seeds=4", "max_plies=0"])
        .ok()
        .and_then(|r| OwareEndgame::new(r).ok());
    for threads in [1, all] {
        if let Some(e) = &kalah {
            bench("kalah pits=4", e, seeds, threads);
        }
        if let Some(e) = &oware {
            bench("oware houses=4", e, seeds, threads);
        }
    }
}
