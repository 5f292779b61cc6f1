//! `ngola tablebase build|verify|info|probe`: endgame databases of Kalah,
//! Oware and Um el-Bagara (`ngola_tablebase`).
//!
//! ```text
//! ngola tablebase build GAME [--rule K=V]... --seeds N -o DIR [--threads N]
//! ngola tablebase verify DIR [--samples N] [--threads N]
//! ngola tablebase info DIR
//! ngola tablebase probe DIR POSITION [--rule K=V]...
//! ```
//!
//! `build` states the memory and disk it needs before it starts and
//! refuses (exit 2, naming both) when the machine cannot hold them; it
//! shows a progress bar per level on stderr and resumes from the last
//! finished level when run again. `probe` prints, one item per line:
//!
//! ```text
//! value win 10       result and final margin from the side to move's view,
//!                    banked seeds included (as `ngola solve` prints it)
//! bounds -2 4        Oware where the repetition rule decides: the margin's range
//! moves a3 a5        every move that keeps the value
//! level 12           seeds on the board (the database level probed)
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use ngola_rules::{Game, GameKind, RuleOptions};
use ngola_tablebase::file::{level_path, read_header, Header};
use ngola_tablebase::{
    build, plan, verify, BuildMonitor, Database, Endgame, KalahEndgame, OwareEndgame,
    TablebaseError, UmElBagaraEndgame, Worth,
};

use crate::cli_error::{print, CliError};
use crate::host::pause::{Pause, PausePoint};

/// The subcommands of `ngola tablebase`.
#[derive(Subcommand, Debug)]
pub enum TablebaseCommand {
    /// Build (or resume) a database of every position with at most N seeds on the board.
    Build(BuildArgs),
    /// Check every entry against its children, a sample against the reference rules.
    Verify(VerifyArgs),
    /// Print what a database holds.
    Info(InfoArgs),
    /// The exact value of a position and every move that keeps it.
    Probe(ProbeArgs),
}

/// Arguments of `ngola tablebase build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The game: kalah, oware or umelbagara.
    #[arg(value_parser = crate::game_args::parse_game_kind)]
    game: GameKind,
    /// A rule option as key=value (repeatable); max_plies is 0 (no cap).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// The most seeds on the board (the top level).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=126))]
    seeds: u32,
    /// The database folder (created; a build there resumes).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    output: PathBuf,
    /// Worker threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
}

/// Arguments of `ngola tablebase verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The database folder.
    dir: PathBuf,
    /// Entries per level checked against the reference implementation.
    #[arg(long, default_value_t = 2000)]
    samples: u64,
    /// Worker threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
}

/// Arguments of `ngola tablebase info`.
#[derive(Args, Debug)]
pub struct InfoArgs {
    /// The database folder.
    dir: PathBuf,
}

/// Arguments of `ngola tablebase probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// The database folder.
    dir: PathBuf,
    /// The position (docs/src/rules.md position text).
    position: String,
    /// A rule option as key=value (repeatable; default: the database's);
    /// rules of play other than the database's are refused.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
}

/// Runs a `tablebase` subcommand.
pub fn run(command: TablebaseCommand) -> Result<(), CliError> {
    match command {
        TablebaseCommand::Build(args) => {
            crate::game_args::check_rule_flags(&args.rules)?;
            let rules = args.rules.clone();
            dispatch(args.game, |kind| match kind {
                Kind::Kalah => run_build::<KalahEndgame>(&args, &rules),
                Kind::Oware => run_build::<OwareEndgame>(&args, &rules),
                Kind::UmElBagara => run_build::<UmElBagaraEndgame>(&args, &rules),
            })
        }
        TablebaseCommand::Verify(args) => {
            let (kind, header) = database_kind(&args.dir)?;
            let rules = split_rules(&header.rules);
            match kind {
                Kind::Kalah => run_verify::<KalahEndgame>(&args, &rules),
                Kind::Oware => run_verify::<OwareEndgame>(&args, &rules),
                Kind::UmElBagara => run_verify::<UmElBagaraEndgame>(&args, &rules),
            }
        }
        TablebaseCommand::Info(args) => run_info(&args.dir),
        TablebaseCommand::Probe(args) => {
            crate::game_args::check_rule_flags(&args.rules)?;
            let (kind, header) = database_kind(&args.dir)?;
            let mut rules = split_rules(&header.rules);
            rules.extend(args.rules.iter().cloned());
            match kind {
                Kind::Kalah => run_probe::<KalahEndgame>(&args, &rules),
                Kind::Oware => run_probe::<OwareEndgame>(&args, &rules),
                Kind::UmElBagara => run_probe::<UmElBagaraEndgame>(&args, &rules),
            }
        }
    }
}

