//! Agents with an endgame database (`tb=DIR`): the solver reaches the same
//! value with fewer nodes, alpha-beta one ply deep plays only moves that
//! keep the exact value, specs with `tb` read back, and a folder that is
//! not a database of the game is refused when the agent is built.

use ngola_agents::Resources;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use ngola_agents::mcts::{Mcts, MctsConfig};
use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::{AgentSpec, BuildError, Evaluate};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::mangola::Mangola;
use ngola_rules::{Game, MoveList, RuleOptions};
use ngola_tablebase::{build, Database, Endgame, KalahEndgame, Quiet};
use rand::{Rng, SeedableRng};

const RULES: &[&str] = &["pits=3", "seeds=2", "max_plies=0"];

/// A database of every Kalah(3, 2) position (12 seeds), built once.
fn database(name: &str) -> (PathBuf, KalahRules) {
    let rules = KalahRules::from_assignments(RULES).unwrap();
    let dir = std::env::temp_dir().join(format!("ngola-agents-tb-{name}-{}", std::process::id()));
    let endgame = KalahEndgame::new(rules).unwrap();
    build(&endgame, 12, &dir, &Quiet, &AtomicBool::new(false)).unwrap();
    (dir, rules)
}

/// Positions of random games from the start, every one still going on.
fn positions(rules: KalahRules, count: usize) -> Vec<Kalah> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Kalah::start(rules);
        let plies = rng.random_range(0..12);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            game.play_random(&mut rng);
        }
        if game.outcome().is_none() {
            out.push(game);
        }
    }
    out
}

