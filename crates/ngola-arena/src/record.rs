//! `games.csv`: one row per finished game, appended and flushed as soon as
//! the game ends, read back tolerantly after a kill (a trailing partial
//! line is ignored).
//!
//! Columns, in order (stable; new columns only ever go at the end):
//!
//! | column | meaning |
//! |---|---|
//! | `game` | game id in the schedule, from 0 |
//! | `pair` | colour-swapped pair (`game / 2`); both games share the opening |
//! | `pairing` | index of the two agents' pairing |
//! | `south_id`, `north_id` | agent ids (indices in the experiment's list) |
//! | `south`, `north` | the agents' canonical specs |
//! | `seed` | the game's seed (agents' seeds derive from it) |
//! | `result` | `S`, `N` or `draw` |
//! | `plies` | plies played, opening included |
//! | `south_total`, `north_total` | `Game::totals` at the end |
//! | `reason` | `natural`, `immobilised`, `endless-sowing`, `ply-cap`, `repetition`; a fault that lost the game: `crash`, `illegal-move`, `time-forfeit` |
//! | `time_s` | wall time of the game in seconds (the only column that varies between runs) |
//! | `opening` | the opening's moves, space-separated (empty if none), or the position text an opening suite gave |
//! | `moves` | every move of the game, space-separated: from the start position (the opening's moves included), or from the suite's position text |
//! | `seed_hi`, `seed_lo` | the seed's upper and lower 32 bits (`seed = seed_hi * 2^32 + seed_lo`), numbers any CSV reader keeps exact |
//! | `fault` | the faulty side's fault (the illegal move as sent, the crash's exit status and last stderr line, the time used against the time allowed); empty if none. Always the last column |
//!
//! Files written before the columns after `opening` existed still read
//! (for statistics and plots); rows without moves cannot be checked by
//! replaying them, so such a folder cannot be resumed or merged.

use std::borrow::Cow;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

use ngola_rules::{EndReason, Outcome, Player};

use crate::error::{ArenaError, Result};

/// The header of `games.csv`.
pub const COLUMNS: [&str; 19] = [
    "game",
    "pair",
    "pairing",
    "south_id",
    "north_id",
    "south",
    "north",
    "seed",
    "result",
    "plies",
    "south_total",
    "north_total",
    "reason",
    "time_s",
    "opening",
    "moves",
    "seed_hi",
    "seed_lo",
    "fault",
];

/// The columns of the oldest `games.csv` still read (up to `opening`).
pub const BASE_COLUMNS: usize = 15;

/// Where a `games.csv`'s columns after `opening` are: files of this
/// version have them all, older ones some (or none), in any order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The number of columns.
    pub columns: usize,
    /// The `moves` column.
    pub moves: Option<usize>,
    /// The `seed_hi` column.
    pub seed_hi: Option<usize>,
    /// The `seed_lo` column.
    pub seed_lo: Option<usize>,
    /// The `fault` column.
    pub fault: Option<usize>,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::current()
    }
}

impl Layout {
    /// The layout of this version's files: every column of [`COLUMNS`].
    pub fn current() -> Layout {
        Layout::of(&COLUMNS).unwrap_or(Layout {
            columns: COLUMNS.len(),
            moves: None,
            seed_hi: None,
            seed_lo: None,
            fault: None,
        })
    }

    /// The layout of a header: the base columns in order, then later
    /// columns of [`COLUMNS`], each at most once; `None` otherwise.
    pub fn of(header: &[&str]) -> Option<Layout> {
        if header.len() < BASE_COLUMNS || header[..BASE_COLUMNS] != COLUMNS[..BASE_COLUMNS] {
            return None;
        }
        let mut layout = Layout {
            columns: header.len(),
            moves: None,
            seed_hi: None,
            seed_lo: None,
            fault: None,
        };
        for (i, name) in header.iter().enumerate().skip(BASE_COLUMNS) {
            let slot = match *name {
                "moves" => &mut layout.moves,
                "seed_hi" => &mut layout.seed_hi,
                "seed_lo" => &mut layout.seed_lo,
                "fault" => &mut layout.fault,
                _ => return None,
            };
            if slot.replace(i).is_some() {
                return None;
            }
        }
        Some(layout)
    }
}

