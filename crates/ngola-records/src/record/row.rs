//! The one serde type of a `games.csv` row, read and written by the `csv`
//! crate, and the errors of a row that does not read.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{seed_halves, GameRecord, GameResult, Reason};

/// A row of `games.csv` as its cells: the fields in column order
/// ([`super::COLUMNS`]), text borrowed from the record or the CSV row.
/// The columns after `opening` may be missing from older files.
#[derive(Serialize, Deserialize)]
pub(super) struct Row<'a> {
    game: u64,
    pair: u64,
    pairing: u32,
    south_id: u32,
    north_id: u32,
    south: &'a str,
    north: &'a str,
    seed: u64,
    result: GameResult,
    plies: u32,
    south_total: u32,
    north_total: u32,
    reason: Reason,
    time_s: f64,
    opening: &'a str,
    #[serde(default)]
    moves: &'a str,
    #[serde(default)]
    seed_hi: Option<u32>,
    #[serde(default)]
    seed_lo: Option<u32>,
    #[serde(default)]
    fault: &'a str,
}

/// A complete row of `games.csv` that does not read; the message names
/// the column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RowError {
    /// The row has another number of cells than the header.
    #[error("{found} columns, expected {expected}")]
    Columns {
        /// Cells in the row.
        found: usize,
        /// Columns in the header.
        expected: usize,
    },
    /// A text cell that is not UTF-8.
    #[error("column `{column}`: not UTF-8")]
    NotUtf8 {
        /// The column.
        column: String,
    },
    /// A number cell that is not a number (of its range).
    #[error("column `{column}`: `{text}` is not a number")]
    NotANumber {
        /// The column.
        column: String,
        /// The cell.
        text: String,
    },
    /// A `result` that is not `S`, `N` or `draw`.
    #[error("column `result`: `{0}` is not S, N or draw")]
    Result(String),
    /// A `reason` that is none of [`Reason::ALL`].
    #[error("column `reason`: `{text}` is not one of {}", Reason::ALL.map(Reason::as_str).join(", "))]
    Reason {
        /// The cell.
        text: String,
    },
    /// `seed_hi` and `seed_lo` that do not make `seed`.
    #[error("columns `seed_hi`, `seed_lo`: {hi}, {lo} are not the halves of `seed` {seed}")]
    SeedHalves {
        /// The `seed_hi` cell.
        hi: u32,
        /// The `seed_lo` cell.
        lo: u32,
        /// The `seed` cell.
        seed: u64,
    },
}

impl<'a> Row<'a> {
    /// The cells of `record`.
    pub(super) fn of(record: &'a GameRecord) -> Row<'a> {
        let (seed_hi, seed_lo) = seed_halves(record.seed);
        Row {
            game: record.game,
            pair: record.pair,
            pairing: record.pairing,
            south_id: record.south_id,
            north_id: record.north_id,
            south: &record.south,
            north: &record.north,
            seed: record.seed,
            result: record.result,
            plies: record.plies,
            south_total: record.south_total,
            north_total: record.north_total,
            reason: record.reason,
            time_s: record.time_s,
            opening: &record.opening,
            moves: &record.moves,
            seed_hi: Some(seed_hi),
            seed_lo: Some(seed_lo),
            fault: &record.fault,
        }
    }

    /// Reads `row` of a file whose header is `headers`.
    pub(super) fn read(
        row: &'a csv::ByteRecord,
        headers: &'a csv::ByteRecord,
    ) -> Result<Row<'a>, RowError> {
        if row.len() != headers.len() {
            return Err(RowError::Columns {
                found: row.len(),
                expected: headers.len(),
            });
        }
        row.deserialize(Some(headers))
            .map_err(|e| cell_error(&e, row, headers))
    }

    /// The record, its seed's halves checked.
    pub(super) fn into_record(self) -> Result<GameRecord, RowError> {
        if let (Some(hi), Some(lo)) = (self.seed_hi, self.seed_lo) {
            if (hi, lo) != seed_halves(self.seed) {
                return Err(RowError::SeedHalves {
                    hi,
                    lo,
                    seed: self.seed,
                });
            }
        }
        Ok(GameRecord {
            game: self.game,
            pair: self.pair,
            pairing: self.pairing,
            south_id: self.south_id,
            north_id: self.north_id,
            south: self.south.to_string(),
            north: self.north.to_string(),
            seed: self.seed,
            result: self.result,
            plies: self.plies,
            south_total: self.south_total,
            north_total: self.north_total,
            reason: self.reason,
            time_s: self.time_s,
            opening: self.opening.to_string(),
            moves: self.moves.to_string(),
            fault: self.fault.to_string(),
        })
    }
}

/// The error of a cell that does not deserialize: the column and its text
/// come from the row (csv names the cell of a number or text, not of a
/// `result` or `reason`, which are the only other cells that can fail).
fn cell_error(error: &csv::Error, row: &csv::ByteRecord, headers: &csv::ByteRecord) -> RowError {
    let text = |i: usize| String::from_utf8_lossy(row.get(i).unwrap_or_default()).into_owned();
    let column =
        |i: usize| String::from_utf8_lossy(headers.get(i).unwrap_or_default()).into_owned();
    let cell = |name: &str| headers.iter().position(|h| h == name.as_bytes());
    let field = match error.kind() {
        csv::ErrorKind::Deserialize { err, .. } => match (err.field(), err.kind()) {
            (Some(i), csv::DeserializeErrorKind::InvalidUtf8(_)) => {
                return RowError::NotUtf8 {
                    column: column(i as usize),
                }
            }
            (field, _) => field.map(|i| i as usize),
        },
        _ => None,
    };
    let unread =
        |name: &str, ok: fn(&str) -> bool| cell(name).filter(|&i| !ok(&text(i))).map(&text);
    if let Some(text) = unread("result", |t| t.parse::<GameResult>().is_ok()) {
        return RowError::Result(text);
    }
    if let Some(text) = unread("reason", |t| t.parse::<Reason>().is_ok()) {
        return RowError::Reason { text };
    }
    let i = field.unwrap_or(0);
    RowError::NotANumber {
        column: column(i),
        text: text(i),
    }
}

/// The room a row's CSV writer buffers before it hands its bytes on: a
/// typical row fits at once.
const ROW_BUFFER: usize = 512;

/// A record as a row of `games.csv`, read and written.
impl GameRecord {
    /// Reads one row of a `games.csv` whose header is `headers` (checked
    /// by [`Layout::of`](super::Layout::of)); the error names the bad column.
    pub fn from_row(
        row: &csv::ByteRecord,
        headers: &csv::ByteRecord,
    ) -> Result<GameRecord, RowError> {
        Row::read(row, headers)?.into_record()
    }

    /// The row as CSV text, with its line end.
    pub fn to_csv_line(&self) -> Vec<u8> {
        let mut line = Vec::with_capacity(128);
        self.write_csv_line(&mut line);
        line
    }

    /// Appends the row as CSV text, with its line end, to `out` (through
    /// the `csv` crate: text fields quoted only when they hold a comma, a
    /// quote or a line end).
    pub fn write_csv_line(&self, out: &mut Vec<u8>) {
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .buffer_capacity(ROW_BUFFER)
            .from_writer(out);
        // Numbers and text serialized into memory: nothing here can fail.
        let written = writer.serialize(Row::of(self));
        let flushed = writer.flush();
        debug_assert!(written.is_ok() && flushed.is_ok());
    }
}
