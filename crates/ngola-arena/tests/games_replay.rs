//! Every game of a run can be replayed: in all four games, each row's
//! `moves` cell, played from the start position under the run's rules with
//! nothing but the rules crate, reproduces the row's opening, result,
//! reason, plies and totals. And each pair of a pairing starts from a
//! distinct position.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use ngola_agents::Evaluate;
use ngola_arena::record::{read_games, GameResult};
use ngola_arena::runner::{self, files};
use ngola_arena::{Caller, ExperimentDraft};
use ngola_rules::{with_game, GameKind, RuleOptions};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ngola-replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn check_game<G: Evaluate>(kind: GameKind) {
    let dir = temp_dir(kind.name());
    let experiment = ExperimentDraft {
        game: Some(kind.name().into()),
        agents: Some(vec![
            "random".into(),
            "greedy".into(),
            "alphabeta:depth=2".into(),
        ]),
        games: Some(16),
        seed: Some(3),
        opening_plies: Some(ngola_arena::experiment::OpeningPlies::Plies(4)),
        threads: Some(2),
        ..Default::default()
    }
    .finish()
    .unwrap();
    runner::run::<G>(&experiment, &dir, &Caller::quiet()).unwrap();
    let folder = runner::folder_experiment(&dir).unwrap();
    let assignments: Vec<String> = folder
        .rules
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let rules = G::Rules::from_assignments(&assignments).unwrap();
    let rows = read_games(&dir.join(files::GAMES)).unwrap().records;
    assert_eq!(rows.len(), 48);
    let mut openings: HashMap<u32, HashSet<String>> = HashMap::new();
    for row in &rows {
        let mut game = G::start(rules);
        let words: Vec<&str> = row.moves.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            game.play_text(word)
                .unwrap_or_else(|e| panic!("{kind} game {} move {}: {e}", row.game, i + 1));
            if i == 3 {
                // The opening's four plies, then the position both games
                // of the pair start from.
                assert_eq!(
                    words[..4].join(" "),
                    row.opening,
                    "{kind} game {}",
                    row.game
                );
                if row.game % 2 == 0 {
                    assert!(
                        openings
                            .entry(row.pairing)
                            .or_default()
                            .insert(game.to_string()),
                        "{kind}: pairing {} repeats the opening of game {}",
                        row.pairing,
                        row.game
                    );
                }
            }
        }
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{kind} game {}: not over", row.game));
        let result = match outcome.winner {
            Some(ngola_rules::Player::South) => GameResult::South,
            Some(ngola_rules::Player::North) => GameResult::North,
            None => GameResult::Draw,
        };
        assert_eq!(result, row.result, "{kind} game {}", row.game);
        assert_eq!(
            outcome.reason.as_str(),
            row.reason.as_str(),
            "{kind} game {}",
            row.game
        );
        assert_eq!(game.ply(), row.plies, "{kind} game {}", row.game);
        assert_eq!(words.len() as u32, row.plies, "{kind} game {}", row.game);
        assert_eq!(
            game.totals(),
            [row.south_total, row.north_total],
            "{kind} game {}",
            row.game
        );
    }
    // 3 pairings, 8 pairs each, 8 distinct openings each.
    assert_eq!(
        openings.values().map(HashSet::len).collect::<Vec<_>>(),
        vec![8; 3]
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_moves_cell_replays_to_its_row_in_all_four_games() {
    for kind in [
        GameKind::Mangola,
        GameKind::UmElBagara,
        GameKind::Kalah,
        GameKind::Oware,
    ] {
        with_game!(kind, G => check_game::<G>(kind));
    }
}
