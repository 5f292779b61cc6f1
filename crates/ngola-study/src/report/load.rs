//! The cells of a study folder, measured: the cells of its `study.toml`
//! in order (or, without one, every run folder of `runs/` by name), each
//! from its own `experiment.toml` and `games.csv` (or `games.csv.gz`).

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use ngola_arena::record::{self, parse_games};
use ngola_arena::runner::files;
use ngola_arena::Experiment;
use ngola_rules::{with_game, Game, GameKind, RuleOptions};

use super::exact::{Solved, Verdict};
use super::words;
use crate::error::StudyError;
use crate::measures::Measures;
use crate::study::{Plot, Study, RUNS, STUDY_FILE};

/// One measured cell.
#[derive(Clone, Debug)]
pub struct CellReport {
    /// The cell's name.
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// The board's name, with its rule options that are not the defaults.
    pub board: String,
    /// Every rule option of the board, as `to_pairs` writes them.
    pub rules: Vec<(String, String)>,
    /// Who played: `X self-play`, or the agents' names.
    pub agents: String,
    /// Every measure of its games.
    pub measures: Measures,
    /// What the prover's results say of its board, if anything.
    pub verdict: Option<Verdict>,
}

/// A study folder as its report reads it.
pub struct LoadedStudy {
    /// The study's name.
    pub name: String,
    /// The plots of its study file (none without one).
    pub plots: Vec<Plot>,
    /// Its cells that have a run folder, measured, in the study's order.
    pub cells: Vec<CellReport>,
}

/// The study's name, its plots and its cells that have a run folder,
/// measured (the study file is read once, for all three).
pub fn load_cells(dir: &Path, solved: &Solved) -> Result<LoadedStudy, StudyError> {
    let file = dir.join(STUDY_FILE);
    let mut plots = Vec::new();
    let (name, folders) = if file.exists() {
        let study = Study::from_file(&file)?;
        let folders: Vec<(String, PathBuf)> = study
            .cells
            .iter()
            .map(|c| (c.name.clone(), Study::cell_dir(dir, c)))
            .filter(|(_, d)| d.join(files::EXPERIMENT).exists())
            .collect();
        plots = study.plots;
        (study.name, folders)
    } else {
        let runs = dir.join(RUNS);
        let entries = std::fs::read_dir(&runs).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                StudyError::bad_file(
                    dir,
                    format!("not a study folder (no {STUDY_FILE}, no {RUNS}/)"),
                )
            } else {
                StudyError::io(&runs, e)
            }
        })?;
        let mut folders = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| StudyError::io(&runs, e))?.path();
            if path.join(files::EXPERIMENT).exists() {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                folders.push((name, path));
            }
        }
        folders.sort();
        let name = dir
            .file_name()
            .map_or("study".to_string(), |n| n.to_string_lossy().into_owned());
        (name, folders)
    };
    // One cell per task; collected in the cells' order, so the result does
    // not depend on the thread count.
    if folders.is_empty() {
        // A report of no games would read as a finding; say what is missing.
        return Err(StudyError::bad_file(
            &dir.join(RUNS),
            "no cell has been played (no run folder with an experiment.toml): \
             play the study first (`ngola study FILE`)",
        ));
    }
    let cells = folders
        .par_iter()
        .map(|(name, folder)| load_cell(name, folder, solved))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(LoadedStudy { name, plots, cells })
}

fn load_cell(name: &str, folder: &Path, solved: &Solved) -> Result<CellReport, StudyError> {
    let mut experiment = Experiment::from_file(&folder.join(files::EXPERIMENT))?;
    let games = read_rows(folder)?;
    let agents = experiment.agent_names();
    let labels = experiment.display_names();
    let who = if agents.len() == 2 && agents[0] == agents[1] {
        format!("{} self-play", experiment.labels[0])
    } else {
        labels.join(", ")
    };
    with_game!(experiment.game, G => {
        let rules = experiment.resolve::<G>()?;
        let pairs = rules.to_pairs();
        let defaults = <G as Game>::Rules::default().to_pairs();
        let measures = Measures::of::<G>(rules, &agents, &games).map_err(|e| match e {
            StudyError::Replay { game, message } => StudyError::bad_file(
                &folder.join(files::GAMES),
                format!("game {game}: {message}"),
            ),
            other => other,
        })?;
        Ok(CellReport {
            name: name.to_string(),
            game: experiment.game,
            board: words::board(experiment.game, &pairs, &defaults),
            agents: who,
            measures,
            verdict: solved.verdict(experiment.game, &pairs).cloned(),
            rules: pairs,
        })
    })
}

/// The rows of a run folder's `games.csv`, or of its archived
/// `games.csv.gz`.
fn read_rows(folder: &Path) -> Result<Vec<ngola_arena::GameRecord>, StudyError> {
    let plain = folder.join(files::GAMES);
    let archived = folder.join(format!("{}.gz", files::GAMES));
    let (bytes, path) = match std::fs::read(&plain) {
        Ok(bytes) => (bytes, plain),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // Bounded: an archive that grows without end is refused.
            (record::read_archive(&archived)?, archived)
        }
        Err(e) => return Err(StudyError::io(&plain, e)),
    };
    let found = parse_games(&bytes, &path)?;
    // A cut row or no row at all: the cell's run stopped, and a report
    // of what is there would pass for the whole of it.
    if found.partial_tail {
        return Err(StudyError::bad_file(
            &path,
            "ends in a cut row (its run was stopped mid-write): finish the cell \
             (`ngola study FILE` resumes it) before the report",
        ));
    }
    if found.records.is_empty() {
        return Err(StudyError::bad_file(
            &path,
            "holds no game: finish the cell (`ngola study FILE` resumes it) before the report",
        ));
    }
    Ok(found.records)
}
