//! How often do random Mangola games meet a sowing that never ends?
//!
//! `cargo run --release -p ngola-rules --example mangola_endless_survey -- [N] [SEED]`
//!
//! Plays N random games (default 1000) under the default rules and under
//! `capture_sowing=after-capture`. At every position of free play it
//! simulates every candidate move: a candidate is endless when its sowing
//! exceeds `lap_limit` (10000). Each endless candidate is then run again with
//! exact detection (`lap_limit=0`, Brent's algorithm) to measure its cycle
//! and how long the detection took. Prints per rule set: games meeting an
//! endless move, the longest finite move in laps, cycle lengths seen, the
//! slowest exact detection, and example positions.

use std::time::{Duration, Instant};

use ngola_rules::mangola::{CaptureSowing, Mangola, MangolaMove, MangolaRules, MoveEnding};
use ngola_rules::{Game, Player};
use rand::rngs::SmallRng;
use rand::SeedableRng;

#[derive(Default)]
struct Survey {
    games: u64,
    plies: u64,
    games_with_endless: u64,
    endless_candidates: u64,
    candidates: u64,
    longest_finite: u64,
    longest_finite_example: String,
    cycles: Vec<u64>,
    slowest_detection: Duration,
    slowest_example: String,
    shortest_cycle_example: (u64, String),
    ply_cap_draws: u64,
    immobilised: u64,
    endless_losses: u64,
}

fn survey(rules: MangolaRules, games: u64, seed: u64) -> Survey {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Survey {
        shortest_cycle_example: (u64::MAX, String::new()),
        ..Survey::default()
    };
    let exact = MangolaRules {
        lap_limit: 0,
        ..rules
    };
    for _ in 0..games {
        let mut game = Mangola::start(rules);
        let mut met_endless = false;
        loop {
            if game.ply() >= 4 {
                for mv in candidates(&game) {
                    let Ok(report) = game.move_report(mv) else {
                        continue;
                    };
                    out.candidates += 1;
                    if !report.is_endless() {
                        if report.laps > out.longest_finite {
                            out.longest_finite = report.laps;
                            out.longest_finite_example = format!("{game}  move {mv}");
                        }
                        continue;
                    }
                    met_endless = true;
                    out.endless_candidates += 1;
                    let exact_game = Mangola::from_position(&game.to_string(), exact)
                        .expect("a position we printed");
                    let started = Instant::now();
                    let exact_report = exact_game.move_report(mv).expect("a candidate");
                    let took = started.elapsed();
                    let example = format!("{game}  move {mv}");
                    if let MoveEnding::Cycle { length } = exact_report.ending {
                        out.cycles.push(length);
                        if length < out.shortest_cycle_example.0 {
                            out.shortest_cycle_example = (length, example.clone());
                        }
                    } else {
                        println!("  note: endless under lap_limit but finite exactly: {example}");
                    }
                    if took > out.slowest_detection {
                        out.slowest_detection = took;
                        out.slowest_example = example;
                    }
                }
            }
            if game.play_random(&mut rng).is_none() {
                break;
            }
            out.plies += 1;
        }
        match game.outcome().map(|o| o.reason.as_str()) {
            Some("ply-cap") => out.ply_cap_draws += 1,
            Some("immobilised") => out.immobilised += 1,
            Some("endless-sowing") => out.endless_losses += 1,
            _ => {}
        }
        out.games += 1;
        out.games_with_endless += u64::from(met_endless);
    }
    out
}

/// The holes of the player to move with two or more seeds.
fn candidates(game: &Mangola) -> Vec<MangolaMove> {
    let rows = match game.to_move() {
        Player::South => [0, 1],
        Player::North => [2, 3],
    };
    rows.iter()
        .flat_map(|&row| (1..=game.columns()).filter_map(move |c| MangolaMove::new(row, c)))
        .filter(|&mv| game.seeds(mv) >= 2)
        .collect()
}

fn report(name: &str, s: &mut Survey) {
    s.cycles.sort_unstable();
    let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
    println!("== {name}: {} games, {} plies", s.games, s.plies);
    println!(
        "games meeting an endless move: {} ({:.2}%); endless candidates {} of {} ({:.4}%)",
        s.games_with_endless,
        pct(s.games_with_endless, s.games),
        s.endless_candidates,
        s.candidates,
        pct(s.endless_candidates, s.candidates)
    );
    println!(
        "results: {} immobilised, {} lost with only endless moves, {} ply-cap draws ({:.2}%)",
        s.immobilised,
        s.endless_losses,
        s.ply_cap_draws,
        pct(s.ply_cap_draws, s.games)
    );
    println!(
        "longest finite move: {} laps ({})",
        s.longest_finite, s.longest_finite_example
    );
    if let (Some(first), Some(last)) = (s.cycles.first(), s.cycles.last()) {
        println!(
            "cycles (exact detection): {} seen, shortest {first} laps, median {} laps, longest {last} laps",
            s.cycles.len(),
            s.cycles[s.cycles.len() / 2]
        );
        println!(
            "shortest cycle example: {} laps: {}",
            s.shortest_cycle_example.0, s.shortest_cycle_example.1
        );
        println!(
            "slowest exact detection: {:.3} s ({})",
            s.slowest_detection.as_secs_f64(),
            s.slowest_example
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    for (name, capture) in [
        (
            "default rules (capture_sowing=lap-start)",
            CaptureSowing::LapStart,
        ),
        ("capture_sowing=after-capture", CaptureSowing::AfterCapture),
    ] {
        let rules = MangolaRules {
            capture_sowing: capture,
            ..MangolaRules::default()
        };
        let started = Instant::now();
        let mut s = survey(rules, games, seed);
        report(name, &mut s);
        println!("({:.1} s)\n", started.elapsed().as_secs_f64());
    }
}
