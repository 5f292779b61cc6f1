//! The timing harness shared by the random-playout benches: a warm-up, a
//! timed loop that reads the clock only every 64 playouts, and rates per
//! wall-clock second and per second of this thread's own CPU time (Linux
//! `/proc/thread-self/schedstat`), which stays meaningful when other
//! processes share the cores.
//!
//! Included with `mod common;` by every bench, so some items are unused in
//! some of them.
#![allow(dead_code)]

use std::hint::black_box;
use std::ops::Deref;
use std::time::{Duration, Instant};

use ngola_rules::{Game, MoveList};
use rand::Rng;

/// Playouts and plies done in a timed run, and how long it took.
pub struct Rate {
    pub playouts: u64,
    pub plies: u64,
    /// Wall-clock seconds.
    pub wall: f64,
    /// Seconds this thread ran on a core, and waited for one (if known).
    pub cpu: Option<(f64, f64)>,
}

impl Rate {
    /// This thread's CPU seconds when known, else wall-clock seconds: on a
    /// shared machine the thread's CPU time is the fairer clock.
    pub fn seconds(&self) -> f64 {
        match self.cpu {
            Some((run, _)) if run > 0.0 => run,
            _ => self.wall,
        }
    }

    /// Playouts per second of [`Rate::seconds`].
    pub fn playouts_per_s(&self) -> f64 {
        self.playouts as f64 / self.seconds()
    }

    /// Plies per second of [`Rate::seconds`].
    pub fn plies_per_s(&self) -> f64 {
        self.plies as f64 / self.seconds()
    }

    /// Playouts per wall-clock second.
    pub fn wall_playouts_per_s(&self) -> f64 {
        self.playouts as f64 / self.wall
    }

    /// Plies per wall-clock second.
    pub fn wall_plies_per_s(&self) -> f64 {
        self.plies as f64 / self.wall
    }

    /// The mean length of a playout.
    pub fn plies_per_playout(&self) -> f64 {
        self.plies as f64 / self.playouts as f64
    }

    /// Whether the rates are per CPU second (else per wall-clock second).
    pub fn by_cpu(&self) -> bool {
        self.seconds() != self.wall
    }
}

/// This thread's time on a core and waiting for one, in seconds.
pub fn thread_times() -> Option<(f64, f64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<f64>().ok());
    let running = fields.next()??;
    let waiting = fields.next()??;
    Some((running / 1e9, waiting / 1e9))
}

/// Runs `playout` (returning its plies) for a warm-up of a fifth of
/// `budget`, then for `budget`, and returns what the timed run did.
pub fn measure(budget: Duration, mut playout: impl FnMut() -> u64) -> Rate {
    let warm_up = Instant::now();
    while warm_up.elapsed() < budget / 5 {
        black_box(playout());
    }
    let times_before = thread_times();
    let started = Instant::now();
    let mut rate = Rate {
        playouts: 0,
        plies: 0,
        wall: 0.0,
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
            rate.wall = elapsed.as_secs_f64();
            if let (Some(before), Some(after)) = (times_before, thread_times()) {
                rate.cpu = Some((after.0 - before.0, after.1 - before.1));
            }
            return rate;
        }
    }
}

/// One random game from `game` through the generic interface: the exact
/// legal-move list, then a uniform pick, until no move is left. Returns
/// the plies played.
pub fn legal_list_playout<G: Game>(mut game: G, rng: &mut impl Rng) -> u64 {
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
}

/// One random game from `game` through the engine's own `play_random`.
/// Returns the plies played.
pub fn play_random_playout<G: Game>(mut game: G, rng: &mut impl Rng) -> u64 {
    let mut plies = 0;
    while game.play_random(rng).is_some() {
        plies += 1;
    }
    black_box(game.totals());
    plies
}

/// One random game of a plain reference implementation, from `game`: the
/// list of `legal` moves, then a uniform pick played with `play`, until no
/// move is left. Returns the plies played.
pub fn reference_playout<S, M: Copy, L: Deref<Target = [M]>>(
    mut game: S,
    rng: &mut impl Rng,
    legal: impl Fn(&S) -> L,
    play: impl Fn(&mut S, M),
) -> u64 {
    let mut plies = 0;
    loop {
        let moves = legal(&game);
        if moves.is_empty() {
            break;
        }
        play(&mut game, moves[rng.random_range(0..moves.len())]);
        plies += 1;
    }
    black_box(game);
    plies
}

/// Whether the command line (`cargo bench ... -- WORD`) selects `name`:
/// every measurement when no word is given, else those whose name contains
/// it.
pub fn selected(name: &str) -> bool {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    words.is_empty() || words.iter().any(|w| name.contains(w.as_str()))
}

/// Measures `playout` for `NGOLA_BENCH_SECS` seconds (default 2) and prints
/// one line of rates, or returns NaN without running when the command line
/// leaves `name` out (see [`selected`]). Returns playouts per second.
pub fn measure_selected(name: &str, playout: impl FnMut() -> u64) -> f64 {
    if !selected(name) {
        return f64::NAN;
    }
    let seconds = std::env::var("NGOLA_BENCH_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2.0);
    let rate = measure(Duration::from_secs_f64(seconds), playout);
    println!(
        "  {name:<28} {:>10.0} playouts/s {:>7.2} M plies/s  ({:.1} plies/game, {:.0}% of a core)",
        rate.playouts_per_s(),
        rate.plies_per_s() / 1e6,
        rate.plies_per_playout(),
        100.0 * rate.seconds() / rate.wall
    );
    rate.playouts_per_s()
}

/// Prints the ratios of the fast engine to the reference and to the generic
/// legal-list path, leaving out those of measurements not run.
pub fn print_ratios(fast: f64, generic: f64, reference: f64) {
    if !(fast / reference).is_nan() {
        println!("  fast / reference = {:.1}x", fast / reference);
    }
    if !(fast / generic).is_nan() {
        println!("  fast / generic = {:.2}x", fast / generic);
    }
}
