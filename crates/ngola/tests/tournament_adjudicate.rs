//! `ngola tournament --adjudicate tablebase=DIR --adjudicate majority`:
//! adjudicated games end in a position the database decides (scored by
//! its value) or where a side holds more than half the seeds, nowhere
//! earlier; resume replays the rows and refuses one whose result is not
//! the database's; runs with `--adjudicate tablebase=DIR` or `--accuracy
//! DIR` killed with SIGKILL resume to the rows (and `accuracy.csv`) of an
//! uninterrupted run, which merge accepts.

use crate::common;
use common::*;

use std::path::PathBuf;
use std::process::Stdio;

use ngola_arena::record::read_games;

use ngola_agents::Evaluate;
use ngola_arena::record::{GameResult, Reason};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::{Game, RuleOptions};
use ngola_tablebase::{Database, Endgame, KalahEndgame, Worth};

#[test]
fn adjudicated_games_have_the_database_value() {
    let root = scratch("adjudicate");
    let db = root.join("db");
    let run = root.join("run");
    let (db_s, run_s) = (db.to_str().unwrap(), run.to_str().unwrap());
    succeed(&args!["tablebase build kalah --rule pits=4 --rule seeds=2 --rule max_plies=0 --seeds 9 --threads 1 -o", db_s]);
    let tb = format!("tablebase={db_s}");
    succeed(&args!["tournament --game kalah --rule pits=4 --rule seeds=2 --agent random --agent greedy --games 10 --seed 5 --threads 1 --adjudicate", &tb, "--adjudicate majority --out", run_s, "-q"]);
    let rules = KalahRules::from_assignments(&["pits=4", "seeds=2", "max_plies=0"])
        .unwrap_or_else(|e| panic!("{e}"));
    let database = Database::open(
        &db,
        &KalahEndgame::new(rules).unwrap_or_else(|e| panic!("{e}")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let played = rows(&run);
    let mut by_database = 0;
    for row in &played {
        let mut game = Kalah::start(rules);
        let mut reached = Vec::new();
        for word in row.moves.split_whitespace() {
            reached.push(game);
            game.play_text(word).unwrap_or_else(|e| panic!("{e}"));
        }
        // Positions a player moved in are never adjudicated (the opening's aside).
        let covered = |g: &Kalah| {
            g.outcome().is_none() && matches!(database.worth(g), Ok((Worth::Exact(_), _, _)))
        };
        let opening = row.opening.split_whitespace().count();
        for (i, g) in reached.iter().enumerate().skip(opening) {
            assert!(
                !covered(g) && g.majority().is_none(),
                "game {} ply {i}",
                row.game
            );
        }
        match row.reason {
            Reason::Tablebase => {
                by_database += 1;
                let Ok((Worth::Exact(m), _, _)) = database.worth(&game) else {
                    panic!("game {}: not in the database", row.game)
                };
                let mover = game.to_move();
                let winner = match m.signum() {
                    1 => Some(mover),
                    -1 => Some(mover.opponent()),
                    _ => None,
                };
                assert_eq!(row.result, GameResult::from_winner(winner), "{row:?}");
            }
            Reason::Majority => {
                let winner = game.majority().expect("a majority");
                assert_eq!(row.result, GameResult::from_winner(Some(winner)));
            }
            _ => assert!(game.outcome().is_some(), "{row:?}"),
        }
    }
    assert!(by_database > 0, "{played:?}");
    let summary = std::fs::read_to_string(run.join("summary.txt")).unwrap_or_default();
    assert!(summary.contains("tablebase"), "{summary}");
    // The run's rules have the default ply cap, the database none: said.
    assert!(
        summary.contains("values are those of the game without a ply cap")
            && summary.contains("max_plies=1000"),
        "{summary}"
    );
    // The exact solver would not use the database under the cap: refused.
    let solver = format!("solver:tb={db_s}");
    refused(
        &args![
            "tournament --game kalah --rule pits=4 --rule seeds=2 --agent random --agent",
            &solver,
            "--games 2 --out",
            root.join("solver"),
            "-q"
        ],
        &["ply cap", "max_plies=0"],
    );

    // Resume replays every row under the same adjudication.
    succeed(&["tournament", "--resume", run_s, "-q"]);
    // A row whose result is not the database's is refused.
    let path = run.join("games.csv");
    flip_a_tablebase_result(&path);
    let out = ngola(&["tournament", "--resume", run_s, "-q"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("adjudicated"), "{}", stderr(&out));
}

/// `--accuracy DIR`: `accuracy.csv` counts what a hand count over the rows
/// finds with the database's own probe (the moves that keep the value).
#[test]
fn accuracy_counts_equal_a_hand_count() {
    let root = scratch("accuracy");
    let db = root.join("db");
    let run = root.join("run");
    let (db_s, run_s) = (db.to_str().unwrap(), run.to_str().unwrap());
    succeed(&args!["tablebase build kalah --rule pits=3 --rule seeds=2 --rule max_plies=0 --seeds 12 --threads 1 -o", db_s]);
    succeed(&args!["tournament --game kalah --rule pits=3 --rule seeds=2 --agent random --agent greedy --games 6 --seed 2 --threads 1 --accuracy", db_s, "--out", run_s, "-q"]);
    let rules = KalahRules::from_assignments(&["pits=3", "seeds=2", "max_plies=0"])
        .unwrap_or_else(|e| panic!("{e}"));
    let database = Database::open(
        &db,
        &KalahEndgame::new(rules).unwrap_or_else(|e| panic!("{e}")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // [agent] -> (positions, kept, lost, margin lost)
    let mut hand = [(0u64, 0u64, 0u64, 0i64); 2];
    for row in rows(&run) {
        let mut game = Kalah::start(rules);
        let opening = row.opening.split_whitespace().count();
        for (i, word) in row.moves.split_whitespace().enumerate() {
            let mv = game.parse_move(word).unwrap_or_else(|e| panic!("{e}"));
            if i >= opening {
                let probe = database.probe(&game).unwrap_or_else(|e| panic!("{e}"));
                if let Worth::Exact(v) = probe.worth {
                    let id = if game.to_move().index() == 0 {
                        row.south_id
                    } else {
                        row.north_id
                    };
                    let slot = &mut hand[id as usize];
                    slot.0 += 1;
                    if probe.keeping().contains(&mv) {
                        slot.1 += 1;
                    } else {
                        slot.2 += 1;
                        let after = probe.moves.iter().find(|(m, _)| *m == mv).map(|(_, w)| *w);
                        let Some(Worth::Exact(w)) = after else {
                            panic!("{after:?}")
                        };
                        slot.3 += i64::from(v - w);
                    }
                }
            }
            game.play(mv);
        }
    }
    let csv = std::fs::read_to_string(run.join("accuracy.csv")).expect("accuracy.csv");
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("agent_id,agent,positions,kept,lost,margin_lost,kept_share,kept_low,kept_high")
    );
    for (id, line) in lines.enumerate() {
        let cells: Vec<&str> = line.rsplitn(8, ',').collect();
        // rsplitn: the last seven cells reversed, then `id,agent`.
        let counts: Vec<i64> = cells[3..7]
            .iter()
            .rev()
            .map(|c| c.parse().unwrap_or_else(|e| panic!("{e}: {line}")))
            .collect();
        let (p, k, l, m) = hand[id];
        assert_eq!(counts, [p as i64, k as i64, l as i64, m], "{line}");
        assert!(p > 0, "{line}");
    }
    assert!(
        hand[0].2 + hand[1].2 > 0,
        "no move lost value: the test shows little"
    );
    let summary = std::fs::read_to_string(run.join("summary.txt")).unwrap_or_default();
    assert!(
        summary.contains("Accuracy against the endgame database"),
        "{summary}"
    );
    assert!(summary.contains("max_plies=1000"), "{summary}");
}

/// Games of the kill tests: enough that a kill after [`KILL_AFTER`] rows
/// lands well before the end (a whole run takes about 2 s here).
const KILL_GAMES: usize = 2000;
/// [`KILL_GAMES`] as the command line gives it.
const KILL_GAMES_ARG: &str = "2000";
/// Rows written before the kill.
const KILL_AFTER: usize = 100;

/// Runs the tournament `run` (arguments without `--out`) into
/// `root/reference` uninterrupted, and into `root/killed` killed with
/// SIGKILL once [`KILL_AFTER`] rows are written, then resumed with
/// `--resume`. Returns the two folders.
fn killed_and_resumed(root: &std::path::Path, run: &[&str]) -> (PathBuf, PathBuf) {
    let (reference, killed) = (root.join("reference"), root.join("killed"));
    fn into<'a>(run: &[&'a str], dir: &'a std::path::Path) -> Vec<&'a str> {
        let mut all = run.to_vec();
        all.extend(["--out", dir.to_str().unwrap(), "-q"]);
        all
    }
    succeed(&into(run, &reference));
    kill_when_paused(
        ngola_command()
            .args(into(run, &killed))
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
        KILL_AFTER as u64,
    );
    let written =
        |dir: &std::path::Path| read_games(&dir.join("games.csv")).map_or(0, |f| f.records.len());
    let left = written(&killed);
    assert!(
        (1..KILL_GAMES).contains(&left),
        "the kill left {left} of {KILL_GAMES} rows: the test proves nothing"
    );
    succeed(&["tournament", "--resume", killed.to_str().unwrap(), "-q"]);
    (reference, killed)
}

/// The arguments of a kill test's tournament: Kalah (6,3), so that games
/// reach the 9-seed database only late, with random openings.
fn kill_run<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut run = words("tournament --game kalah --rule pits=6 --rule seeds=3 --rule max_plies=0 --agent alphabeta:depth=6 --agent greedy --opening-plies 6 --seed 7 --threads 1 --games");
    run.push(KILL_GAMES_ARG);
    run.extend_from_slice(extra);
    run
}

/// A `--adjudicate tablebase=DIR` run killed with SIGKILL and resumed has
/// the rows of an uninterrupted one (their wall times aside), tablebase
/// adjudications among them, and merge's replay check accepts them (and
/// refuses one whose result is not the database's).
#[test]
fn a_killed_adjudicated_run_resumes_to_the_same_rows() {
    let root = scratch("killed-adjudicate");
    let db = root.join("db");
    succeed(&args!["tablebase build kalah --rule pits=6 --rule seeds=3 --rule max_plies=0 --seeds 9 --threads 1 -o", db.clone()]);
    let tb = format!("tablebase={}", db.display());
    let (reference, killed) = killed_and_resumed(&root, &kill_run(&["--adjudicate", &tb]));
    let want = games(&reference);
    assert_eq!(want.len(), KILL_GAMES);
    assert_eq!(games(&killed), want);
    let by_database = want
        .iter()
        .filter(|r| r.reason == Reason::Tablebase)
        .count();
    assert!(by_database > KILL_AFTER, "{by_database} tablebase rows");
    // Merge replays every row under the run's adjudication.
    let merged = root.join("merged");
    succeed(&args!["merge --out", merged.clone(), killed.clone(), "-q"]);
    assert_eq!(games(&merged), want);
    // A tablebase row given the other result is refused.
    let path = killed.join("games.csv");
    flip_a_tablebase_result(&path);
    refused(
        &args![
            "merge --out",
            root.join("merged-again"),
            killed.clone(),
            "-q"
        ],
        &["adjudicated"],
    );
}

/// An `--accuracy DIR` run killed with SIGKILL and resumed writes the same
/// rows and the same `accuracy.csv` as an uninterrupted one, and merge
/// measures the same.
#[test]
fn a_killed_accuracy_run_resumes_to_the_same_measure() {
    let root = scratch("killed-accuracy");
    let db = root.join("db");
    succeed(&args!["tablebase build kalah --rule pits=6 --rule seeds=3 --rule max_plies=0 --seeds 9 --threads 1 -o", db.clone()]);
    let db_s = db.to_str().unwrap();
    let (reference, killed) = killed_and_resumed(&root, &kill_run(&["--accuracy", db_s]));
    let want = games(&reference);
    assert_eq!(want.len(), KILL_GAMES);
    assert_eq!(games(&killed), want);
    let accuracy = |dir: &std::path::Path| {
        std::fs::read_to_string(dir.join("accuracy.csv")).expect("accuracy.csv")
    };
    let measured = accuracy(&reference);
    assert_eq!(accuracy(&killed), measured);
    assert_eq!(measured.lines().count(), 3, "{measured}");
    let merged = root.join("merged");
    succeed(&args!["merge --out", merged.clone(), killed.clone(), "-q"]);
    assert_eq!(games(&merged), want);
    assert_eq!(accuracy(&merged), measured);
    // No ply cap: nothing to say about one.
    let summary = std::fs::read_to_string(killed.join("summary.txt")).expect("summary.txt");
    assert!(summary.contains("Accuracy against"), "{summary}");
    assert!(!summary.contains("without a ply cap"), "{summary}");
}

/// Gives the first decisive `tablebase` row of the `games.csv` at `path`
/// the other result.
fn flip_a_tablebase_result(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).expect("games.csv");
    let line = text
        .lines()
        .find(|l| l.contains(",tablebase,") && (l.contains(",S,") || l.contains(",N,")))
        .expect("a decisive tablebase row");
    let flipped = if line.contains(",S,") {
        line.replacen(",S,", ",N,", 1)
    } else {
        line.replacen(",N,", ",S,", 1)
    };
    std::fs::write(path, text.replacen(line, &flipped, 1)).expect("written");
}