/// The result of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// South won (`S`).
    South,
    /// North won (`N`).
    North,
    /// A draw (`draw`).
    Draw,
}

impl GameResult {
    /// The text in `games.csv`: `S`, `N` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::South => "S",
            GameResult::North => "N",
            GameResult::Draw => "draw",
        }
    }

    /// The result of a finished game.
    pub fn from_outcome(outcome: &Outcome) -> GameResult {
        match outcome.winner {
            Some(Player::South) => GameResult::South,
            Some(Player::North) => GameResult::North,
            None => GameResult::Draw,
        }
    }

    /// South's score: 1, 0.5 or 0.
    pub fn south_score(self) -> f64 {
        match self {
            GameResult::South => 1.0,
            GameResult::Draw => 0.5,
            GameResult::North => 0.0,
        }
    }
}

/// Why a game ended, as written in `games.csv`: the names of
/// [`EndReason::as_str`], and the faults that lose a game for the side
/// that commits them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// The game's ordinary end.
    Natural,
    /// The player to move had no legal move and lost.
    Immobilised,
    /// Every move of the player to move was an endless sowing.
    EndlessSowing,
    /// The ply cap was reached.
    PlyCap,
    /// A position repeated.
    Repetition,
    /// The player's process exited or closed its output (or a seated
    /// player failed otherwise).
    Crash,
    /// The player answered a move that does not parse or is illegal.
    IllegalMove,
    /// The player's clock ran out beyond the margin, or it did not answer.
    TimeForfeit,
}

impl Reason {
    /// Every reason, in the order summaries list them.
    pub const ALL: [Reason; 8] = [
        Reason::Natural,
        Reason::Immobilised,
        Reason::EndlessSowing,
        Reason::PlyCap,
        Reason::Repetition,
        Reason::Crash,
        Reason::IllegalMove,
        Reason::TimeForfeit,
    ];

    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Natural => EndReason::Natural.as_str(),
            Reason::Immobilised => EndReason::Immobilised.as_str(),
            Reason::EndlessSowing => EndReason::EndlessSowing.as_str(),
            Reason::PlyCap => EndReason::PlyCap.as_str(),
            Reason::Repetition => EndReason::Repetition.as_str(),
            Reason::Crash => "crash",
            Reason::IllegalMove => "illegal-move",
            Reason::TimeForfeit => "time-forfeit",
        }
    }

    /// True for the faults that lose a game (not an end by the rules).
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Reason::Crash | Reason::IllegalMove | Reason::TimeForfeit
        )
    }
}

impl From<EndReason> for Reason {
    fn from(reason: EndReason) -> Reason {
        match reason {
            EndReason::Natural => Reason::Natural,
            EndReason::Immobilised => Reason::Immobilised,
            EndReason::EndlessSowing => Reason::EndlessSowing,
            EndReason::PlyCap => Reason::PlyCap,
            EndReason::Repetition => Reason::Repetition,
        }
    }
}

/// One row of `games.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Game id in the schedule.
    pub game: u64,
    /// Colour-swapped pair.
    pub pair: u64,
    /// Pairing index.
    pub pairing: u32,
    /// South's agent id.
    pub south_id: u32,
    /// North's agent id.
    pub north_id: u32,
    /// South's canonical spec.
    pub south: String,
    /// North's canonical spec.
    pub north: String,
    /// The game's seed.
    pub seed: u64,
    /// Who won.
    pub result: GameResult,
    /// Plies played, opening included.
    pub plies: u32,
    /// South's tally at the end (`Game::totals`).
    pub south_total: u32,
    /// North's tally at the end.
    pub north_total: u32,
    /// Why the game ended.
    pub reason: Reason,
    /// Wall time in seconds.
    pub time_s: f64,
    /// Opening moves, space-separated, or the suite's position text.
    pub opening: String,
    /// Every move of the game from its start (the opening's included),
    /// space-separated; empty in files that predate the column.
    pub moves: String,
    /// The faulty side's fault (empty if none).
    pub fault: String,
}

