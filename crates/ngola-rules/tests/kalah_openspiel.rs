//! Differential test against the 300 OpenSpiel 2.0.2 `mancala` games in
//! `tests/data/openspiel/mancala.jsonl` (a copy of
//! shared/fixtures/openspiel/mancala.jsonl; its README explains the format):
//! after every ply the whole board, the player to move (or the end), the
//! legal actions in OpenSpiel's order, and at the end returns and totals.
//! The plain reference implementation replays the same games, so that the
//! property test comparing it with the engine rests on checked ground.

use crate::common::fixtures;
use ngola_rules::reference::kalah as kalah_reference;

use fixtures::{numbers, records, returns};
use kalah_reference::RefKalah;
use ngola_rules::kalah::{openspiel, Kalah, KalahRules};
use ngola_rules::{EndReason, Game, MoveList, Player};

fn legal_actions(game: &Kalah) -> Vec<u32> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| openspiel::move_to_action(mv, game.pits()))
        .collect()
}

#[test]
fn all_300_recorded_games_replay_identically() {
    let records = records("openspiel/mancala.jsonl");
    assert_eq!(records.len(), 300);
    let mut plies = 0;
    for record in &records {
        let index = &record["index"];
        let mut game = Kalah::start(KalahRules::default());
        let initial = &record["initial"];
        assert_eq!(openspiel::to_board(&game), numbers(&initial["board"]));
        assert_eq!(legal_actions(&game), numbers(&initial["legal"]));
        for (k, step) in record["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .enumerate()
        {
            let at = format!("game {index} ply {}", k + 1);
            let action = step["action"].as_u64().expect("action") as u32;
            let mover = step["mover"].as_u64().expect("mover") as usize;
            assert_eq!(game.to_move(), Player::from_index(mover), "{at}: mover");
            let mv = openspiel::action_to_move(action, 6).expect("a pit action");
            assert_eq!(game.check_move(mv), Ok(()), "{at}: {mv} legal");
            game.play(mv);
            assert_eq!(
                openspiel::to_board(&game),
                numbers(&step["board"]),
                "{at}: board"
            );
            assert_eq!(legal_actions(&game), numbers(&step["legal"]), "{at}: legal");
            match step["player"].as_u64() {
                Some(player) => {
                    assert_eq!(game.to_move(), Player::from_index(player as usize), "{at}");
                    assert_eq!(game.outcome(), None, "{at}: goes on");
                }
                None => assert!(game.outcome().is_some(), "{at}: terminal"),
            }
            // The position text round-trips at every ply.
            let text = game.to_string();
            assert_eq!(
                Kalah::from_position(&text, KalahRules::default()),
                Ok(game),
                "{text}"
            );
            plies += 1;
        }
        assert_eq!(
            game.ply() as u64,
            record["num_plies"].as_u64().expect("num_plies")
        );
        let outcome = game.outcome().expect("every record ends");
        assert_eq!(outcome.reason, EndReason::Natural);
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
    }
    assert!(plies > 10_000, "the fixtures hold {plies} plies");
}

#[test]
fn the_reference_implementation_replays_them_too() {
    let records = records("openspiel/mancala.jsonl");
    assert_eq!(records.len(), 300);
    for record in records {
        let mut game = RefKalah::new(6, 4, false, 1000);
        for step in record["steps"].as_array().expect("steps") {
            let action = step["action"].as_u64().expect("action") as u32;
            game.apply(action);
            assert_eq!(game.board, numbers(&step["board"]));
            assert_eq!(game.legal_actions(), numbers(&step["legal"]));
            match step["player"].as_u64() {
                Some(player) => assert_eq!(game.player, player as usize),
                None => assert!(game.is_terminal()),
            }
        }
        assert!(game.is_terminal());
        assert_eq!(game.totals().to_vec(), numbers(&record["final_totals"]));
        assert_eq!(returns(&record), game.returns().to_vec());
    }
}
