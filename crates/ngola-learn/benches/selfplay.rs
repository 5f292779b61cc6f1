//! Self-play data against bare move generation, measured in one run:
//! `selfplay` (random agent, one thread: every position's observation,
//! legal-action mask and action recorded) in positions per second, against
//! random playouts in plies per second through the fast path
//! (`Game::play_random`, what `ngola bench movegen` times) and the generic
//! path (`legal_moves`, then a uniform pick and `play`).
//!
//! `cargo bench -p ngola-learn --bench selfplay [-- [GAME] [GAMES]]`
//! (default every game, 4000 games per measurement; `NGOLA_BENCH_ROUNDS`
//! rounds, default 5, alternating the three, medians reported).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_learn::{selfplay, Encode, SelfPlayConfig};
use ngola_rules::{with_game, GameKind, MoveList};

/// The allocator of the Python extension and the `ngola` program.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn per_second(units: u64, clock: Instant) -> f64 {
    units as f64 / clock.elapsed().as_secs_f64().max(1e-9)
}

/// Plies per second of `games` random playouts through `play_random`.
fn fast_path<G: Encode + Evaluate>(start: &G, games: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let clock = Instant::now();
    let mut plies = 0u64;
    for _ in 0..games {
        let mut game = start.clone();
        while game.play_random(&mut rng).is_some() {
            plies += 1;
        }
    }
    per_second(plies, clock)
}

/// Plies per second of `games` random playouts through `legal_moves`.
fn generic_path<G: Encode + Evaluate>(start: &G, games: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let clock = Instant::now();
    let mut plies = 0u64;
    let mut moves = MoveList::new();
    for _ in 0..games {
        let mut game = start.clone();
        loop {
            moves.clear();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]);
            plies += 1;
        }
    }
    per_second(plies, clock)
}

/// Positions per second of `selfplay` (random agent, one thread).
fn selfplay_path<G: Encode + Evaluate>(start: &G, games: u64) -> f64 {
    let spec: AgentSpec = "random".parse().expect("the random agent's spec");
    let config = SelfPlayConfig {
        games,
        seed: 1,
        threads: 1,
        opening_plies: 0,
    };
    let clock = Instant::now();
    let data = selfplay(
        start,
        &spec,
        &config,
        &Default::default(),
        &AtomicBool::new(false),
    )
    .expect("self-play runs");
    per_second(data.len() as u64, clock)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn bench<G: Encode + Evaluate>(games: u64, rounds: usize) {
    let start = G::start(G::Rules::default());
    selfplay_path(&start, games / 10);
    let (mut fast, mut generic, mut data) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        fast.push(fast_path(&start, games));
        generic.push(generic_path(&start, games));
        data.push(selfplay_path(&start, games));
    }
    let (f, g, d) = (median(fast), median(generic), median(data));
    println!(
        "{:11} {:>12.0} {:>12.0} {:>12.0} {:>9.2} {:>9.2}",
        G::NAME,
        f,
        g,
        d,
        d / f,
        d / g
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(4000);
    let rounds: usize = std::env::var("NGOLA_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(5);
    let only: Option<GameKind> = args.iter().find_map(|a| a.parse().ok());
    println!("one thread, median of {rounds} rounds, {games} games each");
    println!(
        "{:11} {:>12} {:>12} {:>12} {:>9} {:>9}",
        "game", "fast plies/s", "generic", "selfplay", "vs fast", "vs generic"
    );
    for kind in [
        GameKind::Mangola,
        GameKind::UmElBagara,
        GameKind::Kalah,
        GameKind::Oware,
    ] {
        if only.is_none_or(|k| k == kind) {
            with_game!(kind, G => bench::<G>(games, rounds));
        }
    }
}
