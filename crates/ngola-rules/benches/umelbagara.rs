//! Random playouts of Um el-Bagara (default rules): the fast engine
//! (`play_random`), the engine through the generic move list (`legal_moves`
//! then `play`), and the plain per-counter reference of the tests.
//!
//! `cargo bench -p ngola-rules --bench umelbagara`: one thread, fixed seeds,
//! a warm-up before each timed run. For scale: Ludii 1.3 plays 3,464 random
//! Um el-Bagara games per second on one core of the same machine.
//!
//! Rates are given per second of wall time and per second of this thread's
//! CPU time (from /proc/thread-self/schedstat, where available): on a busy
//! shared machine the second is the steadier figure. The rules go through
//! `black_box`, so the engine cannot be specialised for the default board.

mod common;
use ngola_rules::reference::umelbagara as umelbagara_reference;

use std::hint::black_box;
use std::time::Duration;

use common::{legal_list_playout, measure, play_random_playout, reference_playout, Rate};
use ngola_rules::umelbagara::{UmElBagara, UmElBagaraRules};
use ngola_rules::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use umelbagara_reference::Reference;

const LUDII_GAMES_PER_SECOND: f64 = 3464.0;
const MEASURE: Duration = Duration::from_secs(3);

fn rules() -> UmElBagaraRules {
    black_box(UmElBagaraRules::default())
}

/// The fast engine's own random playout, generic in the generator so that
/// each one is measured without dynamic dispatch.
fn fast_playout(rng: &mut impl Rng) -> u64 {
    play_random_playout(UmElBagara::start(rules()), rng)
}

fn report(name: &str, rate: &Rate) {
    print!(
        "{name:<32} wall: {:>9.0} games/s {:>11.0} plies/s {:>6.1}x Ludii",
        rate.wall_playouts_per_s(),
        rate.wall_plies_per_s(),
        rate.wall_playouts_per_s() / LUDII_GAMES_PER_SECOND
    );
    if rate.by_cpu() {
        print!(
            " | cpu: {:>9.0} games/s {:>11.0} plies/s {:>6.1}x Ludii",
            rate.playouts_per_s(),
            rate.plies_per_s(),
            rate.playouts_per_s() / LUDII_GAMES_PER_SECOND
        );
    }
    println!();
}

/// `a / b` by CPU time where both have it, else by wall time.
fn ratio(a: &Rate, b: &Rate) -> f64 {
    if a.by_cpu() && b.by_cpu() {
        a.playouts_per_s() / b.playouts_per_s()
    } else {
        a.wall_playouts_per_s() / b.wall_playouts_per_s()
    }
}

fn main() {
    println!("Um el-Bagara random playouts, default rules, one thread");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let fast = measure(MEASURE, || fast_playout(&mut rng));
    report("fast play_random (ChaCha8)", &fast);
    let mut rng = SmallRng::seed_from_u64(1);
    let fast_small = measure(MEASURE, || fast_playout(&mut rng));
    report("fast play_random (SmallRng)", &fast_small);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let list = measure(MEASURE, || {
        legal_list_playout(UmElBagara::start(rules()), &mut rng)
    });
    report("legal_moves + play (ChaCha8)", &list);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let reference = measure(MEASURE, || {
        reference_playout(
            Reference::start(&rules()),
            &mut rng,
            Reference::legal_moves,
            Reference::play,
        )
    });
    report("per-counter reference (ChaCha8)", &reference);
    println!(
        "fast / reference: {:.1}x; fast / move list: {:.2}x; plies per game {:.1}",
        ratio(&fast, &reference),
        ratio(&fast, &list),
        fast.plies_per_playout()
    );
}
