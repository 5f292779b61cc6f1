//! Checkpoints: the table and the questions answered, so that a stopped
//! run can be continued.
//!
//! Format: text lines, then binary entries.
//!
//! ```text
//! ngola-prover-checkpoint 2
//! problem <game> <rules> | <root position>
//! totals <nodes> <seconds>
//! asked <S|N> <win|margin>=M> <proven|disproven|unknown> <nodes> <seconds> <depth|-> <gave-up 0|1>
//! ...
//! entries
//! <32 bytes per table entry, little-endian>
//! <32-byte trailer: `NGOLAEND`, the entry count (u64), the CRC-32 of
//!  every byte before the trailer (u32), 12 zero bytes>
//! ```
//!
//! Only entries with some work below them are saved (`MIN_WORK`). The
//! checksum catches a damaged or edited file; the header is also checked
//! for sense (finite times, answers that agree with each other), since an
//! answer read from it is reported without a search.

use std::io::{BufRead, BufReader, Read, Write};

use ngola_rules::Player;

use super::shared::Shared;
use super::table::Entry;
use super::{Answer, Asked, Question, Target};

/// Entries with less work than this are left out of checkpoints: most of
/// a table is positions expanded once or twice, cheap to find again, and
/// a checkpoint of everything would be as large as the table.
const MIN_WORK: u32 = 3;

/// The first line of every checkpoint.
const MAGIC: &str = "ngola-prover-checkpoint 2";

/// The first line of the checkpoints of older ngola (no checksum).
const OLD_MAGIC: &str = "ngola-prover-checkpoint 1";

/// The trailer's first bytes.
const END: &[u8; 8] = b"NGOLAEND";

/// The longest header line read (a problem line holds a position text).
const MAX_HEADER_LINE: usize = 1 << 16;

/// Why a checkpoint could not be loaded.
#[derive(Debug)]
pub enum CheckpointError {
    /// It could not be read.
    Io(std::io::Error),
    /// It is not a checkpoint, or it is damaged (what is wrong).
    Format(String),
    /// It belongs to another problem: the field that differs (`game`,
    /// `rules` or `position`), what this run has and what the file has.
    Problem {
        /// `game`, `rules` or `position`.
        field: &'static str,
        /// This run's value.
        ours: String,
        /// The checkpoint's value.
        theirs: String,
    },
}

impl std::fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckpointError::Io(e) => write!(f, "cannot read the checkpoint: {e}"),
            CheckpointError::Format(what) => write!(f, "not a usable checkpoint: {what}"),
            CheckpointError::Problem {
                field,
                ours,
                theirs,
            } => write!(
                f,
                "the checkpoint is for another problem: {field} `{theirs}`, this run has `{ours}`"
            ),
        }
    }
}

impl std::error::Error for CheckpointError {}

/// What a checkpoint held besides the entries (which went into the table).
pub(crate) struct Loaded {
    pub asked: Vec<Asked>,
    pub nodes: u64,
    pub seconds: f64,
    pub entries: u64,
}

fn target_word(target: Target) -> String {
    match target {
        Target::Win => "win".to_string(),
        Target::Margin(m) => format!("margin>={m}"),
    }
}

/// Writes a checkpoint; returns the entries written.
pub(crate) fn save(
    shared: &Shared,
    problem: &str,
    asked: &[Asked],
    totals: (u64, f64),
    out: &mut dyn Write,
) -> std::io::Result<u64> {
    let mut out = Hashing {
        out: std::io::BufWriter::with_capacity(1 << 20, out),
        crc: crc32fast::Hasher::new(),
    };
    writeln!(out, "{MAGIC}")?;
    writeln!(out, "problem {problem}")?;
    writeln!(out, "totals {} {:.3}", totals.0, totals.1)?;
    for a in asked {
        writeln!(
            out,
            "asked {} {} {} {} {:.3} {} {}",
            a.question.attacker.letter(),
            target_word(a.question.target),
            a.answer.word(),
            a.nodes,
            a.seconds,
            a.depth.map_or("-".to_string(), |d| d.to_string()),
            a.gave_up as u8
        )?;
    }
    writeln!(out, "entries")?;
    let mut count = 0u64;
    shared.table.for_each(|e| {
        if e.work < MIN_WORK {
            return Ok(());
        }
        count += 1;
        out.write_all(&e.to_bytes())
    })?;
    let trailer = trailer(count, out.crc.clone().finalize());
    out.out.write_all(&trailer)?;
    out.out.flush()?;
    Ok(count)
}

