//! Differential test against the 150 Ludii 1.3 games recorded in
//! `tests/data/ludii/umelbagara.jsonl` (a copy of
//! shared/fixtures/ludii/umelbagara.jsonl; its README explains the format):
//! at every turn the legal move set, after every move the board and the
//! counters taken, and at the end the scores and the result.

use crate::common::fixtures;

use std::collections::BTreeSet;

use fixtures::{numbers, records};
use ngola_rules::umelbagara::{UmElBagara, UmElBagaraMove, UmElBagaraRules};
use ngola_rules::{EndReason, Game, Player};

/// Ludii site `s` is row "ab"[s / 5], column s % 5 + 1; its moves are
/// "<site>cw" / "<site>ccw" and "pass". The direction is written only for
/// the middle house (column 3): "cw" is `<`, "ccw" is `>`.
fn ludii_move(game: &UmElBagara, text: &str) -> UmElBagaraMove {
    if text == "pass" {
        return UmElBagaraMove::PASS;
    }
    let (site, clockwise) = match text.strip_suffix("ccw") {
        Some(site) => (site, false),
        None => (text.strip_suffix("cw").expect("cw or ccw"), true),
    };
    let site: usize = site.parse().expect("a site number");
    let row = ["a", "b"][site / 5];
    let column = site % 5 + 1;
    let suffix = match (column, clockwise) {
        (3, true) => "<",
        (3, false) => ">",
        _ => "",
    };
    game.parse_move(&format!("{row}{column}{suffix}"))
        .expect("a move on the board")
}

/// The board as Ludii lists it: by site, row a then row b, column order.
fn board_by_site(game: &UmElBagara) -> Vec<u32> {
    [Player::South, Player::North]
        .into_iter()
        .flat_map(|row| (1..=5).map(move |c| game.count(row, c).expect("on the board")))
        .collect()
}

#[test]
fn all_150_ludii_games_are_reproduced() {
    let (mut games, mut moves, mut passes, mut lapping_captures, mut chains, mut draws) =
        (0, 0, 0, 0, 0, 0);
    for record in records("ludii/umelbagara.jsonl") {
        let index = record["index"].as_u64().expect("index");
        let mut game = UmElBagara::start(UmElBagaraRules::default());
        assert_eq!(
            numbers(&record["initial"]),
            board_by_site(&game),
            "game {index}: start"
        );
        let steps = record["steps"].as_array().expect("steps");
        for (i, step) in steps.iter().enumerate() {
            let at = format!("game {index}, step {i}, position {game}");
            assert!(
                !step["cont"].as_bool().expect("cont"),
                "{at}: one Ludii move per turn"
            );
            if game.outcome().is_some() {
                // Ludii ends the game with a pass by each side; we play none.
                let rest = &steps[i..];
                assert_eq!(rest.len(), 2, "{at}: we ended the game early");
                assert!(
                    rest.iter().all(|s| s["pass"].as_bool() == Some(true)),
                    "{at}"
                );
                break;
            }
            let ludii_legal: BTreeSet<String> = step["legal"]
                .as_array()
                .expect("legal")
                .iter()
                .map(|m| ludii_move(&game, m.as_str().expect("a move text")).to_string())
                .collect();
            let mut ours = ngola_rules::MoveList::new();
            game.legal_moves(&mut ours);
            let ours: BTreeSet<String> = ours.iter().map(|m| m.to_string()).collect();
            assert_eq!(ours, ludii_legal, "{at}: legal moves");

            let legal = step["legal"].as_array().expect("legal");
            let choice = step["choice"].as_u64().expect("choice") as usize;
            let mv = ludii_move(&game, legal[choice].as_str().expect("a move text"));
            game.check_move(mv).expect("Ludii's move is legal for us");
            let taken_before = game.taken();
            game.play(mv);
            moves += 1;
            passes += mv.is_pass() as u32;
            let captured = step["other_moves"].as_array().expect("other_moves").len();
            if captured > 0 && step["sown"].as_u64() >= Some(10) {
                lapping_captures += 1;
            }
            chains += (captured >= 2) as u32;
            assert_eq!(
                board_by_site(&game),
                numbers(&step["board"]),
                "{at}: board after {mv}"
            );
            assert_eq!(
                game.taken().to_vec(),
                numbers(&step["hands"]),
                "{at}: taken after {mv}"
            );
            assert_eq!(
                game.taken() != taken_before,
                captured > 0,
                "{at}: capture after {mv}"
            );
        }
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("game {index} did not end"));
        assert_eq!(outcome.reason, EndReason::Natural, "game {index}");
        assert_eq!(game.ply() as usize, steps.len() - 2, "game {index}: plies");
        let result = &record["result"];
        assert_eq!(result["end_type"], "NaturalEnd", "game {index}");
        assert_eq!(
            game.totals().to_vec(),
            numbers(&result["scores"]),
            "game {index}: scores"
        );
        let winner = match outcome.winner {
            None => 0,
            Some(Player::South) => 1,
            Some(Player::North) => 2,
        };
        draws += (winner == 0) as u32;
        assert_eq!(
            Some(winner),
            result["winner"].as_u64(),
            "game {index}: winner"
        );
        games += 1;
    }
    // The fixture exercises every rule the test claims to check.
    assert_eq!(games, 150);
    assert!(moves > 9_000, "{moves} moves");
    assert!(passes > 100, "{passes} passes within games");
    assert!(
        lapping_captures > 100,
        "{lapping_captures} captures after a lapping sowing"
    );
    assert!(chains > 100, "{chains} captures of several houses");
    assert!(draws > 0, "no draw in the fixture");
}
