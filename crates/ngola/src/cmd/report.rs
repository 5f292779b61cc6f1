//! `ngola report DIR [--solved DIR] [--tables]`: writes a
//! study's report from its run folders: `measures.csv`, `skill.csv` (every
//! measure of every cell) and `exact.csv` (the judged boards), then
//! `REPORT.md` (from the folder's `report.md.j2`, else the built-in
//! template), `plots/first_player.svg` and the study file's own plots
//! (`plots.csv`, `plots/NAME.svg`) from those tables alone,
//! leading with the exact values of the table of judged boards
//! (`boards.csv`: the prover's, the prover's over an endgame database and
//! the databases' own).
//! `--tables` renders from the committed tables without reading a game.

use std::path::{Path, PathBuf};

use clap::Args;

use ngola_study::report::Solved;

use crate::cli_error::{print, CliError};

/// Arguments of `ngola report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The study's folder (as `ngola study` wrote it, or any folder with run folders in runs/).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// The judged boards: a folder with boards.csv [default: results/solved here, else
    /// beside DIR].
    #[arg(long, value_name = "DIR")]
    solved: Option<PathBuf>,
    /// No exact values (do not read the judged boards).
    #[arg(long)]
    no_solved: bool,
    /// Render REPORT.md and the plot from the folder's measures.csv and skill.csv alone (no games read).
    #[arg(long)]
    tables: bool,
}

/// Writes the report and says where.
pub fn run(args: ReportArgs) -> Result<(), CliError> {
    if args.tables {
        ngola_study::report::render_tables(&args.dir)?;
    } else {
        let solved = if args.no_solved {
            Solved::default()
        } else {
            match solved_folder(args.solved.as_deref(), &args.dir)? {
                Some(dir) => Solved::read(&dir)?,
                None => Solved::default(),
            }
        };
        ngola_study::report::write_report(&args.dir, &solved)?;
    }
    print(&format!(
        "wrote {}\n",
        args.dir.join(ngola_study::report::REPORT_FILE).display()
    ))
}

/// The folder of the judged boards: the one `--solved` gives, which must
/// be a folder; else `results/solved` of the current folder, else `solved`
/// beside the study's folder (a study in `results/STUDY` finds
/// `results/solved` from anywhere). None found: a note on stderr, and no
/// board is judged.
fn solved_folder(given: Option<&Path>, study: &Path) -> Result<Option<PathBuf>, CliError> {
    if let Some(dir) = given {
        if !dir.is_dir() {
            return Err(CliError::input(format!(
                "--solved {}: no such folder",
                dir.display()
            )));
        }
        return Ok(Some(dir.to_path_buf()));
    }
    let here = Path::new("results").join("solved");
    let beside = study
        .canonicalize()
        .ok()
        .and_then(|s| s.parent().map(|results| results.join("solved")));
    let found = std::iter::once(here).chain(beside).find(|d| d.is_dir());
    if found.is_none() {
        eprintln!(
            "ngola report: no results/solved here or beside {}: no board is judged from it \
             (run from the repository's top folder, or give --solved DIR)",
            study.display()
        );
    }
    Ok(found)
}
