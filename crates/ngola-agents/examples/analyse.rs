//! Searches one position with alpha-beta or MCTS and prints what the search
//! found (best move, score, depth or simulations, principal variation).
//!
//! ```text
//! cargo run --release -p ngola-agents --example analyse -- GAME SPEC [POSITION TEXT] [--rule KEY=VALUE]...
//! cargo run --release -p ngola-agents --example analyse -- mangola alphabeta:depth=9
//! ```

#[path = "common/cli.rs"]
mod cli;

use ngola_agents::alphabeta::AlphaBeta;
use ngola_agents::mcts::Mcts;
use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{with_game, GameKind, RuleOptions, UnknownGame};

fn run<G: Evaluate>(
    rules: &[String],
    spec: &AgentSpec,
    position: Option<&str>,
) -> Result<(), String> {
    let rules = G::Rules::from_assignments(rules).map_err(|e| e.to_string())?;
    let game = match position {
        Some(text) => G::from_position(text, rules).map_err(|e| e.to_string())?,
        None => G::start(rules),
    };
    if game.outcome().is_some() {
        return Err("the game is over".into());
    }
    let start = std::time::Instant::now();
    match spec {
        AgentSpec::AlphaBeta(config) => {
            let info = AlphaBeta::<G>::new(config.clone()).search(&game);
            let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
            println!(
                "best {} score {} depth {} nodes {} time {:.3}s pv {}",
                info.best,
                info.score,
                info.depth,
                info.nodes,
                start.elapsed().as_secs_f64(),
                pv.join(" ")
            );
        }
        AgentSpec::Mcts(config) => {
            let info = Mcts::<G>::new(config.clone(), 1).search(&game);
            println!(
                "best {} value {:.3} proven {:?} sims {} tree {} time {:.3}s",
                info.best,
                info.value,
                info.proven,
                info.sims,
                info.tree_nodes,
                start.elapsed().as_secs_f64()
            );
        }
        _ => return Err("analyse takes an alphabeta or mcts spec".into()),
    }
    Ok(())
}

fn main() {
    let (rules, args) = cli::rules_and_args();
    let result = (|| -> Result<(), String> {
        let [game, spec, rest @ ..] = args.as_slice() else {
            return Err("usage: analyse GAME SPEC [POSITION TEXT] [--rule KEY=VALUE]...".into());
        };
        let kind: GameKind = game.parse().map_err(|e: UnknownGame| e.to_string())?;
        let spec = cli::spec(spec)?;
        let position = (!rest.is_empty()).then(|| rest.join(" "));
        with_game!(kind, G => run::<G>(&rules, &spec, position.as_deref()))
    })();
    cli::exit_on_error("analyse", result);
}
