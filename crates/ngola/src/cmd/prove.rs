//! `ngola prove <game> [--rule ...] [--position TEXT] [--time LIMIT]
//! [--tt MiB] [--threads N] [--certificate FILE] [--checkpoint FILE]
//! [--tb DIR]`: who wins, by proof-number search (`ngola_agents::prover`),
//! with a certificate of the win; and `ngola prove --check FILE [--tb DIR]`,
//! which checks a certificate with the reference implementations
//! (`ngola_rules::reference::certificate`). With `--tb DIR` the positions
//! the endgame database decides are decided leaves, and the certificate
//! names the database: it is checked only with that database.
//!
//! Output, one item per line:
//!
//! ```text
//! value win 0        result and margin from the side to move's view
//!                    (win, loss, draw, or unknown when not decided)
//! pv a1 c6 ...       the winner's proof moves, the loser's longest resistance
//! nodes 1234         positions expanded (over runs continued from a checkpoint)
//! time 1.234s        wall-clock time (likewise)
//! depth 41           decisive results: the proof's longest line, in plies
//! bounds -3 5        scored games left undecided: what is known of the margin
//! tablebase ID top 20   --tb: the database used (identity, highest level)
//! question S wins proven 1200 nodes 1.000s
//! certificate FILE lines 120 longest 41
//! ```
//!
//! Progress goes to stderr every `--progress` interval.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;

use ngola_agents::prover::{Monitor, Progress, Prover, ProverConfig, Saver, Value, MAX_LINE_PLIES};
use ngola_agents::{Evaluate, Oracle};
use ngola_rules::reference::certificate::{self, Leaves};
use ngola_rules::{with_game, GameKind};
use std::sync::Arc;

use crate::cli_error::{print, CliError};
use crate::game_args::GameArgs;
use crate::host::output;

/// A line on standard error; a closed or full stderr loses the line, not the run.
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// Arguments of `ngola prove`.
#[derive(Args, Debug)]
pub struct ProveArgs {
    /// The game: mangola, umelbagara, kalah or oware (not with --check).
    #[arg(value_parser = crate::game_args::parse_game_kind, required_unless_present = "check")]
    game: Option<GameKind>,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// Start from this position (docs/src/rules.md position text) instead of the start.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Stop after this long (e.g. 90s, 30m, 12h); the value is then unknown.
    #[arg(long, value_name = "LIMIT", value_parser = parse_duration)]
    time: Option<Duration>,
    /// Transposition-table size in MiB.
    #[arg(long, value_name = "MiB", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..=1 << 24))]
    tt: u64,
    /// Search threads (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Write the winner's strategy here (gzip if FILE ends in .gz).
    #[arg(long, value_name = "FILE")]
    certificate: Option<PathBuf>,
    /// Continue from this checkpoint if it exists, and save to it while
    /// searching and at the end.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// How often to save the checkpoint.
    #[arg(long, value_name = "INTERVAL", default_value = "10m", value_parser = parse_duration)]
    checkpoint_every: Duration,
    /// How often to report progress on stderr.
    #[arg(long, value_name = "INTERVAL", default_value = "10s", value_parser = parse_duration)]
    progress: Duration,
    /// Use this endgame database (`ngola tablebase build`, same rules,
    /// max_plies=0): its positions are decided leaves. With --check: the
    /// database the certificate ends in.
    #[arg(long, value_name = "DIR")]
    tb: Option<PathBuf>,
    /// Check a certificate instead of proving (with the reference implementations).
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["game", "rules", "position", "time", "certificate", "checkpoint", "threads"])]
    check: Option<PathBuf>,
}

