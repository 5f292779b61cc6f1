//! Playing one cell of a study: a fresh run, the rest of a killed one, or
//! nothing when its folder already holds every game.

use std::path::Path;

use ngola_agents::Evaluate;
use ngola_arena::runner::{self, files, holds_run};
use ngola_arena::{Caller, Experiment};
use ngola_rules::with_game;

use super::Cell;
use crate::error::StudyError;

/// What running a cell did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellStatus {
    /// The cell was played (or finished) now.
    Played {
        /// Games played by this process.
        played: u64,
        /// Games that were already in the folder.
        resumed: u64,
    },
    /// The folder holds the cell's games compressed (`games.csv.gz`): an
    /// archived, finished run; nothing to play.
    Archived,
}

/// Plays what `cell` still lacks in its folder `dir` (on `threads` worker
/// threads if given, else the cell's): a fresh run if the folder holds
/// none, otherwise the missing games (a complete run plays none). A folder
/// holding another experiment is an error naming the fields that differ.
pub fn run_cell(
    cell: &Cell,
    dir: &Path,
    threads: Option<usize>,
    caller: &Caller,
) -> Result<CellStatus, StudyError> {
    let mut experiment = cell.experiment.clone();
    if let Some(threads) = threads {
        experiment.threads = ngola_arena::experiment::check_threads(threads)?;
    }
    with_game!(experiment.game, G => run_game::<G>(experiment, dir, caller))
}

fn run_game<G: Evaluate>(
    mut experiment: Experiment,
    dir: &Path,
    caller: &Caller,
) -> Result<CellStatus, StudyError> {
    let archived = dir.join(format!("{}.gz", files::GAMES));
    if !holds_run(dir) && !archived.exists() {
        let report = runner::run::<G>(&experiment, dir, caller)?;
        return Ok(CellStatus::Played {
            played: report.played,
            resumed: 0,
        });
    }
    experiment.resolve::<G>()?;
    let mut folder = runner::folder_experiment(dir)?;
    check_same(&folder, &experiment, dir)?;
    if !dir.join(files::GAMES).exists() && archived.exists() {
        return Ok(CellStatus::Archived);
    }
    folder.threads = experiment.threads;
    let report = runner::resume::<G>(&folder, dir, caller)?;
    Ok(CellStatus::Played {
        played: report.played,
        resumed: report.resumed,
    })
}

/// The folder's run must be the cell's: the same games.
fn check_same(folder: &Experiment, cell: &Experiment, dir: &Path) -> Result<(), StudyError> {
    let differences = folder.identity_differences(cell);
    if differences.is_empty() && folder.shard == cell.shard {
        return Ok(());
    }
    let listed: Vec<String> = differences
        .iter()
        .map(|field| {
            format!(
                "{field} is {} in the folder, {} in the study",
                folder.field_text(field),
                cell.field_text(field)
            )
        })
        .collect();
    Err(StudyError::bad_file(
        dir,
        format!(
            "holds another run than the study's cell `{}` ({}): move the folder away or fix the study file",
            cell.name,
            listed.join("; ")
        ),
    ))
}
