//! Differential test against the 150 Ludii 1.3 Mangola games recorded in
//! `tests/data/ludii/mangola.jsonl` (a copy of shared/fixtures/ludii/mangola.jsonl;
//! its README explains the format), replayed under `capture_sowing=ludii`:
//! at every turn start the legal move set, after every turn the board, and
//! at the end the result (Ludii's closing pass = loss by immobilisation).
//!
//! Ludii has no rule for sowings that never end: it lists every hole with
//! two or more seeds. So the game is replayed twice in lockstep: under
//! `endless_sowing=stop` (every candidate legal) our legal set must equal
//! Ludii's list; under the default `illegal` it must equal Ludii's list
//! less the candidates whose sowing is endless (the fixture holds some).

use crate::common::fixtures;

use std::collections::BTreeSet;

use fixtures::{numbers, records};
use ngola_rules::mangola::{CaptureSowing, EndlessSowing, Mangola, MangolaMove, MangolaRules};
use ngola_rules::{EndReason, Game, MoveList, Player};
use serde_json::Value;

fn ludii_rules(endless_sowing: EndlessSowing) -> MangolaRules {
    MangolaRules {
        capture_sowing: CaptureSowing::Ludii,
        endless_sowing,
        ..MangolaRules::default()
    }
}

fn legal_set(game: &Mangola) -> BTreeSet<MangolaMove> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves.into_iter().collect()
}

/// The board as Ludii lists it: site = 8 * row + column - 1, rows a..d.
fn board_by_site(game: &Mangola) -> Vec<u32> {
    game.rows()
        .iter()
        .flat_map(|row| row.iter().map(|&n| u32::from(n)))
        .collect()
}

fn site_move(site: u64) -> MangolaMove {
    MangolaMove::from_site(site as usize).expect("a site of the 4 x 8 board")
}

/// Statistics of the replay, to show the test exercised what it claims.
#[derive(Default)]
struct Seen {
    games: usize,
    turns: usize,
    captures: u64,
    full_laps: usize,
    endless_candidates: usize,
    captures_without_empty_hole: usize,
}

/// Ludii's circuits by site (README: "TrackCCW").
const TRACKS: [[usize; 16]; 2] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8],
    [
        16, 17, 18, 19, 20, 21, 22, 23, 31, 30, 29, 28, 27, 26, 25, 24,
    ],
];

/// Whether this Ludii step is a capture made when the mover had no empty
/// hole (docs/src/rules.md's edge case for `capture_sowing=ludii`): replays the
/// step's primary sowing on the board before it.
fn capture_without_empty_hole(before: &[u32], step: &Value) -> bool {
    let other = step["other_moves"].as_array().expect("other_moves");
    let is_capture = other.len() >= 2 && other[0][1] == other[1][1];
    if !is_capture {
        return false;
    }
    let track = &TRACKS[step["mover"].as_u64().expect("mover") as usize - 1];
    let mut board = before.to_vec();
    let from = step["from"].as_u64().expect("from") as usize;
    let mut at = track.iter().position(|&s| s == from).expect("on the track");
    let seeds = board[from];
    board[from] = 0;
    for _ in 0..seeds {
        at = (at + 1) % 16;
        board[track[at]] += 1;
    }
    track.iter().all(|&site| board[site] > 0)
}

