//! External UGI engines as tournament players.
//!
//! [`UgiSeats`] seats the experiment's `[engines.NAME]`: one process per
//! engine per worker thread, started at the first game that needs it and
//! kept across games. The conversation (`>` is the arena):
//!
//! ```text
//! > ugi                                   handshake: within HANDSHAKE_TIMEOUT
//! < ... ugiok
//! > setoption name game value kalah
//! > setoption name rules value pits=6,seeds=4,empty_capture=false,max_plies=1000
//! > setoption name KEY value VALUE        each of the engine's `options`
//! > isready
//! < readyok                               (`info error <reason>` before it: the run stops)
//! > uginewgame                            before each game
//! > setoption name seed value N           the agent's scheduled seed
//! > isready
//! < readyok
//! > position startpos moves a3 b2 ...     at each of its turns, the whole game
//! > go p1time 9500 p2time 9800 p1inc 100 p2inc 100    (plain `go` without a clock)
//! < bestmove a1                           other lines (`info ...`) are ignored
//! > quit                                  when the worker is done
//! ```
//!
//! Every line the engine writes is read with a length limit
//! ([`line::ANSWER_LIMIT`]): an engine that sends a longer line loses the
//! game as `illegal-move` (the `fault` column quotes the line's start and
//! its length). The engine runs in a process group of its own, killed as a
//! whole when the engine is done or faulty, so a child it leaves behind
//! neither keeps a worker waiting nor outlives the run; an engine that
//! exits mid-game is a `crash` at once.
//!
//! A handshake that fails (the program cannot start, exits, or does not
//! answer `ugiok`/`readyok` in time) is retried at once; the third failure
//! in a row stops the run, naming the engine and the last lines of its
//! stderr, which goes to `logs/<NAME>-<worker>.log` in the output folder.

pub mod line;
mod process;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ngola_rules::{Game, RuleOptions};

use crate::contestant::{Contestant, Fault, NewGame, Seats, Turn};
use crate::entry::EngineConfig;
use process::{log_tail, Process, ReadFailure};

/// How long the handshake (`ugiok`, then `readyok`) and each game's
/// `readyok` may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Handshake failures in a row that stop the run.
pub const HANDSHAKE_ATTEMPTS: u32 = 3;

/// Lines of an engine's stderr quoted when it stops the run.
const TAIL_LINES: usize = 5;

/// The folder of the engines' logs inside a run's folder.
pub const LOGS: &str = "logs";

/// Seats the UGI engines of an experiment, logging to `<dir>/logs`.
#[derive(Clone, Debug)]
pub struct UgiSeats {
    engines: BTreeMap<String, EngineConfig>,
    logs: PathBuf,
}

impl UgiSeats {
    /// Seats `engines`; their stderr goes to `logs/<NAME>-<worker>.log`
    /// under `out` (the run's output folder).
    pub fn new(engines: BTreeMap<String, EngineConfig>, out: &Path) -> UgiSeats {
        UgiSeats {
            engines,
            logs: out.join(LOGS),
        }
    }
}

impl<G: Game> Seats<G> for UgiSeats {
    fn knows(&self, name: &str) -> bool {
        self.engines.contains_key(name)
    }

    fn seat(&self, name: &str, worker: usize) -> Result<Box<dyn Contestant<G>>, Fault> {
        let config = self.engines.get(name).ok_or_else(|| {
            Fault::Refused(format!(
                "engine `{name}` is not defined (add [engines.{name}] or --engine {name}=COMMAND)"
            ))
        })?;
        Ok(Box::new(UgiEngine {
            name: name.to_string(),
            config: config.clone(),
            log: self.logs.join(format!("{name}-{worker}.log")),
            process: None,
            buffer: String::with_capacity(1024),
        }))
    }
}

/// One engine process seen as a [`Contestant`] (restarted after a crash).
pub struct UgiEngine {
    name: String,
    config: EngineConfig,
    log: PathBuf,
    process: Option<Process>,
    buffer: String,
}

/// Why a handshake failed.
enum Handshake {
    /// The engine answered the rules or an option with `info error`.
    Refused(String),
    /// It could not start or did not answer in time.
    Failed(String),
}

impl UgiEngine {
    /// Starts the process and runs the handshake for `start`'s game and rules.
    fn handshake<G: Game>(&self, start: &G) -> Result<Process, Handshake> {
        let mut process = Process::spawn(&self.config, &self.log).map_err(|e| {
            Handshake::Failed(format!(
                "cannot start `{}`: {e}",
                self.config.command.join(" ")
            ))
        })?;
        let failed = |process: &mut Process, what: &str, failure: ReadFailure| {
            Handshake::Failed(match failure {
                ReadFailure::Overdue => {
                    format!("no `{what}` within {} s", HANDSHAKE_TIMEOUT.as_secs())
                }
                ReadFailure::Closed => format!("{} before `{what}`", ended(process)),
                ReadFailure::TooLong(quoted) => {
                    format!("{} before `{what}`: {quoted}", too_long())
                }
            })
        };
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        if process.send("ugi\n").is_err() {
            return Err(Handshake::Failed(format!(
                "{} before `ugiok`",
                ended(&mut process)
            )));
        }
        if let Err(failure) = process.read_until(deadline, |line| (line == "ugiok").then_some(())) {
            return Err(failed(&mut process, "ugiok", failure));
        }
        let rules: Vec<String> = start
            .rules()
            .to_pairs()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let mut setup = format!(
            "setoption name game value {}\nsetoption name rules value {}\n",
            G::NAME,
            rules.join(",")
        );
        for (key, value) in &self.config.options {
            let _ = writeln!(setup, "setoption name {key} value {value}");
        }
        setup += "isready\n";
        if process.send(&setup).is_err() {
            return Err(Handshake::Failed(format!(
                "{} before `readyok`",
                ended(&mut process)
            )));
        }
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let answer = process.read_until(deadline, |line| {
            if line == "readyok" {
                Some(Ok(()))
            } else {
                line.strip_prefix("info error")
                    .map(|reason| Err(reason.trim().to_string()))
            }
        });
        match answer {
            Ok(Ok(())) => Ok(process),
            Ok(Err(reason)) => Err(Handshake::Refused(reason)),
            Err(failure) => Err(failed(&mut process, "readyok", failure)),
        }
    }

