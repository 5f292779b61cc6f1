//! `ngola engine <game> [--rule ...] [--position TEXT] --agent SPEC [--seed N]`:
//! an agent behind a line protocol on stdin/stdout, for match runners
//! (UGI, as cutegames speaks it), GUIs and scripts.
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
mod words;

use std::io::{BufRead, BufWriter, Write};

use clap::Args;

use ngola_agents::AgentSpec;
use ngola_arena::ugi::line::{
    read_bounded, shorten_quotes, too_long_excerpt, Bounded, COMMAND_LIMIT,
};
use ngola_rules::{with_game, GameKind};

use crate::cli_error::CliError;
use crate::game_args::GameArgs;
use session::{Engine, Session, Step};

/// Arguments of `ngola engine`.
#[derive(Args, Debug)]
pub struct EngineArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The agent that answers `go`, as a spec (e.g. `mcts:sims=20000`).
    #[arg(long, value_parser = parse_spec)]
    agent: AgentSpec,
    /// Seed of the agent's random choices (UGI: `setoption name seed value
    /// N`). Each later `uginewgame` draws its game's seed from this seed and
    /// the number of games so far, so games differ without a seed option.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `--agent`: an agent spec.
fn parse_spec(text: &str) -> Result<AgentSpec, ngola_agents::SpecError> {
    text.parse()
}

/// Runs the protocol on stdin and stdout until `quit` or end of input.
pub fn run(args: EngineArgs) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(&args, stdin.lock(), BufWriter::new(stdout.lock()))
}

/// The session for `kind`: the command line's rules and position for the
/// command line's game, the defaults for another.
fn open(
    args: &EngineArgs,
    kind: GameKind,
    spec: &AgentSpec,
    seed: u64,
) -> Result<Box<dyn Session>, CliError> {
    with_game!(kind, G => open_game::<G>(args, spec, seed))
}

fn open_game<G: ngola_agents::Evaluate>(
    args: &EngineArgs,
    spec: &AgentSpec,
    seed: u64,
) -> Result<Box<dyn Session>, CliError> {
    let cli_game = args.game.game.name() == G::NAME;
    let (rules, position) = if cli_game {
        (args.game.rules::<G>()?, args.game.position.clone())
    } else {
        (Default::default(), None)
    };
    let engine = Engine::<G>::new(spec.clone(), seed, rules, position).map_err(CliError::input)?;
    Ok(Box::new(engine))
}

fn serve(
    args: &EngineArgs,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), CliError> {
    let stdout_failed = CliError::stdout;
    let mut session = open(args, args.game.game, &args.agent, args.seed)?;
    let mut line = Vec::with_capacity(256);
    loop {
        let read = read_bounded(&mut input, COMMAND_LIMIT, &mut line).map_err(CliError::stdin)?;
        let text = match read {
            Bounded::End => break,
            Bounded::Line => std::str::from_utf8(&line),
            Bounded::TooLong { len } => {
                writeln!(
                    output,
                    "error the line is longer than the limit of {COMMAND_LIMIT} bytes (`{}`); ignored",
                    too_long_excerpt(&line, len)
                )
                .map_err(stdout_failed)?;
                output.flush().map_err(stdout_failed)?;
                continue;
            }
        };
        let step = match text {
            Err(_) => {
                writeln!(
                    output,
                    "error the line is not UTF-8 ({} bytes); ignored",
                    line.len()
                )
                .map_err(stdout_failed)?;
                Step::Continue
            }
            Ok(text) => match text.trim() {
                "" => Step::Continue,
                text => session.handle(text, &mut output).map_err(stdout_failed)?,
            },
        };
        match step {
            Step::Continue => {}
            Step::Quit => break,
            Step::Switch(kind) => {
                let (spec, seed) = session.agent();
                let (spec, seed) = (spec.clone(), seed);
                match open(args, kind, &spec, seed) {
                    Ok(next) => session = next,
                    Err(e) => writeln!(output, "info error {}", shorten_quotes(&e.message))
                        .map_err(stdout_failed)?,
                }
            }
        }
        output.flush().map_err(stdout_failed)?;
    }
    output.flush().map_err(stdout_failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(agent: &str, rules: &[&str], input: &str) -> Vec<String> {
        let args = EngineArgs {
            game: GameArgs {
                game: GameKind::Kalah,
                rules: rules.iter().map(|r| r.to_string()).collect(),
                position: None,
            },
            agent: agent.parse().expect("test spec"),
            seed: 1,
        };
        let mut out = Vec::new();
        serve(&args, input.as_bytes(), &mut out).expect("engine runs");
        String::from_utf8(out)
            .expect("utf-8")
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_session_answers_go_show_and_errors_and_keeps_running() {
        let out = session(
            "alphabeta:depth=4",
            &[],
            "position startpos\nmoves a3\nshow\n\nmoves a9\nmoves a6 a1\nshow\nfly\ngo\nposition kalah 0,0,0,0,0,1/1,0,0,0,0,0 S 40 23,23\ngo\nposition\nquit\ngo\n",
        );
        // a3 sows 4 seeds into a4 a5 a6 and the store: extra turn, South to
        // move again at ply 1.
        assert_eq!(out[0], "position kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0");
        assert!(
            out[1].starts_with("error cannot read move `a9`"),
            "{}",
            out[1]
        );
        // `a6 a1`: a6 is legal (5 seeds, last in b2), a1 is not North's: the
        // whole line is refused and the position unchanged.
        assert!(out[2].starts_with("error illegal move `a1`"), "{}", out[2]);
        assert_eq!(out[3], "position kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0");
        assert!(
            out[4].starts_with("error unknown command `fly`"),
            "{}",
            out[4]
        );
        assert!(out[5].starts_with("bestmove a"), "{}", out[5]);
        // South's only seed in a6 goes to his store: a6 is the only move.
        assert_eq!(out[6], "bestmove a6");
        assert!(out[7].starts_with("error position needs"), "{}", out[7]);
        assert_eq!(out.len(), 8, "nothing after quit: {out:?}");
    }

    #[test]
    fn position_with_moves_and_go_on_a_finished_game() {
        let out = session(
            "mcts:sims=200",
            &["pits=1", "seeds=1"],
            "position startpos moves a1\nshow\ngo\nposition kalah 1/1 S 0 0,0 moves a1 b1\n",
        );
        // Kalah(1,1): a1's seed goes to South's store, extra turn, but
        // South's row is empty: the game is over.
        assert_eq!(out[0], "position kalah 0/1 S 1 1,0");
        assert!(out[1].starts_with("error the game is over"), "{}", out[1]);
        assert!(
            out[2].starts_with("error cannot play `b1`: the game is over"),
            "{}",
            out[2]
        );
    }
}