/// The last 32 bytes of a checkpoint.
fn trailer(entries: u64, crc: u32) -> [u8; 32] {
    let mut t = [0u8; 32];
    t[..8].copy_from_slice(END);
    t[8..16].copy_from_slice(&entries.to_le_bytes());
    t[16..20].copy_from_slice(&crc.to_le_bytes());
    t
}

/// A writer that keeps the CRC-32 of what passes through it.
struct Hashing<W: Write> {
    out: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

fn bad(what: impl Into<String>) -> CheckpointError {
    CheckpointError::Format(what.into())
}

fn parse_asked(line: &str) -> Result<Asked, CheckpointError> {
    let f: Vec<&str> = line.split(' ').collect();
    if f.len() != 8 || f[0] != "asked" {
        return Err(bad(format!("bad question line `{line}`")));
    }
    let attacker = Player::from_letter(f[1]).map_err(|_| bad(format!("bad side in `{line}`")))?;
    let target = if f[2] == "win" {
        Target::Win
    } else {
        let m = f[2]
            .strip_prefix("margin>=")
            .and_then(|m| m.parse::<i32>().ok())
            .ok_or_else(|| bad(format!("bad target in `{line}`")))?;
        Target::Margin(m)
    };
    let answer = match f[3] {
        "proven" => Answer::Proven,
        "disproven" => Answer::Disproven,
        "unknown" => Answer::Unknown,
        _ => return Err(bad(format!("bad answer in `{line}`"))),
    };
    let depth = match f[6] {
        "-" => None,
        d => Some(
            d.parse()
                .map_err(|_| bad(format!("bad depth in `{line}`")))?,
        ),
    };
    if depth.is_some() != (answer == Answer::Proven) {
        return Err(bad(format!(
            "a depth is given for proofs alone, in `{line}`"
        )));
    }
    let gave_up = match f[7] {
        "0" => false,
        "1" => true,
        _ => return Err(bad(format!("gave-up is not 0 or 1 in `{line}`"))),
    };
    Ok(Asked {
        question: Question { attacker, target },
        answer,
        nodes: f[4]
            .parse()
            .map_err(|_| bad(format!("bad nodes in `{line}`")))?,
        seconds: seconds(f[5]).ok_or_else(|| bad(format!("bad seconds in `{line}`")))?,
        depth,
        gave_up,
    })
}

/// A time in seconds: a finite number, 0 or more.
fn seconds(text: &str) -> Option<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
}

/// Checks that the answers can all be true of one game value, and fit the
/// game: `win` questions for unscored games, margins for scored ones. The
/// value is South's margin (scored) or South's result, 1, 0 or -1.
fn check_answers(asked: &[Asked], scored: bool, nodes: u64) -> Result<(), CheckpointError> {
    let (mut lo, mut hi) = if scored {
        (i64::MIN, i64::MAX)
    } else {
        (-1, 1)
    };
    for a in asked {
        let q = a.question;
        let m = match (q.target, scored) {
            (Target::Win, false) => 1,
            (Target::Margin(m), true) => i64::from(m),
            (Target::Win, true) => return Err(bad("a `win` question for a scored game")),
            (Target::Margin(_), false) => {
                return Err(bad("a `margin` question for a game without scores"))
            }
        };
        if a.nodes > nodes {
            return Err(bad(format!(
                "question {q} took {} nodes, more than the totals' {nodes}",
                a.nodes
            )));
        }
        // South's value v: "S reaches m" is v >= m, "N reaches m" is
        // v <= -m; a disproof is the opposite.
        match (q.attacker, a.answer) {
            (_, Answer::Unknown) => continue,
            (Player::South, Answer::Proven) => lo = lo.max(m),
            (Player::South, Answer::Disproven) => hi = hi.min(m - 1),
            (Player::North, Answer::Proven) => hi = hi.min(-m),
            (Player::North, Answer::Disproven) => lo = lo.max(1 - m),
        }
        if lo > hi {
            return Err(bad(format!(
                "its answers contradict each other (question {q} {})",
                a.answer.word()
            )));
        }
    }
    Ok(())
}

