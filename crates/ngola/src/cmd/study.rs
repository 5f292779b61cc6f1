//! `ngola study FILE.toml [--out DIR] [--shard i/n]`: plays a study's
//! cells, each an ordinary run folder in `DIR/runs/`, playing only what
//! is missing (a finished cell plays nothing, a killed one its missing
//! games). The study file is copied to `DIR/study.toml` for `ngola report`.

use std::path::{Path, PathBuf};

use clap::Args;

use ngola_arena::{Caller, Observer, Shard, Silent};
use ngola_study::study::{run_cell, CellStatus, STUDY_FILE};
use ngola_study::{Study, StudyError};

use crate::cli_error::{print, CliError};
use crate::host::{progress::Bar, GIT_COMMIT};

/// Arguments of `ngola study`.
#[derive(Args, Debug)]
pub struct StudyArgs {
    /// The study file (TOML): a base experiment, axes and grids.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The study's folder [default: the file's `out`, else results/studies/<name>].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Play only shard i of n of the cells (cell c, from 0, is shard c mod n + 1).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Worker threads of each cell's run (results do not depend on it) [default: the cells'].
    #[arg(long)]
    threads: Option<usize>,
    /// List the cells and their folders without playing.
    #[arg(long)]
    list: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

impl From<StudyError> for CliError {
    fn from(err: StudyError) -> Self {
        if err.is_input() {
            CliError::input(err)
        } else {
            CliError::failure(err)
        }
    }
}

/// Plays the study's missing cells.
pub fn run(args: StudyArgs) -> Result<(), CliError> {
    let study = Study::from_file(&args.file)?;
    let shard = args.shard.as_deref().map(str::parse::<Shard>).transpose()?;
    let dir = args
        .out
        .clone()
        .or_else(|| study.out.clone())
        .unwrap_or_else(|| Path::new("results").join("studies").join(&study.name));
    let cells = study.shard(shard);
    if args.list {
        let lines: String = cells
            .iter()
            .map(|c| format!("{}\t{}\n", c.name, Study::cell_dir(&dir, c).display()))
            .collect();
        return print(&lines);
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| CliError::failure(format!("cannot create {}: {e}", dir.display())))?;
    copy_study_file(&args.file, &dir)?;
    let bar;
    let observer: &dyn Observer = if args.quiet {
        &Silent
    } else {
        bar = Bar::new();
        &bar
    };
    let caller = Caller {
        observer,
        commit: GIT_COMMIT,
        resources: crate::host::resources(),
    };
    for (i, cell) in cells.iter().enumerate() {
        let cell_dir = Study::cell_dir(&dir, cell);
        let status = run_cell(cell, &cell_dir, args.threads, &caller)?;
        let what = match status {
            CellStatus::Played { played: 0, .. } | CellStatus::Archived => "complete".to_string(),
            CellStatus::Played { played, resumed: 0 } => format!("{played} games played"),
            CellStatus::Played { played, resumed } => {
                format!("{played} games played, {resumed} from before")
            }
        };
        if !args.quiet {
            print(&format!(
                "cell {}/{} {}: {what}\n",
                i + 1,
                cells.len(),
                cell.name
            ))?;
        }
    }
    if !args.quiet {
        print(&format!(
            "study in {} (report: ngola report {})\n",
            dir.display(),
            dir.display()
        ))?;
    }
    Ok(())
}

/// Copies the study file into its folder (each cell is checked against
/// its own folder, so a changed file cannot mix two studies' games).
fn copy_study_file(file: &Path, dir: &Path) -> Result<(), CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let copy = dir.join(STUDY_FILE);
    std::fs::write(&copy, text)
        .map_err(|e| CliError::failure(format!("cannot write {}: {e}", copy.display())))
}
