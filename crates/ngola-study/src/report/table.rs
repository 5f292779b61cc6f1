//! The report's tables, `measures.csv` and `skill.csv`: written from the
//! measured cells, and read back to render the report, so that the report
//! is a function of the committed tables alone.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::evidence::Checked;
use super::exact::{Board, Exact, Source, Value, Verdict};
use super::load::CellReport;
use super::words;
use crate::error::StudyError;
use crate::measures::Unit;

/// One line of `measures.csv`: one cell, every measure. Fractions are in
/// [0, 1]; an empty cell is a measure that does not exist (no decisive
/// game, no ladder).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// The stronger agents' score over the ladder's pairs.
    pub skill: Option<f64>,
    /// Its 95% interval over pairs.
    pub skill_low: Option<f64>,
    /// The interval's upper end.
    pub skill_high: Option<f64>,
    /// The exact value: `win`, `loss`, `draw`, `open`, or empty.
    pub exact: String,
    /// South's margin under best play.
    pub exact_margin: Option<i64>,
    /// What decides it: `prover`, `tablebase`, or empty.
    pub exact_source: String,
    /// The prover's certificate, if any.
    pub certificate: String,
    /// The endgame database's identity, if a database decides it.
    pub database: String,
    /// Whether the report checked the exact value against its
    /// certificate (false: claimed, not checked, or no value).
    pub exact_checked: bool,
}

/// One line of `exact.csv`: a board of the study's games that the
/// prover or an endgame database has judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactRow {
    /// The board and its rule options that are not the defaults.
    pub board: String,
    /// The game's name.
    pub game: String,
    /// Every rule option, `key=value` separated by spaces.
    pub rules: String,
    /// `win`, `loss`, `draw` (South's view) or `open`.
    pub value: String,
    /// South's margin under best play (empty when open).
    pub margin: Option<i64>,
    /// What decides it: `prover`, `tablebase`, or empty.
    pub source: String,
    /// The prover's certificate, if any.
    pub certificate: String,
    /// The endgame database's identity, if a database decides it.
    pub database: String,
    /// The recorded probe of that database.
    pub record: String,
    /// Whether the report checked the value against its certificate
    /// (false: claimed, not checked).
    pub checked: bool,
    /// The study's cells played on this board, separated by spaces.
    pub cells: String,
}

/// The source columns of a verdict: value, margin, source, certificate,
/// database, record.
type VerdictColumns = (String, Option<i64>, String, String, String, String);

fn verdict_columns(verdict: Option<&Verdict>) -> VerdictColumns {
    let shown = |p: &Path| p.display().to_string();
    match verdict {
        Some(Verdict::Decided(e)) => {
            let (source, certificate, database, record) = match &e.source {
                Source::Prover { certificate } => (
                    "prover",
                    certificate.as_deref().map(shown).unwrap_or_default(),
                    String::new(),
                    String::new(),
                ),
                Source::Tablebase { id, record } => {
                    ("tablebase", String::new(), id.clone(), shown(record))
                }
            };
            (
                e.value.as_str().to_string(),
                Some(e.margin),
                source.to_string(),
                certificate,
                database,
                record,
            )
        }
        Some(Verdict::Open) => Default::default(),
        None => Default::default(),
    }
}

/// The verdict of a table's columns (`open`, or a value with its source).
fn verdict_of(
    value: &str,
    margin: Option<i64>,
    source: &str,
    certificate: &str,
    database: &str,
    record: &str,
    checked: bool,
) -> Option<Verdict> {
    if value == "open" {
        return Some(Verdict::Open);
    }
    let value = Value::from_word(value)?;
    let source = if source == "tablebase" {
        Source::Tablebase {
            id: database.to_string(),
            record: PathBuf::from(record),
        }
    } else {
        Source::Prover {
            certificate: (!certificate.is_empty()).then(|| PathBuf::from(certificate)),
        }
    };
    Some(Verdict::Decided(Exact {
        value,
        margin: margin.unwrap_or(0),
        source,
        checked: Checked::from(checked),
    }))
}

impl ExactRow {
    /// The row of a judged board, with the names of the cells on it.
    pub fn of(board: &Board, cells: &[&str]) -> ExactRow {
        let defaults = ngola_rules::with_game!(board.game, G => {
            use ngola_rules::RuleOptions;
            <G as ngola_rules::Game>::Rules::default().to_pairs()
        });
        let (value, margin, source, certificate, database, record) =
            verdict_columns(Some(&board.verdict));
        ExactRow {
            board: words::board(board.game, &board.rules, &defaults),
            game: board.game.to_string(),
            rules: board
                .rules
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" "),
            value: if value.is_empty() {
                "open".to_string()
            } else {
                value
            },
            margin,
            source,
            certificate,
            database,
            record,
            checked: board.verdict.is_checked(),
            cells: cells.join(" "),
        }
    }

    /// The board's verdict.
    pub fn verdict(&self) -> Option<Verdict> {
        verdict_of(
            &self.value,
            self.margin,
            &self.source,
            &self.certificate,
            &self.database,
            &self.record,
            self.checked,
        )
    }
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
        let skill = m.skill();
        let (mut exact, exact_margin, exact_source, certificate, database, _) =
            verdict_columns(c.verdict.as_ref());
        if c.verdict == Some(Verdict::Open) {
            exact = "open".to_string();
        }
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
            skill: keep(skill.score, 4),
            skill_low: keep(skill.score_low, 4),
            skill_high: keep(skill.score_high, 4),
            exact,
            exact_margin,
            exact_source,
            certificate,
            database,
            exact_checked: c.verdict.as_ref().is_some_and(Verdict::is_checked),
        }
    }

    /// The first player's self-play result of a cell as a sentence, with the
    /// exact value after it where the board is decided (so that an even
    /// self-play score is never read as an undecided board).
    pub fn first_player_line(&self) -> String {
        let units = if self.unit == Unit::Start.as_str() {
            format!(
                "{} distinct starts of {} games (deterministic agents)",
                words::count(self.units),
                words::count(self.games)
            )
        } else {
            format!("{} games", words::count(self.units))
        };
        let (score, low, high) = (
            words::or_nan(self.south_score),
            words::or_nan(self.south_low),
            words::or_nan(self.south_high),
        );
        let direction = match words::side(low, high) {
            Some(side) => format!("favours {side}"),
            None => "is even within its interval".to_string(),
        };
        let mut line = format!(
            "South scores {} over {units}: the score {direction}",
            words::interval(score, low, high)
        );
        if let Some(Verdict::Decided(exact)) = self.verdict() {
            // Only a certificate, checked, proves a value here.
            let how = if exact.checked.is_checked() {
                "proved"
            } else {
                "claimed, not checked"
            };
            line += &format!("; under best play {} ({how})", words::best_play(&exact));
        }
        line
    }

    /// What the exact results say of the cell's board, if anything.
    pub fn verdict(&self) -> Option<Verdict> {
        verdict_of(
            &self.exact,
            self.exact_margin,
            &self.exact_source,
            &self.certificate,
            &self.database,
            "",
            self.exact_checked,
        )
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

/// One line of `plots.csv`: a cell drawn in one of the study's own plots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlotRow {
    /// The plot's name (`plots/NAME.svg`).
    pub plot: String,
    /// The plot's title.
    pub title: String,
    /// One of its cells, in the plot's order.
    pub cell: String,
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
