//! `ngola report DIR [--solved DIR] [--tablebase DIR] [--tables]`: writes a
//! study's report from its run folders: `measures.csv`, `skill.csv` (every
//! measure of every cell) and `exact.csv` (the judged boards), then
//! `REPORT.md` (from the folder's `report.md.j2`, else the built-in
//! template) and `plots/first_player.svg` from those tables alone,
//! leading with the exact values of the prover's results and of the
//! endgame databases' probes.
//! `--tables` renders from the committed tables without reading a game.

use std::path::PathBuf;

use clap::Args;

use ngola_study::report::Solved;

use crate::cli_error::{print, CliError};

/// Arguments of `ngola report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The study's folder (as `ngola study` wrote it, or any folder with run folders in runs/).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// The prover's results: a folder with solved.csv [default: results/solved].
    #[arg(long, value_name = "DIR", default_value = "results/solved")]
    solved: PathBuf,
    /// The endgame databases' results: a folder with runs/NAME.txt [default: results/tablebase].
    #[arg(long, value_name = "DIR", default_value = "results/tablebase")]
    tablebase: PathBuf,
    /// No exact values (read neither the prover's results nor the databases').
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
            Solved::read_all(Some(&args.solved), Some(&args.tablebase))?
        };
        ngola_study::report::write_report(&args.dir, &solved)?;
    }
    print(&format!(
        "wrote {}\n",
        args.dir.join(ngola_study::report::REPORT_FILE).display()
    ))
}
