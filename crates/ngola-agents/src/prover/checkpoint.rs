//! Checkpoints: the table and the questions answered, so that a stopped
//! run can be continued.
//!
//! Format: text lines, then binary entries.
//!
//! ```text
//! ngola-prover-checkpoint 1
//! problem <game> <rules> | <root position>
//! totals <nodes> <seconds>
//! asked <S|N> <win|margin>=M> <proven|disproven|unknown> <nodes> <seconds> <depth|-> <gave-up 0|1>
//! ...
//! entries
//! <32 bytes per table entry, little-endian, to the end of the file>
//! ```
//!
//! Only entries with some work below them are saved (`MIN_WORK`).

use std::io::{BufRead, BufReader, Read, Write};

use ngola_rules::Player;

use super::table::Entry;
use super::{Answer, Asked, Question, Shared, Target};

/// Entries with less work than this are left out of checkpoints: most of
/// a table is positions expanded once or twice, cheap to find again, and
/// a checkpoint of everything would be as large as the table.
const MIN_WORK: u32 = 3;

/// The first line of every checkpoint.
const MAGIC: &str = "ngola-prover-checkpoint 1";

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
    let mut out = std::io::BufWriter::with_capacity(1 << 20, out);
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
    out.flush()?;
    Ok(count)
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
    let number = |s: &str| {
        s.parse::<f64>()
            .map_err(|_| bad(format!("bad number in `{line}`")))
    };
    Ok(Asked {
        question: Question { attacker, target },
        answer,
        nodes: f[4]
            .parse()
            .map_err(|_| bad(format!("bad nodes in `{line}`")))?,
        seconds: number(f[5])?,
        depth: match f[6] {
            "-" => None,
            d => Some(
                d.parse()
                    .map_err(|_| bad(format!("bad depth in `{line}`")))?,
            ),
        },
        gave_up: f[7] == "1",
    })
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

/// Reads a checkpoint of `problem` into the table.
pub(crate) fn load(
    shared: &Shared,
    problem: &str,
    input: &mut dyn Read,
) -> Result<Loaded, CheckpointError> {
    let mut input = BufReader::with_capacity(1 << 20, input);
    let mut line = String::new();
    let mut next_line = |input: &mut BufReader<&mut dyn Read>| -> Result<String, CheckpointError> {
        line.clear();
        let mut bytes = Vec::new();
        input
            .read_until(b'\n', &mut bytes)
            .map_err(CheckpointError::Io)?;
        if bytes.is_empty() {
            return Err(bad("it ends before its entries"));
        }
        line = String::from_utf8(bytes).map_err(|_| bad("a header line is not text"))?;
        Ok(line.trim_end().to_string())
    };
    if next_line(&mut input)? != MAGIC {
        return Err(bad(format!("the first line is not `{MAGIC}`")));
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
            s.parse::<f64>().map_err(|_| bad("bad totals"))?,
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
    let mut entries = 0u64;
    let mut chunk = [0u8; 32];
    loop {
        let mut filled = 0;
        while filled < chunk.len() {
            let n = input
                .read(&mut chunk[filled..])
                .map_err(CheckpointError::Io)?;
            if n == 0 {
                break;
            }
            filled += n;
        }
        if filled == 0 {
            break;
        }
        if filled < chunk.len() {
            return Err(bad("it ends in the middle of an entry (truncated)"));
        }
        let e = Entry::from_bytes(&chunk);
        if e.key != 0 {
            shared.table.store(e);
            entries += 1;
        }
    }
    Ok(Loaded {
        asked,
        nodes,
        seconds,
        entries,
    })
}
