//! Reading `games.csv` back: every complete row, a trailing partial line
//! (cut by a kill) ignored.

use std::path::Path;

use ngola_files::FileError;

use crate::record::Result;

use super::{GameRecord, Layout, COLUMNS};

/// What a `games.csv` holds.
#[derive(Debug, Default)]
pub struct GamesFile {
    /// The complete rows, in file order.
    pub records: Vec<GameRecord>,
    /// The line of each row in the file (1 is the header).
    pub lines: Vec<u64>,
    /// Bytes up to the end of the last complete line.
    pub complete_len: u64,
    /// True if the file ended in a partial line (cut by a kill).
    pub partial_tail: bool,
    /// True if the file holds a complete header line.
    pub has_header: bool,
    /// Where the header puts the columns after `opening`.
    pub layout: Layout,
}

impl GamesFile {
    /// True if the rows carry their moves (the file has every column), so
    /// that they can be checked by replaying them.
    pub fn has_moves(&self) -> bool {
        !self.has_header || self.layout.moves.is_some()
    }

    /// The line of the `index`-th row.
    pub fn line(&self, index: usize) -> u64 {
        self.lines.get(index).copied().unwrap_or(0)
    }
}

/// Reads `games.csv`, ignoring a trailing partial line. A missing file
/// reads as empty. A complete row that does not parse is an error naming
/// its line. Files written before the last columns of [`COLUMNS`] existed
/// read too (see [`GamesFile::has_moves`]).
pub fn read_games(path: &Path) -> Result<GamesFile> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(GamesFile::default()),
        Err(e) => return Err(FileError::io(path, e)),
    };
    parse_games(&bytes, path)
}

/// Reads the bytes of a `games.csv` (e.g. decompressed from an archived
/// `games.csv.gz`) as [`read_games`] reads the file; errors name `path`.
pub fn parse_games(bytes: &[u8], path: &Path) -> Result<GamesFile> {
    let complete_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let partial_tail = complete_len < bytes.len();
    let complete = &bytes[..complete_len];
    if complete.is_empty() {
        return Ok(GamesFile {
            partial_tail,
            ..GamesFile::default()
        });
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(complete);
    let headers = reader
        .byte_headers()
        .map_err(|e| FileError::bad(path, format!("header: {e}")))?
        .clone();
    let header: Vec<&str> = headers
        .iter()
        .map(|name| std::str::from_utf8(name).unwrap_or_default())
        .collect();
    let layout = Layout::of(&header).ok_or_else(|| {
        FileError::bad(
            path,
            format!(
                "line 1: header is not that of games.csv (expected {})",
                COLUMNS.join(",")
            ),
        )
    })?;
    let mut records = Vec::with_capacity(complete.len() / 100);
    let mut lines = Vec::with_capacity(complete.len() / 100);
    let mut row = csv::ByteRecord::new();
    loop {
        let more = reader.read_byte_record(&mut row).map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            FileError::bad(path, format!("line {line}: {e}"))
        })?;
        if !more {
            break;
        }
        let line = row.position().map_or(0, |p| p.line());
        let record = GameRecord::from_row(&row, &headers)
            .map_err(|e| FileError::bad(path, format!("line {line}: {e}")))?;
        records.push(record);
        lines.push(line);
    }
    Ok(GamesFile {
        records,
        lines,
        complete_len: complete_len as u64,
        partial_tail,
        has_header: true,
        layout,
    })
}
