//! The rows a tournament's workers keep in memory as they write them to
//! `games.csv`, so that the end of a run can sort the file and compute the
//! statistics without reading it back or formatting it again.

use std::time::{Duration, Instant};

use crate::record::GameRecord;

/// A row of `games.csv` held in memory: the record, and its line as this
/// process wrote it (`None` for rows read back from the file).
pub(crate) struct Row<'a> {
    /// The game; a row this process wrote keeps its moves only in `line`.
    pub(crate) record: &'a GameRecord,
    /// Its CSV line with the line end, if this process wrote it.
    pub(crate) line: Option<&'a [u8]>,
    /// The game's key ([`GameRecord::game_key`]).
    pub(crate) key: u128,
}

impl<'a> Row<'a> {
    /// A row read from the file.
    pub(crate) fn read(record: &'a GameRecord) -> Row<'a> {
        Row {
            record,
            line: None,
            key: record.game_key(),
        }
    }
}

/// Where a worker keeps a game's `games.csv` line: chunk, start, length.
type LineAt = (usize, usize, usize);

/// The games one worker played, kept for the final summary: each record
/// (without its moves, which its line holds) with where its `games.csv`
/// line is and the game's key. Both live in fixed-size chunks that
/// are never regrown, so a long run copies nothing and touches each page
/// of memory once.
pub(crate) struct Played {
    records: Vec<Vec<(GameRecord, LineAt, u128)>>,
    lines: Vec<Vec<u8>>,
    scratch: Vec<u8>,
    /// Games played, kept or not (past an SPRT stop).
    pub(crate) count: u64,
    /// Kept games not yet reported to the progress bar and the SPRT.
    unreported: usize,
    last_report: Instant,
}

impl Default for Played {
    fn default() -> Played {
        Played {
            records: Vec::new(),
            lines: Vec::new(),
            scratch: Vec::new(),
            count: 0,
            unreported: 0,
            last_report: Instant::now(),
        }
    }
}

impl Played {
    const RECORDS_PER_CHUNK: usize = 4096;
    const LINE_BYTES_PER_CHUNK: usize = 1 << 20;
    /// Games are reported in batches, so that short games do not take the
    /// shared lock one by one; a batch waits at most `REPORT_AFTER`.
    const REPORT_EVERY: usize = 64;
    const REPORT_AFTER: Duration = Duration::from_millis(50);

    pub(crate) fn report_due(&self) -> bool {
        self.report_due_at(Instant::now())
    }

    fn report_due_at(&self, now: Instant) -> bool {
        self.unreported >= Self::REPORT_EVERY
            || now.saturating_duration_since(self.last_report) >= Self::REPORT_AFTER
    }

    /// The kept games not reported yet, oldest first; they count as
    /// reported from now on.
    pub(crate) fn take_unreported(&mut self) -> Vec<&GameRecord> {
        let n = std::mem::take(&mut self.unreported);
        self.last_report = Instant::now();
        let mut fresh: Vec<&GameRecord> = self
            .records
            .iter()
            .rev()
            .flat_map(|chunk| chunk.iter().rev())
            .take(n)
            .map(|(record, _, _)| record)
            .collect();
        fresh.reverse();
        fresh
    }

    /// Stores `record`'s CSV line and says where it is.
    pub(crate) fn write_line(&mut self, record: &GameRecord) -> LineAt {
        self.scratch.clear();
        record.write_csv_line(&mut self.scratch);
        let len = self.scratch.len();
        if self
            .lines
            .last()
            .is_none_or(|chunk| chunk.capacity() - chunk.len() < len)
        {
            self.lines
                .push(Vec::with_capacity(Self::LINE_BYTES_PER_CHUNK.max(len)));
        }
        let chunk = self.lines.len() - 1;
        let lines = &mut self.lines[chunk];
        let start = lines.len();
        lines.extend_from_slice(&self.scratch);
        (chunk, start, len)
    }

