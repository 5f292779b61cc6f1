//! The file names inside an output folder, and what a folder holds.

use std::path::Path;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;

/// The resolved experiment.
pub const EXPERIMENT: &str = "experiment.toml";
/// One row per game.
pub const GAMES: &str = "games.csv";
/// The games of an archived run, compressed ([`crate::record::archive_games`]).
pub const GAMES_ARCHIVE: &str = crate::record::ARCHIVE;
/// Standings with Elo.
pub const STANDINGS: &str = "standings.csv";
/// The joint rating fit.
pub const RATINGS: &str = "ratings.csv";
/// Each pairing, both colours.
pub const PAIRS: &str = "pairs.csv";
/// The first player's results.
pub const FIRST_PLAYER: &str = "first_player.csv";
/// The SPRT's state, when the run has one.
pub const SPRT: &str = "sprt.csv";
/// The printed summary.
pub const SUMMARY: &str = "summary.txt";
/// The run's copy of its opening suite, when it has one.
pub const OPENINGS: &str = crate::suite::SUITE_FILE;
/// The networks and databases the run reads, by content
/// ([`crate::inputs`]), when it reads any.
pub const INPUTS: &str = crate::inputs::INPUTS;

/// True if `dir` already holds a run (an experiment file or games).
pub fn holds_run(dir: &Path) -> bool {
    dir.join(EXPERIMENT).exists() || dir.join(GAMES).exists() || dir.join(GAMES_ARCHIVE).exists()
}

/// Reads the experiment of a run's folder.
pub fn folder_experiment(dir: &Path) -> Result<Experiment> {
    let path = dir.join(EXPERIMENT);
    if !path.exists() {
        return Err(ArenaError::bad_file(
            dir,
            format!("not a tournament folder (no {})", EXPERIMENT),
        ));
    }
    Experiment::from_file(&path)
}
