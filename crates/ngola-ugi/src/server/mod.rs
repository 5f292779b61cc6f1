//! The engine server: an agent behind the line protocol, for match
//! runners (UGI, as cutegames speaks it), GUIs and scripts. [`serve`] reads
//! commands from any input and answers on any output (`ngola engine` runs
//! it on stdin and stdout).
//!
//! # Protocol
//! One command per line. Answers are lines, flushed after each command.
//!
//! UGI (the game-independent form of UCI):
//!
//! | command | answer |
//! |---|---|
//! | `ugi` | `id name ...`, `id author ...`, `option name game ...`, `option name rules ...`, `option name seed ...`, `ugiok` |
//! | `isready` | `readyok` |
//! | `setoption name game value <game>` | none (`info error <reason>` for an unknown game): that game, its default rules (the command line's game keeps its `--rule` and `--position`) |
//! | `setoption name rules value <k=v,k=v,...>` | none, or `info error <reason>` if the engine cannot play them: the full rule set (defaults for keys not given) |
//! | `setoption name seed value <N>` | none: the agent's seed (the agent starts afresh) |
//! | `setoption name rules value <k=v,...>` with a key given twice | `info error <reason>`, the rules unchanged |
//! | `uginewgame` | none: the start position, a fresh agent with the next game's seed |
//! | `position startpos [moves m1 m2 ...]` | none |
//! | `position fen <position text> [moves ...]` | none |
//! | `go [p1time <ms> p2time <ms> p1inc <ms> p2inc <ms>] [movetime <ms>] [nodes <N>] [depth <N>] [infinite]` | `bestmove <move>` (the move is not played) |
//! | `query gameover` / `query p1turn` | `response true` or `response false` |
//! | `query result` | `response p1win`, `p2win`, `draw` or `none` |
//! | `stop` | none (searches are synchronous: nothing runs when it is read) |
//! | `quit` | ends the engine (so does the end of input) |
//!
//! Seeds: the first game after `--seed` (or `setoption name seed value N`)
//! draws from that seed; each later `uginewgame` draws the new game's seed
//! from it and the number of games so far (SplitMix64 of the two),
//! so a runner that never sends a seed still gets different games from a
//! stochastic agent, and the same session replays the same games. A runner
//! that sends `setoption name seed` after each `uginewgame` (as `ngola
//! tournament` does) sets every game's seed itself.
//!
//! `go`'s limits come on top of the agent's own budget (the first reached
//! stops): p1 is South, the clock of the side to move becomes a per-move
//! budget ([`ngola_agents::move_budget`]); `nodes` counts alpha-beta nodes
//! or MCTS simulations; plain `go` (and `go infinite`) searches with the
//! agent's own budget. A spec that names no budget (`alphabeta`, `mcts`)
//! searches by `go`'s limits alone when there are any (see
//! [`ngola_agents::spec`]); the solver answers within them (its alpha-beta
//! fallback's move when it cannot finish); random and greedy answer at once.
//!
//! Also (ngola's own): `position <position text> [moves ...]`, `moves m1 m2
//! ...` (plays moves from the current position), `show` (answers
//! `position <position text>`).
//!
//! A command that cannot be carried out (unknown command, bad position,
//! illegal move, `go` when the game is over, a line that is not UTF-8, a
//! line longer than 1 MiB, which is skipped without being kept) answers
//! `error <reason>` and changes nothing; a reason quotes at most the first
//! 40 characters of a long word it was sent, with its length in bytes. A
//! `position` or `moves` line with an illegal move plays none of its moves.
//! Blank lines are ignored. Every move played is shown to the agent (`Agent::observe`), so
//! MCTS keeps its tree between `go`s; a `position` command that repeats
//! the previous one's moves and adds more plays only the new ones.
//!
//! Example session (`ngola engine kalah --agent alphabeta:depth=8`; `>`
//! marks what the GUI sends, the other lines are the engine's answers):
//!
//! ```text
//! > position startpos
//! > moves a3
//! > go
//! bestmove a2
//! > moves a6 b4
//! > show
//! position kalah 5,4,0,5,5,0/5,5,6,0,5,5 S 3 2,1
//! > moves a9
//! error cannot read move `a9`: a move is the pit it empties: row `a` (South) or `b` (North) and a column 1..6, e.g. `a3`
//! > go
//! bestmove a2
//! > position kalah 0,0,0,0,1,0/0,0,0,0,0,10 S 40 21,16
//! > moves a1
//! error illegal move `a1`: the pit is empty
//! > go
//! bestmove a5
//! > quit
//! ```

mod session;

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use ngola_agents::{AgentSpec, Resources};
use ngola_rules::GameKind;
use thiserror::Error;

use crate::line::{read_bounded, shorten_quotes, too_long_excerpt, Bounded, COMMAND_LIMIT};
use crate::protocol::Response;
pub use session::{game_seed, Engine, MovesError, Session, StartError, Step};

/// Why serving stopped before `quit` or the end of input.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The input could not be read.
    #[error("cannot read the commands: {0}")]
    Input(#[source] io::Error),
    /// The output could not be written.
    #[error("cannot write the answers: {0}")]
    Output(#[source] io::Error),
}

/// Serves `session` on `input` and `output` until `quit` or the end of
/// input. `open` makes the session of another game (`setoption name game`)
/// for the same agent spec, seed and resources; its error is answered
/// `info error` and the current session goes on.
pub fn serve<E: Display>(
    mut session: Box<dyn Session>,
    mut open: impl FnMut(GameKind, &AgentSpec, u64, Resources) -> Result<Box<dyn Session>, E>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ServeError> {
    let mut line = Vec::with_capacity(256);
    loop {
        let read = read_bounded(&mut input, COMMAND_LIMIT, &mut line).map_err(ServeError::Input)?;
        let text = match read {
            Bounded::End => break,
            Bounded::Line => std::str::from_utf8(&line),
            Bounded::TooLong { len } => {
                let answer = Response::Error(format!(
                    "the line is longer than the limit of {COMMAND_LIMIT} bytes (`{}`); ignored",
                    too_long_excerpt(&line, len)
                ));
                writeln!(output, "{answer}").map_err(ServeError::Output)?;
                output.flush().map_err(ServeError::Output)?;
                continue;
            }
        };
        let step = match text {
            Err(_) => {
                let answer = Response::Error(format!(
                    "the line is not UTF-8 ({} bytes); ignored",
                    line.len()
                ));
                writeln!(output, "{answer}").map_err(ServeError::Output)?;
                Step::Continue
            }
            Ok(text) => match text.trim() {
                "" => Step::Continue,
                text => session
                    .handle(text, &mut output)
                    .map_err(ServeError::Output)?,
            },
        };
        match step {
            Step::Continue => {}
            Step::Quit => break,
            Step::Switch(kind) => {
                let (spec, seed) = session.agent();
                let (spec, seed) = (spec.clone(), seed);
                match open(kind, &spec, seed, session.resources().clone()) {
                    Ok(next) => session = next,
                    Err(e) => {
                        let answer = Response::InfoError(shorten_quotes(&e.to_string()));
                        writeln!(output, "{answer}").map_err(ServeError::Output)?;
                    }
                }
            }
        }
        output.flush().map_err(ServeError::Output)?;
    }
    output.flush().map_err(ServeError::Output)
}
