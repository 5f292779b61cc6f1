//! `ngola engine <game> [--rule ...] --agent SPEC [--seed N]`: an agent
//! behind a line protocol on stdin/stdout, for GUIs and scripts.
//!
//! # Protocol
//! One command per line; every answer is one line, flushed at once.
//!
//! | command | effect | answer |
//! |---|---|---|
//! | `position startpos` | the start position (under the `--rule` options) | none |
//! | `position <position text>` | that position (RULES.md text, e.g. `kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0`) | none |
//! | `position ... moves m1 m2` | a position, then the moves played from it | none |
//! | `moves m1 m2 ...` | plays the moves from the current position | none |
//! | `go` | the agent chooses a move for the side to move (the move is not played) | `bestmove <move>` |
//! | `show` | | `position <position text>` |
//! | `quit` | ends the engine (so does the end of input) | none |
//!
//! A command that cannot be carried out (unknown command, bad position,
//! illegal move, `go` when the game is over) answers `error <reason>` and
//! changes nothing: a `moves` line with an illegal move plays none of its
//! moves. Blank lines are ignored. The engine starts at the start position.
//! Every move played is shown to the agent (`Agent::observe`), so MCTS keeps
//! its tree between `go`s.
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

use std::io::{BufRead, Write};

use clap::Args;

use ngola_agents::{Agent, AgentSpec, Evaluate};
use ngola_rules::with_game;

use crate::cli_error::CliError;
use crate::game_args::GameArgs;

/// Arguments of `ngola engine`.
#[derive(Args, Debug)]
pub struct EngineArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The agent that answers `go`, as a spec (e.g. `mcts:sims=20000`).
    #[arg(long, value_parser = parse_spec)]
    agent: AgentSpec,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn parse_spec(text: &str) -> Result<AgentSpec, String> {
    text.parse()
        .map_err(|e: ngola_agents::SpecError| e.to_string())
}

/// Runs the protocol on stdin and stdout until `quit` or end of input.
pub fn run(args: EngineArgs) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    with_game!(args.game.game, G => serve::<G>(&args, stdin.lock(), stdout.lock()))
}

fn serve<G: Evaluate>(
    args: &EngineArgs,
    input: impl BufRead,
    output: impl Write,
) -> Result<(), CliError> {
    let start: G = args.game.setup()?;
    let rules = args.game.rules::<G>()?;
    let agent = args
        .agent
        .try_build::<G>(args.seed)
        .map_err(|e| CliError::input(format!("--agent: {e}")))?;
    Engine {
        start,
        rules,
        game: None,
        agent,
    }
    .serve(input, output)
}

/// The engine's state: the start position, the current one, the agent.
struct Engine<G: Evaluate> {
    start: G,
    rules: G::Rules,
    /// The current position (`None`: the start position).
    game: Option<G>,
    agent: Box<dyn Agent<G>>,
}

impl<G: Evaluate> Engine<G> {
    fn serve(mut self, input: impl BufRead, mut output: impl Write) -> Result<(), CliError> {
        for line in input.lines() {
            let line = line.map_err(CliError::stdin)?;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if line == "quit" {
                break;
            }
            let answer = match self.command(line) {
                Ok(Some(text)) => text,
                Ok(None) => continue,
                Err(reason) => format!("error {reason}"),
            };
            writeln!(output, "{answer}").map_err(CliError::stdout)?;
            output.flush().map_err(CliError::stdout)?;
        }
        Ok(())
    }

    fn current(&self) -> &G {
        self.game.as_ref().unwrap_or(&self.start)
    }

    /// Carries out one command; `Ok(Some(answer))`, `Ok(None)` for no
    /// answer, `Err(reason)` for an error answer.
    fn command(&mut self, line: &str) -> Result<Option<String>, String> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "position" => {
                let (text, moves) = match rest.split_once(" moves") {
                    Some((text, moves)) => (text.trim(), Some(moves)),
                    None => (rest, None),
                };
                let base = match text {
                    "startpos" => self.start.clone(),
                    "" => return Err("position needs `startpos` or a position text".to_string()),
                    text => G::from_position(text, self.rules).map_err(|e| e.to_string())?,
                };
                let (game, played) = Self::after_moves(&base, moves.unwrap_or(""))?;
                self.agent_sees(&base, &played);
                self.game = Some(game);
                Ok(None)
            }
            "moves" => {
                let base = self.current().clone();
                let (game, played) = Self::after_moves(&base, rest)?;
                self.agent_sees(&base, &played);
                self.game = Some(game);
                Ok(None)
            }
            "go" => {
                let game = self.current().clone();
                if let Some(outcome) = game.outcome() {
                    return Err(format!(
                        "the game is over ({}, {})",
                        outcome.result_text(),
                        outcome.reason
                    ));
                }
                let mv = self.agent.select(&game);
                Ok(Some(format!("bestmove {mv}")))
            }
            "show" => Ok(Some(format!("position {}", self.current()))),
            other => Err(format!(
                "unknown command `{other}`; commands: position, moves, go, show, quit"
            )),
        }
    }

    /// `base` after the space-separated `moves`, and the moves, or the
    /// first error (then nothing is played).
    fn after_moves(base: &G, moves: &str) -> Result<(G, Vec<G::Move>), String> {
        let mut game = base.clone();
        let mut played = Vec::new();
        for text in moves.split_whitespace() {
            if game.outcome().is_some() {
                return Err(format!("cannot play `{text}`: the game is over"));
            }
            played.push(game.play_text(text)?);
        }
        Ok((game, played))
    }

    /// Shows the agent the moves played from `base`.
    fn agent_sees(&mut self, base: &G, moves: &[G::Move]) {
        let mut game = base.clone();
        for &mv in moves {
            self.agent.observe(&game, mv);
            game.play(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ngola_rules::kalah::Kalah;
    use ngola_rules::GameKind;

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
        serve::<Kalah>(&args, input.as_bytes(), &mut out).expect("engine runs");
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
