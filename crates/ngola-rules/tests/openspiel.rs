//! Differential tests against the 300 OpenSpiel 2.0.2 games of each of
//! its two mancala games, `mancala` (Kalah) and `oware`, in
//! `tests/data/openspiel/` (copies of shared/fixtures/openspiel/; its
//! README explains the format). One suite serves both games: after every
//! ply the whole board (Kalah's with its stores, Oware's houses and its
//! scores), the player to move (or the end), the legal actions in
//! OpenSpiel's order and the position text's round trip; at the end the
//! ply count, returns and totals. The plain reference implementations
//! replay the same games, so that the property tests comparing them with
//! the engines rest on checked ground.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::fixtures::{numbers, records, returns};
use ngola_rules::kalah::{self, Kalah};
use ngola_rules::oware::{self, Oware, OwareRules};
use ngola_rules::reference::kalah::RefKalah;
use ngola_rules::reference::oware::RefOware;
use ngola_rules::{EndReason, Game, MoveList, Player};

/// A game OpenSpiel recorded: its fixture, its default start, and how its
/// moves and boards translate to OpenSpiel's.
trait Recorded: Game + PartialEq {
    /// The fixture file, below `tests/data/`.
    const FIXTURE: &'static str;
    /// The step field holding the board.
    const BOARD: &'static str;
    /// Whether the position text says all of the state (Oware's leaves
    /// out the history its repetition rule reads).
    const TEXT_HOLDS_ALL: bool;
    /// The board as OpenSpiel writes it.
    fn board(&self) -> Vec<u32>;
    /// OpenSpiel's action of a move.
    fn action_of(&self, mv: Self::Move) -> u32;
    /// The move of OpenSpiel's action, with this position's mover.
    fn move_of(&self, action: u32) -> Option<Self::Move>;
    /// Whatever else a step records, checked (`at` names the step).
    fn check_step(&self, _step: &Value, _at: &str) {}
}

impl Recorded for Kalah {
    const FIXTURE: &'static str = "openspiel/mancala.jsonl";
    const BOARD: &'static str = "board";
    const TEXT_HOLDS_ALL: bool = true;
    fn board(&self) -> Vec<u32> {
        kalah::openspiel::to_board(self)
    }
    fn action_of(&self, mv: Self::Move) -> u32 {
        kalah::openspiel::move_to_action(mv, self.pits())
    }
    fn move_of(&self, action: u32) -> Option<Self::Move> {
        kalah::openspiel::action_to_move(action, self.pits())
    }
}

impl Recorded for Oware {
    const FIXTURE: &'static str = "openspiel/oware.jsonl";
    const BOARD: &'static str = "seeds";
    const TEXT_HOLDS_ALL: bool = false;
    fn board(&self) -> Vec<u32> {
        oware::openspiel::to_seeds(self)
    }
    fn action_of(&self, mv: Self::Move) -> u32 {
        oware::openspiel::move_to_action(mv, self.houses())
    }
    fn move_of(&self, action: u32) -> Option<Self::Move> {
        oware::openspiel::action_to_move(action, self.to_move(), self.houses())
    }
    fn check_step(&self, step: &Value, at: &str) {
        assert_eq!(
            self.totals().to_vec(),
            numbers(&step["scores"]),
            "{at}: scores"
        );
    }
}

fn legal_actions<G: Recorded>(game: &G) -> Vec<u32> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|&mv| game.action_of(mv)).collect()
}

/// Replays every recorded game of `G` from the default start, checking
/// each step and each end; returns how many games ended each way and the
/// plies played.
fn replay_all<G: Recorded>() -> (BTreeMap<&'static str, u32>, u64) {
    let records = records(G::FIXTURE);
    assert_eq!(records.len(), 300);
    let (mut reasons, mut plies) = (BTreeMap::new(), 0);
    for record in &records {
        let index = &record["index"];
        let mut game = G::start(G::Rules::default());
        let initial = &record["initial"];
        assert_eq!(game.board(), numbers(&initial[G::BOARD]));
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
            let mv = game.move_of(action).expect("a move's action");
            assert_eq!(game.check_move(mv), Ok(()), "{at}: {mv} legal");
            game.play(mv);
            assert_eq!(game.board(), numbers(&step[G::BOARD]), "{at}: board");
            game.check_step(step, &at);
            assert_eq!(legal_actions(&game), numbers(&step["legal"]), "{at}: legal");
            match step["player"].as_u64() {
                Some(player) => {
                    assert_eq!(game.to_move(), Player::from_index(player as usize), "{at}");
                    assert!(game.outcome().is_none(), "{at}: goes on");
                }
                None => assert!(game.outcome().is_some(), "{at}: terminal"),
            }
            // The position text round-trips at every ply: to the same
            // game where the text says all of it, else to the same text.
            let text = game.to_string();
            let again = G::from_position(&text, G::Rules::default())
                .unwrap_or_else(|e| panic!("{at}: `{text}`: {e}"));
            assert_eq!(again.to_string(), text, "{at}");
            if G::TEXT_HOLDS_ALL {
                assert!(again == game, "{at}: `{text}`");
            }
            plies += 1;
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
    }
    (reasons, plies)
}

