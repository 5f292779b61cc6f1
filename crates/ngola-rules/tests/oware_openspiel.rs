//! Differential test against the 300 OpenSpiel 2.0.2 `oware` games in
//! `tests/data/openspiel/oware.jsonl` (a copy of
//! shared/fixtures/openspiel/oware.jsonl; its README explains the format):
//! after every ply the houses, the scores, the player to move (or the end),
//! the legal actions in OpenSpiel's order, and at the end returns and final
//! scores. The plain reference implementation replays the same games, so
//! that the property test comparing it with the engine rests on checked ground.

use crate::common::fixtures;
use ngola_rules::reference::oware as oware_reference;

use fixtures::{numbers, records, returns};
use ngola_rules::oware::{openspiel, Oware, OwareRules};
use ngola_rules::{EndReason, Game, MoveList, Player};
use oware_reference::RefOware;

fn legal_actions(game: &Oware) -> Vec<u32> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| openspiel::move_to_action(mv, game.houses()))
        .collect()
}

#[test]
fn all_300_recorded_games_replay_identically() {
    let records = records("openspiel/oware.jsonl");
    assert_eq!(records.len(), 300);
    let mut reasons = std::collections::BTreeMap::new();
    for record in &records {
        let index = &record["index"];
        let mut game = Oware::start(OwareRules::default());
        let initial = &record["initial"];
        assert_eq!(openspiel::to_seeds(&game), numbers(&initial["seeds"]));
        assert_eq!(legal_actions(&game), numbers(&initial["legal"]));
        for (k, step) in record["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .enumerate()
        {
            let at = format!("game {index} ply {}", k + 1);
            let action = step["action"].as_u64().expect("action") as u32;
            let mover = Player::from_index(step["mover"].as_u64().expect("mover") as usize);
            assert_eq!(game.to_move(), mover, "{at}: mover");
            let mv = openspiel::action_to_move(action, mover, 6).expect("a house action");
            assert_eq!(game.check_move(mv), Ok(()), "{at}: {mv} legal");
            game.play(mv);
            assert_eq!(
                openspiel::to_seeds(&game),
                numbers(&step["seeds"]),
                "{at}: seeds"
            );
            let scores = numbers(&step["scores"]);
            assert_eq!(game.totals().to_vec(), scores, "{at}: scores");
            assert_eq!(legal_actions(&game), numbers(&step["legal"]), "{at}: legal");
            match step["player"].as_u64() {
                Some(player) => {
                    assert_eq!(game.to_move(), Player::from_index(player as usize), "{at}");
                    assert_eq!(game.outcome(), None, "{at}: goes on");
                }
                None => assert!(game.outcome().is_some(), "{at}: terminal"),
            }
        }
        assert_eq!(
            game.ply() as u64,
            record["num_plies"].as_u64().expect("num_plies")
        );
        let outcome = game.outcome().expect("every record ends");
        *reasons.entry(outcome.reason.as_str()).or_insert(0) += 1;
        assert_eq!(
            returns(record),
            vec![
                outcome.sign_for(Player::South),
                outcome.sign_for(Player::North)
            ],
            "game {index}: returns"
        );
        assert_eq!(
            game.totals().to_vec(),
            numbers(&record["final_totals"]),
            "game {index}"
        );
        assert_eq!(
            game.totals()[0] + game.totals()[1],
            48,
            "game {index}: all seeds scored"
        );
    }
    // Both ways of ending occur in the fixtures (game 0 ends by repetition).
    assert!(
        reasons.get("repetition").copied().unwrap_or(0) > 0,
        "{reasons:?}"
    );
    assert!(
        reasons.get("natural").copied().unwrap_or(0) > 0,
        "{reasons:?}"
    );
}

#[test]
fn game_0_ends_by_repetition_at_ply_137() {
    let record = &records("openspiel/oware.jsonl")[0];
    let mut game = Oware::start(OwareRules::default());
    for step in record["steps"].as_array().expect("steps") {
        let action = step["action"].as_u64().expect("action") as u32;
        let mv = openspiel::action_to_move(action, game.to_move(), 6).expect("an action");
        game.play(mv);
    }
    assert_eq!(game.ply(), 137);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::Repetition)
    );
    assert_eq!(game.totals(), [25, 23]);
}

#[test]
fn the_reference_implementation_replays_them_too() {
    let records = records("openspiel/oware.jsonl");
    assert_eq!(records.len(), 300);
    for record in records {
        let mut game = RefOware::new(6, 4, 1000);
        for step in record["steps"].as_array().expect("steps") {
            let action = step["action"].as_u64().expect("action") as u32;
            game.apply(action);
            assert_eq!(game.seeds, numbers(&step["seeds"]));
            assert_eq!(game.scores.to_vec(), numbers(&step["scores"]));
            assert_eq!(game.legal_actions(), numbers(&step["legal"]));
            match step["player"].as_u64() {
                Some(player) => assert_eq!(game.player, player as usize),
                None => assert!(game.is_terminal()),
            }
        }
        assert!(game.is_terminal());
        assert_eq!(game.scores.to_vec(), numbers(&record["final_totals"]));
        assert_eq!(returns(&record), game.returns().to_vec());
    }
}