/// The upper and lower 32 bits of a seed.
pub fn seed_halves(seed: u64) -> (u32, u32) {
    ((seed >> 32) as u32, seed as u32)
}

impl GameRecord {
    /// The score of agent `id` in this game (`None` if it did not play).
    pub fn score_of(&self, id: u32) -> Option<f64> {
        let south = self.result.south_score();
        if id == self.south_id {
            Some(south)
        } else if id == self.north_id {
            Some(1.0 - south)
        } else {
            None
        }
    }

    /// A 128-bit key of the game itself: its opening cell (where its moves
    /// start, for a suite's position) and its moves. Equal keys are the
    /// same game.
    pub fn game_key(&self) -> u128 {
        crate::openings::texts_key(&[&self.opening, &self.moves])
    }

    /// Reads one row of a `games.csv` whose header has `layout`; the error
    /// names the bad column. (Faster than serde's reader, which matters
    /// when a run of a million games is read back.)
    pub fn from_row(row: &csv::ByteRecord, layout: &Layout) -> Result<GameRecord, String> {
        if row.len() != layout.columns {
            return Err(format!(
                "{} columns, expected {}",
                row.len(),
                layout.columns
            ));
        }
        let text = |i: usize| -> Result<&str, String> {
            std::str::from_utf8(&row[i]).map_err(|_| format!("column `{}`: not UTF-8", COLUMNS[i]))
        };
        fn number<T: std::str::FromStr>(text: &str, column: &str) -> Result<T, String> {
            text.parse()
                .map_err(|_| format!("column `{column}`: `{text}` is not a number"))
        }
        let int = |i: usize| -> Result<u64, String> { number(text(i)?, COLUMNS[i]) };
        let small = |i: usize| -> Result<u32, String> { number(text(i)?, COLUMNS[i]) };
        let result = match text(8)? {
            "S" => GameResult::South,
            "N" => GameResult::North,
            "draw" => GameResult::Draw,
            other => return Err(format!("column `result`: `{other}` is not S, N or draw")),
        };
        let reason_text = text(12)?;
        let reason = Reason::ALL
            .into_iter()
            .find(|r| r.as_str() == reason_text)
            .ok_or_else(|| {
                format!(
                    "column `reason`: `{reason_text}` is not one of {}",
                    Reason::ALL.map(Reason::as_str).join(", ")
                )
            })?;
        let seed = int(7)?;
        // A later column at position `at` of this file (text read by the
        // name of its column in COLUMNS for messages).
        let later = |at: Option<usize>, name: &str| -> Result<Option<&str>, String> {
            at.map(|i| {
                std::str::from_utf8(&row[i]).map_err(|_| format!("column `{name}`: not UTF-8"))
            })
            .transpose()
        };
        let moves = later(layout.moves, "moves")?
            .unwrap_or_default()
            .to_string();
        let fault = later(layout.fault, "fault")?
            .unwrap_or_default()
            .to_string();
        if let (Some(hi), Some(lo)) = (
            later(layout.seed_hi, "seed_hi")?,
            later(layout.seed_lo, "seed_lo")?,
        ) {
            let hi: u32 = number(hi, "seed_hi")?;
            let lo: u32 = number(lo, "seed_lo")?;
            if (hi, lo) != seed_halves(seed) {
                return Err(format!(
                    "columns `seed_hi`, `seed_lo`: {hi}, {lo} are not the halves of `seed` {seed}"
                ));
            }
        }
        Ok(GameRecord {
            game: int(0)?,
            pair: int(1)?,
            pairing: small(2)?,
            south_id: small(3)?,
            north_id: small(4)?,
            south: text(5)?.to_string(),
            north: text(6)?.to_string(),
            seed,
            result,
            plies: small(9)?,
            south_total: small(10)?,
            north_total: small(11)?,
            reason,
            time_s: number(text(13)?, COLUMNS[13])?,
            opening: text(14)?.to_string(),
            moves,
            fault,
        })
    }

    /// The row as CSV text, with its line end.
    pub fn to_csv_line(&self) -> Vec<u8> {
        let mut line = Vec::with_capacity(128);
        self.write_csv_line(&mut line);
        line
    }