#[test]
fn all_300_recorded_kalah_games_replay_identically() {
    let (reasons, plies) = replay_all::<Kalah>();
    assert_eq!(reasons.keys().collect::<Vec<_>>(), vec![&"natural"]);
    assert!(plies > 10_000, "the fixtures hold {plies} plies");
}

#[test]
fn all_300_recorded_oware_games_replay_identically() {
    let (reasons, _) = replay_all::<Oware>();
    // Both ways of ending occur in the fixtures (game 0 ends by repetition).
    assert!(
        reasons.get("repetition").copied().unwrap_or(0) > 0,
        "{reasons:?}"
    );
    assert!(
        reasons.get("natural").copied().unwrap_or(0) > 0,
        "{reasons:?}"
    );
    // Every seed is scored at the end.
    for record in records(Oware::FIXTURE) {
        let totals = numbers(&record["final_totals"]);
        assert_eq!(totals.iter().sum::<u32>(), 48, "game {}", record["index"]);
    }
}

#[test]
fn oware_game_0_ends_by_repetition_at_ply_137() {
    let record = &records(Oware::FIXTURE)[0];
    let mut game = Oware::start(OwareRules::default());
    for step in record["steps"].as_array().expect("steps") {
        let action = step["action"].as_u64().expect("action") as u32;
        game.play(game.move_of(action).expect("an action"));
    }
    assert_eq!(game.ply(), 137);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::Repetition)
    );
    assert_eq!(game.totals(), [25, 23]);
}

/// A reference implementation as the fixtures check it.
trait ReferenceReplay {
    /// The fixture its games come from.
    const FIXTURE: &'static str;
    /// The default start, as OpenSpiel's.
    fn start() -> Self;
    /// Plays OpenSpiel's action.
    fn apply_action(&mut self, action: u32);
    /// The board (and scores, where the game keeps them apart) of a step.
    fn step_matches(&self, step: &Value);
    /// OpenSpiel's legal actions.
    fn legal(&self) -> Vec<u32>;
    /// The player to move.
    fn mover(&self) -> usize;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// The final totals and returns.
    fn end(&self) -> (Vec<u32>, Vec<i32>);
}

impl ReferenceReplay for RefKalah {
    const FIXTURE: &'static str = Kalah::FIXTURE;
    fn start() -> Self {
        RefKalah::new(6, 4, false, 1000)
    }
    fn apply_action(&mut self, action: u32) {
        self.apply(action)
    }
    fn step_matches(&self, step: &Value) {
        assert_eq!(self.board, numbers(&step["board"]));
    }
    fn legal(&self) -> Vec<u32> {
        self.legal_actions()
    }
    fn mover(&self) -> usize {
        self.player
    }
    fn over(&self) -> bool {
        self.is_terminal()
    }
    fn end(&self) -> (Vec<u32>, Vec<i32>) {
        (self.totals().to_vec(), self.returns().to_vec())
    }
}

impl ReferenceReplay for RefOware {
    const FIXTURE: &'static str = Oware::FIXTURE;
    fn start() -> Self {
        RefOware::new(6, 4, 1000)
    }
    fn apply_action(&mut self, action: u32) {
        self.apply(action)
    }
    fn step_matches(&self, step: &Value) {
        assert_eq!(self.seeds, numbers(&step["seeds"]));
        assert_eq!(self.scores.to_vec(), numbers(&step["scores"]));
    }
    fn legal(&self) -> Vec<u32> {
        self.legal_actions()
    }
    fn mover(&self) -> usize {
        self.player
    }
    fn over(&self) -> bool {
        self.is_terminal()
    }
    fn end(&self) -> (Vec<u32>, Vec<i32>) {
        (self.scores.to_vec(), self.returns().to_vec())
    }
}

fn reference_replays<R: ReferenceReplay>() {
    let records = records(R::FIXTURE);
    assert_eq!(records.len(), 300);
    for record in records {
        let mut game = R::start();
        for step in record["steps"].as_array().expect("steps") {
            game.apply_action(step["action"].as_u64().expect("action") as u32);
            game.step_matches(step);
            assert_eq!(game.legal(), numbers(&step["legal"]));
            match step["player"].as_u64() {
                Some(player) => assert_eq!(game.mover(), player as usize),
                None => assert!(game.over()),
            }
        }
        assert!(game.over());
        let (totals, returned) = game.end();
        assert_eq!(totals, numbers(&record["final_totals"]));
        assert_eq!(returns(&record), returned);
    }
}

#[test]
fn the_reference_implementations_replay_them_too() {
    reference_replays::<RefKalah>();
    reference_replays::<RefOware>();
}