    /// The running process, started (with retries) if there is none.
    fn running<G: Game>(&mut self, start: &G) -> Result<&mut Process, Fault> {
        // A process that died between games is started again.
        if self.process.as_mut().is_some_and(|p| p.has_exited()) {
            self.process = None;
        }
        if self.process.is_none() {
            let mut last = String::new();
            for _ in 0..HANDSHAKE_ATTEMPTS {
                match self.handshake(start) {
                    Ok(process) => {
                        self.process = Some(process);
                        break;
                    }
                    Err(Handshake::Refused(reason)) => {
                        return Err(Fault::Refused(format!(
                            "engine `{}` cannot play this experiment: {reason}",
                            self.name
                        )))
                    }
                    Err(Handshake::Failed(why)) => last = why,
                }
            }
            if self.process.is_none() {
                let tail = log_tail(&self.log, TAIL_LINES);
                let mut message = format!(
                    "engine `{}` failed its handshake {HANDSHAKE_ATTEMPTS} times in a row (last: {last})",
                    self.name
                );
                if tail.is_empty() {
                    let _ = write!(message, "; its stderr ({}) is empty", self.log.display());
                } else {
                    let _ = write!(
                        message,
                        "; last lines of its stderr ({}):",
                        self.log.display()
                    );
                    for line in tail {
                        let _ = write!(message, "\n    {line}");
                    }
                }
                return Err(Fault::Fatal(message));
            }
        }
        self.process
            .as_mut()
            .ok_or_else(|| Fault::Fatal(format!("engine `{}` did not start", self.name)))
    }

    /// The fault of a process that failed mid-game; it is dropped (and
    /// started again at the next game).
    fn fail(&mut self, failure: ReadFailure, allowed: Duration) -> Fault {
        let fault = match (failure, self.process.as_mut()) {
            (ReadFailure::Overdue, _) => Fault::Timeout(allowed),
            (ReadFailure::TooLong(quoted), _) => {
                Fault::Illegal(format!("{}: {quoted}", too_long()))
            }
            (ReadFailure::Closed, Some(process)) => Fault::Crash(ended(process)),
            (ReadFailure::Closed, None) => Fault::Crash("not running".to_string()),
        };
        self.process = None;
        fault
    }
}

/// What a line past the limit is called in messages.
fn too_long() -> String {
    format!(
        "a line longer than the limit of {} bytes",
        line::ANSWER_LIMIT
    )
}

/// How a process ended: its exit status (or that it closed its output)
/// and its last stderr line.
fn ended(process: &mut Process) -> String {
    let mut text = match process.exit_status() {
        Some(status) => format!("exited ({status})"),
        None => "closed its output".to_string(),
    };
    if let Some(line) = process.stderr_tail(1).pop() {
        let _ = write!(text, "; stderr: {line}");
    }
    text
}

impl<G: Game> Contestant<G> for UgiEngine {
    fn new_game(&mut self, game: &NewGame<'_, G>) -> Result<(), Fault> {
        let process = self.running(game.start)?;
        let setup = format!(
            "uginewgame\nsetoption name seed value {}\nisready\n",
            game.seed
        );
        let sent = process.send(&setup);
        let answer = match sent {
            Ok(()) => process.read_until(Instant::now() + HANDSHAKE_TIMEOUT, |line| {
                (line == "readyok").then_some(())
            }),
            Err(_) => Err(ReadFailure::Closed),
        };
        answer.map_err(|failure| self.fail(failure, HANDSHAKE_TIMEOUT))
    }

    fn choose(&mut self, turn: &Turn<'_, G>) -> Result<String, Fault> {
        let buffer = &mut self.buffer;
        buffer.clear();
        if turn.standard_start {
            buffer.push_str("position startpos");
        } else {
            let _ = write!(buffer, "position fen {}", turn.start);
        }
        if !turn.moves.is_empty() {
            buffer.push_str(" moves");
            for mv in turn.moves {
                let _ = write!(buffer, " {mv}");
            }
        }
        match turn.clocks {
            Some(c) => {
                let ms = |d: Duration| d.as_millis();
                let _ = writeln!(
                    buffer,
                    "\ngo p1time {} p2time {} p1inc {} p2inc {}",
                    ms(c.remaining[0]),
                    ms(c.remaining[1]),
                    ms(c.increment),
                    ms(c.increment)
                );
            }
            None => buffer.push_str("\ngo\n"),
        }
        let Some(process) = self.process.as_mut() else {
            return Err(Fault::Crash("not running".to_string()));
        };
        let answer = match process.send(&self.buffer) {
            Ok(()) => process.read_until(Instant::now() + turn.allowed, |line| {
                let rest = line.strip_prefix("bestmove")?;
                if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
                    return None;
                }
                Some(rest.split_whitespace().next().unwrap_or("").to_string())
            }),
            Err(_) => Err(ReadFailure::Closed),
        };
        answer.map_err(|failure| self.fail(failure, turn.allowed))
    }
}

impl Drop for UgiEngine {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.close();
        }
    }
}
