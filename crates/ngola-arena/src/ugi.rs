//! External UGI engines as tournament players.
//!
//! [`UgiSeats`] seats the experiment's `[engines.NAME]`: one process per
//! engine per worker thread, started at the first game that needs it and
//! kept across games, driven by [`ngola_ugi::client::Client`] (whose
//! documentation shows the conversation). The engine's options follow the
//! rules; before each game the agent's scheduled seed is set; `go` carries
//! the clocks (plain `go` without a time control).
//!
//! An engine that sends a line longer than
//! [`ngola_ugi::line::ANSWER_LIMIT`] loses the game as `illegal-move` (the
//! `fault` column quotes the line's start and its length). The engine runs
//! in a process group of its own, killed as a whole when the engine is
//! done or faulty, so a child it leaves behind neither keeps a worker
//! waiting nor outlives the run; an engine that exits mid-game is a
//! `crash` at once. An engine that answers the rules or an option with
//! `info error` cannot play the experiment: the run stops.
//!
//! A handshake that fails (the program cannot start, exits, or does not
//! answer `ugiok`/`readyok` in time) is retried at once; the third failure
//! in a row stops the run, naming the engine and the last lines of its
//! stderr, which goes to `logs/<NAME>-<worker>.log` in the output folder.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use ngola_rules::{Game, RuleOptions};
use ngola_ugi::client::{
    log_tail, too_long, Client, HandshakeError, Launch, ReadFailure, HANDSHAKE_TIMEOUT,
};
use ngola_ugi::{Command, Go, Start};

use crate::contestant::{Contestant, Fault, NewGame, Seats, Turn};
use crate::entry::EngineConfig;

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
        }))
    }
}

/// One engine process seen as a [`Contestant`] (restarted after a crash).
pub struct UgiEngine {
    name: String,
    config: EngineConfig,
    log: PathBuf,
    process: Option<Client>,
}

impl UgiEngine {
    /// Starts the process and runs the handshake for `start`'s game and rules.
    fn handshake<G: Game>(&self, start: &G) -> Result<Client, HandshakeError> {
        let launch = Launch {
            command: &self.config.command,
            dir: self.config.dir.as_deref(),
            log: &self.log,
        };
        let rules: Vec<String> = start
            .rules()
            .to_pairs()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let options = self
            .config
            .options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()));
        Client::start(&launch, G::NAME, &rules.join(","), options)
    }

    /// The running process, started (with retries) if there is none.
    fn running<G: Game>(&mut self, start: &G) -> Result<&mut Client, Fault> {
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
                    Err(HandshakeError::Refused(reason)) => {
                        return Err(Fault::Refused(format!(
                            "engine `{}` cannot play this experiment: {reason}",
                            self.name
                        )))
                    }
                    Err(HandshakeError::Failed(why)) => last = why,
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
            (ReadFailure::Closed, Some(process)) => Fault::Crash(process.ended()),
            (ReadFailure::Closed, None) => Fault::Crash("not running".to_string()),
        };
        self.process = None;
        fault
    }
}

impl<G: Game> Contestant<G> for UgiEngine {
    fn new_game(&mut self, game: &NewGame<'_, G>) -> Result<(), Fault> {
        let process = self.running(game.start)?;
        let answer = process.new_game(game.seed);
        answer.map_err(|failure| self.fail(failure, HANDSHAKE_TIMEOUT))
    }

    fn choose(&mut self, turn: &Turn<'_, G>) -> Result<String, Fault> {
        let position = Command::Position {
            start: if turn.standard_start {
                Start::StartPos
            } else {
                Start::Text(turn.start.to_string())
            },
            moves: turn.moves.iter().map(|mv| mv.to_string()).collect(),
        };
        let go = match turn.clocks {
            Some(c) => {
                let ms = |d: Duration| Some(u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
                Go {
                    p1time: ms(c.remaining[0]),
                    p2time: ms(c.remaining[1]),
                    p1inc: ms(c.increment),
                    p2inc: ms(c.increment),
                    ..Go::default()
                }
            }
            None => Go::default(),
        };
        let Some(process) = self.process.as_mut() else {
            return Err(Fault::Crash("not running".to_string()));
        };
        let answer = process.best_move(&position, &go, turn.allowed);
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
