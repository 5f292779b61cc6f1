//! Random playouts of Kalah (OpenSpiel's rules, 6 pits of 4 seeds), single
//! thread: the fast `play_random`, the generic legal-list draw through the
//! same engine, and the plain per-seed reference of the tests. Prints
//! playouts/s, plies/s (per second of the thread's CPU time, so that a
//! busy machine does not skew them) and the ratios.
//!
//! `cargo bench -p ngola-rules --bench kalah` (`NGOLA_BENCH_SECS` sets the
//! seconds per measurement, default 2; a word after `--`, e.g. `-- fast`,
//! runs only the measurements whose name contains it).

#[path = "../tests/common/kalah_reference.rs"]
mod kalah_reference;

use std::hint::black_box;
use std::time::{Duration, Instant};

use kalah_reference::RefKalah;
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::{Game, MoveList};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// CPU time of this thread so far (Linux `/proc/thread-self/schedstat`).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

/// Whether the command line (`cargo bench ... -- WORD`) selects `name`:
/// every measurement when no word is given, else those whose name contains it.
fn selected(name: &str) -> bool {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    words.is_empty() || words.iter().any(|w| name.contains(w.as_str()))
}

/// Playouts and plies per second of `playout` (which returns its plies),
/// or NaN when the command line leaves it out.
fn measure(name: &str, mut playout: impl FnMut() -> u64) -> f64 {
    if !selected(name) {
        return f64::NAN;
    }
    let seconds = std::env::var("NGOLA_BENCH_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2.0);
    for _ in 0..1000 {
        black_box(playout());
    }
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let cpu_start = thread_cpu_seconds();
    let (mut games, mut plies) = (0u64, 0u64);
    while start.elapsed() < budget {
        for _ in 0..256 {
            plies += playout();
        }
        games += 256;
    }
    let wall = start.elapsed().as_secs_f64();
    // On a shared machine the thread's CPU time is the fairer clock.
    let elapsed = match (cpu_start, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    let rate = games as f64 / elapsed;
    println!(
        "  {name:<28} {:>10.0} playouts/s {:>7.2} M plies/s  ({:.1} plies/game, {:.0}% of a core)",
        rate,
        plies as f64 / elapsed / 1e6,
        plies as f64 / games as f64,
        100.0 * elapsed / wall
    );
    rate
}

fn main() {
    let rules = KalahRules::default();
    let root = Kalah::start(rules);
    println!(
        "kalah pits=6 seeds=4 (OpenSpiel's mancala), random playouts from the start, one thread"
    );

    let mut rng = SmallRng::seed_from_u64(1);
    let fast = measure("fast play_random", || {
        let mut game = root;
        let mut plies = 0;
        while game.play_random(&mut rng).is_some() {
            plies += 1;
        }
        black_box(game.totals());
        plies
    });

    let mut rng = SmallRng::seed_from_u64(1);
    let generic = measure("generic legal list + play", || {
        let mut game = root;
        let mut plies = 0;
        let mut moves = MoveList::new();
        loop {
            moves.clear();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]);
            plies += 1;
        }
        black_box(game.totals());
        plies
    });

    let mut rng = SmallRng::seed_from_u64(1);
    let start = RefKalah::new(6, 4, false, 1000);
    let reference = measure("per-seed reference", || {
        let mut game = start.clone();
        let mut plies = 0;
        loop {
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            game.apply(actions[rng.random_range(0..actions.len())]);
            plies += 1;
        }
        black_box(game.totals());
        plies
    });

    if !(fast / reference).is_nan() {
        println!("  fast / reference = {:.1}x", fast / reference);
    }
    if !(fast / generic).is_nan() {
        println!("  fast / generic = {:.2}x", fast / generic);
    }
}