    /// Appends the row as CSV text, with its line end, to `out`: written
    /// by hand (numbers by `itoa`, the time by `ryu`, as the `csv` crate
    /// writes them; text fields quoted only when they hold a comma, a quote
    /// or a line end), since a row is formatted for every game of a run.
    pub fn write_csv_line(&self, out: &mut Vec<u8>) {
        let mut int = itoa::Buffer::new();
        let mut number = |out: &mut Vec<u8>, n: u64| {
            out.extend_from_slice(int.format(n).as_bytes());
            out.push(b',');
        };
        number(out, self.game);
        number(out, self.pair);
        number(out, u64::from(self.pairing));
        number(out, u64::from(self.south_id));
        number(out, u64::from(self.north_id));
        push_text(out, &self.south);
        push_text(out, &self.north);
        number(out, self.seed);
        out.extend_from_slice(self.result.as_str().as_bytes());
        out.push(b',');
        number(out, u64::from(self.plies));
        number(out, u64::from(self.south_total));
        number(out, u64::from(self.north_total));
        out.extend_from_slice(self.reason.as_str().as_bytes());
        out.push(b',');
        out.extend_from_slice(ryu::Buffer::new().format(self.time_s).as_bytes());
        out.push(b',');
        push_text(out, &self.opening);
        push_text(out, &self.moves);
        let (seed_hi, seed_lo) = seed_halves(self.seed);
        number(out, u64::from(seed_hi));
        number(out, u64::from(seed_lo));
        // The last field: no comma after it.
        push_text(out, &self.fault);
        out.pop();
        out.push(b'\n');
    }
}

