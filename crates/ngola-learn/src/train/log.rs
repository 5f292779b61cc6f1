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

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> LogRow {
        LogRow {
            generation: 1,
            step: 2,
            games: 3,
            positions: 4,
            exact: 5,
            policy_loss: None,
            value_loss: Some(0.5),
            total_loss: Some(0.5),
            positions_per_second: 6.5,
            seconds: 7.0,
            eval_opponent: "greedy".into(),
            eval_games: 8,
            eval_score: Some(0.25),
        }
    }

    #[test]
    fn an_empty_log_has_the_header_a_full_one_has_and_rows_read_back() {
        let dir = std::env::temp_dir().join(format!("ngola-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (empty, full) = (dir.join("empty.csv"), dir.join("full.csv"));
        write_rows(&empty, &[]).unwrap();
        write_rows(&full, &[row()]).unwrap();
        let header = |p: &Path| {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .next()
                .map(String::from)
        };
        assert_eq!(header(&empty), header(&full));
        assert!(read_rows(&empty).unwrap().is_empty());
        assert_eq!(read_rows(&full).unwrap(), vec![row()]);
        let (opponent, points) = curve_points(&[row()]);
        assert_eq!(opponent.as_deref(), Some("greedy"));
        assert_eq!(points, vec![(7.0 / 3600.0, 0.25)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
