//! `train.csv`: one row per generation.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::TrainError;

/// One row of `train.csv`, written at the end of every generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogRow {
    /// The generation (from 1).
    pub generation: u64,
    /// Learner steps taken so far.
    pub step: u64,
    /// Self-play games played so far.
    pub games: u64,
    /// Self-play moves played so far.
    pub positions: u64,
    /// Examples labelled with the solver's exact value so far.
    pub exact: u64,
    /// Mean policy cross-entropy over this generation's learner steps
    /// (empty when it took none).
    pub policy_loss: Option<f32>,
    /// Mean squared value error over them.
    pub value_loss: Option<f32>,
    /// Mean total loss over them.
    pub total_loss: Option<f32>,
    /// Self-play moves per second in this generation.
    pub positions_per_second: f64,
    /// Seconds of training so far.
    pub seconds: f64,
    /// The evaluation's opponent (empty without evaluation).
    pub eval_opponent: String,
    /// Games of the evaluation.
    pub eval_games: u32,
    /// The network's score in them (no search: the `policy` agent), in
    /// [0, 1]; empty without evaluation.
    pub eval_score: Option<f64>,
}

/// The rows of `path` (none if there is no such file).
pub fn read_rows(path: &Path) -> Result<Vec<LogRow>, TrainError> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let corrupt = |e: csv::Error| TrainError::Corrupt {
        file: path.display().to_string(),
        message: e.to_string(),
    };
    let mut reader = csv::Reader::from_path(path).map_err(corrupt)?;
    reader.deserialize().map(|r| r.map_err(corrupt)).collect()
}

/// Writes `rows` to `path`, with the header.
pub fn write_rows(path: &Path, rows: &[LogRow]) -> Result<(), TrainError> {
    let corrupt = |e: csv::Error| TrainError::Corrupt {
        file: path.display().to_string(),
        message: e.to_string(),
    };
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.serialize(row).map_err(corrupt)?;
    }
    if rows.is_empty() {
        // A header alone, so that a run stopped before its first row still
        // leaves a readable log.
        writer
            .write_record([
                "generation",
                "step",
                "games",
                "positions",
                "exact",
                "policy_loss",
                "value_loss",
                "total_loss",
                "positions_per_second",
                "seconds",
                "eval_opponent",
                "eval_games",
                "eval_score",
            ])
            .map_err(corrupt)?;
    }
    let bytes = writer.into_inner().map_err(|e| TrainError::Corrupt {
        file: path.display().to_string(),
        message: e.to_string(),
    })?;
    super::checkpoint::write_atomically(path, &bytes)
}

/// The learning curve's points, `(hours of training, evaluation score)`,
/// and the opponent they were scored against (`None` without evaluation).
pub fn curve_points(rows: &[LogRow]) -> (Option<String>, Vec<(f64, f64)>) {
    let points = rows
        .iter()
        .filter_map(|r| r.eval_score.map(|s| (r.seconds / 3600.0, s)))
        .collect();
    let opponent = rows
        .iter()
        .rev()
        .find(|r| !r.eval_opponent.is_empty())
        .map(|r| r.eval_opponent.clone());
    (opponent, points)
}
