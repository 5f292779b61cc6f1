//! Random Mangola playouts per second: the fast engine's `play_random`, the
//! generic list-then-pick path over the same engine, and the plain per-seed
//! reference (ngola_rules::reference::mangola), with their ratios.
//!
//! `cargo bench -p ngola-rules --bench mangola [-- SECONDS]`
//!
//! Plain timing loops after a warm-up, fixed seeds, one thread. Default
//! rules (8 columns, capture_sowing=lap-start, lap_limit=10000, illegal).
//! Rates are given per wall-clock second and per second of this thread's
//! own CPU time (Linux `/proc/thread-self/schedstat`), which stays
//! meaningful when other processes share the cores; the time spent waiting
//! for a core is printed too.

mod common;
use ngola_rules::reference::mangola as reference;

use std::hint::black_box;
use std::time::Duration;

use common::{legal_list_playout, measure, play_random_playout};
use ngola_rules::mangola::{Mangola, MangolaRules};
use ngola_rules::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use reference::RefMangola;

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
    let start = Mangola::start(MangolaRules::default());
    let fast = measure(budget, || play_random_playout(start, &mut rng));
    let mut rng = SmallRng::seed_from_u64(42);
    let listing = measure(budget, || legal_list_playout(start, &mut rng));
    let mut rng = SmallRng::seed_from_u64(42);
    let slow = measure(budget, || reference_playout(&mut rng));
    let per = if fast.by_cpu() {
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
            rate.plies_per_playout(),
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
