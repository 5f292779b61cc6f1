//! Random playouts of Kalah (OpenSpiel's rules, 6 pits of 4 seeds), single
//! thread: the fast `play_random`, the generic legal-list draw through the
//! same engine, and the plain per-seed reference of the tests. Prints
//! playouts/s, plies/s (per second of the thread's CPU time, so that a
//! busy machine does not skew them) and the ratios.
//!
//! `cargo bench -p ngola-rules --bench kalah` (`NGOLA_BENCH_SECS` sets the
//! seconds per measurement, default 2; a word after `--`, e.g. `-- fast`,
//! runs only the measurements whose name contains it).

mod common;
use ngola_rules::reference::kalah as kalah_reference;

use common::{
    legal_list_playout, measure_selected, play_random_playout, print_ratios, reference_playout,
};
use kalah_reference::RefKalah;
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let rules = KalahRules::default();
    let root = Kalah::start(rules);
    println!(
        "kalah pits=6 seeds=4 (OpenSpiel's mancala), random playouts from the start, one thread"
    );

    let mut rng = SmallRng::seed_from_u64(1);
    let fast = measure_selected("fast play_random", || play_random_playout(root, &mut rng));

    let mut rng = SmallRng::seed_from_u64(1);
    let generic = measure_selected("generic legal list + play", || {
        legal_list_playout(root, &mut rng)
    });

    let mut rng = SmallRng::seed_from_u64(1);
    let start = RefKalah::new(6, 4, false, 1000);
    let reference = measure_selected("per-seed reference", || {
        reference_playout(
            start.clone(),
            &mut rng,
            RefKalah::legal_actions,
            RefKalah::apply,
        )
    });

    print_ratios(fast, generic, reference);
}
