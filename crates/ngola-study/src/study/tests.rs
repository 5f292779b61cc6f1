use std::path::{Path, PathBuf};

use ngola_arena::experiment::OpeningPlies;
use ngola_arena::{Caller, Shard};
use ngola_rules::GameKind;

use super::*;

const SWEEP: &str = r#"
[base]
game = "mangola"
games = 4
seed = 3

[[axis]]
key = "agent"
values = ["random", { label = "ab2", agent = "alphabeta:depth=2", games = 2 }]

[[axis]]
key = "rules.columns"
values = [4, 6]
"#;

#[test]
fn a_grid_is_every_combination_the_last_axis_fastest() {
    let study = Study::from_toml(SWEEP, "sweep").expect("a valid study");
    assert_eq!(study.name, "sweep");
    let names: Vec<&str> = study.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["random-4", "random-6", "ab2-4", "ab2-6"]);
    let ab2_6 = &study.cells[3].experiment;
    assert_eq!(ab2_6.name, "ab2-6");
    assert_eq!(ab2_6.game, GameKind::Mangola);
    assert_eq!(ab2_6.games, 2, "the value's own field wins over the base");
    assert_eq!(ab2_6.seed, 3);
    assert_eq!(ab2_6.agent_names()[0], ab2_6.agent_names()[1]);
    assert!(ab2_6.agent_names()[0].starts_with("alphabeta:depth=2"));
    assert!(ab2_6
        .rules
        .contains(&("columns".to_string(), "6".to_string())));
    assert_eq!(study.cells[0].experiment.games, 4);
    assert_eq!(
        study.cells[1].labels,
        [
            ("agent".to_string(), "random".to_string()),
            ("rules.columns".to_string(), "6".to_string())
        ]
    );
}

/// Two grids and the given `[[plot]]` tables after them.
fn with_plots(plots: &str) -> Result<Study, StudyError> {
    let text = format!(
        r#"
base = {{ games = 2 }}
[[grid]]
name = "m-{{agent}}"
base = {{ game = "mangola" }}
axis = [{{ key = "agent", values = ["greedy", "random"] }}]
[[grid]]
name = "u-{{agent}}"
base = {{ game = "umelbagara" }}
axis = [{{ key = "agent", values = ["greedy"] }}]
{plots}"#
    );
    Study::from_toml(&text, "plots")
}

fn field_of(result: Result<Study, StudyError>) -> String {
    match result {
        Err(StudyError::Field { field, .. }) => field,
        other => panic!("expected a field error, got {other:?}"),
    }
}

#[test]
fn plots_name_their_cells_by_grid_and_by_name_each_once() {
    let study = with_plots(
        r#"
[[plot]]
name = "greedy"
title = "Greedy"
cells = ["u-greedy", "m-greedy"]
[[plot]]
name = "all-mangola"
title = "Mangola"
grids = ["m-{agent}"]
cells = ["m-random", "u-greedy"]
"#,
    )
    .expect("valid plots");
    assert_eq!(study.plots.len(), 2);
    assert_eq!(study.plots[0].cells, ["u-greedy", "m-greedy"]);
    assert_eq!(study.plots[1].title, "Mangola");
    assert_eq!(study.plots[1].cells, ["m-greedy", "m-random", "u-greedy"]);
    assert!(with_plots("").expect("no plots").plots.is_empty());
}

#[test]
fn a_plot_of_nothing_known_is_refused_naming_the_field() {
    let plot = |body: &str| field_of(with_plots(&format!("[[plot]]\n{body}")));
    assert_eq!(
        plot("name = \"p\"\ntitle = \"t\"\ngrids = [\"x-{agent}\"]"),
        "plot[0].grids[0]"
    );
    assert_eq!(
        plot("name = \"p\"\ntitle = \"t\"\ncells = [\"m-greedy\", \"nobody\"]"),
        "plot[0].cells[1]"
    );
    assert_eq!(plot("name = \"p\"\ntitle = \"t\""), "plot[0]");
    assert_eq!(
        plot("name = \"../p\"\ntitle = \"t\"\ncells = [\"m-greedy\"]"),
        "plot[0].name"
    );
    assert_eq!(
        plot("name = \"first_player\"\ntitle = \"t\"\ncells = [\"m-greedy\"]"),
        "plot[0].name"
    );
    assert_eq!(
        field_of(with_plots(
            "[[plot]]\nname = \"p\"\ntitle = \"t\"\ncells = [\"m-greedy\"]\n\
             [[plot]]\nname = \"p\"\ntitle = \"u\"\ncells = [\"u-greedy\"]"
        )),
        "plot[1].name"
    );
}

#[test]
fn a_bad_rule_value_is_found_before_any_cell_plays_naming_the_cell() {
    // The first cell is good; the second's width is not a Mangola width.
    let text = r#"
base = { game = "mangola", agent = "random", games = 2 }
[[axis]]
key = "rules.columns"
values = [4, 99]
"#;
    match Study::from_toml(text, "widths") {
        Err(StudyError::Field { field, message }) => {
            assert_eq!(field, "grid[0] cell `99`");
            assert!(message.contains("columns"), "{message}");
        }
        other => panic!("expected a field error, got {other:?}"),
    }
}

