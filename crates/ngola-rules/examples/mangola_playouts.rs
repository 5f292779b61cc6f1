//! Plays N random Mangola playouts with the fast engine (a profiling target)
//! and prints what they were made of.
//!
//! `cargo run --release -p ngola-rules --example mangola_playouts -- [N] [key=value ...]`

#[path = "common/args.rs"]
mod args;

use std::time::Instant;

use ngola_rules::mangola::Mangola;
use ngola_rules::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let (playouts, rules) = args::count_and_rules(100_000);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut plies = 0u64;
    let mut south_wins = 0u64;
    let mut draws = 0u64;
    let started = Instant::now();
    for _ in 0..playouts {
        let mut game = Mangola::start(rules);
        while game.play_random(&mut rng).is_some() {
            plies += 1;
        }
        match game.outcome().and_then(|o| o.winner) {
            Some(ngola_rules::Player::South) => south_wins += 1,
            Some(_) => {}
            None => draws += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{playouts} playouts, {:.1} plies each, South won {:.1}%, draws {:.2}%: {:.0} playouts/s",
        plies as f64 / playouts as f64,
        100.0 * south_wins as f64 / playouts as f64,
        100.0 * draws as f64 / playouts as f64,
        playouts as f64 / seconds
    );
}
