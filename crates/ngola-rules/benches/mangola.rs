//! Random Mangola playouts per second: the fast engine's `play_random`, the
//! generic list-then-pick path over the same engine, and the plain per-seed
//! reference (tests/common/mangola_reference.rs), with their ratios.
//!
//! `cargo bench -p ngola-rules --bench mangola [-- SECONDS]`
//!
//! Plain timing loops after a warm-up, fixed seeds, one thread. Default
//! rules (8 columns, capture_sowing=lap-start, lap_limit=10000, illegal).
//! Rates are given per wall-clock second and per second of this thread's
//! own CPU time (Linux `/proc/thread-self/schedstat`), which stays
//! meaningful when other processes share the cores; the time spent waiting
//! for a core is printed too.

#[path = "../tests/common/mangola_reference.rs"]
mod reference;

use std::hint::black_box;
use std::time::{Duration, Instant};

use ngola_rules::mangola::{Mangola, MangolaRules};
use ngola_rules::{Game, MoveList};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reference::RefMangola;

/// Playouts and plies done in the measured time.
struct Rate {
    playouts: u64,
    plies: u64,
    /// Wall-clock seconds.
    seconds: f64,
    /// Seconds this thread ran on a core, and waited for one (if known).
    cpu: Option<(f64, f64)>,
}

impl Rate {
    /// Playouts per second of CPU time when known, else of wall-clock time.
    fn playouts_per_s(&self) -> f64 {
        self.playouts as f64 / self.cpu.map_or(self.seconds, |c| c.0)
    }
    fn plies_per_s(&self) -> f64 {
        self.plies as f64 / self.cpu.map_or(self.seconds, |c| c.0)
    }
    fn wall_playouts_per_s(&self) -> f64 {
        self.playouts as f64 / self.seconds
    }
}

/// This thread's time on a core and waiting for one, in seconds.
fn thread_times() -> Option<(f64, f64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<f64>().ok());
    let running = fields.next()??;
    let waiting = fields.next()??;
    Some((running / 1e9, waiting / 1e9))
}

/// Runs `playout` (returning its plies) for a warm-up, then for `budget`.
fn measure(budget: Duration, mut playout: impl FnMut() -> u64) -> Rate {
    let warm_up = Instant::now();
    while warm_up.elapsed() < budget / 5 {
        black_box(playout());
    }
    let started = Instant::now();
    let times_before = thread_times();
    let mut rate = Rate {
        playouts: 0,
        plies: 0,
        seconds: 0.0,
        cpu: None,
    };
    loop {
        // Check the clock every 64 playouts only.
        for _ in 0..64 {
            rate.plies += playout();
            rate.playouts += 1;
        }
        let elapsed = started.elapsed();
        if elapsed >= budget {
            rate.seconds = elapsed.as_secs_f64();
            if let (Some(before), Some(after)) = (times_before, thread_times()) {
                rate.cpu = Some((after.0 - before.0, after.1 - before.1));
            }
            return rate;
        }
    }
}

fn fast_playout(rng: &mut SmallRng) -> u64 {
    let mut game = Mangola::start(MangolaRules::default());
    let mut plies = 0;
    while game.play_random(rng).is_some() {
        plies += 1;
    }
    black_box(game);
    plies
}

/// The same engine through exact legal-move lists (every candidate
/// simulated), then a uniform pick: what a generic playout would do.
fn listing_playout(rng: &mut SmallRng) -> u64 {
    let mut game = Mangola::start(MangolaRules::default());
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
    black_box(game);
    plies
}

fn reference_playout(rng: &mut SmallRng) -> u64 {
    let mut game = RefMangola::start(MangolaRules::default());
    let mut plies = 0;
    while game.play_random(rng) {
        plies += 1;
    }
    black_box(game);
    plies
}

fn main() {
    let seconds: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(3.0);
    let budget = Duration::from_secs_f64(seconds);
    let mut rng = SmallRng::seed_from_u64(42);
    let fast = measure(budget, || fast_playout(&mut rng));
    let mut rng = SmallRng::seed_from_u64(42);
    let listing = measure(budget, || listing_playout(&mut rng));
    let mut rng = SmallRng::seed_from_u64(42);
    let slow = measure(budget, || reference_playout(&mut rng));
    let per = if fast.cpu.is_some() {
        "per CPU-second"
    } else {
        "per wall-clock second"
    };
    println!("mangola random playouts, default rules, one thread, {seconds} s each ({per})");
    for (name, rate) in [
        ("fast play_random", &fast),
        ("legal_moves + pick", &listing),
        ("reference", &slow),
    ] {
        let wait = rate.cpu.map_or(String::new(), |(run, wait)| {
            format!(", waited {:.0}% for a core", 100.0 * wait / (run + wait))
        });
        println!(
            "{name:>20}: {:>9.0} playouts/s {:>11.0} plies/s ({:.1} plies/playout; wall clock {:.0} playouts/s{wait})",
            rate.playouts_per_s(),
            rate.plies_per_s(),
            rate.plies as f64 / rate.playouts as f64,
            rate.wall_playouts_per_s()
        );
    }
    println!(
        "fast / reference: {:.1}x; fast / legal_moves + pick: {:.2}x; vs Ludii 1.3 (440 playouts/s): {:.0}x",
        fast.playouts_per_s() / slow.playouts_per_s(),
        fast.playouts_per_s() / listing.playouts_per_s(),
        fast.playouts_per_s() / 440.0
    );
}
