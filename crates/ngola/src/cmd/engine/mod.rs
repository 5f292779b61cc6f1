//! `ngola engine <game> [--rule ...] [--position TEXT] --agent SPEC [--seed N]`:
//! an agent behind a line protocol on stdin/stdout, for match runners
//! (UGI, as cutegames speaks it), GUIs and scripts. The protocol, its
//! commands and answers, is [`ngola_ugi::server`]'s.

use std::io::{BufRead, BufWriter, Write};

use clap::Args;

use ngola_agents::{AgentSpec, Resources};
use ngola_rules::{with_game, GameKind};
use ngola_ugi::server::{Engine, ServeError, Session};

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
    resources: Resources,
) -> Result<Box<dyn Session>, CliError> {
    with_game!(kind, G => open_game::<G>(args, spec, seed, resources))
}

fn open_game<G: ngola_agents::Evaluate>(
    args: &EngineArgs,
    spec: &AgentSpec,
    seed: u64,
    resources: Resources,
) -> Result<Box<dyn Session>, CliError> {
    let cli_game = args.game.game.name() == G::NAME;
    let (rules, position) = if cli_game {
        (args.game.rules::<G>()?, args.game.position.clone())
    } else {
        (Default::default(), None)
    };
    let engine = Engine::<G>::new(spec.clone(), seed, rules, position, resources)
        .map_err(CliError::input)?;
    Ok(Box::new(engine))
}

fn serve(args: &EngineArgs, input: impl BufRead, output: impl Write) -> Result<(), CliError> {
    let resources = crate::host::resources();
    let first = open(args, args.game.game, &args.agent, args.seed, resources)?;
    let other = |kind, spec: &AgentSpec, seed, resources| {
        open(args, kind, spec, seed, resources).map_err(|e| e.message)
    };
    ngola_ugi::server::serve(first, other, input, output).map_err(|e| match e {
        ServeError::Input(e) => CliError::stdin(e),
        ServeError::Output(e) => CliError::stdout(e),
    })
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