/// Reads `250ms`, `90s`, `30m`, `12h`, `2d` (a bare number is seconds).
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| !(c.is_ascii_digit() || c == '.')) {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        _ => return Err(DurationError::BadUnit(text.to_string())),
    };
    let value: f64 = number.parse().map_err(|_| DurationError::NotANumber {
        text: text.to_string(),
        number: number.to_string(),
    })?;
    let seconds = value * scale;
    if !seconds.is_finite() || seconds <= 0.0 || seconds > 1e9 {
        return Err(DurationError::NotPositive(text.to_string()));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Why a duration (`--time`, `--checkpoint-every`, ...) cannot be read;
/// each variant holds the text as given (trimmed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    /// No unit, or one that is none of ms, s, m, h, d.
    #[error("`{0}`: expected a number with a unit ms, s, m, h or d (e.g. 90s, 30m, 12h)")]
    BadUnit(String),
    /// The part before the unit is not a number.
    #[error("`{text}`: `{number}` is not a number")]
    NotANumber {
        /// The whole text.
        text: String,
        /// The part before the unit.
        number: String,
    },
    /// Zero, negative, or longer than 10^9 seconds.
    #[error("`{0}`: expected a positive duration")]
    NotPositive(String),
}

/// Runs `ngola prove`.
pub fn run(args: ProveArgs) -> Result<(), CliError> {
    if let Some(path) = &args.check {
        return check(path, args.tb.as_deref());
    }
    let game = args
        .game
        .ok_or_else(|| CliError::input("a game is required (or --check FILE)"))?;
    with_game!(game, G => prove::<G>(&args, game))
}