#[test]
fn a_cell_named_by_dots_alone_is_refused() {
    // A label `..` would put the cell's run in the study folder itself.
    let text = r#"
base = { game = "mangola", games = 2 }
[[axis]]
key = "agent"
values = [{ label = "..", agent = "random" }]
"#;
    assert_eq!(field_of(Study::from_toml(text, "dots")), "grid[0].name");
}

#[test]
fn grids_add_cells_with_their_own_base_and_names() {
    let text = r#"
name = "two"
base = { games = 2 }
[[grid]]
name = "m-{agent}-k{opening_plies}"
base = { game = "mangola" }
axis = [{ key = "agent", values = ["greedy"] }, { key = "opening_plies", values = [0, 6] }]
[[grid]]
base = { game = "umelbagara", agent = "random" }
"#;
    let study = Study::from_toml(text, "ignored").expect("valid");
    assert_eq!(study.name, "two");
    let names: Vec<&str> = study.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["m-greedy-k0", "m-greedy-k6", "all"]);
    assert_eq!(
        study.cells[1].experiment.opening_plies,
        OpeningPlies::Plies(6)
    );
    assert_eq!(study.cells[2].experiment.game, GameKind::UmElBagara);
}

#[test]
fn bad_studies_name_the_field() {
    let cases = [
        // Two cells of one name.
        (
            "[[axis]]\nkey = \"agent\"\nvalues = [\"random\", \"random\"]\n[base]\ngame = \"kalah\"",
            "two cells are named `random`",
        ),
        // An experiment field that does not exist.
        (
            "[base]\ngame = \"kalah\"\ngamez = 2",
            "base: unknown field `gamez`",
        ),
        // A bad value, checked as the tournament checks it.
        (
            "[base]\ngame = \"kalah\"\nagents = [\"random\", \"random\"]\ngames = 3",
            "games",
        ),
        // A table value with nothing to label it.
        (
            "[base]\ngame = \"kalah\"\n[[axis]]\nkey = \"agent\"\nvalues = [{ games = 2 }]",
            "grid[0].axis[0].values[0]: a table without `agent` needs a `label`",
        ),
        ("[[axis]]\nkey = \"seed\"\nvalues = []", "needs at least one value"),
        (
            "[[grid]]\nname = \"x-{nope}\"\nbase = { game = \"kalah\" }\naxis = [{ key = \"seed\", values = [1] }]",
            "cell name `x-{nope}`",
        ),
        ("colour = 1", "unknown field `colour`"),
    ];
    for (text, expected) in cases {
        let err = Study::from_toml(text, "s").expect_err(text).to_string();
        assert!(err.contains(expected), "{text}\n=> {err}");
    }
}

#[test]
fn shards_split_the_cells() {
    let study = Study::from_toml(SWEEP, "sweep").expect("valid");
    let shard = |text: &str| -> Vec<String> {
        let shard: Shard = text.parse().expect("a shard");
        study
            .shard(Some(shard))
            .iter()
            .map(|c| c.name.clone())
            .collect()
    };
    assert_eq!(shard("1/3"), ["random-4", "ab2-6"]);
    assert_eq!(shard("2/3"), ["random-6"]);
    assert_eq!(shard("3/3"), ["ab2-4"]);
    assert_eq!(study.shard(None).len(), 4);
}

/// A fresh folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("ngola-study-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn games_in(dir: &Path) -> usize {
    let text = std::fs::read_to_string(dir.join("games.csv")).expect("games.csv");
    text.lines().count() - 1
}

#[test]
fn running_again_plays_only_what_is_missing() {
    let text = r#"
[base]
game = "umelbagara"
agent = "random"
games = 4
threads = 1
[[axis]]
key = "seed"
values = [1, 2]
"#;
    let study = Study::from_toml(text, "s").expect("valid");
    let tmp = TempDir::new("rerun");
    let dir = |cell: &Cell| Study::cell_dir(&tmp.0, cell);
    let first = &study.cells[0];
    let played = run_cell(first, &dir(first), None, &Caller::quiet()).expect("runs");
    assert_eq!(
        played,
        CellStatus::Played {
            played: 4,
            resumed: 0
        }
    );
    let again = run_cell(first, &dir(first), None, &Caller::quiet()).expect("runs");
    assert_eq!(
        again,
        CellStatus::Played {
            played: 0,
            resumed: 4
        }
    );
    // A killed run (its last row lost) is finished: one game played.
    let games = dir(first).join("games.csv");
    let text = std::fs::read_to_string(&games).expect("games");
    let kept: Vec<&str> = text.lines().take(4).collect();
    std::fs::write(&games, kept.join("\n") + "\n").expect("write");
    let finished = run_cell(first, &dir(first), None, &Caller::quiet()).expect("runs");
    assert_eq!(
        finished,
        CellStatus::Played {
            played: 1,
            resumed: 3
        }
    );
    assert_eq!(games_in(&dir(first)), 4);
    // The second cell's folder holding the first cell's run is refused.
    let second = &study.cells[1];
    let err = run_cell(second, &dir(first), None, &Caller::quiet())
        .expect_err("another run")
        .to_string();
    assert!(
        err.contains("seed is 1 in the folder, 2 in the study"),
        "{err}"
    );
    // An archived cell (games compressed) is not played again.
    std::fs::rename(&games, dir(first).join("games.csv.gz")).expect("rename");
    let archived = run_cell(first, &dir(first), None, &Caller::quiet()).expect("runs");
    assert_eq!(archived, CellStatus::Archived);
}