/// Compares the checkpoint's problem with this run's, naming the first
/// field that differs.
fn same_problem(ours: &str, theirs: &str) -> Result<(), CheckpointError> {
    if ours == theirs {
        return Ok(());
    }
    let split = |p: &str| -> (String, String, String) {
        let (head, position) = p.split_once(" | ").unwrap_or((p, ""));
        let (game, rules) = head.split_once(' ').unwrap_or((head, ""));
        (game.to_string(), rules.to_string(), position.to_string())
    };
    let (a, b) = (split(ours), split(theirs));
    let (field, ours, theirs) = if a.0 != b.0 {
        ("game", a.0, b.0)
    } else if a.1 != b.1 {
        ("rules", a.1, b.1)
    } else {
        ("position", a.2, b.2)
    };
    Err(CheckpointError::Problem {
        field,
        ours,
        theirs,
    })
}

/// Reads a checkpoint of `problem` (a game scored or not) into the table;
/// if it is refused, the table is left empty.
pub(crate) fn load(
    shared: &Shared,
    problem: &str,
    scored: bool,
    input: &mut dyn Read,
) -> Result<Loaded, CheckpointError> {
    let loaded = load_checked(shared, problem, scored, input);
    if loaded.is_err() {
        shared.table.clear();
    }
    loaded
}