fn prove<G: Evaluate>(args: &ProveArgs, kind: GameKind) -> Result<(), CliError> {
    let setup = GameArgs {
        game: kind,
        rules: args.rules.clone(),
        position: args.position.clone(),
    };
    let root: G = setup.setup()?;
    if root.ply_cap().is_none() && args.time.is_none() {
        // Under such rules (Mangola with `endless_sowing=stop`, say) no
        // line need end, and a search can run for as long as one cares to
        // wait: say so before it starts.
        note!(
            "prove: these rules have no ply cap (max_plies=0), so games need not end and the \
             search may not either; it stops at the first line past {MAX_LINE_PLIES} plies \
             (value unknown); --time LIMIT bounds it, Ctrl-C stops it (with --checkpoint, to continue)"
        );
    }
    let threads = match args.threads {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let config = ProverConfig {
        tt_mb: args.tt,
        threads,
        time_limit: args.time,
        max_line_plies: MAX_LINE_PLIES,
        ..ProverConfig::default()
    };
    let mut prover = Prover::<G>::new(config, crate::host::memory_limit())
        .map_err(|e| CliError::input(format!("--tt {}: {e}", args.tt)))?;
    if let Some(dir) = &args.tb {
        prover = prover.with_oracle(open_database::<G>(dir, &root)?);
    }
    if let Some(path) = &args.certificate {
        output::check_target("--certificate", path)?;
    }
    if let Some(path) = &args.checkpoint {
        output::check_target("--checkpoint", path)?;
        check_writable(path)?;
        if path.exists() {
            let file = File::open(path)
                .map_err(|e| CliError::input(format!("--checkpoint {}: {e}", path.display())))?;
            let entries = prover
                .load_checkpoint(&root, &mut BufReader::new(file))
                .map_err(|e| CliError::input(format!("--checkpoint {}: {e}", path.display())))?;
            note!(
                "prove: continuing from {} ({entries} entries, {} questions answered)",
                path.display(),
                prover.asked().len()
            );
        }
    }
    // Ctrl-C or `kill` (SIGINT, SIGTERM): stop the search, save the
    // checkpoint, print what is known; a second signal ends at once.
    let interrupt = prover.interrupt_handle();
    let signals = std::sync::atomic::AtomicU32::new(0);
    let handler = ctrlc::set_handler(move || {
        if signals.fetch_add(1, std::sync::atomic::Ordering::Relaxed) > 0 {
            std::process::exit(130);
        }
        interrupt.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    if let Err(e) = handler {
        note!("prove: Ctrl-C will not save a checkpoint: {e}");
    }
    let mut monitor = Reporter {
        every: args.progress,
        checkpoint: args.checkpoint.clone(),
        checkpoint_every: args.checkpoint_every,
        last_save: Instant::now(),
    };
    let value = prover.value(&root, &mut monitor);
    if prover.interrupted() {
        note!("prove: interrupted");
    }
    // The value is printed whatever happens to the checkpoint; a failed
    // save is the command's error after it.
    let saved = match &args.checkpoint {
        Some(path) => save_checkpoint(path, |out| prover.save_checkpoint(&root, out))
            .map(|entries| note!("prove: checkpoint {} ({entries} entries)", path.display())),
        None => Ok(()),
    };
    let mut text = report(&value);
    if let Some(oracle) = prover.oracle() {
        text += &format!("tablebase {} top {}\n", oracle.id(), oracle.top());
    }
    if let Some(path) = &args.certificate {
        match value.proof {
            Some(question) => {
                let written = write_certificate(path, |out| {
                    prover.write_certificate(&root, question, out).map_err(|e| {
                        CliError::failure(format!("--certificate {}: {e}", path.display()))
                    })
                });
                let stats = match written {
                    Ok(stats) => stats,
                    Err(e) => {
                        print(&text)?;
                        return Err(e);
                    }
                };
                text += &format!(
                    "certificate {} lines {} longest {}\n",
                    path.display(),
                    stats.lines,
                    stats.longest
                );
            }
            None => note!(
                "prove: no certificate written: the value is {} (certificates prove wins)",
                result_word(&value)
            ),
        }
    }
    print(&text)?;
    saved
}

/// Opens the database of `--tb DIR` for proving from `root`: refused
/// (exit 2, naming both) unless its rules are the root's and the rules have
/// no ply cap, the only setting in which its values are the game's.
fn open_database<G: Evaluate>(dir: &Path, root: &G) -> Result<Arc<dyn Oracle<G>>, CliError> {
    let oracle = G::open_tablebase(dir, &Default::default())
        .map_err(|e| CliError::input(format!("--tb {}: {e}", dir.display())))?;
    if !oracle.covers_rules(root.rules()) {
        return Err(CliError::input(format!(
            "--tb {}: the database `{}` was built under other rules than {}",
            dir.display(),
            oracle.name(),
            certificate::canonical_rules(root.rules())
        )));
    }
    if root.ply_cap().is_some() {
        return Err(CliError::input(format!(
            "--tb {}: the database's values hold without a ply cap: add --rule max_plies=0",
            dir.display()
        )));
    }
    Ok(oracle)
}

/// An endgame database as the certificate checker consults it.
struct DatabaseLeaves<G: Evaluate> {
    oracle: Arc<dyn Oracle<G>>,
    rules: G::Rules,
}

impl<G: Evaluate> Leaves for DatabaseLeaves<G> {
    fn name(&self) -> String {
        self.oracle.name()
    }

    fn margin(&self, position: &str) -> Option<i64> {
        let text = position.split_once(" seen ").map_or(position, |(t, _)| t);
        let game = G::from_position(text, self.rules).ok()?;
        self.oracle.exact(&game).map(i64::from)
    }
}

/// The database a certificate names, opened from `--tb DIR` for its game
/// and rules: refused (exit 2, naming the database wanted) when none is
/// given or the folder holds another.
fn certificate_leaves<G: Evaluate>(
    header: &certificate::Header,
    named: &str,
    dir: Option<&Path>,
) -> Result<Box<dyn Leaves>, CliError> {
    let Some(dir) = dir else {
        return Err(CliError::input(format!(
            "the certificate ends in positions of the endgame database `{named}`: \
             give that database with --tb DIR"
        )));
    };
    let pairs: Vec<&str> = header.rules.split(',').filter(|s| !s.is_empty()).collect();
    let rules = <G::Rules as ngola_rules::RuleOptions>::from_assignments(&pairs)
        .map_err(|e| CliError::failure(format!("certificate header rules: {e}")))?;
    let root = G::from_position(&header.root, rules)
        .map_err(|e| CliError::failure(format!("certificate header root position: {e}")))?;
    let oracle = open_database::<G>(dir, &root)?;
    if oracle.name() != named {
        return Err(CliError::input(format!(
            "--tb {}: the folder holds the database `{}`, the certificate needs `{named}`",
            dir.display(),
            oracle.name()
        )));
    }
    Ok(Box::new(DatabaseLeaves { oracle, rules }))
}

fn result_word<M>(value: &Value<M>) -> &'static str {
    match value.result {
        Some(1) => "win",
        Some(-1) => "loss",
        Some(_) => "draw",
        None => "unknown",
    }
}

/// The lines of standard output.
fn report<M: std::fmt::Display>(value: &Value<M>) -> String {
    let pv: Vec<String> = value.pv.iter().map(|m| m.to_string()).collect();
    let mut text = format!(
        "value {} {}\npv {}\nnodes {}\ntime {:.3}s\n",
        result_word(value),
        value.margin,
        pv.join(" "),
        value.nodes,
        value.seconds
    );
    if let Some(depth) = value.depth {
        text += &format!("depth {depth}\n");
    }
    let known = value.bounds.0 != i32::MIN || value.bounds.1 < i32::MAX - 1;
    if value.result.is_none() && known {
        let show = |b: i32| {
            if b == i32::MIN || b >= i32::MAX - 1 {
                "?".to_string()
            } else {
                b.to_string()
            }
        };
        text += &format!("bounds {} {}\n", show(value.bounds.0), show(value.bounds.1));
    }
    for a in &value.asked {
        text += &format!(
            "question {} {} {} nodes {:.3}s{}\n",
            a.question,
            a.answer.word(),
            a.nodes,
            a.seconds,
            if a.gave_up {
                format!(" (a line ran past {MAX_LINE_PLIES} plies)")
            } else {
                String::new()
            }
        );
    }
    text
}

/// Progress on stderr, and checkpoints while the search goes on.
struct Reporter {
    every: Duration,
    checkpoint: Option<PathBuf>,
    checkpoint_every: Duration,
    last_save: Instant,
}

impl Monitor for Reporter {
    fn interval(&self) -> Duration {
        self.every
    }

    fn report(&mut self, p: &Progress, saver: &Saver<'_>) {
        let (pn, dn) = p.root;
        note!(
            "prove: [{}] {} nodes ({:.0}/s) {:.0}s root pn {} dn {} proven {} disproven {} line {}",
            p.question,
            p.nodes,
            p.nodes_per_second,
            p.seconds,
            pn,
            dn,
            p.proven,
            p.disproven,
            p.line.join(" ")
        );
        if let Some(path) = &self.checkpoint {
            if self.last_save.elapsed() >= self.checkpoint_every {
                self.last_save = Instant::now();
                match save_checkpoint(path, |out| saver.save(out)) {
                    Ok(entries) => {
                        note!("prove: checkpoint {} ({entries} entries)", path.display())
                    }
                    Err(e) => note!("prove: checkpoint not saved: {}", e.message),
                }
            }
        }
    }
}

/// Writes a checkpoint to `path` through a temporary file and a rename, so
/// that a stop mid-write leaves the previous checkpoint.
fn save_checkpoint(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<u64>,
) -> Result<u64, CliError> {
    let fail = |e: std::io::Error| {
        CliError::failure(format!(
            "cannot write the checkpoint {}: {e}",
            path.display()
        ))
    };
    let temp = temp_path(path);
    let file = File::create(&temp).map_err(fail)?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let entries = write(&mut out).map_err(fail)?;
    let file = out.into_inner().map_err(|e| fail(e.into_error()))?;
    file.sync_all().map_err(fail)?;
    std::fs::rename(&temp, path).map_err(fail)?;
    Ok(entries)
}

/// Refuses a `--checkpoint` path the checkpoint cannot be written to (its
/// temporary file is made and removed), before any search.
fn check_writable(path: &Path) -> Result<(), CliError> {
    let temp = temp_path(path);
    let made = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp);
    match made {
        Ok(file) => {
            drop(file);
            let _ = std::fs::remove_file(&temp);
            Ok(())
        }
        // A temporary file left by a killed save is replaced by the next.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(CliError::input(format!(
            "--checkpoint {}: cannot be written ({e}); give a path in a folder you can write",
            path.display()
        ))),
    }
}

