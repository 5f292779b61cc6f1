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

#[path = "../tests/common/umelbagara_reference.rs"]
mod umelbagara_reference;

use std::hint::black_box;
use std::time::{Duration, Instant};

use ngola_rules::umelbagara::{UmElBagara, UmElBagaraRules};
use ngola_rules::{Game, MoveList};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use umelbagara_reference::Reference;

const LUDII_GAMES_PER_SECOND: f64 = 3464.0;
const WARM_UP: Duration = Duration::from_millis(500);
const MEASURE: Duration = Duration::from_secs(3);

/// Games and plies per second of a timed run, by wall time and by CPU time.
struct Rate {
    games: f64,
    plies: f64,
    cpu_games: Option<f64>,
    cpu_plies: Option<f64>,
}

/// Nanoseconds this thread has run on a CPU, if the kernel tells.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Plays whole games with `playout` (which returns the plies of one game)
/// for `WARM_UP`, then for `MEASURE`, and returns the measured rates.
fn measure(mut playout: impl FnMut() -> u32) -> Rate {
    let run = |playout: &mut dyn FnMut() -> u32, span: Duration| {
        let (mut games, mut plies) = (0u64, 0u64);
        let cpu_begin = thread_cpu_ns();
        let begin = Instant::now();
        while begin.elapsed() < span {
            // Check the clock every 64 games only.
            for _ in 0..64 {
                plies += playout() as u64;
                games += 1;
            }
        }
        let seconds = begin.elapsed().as_secs_f64();
        let cpu_seconds = cpu_begin
            .zip(thread_cpu_ns())
            .map(|(a, b)| b.saturating_sub(a) as f64 * 1e-9)
            .filter(|&s| s > 0.0);
        Rate {
            games: games as f64 / seconds,
            plies: plies as f64 / seconds,
            cpu_games: cpu_seconds.map(|s| games as f64 / s),
            cpu_plies: cpu_seconds.map(|s| plies as f64 / s),
        }
    };
    run(&mut playout, WARM_UP);
    run(&mut playout, MEASURE)
}

fn rules() -> UmElBagaraRules {
    black_box(UmElBagaraRules::default())
}

fn fast_playout<R: Rng>(rng: &mut R) -> u32 {
    let mut game = UmElBagara::start(rules());
    while game.play_random(rng).is_some() {}
    black_box(game.outcome());
    game.ply()
}

fn move_list_playout<R: Rng>(rng: &mut R) -> u32 {
    let mut game = UmElBagara::start(rules());
    let mut moves = MoveList::new();
    loop {
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.random_range(0..moves.len())]);
    }
    black_box(game.outcome());
    game.ply()
}

fn reference_playout<R: Rng>(rng: &mut R) -> u32 {
    let mut game = Reference::start(&rules());
    loop {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.random_range(0..moves.len())]);
    }
    black_box(game.totals());
    game.ply
}

fn report(name: &str, rate: &Rate) {
    print!(
        "{name:<32} wall: {:>9.0} games/s {:>11.0} plies/s {:>6.1}x Ludii",
        rate.games,
        rate.plies,
        rate.games / LUDII_GAMES_PER_SECOND
    );
    if let (Some(games), Some(plies)) = (rate.cpu_games, rate.cpu_plies) {
        print!(
            " | cpu: {games:>9.0} games/s {plies:>11.0} plies/s {:>6.1}x Ludii",
            games / LUDII_GAMES_PER_SECOND
        );
    }
    println!();
}

/// `a / b` by CPU time where both have it, else by wall time.
fn ratio(a: &Rate, b: &Rate) -> f64 {
    match (a.cpu_games, b.cpu_games) {
        (Some(x), Some(y)) => x / y,
        _ => a.games / b.games,
    }
}

fn main() {
    println!("Um el-Bagara random playouts, default rules, one thread");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let fast = measure(|| fast_playout(&mut rng));
    report("fast play_random (ChaCha8)", &fast);
    let mut rng = SmallRng::seed_from_u64(1);
    let fast_small = measure(|| fast_playout(&mut rng));
    report("fast play_random (SmallRng)", &fast_small);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let list = measure(|| move_list_playout(&mut rng));
    report("legal_moves + play (ChaCha8)", &list);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let reference = measure(|| reference_playout(&mut rng));
    report("per-counter reference (ChaCha8)", &reference);
    println!(
        "fast / reference: {:.1}x; fast / move list: {:.2}x; plies per game {:.1}",
        ratio(&fast, &reference),
        ratio(&fast, &list),
        fast.plies / fast.games
    );
}