/// The games a database can be built for.
#[derive(Copy, Clone, Debug)]
enum Kind {
    Kalah,
    Oware,
    UmElBagara,
}

/// Runs `f` for a game that has databases; Mangola is refused.
fn dispatch(game: GameKind, f: impl FnOnce(Kind) -> Result<(), CliError>) -> Result<(), CliError> {
    match game {
        GameKind::Kalah => f(Kind::Kalah),
        GameKind::Oware => f(Kind::Oware),
        GameKind::UmElBagara => f(Kind::UmElBagara),
        GameKind::Mangola => Err(CliError::input(
            "mangola: its seeds never leave the board, so its positions do not fall into \
             levels; databases are for kalah, oware and umelbagara",
        )),
    }
}

/// The game of the database in `dir`, from its level 0 header.
fn database_kind(dir: &Path) -> Result<(Kind, Header), CliError> {
    let path = level_path(dir, 0);
    if !path.exists() {
        return Err(CliError::input(format!(
            "{}: no level-000.tb: not a database folder",
            dir.display()
        )));
    }
    let header = read_header(&path).map_err(tb_error)?;
    let kind = match header.game.as_str() {
        "kalah" => Kind::Kalah,
        "oware" => Kind::Oware,
        "umelbagara" => Kind::UmElBagara,
        other => {
            return Err(CliError::input(format!(
                "{}: game `{other}` has no databases",
                path.display()
            )))
        }
    };
    Ok((kind, header))
}

