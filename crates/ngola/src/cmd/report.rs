//! `ngola report DIR [--solved DIR]`: writes a study's report from its
//! run folders: `REPORT.md` (from the folder's `report.md.j2`, else the
//! built-in template), `measures.csv`, `skill.csv` and
//! `plots/first_player.svg`, leading with the exact values of the
//! prover's results.

use std::path::PathBuf;

use clap::Args;

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
    /// No exact values (do not read the prover's results).
    #[arg(long)]
    no_solved: bool,
}

/// Writes the report and says where.
pub fn run(args: ReportArgs) -> Result<(), CliError> {
    let solved = (!args.no_solved).then_some(args.solved.as_path());
    ngola_study::report::write_report(&args.dir, solved)?;
    print(&format!(
        "wrote {}\n",
        args.dir.join(ngola_study::report::REPORT_FILE).display()
    ))
}