/// Appends a text field and its comma, quoted if it must be (as the `csv`
/// crate quotes: a comma, a quote or a line end inside).
fn push_text(out: &mut Vec<u8>, text: &str) {
    if text
        .bytes()
        .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
    {
        out.push(b'"');
        for b in text.bytes() {
            if b == b'"' {
                out.push(b'"');
            }
            out.push(b);
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(text.as_bytes());
    }
    out.push(b',');
}

fn header_line() -> String {
    format!("{}\n", COLUMNS.join(","))
}

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
        Err(e) => return Err(ArenaError::io(path, e)),
    };
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
        .headers()
        .map_err(|e| ArenaError::bad_file(path, format!("header: {e}")))?;
    let header: Vec<&str> = headers.iter().collect();
    let layout = Layout::of(&header).ok_or_else(|| {
        ArenaError::bad_file(
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
            ArenaError::bad_file(path, format!("line {line}: {e}"))
        })?;
        if !more {
            break;
        }
        let line = row.position().map_or(0, |p| p.line());
        let record = GameRecord::from_row(&row, &layout)
            .map_err(|e| ArenaError::bad_file(path, format!("line {line}: {e}")))?;
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

/// Appends rows to `games.csv`: each row is one `write` call of the whole
/// line straight to the file (no user-space buffer), so a killed process
/// leaves complete rows and at most one partial last line.
#[derive(Debug)]
pub struct GamesWriter {
    file: File,
    path: PathBuf,
}

impl GamesWriter {
    /// Creates `path` with its header (replacing any file there).
    pub fn create(path: &Path) -> Result<GamesWriter> {
        let mut file = File::create(path).map_err(|e| ArenaError::io(path, e))?;
        file.write_all(header_line().as_bytes())
            .map_err(|e| ArenaError::io(path, e))?;
        Ok(GamesWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Opens an existing `games.csv` for appending after a kill: drops a
    /// trailing partial line, writes the header if it is missing.
    pub fn reopen(path: &Path, found: &GamesFile) -> Result<GamesWriter> {
        if !found.has_header {
            return GamesWriter::create(path);
        }
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| ArenaError::io(path, e))?;
        file.set_len(found.complete_len)
            .map_err(|e| ArenaError::io(path, e))?;
        drop(file);
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| ArenaError::io(path, e))?;
        Ok(GamesWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one row and hands it to the operating system at once.
    pub fn append(&mut self, record: &GameRecord) -> Result<()> {
        self.append_bytes(&record.to_csv_line())
    }

    /// Appends complete rows (CSV text ending in a line end) in one write.
    pub fn append_bytes(&mut self, rows: &[u8]) -> Result<()> {
        self.file
            .write_all(rows)
            .and_then(|()| self.file.flush())
            .map_err(|e| ArenaError::io(&self.path, e))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Appends rows from many threads by group commit: a finished game's row
/// joins a pending buffer, and a thread that finds the file free writes
/// everything pending in one `write`; a thread that finds it busy goes
/// back to playing, and the writing thread takes its row too before it
/// lets go. So no thread waits for another's write, and a row waits at
/// most for the one write in progress when it arrived.
#[derive(Debug)]
pub struct SharedWriter {
    file: Mutex<GamesWriter>,
    pending: Mutex<Pending>,
}

/// Rows queued for the file, and whether all rows so far came in game id
/// order (the queue's order is the file's).
#[derive(Debug, Default)]
struct Pending {
    bytes: Vec<u8>,
    last_game: Option<u64>,
    in_order: bool,
}

impl SharedWriter {
    /// Shares `writer` between threads; `last_game` is the id of the last
    /// row already in the file, if any.
    pub fn new(writer: GamesWriter, last_game: Option<u64>) -> SharedWriter {
        SharedWriter {
            file: Mutex::new(writer),
            pending: Mutex::new(Pending {
                bytes: Vec::new(),
                last_game,
                in_order: true,
            }),
        }
    }

    /// Queues the row (with its line end) of game `game` and writes what
    /// is pending if no other thread is writing.
    pub fn push(&self, game: u64, row: &[u8]) -> Result<()> {
        {
            let mut pending = lock(&self.pending);
            pending.bytes.extend_from_slice(row);
            pending.in_order &= !matches!(pending.last_game, Some(last) if last >= game);
            pending.last_game = Some(game);
        }
        loop {
            let mut file = match self.file.try_lock() {
                Ok(file) => file,
                Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
                // The thread holding the file checks `pending` after it
                // lets go, and our row was queued before we tried.
                Err(TryLockError::WouldBlock) => return Ok(()),
            };
            let batch = std::mem::take(&mut lock(&self.pending).bytes);
            if !batch.is_empty() {
                file.append_bytes(&batch)?;
            }
            drop(file);
            if lock(&self.pending).bytes.is_empty() {
                return Ok(());
            }
        }
    }

    /// Writes anything still pending (once every thread is done). Returns
    /// true if the file's rows are in game id order.
    pub fn finish(self) -> Result<bool> {
        let pending = self
            .pending
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let mut file = self
            .file
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        if !pending.bytes.is_empty() {
            file.append_bytes(&pending.bytes)?;
        }
        Ok(pending.in_order)
    }
}

/// Rewrites `path` with the header and `lines` (complete CSV rows with
/// their line ends), through a temporary file and a rename.
pub fn write_lines<'a>(path: &Path, lines: impl Iterator<Item = Cow<'a, [u8]>>) -> Result<()> {
    let tmp = path.with_extension("csv.tmp");
    let io = |e| ArenaError::io(&tmp, e);
    let file = File::create(&tmp).map_err(io)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    out.write_all(header_line().as_bytes()).map_err(io)?;
    for line in lines {
        out.write_all(&line).map_err(io)?;
    }
    out.into_inner().map_err(|e| io(e.into_error()))?;
    std::fs::rename(&tmp, path).map_err(|e| ArenaError::io(path, e))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn record(game: u64) -> GameRecord {
        GameRecord {
            game,
            pair: game / 2,
            pairing: 0,
            south_id: 0,
            north_id: 1,
            south: "mcts:sims=10,c=1.4".to_string(),
            north: "random".to_string(),
            seed: 12345678901234567890,
            result: GameResult::Draw,
            plies: 17,
            south_total: 24,
            north_total: 24,
            reason: Reason::PlyCap,
            time_s: 0.001234,
            opening: "a1 b2".to_string(),
            moves: "a1 b2 c3".to_string(),
            fault: String::new(),
        }
    }

    /// A fresh folder, removed when dropped.
    struct TempDir(PathBuf);

    impl std::ops::Deref for TempDir {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn temp_dir(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("ngola-arena-record-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    #[test]
    fn rows_round_trip_with_quoted_specs() {
        let line = String::from_utf8(record(3).to_csv_line()).unwrap();
        assert_eq!(
            line,
            "3,1,0,0,1,\"mcts:sims=10,c=1.4\",random,12345678901234567890,draw,17,24,24,ply-cap,0.001234,a1 b2,a1 b2 c3,2874452364,3944680146,\n"
        );
        let dir = temp_dir("roundtrip");
        let path = dir.join("games.csv");
        let mut writer = GamesWriter::create(&path).unwrap();
        for g in 0..3 {
            writer.append(&record(g)).unwrap();
        }
        let read = read_games(&path).unwrap();
        assert_eq!(read.records, vec![record(0), record(1), record(2)]);
        assert!(!read.partial_tail && read.has_header);
        // Quotes and line ends in a name are quoted as the csv crate does,
        // and read back; a time in exponent form too.
        let odd = GameRecord {
            fault: "illegal \"a9\", sent".to_string(),
            south: "say \"hi\", twice".to_string(),
            north: "two\nlines".to_string(),
            time_s: 1e-7,
            ..record(3)
        };
        let line = odd.to_csv_line();
        let mut expected = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(vec![]);
        let (hi, lo) = seed_halves(odd.seed);
        expected
            .write_record([
                "3",
                "1",
                "0",
                "0",
                "1",
                &odd.south,
                &odd.north,
                "12345678901234567890",
                "draw",
                "17",
                "24",
                "24",
                "ply-cap",
                "1e-7",
                "a1 b2",
                "a1 b2 c3",
                &hi.to_string(),
                &lo.to_string(),
                &odd.fault,
            ])
            .unwrap();
        assert_eq!(
            String::from_utf8(line.clone()).unwrap(),
            String::from_utf8(expected.into_inner().unwrap()).unwrap()
        );
        std::fs::write(
            &path,
            format!("{}{}", header_line(), String::from_utf8(line).unwrap()),
        )
        .unwrap();
        assert_eq!(read_games(&path).unwrap().records, vec![odd]);
    }

    #[test]
    fn a_partial_last_line_is_ignored_and_cut_on_reopen() {
        let dir = temp_dir("partial");
        let path = dir.join("games.csv");
        let mut writer = GamesWriter::create(&path).unwrap();
        writer.append(&record(0)).unwrap();
        drop(writer);
        // A kill in the middle of the second row's write.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend_from_slice(b"1,0,0,1,0,random,ran");
        std::fs::write(&path, &bytes).unwrap();
        let read = read_games(&path).unwrap();
        assert_eq!(read.records, vec![record(0)]);
        assert!(read.partial_tail);
        let mut writer = GamesWriter::reopen(&path, &read).unwrap();
        writer.append(&record(1)).unwrap();
        let read = read_games(&path).unwrap();
        assert_eq!(read.records, vec![record(0), record(1)]);
        assert!(!read.partial_tail);
    }

    #[test]
    fn a_partial_header_reads_as_empty_and_is_rewritten() {
        let dir = temp_dir("header");
        let path = dir.join("games.csv");
        std::fs::write(&path, b"game,pair,pai").unwrap();
        let read = read_games(&path).unwrap();
        assert!(read.records.is_empty() && !read.has_header && read.partial_tail);
        let mut writer = GamesWriter::reopen(&path, &read).unwrap();
        writer.append(&record(0)).unwrap();
        assert_eq!(read_games(&path).unwrap().records, vec![record(0)]);
    }

    #[test]
    fn a_bad_complete_row_names_its_line() {
        let dir = temp_dir("bad");
        let path = dir.join("games.csv");
        let mut text = header_line();
        text += &String::from_utf8(record(0).to_csv_line()).unwrap();
        text += "1,0,0,1,0,random,random,5,maybe,3,1,1,natural,0.1,,,0,5,\n";
        std::fs::write(&path, text).unwrap();
        let err = read_games(&path).unwrap_err().to_string();
        assert!(err.contains("line 3") && err.contains("`result`"), "{err}");
    }

    #[test]
    fn older_files_read_without_moves_and_halves_must_match() {
        let dir = temp_dir("old");
        let path = dir.join("games.csv");
        let old = format!(
            "{}\n1,0,0,1,0,random,random,5,S,3,1,1,natural,0.1,a1 b1\n",
            COLUMNS[..BASE_COLUMNS].join(",")
        );
        std::fs::write(&path, old).unwrap();
        let read = read_games(&path).unwrap();
        assert_eq!(read.records[0].moves, "");
        assert_eq!((read.layout.columns, read.has_moves()), (15, false));
        assert_eq!(read.lines, vec![2]);
        // Files with a fault column but no moves (written between the two).
        let mid = format!(
            "{},fault\n1,0,0,1,0,random,random,5,S,3,1,1,crash,0.1,,exit 1\n",
            COLUMNS[..BASE_COLUMNS].join(",")
        );
        std::fs::write(&path, mid).unwrap();
        let read = read_games(&path).unwrap();
        assert_eq!(
            (read.records[0].fault.as_str(), read.has_moves()),
            ("exit 1", false)
        );
        std::fs::write(
            &path,
            format!("{},moves,moves\n", COLUMNS[..BASE_COLUMNS].join(",")),
        )
        .unwrap();
        assert!(read_games(&path)
            .unwrap_err()
            .to_string()
            .contains("header"));
        // The seed's halves are checked against the seed.
        let mut text = header_line();
        text += "1,0,0,1,0,random,random,4294967301,S,3,1,1,natural,0.1,,a1,1,6,\n";
        std::fs::write(&path, text).unwrap();
        let err = read_games(&path).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("`seed_hi`"), "{err}");
        // 4294967301 = 1 * 2^32 + 5.
        assert_eq!(seed_halves(4_294_967_301), (1, 5));
    }

    #[test]
    fn the_shared_writer_keeps_every_row_once_and_whole() {
        let dir = temp_dir("shared");
        let path = dir.join("games.csv");
        let writer = SharedWriter::new(GamesWriter::create(&path).unwrap(), None);
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let writer = &writer;
                scope.spawn(move || {
                    for k in 0..500 {
                        let game = 4 * k + t;
                        writer.push(game, &record(game).to_csv_line()).unwrap();
                    }
                });
            }
        });
        let in_order = writer.finish().unwrap();
        let read = read_games(&path).unwrap();
        let file_order: Vec<u64> = read.records.iter().map(|r| r.game).collect();
        assert_eq!(in_order, file_order.is_sorted());
        let mut ids: Vec<u64> = read.records.iter().map(|r| r.game).collect();
        ids.sort();
        assert_eq!(ids, (0..2000).collect::<Vec<u64>>());
        assert!(read.records.iter().all(|r| *r == record(r.game)));
    }

    #[test]
    fn the_shared_writer_tells_whether_rows_came_in_game_order() {
        let dir = temp_dir("order");
        let path = dir.join("games.csv");
        let push_all = |first: Option<u64>, games: &[u64]| {
            let writer = SharedWriter::new(GamesWriter::create(&path).unwrap(), first);
            for &g in games {
                writer.push(g, &record(g).to_csv_line()).unwrap();
            }
            writer.finish().unwrap()
        };
        assert!(push_all(None, &[0, 1, 2, 5]));
        assert!(push_all(Some(3), &[4, 5]));
        assert!(!push_all(Some(3), &[2, 4]));
        assert!(!push_all(None, &[0, 2, 1]));
        assert!(!push_all(None, &[0, 0]));
    }

    #[test]
    fn reasons_use_the_rules_crate_names() {
        for reason in Reason::ALL {
            let line = String::from_utf8(
                GameRecord {
                    reason,
                    ..record(0)
                }
                .to_csv_line(),
            )
            .unwrap();
            assert!(line.contains(&format!(",{},", reason.as_str())), "{line}");
        }
    }
}
