//! Random search for Mangola positions with endless sowings, to pick test
//! positions: plays random games and lists endless candidates with their
//! exact cycle lengths (shortest first), and positions where every
//! candidate of the player to move is endless.
//!
//! `cargo run --release -p ngola-rules --example mangola_find_endless -- [GAMES] [key=value ...]`

#[path = "common/args.rs"]
mod args;

use ngola_rules::mangola::{Mangola, MangolaMove, MangolaRules, MoveEnding};
use ngola_rules::{Game, Player};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let (games, rules) = args::count_and_rules(1000);
    // Exact detection with a safety net: cycles longer than this are skipped.
    let exact = MangolaRules {
        lap_limit: 0,
        ..rules
    };
    let mut rng = SmallRng::seed_from_u64(11);
    let mut found: Vec<(u64, String)> = Vec::new();
    for _ in 0..games {
        let mut game = Mangola::start(rules);
        loop {
            if game.ply() >= 4 {
                let rows = match game.to_move() {
                    Player::South => [0, 1],
                    Player::North => [2, 3],
                };
                let mut candidates = 0;
                let mut endless = 0;
                for row in rows {
                    for column in 1..=game.columns() {
                        let Some(mv) = MangolaMove::new(row, column) else {
                            continue;
                        };
                        let Ok(report) = game.move_report(mv) else {
                            continue;
                        };
                        candidates += 1;
                        if !report.is_endless() {
                            continue;
                        }
                        endless += 1;
                        let exact_game = Mangola::from_position(&game.to_string(), exact)
                            .expect("a printed position");
                        let laps = match exact_game.move_report(mv).map(|r| r.ending) {
                            Ok(MoveEnding::Cycle { length }) => length,
                            _ => 0,
                        };
                        let seeds: u32 = game.totals()[game.to_move().index()];
                        found.push((laps, format!("{game}  move {mv}  mover seeds {seeds}")));
                    }
                }
                if candidates > 0 && endless == candidates {
                    println!("every candidate endless: {game}");
                }
            }
            if game.play_random(&mut rng).is_none() {
                break;
            }
        }
    }
    found.sort();
    println!("{} endless candidates; shortest cycles:", found.len());
    for (laps, text) in found.iter().take(8) {
        println!("{laps:>12} laps: {text}");
    }
}
