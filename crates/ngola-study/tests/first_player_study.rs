//! The first-player study file describes exactly the published runs: every
//! cell is the experiment of its committed run folder (same schedule,
//! seeds and openings, so the same games), and every committed run folder
//! is a cell.

use std::path::{Path, PathBuf};

use ngola_arena::Experiment;
use ngola_rules::with_game;
use ngola_study::Study;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn every_cell_is_its_published_run() {
    let study =
        Study::from_file(&repo().join("experiments/first-player.toml")).expect("the study reads");
    let out = repo().join(study.out.as_ref().expect("the study names its folder"));
    let mut runs: Vec<String> = std::fs::read_dir(out.join("runs"))
        .expect("the published runs")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    runs.sort();
    let mut cells: Vec<String> = study.cells.iter().map(|c| c.name.clone()).collect();
    cells.sort();
    assert_eq!(cells, runs, "the cells are the published runs");
    for cell in &study.cells {
        let folder = Study::cell_dir(&out, cell).join("experiment.toml");
        let published = Experiment::from_file(&folder).expect("the published experiment");
        let mut mine = cell.experiment.clone();
        with_game!(mine.game, G => mine.resolve::<G>().map(|_| ())).expect("rules");
        let differences = published.identity_differences(&mine);
        assert!(
            differences.is_empty(),
            "{}: {differences:?} differ from {}",
            cell.name,
            folder.display()
        );
    }
}

#[test]
fn the_variant_survey_is_a_valid_study() {
    // 3 capture readings x 3 widths x 2 endless-sowing rules, then
    // 3 house counts x 3 counter counts x 2 skip_origin settings; then
    // the same 36 variants under the swap rule.
    let study =
        Study::from_file(&repo().join("experiments/variant-survey.toml")).expect("the study reads");
    assert_eq!(study.cells.len(), 2 * (18 + 18));
    assert_eq!(study.cells[0].name, "mangola-lap-start-c4-illegal");
    assert_eq!(study.cells[35].name, "umelbagara-h7-c5-skip-true");
    assert_eq!(study.cells[36].name, "mangola-lap-start-c4-illegal-swap");
    assert_eq!(study.cells[71].name, "umelbagara-h7-c5-skip-true-swap");
    for (plain, swapped) in study.cells[..36].iter().zip(&study.cells[36..]) {
        assert_eq!(swapped.name, format!("{}-swap", plain.name));
        let sorted = |mut rules: Vec<(String, String)>| {
            rules.sort();
            rules
        };
        let mut expected = plain.experiment.rules.clone();
        expected.push(("swap".to_string(), "true".to_string()));
        assert_eq!(
            sorted(swapped.experiment.rules.clone()),
            sorted(expected),
            "{}",
            swapped.name
        );
    }
    for cell in &study.cells {
        let mut experiment = cell.experiment.clone();
        with_game!(experiment.game, G => experiment.resolve::<G>().map(|_| ()))
            .unwrap_or_else(|e| panic!("{}: {e}", cell.name));
    }
}
