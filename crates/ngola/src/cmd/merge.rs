//! `ngola merge <folders>... --out DIR`: joins the folders of a run's
//! shards into one, checking that they belong to the same experiment and
//! that every game of the run is there exactly once, and recomputes the
//! statistics from the games alone. The merge is built in a temporary
//! folder beside DIR and renamed into place when whole; `--replace`
//! replaces an earlier merge of the same experiment only then.

use std::path::{Path, PathBuf};

use clap::Args;

use ngola_arena::record::GamesFormat;
use ngola_arena::runner::{self, IfExists};
use ngola_rules::with_game;

use crate::cli_error::CliError;
use crate::cmd::tournament::{keep_games, print_report};
use crate::host::pause::{Pause, PausePoint};
use crate::host::GIT_COMMIT;

/// Arguments of `ngola merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The output folders of the shards (`ngola tournament --shard i/n`).
    #[arg(required = true, value_name = "FOLDER")]
    folders: Vec<PathBuf>,
    /// The folder for the merged run.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Replace DIR if it already holds a run of the same experiment (an
    /// earlier merge); the old folder is removed only once the new one is complete.
    #[arg(long)]
    replace: bool,
    /// How the merged games are kept: `csv` (games.csv) or `csv.gz`
    /// (games.csv.gz alone); archived shards are read either way.
    #[arg(long, value_name = "FORMAT", default_value = "csv")]
    format_out: GamesFormat,
    /// Print nothing (the folder has everything).
    #[arg(long, short)]
    quiet: bool,
}

/// Merges the folders and prints the summary of the whole run.
pub fn run(args: MergeArgs) -> Result<(), CliError> {
    let if_exists = if args.replace {
        IfExists::Replace
    } else {
        IfExists::Refuse
    };
    // The first folder's experiment names the game; merge checks the rest.
    let first = args
        .folders
        .first()
        .ok_or_else(|| CliError::input("folders: give at least one folder to merge"))?;
    let game = runner::folder_experiment(first)?.game;
    // A test may stop the merge once it builds the merged folder.
    let pause = PausePoint::from_env()?.map(Pause::new);
    let observer = MergePause(pause.as_ref());
    let report = with_game!(game, G => runner::merge_observed::<G>(
        &args.folders,
        &args.out,
        if_exists,
        GIT_COMMIT,
        &observer
    ))?;
    keep_games(&report.dir, args.format_out)?;
    if args.quiet {
        return Ok(());
    }
    print_report(&report)
}

/// The pause a test asks for (`NGOLA_PAUSE_AT=1:FILE`): once the merged
/// folder is being built beside the output.
struct MergePause<'a>(Option<&'a Pause>);

impl runner::MergeObserver for MergePause<'_> {
    fn building(&self, _dir: &Path) {
        if let Some(pause) = self.0 {
            pause.reached(1);
        }
    }
}
