//! `games.csv` sorted by game id in bounded memory: rows stream through a
//! heap of at most a few megabytes (replacement selection), which turns
//! rows that came nearly in order (several workers, each in id order) into
//! one sorted run straight away; rows further out of order start another
//! run, and the runs are merged. A file's partial last line (cut by a kill)
//! is left out. Rows of a file with an older header are rewritten in
//! today's columns.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use ngola_files::FileError;

use crate::record::Result;

use super::{fresh_file, header_line, GameRecord};

/// Bytes of rows the heap holds before it writes the smallest out.
const HEAP_BYTES: usize = 16 << 20;

/// Writes to `out`, through a temporary file and a rename, the header and
/// the rows of the files `sources` whose pair `keep` accepts, in game id
/// order (rows of equal id in the order read). `out` may be one of the
/// sources. Returns the rows written.
pub fn sort_rows(out: &Path, sources: &[&Path], keep: &dyn Fn(u64) -> bool) -> Result<u64> {
    sort_rows_within(out, sources, keep, HEAP_BYTES)
}

pub(crate) fn sort_rows_within(
    out: &Path,
    sources: &[&Path],
    keep: &dyn Fn(u64) -> bool,
    heap_bytes: usize,
) -> Result<u64> {
    let mut runs = Runs {
        out: out.to_path_buf(),
        files: Vec::new(),
        writer: None,
    };
    let written = (|| {
        let mut heap: BinaryHeap<Reverse<Held>> = BinaryHeap::new();
        let (mut bytes, mut seq, mut last) = (0usize, 0u64, None::<(usize, u64)>);
        let mut rows = 0u64;
        for &source in sources {
            let mut reader = RowReader::open(source)?;
            while let Some(line) = reader.next_row()? {
                let (game, pair) = ids(&line).ok_or_else(|| {
                    FileError::bad(source, format!("line {}: no game id", reader.line))
                })?;
                if !keep(pair) {
                    continue;
                }
                // A row below the last one written waits for the next run.
                let run = match last {
                    Some((run, written)) if game < written => run + 1,
                    Some((run, _)) => run,
                    None => 0,
                };
                bytes += line.len();
                heap.push(Reverse(Held {
                    run,
                    game,
                    seq,
                    line,
                }));
                seq += 1;
                while bytes > heap_bytes {
                    let Some(Reverse(held)) = heap.pop() else {
                        break;
                    };
                    bytes -= held.line.len();
                    runs.write(&held)?;
                    last = Some((held.run, held.game));
                    rows += 1;
                }
            }
        }
        while let Some(Reverse(held)) = heap.pop() {
            runs.write(&held)?;
            rows += 1;
        }
        runs.finish()?;
        Ok(rows)
    })();
    runs.remove();
    written
}

/// A row waiting in the heap: its run, id, order read, and text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Held {
    run: usize,
    game: u64,
    seq: u64,
    line: Vec<u8>,
}

/// The sorted runs written so far (each a file with the header).
struct Runs {
    out: PathBuf,
    files: Vec<PathBuf>,
    writer: Option<(usize, BufWriter<File>, PathBuf)>,
}

impl Runs {
    fn run_path(&self, run: usize) -> PathBuf {
        self.out.with_extension(format!("csv.run{run}.tmp"))
    }

    fn write(&mut self, held: &Held) -> Result<()> {
        if self
            .writer
            .as_ref()
            .is_none_or(|(run, _, _)| *run != held.run)
        {
            self.close()?;
            let path = self.run_path(held.run);
            let mut file = BufWriter::with_capacity(1 << 20, fresh_file(&path)?);
            self.files.push(path.clone());
            file.write_all(header_line().as_bytes())
                .map_err(|e| FileError::io(&path, e))?;
            self.writer = Some((held.run, file, path));
        }
        if let Some((_, file, path)) = self.writer.as_mut() {
            file.write_all(&held.line)
                .map_err(|e| FileError::io(path, e))?;
        }
        Ok(())
    }

    fn close(&mut self) -> Result<()> {
        if let Some((_, file, path)) = self.writer.take() {
            file.into_inner()
                .map_err(|e| FileError::io(&path, e.into_error()))?;
        }
        Ok(())
    }

