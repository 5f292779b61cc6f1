//! A first run reads well: the table names agents as the user typed them
//! (or by their short names) while the files keep the full specs; the
//! table has one rating and says which; a user's deterministic engine
//! against a built-in agent simply runs, on openings chosen for it.

use crate::common;
use common::args;

use common::{refused, scratch, succeed};

/// The summary's standings: the lines between the header and the note.
fn standings(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("rank"))
        .skip(1)
        .take_while(|l| !l.starts_with("Elo:"))
        .collect()
}

#[test]
fn the_quickstart_table_names_agents_as_typed_with_one_headline_rating() {
    let dir = scratch("quickstart").join("run");
    let experiment = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../experiments/quickstart.toml"
    );
    let stdout = succeed(&args!["tournament", experiment, "--games 20 --out", dir]);
    let table = standings(&stdout);
    assert_eq!(table.len(), 3, "{stdout}");
    for typed in ["random", "greedy", "alphabeta:depth=3"] {
        assert!(
            table
                .iter()
                .any(|l| l.split_whitespace().nth(1) == Some(typed)),
            "no row for `{typed}`: {stdout}"
        );
    }
    // Canonical specs stay out of the summary.
    assert!(!stdout.contains("nodes=none"), "{stdout}");
    assert!(!stdout.contains("greedy:eval"), "{stdout}");
    // One rating column, and a note saying which it is and why.
    let header = stdout.lines().find(|l| l.starts_with("rank")).unwrap();
    assert_eq!(header.matches("Elo").count(), 1, "{header}");
    // The note under the table, wrapped to lines a terminal shows whole.
    let note: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("Elo:"))
        .take(3)
        .collect();
    assert!(note.iter().all(|l| l.chars().count() <= 90), "{note:?}");
    let note = note.join(" ");
    for needle in ["the joint fit", "one scale for all agents", "standings.csv"] {
        assert!(note.contains(needle), "no `{needle}` in {note}");
    }
    // The files keep the full specs and the other rating.
    let standings_csv = std::fs::read_to_string(dir.join("standings.csv")).unwrap();
    assert!(
        standings_csv.contains("\"alphabeta:depth=3,nodes=none,time=none,eval=heuristic,tt=16\"")
    );
    assert!(standings_csv.lines().next().unwrap().contains(",elo,"));
    let toml = std::fs::read_to_string(dir.join("experiment.toml")).unwrap();
    assert!(toml.contains("greedy:eval=heuristic"), "{toml}");
}

#[test]
fn short_names_name_the_rows() {
    let dir = scratch("short").join("run");
    let stdout = succeed(&args!["tournament --game kalah --agent ab=alphabeta:depth=2 --agent mc=mcts:sims=50 --games 4 --out", dir]);
    let names: Vec<&str> = standings(&stdout)
        .iter()
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["ab", "mc"], "{stdout}");
    assert!(
        stdout.contains("ab vs mc") || stdout.contains("mc vs ab"),
        "{stdout}"
    );
    let standings_csv = std::fs::read_to_string(dir.join("standings.csv")).unwrap();
    assert!(
        standings_csv.contains("alphabeta:depth=2,nodes=none"),
        "{standings_csv}"
    );
}

#[test]
fn a_deterministic_engine_against_a_built_in_agent_runs_on_automatic_openings() {
    let dir = scratch("engine").join("run");
    let engine = format!(
        "mine={} engine mangola --agent alphabeta:depth=1",
        env!("CARGO_BIN_EXE_ngola")
    );
    let args = [
        "tournament",
        "--game",
        "mangola",
        "--engine",
        &engine,
        "--agent",
        "engine:mine",
        "--agent",
        "alphabeta:depth=2",
        "--games",
        "12",
        "--out",
        dir.to_str().unwrap(),
    ];
    let stdout = succeed(&args);
    assert!(
        stdout.contains("random plies from the start (chosen automatically: the fewest"),
        "{stdout}"
    );
    assert!(stdout.contains("12 games (12 distinct)"), "{stdout}");
    // An explicit `--opening-plies 0` that cannot give each pair its own
    // opening is still refused, naming the field.
    std::fs::remove_dir_all(&dir).unwrap();
    refused(
        &[&args[..], &["--opening-plies", "0"]].concat(),
        &["opening"],
    );
}

/// The default openings never change what a run measures: agents that
/// draw on their seeds play from the start position (the same games as
/// `--opening-plies 0`, and the summary says the scores are those of play
/// from the start); a pairing of deterministic agents gets distinct
/// openings, and the summary says the scores are over them.
#[test]
fn default_openings_keep_play_from_the_start_unless_agents_would_replay_one_game() {
    let root = scratch("default-openings");
    let (auto, start) = (root.join("auto"), root.join("start"));
    let run = common::words(
        "tournament --game mangola --agent random --agent greedy --games 40 --seed 3 --out",
    );
    let said = succeed(&[&run[..], &[auto.to_str().unwrap()]].concat());
    succeed(
        &[
            &run[..],
            &[start.to_str().unwrap(), "--opening-plies", "0", "-q"],
        ]
        .concat(),
    );
    assert_eq!(common::games(&auto), common::games(&start));
    assert!(
        said.contains(
            "openings: none: every game starts from the start position (chosen \
             automatically: in every pairing an agent draws on its seed)\n  the scores are \
             those of play from the start\n"
        ),
        "{said}"
    );
    let deterministic = root.join("deterministic");
    let said = succeed(&args!["tournament --game mangola --agent alphabeta:depth=1 --agent alphabeta:depth=2 --games 40 --seed 3 --out", deterministic]);
    assert!(
        said.contains("(chosen automatically: the fewest that give each of the 20 pairs")
            && said.contains("\n  the scores are over these distinct openings, not over play"),
        "{said}"
    );
    let openings: std::collections::BTreeSet<String> = common::games(&deterministic)
        .into_iter()
        .map(|r| r.opening)
        .collect();
    assert_eq!(openings.len(), 20, "a distinct opening for each pair");
}
