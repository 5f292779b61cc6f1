//! The client half: an external engine process driven through the
//! protocol, one conversation step per method.
//!
//! The conversation (`>` is the client):
//!
//! ```text
//! > ugi                                   handshake: within HANDSHAKE_TIMEOUT
//! < ... ugiok
//! > setoption name game value kalah
//! > setoption name rules value pits=6,seeds=4,empty_capture=false,max_plies=1000
//! > setoption name KEY value VALUE        each further option
//! > isready
//! < readyok                               (`info error <reason>` before it: refused)
//! > uginewgame                            before each game
//! > setoption name seed value N           the game's seed
//! > isready
//! < readyok
//! > position startpos moves a3 b2 ...     at each of its turns, the whole game
//! > go p1time 9500 p2time 9800 p1inc 100 p2inc 100    (plain `go` without a clock)
//! < bestmove a1                           other lines (`info ...`) are ignored
//! > quit                                  when done
//! ```
//!
//! Every line the engine writes is read with a length limit
//! ([`crate::line::ANSWER_LIMIT`]); a longer line ends the wait as
//! [`ReadFailure::TooLong`]. The engine runs in a process group of its
//! own, killed as a whole when it is done or faulty (see [`Process`]).

mod process;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

pub use process::{log_tail, Launch, Process, ReadFailure};

use crate::line::ANSWER_LIMIT;
use crate::protocol::{Command, Go, Response};

/// How long the handshake (`ugiok`, then `readyok`) and each game's
/// `readyok` may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a handshake failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandshakeError {
    /// The engine answered the rules or an option with `info error`
    /// (the reason it gave).
    Refused(String),
    /// It could not start or did not answer in time (what happened).
    Failed(String),
}

/// A running engine that has passed its handshake.
pub struct Client {
    process: Process,
}

/// Every command of `commands` on a line of its own.
fn lines(commands: &[Command]) -> String {
    let mut text = String::new();
    for command in commands {
        let _ = writeln!(text, "{command}");
    }
    text
}

impl Client {
    /// Starts the engine and runs the handshake: `ugi`, then the game, its
    /// rules (`key=value,...`) and the further `options`, then `isready`.
    pub fn start<'a>(
        launch: &Launch<'_>,
        game: &str,
        rules: &str,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Client, HandshakeError> {
        let mut process = Process::spawn(launch).map_err(|e| {
            HandshakeError::Failed(format!("cannot start `{}`: {e}", launch.command.join(" ")))
        })?;
        let failed = |process: &mut Process, what: &str, failure: ReadFailure| {
            HandshakeError::Failed(match failure {
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
        if process.send(&lines(&[Command::Ugi])).is_err() {
            return Err(HandshakeError::Failed(format!(
                "{} before `ugiok`",
                ended(&mut process)
            )));
        }
        let ugiok = process.read_until(deadline, |line| {
            (Response::parse(line) == Some(Response::UgiOk)).then_some(())
        });
        if let Err(failure) = ugiok {
            return Err(failed(&mut process, "ugiok", failure));
        }
        let option = |name: &str, value: &str| Command::SetOption {
            name: name.to_string(),
            value: value.to_string(),
        };
        let mut setup = vec![option("game", game), option("rules", rules)];
        setup.extend(options.into_iter().map(|(name, value)| option(name, value)));
        setup.push(Command::IsReady);
        if process.send(&lines(&setup)).is_err() {
            return Err(HandshakeError::Failed(format!(
                "{} before `readyok`",
                ended(&mut process)
            )));
        }
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let answer = process.read_until(deadline, |line| match Response::parse(line)? {
            Response::ReadyOk => Some(Ok(())),
            Response::InfoError(reason) => Some(Err(reason)),
            _ => None,
        });
        match answer {
            Ok(Ok(())) => Ok(Client { process }),
            Ok(Err(reason)) => Err(HandshakeError::Refused(reason)),
            Err(failure) => Err(failed(&mut process, "readyok", failure)),
        }
    }

    /// A new game with `seed` (`uginewgame`, the seed, `isready`), waiting
    /// for `readyok` at most [`HANDSHAKE_TIMEOUT`].
    pub fn new_game(&mut self, seed: u64) -> Result<(), ReadFailure> {
        let setup = lines(&[
            Command::UgiNewGame,
            Command::SetOption {
                name: "seed".to_string(),
                value: seed.to_string(),
            },
            Command::IsReady,
        ]);
        self.process.send(&setup).map_err(|_| ReadFailure::Closed)?;
        self.process
            .read_until(Instant::now() + HANDSHAKE_TIMEOUT, |line| {
                (Response::parse(line) == Some(Response::ReadyOk)).then_some(())
            })
    }

    /// Sends `position` (a [`Command::Position`]) and `go`, and waits at
    /// most `allowed` for `bestmove`: the move as the engine wrote it
    /// (empty if it named none).
    pub fn best_move(
        &mut self,
        position: &Command,
        go: &Go,
        allowed: Duration,
    ) -> Result<String, ReadFailure> {
        let text = format!("{position}\n{}\n", Command::Go(*go));
        self.process.send(&text).map_err(|_| ReadFailure::Closed)?;
        self.process.read_until(Instant::now() + allowed, |line| {
            match Response::parse(line)? {
                Response::BestMove(mv) => Some(mv),
                _ => None,
            }
        })
    }

    /// True if the engine has exited.
    pub fn has_exited(&mut self) -> bool {
        self.process.has_exited()
    }

    /// How the engine ended: its exit status (or that it closed its
    /// output) and its last stderr line.
    pub fn ended(&mut self) -> String {
        ended(&mut self.process)
    }

    /// Sends `quit` and ends the engine (see [`Process::close`]).
    pub fn close(self) {
        self.process.close();
    }
}

/// What a line past the limit is called in messages.
pub fn too_long() -> String {
    format!("a line longer than the limit of {ANSWER_LIMIT} bytes")
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