fn temp_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Writes a certificate (gzip when the name ends in `.gz`).
fn write_certificate<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, CliError>,
) -> Result<T, CliError> {
    let fail =
        |e: std::io::Error| CliError::failure(format!("--certificate {}: {e}", path.display()));
    let temp = temp_path(path);
    let file = File::create(&temp).map_err(fail)?;
    let out = BufWriter::with_capacity(1 << 20, file);
    let gz = path.extension().is_some_and(|e| e == "gz");
    let result = if gz {
        let mut encoder = flate2::write::GzEncoder::new(out, flate2::Compression::default());
        let result = write(&mut encoder)?;
        let mut out = encoder.finish().map_err(fail)?;
        out.flush().map_err(fail)?;
        result
    } else {
        let mut out = out;
        let result = write(&mut out)?;
        out.flush().map_err(fail)?;
        result
    };
    std::fs::rename(&temp, path).map_err(fail)?;
    Ok(result)
}

/// Opens a certificate for reading (gzip or plain text).
fn open_certificate(path: &Path) -> Result<Box<dyn BufRead>, CliError> {
    let file = File::open(path)
        .map_err(|e| CliError::input(format!("--check {}: {e}", path.display())))?;
    let mut reader = BufReader::with_capacity(1 << 20, file);
    let gz = reader
        .fill_buf()
        .map(|b| b.starts_with(&[0x1f, 0x8b]))
        .unwrap_or(false);
    Ok(if gz {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(reader)))
    } else {
        Box::new(reader)
    })
}

