//! The report's tables, `measures.csv` and `skill.csv`: written from the
//! measured cells, and read back to render the report, so that the report
//! is a function of the committed tables alone.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::exact::{Exact, Value, Verdict};
use super::load::CellReport;
use crate::error::StudyError;

/// One line of `measures.csv`: one cell, every measure. Fractions are in
/// [0, 1]; an empty cell is a measure that does not exist (no decisive
/// game, no ladder).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasureRow {
    /// The cell.
    pub cell: String,
    /// The game's name.
    pub game: String,
    /// The board and its rule options that are not the defaults.
    pub board: String,
    /// Who played.
    pub agents: String,
    /// Games.
    pub games: u64,
    /// Games South won.
    pub south_wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games North won.
    pub north_wins: u64,
    /// The first player's unit: `game` or `start`.
    pub unit: String,
    /// Units.
    pub units: u64,
    /// South's score over the units.
    pub south_score: Option<f64>,
    /// Its 95% Wilson interval.
    pub south_low: Option<f64>,
    /// The interval's upper end.
    pub south_high: Option<f64>,
    /// Share of games drawn.
    pub draw_rate: Option<f64>,
    /// Share ended by a ply cap.
    pub ply_cap: Option<f64>,
    /// Share ended by endless sowings.
    pub endless_sowing: Option<f64>,
    /// Mean plies.
    pub length_mean: Option<f64>,
    /// Median plies.
    pub length_median: Option<f64>,
    /// 95th percentile of plies.
    pub length_p95: Option<f64>,
    /// Mean legal moves where there was a choice.
    pub branching: Option<f64>,
    /// Share of positions with a choice.
    pub decision_moves: Option<f64>,
    /// Mean lead changes per game.
    pub lead_changes: Option<f64>,
    /// Mean fraction of a decisive game before the winner leads for good.
    pub lead_for_good: Option<f64>,
    /// Mean score of the ladder's steps.
    pub skill: Option<f64>,
    /// The exact value: `win`, `loss`, `draw`, `open`, or empty.
    pub exact: String,
    /// South's margin under best play.
    pub exact_margin: Option<i64>,
    /// The certificate, if any.
    pub certificate: String,
}

/// One line of `skill.csv`: a step of a cell's ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SkillRow {
    /// The cell.
    pub cell: String,
    /// The weaker agent.
    pub lower: String,
    /// The stronger agent.
    pub upper: String,
    /// Colour-swapped pairs.
    pub pairs: u64,
    /// The stronger agent's score.
    pub score: f64,
    /// Its 95% interval over pairs.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// Rounded as the tables keep it (`None` for NaN).
fn keep(x: f64, decimals: i32) -> Option<f64> {
    let scale = 10f64.powi(decimals);
    x.is_finite().then(|| (x * scale).round() / scale)
}

impl MeasureRow {
    /// The row of a measured cell.
    pub fn of(c: &CellReport) -> MeasureRow {
        let m = &c.measures;
        let fp = &m.first_player;
        let (exact, exact_margin, certificate) = match &c.verdict {
            Some(Verdict::Decided(e)) => (
                match e.value {
                    Value::Win => "win",
                    Value::Loss => "loss",
                    Value::Draw => "draw",
                }
                .to_string(),
                Some(e.margin),
                e.certificate
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default(),
            ),
            Some(Verdict::Open) => ("open".to_string(), None, String::new()),
            None => (String::new(), None, String::new()),
        };
        MeasureRow {
            cell: c.name.clone(),
            game: c.game.to_string(),
            board: c.board.clone(),
            agents: c.agents.clone(),
            games: m.games,
            south_wins: fp.south.wins,
            draws: fp.south.draws,
            north_wins: fp.south.losses,
            unit: fp.unit.as_str().to_string(),
            units: fp.units,
            south_score: keep(fp.score, 4),
            south_low: keep(fp.low, 4),
            south_high: keep(fp.high, 4),
            draw_rate: keep(m.endings.draw_rate, 4),
            ply_cap: keep(m.endings.ply_cap, 4),
            endless_sowing: keep(m.endings.endless_sowing, 4),
            length_mean: keep(m.length.mean, 2),
            length_median: keep(m.length.median, 1),
            length_p95: keep(m.length.p95, 0),
            branching: keep(m.play.branching, 3),
            decision_moves: keep(m.play.decision_moves, 4),
            lead_changes: keep(m.play.lead_changes, 3),
            lead_for_good: keep(m.play.lead_for_good, 4),
            skill: keep(m.skill(), 4),
            exact,
            exact_margin,
            certificate,
        }
    }

    /// What the prover's results say of the cell's board, if anything.
    pub fn verdict(&self) -> Option<Verdict> {
        let value = match self.exact.as_str() {
            "win" => Value::Win,
            "loss" => Value::Loss,
            "draw" => Value::Draw,
            "open" => return Some(Verdict::Open),
            _ => return None,
        };
        Some(Verdict::Decided(Exact {
            value,
            margin: self.exact_margin.unwrap_or(0),
            certificate: (!self.certificate.is_empty()).then(|| PathBuf::from(&self.certificate)),
        }))
    }
}

/// The skill rows of a measured cell.
pub fn skill_rows(c: &CellReport) -> Vec<SkillRow> {
    c.measures
        .skill_trace
        .iter()
        .map(|s| SkillRow {
            cell: c.name.clone(),
            lower: s.lower.clone(),
            upper: s.upper.clone(),
            pairs: s.estimate.units,
            score: keep(s.estimate.score, 4).unwrap_or(f64::NAN),
            low: keep(s.estimate.score_low, 4).unwrap_or(f64::NAN),
            high: keep(s.estimate.score_high, 4).unwrap_or(f64::NAN),
        })
        .collect()
}

/// Writes `rows` as CSV to `path`.
pub fn write_rows<T: Serialize>(path: &Path, rows: &[T]) -> Result<(), StudyError> {
    let io = |e: csv::Error| StudyError::io(path, std::io::Error::other(e.to_string()));
    let mut writer = csv::Writer::from_path(path).map_err(io)?;
    for row in rows {
        writer.serialize(row).map_err(io)?;
    }
    writer.flush().map_err(|e| StudyError::io(path, e))
}

/// Reads the rows of the CSV file `path` (none if it has only a header
/// or does not exist); the error names the line.
pub fn read_rows<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, StudyError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(StudyError::io(path, e)),
    };
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .enumerate()
        .map(|(i, row)| row.map_err(|e| StudyError::bad_file(path, format!("line {}: {e}", i + 2))))
        .collect()
}