    /// Puts the sorted file in place: the one run renamed, or the runs
    /// merged.
    fn finish(&mut self) -> Result<()> {
        self.close()?;
        if self.files.is_empty() {
            let path = self.run_path(0);
            let mut file = fresh_file(&path)?;
            self.files.push(path.clone());
            file.write_all(header_line().as_bytes())
                .map_err(|e| FileError::io(&path, e))?;
        }
        // A merged file that an earlier rewrite left behind goes (a link is
        // removed, never followed), however this rewrite ends.
        let merged = self.out.with_extension("csv.tmp");
        match std::fs::remove_file(&merged) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(FileError::io(&merged, e));
            }
            _ => {}
        }
        if self.files.len() == 1 {
            let path = self.files.remove(0);
            return std::fs::rename(&path, &self.out).map_err(|e| FileError::io(&self.out, e));
        }
        let run_files = self.files.clone();
        let file = fresh_file(&merged)?;
        self.files.push(merged.clone());
        let io = |e| FileError::io(&merged, e);
        let mut out = BufWriter::with_capacity(1 << 20, file);
        out.write_all(header_line().as_bytes()).map_err(io)?;
        let mut readers = Vec::new();
        for path in &run_files {
            readers.push(RowReader::open(path)?);
        }
        let mut heap = BinaryHeap::new();
        for (i, reader) in readers.iter_mut().enumerate() {
            if let Some(line) = reader.next_row()? {
                heap.push(Reverse((ids(&line).map_or(0, |(g, _)| g), i, line)));
            }
        }
        while let Some(Reverse((_, i, line))) = heap.pop() {
            out.write_all(&line).map_err(io)?;
            if let Some(next) = readers[i].next_row()? {
                heap.push(Reverse((ids(&next).map_or(0, |(g, _)| g), i, next)));
            }
        }
        out.into_inner().map_err(|e| io(e.into_error()))?;
        drop(readers);
        std::fs::rename(&merged, &self.out).map_err(|e| FileError::io(&self.out, e))?;
        self.files.pop();
        Ok(())
    }

    /// Removes the run files (after the merge, or after a failure).
    fn remove(&mut self) {
        self.writer = None;
        for path in self.files.drain(..) {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The game id and pair at the start of a row (two unquoted numbers).
fn ids(line: &[u8]) -> Option<(u64, u64)> {
    let mut fields = line.splitn(3, |&b| b == b',');
    let number = |field: &[u8]| std::str::from_utf8(field).ok()?.parse::<u64>().ok();
    let game = number(fields.next()?)?;
    let pair = number(fields.next()?)?;
    Some((game, pair))
}

/// Reads a `games.csv` row by row (a quoted field may hold line ends),
/// each with its line end; a partial last line is not a row.
struct RowReader<'a> {
    reader: BufReader<File>,
    path: &'a Path,
    /// The header when it is not today's (rows are then rewritten).
    old_header: Option<csv::ByteRecord>,
    /// The line the last row started on.
    line: u64,
    next_line: u64,
}

impl<'a> RowReader<'a> {
    fn open(path: &'a Path) -> Result<RowReader<'a>> {
        let file = File::open(path).map_err(|e| FileError::io(path, e))?;
        let mut reader = RowReader {
            reader: BufReader::with_capacity(1 << 20, file),
            path,
            old_header: None,
            line: 0,
            next_line: 1,
        };
        if let Some(header) = reader.raw_row()? {
            if header != header_line().as_bytes() {
                reader.old_header = Some(parse_line(&header, path)?);
            }
        }
        Ok(reader)
    }

    /// The next complete row as written in the file.
    fn raw_row(&mut self) -> Result<Option<Vec<u8>>> {
        let mut line = Vec::new();
        let io = |e| FileError::io(self.path, e);
        self.line = self.next_line;
        loop {
            let read = self.reader.read_until(b'\n', &mut line).map_err(io)?;
            if read == 0 || !line.ends_with(b"\n") {
                return Ok(None);
            }
            self.next_line += 1;
            // An odd number of quotes: the line end is inside a field.
            if line.iter().filter(|&&b| b == b'"').count() % 2 == 0 {
                return Ok(Some(line));
            }
        }
    }

    /// The next row in today's columns.
    fn next_row(&mut self) -> Result<Option<Vec<u8>>> {
        let Some(line) = self.raw_row()? else {
            return Ok(None);
        };
        let Some(headers) = &self.old_header else {
            return Ok(Some(line));
        };
        let row = parse_line(&line, self.path)?;
        let record = GameRecord::from_row(&row, headers)
            .map_err(|e| FileError::bad(self.path, format!("line {}: {e}", self.line)))?;
        Ok(Some(record.to_csv_line()))
    }
}

fn parse_line(line: &[u8], path: &Path) -> Result<csv::ByteRecord> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line);
    let mut row = csv::ByteRecord::new();
    match reader.read_byte_record(&mut row) {
        Ok(true) => Ok(row),
        Ok(false) => Err(FileError::bad(path, "an empty line")),
        Err(e) => Err(FileError::bad(path, e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{read_games, tests::record};

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ngola-sort-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A games file of `ids` in that order, with a quoted field holding a
    /// line end and a comma in game 5's fault, and a partial last line.
    fn write(path: &Path, ids: &[u64], header: &str) {
        let mut bytes = header.as_bytes().to_vec();
        for &id in ids {
            let mut r = record(id);
            r.opening = format!("opening {id}");
            if id == 5 {
                r.fault = "exit 1, \"boom\"\nnext line".to_string();
            }
            bytes.extend(r.to_csv_line());
        }
        bytes.extend(b"123,61,0,0,1,mcts");
        std::fs::write(path, bytes).unwrap();
    }

    fn ids_of(path: &Path) -> Vec<u64> {
        let found = read_games(path).unwrap();
        assert!(!found.partial_tail);
        found.records.iter().map(|r| r.game).collect()
    }

    #[test]
    fn rows_far_out_of_order_are_sorted_through_several_runs() {
        let dir = temp("runs");
        // Ids in a scrambled order: with room for about 4 rows the heap
        // must start many runs.
        let ids: Vec<u64> = (0..300u64).map(|i| i * 137 % 300).collect();
        let path = dir.join("games.csv");
        write(&path, &ids, &crate::record::header_line());
        let before = read_games(&path).unwrap().records;
        let line = record(0).to_csv_line().len();
        let rows = sort_rows_within(&path, &[&path], &|pair| pair != 40, 4 * line).unwrap();
        assert_eq!(rows, 298);
        let expected: Vec<u64> = (0..300).filter(|id| id / 2 != 40).collect();
        assert_eq!(ids_of(&path), expected);
        // Every row intact (the quoted line end included).
        let after = read_games(&path).unwrap().records;
        for r in &after {
            assert_eq!(Some(r), before.iter().find(|b| b.game == r.game));
        }
        // Nothing left beside the file.
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(names.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn nearly_sorted_rows_and_several_files_make_one_run() {
        let dir = temp("merge");
        let (a, b) = (dir.join("a.csv"), dir.join("b.csv"));
        write(&a, &[1, 0, 2, 4, 3, 6], &crate::record::header_line());
        write(&b, &[5, 7, 9, 8], &crate::record::header_line());
        let out = dir.join("games.csv");
        assert_eq!(sort_rows(&out, &[&a, &b], &|_| true).unwrap(), 10);
        assert_eq!(ids_of(&out), (0..10).collect::<Vec<u64>>());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn rows_under_an_older_header_are_rewritten_in_todays_columns() {
        let dir = temp("old");
        let old = dir.join("old.csv");
        // Today's columns in another order: each row is rewritten.
        let mut columns = crate::record::COLUMNS.to_vec();
        columns.swap(15, 18);
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(&columns).unwrap();
        for id in [2u64, 0, 1] {
            let line = record(id).to_csv_line();
            let mut row = parse_line(&line, &old).unwrap();
            let mut fields: Vec<Vec<u8>> = row.iter().map(<[u8]>::to_vec).collect();
            fields.swap(15, 18);
            row = fields.iter().collect();
            writer.write_byte_record(&row).unwrap();
        }
        let bytes = writer.into_inner().unwrap();
        std::fs::write(&old, bytes).unwrap();
        let out = dir.join("games.csv");
        sort_rows(&out, &[&old], &|_| true).unwrap();
        let text = std::fs::read(&out).unwrap();
        let mut expected = crate::record::header_line().into_bytes();
        for id in 0..3 {
            expected.extend(record(id).to_csv_line());
        }
        assert_eq!(
            String::from_utf8(text).unwrap(),
            String::from_utf8(expected).unwrap()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