/// One header line, at most [`MAX_HEADER_LINE`] bytes, added to `crc`.
fn header_line(
    input: &mut BufReader<&mut dyn Read>,
    crc: &mut crc32fast::Hasher,
) -> Result<String, CheckpointError> {
    let mut bytes = Vec::new();
    input
        .by_ref()
        .take(MAX_HEADER_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(CheckpointError::Io)?;
    if bytes.is_empty() {
        return Err(bad("it ends before its entries"));
    }
    if bytes.last() != Some(&b'\n') {
        return Err(bad(if bytes.len() > MAX_HEADER_LINE {
            format!("a header line is longer than {MAX_HEADER_LINE} bytes")
        } else {
            "it ends before its entries".to_string()
        }));
    }
    crc.update(&bytes);
    let line = String::from_utf8(bytes).map_err(|_| bad("a header line is not text"))?;
    Ok(line.trim_end().to_string())
}

fn load_checked(
    shared: &Shared,
    problem: &str,
    scored: bool,
    input: &mut dyn Read,
) -> Result<Loaded, CheckpointError> {
    let mut input = BufReader::with_capacity(1 << 20, input);
    let mut crc = crc32fast::Hasher::new();
    let mut next_line = |input: &mut BufReader<&mut dyn Read>| header_line(input, &mut crc);
    match next_line(&mut input)?.as_str() {
        MAGIC => {}
        OLD_MAGIC => {
            return Err(bad(
                "it was written by an older ngola, without a checksum; remove it to start again",
            ))
        }
        _ => return Err(bad(format!("the first line is not `{MAGIC}`"))),
    }
    let problem_line = next_line(&mut input)?;
    let theirs = problem_line
        .strip_prefix("problem ")
        .ok_or_else(|| bad("no `problem` line"))?;
    same_problem(problem, theirs)?;
    let totals = next_line(&mut input)?;
    let t: Vec<&str> = totals.split(' ').collect();
    let (nodes, seconds) = match t[..] {
        ["totals", n, s] => (
            n.parse::<u64>().map_err(|_| bad("bad totals"))?,
            seconds(s).ok_or_else(|| bad("bad totals: seconds"))?,
        ),
        _ => return Err(bad("no `totals` line")),
    };
    let mut asked = Vec::new();
    loop {
        let l = next_line(&mut input)?;
        if l == "entries" {
            break;
        }
        asked.push(parse_asked(&l)?);
    }
    check_answers(&asked, scored, nodes)?;
    // Each block is stored once the next one is read: the last is the
    // trailer.
    let (mut entries, mut blocks) = (0u64, 0u64);
    let mut held: Option<[u8; 32]> = None;
    loop {
        let mut chunk = [0u8; 32];
        let filled = fill(&mut input, &mut chunk)?;
        if filled == 0 {
            break;
        }
        if filled < chunk.len() {
            return Err(bad("it ends in the middle of an entry (truncated)"));
        }
        if let Some(block) = held.replace(chunk) {
            crc.update(&block);
            blocks += 1;
            let e = Entry::from_bytes(&block);
            if e.key != 0 {
                shared.table.store(e);
                entries += 1;
            }
        }
    }
    let Some(last) = held else {
        return Err(bad("it has no trailer (truncated)"));
    };
    if last != trailer(blocks, crc.finalize()) {
        return Err(bad(if &last[..8] == END {
            "its checksum does not match: it was damaged or edited"
        } else {
            "it has no trailer (truncated)"
        }));
    }
    Ok(Loaded {
        asked,
        nodes,
        seconds,
        entries,
    })
}

/// Reads into `chunk` until it is full or the input ends; the bytes read.
fn fill(input: &mut impl Read, chunk: &mut [u8; 32]) -> Result<usize, CheckpointError> {
    let mut filled = 0;
    while filled < chunk.len() {
        match input.read(&mut chunk[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(CheckpointError::Io(e)),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(attacker: Player, target: Target, answer: Answer) -> Asked {
        Asked {
            question: Question { attacker, target },
            answer,
            nodes: 1,
            seconds: 0.0,
            depth: (answer == Answer::Proven).then_some(1),
            gave_up: false,
        }
    }

    #[test]
    fn answers_that_cannot_all_hold_are_refused() {
        use Answer::*;
        use Player::{North, South};
        let ok = |list: &[Asked], scored| check_answers(list, scored, 10).is_ok();
        let win = |p, a| asked(p, Target::Win, a);
        let margin = |p, m, a| asked(p, Target::Margin(m), a);
        // Unscored: a draw (neither wins) and a South win are consistent.
        assert!(ok(&[win(South, Disproven), win(North, Disproven)], false));
        assert!(ok(&[win(South, Proven), win(North, Disproven)], false));
        assert!(!ok(&[win(South, Proven), win(North, Proven)], false));
        assert!(!ok(&[win(South, Proven), win(South, Disproven)], false));
        assert!(ok(&[win(South, Unknown), win(North, Proven)], false));
        // Scored: South's margin 2 (S >= 2 proven, S >= 3 disproven) agrees
        // with N >= -2 proven, not with N >= -1 proven (South wins by at
        // most 1) nor N >= -3 disproven (South wins by more than 3).
        let two = [margin(South, 2, Proven), margin(South, 3, Disproven)];
        assert!(ok(&two, true));
        assert!(ok(&[two[0].clone(), margin(North, -2, Proven)], true));
        assert!(!ok(&[two[0].clone(), margin(North, -1, Proven)], true));
        assert!(!ok(&[two[1].clone(), margin(North, -3, Disproven)], true));
        // Questions of the wrong kind, and more nodes than the totals.
        assert!(!ok(&[win(South, Proven)], true));
        assert!(!ok(&[margin(South, 1, Proven)], false));
        assert!(check_answers(&[win(South, Unknown)], false, 0).is_err());
    }
}