/// `key=value,...` as a list.
fn split_rules(text: &str) -> Vec<String> {
    text.split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A tablebase error as the program's: bad input exits 2, others 1.
fn tb_error(e: TablebaseError) -> CliError {
    if e.is_input() {
        CliError::input(e)
    } else {
        CliError::failure(e)
    }
}

/// The adapter for `rules` (with `max_plies=0` unless set otherwise).
fn endgame<E: Endgame>(rules: &[String]) -> Result<E, CliError> {
    let mut all = vec!["max_plies=0".to_string()];
    all.extend(rules.iter().cloned());
    let rules = <E::G as Game>::Rules::from_assignments(&all).map_err(CliError::input)?;
    E::new(rules).map_err(tb_error)
}

/// A thread pool of `threads` (default every core), with room on the
/// stack for deep lines.
fn pool(threads: Option<u32>) -> Result<rayon::ThreadPool, CliError> {
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(64 << 20);
    if let Some(n) = threads {
        builder = builder.num_threads(n as usize);
    }
    builder
        .build()
        .map_err(|e| CliError::failure(format!("cannot start the worker threads: {e}")))
}

/// MiB, rounded up.
fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// Free bytes on the file system that holds `dir` (or its nearest
/// existing ancestor); `None` where unknown.
fn free_disk(dir: &Path) -> Option<u64> {
    let mut at = Some(dir);
    while let Some(p) = at {
        if p.exists() {
            let stat = rustix::fs::statvfs(p).ok()?;
            return Some(stat.f_bavail * stat.f_frsize);
        }
        at = p.parent();
    }
    None
}

/// The progress bars of a build, one per level (and the pause a test may
/// ask for after a level).
struct Bars {
    bar: Mutex<Option<ProgressBar>>,
    pause: Option<Pause>,
}

impl Bars {
    fn current(&self) -> Option<ProgressBar> {
        self.bar.lock().ok().and_then(|b| b.clone())
    }
}

impl BuildMonitor for Bars {
    fn kept(&self, level: usize) {
        if let Some(pause) = &self.pause {
            pause.starting_at(level as u64);
        }
        eprintln!("level {level}: finished earlier, kept (checksum verified)");
    }

    fn discarded(&self, path: &Path, reason: &str) {
        eprintln!("{}: removed ({reason})", path.display());
    }

    fn level_started(&self, level: usize, units: u64) {
        let bar = ProgressBar::new(units);
        bar.set_style(
            ProgressStyle::with_template(
                "level {msg:>3} [{bar:40}] {percent:>3}% {elapsed_precise} eta {eta_precise}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        bar.set_message(level.to_string());
        bar.enable_steady_tick(Duration::from_millis(500));
        if let Ok(mut slot) = self.bar.lock() {
            *slot = Some(bar);
        }
    }

    fn advance(&self, units: u64) {
        if let Some(bar) = self.current() {
            bar.inc(units);
        }
    }

    fn level_finished(&self, level: usize, entries: u64, seconds: f64, path: &Path) {
        if let Some(bar) = self.current() {
            bar.finish_and_clear();
        }
        eprintln!(
            "level {level}: {entries} entries in {seconds:.1} s, {}",
            path.display()
        );
        if let Some(pause) = &self.pause {
            pause.reached(level as u64);
        }
    }
}

fn run_build<E: Endgame>(args: &BuildArgs, rules: &[String]) -> Result<(), CliError> {
    let endgame = endgame::<E>(rules)?;
    let seeds = args.seeds as usize;
    let plan = plan(&endgame, seeds).map_err(tb_error)?;
    // Levels already finished take no more disk.
    let present: u64 = plan
        .levels
        .iter()
        .filter(|l| level_path(&args.output, l.level).exists())
        .map(|l| l.file_bytes)
        .sum();
    let need_memory = plan.memory_bytes();
    let need_disk = plan.disk_bytes().saturating_sub(present);
    eprintln!(
        "{} {}: levels 0..={seeds}, {} entries; needs {} MiB of memory (peak, besides the \
         page cache of the levels below) and {} MiB of disk ({} MiB in all)",
        <E::G as Game>::NAME,
        endgame.rules_text(),
        plan.entries(),
        mib(need_memory),
        mib(need_disk),
        mib(plan.disk_bytes())
    );
    let memory = crate::host::memory_limit().map(|limit| (limit.mb, limit.source));
    let disk = free_disk(&args.output);
    let short_memory = memory.is_some_and(|(limit, _)| mib(need_memory) > limit);
    let short_disk = disk.is_some_and(|free| need_disk > free);
    if short_memory || short_disk {
        let (have, source) = memory.unwrap_or((u64::MAX, "unknown"));
        return Err(tb_error(TablebaseError::Resources {
            need_mb: mib(need_memory),
            disk_mb: mib(need_disk),
            have_mb: have,
            memory_source: source.to_string(),
            free_mb: disk.map(|d| d >> 20).unwrap_or(u64::MAX),
        }));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // A second handler cannot be set in the same process; then Ctrl-C
    // simply ends the program, which a resume survives too.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let monitor = Bars {
        bar: Mutex::new(None),
        pause: PausePoint::from_env()?.map(Pause::new),
    };
    let started = std::time::Instant::now();
    let report = pool(args.threads)?
        .install(|| build(&endgame, seeds, &args.output, &monitor, &stop))
        .map_err(tb_error)?;
    // The levels were hashed as they were written (or checked when kept).
    let db = Database::open_unchecked(&args.output, &endgame).map_err(tb_error)?;
    print(&format!(
        "database {} levels 0..={} entries {} bytes {} kept {} solved {} seconds {:.1}\nid {}\n",
        args.output.display(),
        db.top(),
        plan.entries(),
        plan.disk_bytes(),
        report.kept.len(),
        report.solved.len(),
        started.elapsed().as_secs_f64(),
        db.id()
    ))
}

fn run_verify<E: Endgame>(args: &VerifyArgs, rules: &[String]) -> Result<(), CliError> {
    let endgame = endgame::<E>(rules)?;
    // Unchecked: a damaged level is reported below, with what else fails.
    let db = Database::open_unchecked(&args.dir, &endgame).map_err(tb_error)?;
    let total: u64 = db
        .files()
        .iter()
        .map(|f| f.header.arrangements * f.header.slices as u64)
        .sum();
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("verify [{bar:40}] {percent:>3}% eta {eta_precise}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let progress = |_: usize, n: u64| bar.inc(n);
    let report = pool(args.threads)?
        .install(|| verify(&db, args.samples, &progress))
        .map_err(tb_error)?;
    bar.finish_and_clear();
    let mut text = format!(
        "levels {} entries {}\nchecksums {}\ninvariant {} failures\nreference {} checked {} failures\n",
        report.levels,
        report.entries,
        if report.bad_checksums.is_empty() {
            "ok".to_string()
        } else {
            format!("bad at levels {:?}", report.bad_checksums)
        },
        report.invariant_failures,
        report.reference_checked,
        report.reference_failures,
    );
    for f in &report.failures {
        text += &format!(
            "failure level {} slice {} rank {}: stored {:?}, children give {:?}: {}\n",
            f.level, f.slice, f.rank, f.stored, f.expected, f.position
        );
    }
    print(&text)?;
    if report.ok() {
        Ok(())
    } else {
        Err(CliError::failure(format!(
            "{}: the database is damaged or wrong",
            args.dir.display()
        )))
    }
}

fn run_info(dir: &Path) -> Result<(), CliError> {
    let (_, first) = database_kind(dir)?;
    let paths = ngola_tablebase::db::level_paths(dir).map_err(tb_error)?;
    let mut headers = Vec::new();
    for path in &paths {
        headers.push(read_header(path).map_err(tb_error)?);
    }
    let entries: u64 = headers
        .iter()
        .map(|h| h.arrangements * h.slices as u64)
        .sum();
    let bytes: u64 = headers.iter().map(|h| h.data_bytes()).sum();
    let joined: String = headers
        .iter()
        .map(|h| format!("{} {}\n", h.level, h.sha256))
        .collect();
    let mut text = format!(
        "game {}\nrules {}\nvalues-depend-on {}\nendless-play {}\nlevels 0..={}\nentries {entries}\n\
         bytes {bytes}\nentry-bytes {}\nid {}\n",
        first.game,
        first.rules,
        first.play_rules,
        first.semantics,
        headers.len() - 1,
        first.width,
        ngola_tablebase::file::sha256_hex(joined.as_bytes()),
    );
    for h in &headers {
        text += &format!(
            "level {} arrangements {} slices {} entries {} sha256 {}\n",
            h.level,
            h.arrangements,
            h.slices,
            h.arrangements * h.slices as u64,
            h.sha256
        );
    }
    print(&text)
}

fn run_probe<E: Endgame>(args: &ProbeArgs, rules: &[String]) -> Result<(), CliError> {
    let endgame = endgame::<E>(rules)?;
    let db = Database::open(&args.dir, &endgame).map_err(tb_error)?;
    let game =
        <E::G as Game>::from_position(&args.position, *endgame.rules()).map_err(CliError::input)?;
    let probe = db.probe(&game).map_err(tb_error)?;
    let keeping: Vec<String> = probe.keeping().iter().map(|m| m.to_string()).collect();
    let mut text = match probe.worth {
        Worth::Exact(m) => format!("value {} {m}\n", probe.worth.word()),
        Worth::Between(lo, hi) => format!("value unknown 0\nbounds {lo} {hi}\n"),
    };
    text += &format!("moves {}\nlevel {}\n", keeping.join(" "), probe.level);
    print(&text)
}