    pub(crate) fn line(&self, (chunk, start, len): LineAt) -> &[u8] {
        &self.lines[chunk][start..start + len]
    }

    /// Keeps `record` (whose line is at `at`) without its moves, which it
    /// hands back (emptied, for the next game's text).
    pub(crate) fn keep(&mut self, mut record: GameRecord, at: LineAt) -> String {
        let key = record.game_key();
        let mut moves = std::mem::take(&mut record.moves);
        moves.clear();
        if self
            .records
            .last()
            .is_none_or(|chunk| chunk.len() == chunk.capacity())
        {
            self.records
                .push(Vec::with_capacity(Self::RECORDS_PER_CHUNK));
        }
        if let Some(chunk) = self.records.last_mut() {
            chunk.push((record, at, key));
            self.unreported += 1;
        }
        moves
    }

    pub(crate) fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.records.iter().flatten().map(|(record, at, key)| Row {
            record,
            line: Some(self.line(*at)),
            key: *key,
        })
    }

    pub(crate) fn len(&self) -> usize {
        self.records.iter().map(Vec::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: u64, opening: String) -> GameRecord {
        GameRecord {
            opening,
            ..crate::record::tests::record(game)
        }
    }

    /// Keeps `records` as the runner does, reporting whenever due.
    fn keep_all(played: &mut Played, records: Vec<GameRecord>) -> Vec<u64> {
        let mut reported = Vec::new();
        for r in records {
            let at = played.write_line(&r);
            assert_eq!(played.line(at), &r.to_csv_line()[..]);
            played.keep(r, at);
            if played.report_due() {
                reported.extend(played.take_unreported().iter().map(|r| r.game));
            }
        }
        reported.extend(played.take_unreported().iter().map(|r| r.game));
        reported
    }

    #[test]
    fn rows_come_back_whole_and_in_order_across_chunks() {
        // 5,000 records cross a records chunk; lines of about 400 bytes
        // cross line chunks; one 2 MB line needs a chunk of its own.
        let records: Vec<GameRecord> = (0..5000)
            .map(|g| {
                let moves = if g == 2500 { 700_000 } else { 100 };
                record(g, "a1 ".repeat(moves))
            })
            .collect();
        let mut played = Played::default();
        let reported = keep_all(&mut played, records.clone());
        assert!(played.records.len() >= 2 && played.lines.len() >= 3);
        assert_eq!(played.len(), 5000);
        let rows: Vec<Row> = played.rows().collect();
        assert_eq!(rows.len(), 5000);
        for (row, expected) in rows.iter().zip(&records) {
            // The moves live in the line only.
            assert_eq!(
                row.record,
                &GameRecord {
                    moves: String::new(),
                    ..expected.clone()
                }
            );
            assert_eq!(row.key, expected.game_key());
            assert_eq!(row.line, Some(&expected.to_csv_line()[..]));
        }
        // Every kept game is reported once, oldest first.
        assert_eq!(reported, (0..5000).collect::<Vec<u64>>());
    }

    #[test]
    fn games_are_reported_in_batches() {
        let mut played = Played::default();
        for g in 0..Played::REPORT_EVERY as u64 - 1 {
            let r = record(g, String::new());
            let at = played.write_line(&r);
            played.keep(r, at);
        }
        // Not due until the batch is full, or until time has passed.
        let then = played.last_report;
        assert!(!played.report_due_at(then));
        assert!(played.report_due_at(then + Played::REPORT_AFTER));
        let r = record(999, String::new());
        let at = played.write_line(&r);
        played.keep(r, at);
        assert!(played.report_due_at(then));
        let games: Vec<u64> = played.take_unreported().iter().map(|r| r.game).collect();
        assert_eq!(games.len(), Played::REPORT_EVERY);
        assert_eq!((games[0], games[games.len() - 1]), (0, 999));
        assert!(played.take_unreported().is_empty());
        assert!(!played.report_due_at(played.last_report));
    }
}
