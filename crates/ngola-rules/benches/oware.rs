//! Random playouts of Oware (OpenSpiel's rules, 6 houses of 4 seeds), single
//! thread: the fast `play_random`, the generic legal-list draw through the
//! same engine, and the plain per-seed reference of the tests. Prints
//! playouts/s, plies/s (per second of the thread's CPU time, so that a
//! busy machine does not skew them) and the ratios.
//!
//! `cargo bench -p ngola-rules --bench oware` (`NGOLA_BENCH_SECS` sets the
//! seconds per measurement, default 2; a word after `--`, e.g. `-- fast`,
//! runs only the measurements whose name contains it).

mod common;
use ngola_rules::reference::oware as oware_reference;

use common::{
    legal_list_playout, measure_selected, play_random_playout, print_ratios, reference_playout,
};
use ngola_rules::oware::{Oware, OwareRules};
use ngola_rules::Game;
use oware_reference::RefOware;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let rules = OwareRules::default();
    let root = Oware::start(rules);
    println!("oware houses=6 seeds=4 (OpenSpiel's oware), random playouts from a cloned start, one thread");

    let mut rng = SmallRng::seed_from_u64(1);
    let fast = measure_selected("fast play_random", || {
        play_random_playout(root.clone(), &mut rng)
    });

    let mut rng = SmallRng::seed_from_u64(1);
    let generic = measure_selected("generic legal list + play", || {
        legal_list_playout(root.clone(), &mut rng)
    });

    let mut rng = SmallRng::seed_from_u64(1);
    let start = RefOware::new(6, 4, 1000);
    let reference = measure_selected("per-seed reference", || {
        reference_playout(
            start.clone(),
            &mut rng,
            RefOware::legal_actions,
            RefOware::apply,
        )
    });

    print_ratios(fast, generic, reference);
}
