//! Tournaments with agents that use an endgame database (`tb=DIR`): the
//! run completes and its rows replay, and a database that does not open,
//! or is of other rules of play, is refused before any game is played.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use ngola_arena::error::ArenaError;
use ngola_arena::record::read_games;
use ngola_arena::runner::{self, files};
use ngola_arena::{Caller, ExperimentDraft};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::{Game, RuleOptions};
use ngola_tablebase::{build, Endgame, KalahEndgame, Quiet};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ngola-tb-run-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn draft(tb: &Path, rules: &[(&str, &str)]) -> ngola_arena::experiment::Experiment {
    ExperimentDraft {
        game: Some("kalah".into()),
        agents: Some(vec![
            format!("alphabeta:depth=2,tb={}", tb.display()),
            format!("mcts:sims=200,tb={}", tb.display()),
            "greedy".into(),
        ]),
        games: Some(4),
        seed: Some(5),
        threads: Some(2),
        rules: rules
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    }
    .finish()
    .unwrap()
}

#[test]
fn a_run_with_database_agents_completes_and_bad_databases_are_refused() {
    let db = temp_dir("db");
    let rules = KalahRules::from_assignments(&["pits=3", "seeds=2", "max_plies=0"]).unwrap();
    build(
        &KalahEndgame::new(rules).unwrap(),
        12,
        &db,
        &Quiet,
        &AtomicBool::new(false),
    )
    .unwrap();
    let board = [("pits", "3"), ("seeds", "2")];

    let dir = temp_dir("run");
    runner::run::<Kalah>(&draft(&db, &board), &dir, &Caller::quiet()).unwrap();
    let rows = read_games(&dir.join(files::GAMES)).unwrap().records;
    assert_eq!(rows.len(), 12);
    for row in &rows {
        let mut game = Kalah::start(rules);
        for word in row.moves.split_whitespace() {
            game.play_text(word).unwrap();
        }
        assert!(game.outcome().is_some(), "game {}", row.game);
        assert_eq!(game.totals(), [row.south_total, row.north_total]);
    }

    // A folder that holds no database.
    let missing = temp_dir("missing");
    let error = runner::run::<Kalah>(&draft(&missing, &board), &temp_dir("no"), &Caller::quiet())
        .unwrap_err();
    assert!(matches!(error, ArenaError::Field { .. }), "{error}");
    assert!(error.to_string().contains("agents[0]"), "{error}");

    // A database of other rules of play (the other capture rule).
    let other = [("pits", "3"), ("seeds", "2"), ("empty_capture", "true")];
    let error = runner::run::<Kalah>(&draft(&db, &other), &temp_dir("other"), &Caller::quiet())
        .unwrap_err();
    assert!(error.to_string().contains("other rules of play"), "{error}");
    for d in [db, dir] {
        std::fs::remove_dir_all(d).unwrap();
    }
}