/// `ngola prove --check FILE [--tb DIR]`.
fn check(path: &Path, tb: Option<&Path>) -> Result<(), CliError> {
    // The header first: a certificate that names a database needs it.
    let mut first = String::new();
    let mut reader = open_certificate(path)?;
    let reader: &mut dyn BufRead = &mut *reader;
    let header = std::io::Read::take(reader, certificate::MAX_LINE as u64)
        .read_line(&mut first)
        .ok()
        .and_then(|_| certificate::Header::parse(&first).ok());
    let leaves = match header
        .as_ref()
        .and_then(|h| Some((h, h.tablebase.as_deref()?)))
    {
        Some((h, named)) => Some(with_game!(h.game, G => certificate_leaves::<G>(h, named, tb))?),
        None => {
            if tb.is_some() {
                note!("prove: the certificate ends in no database positions: --tb is not used");
            }
            None
        }
    };
    let input = open_certificate(path)?;
    let started = Instant::now();
    let report = certificate::check_with(input, leaves.as_deref())
        .map_err(|e| CliError::failure(format!("certificate {} rejected: {e}", path.display())))?;
    let h = &report.header;
    let text = format!(
        "certificate ok: {} {} from {}: {} {}\nlines {} used {}\nloser positions {}\nends {}\nlongest {}\ntime {:.3}s\n",
        h.game,
        h.rules,
        h.root,
        h.winner.letter(),
        h.goal,
        report.lines,
        report.lines_used,
        report.loser_positions,
        report.ends,
        report.longest,
        started.elapsed().as_secs_f64()
    );
    let text = match &h.tablebase {
        Some(name) => format!("{text}tablebase {name} ends {}\n", report.tablebase_ends),
        None => text,
    };
    print(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_read_and_each_fault_is_its_own_kind() {
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration(" 90 "), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("2d"), Ok(Duration::from_secs(2 * 86400)));
        assert_eq!(
            parse_duration("5w"),
            Err(DurationError::BadUnit("5w".to_string()))
        );
        assert_eq!(
            parse_duration("1.2.3s"),
            Err(DurationError::NotANumber {
                text: "1.2.3s".to_string(),
                number: "1.2.3".to_string()
            })
        );
        assert_eq!(
            parse_duration("0s"),
            Err(DurationError::NotPositive("0s".to_string()))
        );
        assert_eq!(
            parse_duration("1.2.3s").unwrap_err().to_string(),
            "`1.2.3s`: `1.2.3` is not a number"
        );
    }
}