fn replay(game_json: &Value, seen: &mut Seen) {
    let index = game_json["index"].as_u64().expect("index");
    let initial = numbers(&game_json["initial"]);
    let mut game = Mangola::start(ludii_rules(EndlessSowing::Stop));
    let mut strict = Mangola::start(ludii_rules(EndlessSowing::Illegal));
    assert_eq!(board_by_site(&game), initial, "game {index}: start");
    let steps = game_json["steps"].as_array().expect("steps");
    let mut turn_starts: Vec<usize> = (0..steps.len())
        .filter(|&i| !steps[i]["cont"].as_bool().expect("cont"))
        .collect();
    turn_starts.push(steps.len());
    let mut ended_by_pass = false;
    for window in turn_starts.windows(2) {
        let (first, end) = (&steps[window[0]], &steps[window[1] - 1]);
        let context = format!("game {index}, step {}, position {game}", window[0]);
        let mover = if first["mover"].as_u64() == Some(1) {
            Player::South
        } else {
            Player::North
        };
        assert_eq!(game.to_move(), mover, "{context}: mover");
        let ours = legal_set(&game);
        let strict_ours = legal_set(&strict);
        if first["pass"].as_bool().expect("pass") {
            // Ludii passes only when the player cannot move: he has lost.
            assert!(
                ours.is_empty(),
                "{context}: Ludii passes but we have {ours:?}"
            );
            for g in [&game, &strict] {
                let outcome = g.outcome().expect("game over");
                assert_eq!(outcome.winner, Some(mover.opponent()), "{context}");
                assert_eq!(outcome.reason, EndReason::Immobilised, "{context}");
            }
            ended_by_pass = true;
            assert_eq!(window[1], steps.len(), "{context}: the pass ends the game");
            break;
        }
        let ludii: BTreeSet<MangolaMove> = first["legal"]
            .as_array()
            .expect("legal")
            .iter()
            .map(|m| site_move(m.as_str().expect("text").parse().expect("a site")))
            .collect();
        assert_eq!(ours, ludii, "{context}: legal moves");
        for &mv in &ludii {
            let endless = strict.move_report(mv).expect("a candidate").is_endless();
            assert_eq!(
                strict_ours.contains(&mv),
                !endless,
                "{context}: {mv} under illegal"
            );
            seen.endless_candidates += usize::from(endless);
        }
        let mv = site_move(first["from"].as_u64().expect("from"));
        seen.full_laps += steps[window[0]..window[1]]
            .iter()
            .filter(|step| step["sown"].as_u64() >= Some(16))
            .count();
        let mut before = board_by_site(&game);
        for step in &steps[window[0]..window[1]] {
            seen.captures_without_empty_hole +=
                usize::from(capture_without_empty_hole(&before, step));
            before = numbers(&step["board"]);
        }
        let report = game.move_report(mv).expect("a legal move");
        seen.captures += u64::from(report.captures);
        game.check_move(mv).expect("legal");
        strict.check_move(mv).expect("legal under illegal too");
        game.play(mv);
        strict.play(mv);
        assert_eq!(game.to_string(), strict.to_string(), "{context}");
        seen.turns += 1;
        assert_eq!(
            board_by_site(&game),
            numbers(&end["board"]),
            "{context}: board after {mv}"
        );
    }
    let result = &game_json["result"];
    let winner = match result["winner"].as_u64() {
        Some(1) => Some(Player::South),
        Some(2) => Some(Player::North),
        _ => None,
    };
    assert!(
        ended_by_pass,
        "game {index}: every recorded game ends by a pass"
    );
    for g in [&game, &strict] {
        let outcome = g.outcome().expect("the game is over");
        assert_eq!(outcome.winner, winner, "game {index}: result");
    }
    seen.games += 1;
}

#[test]
fn replays_every_ludii_game_move_for_move() {
    let mut seen = Seen::default();
    for game_json in records("ludii/mangola.jsonl") {
        replay(&game_json, &mut seen);
    }
    println!(
        "{} games, {} turns, {} captures ({} without an empty hole), {} sowings of 16+, {} endless candidates",
        seen.games,
        seen.turns,
        seen.captures,
        seen.captures_without_empty_hole,
        seen.full_laps,
        seen.endless_candidates
    );
    assert_eq!(seen.games, 150);
    // The fixture's summary: thousands of captures and full laps were checked.
    assert!(seen.captures > 2000, "captures seen: {}", seen.captures);
    assert!(
        seen.full_laps > 50,
        "sowings of 16+ seeds: {}",
        seen.full_laps
    );
    assert!(seen.turns > 7000, "turns: {}", seen.turns);
    // The fixture's games hold the no-empty-hole capture of `ludii` (8 times).
    assert!(
        seen.captures_without_empty_hole >= 5,
        "captures without an empty hole: {}",
        seen.captures_without_empty_hole
    );
    // Game 20 at ply 59: North's d2 sows for ever; Ludii lists it.
    assert!(
        seen.endless_candidates >= 1,
        "endless candidates: {}",
        seen.endless_candidates
    );
}
