//! What a run, resume or merge produced.

use std::path::PathBuf;

use crate::experiment::Experiment;
use crate::format::SprtConfig;
use crate::stats::sprt::SprtDecision;
use crate::stats::Statistics;

/// The SPRT's state at the end of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct SprtStatus {
    /// The test's parameters.
    pub config: SprtConfig,
    /// Complete pairs counted.
    pub pairs: u64,
    /// Pentanomial counts of the first agent over those pairs.
    pub pentanomial: [u64; 5],
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The decision.
    pub decision: SprtDecision,
}

/// What a run, resume or merge produced.
#[derive(Clone, Debug)]
pub struct Report {
    /// The output folder.
    pub dir: PathBuf,
    /// The experiment as written in the folder.
    pub experiment: Experiment,
    /// Games played by this process.
    pub played: u64,
    /// Games that were already in `games.csv` (a resume).
    pub resumed: u64,
    /// Games played past an SPRT stop and left out of `games.csv`.
    pub discarded: u64,
    /// The statistics of the games in `games.csv`.
    pub stats: Statistics,
    /// The SPRT, if the experiment has one.
    pub sprt: Option<SprtStatus>,
    /// The summary table (also in `summary.txt`, which adds the run's
    /// provenance).
    pub summary: String,
}
