//! Lists every candidate move of a Mangola position with what it does.
//!
//! `cargo run --release -p ngola-rules --example mangola_explain -- "<position text>" [key=value ...]`

use ngola_rules::mangola::{Mangola, MangolaMove, MangolaRules};
use ngola_rules::{Game, MoveList, RuleOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((position, assignments)) = args.split_first() else {
        eprintln!("usage: mangola_explain \"<position text>\" [key=value ...]");
        std::process::exit(2);
    };
    let rules = match MangolaRules::from_assignments(assignments) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let game = match Mangola::from_position(position, rules) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!("{game}");
    println!("outcome: {:?}", game.outcome());
    let mut legal = MoveList::new();
    game.legal_moves(&mut legal);
    for row in 0..4 {
        for column in 1..=game.columns() {
            let Some(mv) = MangolaMove::new(row, column) else {
                continue;
            };
            if mv.owner() != game.to_move() || game.seeds(mv) < 2 {
                continue;
            }
            let mark = if legal.contains(&mv) {
                "legal  "
            } else {
                "illegal"
            };
            match game.after(mv) {
                Ok((next, _)) => println!("{mv} {mark} {} -> {next}", game.describe_move(mv)),
                Err(e) => println!("{mv} {mark} {}", e.reason),
            }
        }
    }
}