#[test]
fn agents_use_the_database() {
    let (dir, rules) = database("use");
    let endgame = KalahEndgame::new(rules).unwrap();
    let db = Database::open(&dir, &endgame).unwrap();
    let oracle = Kalah::open_tablebase(&dir, &Default::default()).unwrap();
    let config = SolverConfig { tt_mb: 4, tb: None };
    let (mut kept, mut cut) = (0, 0);
    for game in positions(rules, 30) {
        let plain = Solver::<Kalah>::new(&config).solve(&game);
        let with = Solver::<Kalah>::new(&config)
            .with_oracle(oracle.clone())
            .solve(&game);
        assert_eq!(
            (with.result, with.margin),
            (plain.result, plain.margin),
            "{game}"
        );
        if with.nodes < plain.nodes {
            cut += 1;
        }
        // One ply deep, alpha-beta sees every child's exact value.
        let spec: AgentSpec = format!("alphabeta:depth=1,tb={}", dir.display())
            .parse()
            .unwrap();
        let mut agent = spec.build::<Kalah>(&Resources::default(), 1);
        let mv = agent.select(&game);
        let probe = db.probe(&game).unwrap();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.len() > 1 {
            assert!(probe.keeping().contains(&mv), "{game}: {mv}");
            kept += 1;
        }
    }
    assert!(
        cut >= 20,
        "the database cut the solver's search in {cut} of 30"
    );
    assert!(kept >= 10, "{kept}");
    // Without the database, one ply of alpha-beta misses the value somewhere.
    let mut missed = 0;
    for game in positions(rules, 30) {
        let mut agent = "alphabeta:depth=1"
            .parse::<AgentSpec>()
            .unwrap()
            .build::<Kalah>(&Resources::default(), 1);
        let mv = agent.select(&game);
        if !db.probe(&game).unwrap().keeping().contains(&mv) {
            missed += 1;
        }
    }
    assert!(missed > 0, "the test cannot tell the database's effect");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn specs_with_a_database_read_back_and_bad_ones_are_refused() {
    for text in [
        "alphabeta:depth=3,tb=some/dir",
        "solver:tb=some/dir",
        "mcts:sims=10,tb=some/dir",
    ] {
        let spec: AgentSpec = text.parse().unwrap();
        assert_eq!(spec.tablebase(), Some(&PathBuf::from("some/dir")));
        let canonical = spec.to_string();
        assert!(canonical.ends_with(",tb=some/dir"), "{canonical}");
        assert_eq!(canonical.parse::<AgentSpec>().unwrap(), spec);
    }
    assert!(!"alphabeta"
        .parse::<AgentSpec>()
        .unwrap()
        .to_string()
        .contains("tb="));
    let missing = Path::new("/nonexistent/ngola-tb");
    let spec: AgentSpec = format!("solver:tb={}", missing.display()).parse().unwrap();
    match spec.try_build::<Kalah>(&Resources::default(), 1) {
        Err(BuildError::Tablebase { dir, .. }) => assert_eq!(dir, missing),
        other => panic!("expected a tablebase error, got {:?}", other.err()),
    }
    // A game without databases says so.
    let spec: AgentSpec = "alphabeta:tb=x".parse().unwrap();
    let error = spec
        .try_build::<Mangola>(&Resources::default(), 1)
        .err()
        .unwrap();
    assert!(
        error.to_string().contains("no endgame databases"),
        "{error}"
    );
    assert!("random:tb=x".parse::<AgentSpec>().is_err());
}

#[test]
fn a_database_of_other_rules_is_not_used() {
    let (dir, _) = database("rules");
    // The same board with the other capture rule: the database is of
    // different rules of play, so the solver must not take its values.
    let other =
        KalahRules::from_assignments(&["pits=3", "seeds=2", "max_plies=0", "empty_capture=true"])
            .unwrap();
    let ours = KalahRules::from_assignments(RULES).unwrap();
    assert_ne!(
        KalahEndgame::new(other).unwrap().play_rules_text(),
        KalahEndgame::new(ours).unwrap().play_rules_text(),
        "the test needs rules of play that differ"
    );
    let oracle = Kalah::open_tablebase(&dir, &Default::default()).unwrap();
    assert!(oracle.covers_rules(&ours));
    assert!(!oracle.covers_rules(&other));
    let config = SolverConfig { tt_mb: 4, tb: None };
    for game in positions(other, 10) {
        let plain = Solver::<Kalah>::new(&config).solve(&game);
        let with = Solver::<Kalah>::new(&config)
            .with_oracle(oracle.clone())
            .solve(&game);
        assert_eq!(with.nodes, plain.nodes, "{game}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A database is of the game without a ply cap: under a cap its values
/// are those of the uncapped game (`covers_rules`), not the capped game's
/// (`covers_exactly`), and the exact solver does not take them there.
#[test]
fn a_capped_game_is_not_covered_exactly() {
    let (dir, ours) = database("capped");
    let capped = KalahRules::from_assignments(&["pits=3", "seeds=2", "max_plies=6"]).unwrap();
    let oracle = Kalah::open_tablebase(&dir, &Default::default()).unwrap();
    assert!(oracle.covers_rules(&ours) && oracle.covers_exactly(&ours));
    assert!(oracle.covers_rules(&capped));
    assert!(!oracle.covers_exactly(&capped));
    let config = SolverConfig { tt_mb: 4, tb: None };
    let mut differ = 0;
    for game in positions(capped, 20) {
        let plain = Solver::<Kalah>::new(&config).solve(&game);
        let with = Solver::<Kalah>::new(&config)
            .with_oracle(oracle.clone())
            .solve(&game);
        assert_eq!(
            (with.result, with.margin, with.nodes),
            (plain.result, plain.margin, plain.nodes),
            "{game}"
        );
        // The uncapped value differs from the capped one here: taking the
        // database's values would have changed the answer.
        let uncapped = Kalah::from_position(&game.to_string(), ours).map(|g| oracle.exact(&g));
        if let Ok(Some(v)) = uncapped {
            differ += usize::from(v != plain.margin);
        }
    }
    assert!(
        differ > 0,
        "the cap changes no value: the test shows little"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mcts_proves_the_root_by_the_database() {
    let (dir, rules) = database("mcts");
    let endgame = KalahEndgame::new(rules).unwrap();
    let db = Database::open(&dir, &endgame).unwrap();
    let oracle = Kalah::open_tablebase(&dir, &Default::default()).unwrap();
    let config = MctsConfig {
        sims: Some(5_000),
        ..MctsConfig::default()
    };
    for game in positions(rules, 10) {
        let info = Mcts::<Kalah>::new(config.clone(), 3)
            .with_oracle(oracle.clone())
            .search(&game);
        let worth = db.probe(&game).unwrap().worth;
        let ngola_tablebase::Worth::Exact(m) = worth else {
            panic!("{game}: {worth:?}");
        };
        // Every child is in the database: the root is proven at once.
        assert_eq!(info.proven, Some(m.signum()), "{game}");
        assert!(info.sims <= 64, "{game}: {} simulations", info.sims);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
